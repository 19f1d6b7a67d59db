// The playground page: keeps the editor, the diagnostics, the board and the game in step with
// koma compiled to WebAssembly (koma-playground.js: the npm package's module and classes, as a
// classic script). Every rule, picture and text comes from koma; this file only lays them out
// and turns clicks into calls.
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
  koma: null,       // koma's classes and functions (komaApi)
  origin: { name: UNTITLED, text: '' }, // the bundled file the editor was filled from
  path: UNTITLED,   // the file name the last compile's diagnostics carry
  compiled: null,   // {text, path} of the last variant that compiled (the one played)
  variant: null,    // the last variant that compiled (a koma Variant)
  game: null,       // the game played under it (a koma Game)
  state: null,      // the position shown
  selected: null,   // the square ("7g") or hand piece ("*P") whose moves are shown
  targets: new Map(), // target square -> the legal moves to it
  timer: 0,
  thinking: null,   // the computer's job under way: {id, text, sfen, plies}
  thinkId: 0,
};

// The game's state as the page shows it: koma's, with the legal-move count, the last move and
// the picture.
function stateOf(game) {
  const state = game.state();
  const last = state.history.at(-1);
  state.legalMoves = state.status.ended ? 0 : game.legalMoves().length;
  state.last = last ? { from: last.from, to: last.to } : null;
  state.picture = game.picture();
  return state;
}

// Runs `body` (a change to the game) and shows the state, or the error it threw.
function change(body) {
  try {
    body();
  } catch (error) {
    $('position-error').textContent = `${error.message} [${error.code ?? 'error'}]`;
    return;
  }
  show(stateOf(page.game));
}

// A game of `variant` from the old game's start and moves when they still read and play under
// it (keeping the spelling when the variant still has it); else from its start.
function continuedGame(variant, old) {
  const dialect = old && variant.dialects.slice(1).includes($('dialect').value) ? $('dialect').value : '';
  if (old) {
    try {
      const state = old.state();
      return variant.newGame({ sfen: state.startSfen, moves: state.history.map((m) => m.usi), dialect });
    } catch {
      // The old game does not play under the new rules.
    }
  }
  return variant.newGame({ dialect });
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
  const rule = page.state?.status?.ruleAt;
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
  if (result.error && !result.diagnostics.some((d) => d.severity === 'error')) {
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
  const begin = performance.now();
  const result = { variant: null, diagnostics: [], error: null };
  try {
    result.variant = page.koma.compile(text, { path: page.path });
    result.diagnostics = result.variant.warnings;
  } catch (error) {
    if (!(error instanceof page.koma.KomaError)) throw error;
    result.error = error;
    result.diagnostics = error.diagnostics;
  }
  const milliseconds = performance.now() - begin;
  showDiagnostics(result);
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length ||
    (result.error ? 1 : 0);
  $('compile-status').textContent = (errors ? `${errors} error${errors > 1 ? 's' : ''}` : 'compiled') +
    ` in ${milliseconds.toFixed(1)} ms` + (errors && page.variant ? ' (playing the last version that compiled)' : '');
  page.lastDiagnostics = result.diagnostics;
  if (result.variant) {
    const old = page.game;
    page.game = continuedGame(result.variant, sameGame ? old : null);
    old?.dispose();
    page.variant?.dispose();
    page.compiled = { text, path: page.path };
    page.variant = result.variant;
    fillDialects();
    show(stateOf(page.game));
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
    $('editor').value = page.koma.variantText(slug);
    page.origin = { name: `${slug}.md`, text: $('editor').value };
  }
  page.state = null;
  page.game?.dispose();
  page.variant?.dispose();
  page.game = null;
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
  // The game keeps the spelling it was made with only when the new variant has it too.
  page.game.setDialect(select.value);
  // The computer's sides are named as the variant names them.
  for (const option of $('computer-side').options) {
    if (option.value) option.textContent = page.variant.sides[option.value === 'sente' ? 0 : 1];
  }
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

// Shows a state: the picture koma draws, the clickable squares over it, the game.
// The notation the move list is written in: 'usi' (the game's own spelling), 'japanese' or 'western'.
function moveNotation() {
  return $('move-notation').value;
}

// The moves played in the notation chosen, by koma; null for the game's own spelling, or when
// the variant cannot be written so (the list falls back to it and the note says why).
function historyWords(state) {
  $('notation-note').textContent = '';
  if (moveNotation() === 'usi' || state.history.length === 0) return null;
  try {
    return page.game.movesText({ notation: moveNotation() });
  } catch (error) {
    $('notation-note').textContent = `${error.message} [${error.code ?? 'error'}]; shown in the game's own spelling`;
    return null;
  }
}

// A legal move in the notation chosen (its own spelling when it cannot be written so).
function legalWords(move) {
  if (moveNotation() === 'usi') return move.text;
  try {
    return page.game.moveText(move, { notation: moveNotation() });
  } catch {
    return move.text;
  }
}

function show(state) {
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
  const side = state.sideName;
  if (state.status.ended) {
    status.innerHTML = `Game over — ${escapeHtml(state.status.text)}`;
    const at = state.status.ruleAt;
    if (at) {
      const link = document.createElement('span');
      link.className = 'rule-link';
      link.textContent = ` (rule at ${at.file}:${at.line}:${at.column})`;
      if (at.file === page.path) link.addEventListener('click', () => goTo(at.line, at.column));
      status.appendChild(link);
    }
  } else {
    status.textContent = `${side} to move${state.inCheck ? ' — in check' : ''}`;
  }
  $('sfen').value = state.sfen;
  $('click-time').textContent = positionMoves(state);
  const history = $('history');
  history.innerHTML = '';
  const words = historyWords(state);
  state.history.forEach((m, i) => {
    const item = document.createElement('li');
    const text = words ? words[i] : m.text;
    item.textContent = text === m.usi ? text : `${text}  (${m.usi})`;
    item.title = `USI ${m.usi}`;
    item.dataset.usi = m.usi;
    item.dataset.text = text;
    history.appendChild(item);
  });
  history.scrollTop = history.scrollHeight;
  $('undo').disabled = state.history.length === 0;
  drawMarks(page.lastDiagnostics ?? []);
  computerTurn();
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
      if (state.checkSquare === name) classes.push('check');
      if (page.selected === name) classes.push('selected');
      const moves = page.targets.get(name);
      if (moves) {
        classes.push('target');
        if (moves.some((m) => m.captured)) classes.push('capture');
      }
      const r = rect(overlay, l.boardX + (files - file) * l.cell, l.boardY + (rank - 1) * l.cell, l.cell, l.cell,
        { class: classes.join(' '), 'data-square': name });
      if (moves) r.setAttribute('data-moves', moves.map((m) => m.usi).join(' '));
      r.addEventListener('click', () => clickSquare(name));
    }
  }
  if (l.showHands) {
    ['sente', 'gote'].forEach((side, s) => {
      state.picture.hands[s].forEach((item, i) => {
        const x = l.handFirstX + i * l.handStep - l.handPiece / 2;
        const y = l.handMiddle[s] - l.handPiece / 2;
        const origin = `*${item.symbol}`;
        const classes = ['hand'];
        if (page.selected === origin && state.side === side) classes.push('selected');
        const r = rect(overlay, x, y, l.handPiece, l.handPiece,
          { class: classes.join(' '), 'data-hand': item.symbol, 'data-side': side });
        r.addEventListener('click', () => clickHand(side, origin));
      });
    });
  }
}

// The position's legal-move count, as a phrase.
function positionMoves(state) {
  const n = state.legalMoves;
  return `${n} legal move${n === 1 ? '' : 's'} in the position` + (state.status.ended ? ' (the game is over)' : '');
}

// The legal moves of the piece on `origin` (a square) or of the hand piece "*SYMBOL", each with
// the name and label of the face it leaves on its target.
function movesFrom(origin) {
  const pieces = new Map(page.variant.pieces.map((p) => [p.symbol, p]));
  const hand = origin.startsWith('*') ? origin.slice(1) : null;
  return page.game.legalMoves()
    .filter((m) => (hand ? m.drop && pieces.get(m.face)?.base === hand : m.from === origin))
    .map((m) => ({ ...m, name: pieces.get(m.face)?.name ?? m.face, label: pieces.get(m.face)?.label ?? m.face }));
}

// Asks koma for the legal moves of a square or hand piece and shows them; times the request.
function select(origin) {
  const begin = performance.now();
  const moves = movesFrom(origin);
  const elapsed = performance.now() - begin;
  page.selected = origin;
  page.targets = new Map();
  for (const m of moves) {
    if (!page.targets.has(m.to)) page.targets.set(m.to, []);
    page.targets.get(m.to).push(m);
  }
  const n = moves.length;
  const piece = origin.startsWith('*') ? `the ${origin.slice(1)} in hand` : `the piece on ${origin}`;
  $('click-time').textContent = `${positionMoves(page.state)}; ${n} for ${piece} (found in ${elapsed.toFixed(2)} ms)`;
  showExplain(origin);
  drawOverlay();
}

function showExplain(where) {
  try {
    $('explain').textContent = page.game.explain(where).text;
    $('explain').classList.remove('muted');
  } catch (error) {
    $('explain').textContent = error.message;
    $('explain').classList.add('muted');
  }
}

function clickSquare(name) {
  $('choice').hidden = true;
  const moves = page.targets.get(name);
  if (moves) {
    if (computerToMove()) {
      $('position-error').textContent = 'the computer is to move';
      return;
    }
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
  if (side !== page.state.side) {
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
    button.textContent = `${m.label} ${m.name}${m.drop ? '' : m.promotion ? ' (promote)' : ' (stay)'} — ${legalWords(m)}`;
    button.addEventListener('click', () => play(m.usi));
    buttons.appendChild(button);
  }
  box.hidden = false;
}

function play(usi) {
  change(() => page.game.play(usi));
}

// Takes back the last move; against the computer, its reply too, so that the player is to move.
function undoMove() {
  $('computer-status').textContent = '';
  change(() => {
    page.game.undo();
    if (computerSide() && page.game.state().side === computerSide() && page.game.history.length > 0) page.game.undo();
  });
}

// ---- The computer ----
// The computer plays the side chosen under "Computer plays" with koma's search (Game.bestMove)
// at the strength chosen (koma's levels 1 to 8), after each move of the player. Served over
// http(s) it thinks in a worker (a second one of perft-worker.js) and the page stays usable;
// opened from disk it thinks on the page, at level COMPUTER_PAGE_LEVEL at most so that the page
// waits little.

const COMPUTER_PAGE_LEVEL = 5;

function computerSide() {
  return $('computer-side').value;
}

function computerToMove(state = page.state) {
  return Boolean(state && !state.status.ended && computerSide() === state.side);
}

// What the search found, as a line: the move, its score, the line it expects.
function thoughtText(thought, side) {
  const score = thought.mate !== null ? `mate in ${Math.abs(thought.mate)} for ${thought.mate > 0 ? 'it' : 'you'}`
    : `${thought.score > 0 ? '+' : ''}${thought.score} cp for it`;
  const figures = `${score}, depth ${thought.depth}, ${thought.nodes.toLocaleString('en')} nodes in ${thought.ms} ms`;
  if (thought.verdict === 'resign') return `the computer (${side}) resigns: ${figures}`;
  if (thought.verdict === 'win') return `the computer (${side}) declares a win`;
  return `the computer (${side}) played ${thought.move.text} — ${figures}; line ${thought.pv.join(' ')}`;
}

// Called by show(): a job for another position is dropped; on the computer's turn one starts.
function computerTurn() {
  const state = page.state;
  const key = { text: page.compiled?.text, sfen: state.sfen, plies: state.history.length };
  const job = page.thinking;
  if (job && job.text === key.text && job.sfen === key.sfen && job.plies === key.plies) return;
  if (job) stopThinking();
  if (!computerToMove() || !page.compiled) return;
  const id = ++page.thinkId;
  const level = Number($('computer-level').value);
  page.thinking = { id, ...key };
  $('computer-status').textContent = `the computer (${state.sideName}) is thinking…`;
  const worker = thinkWorker();
  if (!worker) {
    // Let the page draw "thinking…" before the search takes the thread.
    setTimeout(() => {
      if (page.thinking?.id !== id) return;
      let answer;
      try {
        answer = { ok: true, thought: page.game.bestMove({ level: Math.min(level, COMPUTER_PAGE_LEVEL) }) };
      } catch (error) {
        answer = { ok: false, error: { code: error.code, message: error.message } };
      }
      computerAnswer(id, answer);
    }, 20);
    return;
  }
  page.thinking.job = {
    kind: 'think', id, text: page.compiled.text, path: page.compiled.path, dialect: $('dialect').value,
    start: state.startSfen, moves: state.history.map((m) => m.usi), level,
  };
  worker.postMessage(page.thinking.job);
}

// Plays the computer's answer to job `id` if it is still the one wanted.
function computerAnswer(id, answer) {
  if (page.thinking?.id !== id) return;
  const side = page.state.sideName;
  page.thinking = null;
  if (!answer.ok) {
    $('computer-status').textContent = `the computer could not move: ${answer.error.message} [${answer.error.code}]`;
    return;
  }
  const thought = answer.thought;
  if (thought.verdict === 'move') play(thought.move.usi);
  $('computer-status').textContent = thoughtText(thought, side);
}

// The computer's worker, started on first use; null where none can run (the page thinks then).
function thinkWorker() {
  if (page.thinker || page.noWorker) return page.thinker;
  try {
    page.thinker = new Worker('perft-worker.js');
  } catch {
    page.noWorker = true;
    return null;
  }
  page.thinker.onmessage = (event) => computerAnswer(event.data.id, event.data.answer);
  page.thinker.onerror = (event) => {
    // The worker could not start (or failed): think on the page from now on.
    event.preventDefault();
    page.thinker.terminate();
    page.thinker = null;
    page.noWorker = true;
    $('perft-note').textContent = ON_PAGE_NOTE;
    if (page.thinking) {
      page.thinking = null;
      computerTurn();
    }
  };
  return page.thinker;
}

// Drops the job under way: a worker busy with it is ended (the next job starts another).
function stopThinking() {
  if (!page.thinking) return;
  page.thinking = null;
  if (page.thinker) {
    page.thinker.terminate();
    page.thinker = null;
  }
  $('computer-status').textContent = '';
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

// perft of the game's position to `depth`, with its divide, timed: what showPerft shows.
function countPerft(game, depth) {
  try {
    const begin = performance.now();
    const divide = depth > 0 ? game.divide(depth) : [];
    const nodes = depth > 0 ? divide.reduce((n, d) => n + d.nodes, 0) : game.perft(0);
    const seconds = (performance.now() - begin) / 1000;
    return { ok: true, depth, nodes, seconds, nps: seconds > 0 ? nodes / seconds : 0, divide };
  } catch (error) {
    return { ok: false, error: { code: error.code, message: error.message } };
  }
}

function setCounting(counting) {
  $('perft').disabled = counting;
  $('perft-cancel').hidden = !counting;
}

function runPerftOnPage(depth) {
  // Let the page draw "counting…" before the count takes the thread.
  setTimeout(() => showPerft(countPerft(page.game, depth)), 20);
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
    start: page.state.startSfen, moves: page.state.history.map((m) => m.usi), depth,
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

function start(koma) {
  page.koma = koma;
  window.koma = koma;
  const choice = $('variant-choice');
  for (const { slug, title } of koma.bundledVariants()) {
    const option = document.createElement('option');
    option.value = slug;
    option.textContent = title;
    choice.appendChild(option);
  }
  const blank = document.createElement('option');
  blank.value = '';
  blank.textContent = '(blank template)';
  choice.appendChild(blank);
  const wanted = decodeURIComponent(location.hash.slice(1));
  choice.value = [...choice.options].some((o) => o.value === wanted && wanted) ? wanted : 'shogi';
  choice.addEventListener('change', () => loadVariant(choice.value));
  $('dialect').addEventListener('change', () => change(() => page.game.setDialect($('dialect').value)));
  $('move-notation').addEventListener('change', () => show(stateOf(page.game)));
  $('editor').addEventListener('input', () => {
    clearTimeout(page.timer);
    page.timer = setTimeout(() => recompile(true), 120);
  });
  $('editor').addEventListener('scroll', syncScroll);
  $('set-sfen').addEventListener('click', () => setUp($('sfen').value.trim()));
  $('sfen').addEventListener('keydown', (e) => { if (e.key === 'Enter') $('set-sfen').click(); });
  $('start').addEventListener('click', () => setUp(''));
  $('undo').addEventListener('click', undoMove);
  $('computer-side').addEventListener('change', () => {
    stopThinking();
    if (page.state) computerTurn();
  });
  $('perft').addEventListener('click', runPerft);
  $('perft-cancel').addEventListener('click', cancelPerft);
  if (location.protocol === 'file:') {
    page.noWorker = true;
    $('perft-note').textContent = ON_PAGE_NOTE;
  }
  loadVariant(choice.value);
  document.body.dataset.ready = 'true';
}

// Sets the game up from an SFEN in any spelling the variant reads ("" for the start).
function setUp(sfen) {
  change(() => {
    const game = page.variant.newGame({ sfen, dialect: $('dialect').value });
    page.game.dispose();
    page.game = game;
  });
}

KomaModule().then((wasm) => start(komaApi(wasm)), (error) => {
  $('compile-status').textContent = `koma could not start: ${error}`;
});
