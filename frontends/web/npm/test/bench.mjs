// Measures the koma package under Node: legal-move lists per second (each a list of move data,
// as legalMoves() returns it; the module answers packed numbers and the move texts), beside what
// reading the same list as JSON alone would take, and perft.
// Rates are per second of the process's CPU time. Prints the figures; judges nothing.
// usage: node bench.mjs NPM_DIR   (the package's folder, e.g. build-web/npm)
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [folder] = process.argv.slice(2);
if (!folder) {
  console.error('usage: node bench.mjs NPM_DIR');
  process.exit(2);
}
const koma = await import(pathToFileURL(path.resolve(folder, 'index.js')).href);

// Calls `body` for about a second of this process's CPU time (the machine may be shared) after
// a warm-up; answers the calls per CPU second.
function rate(body) {
  for (let i = 0; i < 2000; i++) body();
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  };
  let calls = 0;
  const begin = cpu();
  let elapsed = 0;
  do {
    for (let i = 0; i < 500; i++) body();
    calls += 500;
    elapsed = cpu() - begin;
  } while (elapsed < 1);
  return calls / elapsed;
}

const shogi = koma.loadBundled('shogi');
const positions = {
  start: 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
  middle: 'ln1gkg1nl/1rs4s1/p1pppp1pp/6p2/1p7/2P4R1/PP1PPPP1P/2G6/LNS1KGSNL b BPb 16',
};
console.log('legal-move lists per second through the package (Node):');
for (const [name, sfen] of Object.entries(positions)) {
  const game = shogi.newGame({ sfen });
  const count = game.legalMoves().length;
  const lists = rate(() => game.legalMoves());
  const answer = JSON.stringify({ ok: true, value: game.legalMoves() });
  const parses = rate(() => JSON.parse(answer));
  console.log(`  shogi ${name.padEnd(6)} ${Math.round(lists)} lists/s of ${count} moves ` +
    `(${(1e6 / lists).toFixed(1)} us each; JSON.parse of the list alone would take ${(1e6 / parses).toFixed(1)} us)`);
}
const game = shogi.newGame();
console.log(`  a call answering a string (sfen): ${Math.round(rate(() => game.sfen))} per second`);
const begin = process.cpuUsage();
const nodes = game.perft(5);
const used = process.cpuUsage(begin);
const seconds = (used.user + used.system) / 1e6;
console.log(`perft shogi 5: ${nodes} leaves in ${seconds.toFixed(3)} s (${(nodes / seconds / 1e6).toFixed(1)} M/s)`);
