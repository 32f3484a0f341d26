// The board in the first HTML: the page's HTML draws the screen a first visit plays (the app's own
// first render, taken at build time by tools/first-screen.mjs), the app takes it over with nothing
// moved, taps made before are played, and a returning player never sees another game's digits.
// The wasm is held back by the test (a route that answers once released), so the page is looked
// at as a slow network would show it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible, readBoard, useProfiles } from './support.mjs';

const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

const withProfile = useProfiles();

/** Holds back the page's wasm in `context` until `release()` is called. */
async function holdWasm(context) {
  let release;
  const held = new Promise((done) => { release = done; });
  await context.route(/\/sudoku-app-[^/]*_bg\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Layout shifts and largest paints of the page, from its start. */
function watchPaints() {
  window.shifts = 0;
  window.largestPaints = [];
  new PerformanceObserver((list) => {
    for (const shift of list.getEntries()) window.shifts += shift.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    window.largestPaints.push(...list.getEntries().map((paint) => paint.startTime));
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/** Where each cell and button of `scope` is drawn, by name. */
function boxes(page, scope) {
  return page.evaluate((within) => Object.fromEntries(
    [...document.querySelectorAll(`${within} [role=gridcell], ${within} button`)]
      .filter((element) => element.checkVisibility())
      .map((element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        // A button by its word or digit, before what else it holds (a digit's count of what is left).
        return [element.getAttribute('aria-label') ?? element.firstChild?.textContent, [x, y, width, height].map(Math.round)];
      }),
  ), scope);
}

const cellNames = (page, scope) => page.evaluate((within) => [...document.querySelectorAll(`${within} [role=gridcell]`)]
  .map((cell) => cell.getAttribute('aria-label')), scope);

test('the first HTML draws the first visit\'s screen, which the app takes over in place, playing the taps made before', () => withProfile(async (open, context) => {
  const release = await holdWasm(context);
  const opening = open('', watchPaints);
  opening.catch(() => {});
  const page = await context.waitForEvent('page');
  await page.waitForSelector('#first-screen');
  // The picture: the whole board and the controls, drawn by the HTML and the CSS alone.
  const picture = await cellNames(page, '#first-screen');
  assert.equal(picture.length, 81);
  assert.ok(picture.some((name) => name.endsWith(', given')), 'the first puzzle\'s givens');
  assert.equal(await page.getByRole('gridcell').count(), 0, 'a picture only, hidden from assistive technology');
  await assertAccessible(page, 'on the first screen, before the wasm');
  const drawn = await boxes(page, '#first-screen');
  for (const name of ['Menu', 'Pause', 'Solver', 'Undo', 'Erase', 'Notes', 'Help', 'Check', 'Hint', '1', '9']) {
    assert.ok(drawn[name], `${name} is drawn`);
  }
  // The largest paint is reported once the frame is on the screen: with the HTML, the wasm held.
  await page.waitForFunction(() => window.largestPaints.length > 0);
  // A tap on an empty cell, then on 5: played once the app is there.
  const empty = picture.findIndex((name) => name.endsWith('empty'));
  const [cellX, cellY, cellWidth, cellHeight] = drawn[picture[empty]];
  await page.mouse.click(cellX + cellWidth / 2, cellY + cellHeight / 2);
  const [digitX, digitY, digitWidth, digitHeight] = drawn['5'];
  await page.mouse.click(digitX + digitWidth / 2, digitY + digitHeight / 2);
  release();
  await opening;
  await page.waitForFunction(() => !document.getElementById('first-screen'));
  assert.deepEqual(Object.values(await boxes(page, 'main')), Object.values(drawn), 'every cell and control where the picture drew it');
  assert.equal(await page.evaluate(() => window.shifts), 0, 'no layout shift');
  const board = await readBoard(page);
  assert.equal(board[empty].digit, 5, 'the taps made on the picture are played');
  // The 5 may repeat a given, whose name then says so.
  const names = (await cellNames(page, 'main')).map((name) => name.replace(/, conflict$/, ''));
  assert.deepEqual(names.filter((_, i) => i !== empty), picture.filter((_, i) => i !== empty), 'the puzzle the picture showed');
  await assertAccessible(page, 'once the app has taken over');
}, { serviceWorkers: 'block' }));

test('a returning player\'s first screen shows no digits until the app draws the saved game', () => withProfile(async (open, context) => {
  const first = await open(`#${EASY}`);
  await first.getByRole('gridcell', { name: /^row 1, column 3, / }).click();
  await first.keyboard.press('4');
  // The page writes the save just after the key: the visit closes only once it is there.
  await first.waitForFunction(() => localStorage.getItem('sudoku-game') !== null);
  const played = await readBoard(first);
  await first.close();
  const release = await holdWasm(context);
  const opening = open();
  opening.catch(() => {});
  const page = await context.waitForEvent('page');
  await page.waitForSelector('#first-screen');
  assert.equal(await page.locator('#first-screen').getAttribute('class'), 'app blank');
  const shown = await page.evaluate(() => [...document.querySelectorAll('#first-screen .value, #first-screen .level, #first-screen [role=timer]')]
    .filter((part) => getComputedStyle(part).visibility !== 'hidden').length);
  assert.equal(shown, 0, 'no digit, level or clock of another game');
  assert.equal(await page.getByRole('gridcell').count(), 0);
  await assertAccessible(page, 'on a returning player\'s first screen');
  release();
  await opening;
  assert.deepEqual(await readBoard(page), played, 'the saved game');
}, { serviceWorkers: 'block' }));

test('with scripts off, the first HTML is a readable board', () => withProfile(async (open) => {
  const page = await open();
  const names = await page.getByRole('grid', { name: 'Sudoku board' }).getByRole('gridcell')
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('aria-label')));
  assert.equal(names.length, 81);
  assert.ok(names.every((name) => /^row [1-9], column [1-9], (empty|[1-9], given)$/.test(name)), names.join('\n'));
  assert.equal(await page.getByRole('button', { name: 'Menu' }).count(), 1);
}, { javaScriptEnabled: false }));
