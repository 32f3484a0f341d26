// Post-build step (a hook in Trunk.toml, after the glue is minified): writes the service worker,
// sw.js, with the list of every file of the build and a cache name made from their contents.
// After one visit the game then loads and plays with no network; a new build has another cache
// name, so the next visit installs it and drops the old cache.

import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

const staging = process.env.TRUNK_STAGING_DIR;
const worker = 'sw.js';

/** Every file under `folder`, as paths relative to the staging folder with `/` between parts. */
async function filesIn(folder) {
  const found = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...await filesIn(path));
    else found.push(relative(staging, path).split(sep).join('/'));
  }
  return found;
}

const files = (await filesIn(staging)).filter((name) => name !== worker).sort();
const hash = createHash('sha256');
for (const name of files) {
  hash.update(`${name}\n`);
  hash.update(await readFile(join(staging, name)));
}
const cache = `sudoku-${hash.digest('hex').slice(0, 16)}`;
// './' is the page as opened from its address; index.html is the same page by name.
const urls = ['./', ...files.map((name) => `./${name}`)];
// Files whose name does not carry trunk's hash of their contents (the page, the solver's worker
// and its loader, the manifest, the icons) keep their name from one build to the next: they are
// asked of the network first, so that a page of a new release never starts the cached worker of
// an older one, whose messages it could not read.
const hashed = /-[0-9a-f]{16}(_bg)?\.[a-z]+$/;
const fresh = ['./', ...files.filter((name) => !hashed.test(name)).map((name) => `./${name}`)];

const source = `// Written by tools/service-worker.mjs at build time: every file of this build, cached on install.
const CACHE = ${JSON.stringify(cache)};
const FILES = ${JSON.stringify(urls)};
const NETWORK_FIRST = new Set(${JSON.stringify(fresh)}.map((url) => new URL(url, self.location).href));

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

// The new build's cache replaces every older one.
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key.startsWith('sudoku-') && key !== CACHE)
      .map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

// The page and the other files without a hash in their name from the network while there is
// one, so a new release shows at once and whole, else from the cache; every file named by its
// contents' hash from the cache first.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(request, { ignoreSearch: true })
      .then((page) => page ?? caches.match('./'))));
    return;
  }
  if (NETWORK_FIRST.has(url.origin + url.pathname)) {
    event.respondWith(fetch(request).catch(() => caches.match(request)));
    return;
  }
  event.respondWith(caches.match(request).then((cached) => cached ?? fetch(request)));
});
`;
await writeFile(join(staging, worker), source);
