// A player who listens: the questions about the selected cell, by keys and by the buttons of the
// group "Read" (for touch screen readers), and whole games played from what a screen reader
// says alone. What is heard is read from Chromium's computed accessibility tree (CDP): the status
// region's words, only while it is live, and the name of the focused element; the games decide
// every move from it alone (the other tests also read the DOM, to set a scene).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertAccessible, cellAt, newGame, openPanel, readBoard, useGames, useProfiles,
} from './support.mjs';

const withGame = useGames();
const withProfile = useProfiles();
const readButton = (page, name) => page.getByRole('group', { name: 'Read' }).getByRole('button', { name, exact: true });

/** The page's accessibility tree as Chromium computes it for screen readers. */
async function accessibilityTree(page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Accessibility.enable');
  const { nodes } = await session.send('Accessibility.getFullAXTree');
  await session.detach();
  return nodes;
}

const property = (node, name) => node.properties?.find((p) => p.name === name)?.value?.value;

/** The status region: its words, whether a screen reader speaks them (it is live), and the text
 *  nodes that hold them. */
async function statusRegion(page) {
  const nodes = await accessibilityTree(page);
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  // Outside a modal dialog, the page is hidden from screen readers.
  const status = nodes.find((node) => node.role?.value === 'status');
  if (!status) return { words: '', live: false, textNodes: [] };
  const texts = [];
  const walk = (node) => {
    if (node.role?.value === 'StaticText') texts.push(node);
    for (const id of node.childIds ?? []) walk(byId.get(id));
  };
  walk(status);
  return {
    words: texts.map((node) => node.name?.value ?? '').join(''),
    live: ['polite', 'assertive'].includes(property(status, 'live')),
    textNodes: texts.map((node) => node.backendDOMNodeId),
  };
}

/** What the status region says, from the accessibility tree. */
async function heard(page) {
  return (await statusRegion(page)).words;
}

/** What a screen reader speaks after an action: the status region's words while it is live,
 *  else nothing. */
async function spoken(page) {
  const { words, live } = await statusRegion(page);
  return live ? words : '';
}

/** What the dialog Solved, opened at the end of a game, says: its name and its description. */
async function solvedHeard(page) {
  await page.getByRole('dialog', { name: 'Solved' }).waitFor();
  const dialog = (await accessibilityTree(page)).find((node) => node.role?.value === 'dialog' && node.name?.value === 'Solved');
  return dialog?.description?.value ?? '';
}

/** What is spoken once it matches `pattern`, asked of the accessibility tree until it does (a
 *  few seconds at most): Check waits for the worker's solution. */
async function spokenOnce(page, pattern) {
  for (let tries = 0; tries < 100; tries++) {
    const said = await spoken(page);
    if (pattern.test(said)) return said;
    await page.waitForTimeout(50);
  }
  return spoken(page);
}

/** The role and name of the element with the focus. */
async function focused(page) {
  // The deepest node focused: the page itself counts as focused too.
  const node = (await accessibilityTree(page)).filter((n) => property(n, 'focused') === true).at(-1);
  return { role: node?.role?.value, name: node?.name?.value ?? '' };
}

const selected = (page) => page.locator('[role=gridcell][aria-selected=true]').getAttribute('aria-label');

describe('questions about the selected cell', () => {
  test('by keys: R, C, B, M, W and a digit, L, E and Shift+E, and "."', () => withGame(async (page) => {
    const board = await readBoard(page);
    const empty = board.find((cell) => !cell.digit);
    await cellAt(page, empty.row, empty.col).click();
    const row = board.filter((cell) => cell.row === empty.row);
    const needs = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => !row.some((cell) => cell.digit === d));
    await page.keyboard.press('r');
    const said = await heard(page);
    assert.match(said, new RegExp(`^Row ${empty.row}: .*\\. Needs ${needs.join(', ')}\\.$`));
    // The digits heard, in order, are the row's.
    const digits = said.slice(said.indexOf(':') + 2, said.indexOf('. Needs')).split(', ')
      .flatMap((part) => (/^\d$/.test(part) ? [+part] : []));
    assert.deepEqual(digits, row.filter((cell) => cell.digit).map((cell) => cell.digit));
    await page.keyboard.press('c');
    assert.match(await heard(page), new RegExp(`^Column ${empty.col}: `));
    await page.keyboard.press('b');
    assert.match(await heard(page), /^Box [1-9]: /);
    await page.keyboard.press('m');
    assert.match(await heard(page), new RegExp(`^Row ${empty.row} needs .*; column ${empty.col} (needs|is complete).*\\. Candidates [1-9](, [1-9])*\\.$`));
    await page.keyboard.press('w');
    await page.keyboard.press('5');
    assert.match(await heard(page), /^5 is (placed|not placed)/);
    await page.keyboard.press('l');
    assert.match(await heard(page), new RegExp(`^Row ${empty.row}, column ${empty.col}, box [1-9]$`));
    const before = await heard(page);
    await page.keyboard.press('.');
    assert.equal(await heard(page), before);
    assert.deepEqual(await readBoard(page), board, 'the game unchanged');
    // E: the next empty cell in reading order.
    const next = board.find((cell) => !cell.digit && (cell.row - 1) * 9 + cell.col > (empty.row - 1) * 9 + empty.col);
    await page.keyboard.press('e');
    assert.match(await selected(page), new RegExp(`^row ${next.row}, column ${next.col}, empty`));
    await page.keyboard.press('Shift+E');
    assert.match(await selected(page), new RegExp(`^row ${empty.row}, column ${empty.col}, empty`));
  }));

  test('by the buttons of the group "Read", one press away in the Solver panel', () => withGame(async (page) => {
    const board = await readBoard(page);
    const empty = board.find((cell) => !cell.digit);
    await cellAt(page, empty.row, empty.col).click();
    await openPanel(page, 'Solver');
    await readButton(page, 'Read row').click();
    assert.match(await heard(page), new RegExp(`^Row ${empty.row}: `));
    await readButton(page, 'Where is').click();
    await page.getByRole('group', { name: 'Digit or colour' }).getByRole('button', { name: '7', exact: true }).click();
    assert.match(await heard(page), /^7 is (placed|not placed)/);
    assert.deepEqual(await readBoard(page), board, 'Where is placed nothing');
    await readButton(page, 'Next empty').click();
    assert.doesNotMatch(await selected(page), new RegExp(`^row ${empty.row}, column ${empty.col},`));
    await readButton(page, 'Previous empty').click();
    assert.match(await selected(page), new RegExp(`^row ${empty.row}, column ${empty.col}, empty`));
    await readButton(page, 'Where am I').click();
    assert.match(await heard(page), new RegExp(`^Row ${empty.row}, column ${empty.col}, box`));
    await assertAccessible(page, 'the Read group used');
  }));
});

/** Solves a grid (81 digits, 0 empty) heard from the page, as a player who listens works it
 *  out: here by trying each candidate of the cell with fewest, depth first. */
function solveHeard(grid) {
  const cells = [...grid];
  const peers = (at) => [...Array(81).keys()].filter((c) => c !== at && (Math.floor(c / 9) === Math.floor(at / 9)
    || c % 9 === at % 9 || (Math.floor(c / 27) === Math.floor(at / 27) && Math.floor((c % 9) / 3) === Math.floor((at % 9) / 3))));
  const candidates = (at) => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => peers(at).every((c) => cells[c] !== d));
  const search = () => {
    const open = [...Array(81).keys()].filter((at) => !cells[at]).map((at) => [at, candidates(at)]);
    if (open.length === 0) return true;
    const [at, can] = open.reduce((best, next) => (next[1].length < best[1].length ? next : best));
    for (const digit of can) {
      cells[at] = digit;
      if (search()) return true;
    }
    cells[at] = 0;
    return false;
  };
  assert.ok(search(), 'the puzzle heard has a solution');
  return cells;
}

/** "Row 3: 5, 2, empty, 7, 2 empty, 9, 3, 1. Needs 4, 6, 8." as nine digits (0: empty). */
function houseHeard(said) {
  const match = /^(Row|Column|Box) ([1-9]): (.*?)\. (Needs [1-9, ]+|Complete)\.$/.exec(said);
  assert.ok(match, `a house read: ${said}`);
  const digits = match[3].split(', ').flatMap((part) => {
    if (/^[1-9]$/.test(part)) return [+part];
    const run = /^(?:([2-9]) )?empty$/.exec(part);
    assert.ok(run, `a part of a house read: ${part}`);
    return Array(+(run[1] ?? 1)).fill(0);
  });
  assert.equal(digits.length, 9, said);
  return { kind: match[1], index: +match[2], digits };
}

/** "Row 3, column 5, box 2" as a cell index. */
function positionHeard(said) {
  const match = /^Row ([1-9]), column ([1-9]), box ([1-9])$/.exec(said);
  assert.ok(match, `a position: ${said}`);
  return (match[1] - 1) * 9 + (match[2] - 1);
}

/** A new Easy game, made by the worker. */
async function easyGame(page) {
  await openPanel(page, 'Menu');
  await page.getByRole('combobox', { name: 'Level' }).selectOption({ label: 'Easy' });
  await newGame(page);
}

/** Closes the panel named `name` if it is open: on a phone, the Solver panel takes the digits'
 *  place. */
async function closePanel(page, name) {
  const button = page.getByRole('button', { name, exact: true });
  if (await button.getAttribute('aria-expanded') === 'true') await button.tap();
}

const place = (at) => `row ${Math.floor(at / 9) + 1}, column ${at % 9 + 1}`;
const placed = (digit, at) => new RegExp(`^${digit} placed in ${place(at)}(; .* complete)?$`);

describe('a whole game by ear', () => {
  test('on a keyboard: Tab to the board, R down the rows, the puzzle worked out, E to each empty cell, a wrong digit found by Check and Back to mistake, solved', () => withProfile(async (open) => {
    const page = await open();
    await easyGame(page);
    // One Tab stop for the whole board.
    for (let tabs = 0; tabs < 40 && (await focused(page)).role !== 'gridcell'; tabs++) await page.keyboard.press('Tab');
    assert.equal((await focused(page)).role, 'gridcell', 'Tab reaches the board');
    await page.keyboard.press('Control+Home');
    assert.match((await focused(page)).name, /^row 1, column 1, /);
    await page.keyboard.press('Tab');
    assert.notEqual((await focused(page)).role, 'gridcell', 'the next Tab leaves the board');
    await page.keyboard.press('Shift+Tab');
    assert.match((await focused(page)).name, /^row 1, column 1, /, 'and Shift+Tab comes back to the cell');
    await page.keyboard.press('End');
    assert.match((await focused(page)).name, /^row 1, column 9, /);
    await page.keyboard.press('Home');
    assert.match((await focused(page)).name, /^row 1, column 1, /);
    // Escape ends the selection; the focus and the Tab stop stay, and a key acts there.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await page.keyboard.press('l');
    assert.equal(await spoken(page), 'Row 1, column 2, box 1');
    await page.keyboard.press('Home');

    // The rows, read one by one going down; moving says nothing.
    const grid = [];
    for (let row = 1; row <= 9; row++) {
      await page.keyboard.press('r');
      const said = houseHeard(await spoken(page));
      assert.deepEqual([said.kind, said.index], ['Row', row]);
      grid.push(...said.digits);
      await page.keyboard.press('ArrowDown');
      assert.equal(await spoken(page), '', 'moving is not announced');
      assert.match((await focused(page)).name, new RegExp(`^row ${Math.min(row + 1, 9)}, column 1, `), 'the focus follows');
    }
    const solution = solveHeard(grid);

    // A wrong digit in the first empty cell after the first, found by Check, taken back by Back to mistake.
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('e');
    const first = grid.findIndex((digit, at) => at > 0 && !digit);
    assert.equal(positionHeard(await spoken(page)), first);
    assert.match((await focused(page)).name, new RegExp(`^${place(first)}, empty`));
    const wrong = solution[first] % 9 + 1;
    await page.keyboard.press(String(wrong));
    // The buttons reached by their names, as a screen reader's list of buttons does, and
    // pressed with Enter.
    await page.getByRole('button', { name: 'Check', exact: true }).press('Enter');
    assert.equal(await spokenOnce(page, /wrong|right/), `1 wrong: ${place(first)} is first`);
    await page.getByRole('button', { name: 'Back to mistake', exact: true }).press('Enter');
    assert.equal(await spoken(page), `Back to just before the ${wrong} in ${place(first)}`);
    assert.match((await focused(page)).name, new RegExp(`^${place(first)}, empty$`), 'the focus is on the mistake');
    await assertAccessible(page, 'after Back to mistake');

    // Every empty cell, by E; M agrees with the digit deduced before it is typed.
    let empty = grid.filter((digit) => !digit).length;
    for (; empty > 0; empty--) {
      await page.keyboard.press('e');
      const at = positionHeard(await spoken(page));
      assert.equal(grid[at], 0, 'E stops on an empty cell');
      await page.keyboard.press('m');
      const candidates = /Candidates ([1-9, ]+)\.$/.exec(await spoken(page));
      assert.ok(candidates?.[1].split(', ').map(Number).includes(solution[at]), 'M lists the digit');
      await page.keyboard.press(String(solution[at]));
      grid[at] = solution[at];
      if (empty > 1) assert.match(await spoken(page), placed(solution[at], at));
    }
    assert.match(await solvedHeard(page), /^Easy .*solved in \d+:\d\d/);
  }));

  test('on a touch screen, by the buttons alone: Next empty, Read row, column and box, the digits, solved', () => withProfile(async (open) => {
    const page = await open();
    await easyGame(page);
    await openPanel(page, 'Solver');
    const tap = (locator) => locator.tap();
    const digitButton = (digit) => page.getByRole('group', { name: 'Digit or colour' }).getByRole('button', { name: String(digit), exact: true });

    // Around the empty cells once, reading each row, column and box not read yet.
    const grid = Array(81).fill(0);
    const read = { Row: new Set(), Column: new Set(), Box: new Set() };
    const cellsOf = {
      Row: (i) => [...Array(9).keys()].map((k) => (i - 1) * 9 + k),
      Column: (i) => [...Array(9).keys()].map((k) => k * 9 + i - 1),
      Box: (i) => [...Array(9).keys()].map((k) => (Math.floor((i - 1) / 3) * 3 + Math.floor(k / 3)) * 9 + ((i - 1) % 3) * 3 + (k % 3)),
    };
    const empties = [];
    for (;;) {
      await tap(readButton(page, 'Next empty'));
      const at = positionHeard(await spoken(page));
      if (empties.includes(at)) break;
      empties.push(at);
      const houses = { Row: Math.floor(at / 9) + 1, Column: at % 9 + 1, Box: Math.floor(at / 27) * 3 + Math.floor((at % 9) / 3) + 1 };
      for (const [kind, index] of Object.entries(houses)) {
        if (read[kind].has(index)) continue;
        await tap(readButton(page, `Read ${kind.toLowerCase()}`));
        const said = houseHeard(await spoken(page));
        assert.deepEqual([said.kind, said.index], [kind, index]);
        cellsOf[kind](index).forEach((cell, k) => { grid[cell] ||= said.digits[k]; });
        read[kind].add(index);
      }
    }
    assert.deepEqual([...empties].sort((a, b) => a - b), empties, 'Next empty goes in reading order');
    const solution = solveHeard(grid);

    // Placed by Next empty and a digit button, each result heard; on a phone the Solver panel
    // and the digits take turns.
    for (let left = empties.length; left > 0; left--) {
      await openPanel(page, 'Solver');
      await tap(readButton(page, 'Next empty'));
      const at = positionHeard(await spoken(page));
      await closePanel(page, 'Solver');
      await tap(digitButton(solution[at]));
      if (left > 1) assert.match(await spoken(page), placed(solution[at], at));
    }
    assert.match(await solvedHeard(page), /^Easy .*solved in \d+:\d\d/);
  }, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }));
});

describe('what the board says of itself', () => {
  test('a cell\'s name: candidates, conflict, wrong or right after Check, its position first, last or never as set, and givens read-only', () => withProfile(async (open) => {
    const page = await open();
    const board = await readBoard(page);
    const name = async (row, col) => {
      const nodes = await accessibilityTree(page);
      return nodes.filter((node) => node.role?.value === 'gridcell')[(row - 1) * 9 + col - 1].name.value;
    };
    const given = board.find((cell) => cell.given);
    const givenNode = (await accessibilityTree(page)).filter((node) => node.role?.value === 'gridcell')[(given.row - 1) * 9 + given.col - 1];
    assert.equal(property(givenNode, 'readonly'), true, 'a given is read-only');
    // A repeat of the given in its row.
    const empty = board.find((cell) => !cell.digit && cell.row === given.row);
    await openPanel(page, 'Solver');
    await page.getByRole('button', { name: 'Candidates', exact: true }).click();
    assert.match(await name(empty.row, empty.col), new RegExp(`^row ${empty.row}, column ${empty.col}, empty, candidates( [1-9])+$`));
    await cellAt(page, empty.row, empty.col).click();
    await page.keyboard.press(String(given.digit));
    assert.equal(await name(empty.row, empty.col), `row ${empty.row}, column ${empty.col}, ${given.digit}, conflict`);
    assert.equal(await name(given.row, given.col), `row ${given.row}, column ${given.col}, ${given.digit}, given, conflict`);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.waitForFunction(() => /wrong/.test(document.querySelector('[role=status]').textContent));
    assert.equal(await name(empty.row, empty.col), `row ${empty.row}, column ${empty.col}, ${given.digit}, conflict, wrong`);
    await assertAccessible(page, 'with a conflict checked');

    // Read position, in Settings: remembered.
    const setPosition = async (value) => {
      await openPanel(page, 'Menu');
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      await page.getByRole('combobox', { name: 'Read position' }).selectOption(value);
      await assertAccessible(page, `Settings with Read position ${value}`);
      await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Close' }).click();
    };
    await setPosition('last');
    assert.equal(await name(given.row, given.col), `${given.digit}, given, conflict, row ${given.row}, column ${given.col}`);
    await setPosition('never');
    assert.equal(await name(given.row, given.col), `${given.digit}, given, conflict`);
    await page.reload();
    await page.getByRole('gridcell').nth(80).waitFor();
    assert.equal(await name(given.row, given.col), `${given.digit}, given, conflict`, 'remembered');
    await setPosition('first');
    assert.equal(await name(given.row, given.col), `row ${given.row}, column ${given.col}, ${given.digit}, given, conflict`);
  }));

  test('a message worded as the last is spoken again, in a new text', () => withGame(async (page) => {
    const board = await readBoard(page);
    const empty = board.find((cell) => !cell.digit);
    await cellAt(page, empty.row, empty.col).click();
    await page.keyboard.press('l');
    const before = await statusRegion(page);
    await page.keyboard.press('.');
    const again = await statusRegion(page);
    assert.equal(again.words, before.words);
    assert.ok(again.live, 'spoken');
    assert.notDeepEqual(again.textNodes, before.textNodes, 'a new text, which screen readers speak');
  }));
});
