// The example puzzles of the Interactive Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver,
// MIT), those whose rules are all ones the core knows, as f-puzzles JSON with their solutions:
// one JSON object per line, {"name", "kinds", "fpuzzles", "solution"}.
//
//   node tools/iss-examples.mjs <checkout>/data/example_puzzles.js > crates/sudoku-core/tests/data/iss_examples.jsonl
//
// Its constraint strings (`.Thermo~R1C1~R1C2.~R5C5_3`) map to f-puzzles' keys as both solvers
// read them: a pill arrow's number reads left to right and top to bottom in the ISS and in the
// order given in f-puzzles, so its cells are sorted; a little killer is named by the first cell of
// its diagonal, from the left, right, top or bottom edge.
import { pathToFileURL } from 'node:url';

const { DISPLAYED_EXAMPLES } = await import(pathToFileURL(process.argv[2]).href);

const at = (id) => {
  const [, row, col] = /^R(\d)C(\d)$/.exec(id);
  return [+row, +col];
};
const name = ([row, col]) => `R${row}C${col}`;
const byReading = (a, b) => at(a)[0] - at(b)[0] || at(a)[1] - at(b)[1];

/// The f-puzzles document of an ISS input, or null when a rule is not one of the table's.
function convert(input) {
  const grid = Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => ({})));
  const doc = { size: 9, grid };
  const push = (key, entry) => (doc[key] ??= []).push(entry);
  const kinds = new Set();
  for (const part of input.split('.').filter(Boolean)) {
    const [type, ...args] = part.split('~');
    if (type === '') {
      for (const given of args) {
        const [cell, ...values] = given.split('_');
        if (values.length !== 1) return null; // pencil marks
        const [row, col] = at(cell);
        grid[row - 1][col - 1] = { value: +values[0], given: true };
      }
      continue;
    }
    kinds.add(type);
    switch (type) {
      case 'Thermo': push('thermometer', { lines: [args] }); break;
      case 'Whisper': {
        const [value, cells] = /^\d+$/.test(args[0]) ? [+args[0], args.slice(1)] : [5, args];
        push('whispers', { lines: [cells], value });
        break;
      }
      case 'Renban': push('renban', { lines: [args] }); break;
      case 'Between': push('betweenline', { lines: [args] }); break;
      case 'Palindrome': push('palindrome', { lines: [args] }); break;
      case 'RegionSumLine': push('regionsumline', { lines: [args] }); break;
      case 'WhiteDot': push('difference', { cells: args }); break;
      case 'BlackDot': push('ratio', { cells: args }); break;
      case 'X': case 'V': push('xv', { cells: args, value: type }); break;
      case 'Cage':
        if (!/^\d+$/.test(args[0])) return null;
        push('killercage', { cells: args.slice(1), value: args[0] });
        break;
      case 'Arrow': push('arrow', { cells: [args[0]], lines: [args] }); break;
      case 'PillArrow': {
        const cells = args.slice(1);
        push('arrow', { cells: cells.slice(0, +args[0]).sort(byReading), lines: [cells] });
        break;
      }
      case 'LittleKiller': {
        const [row, col] = at(args[1]);
        const [dr, dc, direction] =
          col === 1 && row < 9 ? [1, 1, 'DR'] :
          col === 9 && row > 1 && row < 9 ? [-1, -1, 'UL'] :
          row === 1 && col > 1 ? [1, -1, 'DL'] :
          [-1, 1, 'UR'];
        push('littlekillersum', { cell: name([row - dr, col - dc]), direction, value: args[0], cells: [] });
        break;
      }
      case 'Sandwich': {
        const line = args[1];
        push('sandwichsum', { cell: line[0] === 'C' ? `R0C${line.slice(1)}` : `R${line.slice(1)}C0`, value: args[0] });
        break;
      }
      case 'Diagonal': doc[args[0] === '1' ? 'diagonal-' : 'diagonal+'] = true; break;
      case 'Quad': {
        const [row, col] = at(args[0]);
        const cells = [[row, col], [row, col + 1], [row + 1, col], [row + 1, col + 1]].map(name);
        push('quadruple', { cells, values: args.slice(1).map(Number) });
        break;
      }
      case 'AntiKnight': doc.antiknight = true; break;
      case 'AntiKing': doc.antiking = true; break;
      case 'DisjointSets': doc.disjointgroups = true; break;
      case 'AntiConsecutive': doc.nonconsecutive = true; break;
      case 'Windoku':
        for (const [row, col] of [[2, 2], [2, 6], [6, 2], [6, 6]]) {
          const cells = [0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => name([row + r, col + c])));
          push('extraregion', { cells });
        }
        break;
      default: return null;
    }
  }
  return { kinds: [...kinds].sort(), doc };
}

for (const puzzle of DISPLAYED_EXAMPLES) {
  const input = typeof puzzle.input === 'string' ? puzzle.input : null;
  if (!input || !/^\d{81}$/.test(puzzle.solution ?? '')) continue;
  const converted = convert(input);
  if (!converted) continue;
  const fpuzzles = JSON.stringify({ ...converted.doc, title: puzzle.name });
  console.log(JSON.stringify({ name: puzzle.name, kinds: converted.kinds, fpuzzles, solution: puzzle.solution }));
}
