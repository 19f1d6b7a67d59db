// Cross-checks koma's legal moves against an independent rules library (shogiops, installed
// from package.json, never copied): seeded random games are played with the library, and at
// every position the library's legal moves must equal `koma moves --format json`.
//
// usage: node crosscheck.mjs KOMA_BINARY [--games N] [--plies N] [--seed N] [--only SLUG]
// Exit status: 0 when every position agrees, 1 on any difference, 2 on a usage error.
import { execFileSync } from 'node:child_process';
import { initialSfen, makeSfen, parseSfen } from 'shogiops/sfen';
import { parseUsi } from 'shogiops/util';

import { legal_moves } from './shogiops_moves.mjs';
import { make_rng } from './random.mjs';

// The library's rule names and the bundled variants they correspond to; `games` overrides
// --games (Chu shogi's positions are large: fewer games keep the check to a minute).
const kVariants = [
  { rules: 'standard', slug: 'shogi' },
  { rules: 'kyotoshogi', slug: 'kyoto-shogi' },
  { rules: 'chushogi', slug: 'chu-shogi', games: 6 },
  { rules: 'annanshogi', slug: 'annan-shogi' },
];

function parse_args(argv) {
  const args = { koma: undefined, games: 20, plies: 160, seed: 1 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--games' || a === '--plies' || a === '--seed') {
      const v = Number(argv[++i]);
      if (!Number.isInteger(v) || v < 0) usage(`${a} takes a whole number`);
      args[a.slice(2)] = v;
    } else if (a === '--only') {
      args.only = argv[++i];
    } else if (!args.koma && !a.startsWith('-')) {
      args.koma = a;
    } else {
      usage(`unexpected argument '${a}'`);
    }
  }
  if (!args.koma) usage('the koma binary is required');
  return args;
}

function usage(message) {
  console.error(`crosscheck: ${message}\nusage: node crosscheck.mjs KOMA_BINARY [--games N] [--plies N] [--seed N] [--only SLUG]`);
  process.exit(2);
}

function koma_moves(koma, slug, sfen) {
  const out = execFileSync(koma, ['moves', slug, '--sfen', sfen, '--format', 'json'], { encoding: 'utf8' });
  return JSON.parse(out).moves.slice().sort();
}

// Picks a move, preferring captures so that hands fill up and drops get exercised.
function pick(pos, moves, rng) {
  const weighted = [];
  for (const m of moves) {
    const md = parseUsi(m);
    const capture = 'from' in md && pos.board.get(md.to) !== undefined;
    weighted.push(m);
    if (capture) weighted.push(m, m, m);
  }
  return weighted[rng(weighted.length)];
}

// Annan shogi, where the library's move generator and its own attack test disagree; koma
// leaves out two kinds of move the generator lists, each a known difference only when the
// library itself, after playing the move, finds it breaks the rule:
// - a move that leaves the mover's King attacked: the generator judges a capture that gives an
//   enemy piece its own movement back on the board before the move, so it misses a line the
//   moving piece opens by leaving (a Knight stepping off a Bishop's diagonal to take the Pawn
//   the Bishop was moving as);
// - a pawn drop that checkmates: the generator tests that only on the square in front of the
//   King, so it lists a pawn dropped elsewhere that mates by a borrowed move (a Dragon behind it).
function known_difference(rules, pos, move) {
  if (rules !== 'annanshogi') return false;
  const next = pos.clone();
  next.play(parseUsi(move));
  return next.isCheck(pos.turn) || (move.startsWith('P*') && next.isCheckmate());
}

function difference(a, b) {
  const set = new Set(b);
  return a.filter((m) => !set.has(m));
}

// Chu shogi: a move is known by the position it leads to (the SFEN after it, the Lion-trading
// square included) and the square it starts from, since one step out and back may be written
// through any empty neighbour. Each move text is replaced by that key, with the text kept for
// the report.
function by_result(pos, moves) {
  return moves.map((m) => {
    const next = pos.clone();
    next.play(parseUsi(m));
    return `${makeSfen(next)} ${/^\d+[a-z]/.exec(m)[0]} (${m})`;
  });
}

function key_difference(a, b) {
  const strip = (k) => k.replace(/ \([^)]*\)$/, '');
  const set = new Set(b.map(strip));
  return a.filter((k) => !set.has(strip(k))).map((k) => k.match(/\(([^)]*)\)$/)[1]);
}

const args = parse_args(process.argv.slice(2));
let failures = 0;
for (const { rules, slug, games } of kVariants.filter((v) => !args.only || v.slug === args.only)) {
  const rng = make_rng(args.seed);
  let positions = 0;
  let mismatches = 0;
  const count = Math.min(games ?? args.games, args.games);
  let known = 0;
  for (let game = 0; game < count; game++) {
    const pos = parseSfen(rules, initialSfen(rules)).unwrap();
    for (let ply = 0; ply < args.plies; ply++) {
      // A Chu game ends when a side has lost its royals: koma lists no moves there.
      if (rules === 'chushogi' && pos.isEnd()) break;
      const sfen = makeSfen(pos);
      const expected = legal_moves(pos);
      let actual;
      try {
        actual = koma_moves(args.koma, slug, sfen);
      } catch (e) {
        console.error(`${slug}: koma failed on ${sfen}: ${e.message.split('\n')[0]}`);
        mismatches++;
        break;
      }
      positions++;
      const chu = rules === 'chushogi';
      let missing, extra;
      if (chu) {
        const want = by_result(pos, expected);
        const got = by_result(pos, actual);
        missing = key_difference(want, got);
        extra = key_difference(got, want);
        if (new Set(got.map((k) => k.replace(/ \([^)]*\)$/, ''))).size !== got.length) {
          mismatches++;
          console.error(`${slug}: ${sfen}\n  koma lists one move twice`);
          break;
        }
      } else {
        const lacking = difference(expected, actual);
        missing = lacking.filter((m) => !known_difference(rules, pos, m));
        known += lacking.length - missing.length;
        extra = difference(actual, expected);
      }
      if (missing.length || extra.length) {
        mismatches++;
        console.error(`${slug}: ${sfen}\n  koma lacks: ${missing.join(' ') || '-'}\n  koma adds:  ${extra.join(' ') || '-'}`);
        break;
      }
      if (expected.length === 0 || pos.isEnd()) break;
      pos.play(parseUsi(pick(pos, expected, rng)));
    }
  }
  const noted = known ? `, ${known} moves the library lists against its own rules` : '';
  console.log(`oracle: ${slug}: ${positions} positions from ${count} games, ${mismatches} mismatches${noted}`);
  failures += mismatches;
}
process.exit(failures ? 1 : 0);
