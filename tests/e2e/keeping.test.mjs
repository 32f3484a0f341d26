// Nothing lost: two tabs of the game (one keeps it, the other says so and offers to take over;
// no tab overwrites a newer save than the one it read), and a browser that refuses storage (the
// game plays on and says once that progress will not be kept). The page runs under its
// Content-Security-Policy throughout: a violation is a console error, which fails the test.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible, cellAt, readBoard, useProfiles } from './support.mjs';

const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const ELSEWHERE = 'This game is being played in another tab, which keeps it now: Take over to play it here';
const NOT_KEPT = 'This browser refuses to store the game, so progress will not be kept after this page closes';

const button = (page, name) => page.getByRole('button', { name, exact: true });
const status = (page) => page.getByRole('status');
const saved = (page) => page.evaluate(() => localStorage.getItem('sudoku-game'));

const withProfile = useProfiles();

/** Waits until the tab's worker has answered what a game read from the save asks (its solution,
 *  then its rating, answered in that order): each answer changes the game, which the tab saves. */
const answered = (page) => page.waitForFunction(() => !document.querySelector('.level').textContent.includes('Rating'));

async function enter(page, row, col, digit) {
  await cellAt(page, row, col).click();
  await page.keyboard.press(String(digit));
}

describe('two tabs', () => {
  test('the tab not being played says so, keeps nothing, and can take over', () => withProfile(async (open) => {
    const first = await open(`#${EASY}`);
    await enter(first, 1, 3, 4);
    // A second tab reads the save and keeps the game from now on.
    const second = await open(`#${EASY}`);
    assert.equal((await readBoard(second))[2].digit, 4, 'the second tab plays on from the save');
    await enter(second, 1, 4, 6);
    await answered(second);
    await first.waitForFunction((text) => document.querySelector('[role=status]').textContent === text, ELSEWHERE);
    assert.match(await status(first).textContent(), /another tab/);
    await assertAccessible(first, 'in the tab another keeps');
    // Nothing played in the first tab overwrites the newer save: it writes none. (The second
    // tab, which keeps the game, may write it again meanwhile, with its clock's time, at any
    // change of its game.)
    await first.evaluate(() => {
      const write = Storage.prototype.setItem;
      window.gameWrites = 0;
      Storage.prototype.setItem = function setItem(key, value) {
        if (key === 'sudoku-game') window.gameWrites += 1;
        return write.call(this, key, value);
      };
    });
    await first.keyboard.press('ArrowRight');
    await first.keyboard.press('9');
    assert.equal(await first.evaluate(() => window.gameWrites), 0, 'the newer save stays');
    assert.equal((await readBoard(first))[3].digit, 0, 'the key did nothing here');
    // Take over: the first tab plays the game as the second left it, and keeps it.
    await button(first, 'Take over').click();
    assert.equal((await readBoard(first))[3].digit, 6);
    assert.equal(await button(first, 'Take over').count(), 0);
    await enter(first, 1, 6, 8);
    assert.equal((await readBoard(first))[5].digit, 8);
    await second.waitForFunction((text) => document.querySelector('[role=status]').textContent === text, ELSEWHERE);
    // The second tab, told in turn, does not overwrite the first's save.
    await answered(first);
    const latest = await saved(first);
    await second.evaluate(() => dispatchEvent(new Event('visibilitychange')));
    assert.equal(await saved(second), latest);
    await first.reload();
    await first.getByRole('gridcell').nth(80).waitFor();
    const board = await readBoard(first);
    assert.deepEqual([board[2].digit, board[3].digit, board[5].digit], [4, 6, 8], 'every move kept');
  }));
});

describe('storage refused', () => {
  test('no storage at all: the game plays on and says once that progress will not be kept', () => withProfile(async (open) => {
    const page = await open(`#${EASY}`, () => {
      Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('refused', 'SecurityError'); } });
    });
    await page.waitForFunction((text) => document.querySelector('[role=status]').textContent === text, NOT_KEPT);
    await enter(page, 1, 3, 4);
    assert.equal((await readBoard(page))[2].digit, 4);
    assert.notEqual(await status(page).textContent(), NOT_KEPT, 'said once');
    await enter(page, 1, 4, 6);
    assert.notEqual(await status(page).textContent(), NOT_KEPT);
    await assertAccessible(page, 'without storage');
  }));

  test('a full storage: the game plays on and says once that progress will not be kept', () => withProfile(async (open) => {
    const page = await open(`#${EASY}`, () => {
      Storage.prototype.setItem = function refuse() { throw new DOMException('full', 'QuotaExceededError'); };
    });
    await page.waitForFunction((text) => document.querySelector('[role=status]').textContent === text, NOT_KEPT);
    await enter(page, 1, 3, 4);
    assert.equal((await readBoard(page))[2].digit, 4);
    assert.notEqual(await status(page).textContent(), NOT_KEPT, 'said once');
  }));
});

describe('a puzzle opened', () => {
  test('what is typed before the solver confirms the puzzle survives a reload', () => withProfile(async (open) => {
    // A solver that never answers on the first visit: the puzzle of the link waits for its word.
    const page = await open(`#${EASY}`, () => {
      if (sessionStorage.getItem('solver held')) return;
      sessionStorage.setItem('solver held', 'yes');
      window.Worker = class { postMessage() {} terminate() {} };
    });
    await enter(page, 1, 3, 4);
    await page.waitForFunction(() => localStorage.getItem('sudoku-game') !== null);
    assert.equal(await page.locator('.level').textContent(), 'Rating…', 'not confirmed yet');
    await page.reload();
    await page.getByRole('gridcell').nth(80).waitFor();
    await page.waitForFunction(() => !document.querySelector('.level').textContent.startsWith('Rating'));
    assert.equal((await readBoard(page))[2].digit, 4, 'the digit typed is kept');
    assert.equal(new URL(page.url()).hash, `#${EASY}`, 'the puzzle of the link, confirmed');
    await assertAccessible(page, 'after the reload');
  }));
});
