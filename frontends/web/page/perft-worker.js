// The playground's perft worker: its own copy of koma (koma-playground.js) counts perft off the
// page's thread, one root move at a time, reporting each. The page sends the variant's text,
// the set-up SFEN, the moves played, the notation and the depth; the page stops a count by
// ending the worker.
'use strict';

importScripts('koma-playground.js');

const ready = KomaModule();
let compiled = null;  // the text and file name this worker's koma last compiled

function call(module, name, ...args) {
  return JSON.parse(module[name](...args));
}

// Sets this worker's game up as the page's: the same rules, position and notation.
function setUp(module, job) {
  if (!compiled || compiled.text !== job.text || compiled.path !== job.path) {
    const result = call(module, 'compile', job.text, job.path, false);
    if (!result.ok) return result.error ?? { code: 'compile-failed', message: 'the variant does not compile' };
    compiled = { text: job.text, path: job.path };
  }
  for (const answer of [call(module, 'setDialect', job.dialect), call(module, 'setSfen', job.start)]) {
    if (!answer.ok) return answer.error;
  }
  for (const usi of job.moves) {
    const answer = call(module, 'play', usi);
    if (!answer.ok) return answer.error;
  }
  return null;
}

function count(module, job) {
  const error = setUp(module, job);
  if (error) return { kind: 'done', answer: { ok: false, error } };
  if (job.depth === 0) return { kind: 'done', answer: call(module, 'perft', 0) };
  const begin = performance.now();
  const divide = [];
  let nodes = 0;
  for (let index = 0; ; index++) {
    const step = call(module, 'perftMove', job.depth, index);
    if (!step.ok) return { kind: 'done', answer: step };
    if (index >= step.count) break;
    divide.push({ move: step.move, nodes: step.nodes });
    nodes += step.nodes;
    postMessage({ kind: 'progress', done: index + 1, total: step.count, nodes });
  }
  const seconds = (performance.now() - begin) / 1000;
  return { kind: 'done', answer: { ok: true, depth: job.depth, nodes, seconds, nps: seconds > 0 ? nodes / seconds : 0, divide } };
}

onmessage = (event) => {
  ready.then((module) => postMessage(count(module, event.data)),
    (error) => postMessage({ kind: 'done', answer: { ok: false, error: { code: 'worker-failed', message: String(error) } } }));
};
