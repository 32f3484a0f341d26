// The explaining solver and the ways to get a puzzle in, in headless Chromium against the release
// build in dist/: Open (file picker, drop, paste, a file of many), Enter puzzle and Done,
// Candidates, Step and the step log, Solve and Stop, Undo, Hint, the techniques, and what happens
// when logic is stuck. Driven through roles, accessible names and the contract classes.

import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertAccessible, cellAt, closeSolved, isLegal, launchChromium, leaveThisGame, openGame, openPanel,
  press, readBoard, serveDist, solutions, useGames,
} from './support.mjs';

const withPage = useGames();
/** A fresh game with the Solver panel open. */
const withGame = (run) => withPage(async (page) => {
  await openPanel(page, 'Solver');
  await run(page);
});

/** Solved by singles alone: every technique set finishes it. */
const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
/** The first of the forum's hardest list (2011-06): beyond the basic techniques. */
const HARD = '........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3';
/** More than one solution. */
const MANY = '8.........95.......76.........426798...571243...893165......916....3.487....1.532';

const button = (page, name) => page.getByRole('button', { name, exact: true });
const status = (page) => page.getByRole('status');
const stepLog = (page) => page.getByRole('list', { name: 'Step log' });
const logItems = (page) => stepLog(page).getByRole('listitem');
const hasClass = (name) => new RegExp(`(^|\\s)${name}(\\s|$)`);
const line = (board) => board.map((cell) => cell.digit || '.').join('');
const givensLine = (board) => board.map((cell) => (cell.given ? cell.digit : '.')).join('');
const asBlock = (puzzle) => puzzle.replace(/\./g, '0').match(/.{9}/g).join('\n') + '\n';

/** Presses Step or Hint and waits for the worker's answer. */
async function ask(page, name) {
  await button(page, name).click();
  await settled(page);
}

async function settled(page) {
  await page.waitForFunction(() => document.querySelector('[role=status]').textContent !== 'Looking for a step…');
}

async function statusIs(page, text) {
  await page.waitForFunction((t) => document.querySelector('[role=status]').textContent === t, text);
}

async function classesOf(page) {
  return page.getByRole('gridcell').evaluateAll((cells) => cells.map((cell) => cell.className));
}

/** The small digits each cell draws, as strings ('' where none). */
async function candidatesOf(page) {
  return page.getByRole('gridcell').evaluateAll((cells) => cells.map((cell) =>
    [...cell.querySelectorAll('.cand')].map((c) => c.textContent).join('')));
}

/** Opens a file through the Open button's file picker. */
async function openFile(page, name, text) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), press(page, 'Open')]);
  await chooser.setFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
}

/** Opens a puzzle through the paste box. */
async function paste(page, text) {
  await openPanel(page, 'Menu');
  const summary = page.locator('summary', { hasText: 'Paste' });
  if (!(await page.getByRole('textbox', { name: 'Puzzle text' }).isVisible())) await summary.click();
  await page.getByRole('textbox', { name: 'Puzzle text' }).fill(text);
  await button(page, 'Load').click();
}

/** Pastes `text` and waits for the puzzle it holds to be on the board: the address, which names
 *  the puzzle played, changes then. (The status alone cannot tell when a pasted puzzle follows
 *  another: it says "Opened the pasted puzzle" already.) */
async function openPasted(page, text) {
  const before = await page.evaluate(() => location.hash);
  await paste(page, text);
  await page.waitForFunction((hash) => location.hash !== hash, before);
  await statusIs(page, 'Opened the pasted puzzle');
}

async function playPasted(page, puzzle) {
  await openPasted(page, puzzle);
  assert.equal(givensLine(await readBoard(page)), puzzle);
}

describe('opening a puzzle', () => {
  test('Open reads a .sud file and shows the puzzle in its initial state', () => withGame(async (page) => {
    // A game in progress first: an entry that opening must clear.
    const empty = (await readBoard(page)).find((cell) => !cell.digit);
    await cellAt(page, empty.row, empty.col).click();
    await page.keyboard.press('5');
    await openFile(page, 'one_star.sud', asBlock(EASY));
    await leaveThisGame(page);
    await statusIs(page, 'Opened one_star.sud');
    const board = await readBoard(page);
    assert.equal(line(board), EASY);
    assert.ok(board.every((cell) => !!cell.digit === cell.given), 'only givens');
  }));

  test('a bad file, or one without a single solution, leaves the game exactly as it was', () => withGame(async (page) => {
    const empty = (await readBoard(page)).find((cell) => !cell.digit);
    await cellAt(page, empty.row, empty.col).click();
    await page.keyboard.press('5');
    const before = await readBoard(page);
    // The question comes as the file is chosen, before it is read: each time Leave, and the file
    // refused still leaves the game as it was.
    const rows = asBlock(EASY).split('\n');
    rows[2] = rows[2].slice(0, 8);
    await openFile(page, 'bad.sud', rows.join('\n'));
    await leaveThisGame(page);
    await statusIs(page, 'Cannot open bad.sud: line 3: found 8 cells, need 9');
    assert.deepEqual(await readBoard(page), before);
    await openFile(page, 'letters.sud', asBlock(EASY).replace('7', 'x'));
    await leaveThisGame(page);
    await statusIs(page, "Cannot open letters.sud: unexpected character 'x' at line 1, column 5");
    await openFile(page, 'many.sud', asBlock(MANY));
    await leaveThisGame(page);
    await statusIs(page, 'Cannot open many.sud: more than one solution');
    const none = `55${EASY.slice(2)}`;
    await openFile(page, 'repeat.txt', none);
    await leaveThisGame(page);
    await statusIs(page, 'Cannot open repeat.txt: two 5s in row 1: r1c1 and r1c2');
    assert.deepEqual(await readBoard(page), before);
  }));

  test('a file of one-line puzzles offers a numbered list to choose from', () => withGame(async (page) => {
    const before = await readBoard(page);
    await openFile(page, 'list.csv', `puzzle,solution\n${EASY},x\n${HARD},y\n`);
    await statusIs(page, 'list.csv holds 2 puzzles: choose one from the list');
    assert.deepEqual(await readBoard(page), before, 'nothing opened yet');
    const chooser = page.locator('label.chooser').getByRole('combobox');
    await chooser.selectOption({ label: `2. ${HARD},y` });
    await statusIs(page, 'Opened puzzle 2 (line 3) of list.csv');
    assert.equal(givensLine(await readBoard(page)), HARD);
    await openPanel(page, 'Menu');
    await chooser.selectOption({ label: `1. ${EASY},x` });
    await statusIs(page, 'Opened puzzle 1 (line 2) of list.csv');
    assert.equal(givensLine(await readBoard(page)), EASY);
  }));

  test('the paste box takes one line or a block, and explains what it cannot take', () => withGame(async (page) => {
    await playPasted(page, EASY);
    await openPasted(page, asBlock(HARD));
    assert.equal(givensLine(await readBoard(page)), HARD);
    const before = await readBoard(page);
    await paste(page, EASY.slice(0, 80));
    await statusIs(page, 'Cannot open the pasted puzzle: found 80 cells, need 81');
    await paste(page, MANY);
    await statusIs(page, 'Cannot open the pasted puzzle: more than one solution');
    assert.deepEqual(await readBoard(page), before);
  }));

  test('a file dropped on the board is opened', () => withGame(async (page) => {
    await page.getByRole('grid', { name: 'Sudoku board' }).evaluate((board, text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'dropped.sud', { type: 'text/plain' }));
      board.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      board.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, asBlock(EASY));
    await statusIs(page, 'Opened dropped.sud');
    assert.equal(givensLine(await readBoard(page)), EASY);
  }));
});

describe('entering a puzzle', () => {
  /** Types `puzzle`'s digits into the board, cell by cell: a cell not selected is clicked first
   *  (a click on the cell that is the selection would end it). */
  async function typePuzzle(page, puzzle) {
    for (const [index, ch] of [...puzzle].entries()) {
      if (ch === '.') continue;
      const cell = cellAt(page, Math.floor(index / 9) + 1, index % 9 + 1);
      if (await cell.getAttribute('aria-selected') !== 'true') await cell.click();
      await page.keyboard.press(ch);
    }
  }

  test('Enter puzzle gives an empty board whose digits become givens; Done plays it', () => withGame(async (page) => {
    await press(page, 'Enter puzzle');
    assert.ok((await readBoard(page)).every((cell) => !cell.digit), 'an empty board');
    assert.equal(await page.locator('.level').textContent(), 'New puzzle');
    assert.equal(await cellAt(page, 1, 1).getAttribute('aria-selected'), 'true', 'the first cell selected, ready for typing');
    // The game played waits, its clock stopped.
    const clock = await page.getByRole('timer').textContent();
    await page.waitForTimeout(1200);
    assert.equal(await page.getByRole('timer').textContent(), clock);
    await ask(page, 'Step');
    assert.match(await status(page).textContent(), /^The board is empty/);
    await typePuzzle(page, EASY);
    const typed = await readBoard(page);
    assert.equal(line(typed), EASY);
    assert.ok(typed.every((cell) => !!cell.digit === cell.given), 'typed digits are givens');
    await button(page, 'Done').click();
    await statusIs(page, 'Your puzzle has one solution: play on');
    assert.equal(await button(page, 'Done').count(), 0);
    assert.equal(givensLine(await readBoard(page)), EASY);
    await ask(page, 'Step');
    assert.equal(await logItems(page).count(), 1, 'it plays like any game');
  }));

  test('Done refuses a puzzle with several solutions or a repeat, keeping every digit typed', () => withGame(async (page) => {
    await press(page, 'Enter puzzle');
    await typePuzzle(page, MANY);
    await button(page, 'Done').click();
    await statusIs(page, 'Cannot play this puzzle: it has more than one solution (add more digits)');
    assert.equal(line(await readBoard(page)), MANY);
    await cellAt(page, 1, 2).click();
    await page.keyboard.press('8');
    await button(page, 'Done').click();
    await statusIs(page, 'Cannot play this puzzle: two 8s in row 1: r1c1 and r1c2');
    assert.match(await cellAt(page, 1, 2).getAttribute('class'), hasClass('conflict'));
    await page.keyboard.press('Delete');
    assert.equal(line(await readBoard(page)), MANY);
    assert.equal(await button(page, 'Done').count(), 1, 'still entering');
    await button(page, 'Cancel').click();
    await openPanel(page, 'Menu');
    assert.equal(await button(page, 'Enter puzzle').count(), 1);
  }));
});

describe('the explaining solver', () => {
  test('Candidates draws every empty cell\'s candidates and follows the board', () => withGame(async (page) => {
    await playPasted(page, EASY);
    const toggle = button(page, 'Candidates');
    assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
    assert.ok((await candidatesOf(page)).every((c) => c === ''));
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
    const expected = (board) => board.map((cell) => (cell.digit ? ''
      : [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => isLegal(board, cell, d)).join('')));
    assert.deepEqual(await candidatesOf(page), expected(await readBoard(page)));
    // r1c3 is 4 in the solution: placing it removes 4 from its row, column and box.
    await cellAt(page, 1, 3).click();
    await page.keyboard.press('4');
    assert.deepEqual(await candidatesOf(page), expected(await readBoard(page)));
    await toggle.click();
    assert.ok((await candidatesOf(page)).every((c) => c === ''));
  }));

  test('Step applies one step: the log grows and the board shows the step', () => withGame(async (page) => {
    await playPasted(page, EASY);
    const [solution] = solutions(await readBoard(page));
    assert.equal(await logItems(page).count(), 0);
    for (let n = 1; n <= 3; n++) {
      await ask(page, 'Step');
      assert.equal(await logItems(page).count(), n);
      const newest = (await logItems(page).nth(n - 1).textContent()).trim();
      assert.equal(await status(page).textContent(), newest, 'the status says the step');
    }
    // The step just taken is on the board: a solver digit that agrees with the solution.
    const placed = page.locator('[role=gridcell].placed');
    assert.ok(await placed.count() > 0 || await page.locator('.cand.removed').count() > 0);
    const board = await readBoard(page);
    const classes = await classesOf(page);
    const solverCells = board.filter((_, i) => hasClass('solver').test(classes[i]));
    assert.equal(solverCells.length, 3, 'three singles placed, marked as the solver\'s');
    for (const cell of solverCells) {
      assert.equal(cell.digit, solution[(cell.row - 1) * 9 + cell.col - 1]);
      assert.ok(!cell.given);
    }
    assert.equal(await page.locator('[role=gridcell].placed.fresh.solver').count(), 1, 'the new digit is marked');
    // Choosing an earlier entry shows it again.
    const first = logItems(page).first();
    await first.click();
    assert.equal(await status(page).textContent(), (await first.textContent()).trim());
    assert.equal(await first.getAttribute('aria-current'), 'true');
    // And from the keyboard.
    const second = logItems(page).nth(1);
    await second.focus();
    await page.keyboard.press('Enter');
    assert.equal(await status(page).textContent(), (await second.textContent()).trim());
    assert.equal(await first.getAttribute('aria-current'), null);
    assert.equal(await page.locator('[role=gridcell].placed').count(), 1);
  }));

  test('the newest log entry stays in view', () => withGame(async (page) => {
    await playPasted(page, EASY);
    for (let n = 0; n < 12; n++) await ask(page, 'Step');
    // The list scrolls in its box: more entries than fit, the newest in view, the first not.
    const scroller = page.locator('.log-scroll');
    assert.ok(await scroller.evaluate((box) => box.scrollHeight > box.clientHeight + 10), 'the log overflows');
    const view = await scroller.boundingBox();
    const inView = async (item) => {
      const box = await item.boundingBox();
      return box.y >= view.y - 2 && box.y + box.height <= view.y + view.height + 2;
    };
    assert.ok(await inView(logItems(page).last()), 'the newest entry is in view');
    assert.ok(!(await inView(logItems(page).first())), 'the first has scrolled away');
    // A player who scrolled back to the first steps keeps the place while new ones come.
    await scroller.evaluate((box) => { box.scrollTop = 0; });
    await page.waitForTimeout(100);
    for (let n = 0; n < 2; n++) await ask(page, 'Step');
    await page.waitForTimeout(100);
    assert.ok(await inView(logItems(page).first()), 'the first entry stays in view');
    assert.ok(!(await inView(logItems(page).last())), 'the newest is below');
    // Back at the end, the log follows again; and the Solver closed and opened shows the newest.
    await scroller.evaluate((box) => { box.scrollTop = box.scrollHeight; });
    await page.waitForTimeout(100);
    await ask(page, 'Step');
    await page.waitForTimeout(100);
    assert.ok(await inView(logItems(page).last()), 'the newest entry is in view again');
    const solver = page.getByRole('button', { name: 'Solver', exact: true });
    await solver.click();
    assert.equal(await solver.getAttribute('aria-expanded'), 'false');
    await solver.click();
    await page.waitForTimeout(100);
    assert.ok(await inView(logItems(page).last()), 'the newest entry is in view once the Solver is open again');
  }));

  test('Solve runs at the chosen pace, reads Stop meanwhile, and stops cleanly', () => withGame(async (page) => {
    await playPasted(page, EASY);
    await page.getByRole('slider', { name: 'Speed' }).fill('1');
    await button(page, 'Solve').click();
    assert.equal(await button(page, 'Stop').count(), 1, 'the button reads Stop');
    // The step comes from the worker: at once means well before the next one, 1.5 s later.
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="Step log"] li').length > 0, null, { timeout: 1000 });
    assert.equal(await logItems(page).count(), 1, 'the first step at once');
    await button(page, 'Stop').click();
    assert.equal(await button(page, 'Solve').count(), 1);
    const stopped = await logItems(page).count();
    await page.waitForTimeout(1800);
    assert.equal(await logItems(page).count(), stopped, 'no step after Stop');
    // An edit stops it too.
    await button(page, 'Solve').click();
    const empty = (await readBoard(page)).find((cell) => !cell.digit);
    await cellAt(page, empty.row, empty.col).click();
    await page.keyboard.press('Delete');
    await page.keyboard.press('1');
    assert.equal(await button(page, 'Solve').count(), 1, 'an edit stops Solve');
    await page.keyboard.press('Delete');
    // Fast, to the end.
    await page.getByRole('slider', { name: 'Speed' }).fill('10');
    await button(page, 'Solve').click();
    await page.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('Solved!'), null, { timeout: 20000 });
    assert.match(await closeSolved(page), /Not counted as solved in Statistics: the solver placed digits/);
    assert.equal(await button(page, 'Solve').count(), 1);
    const board = await readBoard(page);
    assert.equal(solutions(board).length, 1);
    assert.ok(board.every((cell) => cell.digit));
    // On a solved board, Step and Solve do nothing and say why.
    const logged = await logItems(page).count();
    await ask(page, 'Step');
    assert.equal(await status(page).textContent(), 'The puzzle is solved: there is nothing left to find');
    await button(page, 'Solve').click();
    assert.equal(await button(page, 'Solve').count(), 1);
    assert.equal(await logItems(page).count(), logged);
  }));

  test('Undo steps back over solver steps and the player\'s moves alike', () => withGame(async (page) => {
    await playPasted(page, EASY);
    const start = await readBoard(page);
    await cellAt(page, 1, 3).click();
    await page.keyboard.press('4');
    const moved = await readBoard(page);
    await ask(page, 'Step');
    await ask(page, 'Step');
    assert.equal(await logItems(page).count(), 2);
    const second = (await logItems(page).nth(1).textContent()).trim();
    await button(page, 'Undo').click();
    assert.equal(await status(page).textContent(), `Undone: ${second}`);
    assert.equal(await logItems(page).count(), 1);
    await button(page, 'Undo').click();
    assert.equal(await logItems(page).count(), 0);
    assert.deepEqual(await readBoard(page), moved);
    await button(page, 'Undo').click();
    assert.equal(await status(page).textContent(), 'Undone: r1c3');
    assert.deepEqual(await readBoard(page), start);
    assert.ok(await button(page, 'Undo').isDisabled(), 'nothing left to undo');
  }));

  test('Hint teaches in three presses, in plain words: where to look, then its cells and why, then the step', () => withGame(async (page) => {
    await playPasted(page, EASY);
    const before = await readBoard(page);
    const notation = /r\dc\d|<>|=>|=/;
    await ask(page, 'Hint');
    const look = await status(page).textContent();
    assert.match(look, /^Look at (row|column|box) [1-9]/);
    assert.doesNotMatch(look, notation);
    assert.equal(await page.locator('[role=gridcell].hint').count(), 0, 'no cell marked yet');
    await ask(page, 'Hint');
    const why = await status(page).textContent();
    assert.match(why, / Hint again does it\.$/);
    assert.doesNotMatch(why, notation);
    assert.ok(await page.locator('[role=gridcell].hint').count() > 0, 'cells to look at');
    assert.deepEqual(await readBoard(page), before);
    assert.equal(await logItems(page).count(), 0);
    await ask(page, 'Hint');
    assert.equal(await logItems(page).count(), 1, 'the third press applies the step');
    // This puzzle's first step is a single: the words name the cell and digit the board now holds.
    const did = await status(page).textContent();
    const placed = /^So row ([1-9]), column ([1-9]) is ([1-9])\.$/.exec(did);
    assert.ok(placed, did);
    const [, row, col, digit] = placed;
    const after = await readBoard(page);
    assert.equal(after[(row - 1) * 9 + (col - 1)].digit, Number(digit));
    assert.equal(before[(row - 1) * 9 + (col - 1)].digit, 0);
    assert.equal(after.filter((cell, i) => cell.digit !== before[i].digit).length, 1, 'that one cell changed');
    // Any other action starts over.
    await ask(page, 'Hint');
    await ask(page, 'Hint');
    await cellAt(page, 1, 1).click();
    assert.equal(await page.locator('[role=gridcell].hint').count(), 0);
    await ask(page, 'Hint');
    assert.match(await status(page).textContent(), /^Look at (row|column|box) [1-9]/);
  }));

  test('Hint names the first wrong entry, and Back to mistake returns to just before it', () => withGame(async (page) => {
    await playPasted(page, EASY);
    const board = await readBoard(page);
    const [solution] = solutions(board);
    const right = (cell) => solution[(cell.row - 1) * 9 + cell.col - 1];
    const empty = board.filter((cell) => !cell.digit);
    const enter = async (cell, digit) => {
      await cellAt(page, cell.row, cell.col).click({ button: 'right' });
      await page.keyboard.press(String(digit));
    };
    await enter(empty[0], right(empty[0]));
    const beforeMistake = await readBoard(page);
    const wrong = right(empty[1]) % 9 + 1;
    await enter(empty[1], wrong);
    await enter(empty[2], right(empty[2]));
    await enter(empty[3], right(empty[3]) % 9 + 1);
    const played = await readBoard(page);
    await ask(page, 'Hint');
    assert.equal(await status(page).textContent(), `The ${wrong} in row ${empty[1].row}, column ${empty[1].col} is wrong`);
    await button(page, 'Back to mistake').click();
    assert.deepEqual(await readBoard(page), beforeMistake);
    assert.equal(await button(page, 'Back to mistake').count(), 0);
    await button(page, 'Undo').click();
    assert.deepEqual(await readBoard(page), played, 'one change for Undo');
  }));

  test('Techniques lists the registry, explains each, and shows where one applies', () => withGame(async (page) => {
    await playPasted(page, EASY);
    await page.locator('summary', { hasText: 'Techniques' }).click();
    const list = page.getByRole('list', { name: 'Techniques' });
    const names = await list.getByRole('listitem').getByRole('button').allTextContents();
    assert.ok(names.length >= 3, 'the registry\'s techniques');
    for (const item of await list.getByRole('listitem').all()) {
      assert.ok((await item.locator('p').textContent()).length > 40, 'a paragraph about it');
    }
    let shown = 0;
    for (const name of names) {
      await list.getByRole('button', { name, exact: true }).click();
      await settled(page);
      const said = await status(page).textContent();
      if (said === `No ${name} on the board right now`) continue;
      shown++;
      const marked = await page.locator('[role=gridcell]:is(.placed, .proof, .target, .house)').count();
      assert.ok(marked > 0, `${name}: its instance is highlighted (${said})`);
    }
    assert.ok(shown > 0, 'singles apply to this puzzle');
    assert.equal(await logItems(page).count(), 0, 'showing applies nothing');
  }));

  test('a chain shown on the board is drawn link by link between its candidates', () => withGame(async (page) => {
    await playPasted(page, '..6...2..9.......4243...896...591.....2.8.3..4..2.3..13.......7...9.7....1.4.8.2.');
    await page.locator('summary', { hasText: 'Techniques' }).click();
    await page.getByRole('list', { name: 'Techniques' }).getByRole('button', { name: 'X-Chain', exact: true }).click();
    await settled(page);
    assert.equal(await status(page).textContent(), 'X-Chain 4: r4c7=r4c8-r5c8=r5c6 => r5c8<>4');
    // Each line runs between the cells of its two nodes on the board's 900-unit view box: the
    // weak links in one dashed path, the strong ones in a solid path over it.
    const lines = await page.locator('[role=grid] svg.links path').evaluateAll((all) => all.flatMap((path) => [
      ...path.getAttribute('d').matchAll(/M(\d+) (\d+)L(\d+) (\d+)/g),
    ].map(([, x1, y1, x2, y2]) => ({
      strong: path.classList.contains('strong'),
      from: [y1, x1].map((v) => Math.floor(v / 100) + 1).join(),
      to: [y2, x2].map((v) => Math.floor(v / 100) + 1).join(),
    }))));
    assert.deepEqual(lines, [
      { strong: false, from: '4,8', to: '5,8' },
      { strong: true, from: '4,7', to: '4,8' },
      { strong: true, from: '5,8', to: '5,6' },
    ]);
    // A single has no links: nothing is drawn.
    await ask(page, 'Step');
    assert.match(await status(page).textContent(), /Single/);
    assert.equal(await page.locator('svg.links path').count(), 0);
  }));

  test('one of the hardest puzzles known is solved by logic to the end, through the worker', { timeout: 300000 }, () => withGame(async (page) => {
    await playPasted(page, HARD);
    const [solution] = solutions(await readBoard(page));
    await page.getByRole('slider', { name: 'Speed' }).fill('10');
    await button(page, 'Solve').click();
    await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent === 'Solve'), null, { timeout: 280000 });
    assert.match(await status(page).textContent(), /^Solved! \d+ logical steps in the log/);
    await closeSolved(page);
    assert.equal(await button(page, 'Solve by search').count(), 0, 'never offered');
    const steps = await logItems(page).allTextContents();
    assert.ok(steps.some((text) => /Forcing Chain/.test(text)), 'forcing chains among the steps');
    // A forcing chain's entry is one line; its whole proof opens on demand, and names only cells
    // and candidates of the board.
    const proven = logItems(page).filter({ has: page.locator('details.proof') }).first();
    const proof = proven.locator('details.proof');
    assert.equal(await proof.getAttribute('open'), null, 'folded at first');
    assert.equal(await proof.locator('pre').isVisible(), false);
    const summary = proof.locator('summary');
    const lines = Number((await summary.textContent()).match(/^Proof, (\d+) lines$/)[1]);
    await summary.click();
    assert.equal(await proof.locator('pre').isVisible(), true);
    const text = (await proof.locator('pre').textContent()).split('\n');
    assert.equal(text.length, lines);
    assert.ok(text.length > 2, 'a proof of several facts');
    for (const cell of text.join(' ').matchAll(/r(\d)c(\d)/g)) {
      assert.ok(cell[1] >= 1 && cell[1] <= 9 && cell[2] >= 1 && cell[2] <= 9, cell[0]);
    }
    await assertAccessible(page, 'with a proof open in the step log');
    await summary.press('Enter');
    assert.equal(await proof.getAttribute('open'), null, 'Enter folds it again');
    assert.deepEqual((await readBoard(page)).map((cell) => cell.digit), solution);
    assert.match(await page.locator('main').getAttribute('class'), hasClass('solved'));
  }));
});

/** The Interactive Sudoku Solver's XV Kropki example, as f-puzzles JSON. */
const XV_KROPKI = readFileSync(new URL('../../crates/sudoku-core/tests/data/iss_examples.jsonl', import.meta.url), 'utf8')
  .trim().split('\n').map((text) => JSON.parse(text))
  .find((example) => example.name === 'XV Kropki Sudoku').fpuzzles;

describe('chains through the rules', () => {
  test('a chain through a rule is logged naming it, its proof the links the rules make', { timeout: 120000 }, () => withGame(async (page) => {
    await paste(page, XV_KROPKI);
    await statusIs(page, 'Opened the pasted puzzle');
    await page.getByRole('slider', { name: 'Speed' }).fill('10');
    await button(page, 'Solve').click();
    await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent === 'Solve'), null, { timeout: 100000 });
    assert.match(await status(page).textContent(), /^Solved! \d+ logical steps in the log/);
    await closeSolved(page);
    const chain = logItems(page).filter({ hasText: 'where the X between r2c1 and r2c2 forbids (8)r2c2 with (1)r2c1' });
    assert.equal(await chain.count(), 1);
    const summary = chain.locator('details.proof summary');
    assert.equal(await summary.textContent(), 'Proof, 3 lines');
    await summary.click();
    assert.equal(await chain.locator('details.proof pre').textContent(),
      '(8)r2c2-(1)r2c1: the X between r2c1 and r2c2\n(2)r2c1-(4)r3c1: the V between r2c1 and r3c1\n(3)r3c1-(6)r3c2: the X between r3c1 and r3c2');
    await assertAccessible(page, 'a chain through a rule, its proof open');
  }));
});

describe('the solver\'s worker', () => {
  test('a worker that stops on an error is replaced, and the solver answers again', async () => {
    // The first worker listens, then traps at its first request, as a panic in its wasm would;
    // the page's next worker is the real one. A second failure in a row is not retried.
    let loads = 0;
    const server = await serveDist({
      rewrite: (path, body) => {
        if (path !== '/worker_loader.js' || ++loads > 1) return body;
        return Buffer.from('postMessage(null);\n'
          + 'onmessage = () => { throw new WebAssembly.RuntimeError("unreachable"); };\n');
      },
    });
    const browser = await launchChromium();
    try {
      const { page, errors } = await openGame(browser, server.url);
      await statusIs(page, 'The solver stopped on an error and was started again: ask it once more');
      // The new worker sends the list of techniques (the Solver panel's) and rates the puzzle.
      await openPanel(page, 'Solver');
      await page.locator('.techniques li').first().waitFor({ state: 'attached' });
      await page.waitForFunction(() => !document.querySelector('.level').textContent.startsWith('Rating'));
      await ask(page, 'Step');
      assert.equal(await logItems(page).count(), 1);
      await assertAccessible(page, 'after the worker was replaced');
      assert.deepEqual(errors, [], 'the worker\'s error is not an error of the page');
    } finally {
      await browser.close();
      await server.close();
    }
  });

  test('a step no longer wanted does not hold up what comes next: a worker still on it is replaced', async () => {
    // The first worker takes a minute over every step, as a forcing net of a hard variant may: it
    // spins before its own handler sees a Step request (postcard: the id's varint, then the job's
    // tag, 1). The page's next worker is the real one.
    let loads = 0;
    const server = await serveDist({
      rewrite: (path, body) => {
        if (path !== '/worker_loader.js' || ++loads > 1) return body;
        return Buffer.from(`Object.defineProperty(self, 'onmessage', { set(handler) {
  addEventListener('message', (event) => {
    const bytes = new Uint8Array(event.data);
    let at = 0;
    while (bytes[at] & 0x80) at++;
    if (bytes[at + 1] === 1) for (const end = Date.now() + 60000; Date.now() < end;);
    handler(event);
  });
} });
${body}`);
      },
    });
    const browser = await launchChromium();
    try {
      const { page, errors } = await openGame(browser, server.url);
      await page.waitForFunction(() => !document.querySelector('.level').textContent.startsWith('Rating'));
      await openPanel(page, 'Solver');
      await button(page, 'Hint').click();
      await statusIs(page, 'Looking for a step…');
      // The player gives up waiting: the new puzzle comes in seconds, not after the step's minute.
      const start = Date.now();
      await press(page, 'New game');
      await page.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('A new'),
        null, { timeout: 20000 });
      assert.ok(Date.now() - start < 10000, `the new game took ${Date.now() - start} ms`);
      // The new worker answers.
      await ask(page, 'Hint');
      assert.notEqual(await status(page).textContent(), 'Looking for a step…');
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
      await server.close();
    }
  });

  test('a worker whose wasm cannot be loaded is reported, not waited for, and the game plays on', async () => {
    // Bytes that are no wasm fail the worker's start as a download cut short would.
    const server = await serveDist({
      rewrite: (path, body) => (path === '/worker_bg.wasm' ? Buffer.from('not wasm') : body),
    });
    const browser = await launchChromium();
    try {
      const { page, errors } = await openGame(browser, server.url);
      await statusIs(page, 'The solver stopped on an error again: reload the page to use it');
      const board = await readBoard(page);
      const [solution] = solutions(board);
      const empty = board.find((cell) => !cell.digit);
      const digit = String(solution[(empty.row - 1) * 9 + empty.col - 1]);
      await cellAt(page, empty.row, empty.col).click();
      await page.keyboard.press(digit);
      assert.equal(await cellAt(page, empty.row, empty.col).getAttribute('aria-label'),
        `row ${empty.row}, column ${empty.col}, ${digit}`);
      await assertAccessible(page, 'with the solver unavailable');
      assert.deepEqual(errors, [], 'the worker\'s failure is not an error of the page');
    } finally {
      await browser.close();
      await server.close();
    }
  });
});
