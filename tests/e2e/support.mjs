// Shared by the end-to-end tests: a static server for dist/, headless Chromium, and reading the
// board back from the cells' accessible names (the page's public contract).

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { after, before } from 'node:test';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const root = resolve(fileURLToPath(import.meta.url), '../../..');
export const dist = join(root, 'dist');
export const artifacts = join(root, 'tests/e2e/artifacts');

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

/** Serves `dist/` on 127.0.0.1 at a free port; `close()` stops it. `rewrite(path, body)`, if
 *  given, may serve other bytes for a file (a new release, say). */
export async function serveDist({ rewrite = (path, body) => body } = {}) {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    const file = normalize(join(dist, path === '/' ? 'index.html' : path));
    try {
      if (!file.startsWith(dist)) throw new Error('outside dist');
      const body = rewrite(path, await readFile(file));
      response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    // Open connections too: a stopped server must refuse the page's next request at once.
    close: () => new Promise((done) => {
      server.close(done);
      server.closeAllConnections();
    }),
  };
}

const axeSource = readFile(join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** Fails with the rules broken and where, if axe-core finds accessibility violations on the page
 *  as it is now; `state` names it in the message. */
export async function assertAccessible(page, state) {
  // Evaluated rather than added as a script tag: the page's Content-Security-Policy allows no
  // inline script but its own.
  if (!await page.evaluate(() => 'axe' in window)) {
    await page.evaluate(await axeSource);
  }
  const violations = await page.evaluate(async () => {
    // A cell's name spells out its small digits ("notes 1 4 9") that it draws without spaces, so
    // its visible text is never part of its name: that rule does not fit a grid cell.
    const rules = { 'label-content-name-mismatch': { enabled: false } };
    const { violations } = await window.axe.run(document, { resultTypes: ['violations'], rules });
    return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')})`);
  });
  assert.deepEqual(violations, [], `accessibility violations ${state}`);
}

/** Debian's Chromium, headless, kept off the network it cannot reach. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Opens the game and waits for the board; page errors and console errors are collected. */
export async function openGame(browser, url, options = {}) {
  const page = await browser.newPage(options);
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(url);
  await page.getByRole('gridcell').nth(80).waitFor();
  return { page, errors };
}

const cellName = /^row ([1-9]), column ([1-9]), (empty|[1-9])(, given)?(?:, cage(?: ([0-9]+))? of ([1-9]) cells?)?(?:, colour ([1-9]))?(?:, notes((?: [1-9])+))?(?:, candidates(?: [1-9])+)?(?:, conflict)?(?:, (?:wrong|right))?(?:, .+)?$/;

/** The board as 81 cells in reading order: `{ row, col, digit, given, notes, cage }`, rows and
 *  columns 1-based, `digit` 0 for empty, `notes` the player's notes in ascending order, `cage`
 *  `{ sum, size }` for a cell of a Killer's cage (sum 0: none), `colour` 1–9 for a painted cell;
 *  read from the accessible names alone. */
export async function readBoard(page) {
  const names = await page.getByRole('grid', { name: 'Sudoku board' }).getByRole('gridcell')
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('aria-label')));
  return names.map((name, index) => {
    const match = cellName.exec(name);
    if (!match) throw new Error(`cell ${index}: unexpected name ${JSON.stringify(name)}`);
    // What the name says beyond the cell's state (a conflict, Check's verdict, the rules' marks,
    // which come with the worker's checks a moment after the puzzle) is not part of the board.
    const [, row, col, digit, given, sum, size, colour, notes] = match;
    const cell = {
      row: +row, col: +col, digit: digit === 'empty' ? 0 : +digit, given: !!given,
      notes: notes ? notes.trim().split(' ').map(Number) : [],
    };
    if (size) cell.cage = { sum: +(sum ?? 0), size: +size };
    if (colour) cell.colour = +colour;
    if (cell.row !== Math.floor(index / 9) + 1 || cell.col !== index % 9 + 1) {
      throw new Error(`cell ${index} is named ${name}`);
    }
    return cell;
  });
}

/** The controls that are not on the first screen, by the button that shows them. */
const panels = {
  Menu: ['New game', 'Level', 'Variant', 'Daily', 'Restart', 'Share', 'Open', 'Paste', 'Load', 'Enter puzzle', 'Statistics', 'Settings'],
  Solver: ['Candidates', 'Fill notes', 'Step', 'Solve', 'Stop', 'Speed', 'Solve by search', 'Read row', 'Read column',
    'Read box', 'Missing', 'Where is', 'Next empty', 'Previous empty', 'Where am I', 'Repeat', 'Step log', 'Techniques'],
};

/** Opens the panel named `name` ("Menu" or "Solver") unless it is open. */
/** Waits until the focus is on the element whose text is `text` (a dialog gives it back on its
 *  `close` event, which comes a task after the dialog is hidden), failing with `why`. */
export async function focusReturnsTo(page, text, why) {
  const on = () => page.evaluate(() => document.activeElement.textContent.trim());
  try {
    await page.waitForFunction((t) => document.activeElement.textContent.trim() === t, text, { timeout: 2000 });
  } catch {
    assert.equal(await on(), text, why);
  }
}

export async function openPanel(page, name) {
  const button = page.getByRole('button', { name, exact: true });
  if (await button.getAttribute('aria-expanded') !== 'true') await button.click();
}

/** Clicks the button named `name`, first opening the panel that holds it if it is one of those. */
export async function press(page, name) {
  const panel = Object.keys(panels).find((key) => panels[key].includes(name));
  if (panel) await openPanel(page, panel);
  await page.getByRole('button', { name, exact: true }).click();
}

/** Answers "Leave this game?" with Leave; the question must be asked (the game has entries or
 *  notes to lose). */
export async function leaveThisGame(page) {
  const dialog = page.getByRole('dialog', { name: 'Leave this game?' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Leave', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Presses New game and waits for the worker's puzzle to be on the board; `leaving`: the game
 *  played has progress, so the question comes first and is answered Leave. */
export async function newGame(page, { leaving = false } = {}) {
  // The address names the puzzle played: it changes once the new one is on the board. (The
  // status alone cannot tell: it may not say "Making a new…" yet when the wait begins.)
  const before = await page.evaluate(() => location.hash);
  await press(page, 'New game');
  if (leaving) await leaveThisGame(page);
  await page.waitForFunction((hash) => location.hash !== hash
    && !document.querySelector('[role=status]').textContent.startsWith('Making a new'), before);
}

/** Menu, Daily, then a day of the calendar "Daily puzzles": `day`, a number of the month it
 *  shows first (today's), or today. */
export async function chooseDaily(page, { day } = {}) {
  await press(page, 'Daily');
  const calendar = page.getByRole('grid', { name: 'Daily puzzles' });
  await calendar.waitFor();
  const chosen = day === undefined
    ? calendar.locator('[aria-current=date]')
    : calendar.getByRole('button', { name: String(day), exact: true });
  await chosen.click();
}

/** The Solved dialog a solve opens a moment later: waits for it and closes it with Close,
 *  returning what it said. */
export async function closeSolved(page) {
  const dialog = page.getByRole('dialog', { name: 'Solved' });
  await dialog.waitFor();
  const report = await dialog.locator('#solved-report').textContent();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return report;
}

/** The cell at 1-based `row`, `col`, by its role and accessible name. */
export function cellAt(page, row, col) {
  return page.getByRole('gridcell', { name: new RegExp(`^row ${row}, column ${col}, `) });
}

export const boxOf = (cell) => Math.floor((cell.row - 1) / 3) * 3 + Math.floor((cell.col - 1) / 3);

export function sameHouse(a, b) {
  return a.row === b.row || a.col === b.col || boxOf(a) === boxOf(b);
}

/** Whether `digit` may go in `cell`: no equal digit in its row, column or box. */
export function isLegal(board, cell, digit) {
  return board.every((other) => other === cell || other.digit !== digit || !sameHouse(cell, other));
}

/** Pairs of cells holding the same digit in one house. */
export function conflicts(board) {
  const pairs = [];
  board.forEach((a, i) => board.slice(i + 1).forEach((b) => {
    if (a.digit && a.digit === b.digit && sameHouse(a, b)) pairs.push([a, b]);
  }));
  return pairs;
}

/** Solutions of the board's digits, up to `limit` (2 checks uniqueness): backtracking on the
 *  empty cell with the fewest candidates. Returns arrays of 81 digits. */
export function solutions(board, limit = 2) {
  const digits = board.map((cell) => cell.digit);
  const peers = board.map((cell) => board.flatMap((other, j) => (other !== cell && sameHouse(cell, other) ? [j] : [])));
  const found = [];
  const search = () => {
    let best = -1;
    let bestCandidates = [];
    for (let index = 0; index < 81; index++) {
      if (digits[index]) continue;
      const used = new Set(peers[index].map((j) => digits[j]));
      const candidates = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((digit) => !used.has(digit));
      if (best < 0 || candidates.length < bestCandidates.length) [best, bestCandidates] = [index, candidates];
      if (candidates.length < 2) break;
    }
    if (best < 0) return found.push([...digits]);
    for (const digit of bestCandidates) {
      if (found.length >= limit) return;
      digits[best] = digit;
      search();
    }
    digits[best] = 0;
  };
  search();
  return found;
}

/** For a test file: serves dist/ and starts Chromium once, before its tests; the two are in the
 *  returned object's `server` and `browser` once started. */
function useBrowser() {
  const shared = {};
  before(async () => {
    shared.server = await serveDist();
    shared.browser = await launchChromium();
  });
  after(async () => {
    await shared.browser?.close();
    await shared.server?.close();
  });
  return shared;
}

/** For a test file: serves dist/ and starts Chromium once, and returns `withGame(run)`, which
 *  opens a fresh game per test, checks with axe-core the state the test ends in and that the
 *  console stayed free of errors, and closes the page. */
export function useGames() {
  const shared = useBrowser();
  return async function withGame(run) {
    const { page, errors } = await openGame(shared.browser, shared.server.url);
    try {
      await run(page);
      await assertAccessible(page, 'at the end of the test');
      assert.deepEqual(errors, [], 'no errors in the console');
    } finally {
      await page.close();
    }
  };
}

/** For a test file: serves dist/ and starts Chromium once, and returns `withProfile(run,
 *  options)`, which gives `run` a browser profile of its own (`options`: a size, a fixed `date`)
 *  as `open(address, init)`, opening a page of it at the server's `address` (`init` run before
 *  the page's scripts) and waiting for the board, and the context itself. An error on any of its
 *  pages, or in their consoles, fails the test. */
export function useProfiles() {
  const shared = useBrowser();
  return async function withProfile(run, { date, ...options } = {}) {
    const context = await shared.browser.newContext(options);
    if (date) await context.clock.setFixedTime(date);
    const errors = [];
    const open = async (address = '', init = undefined) => {
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      if (init) await page.addInitScript(init);
      await page.goto(`${shared.server.url}${address}`);
      await page.getByRole('gridcell').nth(80).waitFor();
      return page;
    };
    try {
      await run(open, context);
      assert.deepEqual(errors, [], 'no errors on the pages');
    } finally {
      await context.close();
    }
  };
}

/** The `sudoku` command (the one `.ci/test` built, SUDOKU_CLI, else built now) on `args`, with
 *  `input` on its standard input; what it prints, trimmed. */
export function sudoku(args, input) {
  const built = process.env.SUDOKU_CLI;
  const [command, all] = built
    ? [built, args]
    : ['cargo', ['run', '--release', '--quiet', '--package', 'sudoku-cli', '--bin', 'sudoku', '--', ...args]];
  return execFileSync(command, all, { cwd: root, input, encoding: 'utf8' }).trim();
}
