// Cross-checks koma's moves in words against independent libraries (installed from
// package.json, never copied): seeded random shogi games are played with koma, and at every
// position the Japanese and Western text `koma moves --notation` gives each legal move must
// equal what shogiops writes for it (makeJapaneseMoveOrDrop, makeWesternEngineMoveOrDrop);
// then the KI2 record koma writes for the game must read back in tsshogi as the same moves.
// Where koma deliberately writes otherwise (README, "Moves in words"), the library's text is
// mapped first: 上 for its 行 (a Horse or Dragon moving forward).
//
// usage: node notation.mjs KOMA_BINARY [--games N] [--plies N] [--seed N]
// Exit status: 0 when everything agrees, 1 on any difference, 2 on a usage error.
import { execFileSync } from 'node:child_process';
import { makeJapaneseMoveOrDrop } from 'shogiops/notation/japanese';
import { makeWesternEngineMoveOrDrop } from 'shogiops/notation/western-engine';
import { initialSfen, parseSfen } from 'shogiops/sfen';
import { parseUsi } from 'shogiops/util';
import { importKI2 } from 'tsshogi';

function usage(message) {
  console.error(`notation: ${message}\nusage: node notation.mjs KOMA_BINARY [--games N] [--plies N] [--seed N]`);
  process.exit(2);
}

function parse_args(argv) {
  const args = { koma: undefined, games: 3, plies: 120, seed: 1 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--games' || a === '--plies' || a === '--seed') {
      const v = Number(argv[++i]);
      if (!Number.isInteger(v) || v < 0) usage(`${a} takes a whole number`);
      args[a.slice(2)] = v;
    } else if (!args.koma && !a.startsWith('-')) {
      args.koma = a;
    } else {
      usage(`unexpected argument '${a}'`);
    }
  }
  if (!args.koma) usage('the koma binary is required');
  return args;
}

// A small deterministic generator (xorshift32), so a failing seed can be replayed.
function make_rng(seed) {
  let x = (seed * 2654435761) >>> 0 || 1;
  return (n) => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x % n;
  };
}

/// koma's legal moves after `moves` from the start: USI and the text in `notation`.
function koma_words(koma, moves, notation) {
  const args = ['moves', 'shogi', '--notation', notation, '--signs', 'none', '--format', 'json'];
  if (moves.length) args.push('--moves', moves.join(' '));
  const out = JSON.parse(execFileSync(koma, args, { encoding: 'utf8' }));
  const words = new Map();
  out.moves.forEach((usi, i) => words.set(usi, out.notation.moves[i]));
  return words;
}

/// koma's deliberate differences, applied to the library's text.
const koma_spelling = (text) => text.replace(/^(.*[馬龍])([右左]?)行/, '$1$2上');

function main() {
  const args = parse_args(process.argv.slice(2));
  let failures = 0, compared = 0;
  const fail = (message) => {
    if (failures++ < 20) console.log(`notation: ${message}`);
  };
  for (let g = 0; g < args.games; g++) {
    const rng = make_rng(args.seed + g);
    const pos = parseSfen('standard', initialSfen('standard')).unwrap();
    const moves = [];
    let last_to;
    for (let ply = 0; ply < args.plies; ply++) {
      const japanese = koma_words(args.koma, moves, 'japanese');
      const western = koma_words(args.koma, moves, 'western');
      if (japanese.size === 0) break;
      for (const [usi, text] of japanese) {
        const md = parseUsi(usi);
        const want = koma_spelling(makeJapaneseMoveOrDrop(pos, md, last_to));
        const want_western = makeWesternEngineMoveOrDrop(pos, md);
        compared++;
        const at = `seed ${args.seed + g} ply ${ply + 1} ${usi}`;
        if (text !== want) fail(`${at}: koma writes '${text}', shogiops '${want}'`);
        if (western.get(usi) !== want_western) fail(`${at}: koma writes '${western.get(usi)}', shogiops '${want_western}'`);
      }
      const usis = [...japanese.keys()];
      const move = usis[rng(usis.length)];
      pos.play(parseUsi(move));
      last_to = parseUsi(move).to;
      moves.push(move);
    }
    // The game as koma writes it in KI2, read by tsshogi.
    const ki2 = execFileSync(args.koma, ['play', 'shogi', '--to', 'ki2', ...(moves.length ? ['--moves', moves.join(' ')] : [])],
                             { encoding: 'utf8' });
    const record = importKI2(ki2);
    if (record instanceof Error) {
      fail(`game ${g + 1}: tsshogi cannot read koma's KI2: ${record.message}`);
      continue;
    }
    const read = record.moves.map((node) => node.move.usi).filter((u) => u !== undefined);
    if (read.join(' ') !== moves.join(' ')) {
      const i = read.findIndex((u, k) => u !== moves[k]);
      fail(`game ${g + 1}: tsshogi reads koma's KI2 as other moves from ply ${i + 1}: '${read[i]}' for '${moves[i]}'`);
    }
  }
  console.log(`notation: ${args.games} games, ${compared} moves compared in Japanese and Western notation, ${failures} differences`);
  process.exit(failures ? 1 : 0);
}

main();
