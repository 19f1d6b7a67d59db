// The koma package as a user installs it: run by run.sh in a scratch project that installed
// the packed tarball, with Node's own test runner (node --test --expose-gc).
import assert from 'node:assert/strict';
import test from 'node:test';
import koma, { compile, loadBundled, bundledVariants, variantText, Game, Variant, KomaError, liveObjects } from 'koma';

// A 3×3 game whose start leaves the side not to move in check (the runtime refuses it).
const OPPONENT_IN_CHECK = `---
title: Bad
slug: bad
win: "Checkmate the opponent's King"
royal: [King]
promotion:
  zone: 1
endings:
  - {kind: checkmate, outcome: loss}
engine:
  topology: {type: grid, rows: 3, cols: 3}
  setup: "k2/R2/2K b - 1"
---

| Piece | Movement | Promotes to | Letter |
|---|---|---|---|
| King | One square any direction | Does not promote | K |
| Rook | Any number of squares orthogonally | Does not promote | R |
`;

// The 1-based line and column where `needle` first stands in `text`.
function placeOf(text, needle) {
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.includes(needle));
  return { line: line + 1, column: lines[line].indexOf(needle) + 1 };
}

test('the default export holds the named exports', () => {
  assert.equal(koma.compile, compile);
  assert.equal(koma.Game, Game);
  assert.match(koma.version, /^\d+\.\d+\.\d+/);
});

test('a variant compiles from its text, with its parent from the bundled variants', () => {
  const slugs = bundledVariants().map((v) => v.slug);
  assert.ok(slugs.includes('shogi') && slugs.includes('minishogi'));
  const text = `---
title: Tiny
slug: tiny
parent: shogi
engine:
  topology: {type: grid, rows: 5, cols: 5}
  setup: "rbsgk/4p/5/P4/KGSBR b - 1"
promotion:
  zone: 1
---

# Tiny
`;
  const variant = compile(text, { path: 'tiny.md' });
  assert.ok(variant instanceof Variant);
  assert.equal(variant.title, 'Tiny');
  assert.equal(variant.path, 'tiny.md');
  assert.deepEqual([variant.files, variant.ranks], [5, 5]);
  assert.ok(variant.pieces.some((p) => p.symbol === 'P' && p.base === 'P'));
  assert.ok(variant.pieces.some((p) => p.symbol === '+P' && p.base === 'P'));
  assert.equal(variant.newGame().sfen, 'rbsgk/4p/5/P4/KGSBR b - 1');
});

test('a variant that does not compile throws its diagnostics as data', () => {
  const text = variantText('shogi').replace(/^ {2}zone: (\d+)$/m, '  zonne: $1');
  const { line } = placeOf(text, 'zonne:');
  assert.throws(() => compile(text, { path: 'broken.md' }), (error) => {
    assert.ok(error instanceof KomaError && error instanceof Error);
    assert.equal(error.name, 'KomaError');
    assert.equal(error.file, 'broken.md');
    assert.equal(error.line, line);
    assert.equal(error.column, 3);
    assert.ok(error.diagnostics.length > 0);
    const first = error.diagnostics[0];
    assert.deepEqual([first.file, first.line, first.column, first.severity, first.code],
      ['broken.md', line, 3, 'error', error.code]);
    assert.equal(typeof first.message, 'string');
    assert.ok(Array.isArray(first.notes));
    return true;
  });
});

test('a start-position fault from text is start-position-illegal at the setup', () => {
  const at = placeOf(OPPONENT_IN_CHECK, 'k2/R2/2K b - 1');
  assert.throws(() => compile(OPPONENT_IN_CHECK, { path: 'bad.md' }), (error) => {
    assert.ok(error instanceof KomaError);
    assert.equal(error.code, 'start-position-illegal');
    assert.deepEqual([error.file, error.line, error.column], ['bad.md', at.line, at.column]);
    assert.ok(error.diagnostics.some((d) => d.code === 'start-position-illegal'));
    return true;
  });
});

test('two games of one variant are independent', () => {
  const shogi = loadBundled('shogi');
  const a = shogi.newGame();
  const b = new Game(shogi);
  a.play('7g7f');
  a.play('3c3d');
  assert.equal(b.sfen, 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1');
  assert.equal(a.sfen, 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3');
  b.play('2g2f');
  assert.deepEqual(a.history.map((m) => m.usi), ['7g7f', '3c3d']);
  assert.deepEqual(b.history.map((m) => m.usi), ['2g2f']);
  const c = a.copy();
  c.undo();
  assert.equal(a.history.length, 2);
  assert.equal(c.history.length, 1);
  assert.equal(c.variant, shogi);
});

test('legal moves come as move data', () => {
  const game = loadBundled('shogi').newGame({ moves: ['7g7f', '3c3d'] });
  const moves = game.legalMoves();
  assert.equal(moves.length, 39);  // koma moves shogi --moves 7g7f 3c3d
  const trade = moves.filter((m) => m.from === '8h' && m.to === '2b');
  assert.deepEqual(trade.map((m) => m.usi).sort(), ['8h2b', '8h2b+']);
  const promoting = trade.find((m) => m.promotion);
  assert.deepEqual(promoting, { usi: '8h2b+', text: '8h2b+', from: '8h', to: '2b', piece: 'B', captured: 'B',
    promotion: true, drop: false, face: '+B' });
  game.play('8h2b+');
  game.play('3a2b');
  const drops = game.legalMoves().filter((m) => m.drop);
  assert.ok(drops.length > 0);
  assert.ok(drops.every((m) => m.from === null && m.piece === 'B' && m.usi.startsWith('B*') && m.captured === null));
});

test('each legal move\'s data is what playing it answers (Lion steps, igui, flips, dialects, drops)', () => {
  const cases = [
    ['chu-shogi', { sfen: 'kg10/12/12/12/12/5p6/6N5/12/12/12/12/10GK b - 1' }],
    ['chu-shogi', {}],
    ['kyoto-shogi', {}],
    ['kyoto-shogi', { dialect: 'fsf' }],
    ['shogi', { moves: ['7g7f', '3c3d', '8h2b+', '3a2b'] }],
  ];
  for (const [slug, options] of cases) {
    const game = loadBundled(slug).newGame(options);
    const moves = game.legalMoves();
    assert.ok(moves.length > 0, slug);
    for (const move of moves) {
      const copy = game.copy();
      assert.deepEqual(move, copy.play(move.usi), `${slug} ${move.usi}`);
      copy.dispose();
    }
  }
  const lion = loadBundled('chu-shogi').newGame(cases[0][1]).legalMoves();
  assert.deepEqual(lion.find((m) => m.usi === '6g7f6g'), { usi: '6g7f6g', text: '6g7f6g', from: '6g', to: '6g', piece: 'N',
    captured: null, promotion: false, drop: false, face: 'N', via: '7f', capturedVia: 'P' });
  // A new spelling chosen later is the one the moves are written in.
  const kyoto = loadBundled('kyoto-shogi').newGame();
  const before = kyoto.legalMoves().map((m) => m.text);
  kyoto.setDialect('fsf');
  const after = kyoto.legalMoves();
  assert.notDeepEqual(after.map((m) => m.text), before);
  assert.deepEqual(after.map((m) => m.text), loadBundled('kyoto-shogi').newGame({ dialect: 'fsf' }).legalMoves().map((m) => m.text));
});

test('play and undo return the move and change the position', () => {
  const game = loadBundled('shogi').newGame();
  const start = game.sfen;
  const played = game.play('7g7f');
  assert.equal(played.usi, '7g7f');
  assert.equal(played.piece, 'P');
  assert.notEqual(game.sfen, start);
  assert.equal(game.undo().usi, '7g7f');
  assert.equal(game.sfen, start);
  assert.throws(() => game.undo(), (e) => e instanceof KomaError && e.code === 'no-move-to-undo');
});

test('an illegal or malformed move throws its code', () => {
  const game = loadBundled('shogi').newGame();
  assert.throws(() => game.play('7g7e'), (e) => e instanceof KomaError && e.code === 'move-illegal' && e.message.length > 0);
  assert.throws(() => game.play('hello'), (e) => e instanceof KomaError && e.code.startsWith('move-'));
  assert.throws(() => loadBundled('shogi').newGame({ moves: ['7g7f', '7f7e', '1a1b', '7e7d', '9a9b', '7d7c', '1b1a'] }),
    (e) => e instanceof KomaError && e.code === 'move-illegal');
  assert.throws(() => loadBundled('shogi').newGame({ sfen: 'not an sfen' }), (e) => e instanceof KomaError && e.code.length > 0);
  assert.throws(() => loadBundled('nope'), (e) => e instanceof KomaError && e.code === 'unknown-variant');
});

test('status: a checkmate names its rule, winner and the rule\'s place', () => {
  const game = loadBundled('shogi').newGame({ sfen: 'k8/2G6/P8/9/9/9/9/9/8K b G 1' });
  assert.deepEqual(game.status, { ended: false, rule: null, winner: null, outcome: null, text: '', ruleAt: null });
  game.play('G*9b');
  const status = game.status;
  assert.equal(status.ended, true);
  assert.equal(status.rule, 'checkmate');
  assert.equal(status.winner, 'sente');
  assert.equal(status.outcome, 'loss');
  assert.equal(status.text, 'checkmate: sente wins');
  assert.equal(status.ruleAt.file, 'shogi.md');
  const ruleLine = variantText('shogi').split('\n')[status.ruleAt.line - 1];
  assert.ok(ruleLine.toLowerCase().includes('checkmate'), ruleLine);
  assert.ok(status.ruleAt.column > 0);
  assert.deepEqual(game.legalMoves(), []);
  assert.throws(() => game.play('9a8a'), (e) => e.code === 'game-over');
  const state = game.state();
  assert.equal(state.inCheck, true);
  assert.equal(state.checkSquare, '9a');
});

test('SFEN: a game set up from one gives it back, and in a dialect', () => {
  const shogi = loadBundled('shogi');
  const sfen = 'ln1gkg1nl/1rs4s1/p1pppp1pp/6p2/1p7/2P4R1/PP1PPPP1P/2G6/LNS1KGSNL b BPb 16';
  const game = shogi.newGame({ sfen });
  assert.equal(game.sfen, sfen);
  assert.equal(game.startSfen, sfen);
  const kyoto = loadBundled('kyoto-shogi');
  assert.ok(kyoto.dialects.length > 1);
  const spelt = kyoto.newGame({ dialect: kyoto.dialects[1] });
  const native = kyoto.newGame();
  assert.equal(kyoto.newGame({ sfen: spelt.sfen }).sfen, native.sfen);
});

test('perft counts the legal-move tree (shogi start depth 3 = 25470)', () => {
  const game = loadBundled('shogi').newGame();
  assert.equal(game.perft(0), 1);
  assert.equal(game.perft(1), 30);
  assert.equal(game.perft(3), 25470);
  const divide = game.divide(2);
  assert.equal(divide.length, 30);
  assert.equal(divide.reduce((n, d) => n + d.nodes, 0), 900);
  assert.throws(() => game.perft(-1), (e) => e.code === 'perft-bad-depth');
});

test('svg draws the position as koma render does', () => {
  const game = loadBundled('shogi').newGame({ moves: '7g7f 3c3d 8h2b+ 3a2b' });
  const svg = game.svg();
  assert.match(svg, /^<\?xml[^>]*>\s*<svg/);
  assert.match(svg, /<title>Shogi<\/title>/);
  assert.ok(svg.trimEnd().endsWith('</svg>'));
  const picture = game.picture();
  assert.equal(picture.svg, svg);
  assert.deepEqual(picture.hands[0], [{ symbol: 'B', count: 1 }]);
  assert.ok(picture.layout.cell > 0 && picture.layout.width > 0);
});

test('explain describes a piece by square, hand or symbol', () => {
  const game = loadBundled('shogi').newGame();
  const bySquare = game.explain('8h');
  assert.equal(bySquare.piece.symbol, 'B');
  assert.ok(bySquare.text.length > 0);
  assert.deepEqual(game.explain('B'), bySquare);
  assert.deepEqual(game.explain('*B'), bySquare);
  assert.throws(() => game.explain('Z'), (e) => e.code === 'unknown-piece');
});

test('dispose releases at once; a disposed object throws', () => {
  const before = liveObjects();
  const variant = loadBundled('minishogi');
  const game = variant.newGame();
  assert.deepEqual(liveObjects(), { variants: before.variants + 1, games: before.games + 1 });
  variant.dispose();
  assert.equal(game.legalMoves().length > 0, true, 'a game outlives its variant\'s handle');
  game.dispose();
  game.dispose();
  assert.deepEqual(liveObjects(), before);
  assert.throws(() => game.sfen, (e) => e instanceof KomaError && e.code === 'disposed');
  assert.throws(() => variant.newGame(), (e) => e.code === 'disposed');
  if (typeof Symbol.dispose === 'symbol') {
    const scoped = loadBundled('minishogi');
    scoped[Symbol.dispose]();
    assert.throws(() => scoped.newGame(), (e) => e.code === 'disposed');
  }
});

test('objects no longer reachable are released by the garbage collector', async (t) => {
  if (typeof globalThis.gc !== 'function') {
    t.skip('needs node --expose-gc');
    return;
  }
  // Earlier tests' objects may go too: what is held afterwards is at most what was before.
  const before = liveObjects();
  (() => {
    const variant = loadBundled('minishogi');
    for (let i = 0; i < 50; i++) variant.newGame().play('1e1d');
  })();
  assert.equal(liveObjects().games, before.games + 50);
  const released = () => liveObjects().games <= before.games && liveObjects().variants <= before.variants;
  for (let round = 0; round < 50 && !released(); round++) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.ok(released(), JSON.stringify({ before, after: liveObjects() }));
});

test('the computer plays a legal move, the same one at the same node budget', () => {
  const game = loadBundled('shogi').newGame({ moves: ['7g7f', '3c3d'] });
  const before = game.sfen;
  const thought = game.bestMove({ nodes: 2000 });
  assert.equal(thought.verdict, 'move');
  assert.ok(game.legalMoves().some((m) => m.usi === thought.move.usi));
  assert.ok(thought.nodes <= 2000 && thought.depth >= 1);
  assert.equal(thought.pv[0], thought.move.text);
  assert.equal(typeof thought.move.face, 'string');
  assert.deepEqual({ ...game.bestMove({ nodes: 2000 }), ms: 0 }, { ...thought, ms: 0 });
  assert.equal(game.sfen, before);
  game.play(thought.move.usi);
  assert.equal(game.history.length, 3);
});

test('the computer mates, resigns a lost game and knows when the game is over', () => {
  const shogi = loadBundled('shogi');
  const game = shogi.newGame({ sfen: '4k4/9/4G4/9/9/9/9/9/4K4 b G 1' });
  const mate = game.bestMove({ depth: 3 });
  assert.equal(mate.move.usi, 'G*5b');
  assert.equal(mate.mate, 1);
  assert.deepEqual(mate.pv, ['G*5b']);
  const lost = shogi.newGame({ sfen: '8k/9/7G1/9/9/9/9/9/K8 w G 1' }).bestMove({ depth: 4 });
  assert.equal(lost.verdict, 'resign');
  assert.equal(lost.mate, -2);
  assert.equal(lost.move.usi, '1a2a');
  assert.equal(lost.ponder.usi, 'G*2b');
  game.play('G*5b');
  assert.throws(() => game.bestMove(), (e) => e instanceof KomaError && e.code === 'game-over');
});

test('the computer plays at a level, within a time, and refuses bad limits', () => {
  const game = loadBundled('minishogi').newGame();
  assert.equal(game.bestMove({ level: 1 }).depth, 1);
  assert.ok(game.bestMove({ level: 3 }).nodes <= 2000);
  const timed = game.bestMove({ ms: 50 });
  assert.ok(timed.ms < 1000, `${timed.ms} ms`);
  assert.ok(game.legalMoves().some((m) => m.usi === timed.move.usi));
  assert.throws(() => game.bestMove({ level: 9 }), (e) => e.code === 'think-bad-level');
  assert.throws(() => game.bestMove({ nodes: -1 }), (e) => e.code === 'think-bad-limit');
  assert.throws(() => game.bestMove({ nodes: 1.5 }), (e) => e.code === 'think-bad-limit');
});

test('moves in words: Japanese, Western and USI, for a legal move and for the moves played', () => {
  const game = new Game(loadBundled('shogi'), { moves: ['7g7f', '3c3d'] });
  const bishop = game.legalMoves().find((m) => m.usi === '8h2b+');
  assert.equal(game.moveText(bishop), '☗２二角成');
  assert.equal(game.moveText('8h2b+', { notation: 'western' }), 'Bx2b+');
  assert.equal(game.moveText('8h2b+', { notation: 'usi' }), '8h2b+');
  game.play('8h2b+');
  assert.equal(game.moveText('3a2b', { signs: 'triangles' }), '△同　銀');
  game.play('3a2b');
  assert.deepEqual(game.movesText(), ['☗７六歩', '☖３四歩', '☗２二角成', '☖同　銀']);
  assert.deepEqual(game.movesText({ notation: 'western' }), ['P-7f', 'P-3d', 'Bx2b+', 'Sx2b']);
  assert.throws(() => game.movesText({ notation: 'kanji' }), (error) => error.code === 'unknown-notation');
  assert.throws(() => game.moveText('7a7b', { signs: 'dots' }), (error) => error.code === 'unknown-signs');
  assert.throws(() => game.moveText('7g7e'), (error) => error.code === 'move-illegal');
  // Pieces without Japanese names have no Japanese moves.
  const plain = compile(OPPONENT_IN_CHECK.replace('k2/R2/2K', 'k2/2R/2K'), { path: 'plain.md' }).newGame();
  assert.throws(() => plain.moveText('1b1a'), (error) => error.code === 'notation-no-japanese-name');
  assert.equal(plain.moveText('1b1a', { notation: 'western' }), 'R-1a');
  game.dispose();
  plain.dispose();
});
