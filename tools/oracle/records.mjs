// Cross-checks koma's KIF and CSA readers and writers against an independent record library
// (tsshogi, installed from package.json, never copied). For each record file: the library's
// start position, moves and ending must equal what `koma play shogi --record FILE` reads, and
// the KIF and CSA that koma writes must read back in the library as the same game.
//
// usage: node records.mjs KOMA_BINARY FILE...
// Exit status: 0 when every file agrees, 1 on any difference, 2 on a usage error.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { importCSA, importKIF, InitialPositionSFEN } from 'tsshogi';

// The library's special moves and the rule `koma play` names for them.
const kEndings = {
  resign: 'resignation',
  timeout: 'time-loss',
  impass: 'impasse',
  repetitionDraw: 'repetition',
  foulLose: 'foul',
  foulWin: 'foul',
  enteringOfKing: 'declaration',
  mate: 'checkmate',
};

function library_game(text, format) {
  const record = format === 'kif' ? importKIF(text) : importCSA(text);
  if (record instanceof Error) return { error: record.message };
  let sfen = record.initialPosition.sfen;
  const moves = [];
  let ending = null;
  for (const node of record.moves) {
    if (node.move.usi !== undefined) moves.push(node.move.usi);
    else if (node.move.type !== 'start') ending = node.move.type;
  }
  return { sfen, moves, ending };
}

/// A record file's text: UTF-8 when its bytes are, else Shift-JIS (as koma reads it).
function record_text(file) {
  const bytes = readFileSync(file);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('shift_jis').decode(bytes);
  }
}

function koma(args) {
  return execFileSync(process.argv[2], args, { encoding: 'utf8' });
}

/// `position startpos|sfen SFEN moves M... [resign|win]` as {sfen, moves}: the first line
/// (a `bestmove resign` or `bestmove win` line may follow it).
function koma_usi(text) {
  const words = text.split(/\r?\n/)[0].trim().split(/\s+/);
  let i = 1, sfen = InitialPositionSFEN.STANDARD;
  if (words[i] === 'startpos') i++;
  else { sfen = words.slice(i + 1, i + 5).join(' '); i += 5; }
  if (words[i] === 'moves') i++;
  const moves = words.slice(i).filter((w) => w !== 'resign' && w !== 'win');
  return { sfen, moves };
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

function main() {
  const [, , binary, ...files] = process.argv;
  if (!binary || files.length === 0) {
    console.error('usage: node records.mjs KOMA_BINARY FILE...');
    process.exit(2);
  }
  let failures = 0;
  const fail = (file, message) => {
    console.log(`records: ${basename(file)}: ${message}`);
    failures++;
  };
  for (const file of files) {
    const format = /\.kifu?$/.test(file) ? 'kif' : 'csa';
    const lib = library_game(record_text(file), format);
    const judged = JSON.parse(koma(['play', 'shogi', '--record', file, '--format', 'json']));
    if (lib.error) {
      // The library refuses a side moving twice; koma judges it as that foul.
      if (judged.foul === 'moving-twice') continue;
      fail(file, `the library cannot read it (${lib.error})`);
      continue;
    }
    const read = koma_usi(koma(['play', 'shogi', '--record', file, '--to', 'usi']));
    if (read.sfen !== lib.sfen) fail(file, `start ${read.sfen} but the library reads ${lib.sfen}`);
    if (!same(read.moves, lib.moves)) {
      fail(file, `moves ${read.moves.join(' ')} but the library reads ${lib.moves.join(' ')}`);
    }
    const expected = lib.ending ? kEndings[lib.ending] : null;
    if (expected && judged.rule !== expected) {
      fail(file, `ends by ${judged.rule} but the record says ${lib.ending}`);
    }
    for (const to of ['kif', 'csa']) {
      const written = library_game(koma(['play', 'shogi', '--record', file, '--to', to]), to);
      if (written.error) { fail(file, `the ${to} koma writes does not read: ${written.error}`); continue; }
      if (written.sfen !== lib.sfen || !same(written.moves, lib.moves)) {
        fail(file, `the ${to} koma writes reads back as another game`);
      }
      if (expected && written.ending && kEndings[written.ending] !== expected) {
        fail(file, `the ${to} koma writes ends by ${written.ending}, not ${lib.ending}`);
      }
    }
  }
  console.log(`records: ${files.length} files checked, ${failures} differences`);
  process.exit(failures === 0 ? 0 : 1);
}

main();
