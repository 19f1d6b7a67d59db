// Measures the playground in headless Chromium, the page opened straight from its files (no
// server, no network): compiling bundled variants, the legal moves of a click, and perft beside
// native `koma perft` on the same machine. Prints the figures; judges nothing.
// usage: node bench.mjs KOMA WEB_DIR [PERFT_DEPTH]
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';

const [koma, webDir, depthText = '5'] = process.argv.slice(2);
if (!webDir) {
  console.error('usage: node bench.mjs KOMA WEB_DIR [PERFT_DEPTH]');
  process.exit(2);
}
const depth = Number(depthText);
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
try {
  const page = await browser.newPage();
  await page.goto(pathToFileURL(path.resolve(webDir, 'index.html')).href);
  await page.waitForSelector('body[data-ready=true]', { timeout: 30000 });
  const figures = await page.evaluate((perftDepth) => {
    const koma = window.koma;
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const out = { compile: {}, click: {}, perft: {} };
    for (const slug of ['shogi', 'kyoto-shogi', 'heian-shogi', 'minishogi']) {
      const text = koma.variantText(slug);
      const compile = () => koma.compile(text, { path: `${slug}.md` }).dispose();
      // The first compile runs on the browser's baseline WebAssembly code; it optimises the hot
      // functions in the background within the first few dozen compiles.
      const first = performance.now();
      compile();
      const cold = performance.now() - first;
      for (let i = 0; i < 60; i++) compile();
      const times = [];
      for (let i = 0; i < 30; i++) {
        const begin = performance.now();
        compile();
        times.push(performance.now() - begin);
      }
      out.compile[slug] = { cold, median: median(times), max: Math.max(...times) };
    }
    // A click: the legal moves of one piece, as the page finds them (the position's list,
    // filtered), in the start position and in a middle game with pieces in hand.
    const shogi = koma.loadBundled('shogi');
    const positions = {
      start: 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
      middle: 'ln1gkg1nl/1rs4s1/p1pppp1pp/6p2/1p7/2P4R1/PP1PPPP1P/2G6/LNS1KGSNL b BPb 16',
    };
    for (const [name, sfen] of Object.entries(positions)) {
      const game = shogi.newGame({ sfen });
      const origins = [];
      for (let rank = 0; rank < 9; rank++) {
        for (let file = 1; file <= 9; file++) origins.push(`${file}${String.fromCharCode(97 + rank)}`);
      }
      for (const hand of game.picture().hands[0]) origins.push(`*${hand.symbol}`);
      const times = [];
      for (let round = 0; round < 5; round++) {
        for (const origin of origins) {
          const begin = performance.now();
          const moves = game.legalMoves().filter((m) => (origin.startsWith('*') ? m.drop && m.piece === origin.slice(1) : m.from === origin));
          const elapsed = performance.now() - begin;
          if (moves.length > 0) times.push(elapsed);
        }
      }
      out.click[name] = { median: median(times), max: Math.max(...times), clicks: times.length };
    }
    const begin = performance.now();
    const nodes = shogi.newGame().perft(perftDepth);
    const seconds = (performance.now() - begin) / 1000;
    out.perft = { nodes, seconds, nps: nodes / seconds };
    return out;
  }, depth);
  const native = JSON.parse(execFileSync(koma, ['perft', 'shogi', String(depth), '--format', 'json'], { encoding: 'utf8' }));
  let bytes = 0;
  for (const name of readdirSync(webDir)) bytes += statSync(path.join(webDir, name)).size;

  console.log('compile a bundled variant in the browser (ms: first compile of it; then median / max of 30 after 60 more):');
  for (const [slug, t] of Object.entries(figures.compile)) {
    console.log(`  ${slug.padEnd(12)} ${t.cold.toFixed(2)}; ${t.median.toFixed(2)} / ${t.max.toFixed(2)}`);
  }
  console.log('legal moves of a click (ms, median / max):');
  for (const [name, t] of Object.entries(figures.click)) {
    console.log(`  shogi ${name.padEnd(7)} ${t.median.toFixed(3)} / ${t.max.toFixed(3)} over ${t.clicks} clicks`);
  }
  const ratio = figures.perft.nps / native.nps;
  console.log(`perft shogi ${depth}: browser ${figures.perft.nodes} leaves in ${figures.perft.seconds.toFixed(3)} s ` +
    `(${(figures.perft.nps / 1e6).toFixed(1)} M/s); native ${native.nodes} in ${native.seconds.toFixed(3)} s ` +
    `(${(native.nps / 1e6).toFixed(1)} M/s); browser/native ${ratio.toFixed(2)}`);
  console.log(`page: ${(bytes / 1e6).toFixed(2)} MB in ${webDir}`);
  if (figures.perft.nodes !== native.nodes) {
    console.log('perft counts differ');
    process.exitCode = 1;
  }
} finally {
  await browser.close();
}
