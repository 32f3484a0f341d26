// Post-build step (a hook in Trunk.toml, after the glue is minified and before the service worker
// is written): gives the page its Content-Security-Policy, as a <meta http-equiv> since the page
// is served as static files. Everything comes from the page's own origin; the inline scripts
// (trunk's loader of the wasm, the crash notice's listener, the first screen's) and the inline
// style sheet are allowed by the hash of their final, minified text, so the hashes are worked out
// here, after trunk has written the page.

import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

const page = join(process.env.TRUNK_STAGING_DIR, basename(process.env.TRUNK_HTML_FILE));
let html = await readFile(page, 'utf8');

/** The hashes of the page's inline `tag` elements (those without a `src`), as CSP sources. */
function inlineHashes(tag) {
  const hashes = [...html.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))]
    .filter(([element]) => !/\ssrc=/.test(element.slice(0, element.indexOf('>'))))
    .map(([, body]) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  if (hashes.length === 0) throw new Error(`${page}: no inline ${tag} found`);
  return hashes.join(' ');
}

const policy = [
  "default-src 'self'",
  // The wasm modules are compiled from the page's own files.
  `script-src 'self' 'wasm-unsafe-eval' ${inlineHashes('script')}`,
  // The style sheet is in the page, so that the first screen is painted with the HTML.
  `style-src 'self' ${inlineHashes('style')}`,
  // A SudokuPad puzzle's background picture (`bgimage`) is on its setter's server, or in the puzzle.
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const meta = `<meta http-equiv=Content-Security-Policy content="${policy}">`;
// First in the head (after the charset), so that it covers every resource the page names.
html = html.replace(/<meta http-equiv=Content-Security-Policy [^>]*>/, '');
const charset = html.match(/<meta charset=[^>]*>/);
if (!charset) throw new Error(`${page}: no charset meta to put the policy after`);
html = html.replace(charset[0], `${charset[0]}${meta}`);
await writeFile(page, html);
