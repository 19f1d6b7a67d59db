// Start-position perft of koma's bundled variants against independent implementations, installed
// from package.json and never copied: Fairy-Stockfish's WebAssembly build (ffish) and shogiops.
// Each row of perft.txt names a koma variant, an oracle with its name for the variant, a depth
// and, optionally, an SFEN to count from (the start position otherwise); the oracle's count is computed here by walking its legal moves, koma's by `koma perft`.
// On a mismatch both sides' divides are printed, move by move in USI, to narrow it down.
//
// usage: node perft.mjs KOMA_BINARY [DATA_FILE] [--only SLUG]
// Exit status: 0 when every row agrees, 1 on any mismatch, 2 on a usage or data error.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initialSfen, parseSfen } from 'shogiops/sfen';
import { parseUsi } from 'shogiops/util';

import { legal_moves } from './shogiops_moves.mjs';

const here = dirname(fileURLToPath(import.meta.url));

function usage(message) {
  console.error(`oracle perft: ${message}\nusage: node perft.mjs KOMA_BINARY [DATA_FILE] [--only SLUG]`);
  process.exit(2);
}

function parse_args(argv) {
  const args = { koma: undefined, data: join(here, 'perft.txt'), only: undefined };
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--only') args.only = argv[++i];
    else if (argv[i].startsWith('-')) usage(`unexpected argument '${argv[i]}'`);
    else rest.push(argv[i]);
  }
  if (rest.length < 1 || rest.length > 2) usage('the koma binary is required');
  args.koma = rest[0];
  if (rest[1]) args.data = rest[1];
  return args;
}

// Rows: `slug | oracle | oracle's variant name | depth [| SFEN]`; '#' starts a comment line.
function read_rows(file) {
  const rows = [];
  readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
    if (line.trim() === '' || line.trimStart().startsWith('#')) return;
    const cells = line.split('|').map((c) => c.trim());
    const depth = Number(cells[3]);
    const shape = cells.length === 4 || (cells.length === 5 && cells[1] === 'shogiops' && cells[4] !== '');
    if (!shape || !['ffish', 'shogiops'].includes(cells[1]) || !Number.isInteger(depth) || depth < 1) {
      console.error(`${file}:${i + 1}: expected 'slug | ffish or shogiops | variant | depth [| SFEN (shogiops)]', got '${line}'`);
      process.exit(2);
    }
    rows.push({ slug: cells[0], oracle: cells[1], name: cells[2], depth, sfen: cells[4], line: i + 1 });
  });
  return rows;
}

// Fairy-Stockfish's WebAssembly build, with the variants of ffish-variants.ini added. Its loader
// would fetch the .wasm file by URL when a global fetch exists; without one it reads the file
// from disk.
async function load_ffish() {
  delete globalThis.fetch;
  const ffish = createRequire(import.meta.url)('ffish');
  await new Promise((resolve) => {
    ffish.onRuntimeInitialized = resolve;
  });
  // Games the build lacks, defined as Fairy-Stockfish's variants.ini defines them.
  ffish.loadVariantConfig(readFileSync(join(here, 'ffish-variants.ini'), 'utf8'));
  return ffish;
}

// ffish squares are file letters from sente's left and rank numbers from the bottom; USI
// numbers files from the right and letters ranks from the top.
function ffish_square_to_usi(sq, files, ranks) {
  const file = files - (sq.charCodeAt(0) - 97);
  const rank = ranks - Number(sq.slice(1)) + 1;
  return `${file}${String.fromCharCode(96 + rank)}`;
}

// An ffish move in USI with '+' for any change of face ('-' included), as koma writes it.
function ffish_move_to_usi(move, files, ranks) {
  const m = /^([A-Z+]*)@([a-z]\d+)$/.exec(move);
  if (m) return `${m[1]}*${ffish_square_to_usi(m[2], files, ranks)}`;
  const b = /^([a-z]\d+)([a-z]\d+)([+-]?)$/.exec(move);
  if (!b) throw new Error(`unexpected ffish move '${move}'`);
  const suffix = b[3] ? '+' : '';
  return `${ffish_square_to_usi(b[1], files, ranks)}${ffish_square_to_usi(b[2], files, ranks)}${suffix}`;
}

function ffish_moves(board) {
  return board.legalMoves().split(' ').filter(Boolean);
}

function ffish_perft(board, depth) {
  const moves = ffish_moves(board);
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) {
    board.push(m);
    n += ffish_perft(board, depth - 1);
    board.pop();
  }
  return n;
}

// A finished game has no children, as in koma's perft: shogiops lists the moves of a position
// its rules have already ended (Check shogi after a check), so its end is asked first.
function shogiops_perft(pos, depth) {
  if (pos.isEnd()) return 0;
  const moves = legal_moves(pos);
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) {
    const next = pos.clone();
    next.play(parseUsi(m));
    n += shogiops_perft(next, depth - 1);
  }
  return n;
}

// The oracle's count and, when asked, its divide keyed by USI move text.
function oracle_count(ffish, row, files, ranks, with_divide) {
  const divide = new Map();
  let total = 0;
  if (row.oracle === 'ffish') {
    let board;
    try {
      board = new ffish.Board(row.name);
    } catch {
      throw new Error(`ffish has no variant '${row.name}'`);
    }
    try {
      if (!with_divide) return { total: ffish_perft(board, row.depth), divide };
      for (const m of ffish_moves(board)) {
        board.push(m);
        const n = row.depth === 1 ? 1 : ffish_perft(board, row.depth - 1);
        board.pop();
        divide.set(ffish_move_to_usi(m, files, ranks), n);
        total += n;
      }
    } finally {
      board.delete();
    }
    return { total, divide };
  }
  const pos = parseSfen(row.name, row.sfen ?? initialSfen(row.name)).unwrap();
  if (!with_divide) return { total: shogiops_perft(pos, row.depth), divide };
  for (const m of legal_moves(pos)) {
    const next = pos.clone();
    next.play(parseUsi(m));
    const n = row.depth === 1 ? 1 : shogiops_perft(next, row.depth - 1);
    divide.set(m, n);
    total += n;
  }
  return { total, divide };
}

function koma_perft(koma, slug, depth, sfen) {
  const sfen_args = sfen ? ['--sfen', sfen] : [];
  const out = execFileSync(koma, ['perft', slug, String(depth), '--divide', '--format', 'json', ...sfen_args], {
    encoding: 'utf8',
  });
  const json = JSON.parse(out);
  const divide = new Map();
  for (const { move, nodes } of json.divide) divide.set(move, nodes);
  return { total: json.nodes, divide, sfen: json.sfen };
}

// Board size from an SFEN's board field: ranks are '/'-separated, files counted per rank.
function board_size(sfen) {
  const rows = sfen.split(' ')[0].split('/');
  let files = 0;
  for (const token of rows[0].match(/\+?[A-Za-z]|\d+/g)) files += /\d/.test(token) ? Number(token) : 1;
  return { files, ranks: rows.length };
}

function print_divide_difference(koma, oracle) {
  const keys = [...new Set([...koma.keys(), ...oracle.keys()])].sort();
  for (const k of keys) {
    const a = koma.get(k), b = oracle.get(k);
    if (a !== b) console.error(`    ${k}: koma ${a ?? '-'}, oracle ${b ?? '-'}`);
  }
}

const args = parse_args(process.argv.slice(2));
const rows = read_rows(args.data).filter((r) => !args.only || r.slug === args.only);
const ffish = rows.some((r) => r.oracle === 'ffish') ? await load_ffish() : undefined;
let failures = 0;
for (const row of rows) {
  const start = Date.now();
  let koma;
  try {
    koma = koma_perft(args.koma, row.slug, row.depth, row.sfen);
  } catch (e) {
    console.error(`oracle perft: ${row.slug}: koma failed: ${e.message.split('\n')[0]}`);
    failures++;
    continue;
  }
  const { files, ranks } = board_size(koma.sfen);
  try {
    let oracle = oracle_count(ffish, row, files, ranks, false);
    const agree = oracle.total === koma.total;
    const from = row.sfen ? ` from ${row.sfen}` : '';
    console.log(`oracle perft: ${row.slug}${from} depth ${row.depth}: koma ${koma.total}, ${row.oracle} ${row.name} ` +
                `${oracle.total}${agree ? '' : '  MISMATCH'} (${Date.now() - start} ms)`);
    if (!agree) {
      failures++;
      oracle = oracle_count(ffish, row, files, ranks, true);
      console.error(`  divide differences (move: koma, oracle):`);
      print_divide_difference(koma.divide, oracle.divide);
    }
  } catch (e) {
    console.error(`oracle perft: ${args.data}:${row.line}: ${row.oracle}: ${e.message ?? e}`);
    failures++;
  }
}
process.exit(failures ? 1 : 0);
