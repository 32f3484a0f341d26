// Post-build step of release builds (a hook in Trunk.toml): minifies wasm-bindgen's JS glue, which
// trunk's own minifier cannot parse, and gives index.html the new file's integrity hash. The
// worker's glue is a classic script that index.html does not name.

import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { minify } from 'terser';

if (process.env.TRUNK_PROFILE === 'release') {
  const staging = process.env.TRUNK_STAGING_DIR;
  const htmlPath = join(staging, basename(process.env.TRUNK_HTML_FILE));
  const integrity = (text) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
  let html = await readFile(htmlPath, 'utf8');
  for (const name of (await readdir(staging)).filter((file) => file.endsWith('.js'))) {
    const path = join(staging, name);
    const glue = await readFile(path, 'utf8');
    const named = html.includes(integrity(glue));
    if (!named && !name.startsWith('worker')) throw new Error(`${htmlPath} has no integrity hash for ${name}`);
    const { code } = await minify(glue, { module: named, compress: { passes: 2 } });
    html = html.replaceAll(integrity(glue), integrity(code));
    await writeFile(path, code);
  }
  await writeFile(htmlPath, html);
}
