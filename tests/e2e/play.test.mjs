// Playing on: notes, Undo and Redo, a link to every puzzle, offline play, a finished digit, the
// clock and the save, in headless Chromium against the release build in dist/. Driven through
// roles, accessible names and the contract classes; axe-core checks every state visited, and no
// page error nor console error may occur.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertAccessible, cellAt, launchChromium, leaveThisGame, newGame, openPanel, press, readBoard, sameHouse, serveDist,
  solutions,
} from './support.mjs';

/** Solved by singles alone. */
const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
/** Another puzzle with one solution. */
const OTHER = '9..6....7.6..7..3...7...2..6..5.8..2..4...8..2..3.1..9..1...5...4..5..1.8....9..4';

const button = (page, name) => page.getByRole('button', { name, exact: true });
const status = (page) => page.getByRole('status');
const timer = (page) => page.getByRole('timer', { name: 'Time played' });
const hasClass = (name) => new RegExp(`(^|\\s)${name}(\\s|$)`);
const givensLine = (board) => board.map((cell) => (cell.given ? cell.digit : '.')).join('');
const index = (cell) => (cell.row - 1) * 9 + cell.col - 1;
const label = (cell, rest) => `row ${cell.row}, column ${cell.col}, ${rest}`;

/** The digits none of an empty cell's peers holds. */
function candidatesOf(board, cell) {
  const used = new Set(board.filter((other) => other !== cell && sameHouse(cell, other)).map((o) => o.digit));
  return [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((digit) => !used.has(digit));
}

async function statusIs(page, text) {
  await page.waitForFunction((t) => document.querySelector('[role=status]').textContent === t, text);
}

let server;
let browser;
before(async () => {
  server = await serveDist();
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** A browser profile of its own (storage, service worker, clipboard) for one test; `open`
 *  navigates a new page of it and waits for the board. Every page's errors are collected, and
 *  `close` fails the test if there were any. */
async function profile(options = {}) {
  const context = await browser.newContext(options);
  const errors = [];
  return {
    context,
    errors,
    async open(address = server.url) {
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      await page.goto(address);
      await page.getByRole('gridcell').nth(80).waitFor();
      return page;
    },
    async close() {
      await context.close();
      assert.deepEqual(errors, [], 'no errors on the page');
    },
  };
}

/** Runs `play(page)` on a fresh profile's first page. */
async function withPage(play, options) {
  const session = await profile(options);
  try {
    await play(await session.open(), session);
  } finally {
    await session.close();
  }
}

/** Opens `puzzle` by its link in a fresh profile. */
async function withPuzzle(puzzle, play, options) {
  const session = await profile(options);
  try {
    await play(await session.open(`${server.url}#${puzzle}`), session);
  } finally {
    await session.close();
  }
}

describe('notes', () => {
  test('Notes (or N) turns digits into notes of empty cells, named in ascending order', () => withPuzzle(EASY, async (page) => {
    const notes = button(page, 'Notes');
    assert.equal(await notes.getAttribute('aria-pressed'), 'false');
    await notes.click();
    assert.equal(await notes.getAttribute('aria-pressed'), 'true');
    const cell = cellAt(page, 1, 3);
    // A picked digit and a click notes it; released, a click selects the cell, and digits typed
    // are noted in it.
    await button(page, '9').click();
    await cell.click();
    assert.equal(await cell.getAttribute('aria-label'), 'row 1, column 3, empty, notes 9');
    await button(page, '9').click();
    await cell.click();
    await page.keyboard.press('4');
    await page.keyboard.press('1');
    assert.equal(await cell.getAttribute('aria-label'), 'row 1, column 3, empty, notes 1 4 9');
    await assertAccessible(page, 'with notes');
    // The same digit again takes the note off.
    await page.keyboard.press('4');
    assert.equal(await cell.getAttribute('aria-label'), 'row 1, column 3, empty, notes 1 9');
    // Where each figure is drawn: the box of its text (its span fills its ninth of the cell).
    const [one, nine] = await cell.locator('.note').evaluateAll((spans) => spans.map((s) => {
      const text = document.createRange();
      text.selectNodeContents(s);
      return [s.textContent, text.getBoundingClientRect()];
    }));
    const box = await cell.boundingBox();
    assert.deepEqual([one[0], nine[0]], ['1', '9']);
    // Each note in its own place, 1 top left to 9 bottom right.
    assert.ok(one[1].right < box.x + box.width / 3 && one[1].bottom < box.y + box.height / 3, 'the 1 top left');
    assert.ok(nine[1].left > box.x + box.width * 2 / 3 && nine[1].top > box.y + box.height * 2 / 3, 'the 9 bottom right');
    // N, in either case, turns Notes off and on.
    await page.keyboard.press('n');
    assert.equal(await notes.getAttribute('aria-pressed'), 'false');
    await page.keyboard.press('Shift+N');
    assert.equal(await notes.getAttribute('aria-pressed'), 'true');
    await page.keyboard.press('n');
    await page.keyboard.press('4');
    assert.equal(await cell.getAttribute('aria-label'), 'row 1, column 3, 4', 'Notes off: digits are placed');
  }));

  test('placing a digit takes it out of its 20 peers\' notes; notes win over Candidates', () => withPuzzle(EASY, async (page) => {
    await press(page, 'Fill notes');
    const filled = await readBoard(page);
    for (const cell of filled.filter((c) => !c.digit)) {
      assert.deepEqual(cell.notes, candidatesOf(filled, cell), `notes of r${cell.row}c${cell.col}`);
    }
    await press(page, 'Candidates');
    const noted = cellAt(page, 1, 3);
    assert.equal(await noted.locator('.cand').count(), 0, 'notes drawn, not candidates');
    assert.ok(await noted.locator('.note').count() > 0);
    await assertAccessible(page, 'with notes and candidates');
    // r1c3 holds 4: every peer loses its note 4, the other cells keep theirs.
    await noted.click();
    await page.keyboard.press('4');
    const after = await readBoard(page);
    const placed = after[2];
    for (const cell of after.filter((c) => !c.digit)) {
      const expected = filled[index(cell)].notes.filter((d) => d !== 4 || !sameHouse(cell, placed));
      assert.deepEqual(cell.notes, expected, `notes of r${cell.row}c${cell.col}`);
    }
    // A cell emptied of its notes draws its candidates again.
    const peer = after.find((c) => !c.digit && sameHouse(c, placed));
    await button(page, 'Notes').click();
    await cellAt(page, peer.row, peer.col).click();
    for (const digit of after[index(peer)].notes) {
      await page.keyboard.press(String(digit));
    }
    assert.match(await cellAt(page, peer.row, peer.col).getAttribute('aria-label'), new RegExp(`^${label(peer, 'empty')}, candidates( [1-9])+$`));
    assert.ok(await cellAt(page, peer.row, peer.col).locator('.cand').count() > 0);
    // Restart clears entries and notes, once the player agrees to leave them.
    await press(page, 'Restart');
    await leaveThisGame(page);
    const restarted = await readBoard(page);
    assert.equal(givensLine(restarted), EASY);
    assert.ok(restarted.every((cell) => cell.notes.length === 0 && (cell.given || !cell.digit)));
  }));
});

describe('Undo and Redo', () => {
  test('every change is one step back and forth; Ctrl+Z, Ctrl+Y and Ctrl+Shift+Z', () => withPuzzle(EASY, async (page) => {
    const undo = button(page, 'Undo');
    const redo = button(page, 'Redo');
    assert.ok(await undo.isDisabled() && await redo.isDisabled(), 'nothing to undo or redo');
    await assertAccessible(page, 'with Undo and Redo disabled');
    const states = [await readBoard(page)];
    // An entry, a note, Fill notes, a solver step and Restart.
    await cellAt(page, 1, 3).click();
    await page.keyboard.press('4');
    states.push(await readBoard(page));
    await button(page, 'Notes').click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('6');
    states.push(await readBoard(page));
    await button(page, 'Notes').click();
    await press(page, 'Fill notes');
    states.push(await readBoard(page));
    await press(page, 'Step');
    // The step comes from the worker.
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="Step log"] > li').length === 1);
    states.push(await readBoard(page));
    await press(page, 'Restart');
    await leaveThisGame(page);
    states.push(await readBoard(page));
    assert.ok(await redo.isDisabled());
    for (let back = states.length - 2; back >= 0; back--) {
      await undo.click();
      assert.deepEqual(await readBoard(page), states[back], `Undo to state ${back}`);
    }
    assert.ok(await undo.isDisabled(), 'back at the start');
    await assertAccessible(page, 'after Undo');
    // Redo by button and by both shortcuts, the letter in either case.
    await redo.click();
    assert.deepEqual(await readBoard(page), states[1]);
    await page.keyboard.press('Control+y');
    assert.deepEqual(await readBoard(page), states[2]);
    await page.keyboard.press('Control+Shift+Z');
    assert.deepEqual(await readBoard(page), states[3]);
    await page.keyboard.press('Control+Y');
    assert.deepEqual(await readBoard(page), states[4]);
    await page.keyboard.press('Control+z');
    assert.deepEqual(await readBoard(page), states[3]);
    await page.keyboard.press('Control+Z');
    assert.deepEqual(await readBoard(page), states[2]);
    assert.ok(!await redo.isDisabled());
    // A new change drops what Redo would have brought back.
    await cellAt(page, 9, 1).click();
    await page.keyboard.press('3');
    assert.ok(await redo.isDisabled(), 'Redo dropped');
    await page.keyboard.press('Control+y');
    assert.equal(await cellAt(page, 9, 1).getAttribute('aria-label'), 'row 9, column 1, 3');
  }));
});

describe('a link to every puzzle', () => {
  test('the address carries the givens, replaced (not pushed) on every new puzzle', () => withPage(async (page) => {
    const hash = () => page.evaluate(() => location.hash);
    assert.equal(await hash(), `#${givensLine(await readBoard(page))}`);
    const length = await page.evaluate(() => history.length);
    for (let round = 0; round < 2; round++) {
      const previous = await hash();
      await newGame(page);
      // The address follows the board in a task of its own.
      const line = givensLine(await readBoard(page));
      await page.waitForFunction((shown) => location.hash === `#${shown}`, line);
      assert.notEqual(await hash(), previous);
    }
    assert.equal(await page.evaluate(() => history.length), length, 'the Back button list did not grow');
    // An entry does not change the puzzle, nor the address.
    const before = await hash();
    const empty = (await readBoard(page)).find((cell) => !cell.digit);
    await cellAt(page, empty.row, empty.col).click();
    await page.keyboard.press('5');
    assert.equal(await hash(), before);
  }));

  test('opening a link plays its puzzle, or keeps the saved game if it is the same puzzle', async () => {
    const session = await profile();
    try {
      const first = await session.open(`${server.url}#${EASY}`);
      assert.equal(givensLine(await readBoard(first)), EASY);
      await assertAccessible(first, 'after opening a link');
      await cellAt(first, 1, 3).click();
      await first.keyboard.press('4');
      const played = await readBoard(first);
      await first.close();
      // The same puzzle's link: the progress stays.
      const again = await session.open(`${server.url}#${EASY}`);
      assert.deepEqual(await readBoard(again), played);
      // Another puzzle's link, opened while the page is open (hashchange).
      await again.evaluate((puzzle) => { location.hash = puzzle; }, OTHER);
      await statusIs(again, 'Opened the puzzle in the link');
      assert.equal(givensLine(await readBoard(again)), OTHER);
      assert.ok((await readBoard(again)).every((cell) => cell.given || !cell.digit), 'a fresh game');
    } finally {
      await session.close();
    }
  });

  test('a link that is not a puzzle with one solution is refused and the game stays', () => withPuzzle(EASY, async (page, session) => {
    await cellAt(page, 1, 3).click();
    await page.keyboard.press('4');
    const played = await readBoard(page);
    const bad = [
      [EASY.slice(1), 'Cannot open the puzzle in the link: found 80 cells, need 81'],
      [`1${'.'.repeat(80)}`, 'Cannot open the puzzle in the link: more than one solution'],
      [`55${EASY.slice(2)}`, /^Cannot open the puzzle in the link: /],
    ];
    for (const [fragment, message] of bad) {
      await page.evaluate((f) => { location.hash = f; }, fragment);
      await page.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('Cannot open'));
      const said = await status(page).textContent();
      if (typeof message === 'string') assert.equal(said, message);
      else assert.match(said, message);
      assert.deepEqual(await readBoard(page), played, 'the game stays, entries and all');
      await assertAccessible(page, 'after a bad link');
      // The address goes back to the puzzle played.
      await page.waitForFunction((line) => location.hash === `#${line}`, EASY);
      await cellAt(page, 9, 9).click();
    }
    // A reload keeps the same game.
    await page.reload();
    await page.getByRole('gridcell').nth(80).waitFor();
    assert.deepEqual(await readBoard(page), played);
    await page.close();
    // So does a bad link opened anew, once the worker has found the puzzle's two solutions.
    const opened = await session.open(`${server.url}#${bad[1][0]}`);
    await statusIs(opened, bad[1][1]);
    assert.deepEqual(await readBoard(opened), played);
    await opened.waitForFunction((line) => location.hash === `#${line}`, EASY);
  }));

  test('Share copies the address and says so', () => withPuzzle(EASY, async (page) => {
    await press(page, 'Share');
    await statusIs(page, 'Link copied');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${server.url}#${EASY}`);
    await assertAccessible(page, 'after Share');
  }, { permissions: ['clipboard-read', 'clipboard-write'] }));
});

describe('offline and installable', () => {
  test('a manifest names the app, its icons and colour, standalone', () => withPage(async (page) => {
    const href = await page.locator('link[rel=manifest]').getAttribute('href');
    const manifest = await page.evaluate((url) => fetch(url).then((r) => r.json()), href);
    assert.equal(manifest.name, 'Sudoku');
    assert.equal(manifest.display, 'standalone');
    assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/);
    for (const icon of manifest.icons) {
      const ok = await page.evaluate((url) => fetch(url).then((r) => r.ok), icon.src);
      assert.ok(ok, icon.src);
    }
    assert.ok(manifest.icons.some((icon) => icon.sizes === '512x512'));
  }));

  test('after one visit the game loads and plays with no network, New game included', async () => {
    // When the service worker is first asked for, and when the board is on the page (one clock).
    let workerAt;
    const own = await serveDist({
      rewrite: (path, body) => {
        if (path === '/sw.js') workerAt ??= Date.now();
        return body;
      },
    });
    const context = await browser.newContext();
    const errors = [];
    try {
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.querySelectorAll('[role=gridcell]').length < 81) return;
          observer.disconnect();
          window.boardAt = Date.now();
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(own.url);
      await page.getByRole('gridcell').nth(80).waitFor();
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const boardAt = await page.evaluate(() => window.boardAt);
      assert.ok(boardAt && workerAt >= boardAt, 'the service worker is fetched after the board shows');
      const cached = await page.evaluate(async () => {
        const names = await caches.keys();
        const cache = await caches.open(names[0]);
        return { names, urls: (await cache.keys()).map((r) => new URL(r.url).pathname) };
      });
      assert.equal(cached.names.length, 1);
      const { readdir } = await import('node:fs/promises');
      const { dist } = await import('./support.mjs');
      const files = (await readdir(dist)).filter((name) => name !== 'sw.js').map((name) => `/${name}`);
      assert.deepEqual(cached.urls.filter((u) => u !== '/').sort(), files.sort(), 'every file of dist cached');

      // The visit is over once the solver's worker has loaded and rated the puzzle (its own
      // downloads are not the service worker's; cut short, they would be a failed start).
      await page.waitForFunction(() => !document.querySelector('.level').textContent.startsWith('Rating'));
      await own.close();
      await page.reload();
      await page.getByRole('gridcell').nth(80).waitFor();
      const board = await readBoard(page);
      const empty = board.find((cell) => !cell.digit);
      await cellAt(page, empty.row, empty.col).click();
      await page.keyboard.press('7');
      assert.match(await cellAt(page, empty.row, empty.col).getAttribute('aria-label'), new RegExp(`^${label(empty, '7')}(, conflict)?$`));
      await press(page, 'New game');
      await leaveThisGame(page);
      await page.waitForFunction((line) => location.hash !== `#${line}`, givensLine(board));
      const fresh = await readBoard(page);
      assert.notEqual(givensLine(fresh), givensLine(board));
      assert.equal(solutions(fresh).length, 1);
      await assertAccessible(page, 'offline');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await own.close();
    }
  });

  test('a new release replaces the old cache on the next visit, and its page starts its own worker', async () => {
    let release = 'first';
    // Each release's worker loader says which release it is, on a channel the page listens to.
    const own = await serveDist({
      rewrite: (path, body) => {
        if (path === '/sw.js') {
          return Buffer.from(body.toString().replace(/const CACHE = "sudoku-/, `const CACHE = "sudoku-${release}-`));
        }
        if (path === '/worker_loader.js') {
          return Buffer.from(`new BroadcastChannel('release').postMessage(${JSON.stringify(release)});\n${body}`);
        }
        return body;
      },
    });
    const context = await browser.newContext();
    const errors = [];
    try {
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      await page.addInitScript(() => {
        window.workerReleases = [];
        new BroadcastChannel('release').onmessage = (event) => window.workerReleases.push(event.data);
      });
      await page.goto(own.url);
      await page.getByRole('gridcell').nth(80).waitFor();
      await page.evaluate(() => navigator.serviceWorker.ready);
      const names = () => page.evaluate(() => caches.keys());
      await page.waitForFunction(() => caches.keys().then((keys) => keys.length === 1));
      assert.match((await names())[0], /^sudoku-first-/);
      release = 'second';
      await page.reload();
      await page.getByRole('gridcell').nth(80).waitFor();
      await page.waitForFunction(() => caches.keys()
        .then((keys) => keys.length === 1 && keys[0].startsWith('sudoku-second-')));
      // The worker's files have no hash in their names: the first release's cached copies would
      // start a worker of that release under the second's page, which could not read its answers.
      await page.waitForFunction(() => window.workerReleases.length > 0);
      assert.deepEqual(await page.evaluate(() => window.workerReleases), ['second']);
      await press(page, 'Step');
      await page.getByRole('list', { name: 'Step log' }).getByRole('listitem').first().waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await own.close();
    }
  });
});

describe('a finished digit', () => {
  test('a digit placed nine times is marked complete, can still be picked, and loses the mark', () => withPuzzle(EASY, async (page) => {
    const board = await readBoard(page);
    const [solution] = solutions(board);
    const digit = 8;
    const eight = button(page, String(digit));
    const missing = board.filter((cell) => !cell.digit && solution[index(cell)] === digit);
    await eight.click();
    for (const cell of missing) {
      assert.doesNotMatch(await eight.getAttribute('class'), hasClass('complete'));
      await cellAt(page, cell.row, cell.col).click();
    }
    assert.match(await eight.getAttribute('class'), hasClass('complete'));
    assert.equal(await eight.getAttribute('aria-pressed'), 'true', 'still picked');
    await eight.click();
    assert.equal(await eight.getAttribute('aria-pressed'), 'false');
    await assertAccessible(page, 'with a complete digit');
    await eight.click();
    assert.equal(await eight.getAttribute('aria-pressed'), 'true', 'picked again');
    await cellAt(page, missing[0].row, missing[0].col).click({ button: 'right' });
    assert.doesNotMatch(await eight.getAttribute('class'), hasClass('complete'));
  }));
});

describe('the clock', () => {
  test('the time played runs, Pause stops it and hides the digits until Resume', () => withPage(async (page) => {
    const seconds = async () => {
      const [minutes, secs] = (await timer(page).textContent()).split(':').map(Number);
      return minutes * 60 + secs;
    };
    assert.match(await timer(page).textContent(), /^\d+:\d\d$/);
    const start = await seconds();
    await page.waitForFunction((s) => {
      const [m, t] = document.querySelector('[role=timer]').textContent.split(':').map(Number);
      return m * 60 + t > s;
    }, start, { timeout: 5000 });
    await button(page, 'Pause').click();
    const board = page.getByRole('grid', { name: 'Sudoku board' });
    assert.match(await board.getAttribute('class'), hasClass('paused'));
    const visibility = await page.locator('.cell.given .value').first().evaluate((v) => getComputedStyle(v).visibility);
    assert.equal(visibility, 'hidden', 'digits hidden');
    assert.equal(await status(page).textContent(), 'Paused: Resume shows the board again');
    await assertAccessible(page, 'paused');
    const paused = await seconds();
    await page.waitForTimeout(1500);
    assert.equal(await seconds(), paused, 'the clock stands still');
    await button(page, 'Resume').click();
    assert.doesNotMatch(await board.getAttribute('class'), hasClass('paused'));
    await page.waitForFunction((s) => {
      const [m, t] = document.querySelector('[role=timer]').textContent.split(':').map(Number);
      return m * 60 + t > s;
    }, paused, { timeout: 5000 });
  }));

  test('a page in the background stops the clock', () => withPage(async (page) => {
    const setHidden = (hidden) => page.evaluate((h) => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    }, hidden);
    await setHidden(true);
    const stopped = await timer(page).textContent();
    await page.waitForTimeout(2200);
    assert.equal(await timer(page).textContent(), stopped);
    await setHidden(false);
    await page.waitForFunction((t) => document.querySelector('[role=timer]').textContent !== t, stopped, { timeout: 5000 });
  }));
});

describe('the save', () => {
  test('a reload restores entries, notes, Redo, the choices and the clock', () => withPuzzle(EASY, async (page) => {
    await cellAt(page, 1, 3).click();
    await page.keyboard.press('4');
    await button(page, 'Notes').click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('2');
    await page.keyboard.press('6');
    await cellAt(page, 9, 1).click();
    await page.keyboard.press('1');
    await button(page, 'Undo').click();
    await press(page, 'Candidates');
    const played = await readBoard(page);
    assert.deepEqual(played[3].notes, [2, 6]);
    await page.waitForTimeout(1100);
    const time = await timer(page).textContent();
    assert.notEqual(time, '0:00');

    await page.reload();
    await page.getByRole('gridcell').nth(80).waitFor();
    assert.deepEqual(await readBoard(page), played);
    assert.equal(await button(page, 'Notes').getAttribute('aria-pressed'), 'true');
    await openPanel(page, 'Solver');
    assert.equal(await button(page, 'Candidates').getAttribute('aria-pressed'), 'true');
    assert.ok(await timer(page).textContent() >= time, 'the clock goes on from the time played');
    await assertAccessible(page, 'after a reload');
    const redo = button(page, 'Redo');
    assert.ok(!await redo.isDisabled(), 'Redo survives the reload');
    await redo.click();
    assert.deepEqual((await readBoard(page))[72].notes, [1]);
    await button(page, 'Undo').click();
    await button(page, 'Undo').click();
    await button(page, 'Undo').click();
    assert.equal((await readBoard(page))[3].notes.length, 0);
  }));

  test('a save that does not read is put aside, said so, and a fresh game starts', () => withPuzzle(EASY, async (first, session) => {
    await first.close();
    for (const [saved, why] of [
      ['garbage', 'it is damaged'],
      [`sudoku-game 1 ${EASY} ${EASY}`, 'it was saved by an earlier version of the game'],
    ]) {
      // The save replaced before the page starts: a page closing would save its game again.
      const page = await session.context.newPage();
      page.on('pageerror', (error) => session.errors.push(error.message));
      await page.addInitScript((text) => localStorage.setItem('sudoku-game', text), saved);
      await page.goto(server.url);
      await page.getByRole('gridcell').nth(80).waitFor();
      // The first screen's HTML has the cells and its own message before the app takes over:
      // the app's message comes after them.
      const said = `The saved game could not be read: ${why}. It is kept aside as "sudoku-game-unreadable" in this browser's storage; here is a new game.`;
      await page.waitForFunction((text) => document.querySelector('[role=status]').textContent === text, said);
      assert.equal(await page.evaluate(() => localStorage.getItem('sudoku-game-unreadable')), saved);
      const board = await readBoard(page);
      assert.notEqual(givensLine(board), EASY);
      assert.equal(solutions(board).length, 1, 'a fresh puzzle');
      assert.match(await page.evaluate(() => localStorage.getItem('sudoku-game')), /^sudoku-game 11 /, 'the new game saved');
      await assertAccessible(page, 'after an unreadable save');
      await page.close();
    }
  }));
});
