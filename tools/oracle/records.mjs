// Cross-checks koma's KIF, KI2, CSA and JKF readers and writers against an independent record
// library (tsshogi, installed from package.json, never copied), comparing the whole tree: start,
// moves, headers, comments, move times, ends and variations.
//
// For each record (the files given, and seeded random games koma plays, with promotions, drops,
// 同, 右/左/直/上/引/寄, comments, times and a variation added):
//   - koma's reading (written back by koma as JKF, its full tree) equals the library's reading;
//   - every record koma writes (KIF, KI2, CSA, JKF; KIF and KI2 in UTF-8 and in Shift-JIS) reads
//     in the library as the same tree, as far as the format holds it;
//   - every record the library writes from it reads in koma as the same tree.
//
// Conventions where koma and the library differ, and the one compared (koma's is documented in
// README.md):
//   - A time a record leaves out is 0 s in the library and "not given" in koma: compared as 0.
//     Only the move's own time is compared (the library sums totals itself).
//   - 手合割 is a header in koma and the start position in the library: left out of headers.
//   - koma writes the main line's end from its verdict, so an interrupted game (中断, CHUDAN) is
//     written as unfinished, and a checkmate the record does not state is written (詰み, TSUMI):
//     a main line's trailing 'interrupt' or 'mate' is not compared.
//   - CSA has no variations, and names only some headers: koma writes the others as comments
//     of the start, and the two disagree on $EVENT (棋戦 to koma, as the CSA standard says; 表題
//     to the library) and its kin, so only the players' names and not the start's comments are
//     compared through CSA. A CSA comment is `'*` (both write it); a plain `'` line is a
//     comment to koma and a remark the library drops, so a CSA file's comments are not compared.
//   - KI2 has no times and says how the game ended only in its closing line (not compared), and
//     koma neither writes nor reads KI2 with variations or an illegal move (it refuses them).
//   - KIF's closing まで line is no part of the tree.
//   - A 変化：N手 one move past the end of the variation before it continues that variation in
//     the library, and branches from the last line with a move N in koma: the records here list
//     their variations depth first, latest branch first, as both write them.
//
// usage: node records.mjs KOMA_BINARY [--games N] [--plies N] [--seed N] [--keep DIR] FILE...
// Exit status: 0 when every record agrees, 1 on any difference, 2 on a usage error.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import {
  exportCSA, exportJKFString, exportKI2, exportKIF, importCSA, importJKFString, importKI2, importKIF,
  metadataKeyToKakinoki,
} from 'tsshogi';
import { make_rng } from './random.mjs';

// The library's special moves as JKF's specials (the words koma writes in JKF).
const kSpecials = {
  resign: 'TORYO', interrupt: 'CHUDAN', repetitionDraw: 'SENNICHITE', impass: 'JISHOGI', timeout: 'TIME_UP',
  foulLose: 'ILLEGAL_MOVE', foulWin: 'ILLEGAL_MOVE', enteringOfKing: 'KACHI', mate: 'TSUMI', draw: 'HIKIWAKE',
  maxMoves: 'MAX_MOVES', noMate: 'FUZUMI',
};
// CSA's piece letters and USI's.
const kUsiLetters = { FU: 'P', KY: 'L', KE: 'N', GI: 'S', KI: 'G', KA: 'B', HI: 'R' };
// The headers CSA names, and those both readers give the same names in CSA (the players').
const kCsaHeaders = new Set(['先手', '後手', '棋戦', '場所', '開始日時', '終了日時', '持ち時間', '戦型']);
const kCsaNames = new Set(['先手', '後手']);

function parse_args(argv) {
  const args = { koma: undefined, games: 4, plies: 120, seed: 1, keep: undefined, files: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--games' || a === '--plies' || a === '--seed') args[a.slice(2)] = Number(argv[++i]);
    else if (a === '--keep') args.keep = argv[++i];
    else if (args.koma === undefined) args.koma = a;
    else args.files.push(a);
  }
  if (!args.koma || (args.files.length === 0 && args.games === 0)) {
    console.error('usage: node records.mjs KOMA_BINARY [--games N] [--plies N] [--seed N] [--keep DIR] FILE...');
    process.exit(2);
  }
  return args;
}

/// A record file's text: UTF-8 when its bytes are, else Shift-JIS (as koma reads it).
function decode(bytes) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('shift_jis').decode(bytes);
  }
}

const to_shift_jis = (text) => execFileSync('iconv', ['-f', 'UTF-8', '-t', 'CP932'], { input: text });

const kImport = { kif: importKIF, ki2: importKI2, csa: importCSA, jkf: importJKFString };
const kExport = { kif: exportKIF, ki2: exportKI2, csa: exportCSA, jkf: exportJKFString };
const kExtension = { kif: 'kif', ki2: 'ki2', csa: 'csa', jkf: 'jkf' };

/// A comment as lines, without the trailing empty ones.
const comment_text = (lines) => lines.join('\n').replace(/\s+$/, '');

/// The library's record as a tree: {sfen, headers, comment, line: [{move, comment, time, forks}]}.
function library_tree(record) {
  const headers = {};
  for (const key of record.metadata.standardMetadataKeys) {
    headers[metadataKeyToKakinoki(key)] = record.metadata.getStandardMetadata(key);
  }
  for (const key of record.metadata.customMetadataKeys) headers[key] = record.metadata.getCustomMetadata(key);
  const entry = (node) => ({
    move: node.move.usi !== undefined ? node.move.usi : kSpecials[node.move.type] ?? node.move.type,
    comment: node.comment.replace(/\s+$/, ''),
    time: Math.floor(node.elapsedMs / 1000),
    forks: [],
  });
  // A fork's first node is a branch of the node it forks from: its siblings are not its forks.
  const line = (first, fork = false) => {
    const out = [];
    for (let node = first; node; node = node.next) {
      const e = entry(node);
      if (!(fork && node === first)) for (let b = node.branch; b; b = b.branch) e.forks.push(line(b, true));
      out.push(e);
    }
    return out;
  };
  return { sfen: record.initialPosition.sfen, headers, comment: record.first.comment.replace(/\s+$/, ''),
           line: line(record.first.next) };
}

/// koma's JKF (its own full tree) as a tree of the same shape.
function jkf_tree(text) {
  const jkf = JSON.parse(text);
  const usi = (m) => {
    const sq = (p) => `${p.x}${String.fromCharCode(96 + p.y)}`;
    if (!m.from) return `${kUsiLetters[m.piece]}*${sq(m.to)}`;
    return sq(m.from) + sq(m.to) + (m.promote ? '+' : '');
  };
  const line = (entries, start) => entries.slice(start).map((e) => ({
    move: e.move ? usi(e.move) : e.special,
    comment: comment_text(e.comments ?? []),
    time: e.time ? e.time.now.m * 60 + e.time.now.s + (e.time.now.h ?? 0) * 3600 : 0,
    forks: (e.forks ?? []).map((f) => line(f, 0)),
  }));
  const first = jkf.moves[0] && !jkf.moves[0].move && !jkf.moves[0].special ? jkf.moves[0] : null;
  return { headers: { ...jkf.header }, comment: comment_text(first?.comments ?? []), line: line(jkf.moves, first ? 1 : 0),
           preset: jkf.initial?.preset };
}

/// What `format` holds of a tree: CSA no variations and only its headers, KI2 no times.
// Whether the record being checked has headers CSA has no name for (koma writes them as comments).
let headers_as_comments = false;

function project(tree, format, remarks = false) {
  const main = true;
  const out = { headers: {}, comment: remarks ? '' : tree.comment, line: [] };
  for (const [k, v] of Object.entries(tree.headers ?? {})) {
    if (k === '手合割' || v === '') continue;
    if (format === 'csa' && !kCsaNames.has(k)) continue;
    out.headers[k] = v;
  }
  if (format === 'csa' && headers_as_comments) out.comment = '';
  const line = (entries, is_main) => {
    const copy = entries.map((e) => ({
      move: e.move, comment: remarks ? '' : e.comment, time: format === 'ki2' ? 0 : e.time,
      forks: format === 'csa' || format === 'ki2' ? [] : e.forks.map((f) => line(f, false)),
    }));
    // KI2 says how the game ended only in its closing line: its end is not compared.
    if (is_main && format === 'ki2' && copy.length && !/^[0-9A-Z]\*?[a-i0-9]/.test(copy.at(-1).move)) copy.pop();
    while (is_main && copy.length && (copy.at(-1).move === 'CHUDAN' || copy.at(-1).move === 'TSUMI')) {
      if (copy.at(-1).comment !== '' || copy.at(-1).time !== 0) break;
      copy.pop();
    }
    return copy;
  };
  out.line = line(tree.line, main);
  return out;
}

/// Where two trees first differ, or null.
function difference(a, b, path = 'tree') {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) {
    return a === b ? null : `${path}: ${JSON.stringify(a)} against ${JSON.stringify(b)}`;
  }
  if (Array.isArray(a) && a.length !== b.length) {
    return `${path}: ${a.length} entries against ${b.length}` +
      (a.length && b.length ? ` (${JSON.stringify(a.at(-1)?.move)} / ${JSON.stringify(b.at(-1)?.move)} last)` : '');
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const d = difference(a[k], b[k], Array.isArray(a) ? `${path}[${k}]` : `${path}.${k}`);
    if (d) return d;
  }
  return null;
}

function run(koma, args, input) {
  try {
    return { out: execFileSync(koma, args, { input, maxBuffer: 1 << 26, stdio: ['pipe', 'pipe', 'pipe'] }) };
  } catch (e) {
    return { error: (e.stderr ?? '').toString().trim() || String(e) };
  }
}

/// Cross-checks one record file; returns the differences found.
function check_file(koma, file, dir) {
  const problems = [];
  const format = /\.kifu?$/.test(file) ? 'kif' : /\.ki2$/.test(file) ? 'ki2' : /\.csa$/.test(file) ? 'csa' : 'jkf';
  const judged = run(koma, ['play', 'shogi', '--record', file, '--format', 'json']);
  if (judged.error) return [`koma cannot read it: ${judged.error}`];
  const verdict = JSON.parse(judged.out.toString());
  if (verdict.games) return [];  // several games: the library reads one
  const record = kImport[format](decode(readFileSync(file)));
  if (record instanceof Error) {
    // The library refuses a side moving twice; koma judges it as that foul.
    return verdict.foul === 'moving-twice' ? [] : [`the library cannot read it (${record.message})`];
  }
  const library = library_tree(record);
  // A CSA file's plain `'` lines are comments to koma and remarks the library leaves out.
  const remarks = format === 'csa';
  const forked = library.line.some((e) => e.forks.length);
  headers_as_comments = Object.keys(library.headers).some((k) => k !== '手合割' && !kCsaHeaders.has(k));
  // koma's reading, through its JKF.
  const own = run(koma, ['play', 'shogi', '--record', file, '--to', 'jkf']);
  if (own.error) return [`koma cannot write its JKF: ${own.error}`];
  const koma_tree = jkf_tree(own.out.toString());
  const d = difference(project(koma_tree, format, remarks), project(library, format, remarks));
  if (d) problems.push(`koma reads ${d} (koma against the library)`);
  const start = run(koma, ['play', 'shogi', '--record', file, '--to', 'usi']).out?.toString() ?? '';
  const start_sfen = start.startsWith('position startpos') ? 'startpos' : start.split(' ').slice(2, 6).join(' ');
  const library_sfen = record.initialPosition.sfen.startsWith('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1')
    ? 'startpos' : record.initialPosition.sfen;
  if (start_sfen !== library_sfen) problems.push(`start ${start_sfen}, the library reads ${library_sfen}`);
  // Every record koma writes, read by the library.
  for (const to of ['kif', 'ki2', 'csa', 'jkf']) {
    for (const sjis of to === 'kif' || to === 'ki2' ? [false, true] : [false]) {
      const label = `koma's ${to}${sjis ? ' in Shift-JIS' : ''}`;
      const written = run(koma, ['play', 'shogi', '--record', file, '--to', to,
                                 ...(sjis ? ['--to-encoding', 'shift-jis'] : [])]);
      if (written.error) {
        // KI2 holds no variations, and no record holds a side moving twice: koma refuses them.
        if (/variation|moving twice|illegal move/.test(written.error)) continue;
        problems.push(`${label} is not written: ${written.error}`);
        continue;
      }
      const text = sjis ? new TextDecoder('shift_jis').decode(written.out) : written.out.toString();
      const back = kImport[to](text);
      if (back instanceof Error) { problems.push(`${label} does not read in the library: ${back.message}`); continue; }
      const diff = difference(project(library_tree(back), to, remarks), project(library, to, remarks));
      if (diff) problems.push(`${label} reads in the library as ${diff} (read back against the original)`);
      if (record.initialPosition.sfen !== back.initialPosition.sfen) problems.push(`${label} starts elsewhere`);
    }
  }
  // Every record the library writes, read by koma.
  for (const to of ['kif', 'ki2', 'csa', 'jkf']) {
    for (const sjis of to === 'kif' || to === 'ki2' ? [false, true] : [false]) {
      const label = `the library's ${to}${sjis ? ' in Shift-JIS' : ''}`;
      // koma reads KI2 moves against the legal moves: no variations, and no illegal move.
      if (to === 'ki2' && (forked || verdict.foul)) continue;
      const text = kExport[to](record);
      const path = join(dir, `${basename(file).replace(/\W/g, '_')}.${sjis ? 'sjis.' : ''}${kExtension[to]}`);
      writeFileSync(path, sjis ? to_shift_jis(text) : text);
      const read = run(koma, ['play', 'shogi', '--record', path, '--to', 'jkf',
                              '--encoding', sjis ? 'shift-jis' : 'utf-8']);
      if (read.error) { problems.push(`koma cannot read ${label}: ${read.error}`); continue; }
      const diff = difference(project(jkf_tree(read.out.toString()), to, remarks), project(library, to, remarks));
      if (diff) problems.push(`koma reads ${label} as ${diff} (koma against the library)`);
    }
  }
  return problems;
}

/// koma's legal moves after `moves`: USI and Japanese notation.
function koma_moves(koma, moves) {
  const args = ['moves', 'shogi', '--notation', 'japanese', '--signs', 'none', '--format', 'json'];
  if (moves.length) args.push('--moves', moves.join(' '));
  const out = JSON.parse(execFileSync(koma, args, { encoding: 'utf8' }));
  return out.moves.map((usi, i) => ({ usi, words: out.notation.moves[i] }));
}

/// A seeded random game koma plays, as a KIF koma writes, with a comment on every seventh move,
/// times on every move and a variation at a third of the game: moves that promote, drop,
/// recapture (同) or need 右/左/直/上/引/寄 are chosen more often.
function random_kif(koma, seed, plies) {
  const rng = make_rng(seed);
  const moves = [];
  let branch = null;
  for (let ply = 0; ply < plies; ply++) {
    // The library (2.2.0) loses the square of a KIF move written 不成, so a 同 after one does not
    // read there (`２二角不成(88)` then `同　銀(31)`): random games decline no promotion.
    const legal = koma_moves(koma, moves).filter((m) => !m.words.includes('不成'));
    if (legal.length === 0) break;
    const telling = legal.filter((m) => /[右左直上引寄打同成]/.test(m.words) || /[+*]/.test(m.usi));
    const pool = telling.length && rng(3) !== 0 ? telling : legal;
    const move = pool[rng(pool.length)].usi;
    if (ply === Math.floor(plies / 3) && legal.length > 1) {
      const others = legal.filter((m) => m.usi !== move);
      branch = { ply, usi: others[rng(others.length)].usi };
    }
    moves.push(move);
  }
  const kif_of = (list) => execFileSync(koma, ['play', 'shogi', '--to', 'kif', ...(list.length ? ['--moves', list.join(' ')] : [])],
                                        { encoding: 'utf8' });
  const timed = (line, n) => `${line}   ( 0:${String(n % 60).padStart(2, '0')}/00:00:00)`;
  const lines = kif_of(moves).trimEnd().split('\n');
  const out = [`棋戦：乱数${seed}`, `場所：koma`];
  for (const line of lines) {
    const number = /^\s*(\d+) /.exec(line);
    if (!number) { out.push(line); continue; }
    const n = Number(number[1]);
    out.push(timed(line, n) + (branch && n === branch.ply + 1 ? '+' : ''));
    if (n % 7 === 0) out.push(`*${n}手目の感想`);
  }
  if (branch) {
    const alt = kif_of([...moves.slice(0, branch.ply), branch.usi]).trimEnd().split('\n').at(-1);
    out.push('', `変化：${branch.ply + 1}手`, timed(alt, 9), '*変化の手');
  }
  return out.join('\n') + '\n';
}

function main() {
  const args = parse_args(process.argv.slice(2));
  const dir = args.keep ?? mkdtempSync(join(tmpdir(), 'koma-records-'));
  let failures = 0, checked = 0;
  const report = (name, problems) => {
    checked++;
    for (const p of problems) {
      if (failures++ < 40) console.log(`records: ${name}: ${p}`);
    }
  };
  for (const file of args.files) report(basename(file), check_file(args.koma, file, dir));
  for (let g = 0; g < args.games; g++) {
    const path = join(dir, `random_${args.seed + g}.kif`);
    writeFileSync(path, random_kif(args.koma, args.seed + g, args.plies));
    report(`random game (seed ${args.seed + g}, ${path})`, check_file(args.koma, path, dir));
  }
  if (!args.keep) rmSync(dir, { recursive: true, force: true });
  console.log(`records: ${checked} records checked in KIF, KI2, CSA and JKF both ways, ${failures} differences`);
  process.exit(failures === 0 ? 0 : 1);
}

main();
