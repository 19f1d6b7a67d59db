// Put before Emscripten's ES module output (--extern-pre-js): on Node, that output reads
// `require` and `__dirname`, which an ES module does not have; they are made here from
// import.meta.url. Browsers and workers skip it.
const komaOnNode = typeof process == 'object' && typeof process.versions == 'object' &&
  typeof process.versions.node == 'string';
const komaNodeModule = 'node:module';
var require = komaOnNode ? (await import(komaNodeModule)).createRequire(import.meta.url) : undefined;
var __dirname = komaOnNode ? require('node:path').dirname(require('node:url').fileURLToPath(import.meta.url)) : '';
