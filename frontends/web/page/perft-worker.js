// The playground's worker: its own copy of koma (koma-playground.js) counts perft off the
// page's thread, one root move at a time, reporting each, or (a job of kind "think") finds the
// computer's move. The page sends the variant's text, the set-up SFEN, the moves played, the
// notation and the depth or level; the page stops a job by ending the worker.
'use strict';

importScripts('koma-playground.js');

const ready = KomaModule().then(komaApi);
let compiled = null;  // {text, path, variant}: what this worker's koma last compiled

// A game set up as the page's: the same rules, position and notation.
function setUp(koma, job) {
  if (!compiled || compiled.text !== job.text || compiled.path !== job.path) {
    compiled?.variant.dispose();
    compiled = null;
    compiled = { text: job.text, path: job.path, variant: koma.compile(job.text, { path: job.path }) };
  }
  return compiled.variant.newGame({ sfen: job.start, moves: job.moves, dialect: job.dialect });
}

function count(koma, job) {
  const begin = performance.now();
  const divide = [];
  let nodes = 0;
  try {
    const game = setUp(koma, job);
    if (job.depth === 0) {
      nodes = game.perft(0);
    } else {
      // divide's order is the legal moves' order.
      const roots = game.legalMoves();
      roots.forEach((root, index) => {
        const child = game.copy();
        child.play(root.usi);
        divide.push({ move: root.text, nodes: child.perft(job.depth - 1) });
        child.dispose();
        nodes += divide[index].nodes;
        postMessage({ kind: 'progress', done: index + 1, total: roots.length, nodes });
      });
    }
    game.dispose();
  } catch (error) {
    return { kind: 'done', answer: { ok: false, error: { code: error.code, message: error.message } } };
  }
  const seconds = (performance.now() - begin) / 1000;
  return { kind: 'done', answer: { ok: true, depth: job.depth, nodes, seconds, nps: seconds > 0 ? nodes / seconds : 0, divide } };
}

// The computer's move at the job's level: {kind: 'thought', id, answer}.
function think(koma, job) {
  try {
    const game = setUp(koma, job);
    const thought = game.bestMove({ level: job.level });
    game.dispose();
    return { kind: 'thought', id: job.id, answer: { ok: true, thought } };
  } catch (error) {
    return { kind: 'thought', id: job.id, answer: { ok: false, error: { code: error.code, message: error.message } } };
  }
}

onmessage = (event) => {
  const job = event.data;
  const kind = job.kind === 'think' ? 'thought' : 'done';
  ready.then((koma) => postMessage(job.kind === 'think' ? think(koma, job) : count(koma, job)),
    (error) => postMessage({ kind, id: job.id, answer: { ok: false, error: { code: 'worker-failed', message: String(error) } } }));
};
