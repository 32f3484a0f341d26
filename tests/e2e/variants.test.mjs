// Variants in the page: a Killer and a Jigsaw opened by link, drawn (cages with their sums, a
// jigsaw's borders), named (a cell's cage), helped, hinted, checked and played to the end; the
// Variant chooser of New game; f-puzzles JSON pasted. Driven through roles, accessible names and
// the contract classes; axe-core checks the states visited, and no page error may occur.

import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertAccessible, cellAt, closeSolved, focusReturnsTo, leaveThisGame, openPanel, press, readBoard, sudoku,
  useProfiles,
} from './support.mjs';
import { JIGSAW, KILLER, SUDOKUPAD_KILLER } from './variant-puzzles.mjs';

const withProfile = useProfiles();

const picker = (page, digit) => page.getByRole('button', { name: String(digit), exact: true });
const status = (page) => page.getByRole('status');
const hasClass = (name) => new RegExp(`(^|\\s)${name}(\\s|$)`);
const cellIndex = (name) => {
  const [, row, col] = /^R(\d)C(\d)$/.exec(name);
  return (row - 1) * 9 + (col - 1);
};

/** The groups with no digit twice of an f-puzzles puzzle, as sets of cell indices: rows,
 *  columns, the boxes or its regions, and its cages. */
function groupsOf(json) {
  const puzzle = JSON.parse(json);
  const groups = [];
  for (let i = 0; i < 9; i++) {
    groups.push([...Array(9).keys()].map((c) => i * 9 + c));
    groups.push([...Array(9).keys()].map((r) => r * 9 + i));
  }
  const regionOf = (index) => {
    const [row, col] = [Math.floor(index / 9), index % 9];
    return puzzle.grid[row][col].region ?? Math.floor(row / 3) * 3 + Math.floor(col / 3);
  };
  for (let region = 0; region < 9; region++) {
    groups.push([...Array(81).keys()].filter((index) => regionOf(index) === region));
  }
  for (const cage of puzzle.killercage ?? []) groups.push(cage.cells.map(cellIndex));
  return groups;
}

/** The killer cages of an f-puzzles puzzle: their cells, as indices, and their sums. */
function cagesOf(json) {
  return (JSON.parse(json).killercage ?? []).map((cage) => ({ cells: cage.cells.map(cellIndex), sum: +cage.value }));
}

/** The empty cells where `digit` may go: no cell sharing a group with it holds it, and each cage
 *  it is in can still add up to its sum, its other blanks holding 1 to 9 each. */
function allowed(board, groups, cages, digit) {
  return board.flatMap((cell, index) => {
    if (cell.digit) return [];
    const seen = groups.some((group) => group.includes(index) && group.some((other) => board[other].digit === digit));
    const summable = cages.every(({ cells, sum }) => {
      if (!cells.includes(index)) return true;
      const filled = cells.reduce((total, c) => total + (c === index ? digit : board[c].digit), 0);
      const blanks = cells.filter((c) => c !== index && !board[c].digit).length;
      return filled + blanks <= sum && sum <= filled + 9 * blanks;
    });
    return seen || !summable ? [] : [index];
  });
}

async function classesOf(page) {
  return page.getByRole('gridcell').evaluateAll((cells) => cells.map((cell) => cell.className));
}

/** Menu, then Paste: the text typed in and loaded. */
async function pasteAndLoad(page, text) {
  await press(page, 'Menu');
  await page.locator('summary', { hasText: 'Paste' }).click();
  await page.getByRole('textbox', { name: 'Puzzle text' }).fill(text);
  await page.getByRole('button', { name: 'Load', exact: true }).click();
}

async function statusIs(page, text) {
  await page.waitForFunction((t) => document.querySelector('[role=status]').textContent === t, text);
}

/** Opens the puzzle of `puzzle.payload` by its link, as SudokuPad's links carry it. */
async function openByLink(open, puzzle) {
  const page = await open(`#fpuzzles${puzzle.payload}`);
  await statusIs(page, 'Opened the puzzle in the link');
  return page;
}

/** Plays a variant puzzle opened by link: Help marks where a digit may go by every group and
 *  cage sum (or, with `groupsOnly: false`, within those cells and on every cell the digit belongs
 *  in, as rules beyond them leave out more), Hint
 *  says where to look, a wrong entry is marked by Check, and the solution entered digit first
 *  solves it. */
async function playToTheEnd(page, puzzle) {
  const groups = groupsOf(puzzle.json);
  const cages = cagesOf(puzzle.json);
  const solution = [...puzzle.solution].map(Number);
  let board = await readBoard(page);
  await page.getByRole('button', { name: 'Help' }).click();
  for (const digit of [1, 5, 9]) {
    await picker(page, digit).click();
    const marked = (await classesOf(page)).flatMap((c, index) => (hasClass('help').test(c) ? [index] : []));
    const free = allowed(board, groups, cages, digit);
    if (puzzle.groupsOnly ?? true) {
      assert.deepEqual(marked, free, `Help for ${digit}`);
    } else {
      // Rules beyond the groups leave out more cells, but never the digit's own.
      assert.ok(marked.every((index) => free.includes(index)), `Help for ${digit} within the groups' cells`);
      const own = solution.flatMap((d, index) => (d === digit && !board[index].digit ? [index] : []));
      assert.ok(own.every((index) => marked.includes(index)), `Help for ${digit} marks the cells it belongs in`);
    }
  }
  await assertAccessible(page, `${puzzle.name}: Help on`);
  await page.getByRole('button', { name: 'Help' }).click();
  await picker(page, 9).click();

  // Hint says where to look, then marks its cells and says why.
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('Look at '));
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.waitForFunction(() => document.querySelector('[role=status]').textContent.endsWith(' Hint again does it.'));
  assert.ok((await classesOf(page)).some((c) => hasClass('hint').test(c)), 'the hint marks where to look');
  // The marks of the rules the step reads are lit, those `sudoku steps` names for its first step
  // (a rule of the whole grid, as nonconsecutive, has no marks). The command explains no puzzle
  // with a rule it does not know (`cannot solve: zipperline`): nothing to compare with there.
  let explained = '';
  try {
    explained = sudoku(['steps', '--json'], `${puzzle.json}\n`);
  } catch (refused) {
    assert.match(refused.stdout, /"error":"cannot solve: /, `${puzzle.name}: ${refused.stdout}`);
  }
  if (explained) {
    const firstStep = JSON.parse(explained.split('\n', 1)[0]);
    const lit = await page.locator('svg.rules .proof').evaluateAll((groups) => groups.map((group) => [
      group.dataset.rule,
      group.querySelector('[class^="fp-"]')?.getAttribute('class').split(' ')[0],
    ]));
    const marked = [];
    for (const rule of firstStep.rules) {
      if (await page.locator(`svg.rules .fp-${rule.key}`).count()) marked.push(`fp-${rule.key}`);
    }
    assert.equal(new Set(lit.map(([rule]) => rule)).size, marked.length, `${puzzle.name}: ${firstStep.text}`);
    assert.deepEqual([...new Set(lit.map(([, kind]) => kind))].sort(), [...new Set(marked)].sort(), `${puzzle.name}: ${firstStep.text}`);
  }

  // A wrong digit in the first empty cell, then Check.
  const first = board.findIndex((cell) => !cell.digit);
  const wrong = solution[first] % 9 + 1;
  await picker(page, wrong).click();
  await cellAt(page, Math.floor(first / 9) + 1, first % 9 + 1).click();
  await page.getByRole('button', { name: 'Check' }).click();
  await statusIs(page, `1 wrong: row ${Math.floor(first / 9) + 1}, column ${first % 9 + 1} is first`);
  assert.ok(hasClass('wrong').test((await classesOf(page))[first]));
  await assertAccessible(page, `${puzzle.name}: checked`);

  // The solution, digit by digit: each picked digit (a press on the digit picked already would
  // put it down), then the cells it belongs in.
  board = await readBoard(page);
  for (let digit = 1; digit <= 9; digit++) {
    if (await picker(page, digit).getAttribute('aria-pressed') !== 'true') await picker(page, digit).click();
    for (let index = 0; index < 81; index++) {
      if (solution[index] === digit && board[index].digit !== digit && !board[index].given) {
        await cellAt(page, Math.floor(index / 9) + 1, index % 9 + 1).click();
      }
    }
  }
  await page.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('Solved!'));
  assert.deepEqual((await readBoard(page)).map((cell) => cell.digit), solution);
  await closeSolved(page);
  await assertAccessible(page, `${puzzle.name}: solved`);
}

describe('variants', () => {
  test('a Killer opened by link is drawn, named and played to the end', () => withProfile(async (open) => {
    const page = await openByLink(open, { ...KILLER, name: 'Killer' });
    const cages = JSON.parse(KILLER.json).killercage;
    assert.equal(await page.locator('.rules .cage').count(), cages.length);
    const sums = await page.locator('.rules .cage-sum').allTextContents();
    assert.deepEqual(sums.map(Number).sort((a, b) => a - b), cages.map((c) => +c.value).sort((a, b) => a - b));
    // Each cell's name gives its cage's sum and size.
    const board = await readBoard(page);
    for (const cage of cages) {
      for (const name of cage.cells) {
        assert.deepEqual(board[cellIndex(name)].cage, { sum: +cage.value, size: cage.cells.length }, name);
      }
    }
    assert.ok(page.url().includes('#fpuzzles'), 'the address keeps the variant');
    await assertAccessible(page, 'Killer opened');
    await playToTheEnd(page, { ...KILLER, name: 'Killer' });
  }));

  test('a Jigsaw opened by link is drawn with its regions and played to the end', () => withProfile(async (open) => {
    const page = await openByLink(open, JIGSAW);
    assert.ok(hasClass('jigsaw').test(await page.getByRole('grid').getAttribute('class')));
    assert.equal(await page.locator('.rules .region-border').count(), 1);
    assert.equal(await page.locator('.rules .cage').count(), 0);
    // A digit twice in a region (not a box) is a conflict named by the region.
    const board = await readBoard(page);
    const groups = groupsOf(JIGSAW.json).slice(18);
    const given = board.findIndex((cell) => cell.given);
    const region = groups.find((group) => group.includes(given));
    const other = region.find((index) => !board[index].digit && Math.floor(index / 27) * 3 + Math.floor((index % 9) / 3)
      !== Math.floor(given / 27) * 3 + Math.floor((given % 9) / 3)
      && Math.floor(index / 9) !== Math.floor(given / 9) && index % 9 !== given % 9);
    if (other !== undefined) {
      await picker(page, board[given].digit).click();
      await cellAt(page, Math.floor(other / 9) + 1, other % 9 + 1).click();
      assert.match(await status(page).textContent(), /is already in region \d at r\dc\d/);
      await page.getByRole('button', { name: 'Undo' }).click();
    }
    await playToTheEnd(page, { ...JIGSAW, name: 'Jigsaw' });
  }));

  test('New game makes the variant chosen, remembered, and a reload keeps the puzzle', () => withProfile(async (open) => {
    const page = await open();
    await press(page, 'Menu');
    const chooser = page.getByRole('combobox', { name: 'Variant' });
    assert.deepEqual(await chooser.locator('option').allTextContents(),
      ['Classic', 'Killer', 'Sudoku X', 'Windoku', 'Jigsaw', 'Killer X', 'Thermo', 'Arrow', 'Kropki', 'XV',
        'Little Killer', 'Anti-Knight']);
    await chooser.selectOption('Sudoku X');
    await assertAccessible(page, 'Menu with the Variant chooser');
    await page.getByRole('button', { name: 'New game' }).click();
    await page.waitForFunction(() => !document.querySelector('[role=status]').textContent.startsWith('Making a new'));
    assert.equal(await page.locator('.rules .diagonal').count(), 2);
    await page.waitForFunction(() => location.hash.startsWith('#fpuzzles'));
    const board = await readBoard(page);
    await page.reload();
    await page.getByRole('gridcell').nth(80).waitFor();
    await page.locator('.rules .diagonal').nth(1).waitFor();
    assert.deepEqual(await readBoard(page), board);
    await press(page, 'Menu');
    assert.equal(await page.getByRole('combobox', { name: 'Variant' }).inputValue(), 'Sudoku X');
  }));

  test('a thermometer pasted is drawn and followed: a digit that breaks it is a conflict said by the rule', () => withProfile(async (open) => {
    const page = await open();
    const thermo = readFileSync(new URL('../../crates/sudoku-cli/tests/puzzles/thermo.json', import.meta.url), 'utf8').trim();
    await pasteAndLoad(page, thermo);
    await statusIs(page, 'Opened the pasted puzzle');
    assert.equal(await page.locator('svg.rules .fp-thermometer').count(), JSON.parse(thermo).thermometer.length);
    // The thermometer from the given 7 at r3c1 rises through r2c2: a 5 there breaks it.
    await picker(page, 5).click();
    await cellAt(page, 2, 2).click();
    await statusIs(page, 'r2c2 and r3c1: digits increase along a thermometer from its bulb');
    // The cells' names say the marks they are on, after what they hold.
    assert.match(await cellAt(page, 3, 1).getAttribute('aria-label'), /^row 3, column 1, 7, given, conflict, thermometer bulb/);
    assert.match(await cellAt(page, 2, 2).getAttribute('aria-label'), /^row 2, column 2, 5, conflict, on a thermometer from r3c1/);
    assert.match(await cellAt(page, 2, 2).getAttribute('class'), hasClass('conflict'));
    assert.match(await cellAt(page, 3, 1).getAttribute('class'), hasClass('conflict'));
    await assertAccessible(page, 'a thermometer broken');
    // Its digit, 8, is no conflict.
    await picker(page, 8).click();
    await cellAt(page, 2, 2).click();
    await page.waitForFunction(() => !document.querySelector('[role=gridcell].conflict'));
  }));

  test('a clue outside the grid is drawn in a margin the board keeps, the page still on one screen at 360×640', () => withProfile(async (open) => {
    const page = await open();
    await page.setViewportSize({ width: 360, height: 640 });
    // A little killer down the main diagonal from above r1c1, adding up the Killer's solution there.
    const diagonal = [...Array(9).keys()].map((i) => `"R${i + 1}C${i + 1}"`);
    const sum = [...Array(9).keys()].reduce((total, i) => total + Number(KILLER.solution[i * 10]), 0);
    const clue = `"littlekillersum":[{"cell":"R0C0","cells":[${diagonal}],"value":"${sum}","direction":"DR"}],`;
    const json = KILLER.json.replace('"killercage"', `${clue}"killercage"`);
    await pasteAndLoad(page, json);
    await statusIs(page, 'Opened the pasted puzzle');
    const killer = page.locator('svg.rules .fp-littlekillersum.outside');
    assert.equal(await killer.count(), 1);
    assert.equal(await killer.locator('text').textContent(), String(sum));
    const grid = await page.getByRole('grid').boundingBox();
    const drawn = await killer.locator('text').boundingBox();
    assert.ok(drawn.x + drawn.width <= grid.x && drawn.y + drawn.height <= grid.y, `above and left of the grid: ${JSON.stringify([drawn, grid])}`);
    assert.ok(drawn.x >= 0 && drawn.y >= 0, `on the screen: ${JSON.stringify(drawn)}`);
    assert.ok(await page.evaluate(() => document.documentElement.scrollHeight <= innerHeight), 'no scrolling');
    await assertAccessible(page, 'a clue outside the grid');
  }));

  test('f-puzzles JSON pasted is played, a rule the game does not know is drawn and said, and a broken text is refused with the game kept', () => withProfile(async (open) => {
    const page = await open();
    const before = await readBoard(page);
    await press(page, 'Menu');
    await page.locator('summary', { hasText: 'Paste' }).click();
    const broken = KILLER.json.slice(0, 200);
    await page.getByRole('textbox', { name: 'Puzzle text' }).fill(broken);
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('Cannot open the pasted puzzle: '));
    assert.deepEqual(await readBoard(page), before);
    // Load closed the Menu; opened again, the text is still in the box for a correction.
    await openPanel(page, 'Menu');
    const text = page.getByRole('textbox', { name: 'Puzzle text' });
    if (!await text.isVisible()) await page.locator('summary', { hasText: 'Paste' }).click();
    assert.equal(await text.inputValue(), broken);
    const zipper = KILLER.json.replace('"killercage"', '"zipperline":[{"lines":[["R1C1","R1C2","R1C3"]]}],"killercage"');
    await text.fill(zipper);
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await statusIs(page, 'Opened the pasted puzzle. Zipper lines are drawn but not checked; the game ends when the grid is full and breaks no rule checked');
    assert.equal(await page.locator('svg.rules .fp-zipperline').count(), 1);
    assert.equal(await page.locator('svg.rules .cage').count(), JSON.parse(KILLER.json).killercage.length);
    await assertAccessible(page, 'a rule only drawn');
    await openPanel(page, 'Menu');
    if (!await text.isVisible()) await page.locator('summary', { hasText: 'Paste' }).click();
    await text.fill(JIGSAW.json);
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await statusIs(page, 'Opened the pasted puzzle');
    assert.ok(hasClass('jigsaw').test(await page.getByRole('grid').getAttribute('class')));
    assert.equal(await page.getByRole('button', { name: 'Menu', exact: true }).getAttribute('aria-expanded'), 'false');
  }));

  test('a puzzle with a rule the game does not know is played to the end against the solution it carries', () => withProfile(async (open) => {
    const page = await open();
    const json = KILLER.json.replace('"killercage"', `"zipperline":[{"lines":[["R1C1","R1C2","R1C3"]]}],"solution":[${[...KILLER.solution].join(',')}],"killercage"`);
    await pasteAndLoad(page, json);
    await statusIs(page, 'Opened the pasted puzzle. Zipper lines are drawn but not checked; the solution the puzzle carries checks your digits');
    assert.equal(await page.locator('svg.rules .fp-zipperline').count(), 1);
    await playToTheEnd(page, { ...KILLER, json, name: 'Killer with a zipper line' });
  }));

  test('a SudokuPad link is drawn and played to the end against the solution it carries; garbage is refused with the game kept', () => withProfile(async (open) => {
    const page = await open(`#scl${SUDOKUPAD_KILLER.payload}`);
    await statusIs(page, 'Opened “Killer with a dot” by The tests (rules under Rules). Marks are drawn but not checked; the solution the puzzle carries checks your digits');
    // Rules shows the title, the author and the rules as the setter wrote them.
    const rulesButton = page.getByRole('button', { name: 'Rules', exact: true });
    await rulesButton.click();
    const dialog = page.getByRole('dialog', { name: 'Rules' });
    await dialog.waitFor();
    assert.equal(await dialog.locator('#rules-byline').textContent(), '“Killer with a dot” by The tests');
    assert.equal(await dialog.locator('#rules-text').innerText(), 'Normal killer rules.\nThe dot says nothing.');
    await assertAccessible(page, 'SudokuPad puzzle: Rules');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await focusReturnsTo(page, 'Rules', 'the focus back on Rules');
    assert.equal(await page.locator('svg.rules .fp-overlays.unchecked ellipse').count(), 1);
    assert.equal(await page.locator('svg.rules .cage').count(), JSON.parse(KILLER.json).killercage.length);
    assert.match(await page.evaluate(() => location.hash), /^#fpuzzles/, 'the address holds the puzzle in the f-puzzles form');
    const before = await readBoard(page);
    for (const [fragment, why] of [
      ['sclAAAA', 'not an f-puzzles or SudokuPad link or payload'],
      ['sclN4IgzglgXgpiBcBOANCA', 'not an f-puzzles or SudokuPad link or payload'],
    ]) {
      await page.evaluate((hash) => { location.hash = hash; }, fragment);
      await statusIs(page, `Cannot open the puzzle in the link: ${why}`);
      assert.deepEqual(await readBoard(page), before, 'the game is kept');
    }
    await playToTheEnd(page, { ...KILLER, name: 'Killer from SudokuPad' });
  }));

  test('the setter\'s pencil marks give way to a digit or notes in their cell, and a background picture is drawn under the marks', () => withProfile(async (open) => {
    const page = await open();
    const puzzle = JSON.parse(KILLER.json);
    // r1c1 (solution 5) has the pencil marks 1, 5 and 9; a data: picture needs no network.
    puzzle.grid[0][0] = { ...puzzle.grid[0][0], givenPencilMarks: [1, 5, 9] };
    const picture = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/eL9GtQAAAABJRU5ErkJggg==';
    puzzle.cage = [{ value: `bgimage: ${picture}` }, { value: 'bgimageopacity: 0.5' }];
    await pasteAndLoad(page, JSON.stringify(puzzle));
    await statusIs(page, 'Opened the pasted puzzle');
    const image = page.locator('svg.rules image.fp-cage.bgimage');
    assert.equal(await image.getAttribute('href'), picture);
    assert.equal(await image.getAttribute('opacity'), '0.50');
    const marks = page.locator('svg.rules .fp-givenPencilMarks');
    assert.equal(await marks.locator('text').allTextContents().then((t) => t.join(' ')), '1 5 9');
    const shown = async (expected, why) => {
      await page.waitForFunction(
        (visible) => (document.querySelector('svg.rules .fp-givenPencilMarks').getAttribute('visibility') ?? 'visible') === (visible ? 'visible' : 'hidden'),
        expected,
      );
      assert.equal(await marks.evaluate((g) => getComputedStyle(g).visibility), expected ? 'visible' : 'hidden', why);
    };
    await shown(true, 'the marks are seen in their empty cell');
    assert.match(await cellAt(page, 1, 1).getAttribute('aria-label'), /given pencil marks 1, 5 or 9/);
    await picker(page, 5).click();
    await cellAt(page, 1, 1).click();
    await shown(false, 'a digit hides them');
    await page.getByRole('button', { name: 'Undo' }).click();
    await shown(true, 'seen again once the digit is taken back');
    await page.getByRole('button', { name: 'Notes' }).click();
    await picker(page, 9).click();
    await cellAt(page, 1, 1).click();
    await shown(false, 'the player\'s notes take their place');
    await assertAccessible(page, 'pencil marks given and a background picture');
    await page.reload();
    await marks.waitFor({ state: 'attached' });
    await shown(false, 'still hidden when the kept game comes back');
    // Opened again with every cell's candidates drawn, the new drawing's marks are hidden at once.
    await press(page, 'Candidates');
    await pasteAndLoad(page, JSON.stringify(puzzle));
    await leaveThisGame(page);
    // The note 9 gone, the cell draws its candidates, among those the pencil marks allow.
    await page.waitForFunction(() => /^1?59?$/.test(document.querySelector('[role=gridcell] .cands').textContent));
    await shown(false, 'the candidates drawn take their place');
  }));

  test('what a setter drew in colours of their own keeps them, under the digits, on a light board and a dark one', () => withProfile(async (open) => {
    const page = await open();
    const cells = Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => ({})));
    cells[0][0] = { value: 5 };
    const puzzle = {
      cells,
      underlays: [{ center: [0.5, 0.5], width: 1, height: 1, backgroundColor: '#CFCFCF' }],
      lines: [{ wayPoints: [[2.5, 0.5], [2.5, 3.5]], color: '#FF0000', thickness: 32 }],
    };
    await pasteAndLoad(page, JSON.stringify(puzzle));
    await statusIs(page, 'Opened the pasted puzzle. Lines and marks are drawn but not checked; the game ends when the grid is full and breaks no rule checked');
    const line = page.locator('svg.rules .fp-lines polyline');
    assert.equal(await line.evaluate((l) => getComputedStyle(l).stroke), 'rgb(255, 0, 0)', 'the line in its colour');
    assert.equal(await line.evaluate((l) => getComputedStyle(l).strokeWidth), '50px', '32 of SudokuPad\'s 64 pixels: half a cell');
    // The given 5 of r1c1 lies under an opaque grey square: its strokes must still be on the screen.
    const cell = cellAt(page, 1, 1);
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      const digit = await cell.evaluate((c) => getComputedStyle(c).color);
      const box = await cell.boundingBox();
      const inset = box.width / 5;
      const png = await page.screenshot({ clip: { x: box.x + inset, y: box.y + inset, width: box.width - 2 * inset, height: box.height - 2 * inset } });
      const strokes = await page.evaluate(async ([src, light]) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        const canvas = new OffscreenCanvas(image.width, image.height);
        const context = canvas.getContext('2d');
        context.drawImage(image, 0, 0);
        const { data } = context.getImageData(0, 0, image.width, image.height);
        let count = 0;
        for (let i = 0; i < data.length; i += 4) {
          const luma = 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
          if (light ? luma < 100 : luma > 190) count += 1;
        }
        return count;
      }, [`data:image/png;base64,${png.toString('base64')}`, scheme === 'light']);
      assert.ok(strokes >= 20, `the digit (${digit}) seen on the ${scheme} board: ${strokes} pixels of it`);
    }
    await assertAccessible(page, 'a setter\'s own colours on a dark board');
  }));

  test('an f-puzzles link dropped on the board as text is played', () => withProfile(async (open) => {
    const page = await open();
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      const board = document.querySelector('[role=grid]');
      board.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, `https://sudokupad.app/fpuzzles${KILLER.payload}`);
    await statusIs(page, 'Opened the dropped text');
    assert.equal(await page.locator('.rules .cage').count(), JSON.parse(KILLER.json).killercage.length);
  }));
});

/** Pastes `json` to get its address, opens that address in a new browser profile, checks that
 *  each of its entries is drawn, then plays it from the start to the end. */
async function openByAddressAndPlay(name, json, solution) {
  let address;
  await withProfile(async (open) => {
    const page = await open();
    await pasteAndLoad(page, json);
    await statusIs(page, 'Opened the pasted puzzle');
    await page.waitForFunction(() => location.hash.startsWith('#fpuzzles'));
    address = await page.evaluate(() => location.hash);
  });
  await withProfile(async (open) => {
    const page = await open(address);
    await statusIs(page, 'Opened the puzzle in the link');
    // One element, or group, per entry of a list; a rule of the whole grid (`negative` names
    // rules) draws nothing.
    for (const [key, entries] of Object.entries(JSON.parse(json))) {
      if (['grid', 'negative', 'solution'].includes(key) || !Array.isArray(entries)) continue;
      assert.equal(await page.locator(`svg.rules .fp-${key}`).count(), entries.length, `${name}: ${key} drawn`);
    }
    await assertAccessible(page, `${name} opened`);
    await playToTheEnd(page, { json, solution, name, groupsOnly: false });
  });
}

describe('every kind New game makes, opened by address and played to the end', () => {
  for (const variant of ['thermo', 'arrow', 'kropki', 'xv', 'little-killer', 'anti-knight']) {
    test(variant, async () => {
      const json = sudoku(['generate', '--variant', variant, '--seed', '5']);
      const solution = sudoku(['solve'], `${json}\n`);
      assert.match(solution, /^\d{81}$/, 'one solution');
      await openByAddressAndPlay(variant, json, solution);
    });
  }
});

// Made by `crates/test-support/examples/rule_puzzles.rs`: one puzzle per rule, its marks laid by
// hand or read from its grid, its clues removed while it stays unique and solved by logic.
const RULE_PUZZLES = readFileSync(new URL('./rule-puzzles.jsonl', import.meta.url), 'utf8')
  .trim().split('\n').map((line) => JSON.parse(line));

describe('every other rule, opened by address and played to the end', () => {
  for (const { name, json, solution } of RULE_PUZZLES) {
    test(name, async () => {
      assert.equal(sudoku(['solve'], `${json}\n`), solution, 'one solution, the one it was made from');
      await openByAddressAndPlay(name, json, solution);
    });
  }
});

describe('colours and several cells selected', () => {
  test('Shift-click, Ctrl-click and a drag select cells; a digit, a note, Erase and nine colours apply to them all', () => withProfile(async (open) => {
    const page = await open();
    const board = await readBoard(page);
    const empties = board.flatMap((cell, index) => (cell.digit ? [] : [index]));
    const [a, b, c] = empties;
    const at = (index) => cellAt(page, Math.floor(index / 9) + 1, index % 9 + 1);
    const selected = async () => (await classesOf(page)).flatMap((cls, index) => (hasClass('selected').test(cls) ? [index] : []));

    // Several cells by Shift- and Ctrl-click, then a digit (cell first) goes into all of them.
    await at(a).click();
    await at(b).click({ modifiers: ['Shift'] });
    await at(c).click({ modifiers: ['Control'] });
    assert.deepEqual(await selected(), [a, b, c].sort((x, y) => x - y));
    await picker(page, 4).click();
    let now = await readBoard(page);
    assert.deepEqual([a, b, c].map((i) => now[i].digit), [4, 4, 4]);
    // One change: one Undo takes all three back.
    await page.getByRole('button', { name: 'Undo' }).click();
    now = await readBoard(page);
    assert.deepEqual([a, b, c].map((i) => now[i].digit), [0, 0, 0]);
    // A note in all of them, then Erase clears them all.
    await page.getByRole('button', { name: 'Notes' }).click();
    await picker(page, 7).click();
    now = await readBoard(page);
    assert.deepEqual([a, b, c].map((i) => now[i].notes), [[7], [7], [7]]);
    await page.getByRole('button', { name: 'Erase' }).click();
    now = await readBoard(page);
    assert.deepEqual([a, b, c].map((i) => now[i].notes), [[], [], []]);
    await page.getByRole('button', { name: 'Notes' }).click();

    // A drag from one cell over two others selects the three.
    const row = board.findIndex((cell, index) => index % 9 < 7 && !cell.digit && !board[index + 1].digit && !board[index + 2].digit);
    const box = async (index) => at(index).boundingBox();
    const [start, end] = [await box(row), await box(row + 2)];
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await page.mouse.down();
    await page.mouse.move(start.x + start.width * 1.5, start.y + start.height / 2, { steps: 4 });
    await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 4 });
    await page.mouse.up();
    assert.deepEqual(await selected(), [row, row + 1, row + 2]);

    // Colour mode: the nine buttons paint the cells selected, a given too.
    const colour = page.getByRole('button', { name: 'Colour', exact: true });
    assert.equal(await colour.getAttribute('aria-pressed'), 'false');
    await colour.click();
    assert.equal(await colour.getAttribute('aria-pressed'), 'true');
    await assertAccessible(page, 'Colour mode');
    const given = board.findIndex((cell) => cell.given);
    const painted = [];
    for (let paint = 1; paint <= 9; paint++) {
      const cell = paint === 9 ? given : empties[paint + 3];
      await at(cell).click();
      await picker(page, paint).click();
      painted.push([cell, paint]);
    }
    const classes = await classesOf(page);
    for (const [cell, paint] of painted) {
      assert.ok(hasClass(`colour-${paint}`).test(classes[cell]), `cell ${cell} painted ${paint}: ${classes[cell]}`);
    }
    now = await readBoard(page);
    assert.equal(now[given].digit, board[given].digit, 'a colour places no digit');
    assert.match(await at(given).getAttribute('aria-label'), /, colour 9$/);
    // Undo takes the last colour off; a reload keeps the others; Restart clears them.
    await page.getByRole('button', { name: 'Undo' }).click();
    assert.ok(!/colour-/.test((await classesOf(page))[given]));
    await page.reload();
    await page.getByRole('gridcell').nth(80).waitFor();
    await page.waitForFunction((cell) => document.querySelectorAll('[role=gridcell]')[cell].className.includes('colour-8'), painted[7][0]);
    await press(page, 'Restart');
    assert.ok((await classesOf(page)).every((cls) => !/colour-/.test(cls)), 'Restart clears the colours');
  }));
});
