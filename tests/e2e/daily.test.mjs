// The daily puzzles on a calendar, on a fixed clock: Daily opens "Daily puzzles", a month at a
// time up to today, any earlier day playable (its own puzzle, the one `sudoku daily` prints),
// each solved day marked for the eye and described for a screen reader, keys moving as the
// WAI-ARIA grid pattern says; the streak counts days solved on their own day, not caught up.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  assertAccessible, cellAt, chooseDaily, closeSolved, press, readBoard, root, solutions, useProfiles,
} from './support.mjs';

const withProfile = useProfiles();
const TODAY = '2026-11-29';
const calendar = (page) => page.getByRole('grid', { name: 'Daily puzzles' });
const dialog = (page) => page.getByRole('dialog', { name: 'Daily puzzles' });
const dayButton = (page, day) => calendar(page).getByRole('button', { name: String(day), exact: true });
const button = (page, name) => page.getByRole('button', { name, exact: true });
const status = (page) => page.getByRole('status');

/** The `sudoku` command's puzzle for `date`: the one `.ci/test` built (SUDOKU_CLI), else built now. */
function dailyLine(date) {
  const built = process.env.SUDOKU_CLI;
  const [command, args] = built
    ? [built, ['daily', date]]
    : ['cargo', ['run', '--release', '--quiet', '--package', 'sudoku-cli', '--bin', 'sudoku', '--', 'daily', date]];
  return execFileSync(command, args, { cwd: root, encoding: 'utf8' }).trim().split(' ')[0];
}

/** The calendar's days as a screen reader hears them, from Chromium's accessibility tree: each
 *  button's name and description, in order. */
async function heardDays(page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Accessibility.enable');
  const { nodes } = await session.send('Accessibility.getFullAXTree');
  await session.detach();
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const grid = nodes.find((node) => node.role?.value === 'grid' && node.name?.value === 'Daily puzzles');
  assert.ok(grid, 'a grid named Daily puzzles');
  const days = [];
  const walk = (node) => {
    if (node.role?.value === 'button') days.push({ name: node.name?.value, description: node.description?.value ?? '' });
    for (const id of node.childIds ?? []) walk(byId.get(id));
  };
  walk(grid);
  return { month: grid.description?.value, days };
}

/** The daily puzzle being played, solved by typing its solution; the Solved dialog closed. */
async function solveByHand(page) {
  const board = await readBoard(page);
  const [solution] = solutions(board);
  for (const cell of board.filter((c) => !c.digit)) {
    await cellAt(page, cell.row, cell.col).click();
    await page.keyboard.press(String(solution[(cell.row - 1) * 9 + cell.col - 1]));
  }
  await closeSolved(page);
}

async function dailyStatistics(page) {
  await press(page, 'Statistics');
  const table = page.getByRole('table', { name: 'Statistics' });
  await table.waitFor();
  const row = await table.getByRole('row', { name: /^Daily/ }).evaluate((tr) => [...tr.cells].map((cell) => cell.textContent));
  await page.keyboard.press('Escape');
  return row;
}

describe('Daily puzzles', () => {
  test('a calendar of the days up to today, moved through by keys, any day playable', { timeout: 180000 }, () => withProfile(async (open) => {
    const page = await open();
    await press(page, 'Daily');
    await dialog(page).waitFor();
    const heard = await heardDays(page);
    assert.equal(heard.month, 'November 2026');
    assert.deepEqual(heard.days.map((day) => day.name), Array.from({ length: 29 }, (_, i) => String(i + 1)), 'the 1st to today, not the 30th');
    assert.ok(heard.days.every((day) => day.description === ''), 'nothing solved yet');
    assert.equal(await calendar(page).locator('[aria-current=date]').textContent(), '29');
    assert.equal(await page.evaluate(() => document.activeElement.textContent), '29', 'today has the focus');
    assert.ok(await button(page, 'Next month').isDisabled(), 'no month after today');
    await assertAccessible(page, 'the calendar open');
    await page.screenshot({ path: 'tests/e2e/artifacts/daily-calendar.png' });

    // Keys: a day, a week, the week's first day, a month; never past today.
    const focused = () => page.evaluate(() => document.activeElement.getAttribute('value'));
    for (const [key, date] of [['ArrowRight', '2026-11-29'], ['ArrowLeft', '2026-11-28'], ['ArrowUp', '2026-11-21'],
      ['Home', '2026-11-16'], ['End', '2026-11-22'], ['ArrowDown', '2026-11-29'], ['PageUp', '2026-10-29']]) {
      await page.keyboard.press(key);
      assert.equal(await focused(), date, key);
    }
    assert.equal((await heardDays(page)).month, 'October 2026');
    assert.equal((await heardDays(page)).days.length, 31);
    await button(page, 'Previous month').click();
    assert.equal((await heardDays(page)).month, 'September 2026');
    await button(page, 'Next month').click();
    await button(page, 'Next month').click();
    assert.equal((await heardDays(page)).month, 'November 2026');

    // An earlier day plays its own puzzle, as `sudoku daily` prints it.
    await dayButton(page, 3).click();
    await page.waitForFunction(() => document.querySelector('.level').textContent.startsWith('Daily'));
    assert.match(await status(page).textContent(), /^The daily puzzle of 2026-11-03, a Tuesday/);
    const board = await readBoard(page);
    assert.equal(board.map((cell) => (cell.given ? cell.digit : '.')).join(''), dailyLine('2026-11-03'));
  }, { date: new Date(`${TODAY}T10:30:00`), viewport: { width: 360, height: 640 } }));

  test('solved days are marked; the streak counts the days solved on their day', { timeout: 300000 }, () => withProfile(async (open) => {
    const page = await open();
    // A day caught up: solved, marked, counted in the Daily row, but no streak.
    await chooseDaily(page, { day: 27 });
    await page.waitForFunction(() => /^The daily puzzle of 2026-11-27/.test(document.querySelector('[role=status]').textContent));
    await solveByHand(page);
    let row = await dailyStatistics(page);
    assert.deepEqual([row[1], row[2], row[5]], ['1', '1', '0'], 'played, solved, no streak');
    await press(page, 'Daily');
    await dialog(page).waitFor();
    let days = (await heardDays(page)).days;
    assert.deepEqual(days.filter((day) => day.description === 'solved').map((day) => day.name), ['27']);
    assert.equal(await dayButton(page, 27).getAttribute('class'), 'solved');
    assert.match(await dialog(page).locator('#daily-streak').textContent(), /^Streak: 0 days/);
    await assertAccessible(page, 'the calendar with a day solved');

    // Today's, solved today: the streak begins.
    await calendar(page).locator('[aria-current=date]').click();
    await page.waitForFunction(() => /^The daily puzzle of 2026-11-29/.test(document.querySelector('[role=status]').textContent));
    await solveByHand(page);
    row = await dailyStatistics(page);
    assert.deepEqual([row[1], row[2], row[5]], ['2', '2', '1']);
    await press(page, 'Daily');
    await dialog(page).waitFor();
    days = (await heardDays(page)).days;
    assert.deepEqual(days.filter((day) => day.description === 'solved').map((day) => day.name), ['27', '29']);
    assert.match(await dialog(page).locator('#daily-streak').textContent(), /^Streak: 1 day in a row/);
    await page.screenshot({ path: 'tests/e2e/artifacts/daily-solved.png' });
    // The day being played is played on, without a question.
    await dayButton(page, 29).click();
    assert.match(await status(page).textContent(), /^This is the daily puzzle of 2026-11-29: play on/);
  }, { date: new Date(`${TODAY}T10:30:00`), viewport: { width: 390, height: 844 } }));
});
