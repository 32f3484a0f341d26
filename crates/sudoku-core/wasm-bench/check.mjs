// Checks the search solver compiled to wasm (src/main.rs) in Node: each engine the build runs
// (the web build has both, the vector engine on 128-bit SIMD) must find exactly the published
// solution of every puzzle of the .csv collections, and two solutions for every puzzle of
// serg_multi_solution.txt, the first one the same for both engines and a solution of the puzzle.
// Exits non-zero on the first wrong answer, or if the module lacks the vector engine.
//
// Usage: node crates/sudoku-core/wasm-bench/check.mjs MODULE.wasm DATA_FOLDER

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const [modulePath, folder] = process.argv.slice(2);
const { instance } = await WebAssembly.instantiate(readFileSync(modulePath), {});
const { memory, puzzle_buffer: puzzleBuffer, solve_each: solveEach } = instance.exports;

const values = (text) => Array.from(text, (c) => (c >= '1' && c <= '9' ? c.charCodeAt(0) - 48 : 0));

// Whether `grid` (81 values) is complete, obeys the rules and keeps the clues of `puzzle`.
const solves = (grid, puzzle) => {
  const houses = [];
  for (let i = 0; i < 9; i++) {
    const box = (Math.floor(i / 3) * 3) * 9 + (i % 3) * 3;
    houses.push(
      Array.from({ length: 9 }, (_, j) => i * 9 + j),
      Array.from({ length: 9 }, (_, j) => j * 9 + i),
      Array.from({ length: 9 }, (_, j) => box + Math.floor(j / 3) * 9 + (j % 3)),
    );
  }
  return houses.every((house) => new Set(house.map((c) => grid[c])).size === 9 && house.every((c) => grid[c] >= 1))
    && puzzle.every((v, c) => v === 0 || v === grid[c]);
};

// Each engine's answers for the puzzles, counting to `limit`: [count, first solution] per puzzle.
const solveAll = (puzzles, engine, limit) => {
  const at = puzzleBuffer(puzzles.length);
  new Uint8Array(memory.buffer, at, puzzles.length * 81).set(puzzles.flat());
  const out = puzzleBuffer(Math.ceil((puzzles.length * 82) / 81));
  if (!solveEach(at, puzzles.length, engine, limit, out)) throw new Error(`the module lacks engine ${engine}`);
  const answers = new Uint8Array(memory.buffer, out, puzzles.length * 82);
  return puzzles.map((_, i) => [answers[i * 82], Array.from(answers.subarray(i * 82 + 1, i * 82 + 82))]);
};

let checked = 0;
const fail = (what) => {
  console.error(`wasm engines: ${what}`);
  process.exit(1);
};
for (const file of readdirSync(folder).sort()) {
  const path = join(folder, file);
  if (file.endsWith('.csv')) {
    const rows = readFileSync(path, 'utf8').split('\n').map((line) => line.split(','))
      .filter((row) => row.length >= 2 && row[0].trim().length === 81);
    const puzzles = rows.map((row) => values(row[0].trim()));
    for (const engine of [0, 1]) {
      solveAll(puzzles, engine, 2).forEach(([count, first], i) => {
        if (count !== 1 || first.join('') !== rows[i][1].trim()) fail(`${file}:${i + 1}: engine ${engine} found ${count} solutions, first ${first.join('')}`);
      });
    }
    checked += puzzles.length;
    console.log(`${file}: ${puzzles.length} puzzles, both engines give the published solution`);
  } else if (file === 'serg_multi_solution.txt') {
    const puzzles = readFileSync(path, 'utf8').split('\n').map((line) => line.trim())
      .filter((line) => line.length === 81).map(values);
    const [scalar, vector] = [0, 1].map((engine) => solveAll(puzzles, engine, 2));
    puzzles.forEach((puzzle, i) => {
      const [[count, first], [vectorCount, vectorFirst]] = [scalar[i], vector[i]];
      if (count !== 2 || vectorCount !== 2) fail(`${file}:${i + 1}: ${count} and ${vectorCount} solutions`);
      if (first.join('') !== vectorFirst.join('')) fail(`${file}:${i + 1}: the engines' first solutions differ`);
      if (!solves(first, puzzle)) fail(`${file}:${i + 1}: not a solution`);
    });
    checked += puzzles.length;
    console.log(`${file}: ${puzzles.length} puzzles, both engines count 2 and find the same first solution`);
  }
}
if (checked === 0) fail(`no puzzles in ${folder}`);
console.log(`wasm engines: ${checked} puzzles checked`);
