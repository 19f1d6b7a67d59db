// Cross-checks koma's moves in words against independent libraries (installed from
// package.json, never copied): seeded random shogi games are played with koma, and at every
// position the Japanese and Western text `koma moves --notation` gives each legal move must
// equal what shogiops writes for it (makeJapaneseMoveOrDrop, makeWesternEngineMoveOrDrop);
// then the KI2 record koma writes for the game must read back in tsshogi as the same moves.
// Where koma deliberately writes otherwise (README, "Moves in words"), the library's text is
// mapped first: 上 for its 行 (a Horse or Dragon moving forward).
//
// Then seeded random Chu shogi games, every legal move of every position in both notations,
// the Lion's (and Horned falcon's and Soaring eagle's) two-step moves, igui and passes
// included; each game koma writes in either notation must be read back by `koma play --moves`
// as the same moves. koma writes the variant's own piece names (獅子, and N in Western notation, its
// letter) where the library abbreviates (獅, Ln): the library's name is replaced by koma's
// (`koma explain`) before the texts are compared. The cases where the two follow different
// conventions are the rows of kChuKnown, each with its reason; a text that differs in any
// other way fails.
//
// usage: node notation.mjs KOMA_BINARY [--games N] [--plies N] [--chu-games N] [--chu-plies N] [--seed N]
// Exit status: 0 when everything agrees, 1 on any difference, 2 on a usage error.
import { execFileSync } from 'node:child_process';
import { makeJapaneseMoveOrDrop } from 'shogiops/notation/japanese';
import { makeWesternEngineMoveOrDrop } from 'shogiops/notation/western-engine';
import { kingAttacks } from 'shogiops/attacks';
import { aimingAt, makeJapaneseSquare, roleKanjiDuplicates, roleToKanji, roleToWestern } from 'shogiops/notation/util';
import { initialSfen, makeSfen, parseSfen, pieceToForsyth } from 'shogiops/sfen';
import { defined, makeSquareName, parseUsi } from 'shogiops/util';
import { importKI2 } from 'tsshogi';
import { make_rng } from './random.mjs';

function usage(message) {
  console.error(`notation: ${message}\nusage: node notation.mjs KOMA_BINARY [--games N] [--plies N] [--chu-games N] [--chu-plies N] [--seed N]`);
  process.exit(2);
}

function parse_args(argv) {
  const args = { koma: undefined, games: 3, plies: 120, chu_games: 2, chu_plies: 100, seed: 1 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (['--games', '--plies', '--chu-games', '--chu-plies', '--seed'].includes(a)) {
      const v = Number(argv[++i]);
      if (!Number.isInteger(v) || v < 0) usage(`${a} takes a whole number`);
      args[a.slice(2).replace('-', '_')] = v;
    } else if (!args.koma && !a.startsWith('-')) {
      args.koma = a;
    } else {
      usage(`unexpected argument '${a}'`);
    }
  }
  if (!args.koma) usage('the koma binary is required');
  return args;
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

// ---- Chu shogi ----

/// koma's legal moves of the position `sfen`, after `last` when given (for 同): USI -> text.
function koma_chu_words(koma, sfen, last, notation) {
  const args = ['moves', 'chu-shogi', '--sfen', sfen, '--notation', notation, '--signs', 'none', '--format', 'json'];
  if (last) args.push('--moves', last);
  const out = JSON.parse(execFileSync(koma, args, { encoding: 'utf8' }));
  const words = new Map();
  out.moves.forEach((usi, i) => words.set(usi, out.notation.moves[i]));
  return words;
}

/// The variant's piece names and letters as `koma explain` gives them, by SFEN letter.
function koma_chu_names(koma) {
  const out = JSON.parse(execFileSync(koma, ['explain', 'chu-shogi', '--format', 'json'], { encoding: 'utf8' }));
  return new Map(out.pieces.map((p) => [p.symbol, p.native_name.split('/')[0]]));
}

// Piece types one name covers in koma's Japanese notation and not in the library's, or the
// other way round: the rivals a move is told apart from differ, and so may its 右左直上引寄.
// koma names the pieces as the variant does (and as Chu's tables do): the Tokin と金 (the library
// 金, a Gold's twin), the Promoted gold 飛車 (a Rook's twin; the library 金飛車), the Promoted
// leopard 角行 (a Bishop's twin; the library 小角).
const kTwins = [['gold', 'promotedpawn'], ['rook', 'rookpromoted'], ['bishop', 'bishoppromoted']];

/// Whether a piece of the mover's side whose twinship the two conventions see differently could
/// go to the move's square too.
function twin_could_go(pos, md) {
  const mover = pos.board.get(md.from);
  const pair = kTwins.find((t) => t.includes(mover.role));
  if (!pair) return false;
  const twin = pair.find((r) => r !== mover.role);
  for (const sq of pos.board.pieces(mover.color, twin)) {
    if (pos.illegalMoveDests(sq).has(md.to)) return true;
  }
  return false;
}

/// Whether the library's words for a Lion (or Horned falcon) moving along its file beside a
/// rival apply: it writes 跳 for a move two squares along the file and 直 for one, forward or
/// back. koma writes the JSA words there as for any piece: 直 only for a straight step or jump
/// forward (the Lion's movement is all leaps, as a Gold's is), else the direction or the place.
function lion_on_file(pos, md) {
  const piece = pos.board.get(md.from);
  if (!['lion', 'lionpromoted', 'falcon'].includes(piece.role) || md.from % 16 !== md.to % 16) return false;
  const kind = [piece.role, ...roleKanjiDuplicates('chushogi')(piece.role)];
  const rivals = aimingAt(pos, pos.board.roles(...kind).intersect(pos.board.color(piece.color)), md.to).without(md.from);
  return kingAttacks(md.from).intersects(rivals);
}

/// Japanese without the words that tell rivals apart (what remains must still agree).
const without_jsa_words = (text) => text.replace(/[右左中直上引寄跳]+((?:不成|成)?)$/, '$1');

/// Whether another piece of the mover's type beside the igui's square could take there by igui too.
function igui_twice(pos, md) {
  const mover = pos.board.get(md.from);
  for (const sq of pos.board.pieces(mover.color, mover.role)) {
    if (sq !== md.from && kingAttacks(sq).has(md.midStep) && pos.isLegal({ from: sq, to: sq, midStep: md.midStep })) return true;
  }
  return false;
}

// The known differences, each a rule that maps the library's text to the text koma writes, so
// that a known case must still come out exactly as koma's convention says.
//  - igui (a capture on the first step and back): the library writes ６八居喰い, the square
//    alone, naming no piece, so that a Lion and a Horned falcon both beside the square cannot be
//    told apart; koma writes both steps, ６八・７十獅子, as it writes every two-step move (and as
//    its KI2 reader takes them back). Western notation writes igui alike (Nx!6h, Hodges).
//  - a pass (a step to an empty square and back, じっと): the library writes じっと and, in
//    Western notation, the engines' null move "--", neither naming the piece nor the square;
//    Western notation has no convention for it. koma writes the two steps, ６八・７十獅子 and
//    N-6h-7j, which name the piece that passes (two pieces' passes are two moves).
//  - twins (kTwins): the rivals differ, so only the JSA words may differ.
const kChuKnown = [
  {
    reason: 'igui: in Japanese koma writes both steps and the piece',
    applies: (pos, md) => defined(md.midStep) && md.to === md.from && pos.board.has(md.midStep),
    japanese: (text, pos, md, name) => text.replace(/居喰い$/, `・${japanese_square(md.from)}${name}`),
  },
  {
    reason: 'igui that another piece of the kind could make too: koma adds the origin (Hodges)',
    applies: (pos, md) => defined(md.midStep) && md.to === md.from && pos.board.has(md.midStep) && igui_twice(pos, md),
    western: (text, pos, md, letter) => text.replace(/^([^x]*)x!/, `${letter}${square_name(md.from)}x!`),
  },
  {
    reason: 'pass: koma writes both steps and the piece',
    applies: (pos, md) => defined(md.midStep) && md.to === md.from && !pos.board.has(md.midStep),
    japanese: (text, pos, md, name) => text.replace(/^じっと$/, `${japanese_square(md.midStep)}・${japanese_square(md.from)}${name}`),
    western: (text, pos, md, letter) => text.replace(/^--$/, `${letter}-${square_name(md.midStep)}-${square_name(md.from)}`),
  },
];

const square_name = makeSquareName;
const japanese_square = makeJapaneseSquare;

// Chu positions random games seldom reach, checked as well: two pieces of a name beside each
// other (two Lions, a Lion and a Promoted kirin on one file, two Horned falcons), for either side.
const kChuPositions = [
  'k11/12/12/12/12/5p6/4NN6/12/12/12/12/11K b - 1',
  'k11/12/12/12/12/6p5/5N6/5+O6/12/12/12/11K b - 1',
  'k11/12/12/12/12/5pp5/5+H+H5/12/12/12/12/11K b - 1',
  'k11/12/12/12/12/4nn6/5P6/12/12/12/12/11K w - 1',
  'k11/12/12/12/12/12/5+o6/5n6/5P6/12/12/11K w - 1',
];

/// Every legal move of the library's position `pos` (koma's `before`, then `last`) in Japanese
/// and Western notation, koma's text against the library's; `where` names the position.
function compare_chu(args, names, pos, before, last, where, fail, note) {
  const letter_of = (piece) => pieceToForsyth('chushogi')({ role: piece.role, color: 'sente' });
  const japanese = koma_chu_words(args.koma, before, last, 'japanese');
  const western = koma_chu_words(args.koma, before, last, 'western');
  for (const [usi, text] of japanese) {
    const md = parseUsi(usi);
    const piece = pos.board.get(md.from);
    const letter = letter_of(piece), name = names.get(letter);
    let want = makeJapaneseMoveOrDrop(pos, md, last ? parseUsi(last).to : undefined).replace(roleToKanji(piece.role), name);
    let want_western = makeWesternEngineMoveOrDrop(pos, md).replace(roleToWestern('chushogi')(piece.role), letter);
    for (const k of kChuKnown) {
      if (!k.applies(pos, md)) continue;
      const j = k.japanese ? k.japanese(want, pos, md, name) : want;
      const w = k.western ? k.western(want_western, pos, md, letter) : want_western;
      if (j !== want || w !== want_western) note(k.reason);
      want = j, want_western = w;
    }
    const at = `${where} ${usi}`;
    if (text !== want) {
      const words_only = without_jsa_words(text) === without_jsa_words(want);
      if (words_only && twin_could_go(pos, md)) note('twins: the rivals differ');
      else if (words_only && /[跳直]$/.test(want) && lion_on_file(pos, md)) note('a Lion along its file beside another: the library\'s 跳 and 直');
      else fail(`${at}: koma writes '${text}', shogiops '${want}'`);
    }
    if (western.get(usi) !== want_western) fail(`${at}: koma writes '${western.get(usi)}', shogiops '${want_western}'`);
  }
  return [...japanese.keys()];
}

/// The game `played` (USI) written by `koma play` in Japanese and in Western notation must be
/// read back by `koma play --moves` as the same moves.
function read_back_chu(args, played, where, fail) {
  if (played.length === 0) return;
  const run = (moves, extra) => execFileSync(args.koma, ['play', 'chu-shogi', '--moves', moves.join(' '), ...extra],
                                            { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  for (const notation of ['japanese', 'western']) {
    const words = JSON.parse(run(played, ['--notation', notation, '--format', 'json'])).notation.moves;
    let usi;
    try {
      usi = run(words, ['--to', 'usi']).trim().replace(/^.* moves /, '').split(' ');
    } catch (e) {
      fail(`${where}: koma cannot read its ${notation} text back: ${String(e.stderr).trim()}`);
      continue;
    }
    const i = usi.findIndex((u, k) => u !== played[k]);
    if (i >= 0 || usi.length !== played.length) {
      fail(`${where}: koma reads its ${notation} '${words[i]}' back as '${usi[i]}' for '${played[i]}'`);
    }
  }
}

/// Seeded random Chu games, then kChuPositions: every legal move's Japanese and Western text
/// against the library's.
function check_chu(args, fail) {
  const names = koma_chu_names(args.koma);
  let compared = 0;
  const known = new Map();
  const note = (reason) => known.set(reason, (known.get(reason) ?? 0) + 1);
  for (let g = 0; g < args.chu_games; g++) {
    const rng = make_rng(args.seed + 100 + g);
    const pos = parseSfen('chushogi', initialSfen('chushogi')).unwrap();
    let before = makeSfen(pos), last;
    const played = [];
    for (let ply = 0; ply < args.chu_plies && !pos.isEnd(); ply++) {
      const usis = compare_chu(args, names, pos, before, last, `chu seed ${args.seed + 100 + g} ply ${ply + 1}`, fail, note);
      if (usis.length === 0) break;
      compared += usis.length;
      before = makeSfen(pos);
      last = usis[rng(usis.length)];
      pos.play(parseUsi(last));
      played.push(last);
    }
    read_back_chu(args, played, `chu game ${g + 1}`, fail);
  }
  for (const sfen of kChuPositions) {
    compared += compare_chu(args, names, parseSfen('chushogi', sfen).unwrap(), sfen, undefined, `chu ${sfen}`, fail, note).length;
  }
  return { compared, known };
}

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
  const chu = check_chu(args, fail);
  const known = [...chu.known].map(([reason, n]) => `${n} ${reason}`).join('; ');
  console.log(`notation: ${args.games} shogi and ${args.chu_games} Chu games, ${compared + chu.compared} moves compared in ` +
              `Japanese and Western notation, ${failures} differences${known ? ` (known, by convention: ${known})` : ''}`);
  process.exit(failures ? 1 : 0);
}

main();
