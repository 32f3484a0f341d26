// A game that feels finished: taps that do what the player means, nothing lost without a
// question, what is left of each digit, mistakes counted as the player sees them, and dialogs
// that close the Menu and give the focus back to it. Driven through roles, accessible names and
// the contract classes in headless Chromium; what a screen reader hears of the digits is read
// from Chromium's computed accessibility tree; axe-core checks every new state.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertAccessible, cellAt, chooseDaily, focusReturnsTo, openPanel, readBoard, useProfiles,
} from './support.mjs';
import { KILLER } from './variant-puzzles.mjs';

/** Solved by singles alone; its solution below. */
const EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const SOLUTION = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
const OTHER = '9..6....7.6..7..3...7...2..6..5.8..2..4...8..2..3.1..9..1...5...4..5..1.8....9..4';

const withProfile = useProfiles();
const button = (page, name) => page.getByRole('button', { name, exact: true });
const digitButton = (page, digit) => page.getByRole('group', { name: 'Digit or colour' }).getByRole('button', { name: String(digit), exact: true });
const status = (page) => page.getByRole('status');
const answer = (row, col) => Number(SOLUTION[(row - 1) * 9 + col - 1]);
const leaveDialog = (page) => page.getByRole('dialog', { name: 'Leave this game?' });

/** The accessibility tree's node of the button named `name` in the digits' group, as Chromium
 *  computes it for screen readers: its name and description. */
async function heardDigit(page, digit) {
  const session = await page.context().newCDPSession(page);
  await session.send('Accessibility.enable');
  const { nodes } = await session.send('Accessibility.getFullAXTree');
  await session.detach();
  const group = nodes.find((node) => node.role?.value === 'group' && node.name?.value === 'Digit or colour');
  const inGroup = new Set(group.childIds);
  const found = nodes.filter((node) => inGroup.has(node.nodeId) && node.role?.value === 'button' && node.name?.value === String(digit));
  assert.equal(found.length, 1, `one button named ${digit}`);
  return { name: found[0].name.value, description: found[0].description?.value };
}

async function place(page, row, col, digit) {
  await cellAt(page, row, col).click();
  await page.keyboard.press(String(digit));
}

/** Plays a few right digits and a note, so that the game has something to lose. */
async function playSome(page) {
  await place(page, 1, 3, answer(1, 3));
  await place(page, 1, 4, answer(1, 4));
  await button(page, 'Notes').click();
  await place(page, 1, 6, 2);
  await button(page, 'Notes').click();
}

/** The WCAG contrast of an element's text against its background (opaque colours, as the
 *  digits' buttons draw them). */
function contrastOf(locator) {
  return locator.evaluate((element) => {
    const rgb = (color) => color.match(/[\d.]+/g).slice(0, 3).map(Number);
    const luminance = (color) => {
      const [r, g, b] = rgb(color).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    let back = element;
    while (getComputedStyle(back).backgroundColor.match(/[\d.]+/g)?.[3] === '0') back = back.parentElement;
    const [a, b] = [luminance(getComputedStyle(element).color), luminance(getComputedStyle(back).backgroundColor)];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

describe('taps do what the player means', () => {
  test('a digit typed goes into the cell and picks nothing; the next tap only selects; a reload picks nothing', () => withProfile(async (open) => {
    const page = await open(`#${EASY}`);
    await cellAt(page, 1, 3).click();
    assert.equal(await status(page).textContent(), 'Tap a digit for row 1, column 3');
    await page.keyboard.press('4');
    assert.equal(await cellAt(page, 1, 3).getAttribute('aria-label'), 'row 1, column 3, 4');
    for (let digit = 1; digit <= 9; digit++) {
      assert.equal(await digitButton(page, digit).getAttribute('aria-pressed'), 'false', `${digit} not picked`);
    }
    // The taps that used to place the typed digit everywhere: each only selects.
    for (const [row, col] of [[1, 4], [2, 2], [3, 1]]) {
      await cellAt(page, row, col).click();
      assert.match(await cellAt(page, row, col).getAttribute('aria-label'), /, empty$/);
      assert.equal(await status(page).textContent(), `Tap a digit for row ${row}, column ${col}`);
    }
    // A tap on the cell selected, and Escape, end the selection.
    await cellAt(page, 3, 1).click();
    assert.equal(await page.locator('.cell.selected').count(), 0);
    await cellAt(page, 2, 2).click();
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('.cell.selected').count(), 0);
    // A digit button with a cell selected places it there and picks nothing.
    await cellAt(page, 1, 4).click();
    await digitButton(page, 6).click();
    assert.equal(await cellAt(page, 1, 4).getAttribute('aria-label'), 'row 1, column 4, 6');
    assert.equal(await digitButton(page, 6).getAttribute('aria-pressed'), 'false');
    // With no cell selected it picks the digit, and taps place it, selecting no cell.
    await page.keyboard.press('Escape');
    await digitButton(page, 8).click();
    assert.equal(await digitButton(page, 8).getAttribute('aria-pressed'), 'true');
    assert.equal(await status(page).textContent(), 'Tap a cell to place 8');
    await cellAt(page, 1, 6).click();
    assert.equal(await cellAt(page, 1, 6).getAttribute('aria-label'), 'row 1, column 6, 8');
    assert.equal(await page.locator('.cell.selected').count(), 0);
    await assertAccessible(page, 'with a digit picked');
    // A reload never brings a picked digit back: the first tap selects.
    await page.reload();
    await page.getByRole('gridcell').nth(80).waitFor();
    assert.equal(await digitButton(page, 8).getAttribute('aria-pressed'), 'false');
    await cellAt(page, 1, 7).click();
    assert.match(await cellAt(page, 1, 7).getAttribute('aria-label'), /, empty$/);
  }));

  test('a given selected, then a digit pressed: the digit is picked and highlighted, not the given\'s', () => withProfile(async (open) => {
    const page = await open(`#${EASY}`);
    await cellAt(page, 1, 1).click();
    assert.equal(await status(page).textContent(), 'Row 1, column 1 is a given');
    await digitButton(page, 3).click();
    assert.equal(await digitButton(page, 3).getAttribute('aria-pressed'), 'true');
    const highlighted = await page.locator('.cell.same-digit').evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label')));
    assert.ok(highlighted.length > 0 && highlighted.every((name) => /, 3(, given)?$/.test(name)), highlighted.join('; '));
  }));
});

describe('nothing lost without a question', () => {
  /** The six actions that would leave a game: each asks, and Keep playing keeps it. */
  const actions = {
    'New game': async (page) => { await openPanel(page, 'Menu'); await button(page, 'New game').click(); },
    Daily: (page) => chooseDaily(page),
    Restart: async (page) => { await openPanel(page, 'Menu'); await button(page, 'Restart').click(); },
    'Enter puzzle': async (page) => { await openPanel(page, 'Menu'); await button(page, 'Enter puzzle').click(); },
    Open: async (page) => {
      // The file picker comes with the Menu; the file chosen is what the player picked.
      await openPanel(page, 'Menu');
      await page.locator('#open-file').setInputFiles({ name: 'other.sud', mimeType: 'text/plain', buffer: Buffer.from(OTHER) });
    },
    Paste: async (page) => {
      await openPanel(page, 'Menu');
      const text = page.getByRole('textbox', { name: 'Puzzle text' });
      // The paste box stays open once opened.
      if (!await text.isVisible()) await page.getByText('Paste', { exact: true }).click();
      await text.fill(OTHER);
      await button(page, 'Load').click();
    },
  };

  for (const [name, act] of Object.entries(actions)) {
    test(`${name} asks "Leave this game?" first, and Keep playing keeps the game`, () => withProfile(async (open) => {
      const page = await open(`#${EASY}`);
      await playSome(page);
      const before = await readBoard(page);
      await act(page);
      const dialog = leaveDialog(page);
      await dialog.waitFor();
      assert.match(await dialog.textContent(), /You have played \d+:\d\d and filled 2 cells\.Left, it counts as played, not solved\./);
      assert.equal(await page.getByRole('region', { name: 'Menu' }).count(), 0, 'the Menu closed');
      await assertAccessible(page, `asking before ${name}`);
      await button(page, 'Keep playing').click();
      await dialog.waitFor({ state: 'hidden' });
      assert.deepEqual(await readBoard(page), before, 'the game kept');
      await focusReturnsTo(page, 'Menu', 'the focus back on Menu');
      // Escape answers Keep playing too.
      await act(page);
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      assert.deepEqual(await readBoard(page), before, 'kept again');
    }));
  }

  test('Leave goes on, and the game left counts as played, not solved; a game with nothing to lose is not asked about', () => withProfile(async (open) => {
    const page = await open(`#${EASY}`);
    await openPanel(page, 'Menu');
    await button(page, 'Restart').click();
    assert.equal(await leaveDialog(page).count(), 0, 'nothing to lose: no question');
    await playSome(page);
    await openPanel(page, 'Menu');
    await button(page, 'Restart').click();
    await leaveDialog(page).waitFor();
    await button(page, 'Leave').click();
    await leaveDialog(page).waitFor({ state: 'hidden' });
    const board = await readBoard(page);
    assert.ok(board.every((cell) => cell.given || (!cell.digit && !cell.notes.length)), 'restarted');
    await openPanel(page, 'Menu');
    await button(page, 'Statistics').click();
    const table = page.getByRole('table', { name: 'Statistics' });
    await table.waitFor();
    assert.equal(await page.getByRole('region', { name: 'Menu' }).count(), 0, 'the Menu closed under the dialog');
    const easy = await table.getByRole('row').filter({ hasText: 'Easy' }).getByRole('cell').allTextContents();
    assert.deepEqual(easy.slice(0, 2), ['1', '0'], 'played 1, solved 0');
    await button(page, 'Close').click();
    await focusReturnsTo(page, 'Menu', 'the focus back on Menu');
  }));
});

describe('what is left', () => {
  test('each digit shows how many are still to place, a check mark when none, readable in every state', () => withProfile(async (open) => {
    const page = await open(`#${EASY}`);
    const board = await readBoard(page);
    const left = (digit, cells) => 9 - cells.filter((cell) => cell.digit === digit).length;
    for (let digit = 1; digit <= 9; digit++) {
      const heard = await heardDigit(page, digit);
      assert.deepEqual(heard, { name: String(digit), description: `${left(digit, board)} left` });
      // The count is what shows; " left" is for screen readers alone.
      assert.equal(await digitButton(page, digit).locator('.remaining').evaluate((span) => span.firstChild.textContent), String(left(digit, board)));
    }
    // Placing and erasing count down and up.
    const eights = board.filter((cell) => !cell.digit && answer(cell.row, cell.col) === 8);
    await place(page, eights[0].row, eights[0].col, 8);
    assert.equal((await heardDigit(page, 8)).description, `${left(8, board) - 1} left`);
    await page.keyboard.press('Backspace');
    assert.equal((await heardDigit(page, 8)).description, `${left(8, board)} left`);
    // Every 8 placed: a check mark, "all placed".
    await page.keyboard.press('Escape');
    await digitButton(page, 8).click();
    for (const cell of eights) await cellAt(page, cell.row, cell.col).click();
    assert.equal((await heardDigit(page, 8)).description, 'all placed');
    const eight = digitButton(page, 8);
    assert.match(await eight.locator('.remaining').evaluate((span) => getComputedStyle(span, '::before').content), /^"✓"/);
    assert.match(await eight.getAttribute('class'), /\bcomplete\b/);
    await assertAccessible(page, 'with a digit finished');
    // Readable picked and not, light and dark: the label and the mark, 4.5:1 at least.
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const picked of [true, false]) {
        assert.equal(await eight.getAttribute('aria-pressed'), String(picked));
        for (const [what, locator] of [['label', eight], ['mark', eight.locator('.remaining')]]) {
          const ratio = await contrastOf(locator);
          assert.ok(ratio >= 4.5, `${scheme}, ${picked ? 'picked' : 'not picked'}: the ${what} at ${ratio.toFixed(2)}:1`);
        }
        await eight.click();
      }
    }
  }));
});

describe('mistakes as the player sees them', () => {
  test('only entries made while Show mistakes is on count, and 0 is not shown as an error', () => withProfile(async (open) => {
    const page = await open(`#${EASY}`);
    const wrong = (row, col) => answer(row, col) % 9 + 1;
    await place(page, 1, 3, wrong(1, 3));
    await openPanel(page, 'Menu');
    await button(page, 'Settings').click();
    await page.getByRole('checkbox', { name: 'Show mistakes' }).check();
    await button(page, 'Close').click();
    const mistakes = page.locator('.mistakes');
    assert.equal(await mistakes.textContent(), 'Mistakes: 0', 'made before: not counted');
    const colours = await page.evaluate(() => {
      const probe = document.createElement('p');
      probe.style.color = 'var(--muted)';
      document.body.append(probe);
      const muted = getComputedStyle(probe).color;
      probe.remove();
      return [getComputedStyle(document.querySelector('.mistakes')).color, muted];
    });
    assert.equal(colours[0], colours[1], '0 in the plain muted colour');
    await place(page, 1, 4, wrong(1, 4));
    assert.equal(await mistakes.textContent(), 'Mistakes: 1');
    assert.notEqual(await mistakes.evaluate((p) => getComputedStyle(p).color), colours[1], 'a mistake in red');
  }));
});

describe('a phone layout with room', () => {
  const phones = [[320, 568], [360, 640], [390, 844]];

  /** Whether every control of the bar is wholly on the screen, on one line, and no text in it
   *  is cut off. */
  async function barFits(page, state) {
    const report = await page.evaluate(() => {
      const bar = document.querySelector('.bar').getBoundingClientRect();
      const offScreen = [...document.querySelectorAll('.bar button')]
        .filter((b) => { const r = b.getBoundingClientRect(); return r.left < 0 || r.right > innerWidth || r.top < 0; })
        .map((b) => b.textContent);
      const cut = [...document.querySelectorAll('.bar .level, .bar .mistakes, .bar .clock')]
        .filter((e) => e.scrollWidth > e.clientWidth + 0.5)
        .map((e) => e.textContent);
      const level = document.querySelector('.level');
      const lines = Math.round(level.getBoundingClientRect().height / parseFloat(getComputedStyle(level).lineHeight));
      return { height: bar.height, offScreen, cut, lines };
    });
    assert.deepEqual(report.offScreen, [], `${state}: controls off the screen`);
    assert.deepEqual(report.cut, [], `${state}: texts cut off`);
    assert.equal(report.lines, 1, `${state}: the level on one line`);
    assert.ok(report.height <= 48, `${state}: one line of controls (${report.height} px)`);
  }

  for (const [width, height] of phones) {
    test(`at ${width}×${height} the bar fits in every state`, () => withProfile(async (open) => {
      const page = await open('', () => localStorage.setItem('sudoku-show-mistakes', 'on'));
      await barFits(page, 'a first game');
      await chooseDaily(page);
      await page.waitForFunction(() => /^Daily · \w+ · [\d.]+$/.test(document.querySelector('.level').textContent));
      assert.match(await page.locator('.mistakes').textContent(), /^Mistakes: \d+$/);
      await barFits(page, 'Daily, Show mistakes');
      await button(page, 'Pause').click();
      assert.equal(await button(page, 'Resume').count(), 1);
      await barFits(page, 'paused');
      await assertAccessible(page, `paused at ${width} px`);
      await button(page, 'Resume').click();
      // The longest levels the bar can show, in the element that shows them.
      for (const level of ['Daily · Extreme · 10.5', 'Extreme · beyond', 'unrated']) {
        await page.evaluate((text) => { document.querySelector('.level').textContent = text; }, level);
        await barFits(page, level);
      }
    }, { viewport: { width, height }, isMobile: true, hasTouch: true }));
  }

  test('tools are icons over their words, 44 px square at least, and Undo and Redo stay with the Solver open', () => withProfile(async (open) => {
    const page = await open(`#${EASY}`);
    const tools = page.getByRole('group', { name: 'Tools' }).getByRole('button');
    const names = await tools.allTextContents();
    assert.deepEqual(names, ['Undo', 'Redo', 'Erase', 'Notes', 'Help', 'Colour', 'Check', 'Hint']);
    for (let i = 0; i < names.length; i++) {
      const tool = tools.nth(i);
      const box = await tool.boundingBox();
      assert.ok(box.width >= 44 && box.height >= 44, `${names[i]}: ${box.width}×${box.height}`);
      const icon = await tool.evaluate((b) => getComputedStyle(b, '::before').maskImage);
      assert.match(icon, /^url\("data:image\/svg\+xml/, `${names[i]} has an icon`);
    }
    await place(page, 1, 3, answer(1, 3));
    await openPanel(page, 'Solver');
    for (const name of ['Undo', 'Redo']) {
      const box = await button(page, name).boundingBox();
      assert.ok(box && box.y + box.height <= 844 && box.y >= 0, `${name} on the screen with the Solver open`);
    }
    await button(page, 'Undo').click();
    assert.match(await cellAt(page, 1, 3).getAttribute('aria-label'), /, empty$/);
    await assertAccessible(page, 'with the Solver open on a phone');
  }, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }));
});

describe('cages never cover digits', () => {
  for (const [width, height] of [[360, 640], [390, 844], [844, 390], [1366, 768]]) {
    test(`at ${width}×${height} no small digit lies under a cage's sum, and the sums are 9 px tall at least`, () => withProfile(async (open) => {
      const page = await open(`#fpuzzles${KILLER.payload}`);
      await page.waitForFunction(() => document.querySelectorAll('.rules .cage-sum').length > 0);
      // Every candidate drawn, and every note (1 to 9) in each cell bearing a sum.
      await openPanel(page, 'Solver');
      await button(page, 'Candidates').click();
      await button(page, 'Solver').click();
      const overlaps = async (what) => page.evaluate((kind) => {
        const sums = [...document.querySelectorAll('.rules .cage-sum')].map((text) => text.getBoundingClientRect());
        const small = [...document.querySelectorAll(`.cell .${kind}`)].map((span) => {
          const range = document.createRange();
          range.selectNodeContents(span);
          return range.getBoundingClientRect();
        });
        const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        return {
          count: small.length,
          over: small.filter((box) => sums.some((sum) => meet(box, sum))).length,
          shortest: Math.min(...sums.map((sum) => sum.height)),
        };
      }, what);
      const candidates = await overlaps('cand');
      assert.ok(candidates.count > 100, `candidates drawn: ${candidates.count}`);
      assert.equal(candidates.over, 0, 'no candidate under a sum');
      assert.ok(candidates.shortest >= 9, `the sums ${candidates.shortest.toFixed(1)} px tall`);
      // Notes 1 to 9 in every cell that bears a sum.
      const corners = await page.locator('.cell.sum-corner').count();
      assert.ok(corners > 0);
      await button(page, 'Notes').click();
      for (let i = 0; i < corners; i++) {
        await page.locator('.cell.sum-corner').nth(i).click();
        for (let digit = 1; digit <= 9; digit++) await page.keyboard.press(String(digit));
        await page.keyboard.press('Escape');
      }
      const notes = await overlaps('note');
      assert.equal(notes.count, corners * 9);
      assert.equal(notes.over, 0, 'no note under a sum');
      await assertAccessible(page, `a Killer with notes at ${width} px`);
    }, { viewport: { width, height } }));
  }
});

describe('a reward for solving', () => {
  test('completing a row waves over it; solving opens "Solved" with the puzzle, the time, mistakes and hints, and its three buttons', () => withProfile(async (open) => {
    const page = await open(`#${EASY}`);
    await page.waitForFunction(() => !document.querySelector('.level').textContent.includes('Rating'));
    await button(page, 'Hint').click();
    await page.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('Look at'));
    const board = await readBoard(page);
    const empty = board.filter((cell) => !cell.digit);
    // Row 1 filled: its nine cells wave, and only while nothing else has happened.
    for (const cell of empty.filter((c) => c.row === 1)) await place(page, cell.row, cell.col, answer(cell.row, cell.col));
    const waving = await page.locator('.cell.wave').evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label')));
    assert.ok(waving.length >= 9 && [1, 2, 3, 4, 5, 6, 7, 8, 9].every((col) => waving.some((name) => name.startsWith(`row 1, column ${col}, `))), waving.join('; '));
    await assertAccessible(page, 'a row completed');
    for (const cell of empty.filter((c) => c.row > 1)) await place(page, cell.row, cell.col, answer(cell.row, cell.col));
    assert.equal(await page.locator('.cell.wave').count(), 81, 'the solve waves over the board');
    const dialog = page.getByRole('dialog', { name: 'Solved' });
    await dialog.waitFor();
    assert.match(await dialog.locator('#solved-report').textContent(), /^Easy · 1\.2, solved in \d+:\d\d\.\nMistakes: 0 · Hints: 1$/);
    for (const name of ['New game', 'Share', 'Statistics', 'Close']) {
      assert.equal(await dialog.getByRole('button', { name, exact: true }).count(), 1, name);
    }
    await assertAccessible(page, 'with Solved open');
    await dialog.getByRole('button', { name: 'Statistics', exact: true }).click();
    const table = page.getByRole('table', { name: 'Statistics' });
    await table.waitFor();
    const easy = await table.getByRole('row').filter({ hasText: 'Easy' }).getByRole('cell').allTextContents();
    assert.deepEqual(easy.slice(0, 2), ['1', '1'], 'played 1, solved 1');
    await button(page, 'Close').click();
    // New game from a solved game asks nothing.
    await openPanel(page, 'Menu');
    await button(page, 'New game').click();
    assert.equal(await leaveDialog(page).count(), 0);
  }));

  test('a game finished by Hint\'s third press says in "Solved" that it is not counted, and why', () => withProfile(async (open) => {
    const page = await open(`#${EASY}`);
    const board = await readBoard(page);
    const empty = board.filter((cell) => !cell.digit);
    for (const cell of empty.slice(1)) await place(page, cell.row, cell.col, answer(cell.row, cell.col));
    for (const stage of ['Look at', 'Hint again does it.', 'Solved!']) {
      await button(page, 'Hint').click();
      await page.waitForFunction((text) => document.querySelector('[role=status]').textContent.includes(text), stage);
    }
    const dialog = page.getByRole('dialog', { name: 'Solved' });
    await dialog.waitFor();
    assert.match(await dialog.locator('#solved-report').textContent(), /Hints: 1\nNot counted as solved in Statistics: the solver placed digits \(Hint's third press, Step, Solve or Solve by search\)\.$/);
    await assertAccessible(page, 'Solved with help');
  }));
});
