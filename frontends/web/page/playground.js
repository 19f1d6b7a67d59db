// The playground page: keeps the editor, the diagnostics, the board and the game in step with
// koma compiled to WebAssembly (koma-playground.js). Every rule, picture and text comes from
// koma; this file only lays them out and turns clicks into requests.
'use strict';

const TEMPLATE = `---
title: My Variant
slug: my-variant
board: "5×5"
players: "2"
parent: shogi
win: "Checkmate the opponent's King"
special: "Shogi on a 5×5 board; change anything below"
promotion:
  zone: 1
engine:
  topology:
    type: grid
    rows: 5
    cols: 5
  setup: "rbsgk/4p/5/P4/KGSBR b - 1"
---

# My Variant

Describe the game here. The front matter above and the tables below hold the rules;
variants/FORMAT.md in koma's sources explains every key, and the bundled variants are examples
to start from.

## The pieces

| Piece | Count | Movement | Letter |
|---|---|---|---|
| King (玉) | 1 | One square any direction | K |
| Rook (飛) | 1 | Any distance orthogonally | R |
| Bishop (角) | 1 | Any distance diagonally | B |
| Gold general (金) | 1 | One square, any direction except diagonally backward | G |
| Silver general (銀) | 1 | One square diagonally, or straight forward | S |
| Pawn (歩) | 1 | One square forward | P |

## Promotion

| Piece | Promoted piece | Promotes to |
|---|---|---|
| Pawn | Tokin (と) | Gold general movement |
| Silver general | Promoted silver (成銀) | Gold general movement |
| Rook | Dragon (龍) | Rook plus one-square king moves |
| Bishop | Horse (馬) | Bishop plus one-square king moves |
`;

const $ = (id) => document.getElementById(id);
const EXPLAIN_HINT = 'Click a piece to see how it moves.';
const SVG_NS = 'http://www.w3.org/2000/svg';

// The name the editor's text goes by while nothing names it: a new text, or a bundled file's
// text once changed.
const UNTITLED = 'untitled.md';

const page = {
  module: null,     // the WebAssembly module
  origin: { name: UNTITLED, text: '' }, // the bundled file the editor was filled from
  path: UNTITLED,   // the file name the last compile's diagnostics carry
  compiled: null,   // {text, path} of the last variant that compiled (the one played)
  variant: null,    // the last variant that compiled
  state: null,      // the position shown
  selected: null,   // the square ("7g") or hand piece ("*P") whose moves are shown
  targets: new Map(), // target square -> the legal moves to it
  timer: 0,
};

function call(name, ...args) {
  return JSON.parse(page.module[name](...args));
}

// ---- The editor and its diagnostics ----

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

// The string index in `line` of a 1-based column counted in UTF-8 bytes, as koma counts them.
function indexOfByteColumn(line, column) {
  let bytes = 1;
  let index = 0;
  for (const ch of line) {
    if (bytes >= column) break;
    const code = ch.codePointAt(0);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    index += ch.length;
  }
  return index;
}

// The stretch of text a mark at (line, column) covers: the word starting there, else one char.
function markRange(lines, line, column) {
  const text = lines[line - 1] ?? '';
  const start = Math.min(indexOfByteColumn(text, Math.max(column, 1)), text.length);
  let end = start;
  while (end < text.length && !/\s/.test(text[end])) end++;
  return { start, end: Math.max(end, start + 1) };
}

// Draws the marks under the editor's text: diagnostics of this file, and the rule that ended
// the game when there is one.
function drawMarks(diagnostics) {
  const text = $('editor').value;
  const lines = text.split('\n');
  const marks = [];
  for (const d of diagnostics) {
    if (d.file === page.path && d.line > 0) {
      marks.push({ line: d.line, column: d.column, kind: d.severity, title: `${d.message} [${d.code}]`, code: d.code });
    }
  }
  const rule = page.state?.status?.rule_at;
  if (rule && rule.file === page.path) {
    marks.push({ line: rule.line, column: rule.column, kind: 'rule', title: 'the rule that ended the game', code: '' });
  }
  const byLine = new Map();
  for (const m of marks) {
    if (!byLine.has(m.line)) byLine.set(m.line, []);
    byLine.get(m.line).push({ ...m, ...markRange(lines, m.line, m.column) });
  }
  let html = '';
  lines.forEach((line, i) => {
    const here = (byLine.get(i + 1) ?? []).sort((a, b) => a.start - b.start);
    let at = 0;
    for (const m of here) {
      if (m.start < at) continue;  // overlapping marks: the first one is drawn
      html += escapeHtml(line.slice(at, m.start));
      html += `<mark class="${m.kind}" data-line="${m.line}" data-column="${m.column}" data-code="${m.code}"` +
              ` title="${escapeHtml(m.title)}">${escapeHtml(line.slice(m.start, m.end)) || ' '}</mark>`;
      at = Math.min(m.end, line.length);
      if (m.end > line.length) at = line.length;
    }
    html += escapeHtml(line.slice(at)) + '\n';
  });
  $('backdrop').innerHTML = html + '\n';
  syncScroll();
}

function syncScroll() {
  $('backdrop').scrollTop = $('editor').scrollTop;
  $('backdrop').scrollLeft = $('editor').scrollLeft;
}

// Puts the caret at (line, byte column) of the editor and scrolls it into view.
function goTo(line, column) {
  const editor = $('editor');
  const lines = editor.value.split('\n');
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += indexOfByteColumn(lines[line - 1] ?? '', column);
  editor.focus();
  editor.setSelectionRange(offset, offset);
  editor.scrollTop = Math.max(0, (line - 5) * 18);
  syncScroll();
}

function showDiagnostics(result) {
  const list = $('diagnostics');
  list.innerHTML = '';
  for (const d of result.diagnostics) {
    const item = document.createElement('li');
    item.className = d.severity;
    item.dataset.line = d.line;
    item.dataset.column = d.column;
    item.dataset.code = d.code;
    item.innerHTML = `<span class="where">${escapeHtml(d.file)}:${d.line}:${d.column}</span>: ` +
      `<span class="severity">${d.severity}</span>: <span class="message">${escapeHtml(d.message)}</span> ` +
      `[<span class="code">${escapeHtml(d.code)}</span>]` +
      d.notes.map((n) => `<div class="note">${escapeHtml(n.file)}:${n.line}:${n.column}: note: ${escapeHtml(n.message)}</div>`).join('');
    if (d.file === page.path) item.addEventListener('click', () => goTo(d.line, d.column));
    list.appendChild(item);
  }
  if (result.error) {
    const item = document.createElement('li');
    item.className = 'error';
    item.innerHTML = `<span class="severity">error</span>: ${escapeHtml(result.error.message)} [<span class="code">${escapeHtml(result.error.code)}</span>]`;
    list.appendChild(item);
  }
  if (list.children.length === 0) {
    const item = document.createElement('li');
    item.className = 'ok';
    item.textContent = 'No problems.';
    list.appendChild(item);
  }
}

// The editor's file name: the bundled file's while the text is still that file's, else untitled.
function fileName() {
  return $('editor').value === page.origin.text ? page.origin.name : UNTITLED;
}

// Compiles the editor's text; `sameGame` keeps the game going when the new rules allow it.
function recompile(sameGame) {
  const text = $('editor').value;
  page.path = fileName();
  const result = call('compile', text, page.path, sameGame);
  showDiagnostics(result);
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length + (result.error ? 1 : 0);
  $('compile-status').textContent = (errors ? `${errors} error${errors > 1 ? 's' : ''}` : 'compiled') +
    ` in ${result.milliseconds.toFixed(1)} ms` + (errors && page.variant ? ' (playing the last version that compiled)' : '');
  page.lastDiagnostics = result.diagnostics;
  if (result.ok) {
    page.compiled = { text, path: page.path };
    page.variant = result.variant;
    fillDialects();
    show(call('state'));
  } else {
    if (!page.variant) {
      // A file that has never compiled has no board yet.
      page.state = null;
      $('board').innerHTML = '';
      $('overlay').innerHTML = '';
      $('history').innerHTML = '';
      $('sfen').value = '';
      $('game-status').textContent = 'Fix the errors to see the board.';
    }
    drawMarks(result.diagnostics);
  }
}

function loadVariant(slug) {
  if (slug === '') {
    $('editor').value = TEMPLATE;
    page.origin = { name: UNTITLED, text: TEMPLATE };
  } else {
    $('editor').value = call('variantText', slug).text;
    page.origin = { name: `${slug}.md`, text: $('editor').value };
  }
  page.state = null;
  page.variant = null;
  page.compiled = null;
  cancelPerft();
  // What was shown of the old variant's pieces goes with it.
  $('explain').classList.add('muted');
  $('explain').textContent = EXPLAIN_HINT;
  $('click-time').textContent = '';
  recompile(false);
}

// ---- The board ----

function fillDialects() {
  const select = $('dialect');
  const current = select.value;
  select.innerHTML = '';
  page.variant.dialects.forEach((name, i) => {
    const option = document.createElement('option');
    option.value = i === 0 ? '' : name;
    option.textContent = name;
    select.appendChild(option);
  });
  select.value = [...select.options].some((o) => o.value === current) ? current : '';
}

function squareName(file, rank) {
  return `${file}${String.fromCharCode(96 + rank)}`;
}

function rect(parent, x, y, w, h, attributes) {
  const r = document.createElementNS(SVG_NS, 'rect');
  r.setAttribute('x', x);
  r.setAttribute('y', y);
  r.setAttribute('width', w);
  r.setAttribute('height', h);
  for (const [k, v] of Object.entries(attributes)) r.setAttribute(k, v);
  parent.appendChild(r);
  return r;
}

// Shows a state answer: the picture koma draws, the clickable squares over it, the game.
function show(state) {
  if (!state.ok) {
    $('position-error').textContent = `${state.error.message} [${state.error.code}]`;
    return;
  }
  $('position-error').textContent = '';
  cancelPerft();  // a count under way was of the position shown before
  page.state = state;
  page.selected = null;
  $('perft-result').textContent = '';
  $('divide').innerHTML = '';
  page.targets = new Map();
  $('choice').hidden = true;
  const picture = state.picture;
  $('board').innerHTML = picture.svg.replace(/^<\?xml[^>]*>\s*/, '');
  drawOverlay();
  const status = $('game-status');
  const side = state.side_to_move;
  if (state.status) {
    status.innerHTML = `Game over — ${escapeHtml(state.status.text)}`;
    const at = state.status.rule_at;
    if (at) {
      const link = document.createElement('span');
      link.className = 'rule-link';
      link.textContent = ` (rule at ${at.file}:${at.line}:${at.column})`;
      if (at.file === page.path) link.addEventListener('click', () => goTo(at.line, at.column));
      status.appendChild(link);
    }
  } else {
    status.textContent = `${side} to move${state.in_check ? ' — in check' : ''}`;
  }
  $('sfen').value = state.sfen;
  $('click-time').textContent = positionMoves(state);
  const history = $('history');
  history.innerHTML = '';
  for (const m of state.history) {
    const item = document.createElement('li');
    item.textContent = m.text === m.usi ? m.text : `${m.text}  (${m.usi})`;
    item.title = `USI ${m.usi}`;
    item.dataset.usi = m.usi;
    history.appendChild(item);
  }
  history.scrollTop = history.scrollHeight;
  $('undo').disabled = state.history.length === 0;
  drawMarks(page.lastDiagnostics ?? []);
}

function drawOverlay() {
  const state = page.state;
  const l = state.picture.layout;
  const overlay = $('overlay');
  overlay.innerHTML = '';
  overlay.setAttribute('width', Math.round(l.width));
  overlay.setAttribute('height', Math.round(l.height));
  overlay.setAttribute('viewBox', `0 0 ${Math.round(l.width)} ${Math.round(l.height)}`);
  const { files, ranks } = page.variant;
  const last = state.last;
  for (let rank = 1; rank <= ranks; rank++) {
    for (let file = 1; file <= files; file++) {
      const name = squareName(file, rank);
      const classes = ['square'];
      if (last && (last.from === name || last.to === name)) classes.push('last');
      if (state.check_square === name) classes.push('check');
      if (page.selected === name) classes.push('selected');
      const moves = page.targets.get(name);
      if (moves) {
        classes.push('target');
        if (moves.some((m) => m.captured)) classes.push('capture');
      }
      const r = rect(overlay, l.board_x + (files - file) * l.cell, l.board_y + (rank - 1) * l.cell, l.cell, l.cell,
        { class: classes.join(' '), 'data-square': name });
      if (moves) r.setAttribute('data-moves', moves.map((m) => m.usi).join(' '));
      r.addEventListener('click', () => clickSquare(name));
    }
  }
  if (l.show_hands) {
    ['sente', 'gote'].forEach((side, s) => {
      state.picture.hands[s].forEach((item, i) => {
        const x = l.hand_first_x + i * l.hand_step - l.hand_piece / 2;
        const y = l.hand_middle[s] - l.hand_piece / 2;
        const origin = `*${item.symbol}`;
        const classes = ['hand'];
        if (page.selected === origin && state.to_move === side) classes.push('selected');
        const r = rect(overlay, x, y, l.hand_piece, l.hand_piece,
          { class: classes.join(' '), 'data-hand': item.symbol, 'data-side': side });
        r.addEventListener('click', () => clickHand(side, origin));
      });
    });
  }
}

// The position's legal-move count, as a phrase.
function positionMoves(state) {
  const n = state.legal_moves;
  return `${n} legal move${n === 1 ? '' : 's'} in the position` + (state.status ? ' (the game is over)' : '');
}

// Asks koma for the legal moves of a square or hand piece and shows them; times the request.
function select(origin) {
  const begin = performance.now();
  const answer = call('movesFrom', origin);
  const elapsed = performance.now() - begin;
  page.selected = origin;
  page.targets = new Map();
  for (const m of answer.moves) {
    if (!page.targets.has(m.to)) page.targets.set(m.to, []);
    page.targets.get(m.to).push(m);
  }
  const n = answer.moves.length;
  const piece = origin.startsWith('*') ? `the ${origin.slice(1)} in hand` : `the piece on ${origin}`;
  $('click-time').textContent = `${positionMoves(page.state)}; ${n} for ${piece} (found in ${elapsed.toFixed(2)} ms)`;
  showExplain(origin);
  drawOverlay();
}

function showExplain(where) {
  const answer = call('explain', where);
  $('explain').classList.toggle('muted', !answer.ok);
  $('explain').textContent = answer.ok ? answer.text : answer.error.message;
}

function clickSquare(name) {
  $('choice').hidden = true;
  const moves = page.targets.get(name);
  if (moves) {
    choose(moves);
    return;
  }
  if (page.selected === name) {
    page.selected = null;
    page.targets = new Map();
    drawOverlay();
    return;
  }
  select(name);
}

function clickHand(side, origin) {
  $('choice').hidden = true;
  if (side !== page.state.to_move) {
    showExplain(origin);
    return;
  }
  select(origin);
}

// One move is played at once; several to one square (promote or not, a drop's two faces) ask.
function choose(moves) {
  if (moves.length === 1) {
    play(moves[0].usi);
    return;
  }
  const box = $('choice');
  const buttons = $('choice-buttons');
  buttons.innerHTML = '';
  $('choice-title').textContent = moves[0].drop ? 'Drop as' : 'Promote?';
  for (const m of moves) {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.usi = m.usi;
    button.textContent = `${m.label} ${m.face}${m.drop ? '' : m.promotion ? ' (promote)' : ' (stay)'} — ${m.text}`;
    button.addEventListener('click', () => play(m.usi));
    buttons.appendChild(button);
  }
  box.hidden = false;
}

function play(usi) {
  show(call('play', usi));
}

// ---- Perft ----
// Served over http(s), perft counts in a worker (perft-worker.js) and the page stays usable;
// opened from disk, where browsers start no worker, it counts on the page, which waits.

const ON_PAGE_NOTE = 'perft counts on the page here, which waits until it is done (opened from disk, ' +
  'where browsers start no worker; koma playground serves the page with one)';

function showPerft(answer) {
  setCounting(false);
  if (!answer.ok) {
    $('perft-result').textContent = answer.error.message;
    return;
  }
  $('perft-result').innerHTML = `<b id="perft-nodes">${answer.nodes.toLocaleString('en')}</b> leaves in ` +
    `${answer.seconds.toFixed(3)} s (${Math.round(answer.nps).toLocaleString('en')} per second)`;
  $('perft-result').dataset.nodes = answer.nodes;
  $('divide').innerHTML = answer.divide.map((d) => `<tr><td>${escapeHtml(d.move)}</td><td>${d.nodes}</td></tr>`).join('');
}

function setCounting(counting) {
  $('perft').disabled = counting;
  $('perft-cancel').hidden = !counting;
}

function runPerftOnPage(depth) {
  // Let the page draw "counting…" before the count takes the thread.
  setTimeout(() => showPerft(call('perft', depth)), 20);
}

// The worker, started on first use; null where none can run.
function perftWorker() {
  if (page.worker || page.noWorker) return page.worker;
  try {
    page.worker = new Worker('perft-worker.js');
  } catch {
    page.noWorker = true;
    $('perft-note').textContent = ON_PAGE_NOTE;
    return null;
  }
  page.worker.onmessage = (event) => {
    const message = event.data;
    if (message.kind === 'progress') {
      $('perft-result').textContent = `counting… ${message.done} of ${message.total} first moves, ` +
        `${message.nodes.toLocaleString('en')} leaves so far`;
    } else {
      page.job = null;
      showPerft(message.answer);
    }
  };
  page.worker.onerror = (event) => {
    // The worker could not start (or failed): count on the page from now on.
    event.preventDefault();
    page.worker.terminate();
    page.worker = null;
    page.noWorker = true;
    $('perft-note').textContent = ON_PAGE_NOTE;
    if (page.job) {
      page.job = null;
      runPerftOnPage(Number($('perft-depth').value));
    }
  };
  return page.worker;
}

function runPerft() {
  const depth = Number($('perft-depth').value);
  $('perft-result').textContent = 'counting…';
  delete $('perft-result').dataset.nodes;
  $('divide').innerHTML = '';
  setCounting(true);
  const worker = page.compiled && page.state ? perftWorker() : null;
  if (!worker) {
    runPerftOnPage(depth);
    return;
  }
  page.job = {
    text: page.compiled.text, path: page.compiled.path, dialect: $('dialect').value,
    start: page.state.start_sfen, moves: page.state.history.map((m) => m.usi), depth,
  };
  worker.postMessage(page.job);
}

// Stops a count in the worker (ending it; the next count starts another).
function cancelPerft() {
  if (!page.job) return;
  page.job = null;
  page.worker.terminate();
  page.worker = null;
  setCounting(false);
  $('perft-result').textContent = 'cancelled';
}

// ---- Start ----

function start(module) {
  page.module = module;
  window.komaModule = module;
  const choice = $('variant-choice');
  const bundled = call('bundled');
  bundled.slugs.forEach((slug, i) => {
    const option = document.createElement('option');
    option.value = slug;
    option.textContent = bundled.titles[i];
    choice.appendChild(option);
  });
  const blank = document.createElement('option');
  blank.value = '';
  blank.textContent = '(blank template)';
  choice.appendChild(blank);
  const wanted = decodeURIComponent(location.hash.slice(1));
  choice.value = [...choice.options].some((o) => o.value === wanted && wanted) ? wanted : 'shogi';
  choice.addEventListener('change', () => loadVariant(choice.value));
  $('dialect').addEventListener('change', () => show(call('setDialect', $('dialect').value)));
  $('editor').addEventListener('input', () => {
    clearTimeout(page.timer);
    page.timer = setTimeout(() => recompile(true), 120);
  });
  $('editor').addEventListener('scroll', syncScroll);
  $('set-sfen').addEventListener('click', () => show(call('setSfen', $('sfen').value.trim())));
  $('sfen').addEventListener('keydown', (e) => { if (e.key === 'Enter') $('set-sfen').click(); });
  $('start').addEventListener('click', () => show(call('setSfen', '')));
  $('undo').addEventListener('click', () => show(call('undo')));
  $('perft').addEventListener('click', runPerft);
  $('perft-cancel').addEventListener('click', cancelPerft);
  if (location.protocol === 'file:') {
    page.noWorker = true;
    $('perft-note').textContent = ON_PAGE_NOTE;
  }
  loadVariant(choice.value);
  document.body.dataset.ready = 'true';
}

KomaModule().then(start, (error) => {
  $('compile-status').textContent = `koma could not start: ${error}`;
});
