// Post-build step (a hook in Trunk.toml, after the glue is minified and before the page gets its
// Content-Security-Policy): puts the game's first screen into the page's HTML, so that the board
// is painted with the HTML (which holds the style sheet), before the wasm has arrived.
//
// The screen is the app's own first render, not a copy of its markup: the built page is opened in
// headless Chromium as a first visit at phone size, and its <main> is taken as drawn (the parts
// hidden then, such as the Menu, the Solver panel and the dialogs, left out). A first visit
// always plays the first shipped puzzle of the default level, so this is exactly what a new
// player's wasm draws a moment later.
//
// Until then the screen is a picture: inert, and hidden from assistive technology but for the
// page's main landmark, marked busy, and its heading (with scripts off it stays a readable board).
// When the app mounts its own <main>, a small inline script removes the picture in the same task,
// once the picture has been on the screen (replaced before, its paint would count for nothing;
// the app stays hidden until then), so no frame shows both and nothing shifts. Taps and keys made
// on the picture are then replayed on the app, at the same place on the same layout. A returning
// player (a saved game) or a link plays another puzzle: the picture then leaves its digits,
// level, clock and message blank rather than flash the wrong ones.

import { createServer } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { minify } from 'terser';

const staging = process.env.TRUNK_STAGING_DIR;
const pageFile = join(staging, basename(process.env.TRUNK_HTML_FILE));
const SCREEN_ID = 'first-screen';

/** The inline script that follows the picture in the page. Keys: the app's (src/play.rs). */
function firstScreen() {
  const shot = document.getElementById('first-screen');
  // The page's landmark and heading stay, marked busy; all else is a picture.
  shot.setAttribute('aria-busy', 'true');
  for (const part of shot.querySelectorAll(':scope > :not(header), :scope > header > :not(h1)')) {
    part.inert = true;
    part.setAttribute('aria-hidden', 'true');
  }
  let firstVisit = false;
  try {
    firstVisit = !location.hash && localStorage.getItem('sudoku-game') === null
      && localStorage.getItem('sudoku-level') === null;
  } catch {
    // Storage refused: the app plays the first puzzle too, but say nothing that may be wrong.
  }
  if (!firstVisit) shot.classList.add('blank');
  const early = [];
  const keep = (event) => early.push(event);
  addEventListener('click', keep, true);
  addEventListener('keydown', keep, true);
  // The picture goes once it has been on the screen: replaced before, it would not count as the
  // page's first paint (nor its largest), and the app's would, later.
  let painted = !PerformanceObserver.supportedEntryTypes?.includes('paint');
  let app;
  const takeOver = () => {
    removeEventListener('click', keep, true);
    removeEventListener('keydown', keep, true);
    shot.remove();
    app.hidden = false;
    for (const event of early) {
      // A click made by a script or a key has no place: it is not replayed.
      if (event.type !== 'click') document.body.dispatchEvent(new KeyboardEvent('keydown', event));
      else if (event.detail) document.elementFromPoint(event.clientX, event.clientY)?.click();
    }
  };
  // Buffered: on a slow network the picture may be painted before this script has arrived.
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    painted = true;
    if (app) takeOver();
  }).observe({ type: 'paint', buffered: true });
  new MutationObserver((_, observer) => {
    app = [...document.body.children].find((child) => child.tagName === 'MAIN' && child !== shot);
    if (!app) return;
    observer.disconnect();
    if (painted) takeOver();
    else app.hidden = true;
  }).observe(document.body, { childList: true });
}

/** Serves the staging folder on a free port of 127.0.0.1. */
async function serve() {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css' };
  const server = createServer(async (request, response) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    const file = normalize(join(staging, path === '/' ? basename(pageFile) : path));
    try {
      if (!file.startsWith(staging)) throw new Error('outside the build');
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((ready) => server.listen(0, '127.0.0.1', ready));
  return server;
}

/** The app's <main> as a first visit draws it, its hidden parts left out. */
async function firstRender() {
  const server = await serve();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction((id) => {
      const main = [...document.querySelectorAll('main')].find((m) => m.id !== id);
      return main?.querySelectorAll('[role=gridcell]').length === 81 && !main.textContent.includes('Rating…');
    }, SCREEN_ID, { timeout: 20000 }).catch((error) => {
      throw new Error(`the app did not draw its board: ${errors.join('; ') || error.message}`);
    });
    if (errors.length) throw new Error(`the page failed: ${errors.join('; ')}`);
    return await page.evaluate((id) => {
      const shot = [...document.querySelectorAll('main')].find((m) => m.id !== id).cloneNode(true);
      for (const part of shot.querySelectorAll('[hidden], dialog:not([open])')) part.remove();
      // What draws nothing and names nothing until the app runs: empty digits and small digits,
      // the chain overlay, the places of the parts built later, tooltips, and states at their
      // defaults.
      for (const part of shot.querySelectorAll('.cell > span:empty, svg:empty, .place:empty')) part.remove();
      for (const name of ['title', 'aria-controls']) {
        for (const element of shot.querySelectorAll(`[${name}]`)) element.removeAttribute(name);
      }
      for (const name of ['aria-selected', 'aria-pressed', 'aria-expanded', 'aria-busy']) {
        for (const element of shot.querySelectorAll(`[${name}=false]`)) element.removeAttribute(name);
      }
      const comments = document.createTreeWalker(shot, NodeFilter.SHOW_COMMENT);
      const found = [];
      while (comments.nextNode()) found.push(comments.currentNode);
      for (const comment of found) comment.remove();
      // The clock as it starts, however long the page took to draw.
      const clock = shot.querySelector('[role=timer]');
      if (clock) clock.textContent = '0:00';
      shot.id = id;
      return shot.outerHTML;
    }, SCREEN_ID);
  } finally {
    await browser.close();
    server.close();
  }
}

let html = await readFile(pageFile, 'utf8');
const screen = await firstRender();
const { code } = await minify(`(${firstScreen})()`, { module: false, compress: { passes: 2 }, mangle: true });
const body = html.match(/<body[^>]*>/);
if (!body) throw new Error(`${pageFile}: no <body>`);
html = html.replace(body[0], `${body[0]}${screen}<script>${code}</script>`);
await writeFile(pageFile, html);
