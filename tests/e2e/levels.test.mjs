// Levels: New game makes a puzzle of the level chosen (in the solver's worker), the choice is
// remembered, Cancel gives up waiting, and every game shows its level and rating.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  closeSolved, newGame, openPanel, press, readBoard, solutions, useGames,
} from './support.mjs';

const LEVELS = ['Easy', 'Medium', 'Hard', 'Expert', 'Extreme'];
const levelText = (page) => page.locator('.level').textContent();
/** The Level chooser, in the Menu. */
async function chooser(page) {
  await openPanel(page, 'Menu');
  return page.getByRole('combobox', { name: 'Level' });
}
const puzzleLine = (board) => board.map((cell) => (cell.given ? cell.digit : '.')).join('');

describe('levels', () => {
  const withGame = useGames();

  test('the Level chooser offers the five levels by name', () => withGame(async (page) => {
    const labels = await (await chooser(page)).locator('option').allTextContents();
    assert.deepEqual(labels, LEVELS);
  }));

  test('New game makes a puzzle of each level, with one solution, named in the level text', () => withGame(async (page) => {
    for (const level of LEVELS) {
      await (await chooser(page)).selectOption({ label: level });
      const before = puzzleLine(await readBoard(page));
      await newGame(page);
      const board = await readBoard(page);
      assert.notEqual(puzzleLine(board), before);
      assert.equal(solutions(board).length, 1, `${level}: one solution`);
      assert.match(await levelText(page), new RegExp(`^${level} · \\d+\\.\\d$`));
    }
  }));

  test('the level chosen is remembered across a reload', () => withGame(async (page) => {
    await (await chooser(page)).selectOption({ label: 'Hard' });
    await page.reload();
    await page.getByRole('gridcell').nth(80).waitFor();
    assert.equal(await (await chooser(page)).inputValue(), 'hard');
    await newGame(page);
    assert.match(await levelText(page), /^Hard · /);
  }));

  test('while a puzzle is made the status says so, and Cancel keeps the game', () => withGame(async (page) => {
    await (await chooser(page)).selectOption({ label: 'Extreme' });
    const before = await readBoard(page);
    // New game, then Cancel once it shows, within one task of the page: the worker's puzzle, a
    // message and so a later task, cannot come in between, however fast the worker is. The page
    // draws in microtasks, which this waits for.
    const seen = await page.evaluate(async () => {
      const shownButton = (name) => [...document.querySelectorAll('button')].find((b) => b.textContent === name && !b.hidden);
      const drawn = async (ready) => {
        for (let turn = 0; turn < 1000 && !ready(); turn++) await Promise.resolve();
        return ready();
      };
      shownButton('New game').click();
      const shown = await drawn(() => shownButton('Cancel'));
      const status = document.querySelector('[role=status]').textContent;
      shownButton('Cancel')?.click();
      return { shown: !!shown, status };
    });
    assert.deepEqual(seen, { shown: true, status: 'Making a new Extreme puzzle…' });
    assert.equal(await page.getByRole('status').textContent(), 'No new Extreme puzzle: the game goes on');
    assert.equal(await page.getByRole('button', { name: 'Cancel' }).count(), 0, 'Cancel is gone');
    await page.waitForTimeout(1500);
    assert.deepEqual(await readBoard(page), before, 'the game stays');
    // The new worker answers.
    await press(page, 'Step');
    await page.waitForFunction(() => document.querySelector('[role=status]').textContent !== 'Looking for a step…');
    assert.notDeepEqual(await readBoard(page), before);
  }));

  test('a pasted puzzle is rated too, and the solved message names its level', () => withGame(async (page) => {
    const puzzle = '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..';
    await openPanel(page, 'Menu');
    await page.locator('summary', { hasText: 'Paste' }).click();
    await page.getByRole('textbox', { name: 'Puzzle text' }).fill(puzzle);
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await page.waitForFunction(() => /^\w+ · /.test(document.querySelector('.level').textContent));
    const [level] = (await levelText(page)).split(' · ');
    assert.ok(LEVELS.includes(level), level);
    const board = await readBoard(page);
    const [solution] = solutions(board);
    for (const cell of board.filter((c) => !c.digit)) {
      await page.getByRole('gridcell', { name: new RegExp(`^row ${cell.row}, column ${cell.col}, `) }).click();
      await page.keyboard.press(String(solution[(cell.row - 1) * 9 + cell.col - 1]));
    }
    assert.match(await page.getByRole('status').textContent(), new RegExp(`^Solved! ${level} puzzle in \\d+:\\d\\d$`));
    assert.match(await closeSolved(page), new RegExp(`^${level} · `));
  }));
});
