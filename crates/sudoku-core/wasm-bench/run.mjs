// Times the search solver compiled to wasm (src/main.rs) in Node: counting solutions
// up to 2 on each set, puzzles per second, best of at least 3 rounds and of as many as fit in
// about a second, like the native benchmarks. With `--native FILE` (the output of
// `cargo bench --bench engines`), also the ratio to each native engine on the same set.
//
// Usage: node crates/sudoku-core/wasm-bench/run.mjs [--native FILE] MODULE.wasm SET.csv...

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const args = process.argv.slice(2);
const nativeFile = args[0] === '--native' ? args.splice(0, 2)[1] : null;
const [modulePath, ...sets] = args;

// The native table: { engines: [names], rates: Map(set -> [puzzles per second]) }.
const native = { engines: [], rates: new Map() };
if (nativeFile) {
  const rows = readFileSync(nativeFile, 'utf8').split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| ---'))
    .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
  native.engines = rows[0].slice(2);
  for (const row of rows.slice(1)) native.rates.set(row[0], row.slice(2).map(Number));
}

const { instance } = await WebAssembly.instantiate(readFileSync(modulePath), {});
const { memory, puzzle_buffer: puzzleBuffer, count_unique: countUnique } = instance.exports;

const ratioHeads = native.engines.map((engine) => ` against native ${engine} |`).join('');
console.log(`| set | puzzles | wasm, puzzles/s |${ratioHeads}`);
console.log(`| --- | ---: | ---: |${' ---: |'.repeat(native.engines.length)}`);
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
  const rate = puzzles.length / (best / 1000);
  const nativeRates = native.rates.get(basename(set)) ?? native.engines.map(() => NaN);
  const ratios = nativeRates.map((nativeRate) => ` ${(rate / nativeRate).toFixed(2)}× |`).join('');
  console.log(`| ${basename(set)} | ${puzzles.length} | ${Math.round(rate)} |${ratios}`);
}
