// The game in headless Chromium, driven only through roles, accessible names and the contract
// classes, against the release build in dist/.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cellAt, closeSolved, conflicts, isLegal, leaveThisGame, newGame, openPanel, press, readBoard, solutions,
  useGames,
} from './support.mjs';

const withGame = useGames();

const picker = (page, digit) => page.getByRole('button', { name: String(digit), exact: true });
const status = (page) => page.getByRole('status');
const hasClass = (name) => new RegExp(`(^|\\s)${name}(\\s|$)`);
const puzzleLine = (board) => board.map((cell) => cell.digit || '.').join('');

/** A puzzle is valid when its clues are all givens, at least 17, without repeats, with one solution. */
function assertValidPuzzle(board) {
  assert.ok(board.every((cell) => !!cell.digit === cell.given), 'every filled cell is a given');
  assert.ok(board.filter((cell) => cell.given).length >= 17, 'at least 17 givens');
  assert.deepEqual(conflicts(board), [], 'no digit repeats in a house');
  assert.equal(solutions(board).length, 1, 'exactly one solution');
}

async function classesOf(page) {
  return page.getByRole('gridcell').evaluateAll((cells) => cells.map((cell) => cell.className));
}

describe('the Sudoku game', () => {
  test('opens on a valid puzzle with the board, picker and buttons named', () => withGame(async (page) => {
    assert.equal(await page.title(), 'Sudoku');
    assertValidPuzzle(await readBoard(page));
    for (let digit = 1; digit <= 9; digit++) {
      assert.equal(await picker(page, digit).getAttribute('aria-pressed'), 'false');
    }
    assert.equal(await page.getByRole('button', { name: 'Help' }).getAttribute('aria-pressed'), 'false');
    assert.equal(await page.getByRole('button', { name: 'Check' }).count(), 1);
    // The game's other actions are one press away, in the Menu.
    await openPanel(page, 'Menu');
    for (const name of ['New game', 'Restart']) {
      assert.equal(await page.getByRole('button', { name }).count(), 1, name);
    }
    const givens = (await classesOf(page)).filter((classes) => hasClass('given').test(classes));
    assert.equal(givens.length, (await readBoard(page)).filter((cell) => cell.given).length);
  }));

  test('a picked digit is placed by a click, which selects no cell, and cleared by a second click', () => withGame(async (page) => {
    const empty = (await readBoard(page)).find((cell) => !cell.digit);
    await picker(page, 5).click();
    assert.equal(await picker(page, 5).getAttribute('aria-pressed'), 'true');
    await picker(page, 6).click();
    assert.equal(await picker(page, 5).getAttribute('aria-pressed'), 'false', 'at most one pressed');
    assert.equal(await picker(page, 6).getAttribute('aria-pressed'), 'true');
    const cell = cellAt(page, empty.row, empty.col);
    await cell.click();
    assert.match(await cell.getAttribute('aria-label'), new RegExp(`^row ${empty.row}, column ${empty.col}, 6(, conflict)?$`));
    assert.equal(await page.locator('.cell.selected').count(), 0, 'no cell selected');
    assert.equal(await picker(page, 6).getAttribute('aria-pressed'), 'true', 'still picked');
    await cell.click();
    assert.equal(await cell.getAttribute('aria-label'), `row ${empty.row}, column ${empty.col}, empty`);
  }));

  test('Help marks exactly the empty cells where the picked digit is legal', () => withGame(async (page) => {
    const help = page.getByRole('button', { name: 'Help' });
    await help.click();
    assert.equal(await help.getAttribute('aria-pressed'), 'true');
    const assertMarks = async (digit) => {
      const board = await readBoard(page);
      const expected = board.map((cell) => !cell.digit && isLegal(board, cell, digit));
      const marked = (await classesOf(page)).map((classes) => hasClass('help').test(classes));
      assert.deepEqual(marked, expected, `help marks for ${digit}`);
      assert.ok(expected.some(Boolean));
    };
    await picker(page, 3).click();
    await assertMarks(3);
    await picker(page, 8).click();
    await assertMarks(8);
    // The marks follow the board: placing an 8 removes the marks it rules out.
    const board = await readBoard(page);
    const target = board.find((cell) => !cell.digit && isLegal(board, cell, 8));
    await cellAt(page, target.row, target.col).click();
    await assertMarks(8);
    await help.click();
    assert.ok((await classesOf(page)).every((classes) => !hasClass('help').test(classes)));
  }));

  test('Check colours a right entry green and a wrong one red until the next edit', () => withGame(async (page) => {
    const board = await readBoard(page);
    const [solution] = solutions(board);
    const [right, wrong] = board.filter((cell) => !cell.digit);
    const rightIndex = (right.row - 1) * 9 + right.col - 1;
    const wrongIndex = (wrong.row - 1) * 9 + wrong.col - 1;
    await picker(page, solution[rightIndex]).click();
    await cellAt(page, right.row, right.col).click();
    // A wrong digit other than the one pressed, since pressing that again would release it.
    const wrongDigit = [1, 2, 3, 4, 5, 6, 7, 8, 9]
      .find((digit) => digit !== solution[wrongIndex] && digit !== solution[rightIndex]);
    await picker(page, wrongDigit).click();
    await cellAt(page, wrong.row, wrong.col).click();
    await page.getByRole('button', { name: 'Check' }).click();
    let classes = await classesOf(page);
    assert.match(classes[rightIndex], hasClass('correct'));
    assert.match(classes[wrongIndex], hasClass('wrong'));
    assert.equal(await status(page).textContent(), `1 wrong: row ${wrong.row}, column ${wrong.col} is first`);
    await cellAt(page, wrong.row, wrong.col).click({ button: 'right' });
    classes = await classesOf(page);
    assert.ok(classes.every((c) => !hasClass('correct').test(c) && !hasClass('wrong').test(c)));
  }));

  test('the keyboard places (picking nothing), moves and clears', () => withGame(async (page) => {
    const board = await readBoard(page);
    // An empty cell with an empty cell to its right and one below.
    const empty = (row, col) => board[(row - 1) * 9 + col - 1]?.digit === 0;
    const start = board.find((c) => c.col < 9 && c.row < 9 && !c.digit && empty(c.row, c.col + 1)
      && empty(c.row + 1, c.col + 1));
    await cellAt(page, start.row, start.col).click();
    await page.keyboard.press('7');
    assert.match(await cellAt(page, start.row, start.col).getAttribute('aria-label'),
      new RegExp(`^row ${start.row}, column ${start.col}, 7(, conflict)?$`));
    assert.equal(await picker(page, 7).getAttribute('aria-pressed'), 'false', 'typing picks nothing');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const moved = cellAt(page, start.row + 1, start.col + 1);
    assert.match(await moved.getAttribute('class'), hasClass('selected'));
    assert.equal(await moved.getAttribute('aria-selected'), 'true');
    for (const key of ['Backspace', 'Delete', '0']) {
      await page.keyboard.press('4');
      assert.match(await moved.getAttribute('aria-label'), new RegExp(`^row ${start.row + 1}, column ${start.col + 1}, 4(, conflict)?$`));
      await page.keyboard.press(key);
      assert.equal(await moved.getAttribute('aria-label'), `row ${start.row + 1}, column ${start.col + 1}, empty`, key);
    }
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Delete');
    assert.equal(await cellAt(page, start.row, start.col).getAttribute('aria-label'),
      `row ${start.row}, column ${start.col}, empty`);
  }));

  test('a right click clears an entry', () => withGame(async (page) => {
    const empty = (await readBoard(page)).find((cell) => !cell.digit);
    const cell = cellAt(page, empty.row, empty.col);
    await picker(page, 2).click();
    await cell.click();
    assert.match(await cell.getAttribute('aria-label'), new RegExp(`^row ${empty.row}, column ${empty.col}, 2(, conflict)?$`));
    await cell.click({ button: 'right' });
    assert.equal(await cell.getAttribute('aria-label'), `row ${empty.row}, column ${empty.col}, empty`);
  }));

  test('a repeated digit marks both cells and the message says where', () => withGame(async (page) => {
    const board = await readBoard(page);
    const given = board.find((g) => g.given && board.some((c) => !c.digit && c.row === g.row));
    const empty = board.find((c) => !c.digit && c.row === given.row);
    await picker(page, given.digit).click();
    await cellAt(page, empty.row, empty.col).click();
    assert.match(await cellAt(page, empty.row, empty.col).getAttribute('class'), hasClass('conflict'));
    assert.match(await cellAt(page, given.row, given.col).getAttribute('class'), hasClass('conflict'));
    assert.equal(await status(page).textContent(),
      `${given.digit} is already in row ${given.row} at r${given.row}c${given.col}`);
  }));

  test('givens refuse every kind of edit', () => withGame(async (page) => {
    const board = await readBoard(page);
    const given = board.find((cell) => cell.given);
    const cell = cellAt(page, given.row, given.col);
    const name = `row ${given.row}, column ${given.col}, ${given.digit}, given`;
    await picker(page, given.digit).click();
    await cell.click();
    assert.equal(await cell.getAttribute('aria-label'), name, 'a click with its digit picked');
    assert.equal(await status(page).textContent(), `r${given.row}c${given.col} is a given: it cannot change`);
    await cell.click({ button: 'right' });
    for (const key of [String(given.digit % 9 + 1), 'Backspace', 'Delete', '0']) {
      await page.keyboard.press(key);
    }
    assert.equal(await cell.getAttribute('aria-label'), name);
    assert.deepEqual(await readBoard(page), board);
  }));

  test('New game shows a different valid puzzle each time, and Restart clears entries', () => withGame(async (page) => {
    let previous = await readBoard(page);
    for (let round = 0; round < 3; round++) {
      await newGame(page);
      const board = await readBoard(page);
      assert.notEqual(puzzleLine(board), puzzleLine(previous), 'a new puzzle');
      assertValidPuzzle(board);
      previous = board;
    }
    const empty = previous.find((cell) => !cell.digit);
    await picker(page, 1).click();
    await cellAt(page, empty.row, empty.col).click();
    await press(page, 'Restart');
    await leaveThisGame(page);
    assert.deepEqual(await readBoard(page), previous);
  }));

  test('a reload brings back the game in progress, wrong entries and choices included, but no picked digit', () => withGame(async (page) => {
    const board = await readBoard(page);
    const [solution] = solutions(board);
    const [first, second] = board.filter((cell) => !cell.digit);
    const right = solution[(first.row - 1) * 9 + first.col - 1];
    const wrong = right % 9 + 1;
    await picker(page, right).click();
    await cellAt(page, first.row, first.col).click();
    await picker(page, wrong).click();
    await cellAt(page, second.row, second.col).click();
    await page.getByRole('button', { name: 'Help' }).click();
    const played = await readBoard(page);
    const helped = await classesOf(page);

    await page.reload();
    await page.getByRole('gridcell').nth(80).waitFor();
    assert.deepEqual(await readBoard(page), played);
    assert.equal(await page.getByRole('button', { name: 'Help' }).getAttribute('aria-pressed'), 'true');
    assert.equal(await picker(page, wrong).getAttribute('aria-pressed'), 'false', 'no digit picked');
    // Help, still on, marks for the digit picked again.
    await picker(page, wrong).click();
    const marked = (classes) => classes.map((c) => hasClass('help').test(c));
    assert.deepEqual(marked(await classesOf(page)), marked(helped), 'the same cells marked by Help');

    // A new game replaces the kept one.
    await newGame(page, { leaving: true });
    const fresh = await readBoard(page);
    await page.reload();
    await page.getByRole('gridcell').nth(80).waitFor();
    assert.deepEqual(await readBoard(page), fresh);
  }));

  test('a change redraws only the cells whose view changed', () => withGame(async (page) => {
    const board = await readBoard(page);
    const holding = (digit) => board.filter((cell) => cell.digit === digit).map((c) => `${c.row},${c.col}`);
    // Picking a digit with no cell selected highlights the cells that hold it, and nothing else.
    const redrawn = await page.evaluate(async () => {
      const changed = new Set();
      const observer = new MutationObserver((records) => records.forEach((record) => {
        const cell = record.target.closest?.('[role=gridcell]') ?? record.target.parentElement?.closest('[role=gridcell]');
        if (cell) changed.add(cell.getAttribute('aria-label').match(/^row (\d), column (\d)/).slice(1).join());
      }));
      observer.observe(document.querySelector('[role=grid]'), { subtree: true, attributes: true, characterData: true, childList: true });
      // The digit's button by its place: its text holds the count of what is left too.
      document.querySelectorAll('.picker .digit')[3].click();
      await new Promise((done) => setTimeout(done));
      observer.disconnect();
      return [...changed].sort();
    });
    assert.deepEqual(redrawn, holding(4).sort());
  }));

  test('filling in the solution shows that the puzzle is solved', () => withGame(async (page) => {
    const board = await readBoard(page);
    const [solution] = solutions(board);
    for (const cell of board.filter((c) => !c.digit)) {
      await cellAt(page, cell.row, cell.col).click();
      await page.keyboard.press(String(solution[(cell.row - 1) * 9 + cell.col - 1]));
    }
    assert.match(await status(page).textContent(), /^Solved! (Easy|Medium|Hard|Expert|Extreme) puzzle in \d+:\d\d$/);
    assert.match(await page.locator('main').getAttribute('class'), hasClass('solved'));
    assert.match(await closeSolved(page), /, solved in \d+:\d\d/);
  }));

  test('the wasm stopped by a panic shows the crash notice, and nothing else does', () => withGame(async (page) => {
    // The build stops at a panic with a trap, which the page sees as an uncaught RuntimeError.
    const alert = page.getByRole('alert');
    const raise = (error) => page.evaluate((kind) => {
      const error = kind === 'trap' ? new WebAssembly.RuntimeError('unreachable') : new TypeError('elsewhere');
      dispatchEvent(new ErrorEvent('error', { error }));
    }, error);
    await raise('other');
    assert.equal(await alert.isVisible(), false, 'an error outside the wasm');
    await raise('trap');
    assert.equal(await alert.isVisible(), true);
    assert.match(await alert.textContent(), /Something went wrong and the game stopped\./);
  }));
});
