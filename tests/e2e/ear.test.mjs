// Questions a player who listens asks about the selected cell, by keys and by the buttons of the
// group "Read" (for touch screen readers): each answer is in the status region, read here as
// Chromium's accessibility tree has it, and the game does not change.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible, cellAt, openPanel, readBoard, useGames } from './support.mjs';

const withGame = useGames();
const read = (page, name) => page.getByRole('group', { name: 'Read' }).getByRole('button', { name, exact: true });

/** What the status region says, from the accessibility tree. */
async function heard(page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Accessibility.enable');
  const { nodes } = await session.send('Accessibility.getFullAXTree');
  await session.detach();
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const status = nodes.find((node) => node.role?.value === 'status');
  const text = [];
  const walk = (node) => {
    if (node.role?.value === 'StaticText') text.push(node.name?.value ?? '');
    for (const id of node.childIds ?? []) walk(byId.get(id));
  };
  walk(status);
  return text.join('');
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
    await read(page, 'Read row').click();
    assert.match(await heard(page), new RegExp(`^Row ${empty.row}: `));
    await read(page, 'Where is').click();
    await page.getByRole('group', { name: 'Digit or colour' }).getByRole('button', { name: '7', exact: true }).click();
    assert.match(await heard(page), /^7 is (placed|not placed)/);
    assert.deepEqual(await readBoard(page), board, 'Where is placed nothing');
    await read(page, 'Next empty').click();
    assert.doesNotMatch(await selected(page), new RegExp(`^row ${empty.row}, column ${empty.col},`));
    await read(page, 'Previous empty').click();
    assert.match(await selected(page), new RegExp(`^row ${empty.row}, column ${empty.col}, empty`));
    await read(page, 'Where am I').click();
    assert.match(await heard(page), new RegExp(`^Row ${empty.row}, column ${empty.col}, box`));
    await assertAccessible(page, 'the Read group used');
  }));
});
