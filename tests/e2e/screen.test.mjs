// One screen on a phone, and reasons to come back: the layout at phone, landscape and desktop
// sizes (everything needed to play on the first screen, no scrolling, touch targets), the Menu and
// the Solver one press away, Erase, both ways of entering a digit, the Statistics and Settings
// dialogs, statistics after a solve and a reload, a solve with help, Show mistakes, the hint that
// reads the player's notes, and the daily puzzle on a fixed date, equal to `sudoku daily`.
// Driven through roles, accessible names and the contract classes; axe-core checks every state.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  assertAccessible, cellAt, chooseDaily, closeSolved, focusReturnsTo, openPanel, press, readBoard, root,
  solutions, useProfiles,
} from './support.mjs';

/** Solved by singles alone: rated Easy. */
const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

const button = (page, name) => page.getByRole('button', { name, exact: true });
const status = (page) => page.getByRole('status');
const hasClass = (name) => new RegExp(`(^|\\s)${name}(\\s|$)`);
const index = (cell) => (cell.row - 1) * 9 + cell.col - 1;

const SIZES = [
  { name: 'small phone', viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'phone held sideways', viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1366, height: 768 } },
];
const TOOLS = ['Undo', 'Erase', 'Notes', 'Help', 'Check', 'Hint'];

const withProfile = useProfiles();

/** A page of a fresh profile at `options` (a size, a fixed date), on `address` (the server's
 *  root by default); `run(page, open)` plays it. */
const withPage = (run, { address = '', ...options } = {}) => withProfile(
  async (open) => run(await open(address), open),
  options,
);

async function rated(page) {
  await page.waitForFunction(() => !document.querySelector('.level').textContent.includes('Rating'));
}

/** Types the solution into every empty cell. */
async function solveByHand(page) {
  const board = await readBoard(page);
  const [solution] = solutions(board);
  for (const cell of board.filter((c) => !c.digit)) {
    await cellAt(page, cell.row, cell.col).click();
    await page.keyboard.press(String(solution[index(cell)]));
  }
  await closeSolved(page);
}

/** The Statistics table as rows of cell texts, header first; the dialog is opened from the Menu. */
async function statistics(page) {
  await press(page, 'Statistics');
  const dialog = page.getByRole('dialog', { name: 'Statistics' });
  await dialog.waitFor();
  const table = dialog.getByRole('table', { name: 'Statistics' });
  return table.getByRole('row').evaluateAll((rows) => rows.map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)));
}

async function closeDialog(page) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

const inside = (box, viewport) => box && box.x >= 0 && box.y >= 0
  && box.x + box.width <= viewport.width + 0.5 && box.y + box.height <= viewport.height + 0.5;

describe('one screen', () => {
  for (const size of SIZES) {
    test(`${size.name} (${size.viewport.width}×${size.viewport.height}): the board, the digits and the tools on the first screen`, () => withPage(async (page) => {
      const { viewport } = size;
      const scroll = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]);
      assert.deepEqual(scroll, [viewport.width, viewport.height], 'nothing to scroll');
      const board = await page.getByRole('grid', { name: 'Sudoku board' }).boundingBox();
      assert.ok(inside(board, viewport), `the whole board: ${JSON.stringify(board)}`);
      const controls = [...'123456789', ...TOOLS];
      for (const name of controls) {
        const box = await button(page, name).boundingBox();
        assert.ok(inside(box, viewport), `${name} on the first screen: ${JSON.stringify(box)}`);
        if (viewport.height > viewport.width) {
          assert.ok(box.y >= board.y + board.height, `${name} below the board`);
        }
      }
      // Above the board (or beside it), one bar: the level, the clock with Pause, Menu, Solver.
      for (const part of [page.locator('.level'), page.getByRole('timer', { name: 'Time played' }),
        button(page, 'Pause'), button(page, 'Menu'), button(page, 'Solver')]) {
        const box = await part.boundingBox();
        assert.ok(inside(box, viewport), `${await part.textContent()} in view`);
        if (viewport.height > viewport.width) assert.ok(box.y + box.height <= board.y, 'above the board');
      }
      // Every target a thumb can reach is at least 44 px tall and 36 px wide.
      const small = await page.evaluate(() => [...document.querySelectorAll('button, summary, select, input')]
        .map((element) => ({ name: element.textContent.trim() || element.outerHTML, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.width < 36 || box.height < 44))
        .map(({ name, box }) => `${name}: ${box.width}×${box.height}`));
      assert.deepEqual(small, [], 'targets under 44×36 px');
      await assertAccessible(page, `at ${size.name} size`);
      // Either panel opened keeps the page from scrolling.
      for (const panel of ['Menu', 'Solver']) {
        await openPanel(page, panel);
        assert.deepEqual(await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]),
          [viewport.width, viewport.height], `${panel} open: nothing to scroll`);
        await assertAccessible(page, `with the ${panel} open at ${size.name} size`);
        await button(page, panel).click();
      }
    }, size));
  }

  test('the Menu and the Solver are one press away and say whether they are open', () => withPage(async (page) => {
    const menu = button(page, 'Menu');
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    for (const name of ['New game', 'Daily', 'Restart', 'Share', 'Open', 'Enter puzzle', 'Statistics', 'Settings']) {
      assert.equal(await button(page, name).count(), 0, `${name} hidden`);
    }
    await menu.click();
    assert.equal(await menu.getAttribute('aria-expanded'), 'true');
    for (const name of ['New game', 'Daily', 'Restart', 'Share', 'Open', 'Enter puzzle', 'Statistics', 'Settings']) {
      assert.equal(await button(page, name).count(), 1, name);
    }
    assert.equal(await page.getByRole('combobox', { name: 'Level' }).count(), 1);
    assert.equal(await page.locator('summary', { hasText: 'Paste' }).count(), 1);
    // Escape closes it and the focus goes back to its button.
    await button(page, 'Daily').focus();
    await page.keyboard.press('Escape');
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Menu');
    const solver = button(page, 'Solver');
    assert.equal(await solver.getAttribute('aria-expanded'), 'false');
    await solver.click();
    assert.equal(await solver.getAttribute('aria-expanded'), 'true');
    for (const name of ['Candidates', 'Fill notes', 'Step', 'Solve']) {
      assert.equal(await button(page, name).count(), 1, name);
    }
    assert.equal(await page.getByRole('slider', { name: 'Speed' }).count(), 1);
    assert.equal(await page.getByRole('list', { name: 'Step log' }).count(), 1);
    assert.equal(await page.locator('summary', { hasText: 'Techniques' }).count(), 1);
    await solver.click();
    assert.equal(await solver.getAttribute('aria-expanded'), 'false');
    // Each is built when first opened; closed and opened again, it still works.
    await solver.click();
    await button(page, 'Step').click();
    await page.getByRole('list', { name: 'Step log' }).getByRole('listitem').first().waitFor();
    assert.match(await status(page).textContent(), /\S/);
    await solver.click();
    await menu.click();
    await button(page, 'Settings').click();
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    await assertAccessible(page, 'Settings opened from the Menu opened a second time');
    await button(page, 'Close').click();
    await page.getByRole('dialog', { name: 'Settings' }).waitFor({ state: 'hidden' });
  }));
});

describe('playing', () => {
  test('Erase clears the entry, then the notes, each one change that Undo takes back', () => withPage(async (page) => {
    const cell = cellAt(page, 1, 3);
    await cell.click();
    await button(page, 'Notes').click();
    await page.keyboard.press('1');
    await page.keyboard.press('2');
    await button(page, 'Notes').click();
    await page.keyboard.press('4');
    assert.equal(await cell.getAttribute('aria-label'), 'row 1, column 3, 4');
    await button(page, 'Erase').click();
    assert.equal(await cell.getAttribute('aria-label'), 'row 1, column 3, empty, notes 1 2');
    await button(page, 'Erase').click();
    assert.equal(await cell.getAttribute('aria-label'), 'row 1, column 3, empty');
    await button(page, 'Undo').click();
    assert.equal(await cell.getAttribute('aria-label'), 'row 1, column 3, empty, notes 1 2');
    await page.keyboard.press('Backspace');
    assert.equal(await cell.getAttribute('aria-label'), 'row 1, column 3, empty');
  }, { address: `#${EASY}` }));

  test('both ways of entering: a cell then a digit, or a digit then cells', () => withPage(async (page) => {
    // Cell first: the digit goes into the selected cell, and nothing stays picked.
    await cellAt(page, 1, 3).tap();
    await button(page, '4').tap();
    assert.equal(await cellAt(page, 1, 3).getAttribute('aria-label'), 'row 1, column 3, 4');
    assert.equal(await button(page, '4').getAttribute('aria-pressed'), 'false');
    await cellAt(page, 1, 4).tap();
    await button(page, '6').tap();
    assert.equal(await cellAt(page, 1, 4).getAttribute('aria-label'), 'row 1, column 4, 6');
    // Digit first, from a given selected: the digit is picked, and each cell tapped gets it.
    await cellAt(page, 1, 1).tap();
    await button(page, '2').tap();
    assert.equal(await button(page, '2').getAttribute('aria-pressed'), 'true');
    await cellAt(page, 1, 9).tap();
    await cellAt(page, 2, 3).tap();
    assert.equal(await cellAt(page, 1, 9).getAttribute('aria-label'), 'row 1, column 9, 2');
    assert.equal(await cellAt(page, 2, 3).getAttribute('aria-label'), 'row 2, column 3, 2');
    // Released, the next digit is picked again rather than placed.
    await button(page, '2').tap();
    await button(page, '7').tap();
    assert.equal(await button(page, '7').getAttribute('aria-pressed'), 'true');
    assert.equal(await cellAt(page, 2, 3).getAttribute('aria-label'), 'row 2, column 3, 2');
  }, { address: `#${EASY}`, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }));

  test('Show mistakes marks wrong entries and counts those made while it is on; remembered', () => withPage(async (page) => {
    const [solution] = solutions(await readBoard(page));
    const wrong = solution[2] % 9 + 1;
    await cellAt(page, 1, 3).click();
    await page.keyboard.press(String(wrong));
    assert.doesNotMatch(await cellAt(page, 1, 3).getAttribute('class'), hasClass('wrong'), 'off by default');
    assert.equal(await page.getByText(/^Mistakes:/).count(), 0);
    await press(page, 'Settings');
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    const box = dialog.getByRole('checkbox', { name: 'Show mistakes' });
    assert.equal(await box.isChecked(), false);
    await assertAccessible(page, 'with Settings open');
    await box.check();
    await closeDialog(page);
    // The Menu closed when Settings opened: the focus goes back to its button.
    await focusReturnsTo(page, 'Menu', 'the focus back');
    // Marked once the worker has sent the solution, which a busy machine may not have yet.
    await page.waitForFunction(() => document.querySelectorAll('[role=gridcell]')[2].classList.contains('wrong'));
    assert.equal(await page.getByText(/^Mistakes: \d+$/).textContent(), 'Mistakes: 0', 'made before it was shown: not counted');
    // A right entry is not marked; a wrong one made now counts.
    await cellAt(page, 1, 4).click();
    await page.keyboard.press(String(solution[3]));
    assert.doesNotMatch(await cellAt(page, 1, 4).getAttribute('class'), hasClass('wrong|correct'));
    await page.keyboard.press(String(solution[3] % 9 + 1));
    assert.match(await cellAt(page, 1, 4).getAttribute('class'), hasClass('wrong'));
    assert.equal(await page.getByText(/^Mistakes: \d+$/).textContent(), 'Mistakes: 1');
    await page.reload();
    await page.getByRole('gridcell').nth(80).waitFor();
    // Marked again once the worker has sent the solution.
    await page.waitForFunction(() => document.querySelectorAll('[role=gridcell]')[2].classList.contains('wrong'));
    assert.match(await cellAt(page, 1, 3).getAttribute('class'), hasClass('wrong'), 'remembered');
    assert.equal(await page.getByText(/^Mistakes: \d+$/).textContent(), 'Mistakes: 1');
    await press(page, 'Settings');
    await page.getByRole('checkbox', { name: 'Show mistakes' }).uncheck();
    await closeDialog(page);
    assert.doesNotMatch(await cellAt(page, 1, 3).getAttribute('class'), hasClass('wrong'));
    assert.equal(await page.getByText(/^Mistakes:/).count(), 0);
  }, { address: `#${EASY}` }));

  test('Hint names notes that leave out the digit that belongs there, without giving it away', () => withPage(async (page) => {
    const [solution] = solutions(await readBoard(page));
    const answer = solution[2];
    const others = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => d !== answer).slice(0, 2);
    await cellAt(page, 1, 3).click();
    await button(page, 'Notes').click();
    for (const digit of others) await page.keyboard.press(String(digit));
    await button(page, 'Hint').click();
    assert.equal(await status(page).textContent(), 'Your notes in row 1, column 3 leave out a digit that belongs there');
    assert.match(await cellAt(page, 1, 3).getAttribute('class'), hasClass('hint'));
    await assertAccessible(page, 'after the notes hint');
    // With the answer among the notes, Hint teaches a step again: where to look, in plain words.
    await page.keyboard.press(String(answer));
    await button(page, 'Hint').click();
    await page.waitForFunction(() => !/^(Looking|Your notes)/.test(document.querySelector('[role=status]').textContent));
    const hint = await status(page).textContent();
    assert.match(hint, /^Look at (row|column|box) [1-9]/);
    assert.doesNotMatch(hint, /r\dc\d|<>|=>|=/, 'no notation');
  }, { address: `#${EASY}` }));
});

describe('statistics', () => {
  test('a solve counts in its level, the dialog shows it, and a reload keeps it', () => withPage(async (page) => {
    const empty = await statistics(page);
    assert.deepEqual(empty[0], ['Level', 'Played', 'Solved', 'Best', 'Average', 'Streak']);
    assert.deepEqual(empty.slice(1).map((row) => row[0]), ['Easy', 'Medium', 'Hard', 'Expert', 'Extreme', 'Daily']);
    assert.ok(empty.slice(1).every((row) => row.slice(1).join() === '0,0,–,–,0'));
    await assertAccessible(page, 'with Statistics open');
    await closeDialog(page);
    // The Menu closed when Statistics opened: the focus goes back to its button.
    await focusReturnsTo(page, 'Menu', 'the focus back');
    await rated(page);
    const [level] = (await page.locator('.level').textContent()).split(' · ');
    assert.equal(level, 'Easy');
    await solveByHand(page);
    const said = await status(page).textContent();
    const time = said.match(/^Solved! Easy puzzle in (\d+:\d\d)$/)?.[1];
    assert.ok(time, said);
    const row = (table) => table.find((cells) => cells[0] === 'Easy');
    assert.deepEqual(row(await statistics(page)), ['Easy', '1', '1', time, time, '1']);
    await closeDialog(page);
    await page.reload();
    await page.getByRole('gridcell').nth(80).waitFor();
    assert.deepEqual(row(await statistics(page)), ['Easy', '1', '1', time, time, '1'], 'kept through a reload');
    // Reset statistics asks first.
    await button(page, 'Reset statistics').click();
    await button(page, 'Keep').click();
    assert.deepEqual(row(await page.getByRole('table', { name: 'Statistics' }).getByRole('row').evaluateAll((rows) => rows.map((r) =>
      [...r.querySelectorAll('th, td')].map((c) => c.textContent)))), ['Easy', '1', '1', time, time, '1']);
    await button(page, 'Reset statistics').click();
    await assertAccessible(page, 'asked to reset the statistics');
    await button(page, 'Reset').click();
    const reset = await page.getByRole('table', { name: 'Statistics' }).getByRole('row').evaluateAll((rows) => rows.map((r) =>
      [...r.querySelectorAll('th, td')].map((c) => c.textContent)));
    assert.deepEqual(row(reset), ['Easy', '0', '0', '–', '–', '0']);
  }, { address: `#${EASY}` }));

  test('a game solved with help counts as played, not solved', () => withPage(async (page) => {
    await rated(page);
    await cellAt(page, 1, 3).click();
    await page.keyboard.press('4');
    await press(page, 'Step');
    await page.getByRole('list', { name: 'Step log' }).getByRole('listitem').first().waitFor();
    await solveByHand(page);
    assert.match(await status(page).textContent(), /^Solved!/);
    const table = await statistics(page);
    assert.deepEqual(table.find((cells) => cells[0] === 'Easy'), ['Easy', '1', '0', '–', '–', '0']);
  }, { address: `#${EASY}` }));

  test('unreadable statistics are kept aside and said so', () => withProfile(async (open) => {
    const fresh = await open('', () => localStorage.setItem('sudoku-statistics', 'not statistics'));
    assert.match(await status(fresh).textContent(), /^The statistics could not be read\. They are kept aside as "sudoku-statistics-unreadable"/);
    assert.equal(await fresh.evaluate(() => localStorage.getItem('sudoku-statistics-unreadable')), 'not statistics');
  }));
});

describe('the daily puzzle', () => {
  /** The `sudoku` command's line for `date`: the one `.ci/test` built (SUDOKU_CLI), else built now. */
  function daily(date) {
    const built = process.env.SUDOKU_CLI;
    const [command, args] = built
      ? [built, ['daily', date]]
      : ['cargo', ['run', '--release', '--quiet', '--package', 'sudoku-cli', '--bin', 'sudoku', '--', 'daily', date]];
    return execFileSync(command, args, { cwd: root, encoding: 'utf8' }).trim();
  }

  for (const [date, weekday] of [['2026-12-03', 'Thursday'], ['2026-12-06', 'Sunday']]) {
    test(`Daily on ${date} (a ${weekday}) plays the puzzle \`sudoku daily\` prints`, { timeout: 120000 }, () => withPage(async (page) => {
      const [line, level] = daily(date).split(' ');
      assert.match(line, /^[.1-9]{81}$/);
      await chooseDaily(page);
      await page.waitForFunction(() => document.querySelector('.level').textContent.startsWith('Daily'), null, { timeout: 100000 });
      const board = await readBoard(page);
      assert.equal(board.map((cell) => (cell.given ? cell.digit : '.')).join(''), line);
      const shown = await page.locator('.level').textContent();
      assert.match(shown, new RegExp(`^Daily · ${level[0].toUpperCase()}${level.slice(1)} · `));
      assert.match(await status(page).textContent(), new RegExp(`^The daily puzzle of ${date}, a ${weekday}`));
      await page.waitForFunction((shown) => location.hash === `#${shown}`, line); // its address is its link
      await assertAccessible(page, 'playing the daily puzzle');
      // Played, it counts in the Daily row.
      const empty = board.find((cell) => !cell.digit);
      await cellAt(page, empty.row, empty.col).click();
      await page.keyboard.press('1');
      const table = await statistics(page);
      assert.equal(table.find((cells) => cells[0] === 'Daily')[1], '1');
    }, { date: new Date(`${date}T10:30:00`) }));
  }
});
