// Rangsk's f-puzzles test puzzles (github.com/dclamage/SudokuSolverRust, AGPL, in
// `standard-constraints/src/fpuzzles_parser/fpuzzles_test_data.rs`): each puzzle's name (the
// comment above it), its f-puzzles payload and its published solution, for those of 9×9, as the
// examples' JSON lines {"name", "fpuzzles", "solution"} that the examples benchmark reads. The
// puzzles are read from a checkout, not kept in this repository.
//
//   node tools/rangsk-examples.mjs <checkout>/standard-constraints/src/fpuzzles_parser/fpuzzles_test_data.rs > /tmp/rangsk.jsonl
//   EXAMPLES=/tmp/rangsk.jsonl cargo bench -p sudoku-core --bench examples
import { readFileSync } from 'node:fs';

const source = readFileSync(process.argv[2], 'utf8');
const entry = /\/\/\s*(.*?)\n\s*\(\s*r#"(.*?)"#,\s*r#"(.*?)"#/gs;
for (const [, comment, payload, solution] of source.matchAll(entry)) {
  if (solution.length !== 81) continue;
  // `"Clipped" by glum_hippo: Arrow, …` or `Entropic Lines 101 by …`: the title alone.
  const name = comment.replace(/^"([^"]*)".*$/, '$1').replace(/ by .*$/, '').trim();
  console.log(JSON.stringify({ name, fpuzzles: payload, solution }));
}
