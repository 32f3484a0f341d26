// Hint's words, from the worker of the release build in dist/, in headless Chromium: 200 puzzles
// of the shared collections solved by asking the worker for one hint after another, as Hint asks.
// Every step comes with words for Hint's three stages, free of notation, the last naming each cell
// and digit the step changes (the checks of crates/sudoku-core/tests/plain.rs); the steps are
// those of `sudoku steps` on the same puzzles, so every technique of that solve is met, 40 of them.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium, root, serveDist } from './support.mjs';

/** The puzzles: the first of each collection, easy to hardest. The hardest list's first 32 bring
 *  nested forcing chains, an ALS-XZ (its 31st) and a verity forcing chain (its 32nd). */
const COLLECTIONS = [
  ['unbiased_1000.csv', 40],
  ['se_rated_hard_a.csv', 88],
  ['magictour_top1465.csv', 40],
  ['forum_hardest_1106.csv', 32],
];

/** The techniques those puzzles meet, of the 45 a classic puzzle may need. */
const TECHNIQUES_MET = 40;

/** The longest first stage: about two lines of a phone's message area (as plain.rs). */
const LOOK_LENGTH = 120;

let server;
let browser;
before(async () => {
  server = await serveDist();
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** The first `count` puzzles of `file` in ../shared/data: `{ puzzle, solution }`, 81 characters
 *  each. */
async function puzzlesOf(file, count) {
  const path = join(root, '../shared/data', file);
  const csv = await readFile(path, 'utf8').catch(() => {
    throw new Error(`${path} is missing: the tests read the shared puzzle data there`);
  });
  const puzzles = csv.split('\n').filter((line) => /^[.1-9]{81},[1-9]{81}/.test(line)).slice(0, count)
    .map((line) => ({ puzzle: line.slice(0, 81), solution: line.slice(82, 163) }));
  assert.equal(puzzles.length, count, `${file} has ${count} puzzles`);
  return puzzles;
}

/** `sudoku steps --json` on `puzzles`: each puzzle's steps as `{ technique, text }`. The command
 *  is the one `.ci/test` built (SUDOKU_CLI), else built now. */
function stepsOfCommand(puzzles) {
  const built = process.env.SUDOKU_CLI;
  const [command, args] = built
    ? [built, ['steps', '--json', '-']]
    : ['cargo', ['run', '--release', '--quiet', '--package', 'sudoku-cli', '--bin', 'sudoku', '--', 'steps', '--json', '-']];
  const output = execFileSync(command, args, {
    cwd: root, encoding: 'utf8', input: puzzles.join('\n'), maxBuffer: 256 * 1024 * 1024,
  });
  const steps = puzzles.map(() => []);
  for (const line of output.trim().split('\n')) {
    const record = JSON.parse(line);
    if ('technique' in record) steps[record.puzzle - 1].push({ technique: record.technique, text: record.text });
  }
  return steps;
}

/** In the page: starts the game's worker (dist/worker_loader.js) and waits until it listens, which
 *  it says with a first message; `window.ask(bytes)` then posts a request and resolves with the
 *  answer's bytes, or fails if the worker does, or if no answer comes: the worker leaves a request
 *  it cannot read unanswered (a step takes a second at most). */
async function startWorker() {
  const worker = new Worker('worker_loader.js');
  const failed = new Promise((_, fail) => {
    worker.addEventListener('error', (event) => fail(new Error(`the worker failed: ${event.message}`)));
  });
  await Promise.race([new Promise((listening) => { worker.onmessage = listening; }), failed]);
  window.ask = (bytes) => Promise.race([failed, new Promise((answered, unanswered) => {
    const waiting = setTimeout(() => unanswered(new Error('no answer in 60 s: is the request one the worker reads?')), 60000);
    worker.onmessage = (event) => {
      clearTimeout(waiting);
      answered(event.data);
    };
    worker.postMessage(bytes);
  })]);
}

/** In the page: solves `puzzle` (81 characters, `.` for a blank) by asking the worker for the
 *  simplest step on the board and the candidates taken out so far, as Hint asks, then placing and
 *  taking out what the step says, until the board is full or no step comes. Returns the steps
 *  (technique, sentence, changes and words) and the board's 81 digits.
 *
 *  The messages are postcard's form of `Request` and `Answer` (src/worker.rs): integers, lengths
 *  and enum variants as varints, a u8 as its byte, an Option as a tag 0 or 1 before its value,
 *  structs and tuples as their fields in order, a string as its length and its UTF-8 bytes. */
async function solveByHints(puzzle) {
  const utf8 = new TextEncoder();
  const fromUtf8 = new TextDecoder('utf-8', { fatal: true });

  // Request { id, job: Job::Step { board, rules, eliminated, only } }
  const request = (id, entries, eliminated) => {
    const out = [];
    const varint = (n) => {
      for (; n >= 0x80; n >>>= 7) out.push((n & 0x7f) | 0x80);
      out.push(n);
    };
    const string = (text) => {
      const bytes = utf8.encode(text);
      varint(bytes.length);
      out.push(...bytes);
    };
    varint(id);
    varint(1); // Job::Step
    // The board as a Grid travels (sudoku-core's wire.rs): the givens' line, the entries' line.
    string(puzzle);
    string(entries.join(''));
    varint(0); // rules: none, the classic ones
    varint(eliminated.length);
    for (const { cell, digit } of eliminated) out.push(cell, digit); // a Candidate: cell index, digit
    out.push(0); // only: None, the simplest step
    return new Uint8Array(out);
  };

  // Answer { id, done: Done::Step(Option<(Step, Plain)>) }
  const answer = (bytes) => {
    let at = 0;
    const byte = () => {
      if (at >= bytes.length) throw new Error('the answer ends early');
      return bytes[at++];
    };
    const varint = () => {
      let n = 0;
      for (let shift = 0; ; shift += 7) {
        const b = byte();
        n += (b & 0x7f) * 2 ** shift;
        if (b < 0x80) return n;
      }
    };
    const list = (item) => Array.from({ length: varint() }, () => item());
    const string = () => {
      const length = varint();
      if (at + length > bytes.length) throw new Error('the answer ends early');
      at += length;
      return fromUtf8.decode(bytes.subarray(at - length, at));
    };
    const candidate = () => ({ cell: byte(), digit: byte() });
    const node = () => ({ cells: list(byte), digit: byte() }); // a set of cells travels as its cells
    const id = varint();
    const done = varint();
    if (done !== 1) throw new Error(`answer ${id} is Done's variant ${done}, not Step`);
    let step = null;
    if (byte() === 1) {
      step = {
        technique: string(),
        placements: list(candidate),
        eliminations: list(candidate),
        pattern: list(candidate),
        houses: list(byte),
        coverHouses: list(byte),
        links: list(() => ({ from: node(), to: node(), inference: varint() })),
        text: string(),
        detail: list(string),
        rules: list(varint),
        words: { look: string(), why: string(), what: string() },
      };
    }
    if (at !== bytes.length) throw new Error(`answer ${id} has ${bytes.length - at} bytes after its step`);
    return { id, step };
  };

  const entries = [...puzzle].map(() => '.');
  const eliminated = [];
  const taken = new Set(); // the candidates of `eliminated`, as cell * 10 + digit
  const steps = [];
  const open = () => [...puzzle].some((given, cell) => given === '.' && entries[cell] === '.');
  for (let id = 1; open(); id++) {
    const reply = answer(new Uint8Array(await window.ask(request(id, entries, eliminated))));
    if (reply.id !== id) throw new Error(`asked ${id}, answered ${reply.id}`);
    const { step } = reply;
    if (!step) break;
    steps.push({
      technique: step.technique, text: step.text, placements: step.placements,
      eliminations: step.eliminations, words: step.words,
    });
    let changed = false;
    for (const { cell, digit } of step.placements) {
      if (puzzle[cell] === '.' && entries[cell] === '.') {
        entries[cell] = String(digit);
        changed = true;
      }
    }
    for (const candidate of step.eliminations) {
      const key = candidate.cell * 10 + candidate.digit;
      if (!taken.has(key)) {
        taken.add(key);
        eliminated.push(candidate);
        changed = true;
      }
    }
    // The same board would get the same step again.
    if (!changed) break;
  }
  return { steps, board: [...puzzle].map((given, cell) => (given === '.' ? entries[cell] : given)).join('') };
}

/** The first piece of notation in `text`, if any: `<>`, `=>`, any `=`, a `{` set, or a cell
 *  written `r2c3`. */
function notation(text) {
  return ['<>', '=>', '=', '{'].find((sign) => text.includes(sign)) ?? /r\dc\d/.exec(text)?.[0];
}

/** A list of numbers 1–9 at the start of a string: "1, 2 and 5" (or "… or 5"). */
const listed = '[1-9](?![0-9])(?:(?:, | and | or )[1-9](?![0-9]))*';

/** The cells `text` names, as indices 0–80: "row 3, column 5", a row's cells together, "row 3,
 *  columns 1, 2 and 5", or a column's, "column 4, rows 1 and 7". */
function namedCells(text) {
  const cells = new Set();
  const numbers = (list) => list.match(/[1-9]/g).map(Number);
  for (const [, row, columns] of text.matchAll(new RegExp(`row ([1-9])(?![0-9]), columns? (${listed})`, 'g'))) {
    for (const column of numbers(columns)) cells.add((row - 1) * 9 + column - 1);
  }
  for (const [, column, rows] of text.matchAll(new RegExp(`column ([1-9])(?![0-9]), rows (${listed})`, 'g'))) {
    for (const row of numbers(rows)) cells.add((row - 1) * 9 + +column - 1);
  }
  return cells;
}

const cellName = (cell) => `r${Math.floor(cell / 9) + 1}c${cell % 9 + 1}`;

/** Checks the words of `step`, a step of the puzzle `at` names. */
function checkWords(step, at) {
  const { look, what } = step.words;
  const of = `${at}, \`${step.text}\``;
  for (const [stage, text] of Object.entries(step.words)) {
    assert.ok(text.length > 0, `no ${stage} for ${of}`);
    const found = notation(text);
    assert.equal(found, undefined, `${stage} of ${of} has \`${found}\`: ${text}`);
  }
  assert.ok(look.length <= LOOK_LENGTH, `look of ${of} is long: ${look}`);
  const named = namedCells(what);
  for (const { cell, digit } of [...step.placements, ...step.eliminations]) {
    assert.ok(named.has(cell), `what of ${of} misses ${cellName(cell)}: ${what}`);
    assert.ok(what.includes(String(digit)), `what of ${of} misses digit ${digit}: ${what}`);
  }
}

test('the worker\'s hint words, over the steps of 200 puzzles, are free of notation and name what changes', { timeout: 300000 }, async (t) => {
  const cases = [];
  for (const [file, count] of COLLECTIONS) {
    for (const [index, puzzle] of (await puzzlesOf(file, count)).entries()) cases.push({ ...puzzle, at: `${file} ${index + 1}` });
  }
  const expected = stepsOfCommand(cases.map(({ puzzle }) => puzzle));

  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  // A page of the server's own with nothing of the game on it, so that it can start the game's
  // worker and nothing else runs beside it.
  await page.route(`${server.url}hints.html`, (route) => route.fulfill({
    contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Hints</title></html>',
  }));
  await page.goto(`${server.url}hints.html`);
  await page.evaluate(startWorker);

  const met = {};
  for (const [index, { puzzle, solution, at }] of cases.entries()) {
    const { steps, board } = await page.evaluate(solveByHints, puzzle);
    for (const step of steps) {
      checkWords(step, at);
      met[step.technique] = (met[step.technique] ?? 0) + 1;
    }
    assert.equal(board, solution, `${at}: solved by hints (stopped after ${steps.length} steps)`);
    assert.deepEqual(steps.map(({ technique, text }) => ({ technique, text })), expected[index], `${at}: the steps of \`sudoku steps\``);
  }
  await page.close();
  t.diagnostic(`steps per technique: ${JSON.stringify(met)}`);
  assert.ok(Object.keys(met).length >= TECHNIQUES_MET, `${Object.keys(met).length} techniques met, not ${TECHNIQUES_MET}`);
  assert.deepEqual(errors, [], 'no errors on the page');
});
