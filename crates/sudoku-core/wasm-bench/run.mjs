// Times the search solver compiled to wasm (src/main.rs) in Node: counting solutions
// up to 2 on each set, puzzles per second, best of at least 3 rounds and of as many as fit in
// about a second, like `cargo bench --bench search`.
//
// Usage: node crates/sudoku-core/wasm-bench/run.mjs MODULE.wasm SET.csv...

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const [modulePath, ...sets] = process.argv.slice(2);
const { instance } = await WebAssembly.instantiate(readFileSync(modulePath), {});
const { memory, puzzle_buffer: puzzleBuffer, count_unique: countUnique } = instance.exports;

console.log('| set | puzzles | wasm, puzzles/s |');
console.log('| --- | ---: | ---: |');
for (const set of sets) {
  const puzzles = readFileSync(set, 'utf8').split('\n')
    .map((line) => line.split(',')[0].trim())
    .filter((puzzle) => puzzle.length === 81);
  const at = puzzleBuffer(puzzles.length);
  const buffer = new Uint8Array(memory.buffer, at, puzzles.length * 81);
  puzzles.forEach((puzzle, i) => {
    for (let j = 0; j < 81; j++) {
      const code = puzzle.charCodeAt(j) - 48;
      buffer[i * 81 + j] = code >= 1 && code <= 9 ? code : 0;
    }
  });
  let best = Infinity;
  const started = performance.now();
  for (let round = 0; round < 3 || performance.now() - started < 1000; round++) {
    const start = performance.now();
    const unique = countUnique(at, puzzles.length);
    best = Math.min(best, performance.now() - start);
    if (unique !== puzzles.length) throw new Error(`${set}: ${puzzles.length - unique} puzzles without one solution`);
  }
  console.log(`| ${basename(set)} | ${puzzles.length} | ${Math.round(puzzles.length / (best / 1000))} |`);
}
