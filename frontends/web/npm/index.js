// koma for JavaScript: variants compiled from their Markdown, games played under them, as
// objects over koma's WebAssembly module (koma-wasm.js, its bridge frontends/web/bridge.cpp).
// Errors are thrown as KomaError with koma's code and place; objects are released when they
// are garbage collected, or at once by dispose().
import createKomaWasm from './koma-wasm.js';

// koma-api: begin (the playground's script carries this part too, after its module)
/** koma's classes and functions over the WebAssembly module `wasm`. */
function komaApi(wasm) {
  /** Why koma gave no answer: a stable code, a message and the place in a file it concerns. */
  class KomaError extends Error {
    constructor(error) {
      super(error.message);
      this.name = 'KomaError';
      this.code = error.code;
      this.file = error.file ?? '';
      this.line = error.line ?? 0;
      this.column = error.column ?? 0;
      this.diagnostics = error.diagnostics ?? [];
    }
  }

  // An answer of the module: its value, or its error thrown.
  const answer = (text) => {
    const parsed = JSON.parse(text);
    if (!parsed.ok) throw new KomaError(parsed.error);
    return parsed.value;
  };

  // Objects garbage collected release what the module holds for them; dispose() does it at once.
  const registry = (release) =>
    typeof FinalizationRegistry === 'function' ? new FinalizationRegistry(release) : { register() {}, unregister() {} };
  const variants = registry((handle) => wasm.releaseVariant(handle));
  const games = registry((handle) => wasm.releaseGame(handle));
  const handles = new WeakMap();  // Variant or Game -> its handle (0 once disposed)

  const handleOf = (object) => {
    const handle = handles.get(object);
    if (!handle) throw new KomaError({ code: 'disposed', message: 'the object has been disposed' });
    return handle;
  };
  const dispose = (object, registered, release) => {
    const handle = handles.get(object);
    if (!handle) return;
    handles.set(object, 0);
    registered.unregister(object);
    release(handle);
  };
  const adoptGame = (game, variant, handle) => {
    handles.set(game, handle);
    games.register(game, handle, game);
    Object.defineProperty(game, 'variant', { value: variant, enumerable: true });
    return game;
  };
  const constructing = Symbol('koma');
  // Game -> what its packed legal moves point to (squares, piece tokens in its spelling, faces).
  const moveTables = new WeakMap();
  const tablesOf = (game) => {
    let tables = moveTables.get(game);
    if (!tables) {
      tables = answer(wasm.moveTables(handleOf(game)));
      moveTables.set(game, tables);
    }
    return tables;
  };

  /** A compiled variant, which games are played under. Made by compile() or loadBundled(). */
  class Variant {
    constructor(key, handle, info) {
      if (key !== constructing) throw new TypeError('a Variant is made by compile() or loadBundled()');
      handles.set(this, handle);
      variants.register(this, handle, this);
      Object.assign(this, info);
      Object.freeze(this);
    }

    /** A game under this variant (the same as new Game(variant, options)). */
    newGame(options) {
      return new Game(this, options);
    }

    /** Releases the variant now; its games go on. */
    dispose() {
      dispose(this, variants, (handle) => wasm.releaseVariant(handle));
    }
  }

  /** One game: a start position, the moves played since (each can be taken back). */
  class Game {
    constructor(variant, { sfen = '', moves = [], dialect = '' } = {}) {
      if (!(variant instanceof Variant)) throw new TypeError('new Game(variant, options): variant must be a Variant');
      const list = typeof moves === 'string' ? moves : moves.join(' ');
      adoptGame(this, variant, answer(wasm.newGame(handleOf(variant), sfen, list, dialect)).handle);
    }

    /** Every legal move as move data; none once the game has ended. */
    legalMoves() {
      // The module answers numbers (moveTables says what they point to) and the move texts,
      // rather than JSON: the objects are made here.
      const tables = tablesOf(this);
      const packed = wasm.legalMovesPacked(handleOf(this));
      if (typeof packed === 'string') return answer(packed);
      const { squares, tokens, faces } = tables;
      const data = packed.data;
      const usi = packed.usi === '' ? [] : packed.usi.split(' ');
      const text = packed.text === null ? usi : packed.text.split(' ');
      const moves = new Array(usi.length);
      for (let i = 0, at = 0; i < usi.length; i++, at += 10) {
        const move = {
          usi: usi[i], text: text[i], from: data[at] < 0 ? null : squares[data[at]], to: squares[data[at + 1]],
          piece: tokens[data[at + 3]], captured: data[at + 4] < 0 ? null : tokens[data[at + 4]],
          promotion: (data[at + 7] & 1) !== 0, drop: (data[at + 7] & 2) !== 0, face: faces[data[at + 6]],
        };
        if (data[at + 2] >= 0) {
          move.via = squares[data[at + 2]];
          move.capturedVia = data[at + 5] < 0 ? null : tokens[data[at + 5]];
        }
        if (data[at + 8] >= 0) {
          move.via2 = squares[data[at + 8]];
          move.capturedVia2 = data[at + 9] < 0 ? null : tokens[data[at + 9]];
        }
        moves[i] = move;
      }
      return moves;
    }

    /** Plays a move written in any spelling the variant reads; returns its move data. */
    play(move) {
      return answer(wasm.play(handleOf(this), String(move)));
    }

    /** Takes back the last move; returns its move data. */
    undo() {
      return answer(wasm.undo(handleOf(this)));
    }

    /** A legal move in words: notation 'japanese' (☗７六歩, the default), 'western' (P-7f) or 'usi';
     *  signs 'pieces' (☗☖), 'triangles' (▲△) or 'none'. */
    moveText(move, { notation = 'japanese', signs = 'pieces' } = {}) {
      const text = move !== null && typeof move === 'object' ? move.usi : String(move);
      return answer(wasm.moveText(handleOf(this), text, notation, signs));
    }

    /** The moves played, in words (options as for moveText). */
    movesText({ notation = 'japanese', signs = 'pieces' } = {}) {
      return answer(wasm.movesText(handleOf(this), notation, signs));
    }

    /** {sfen, startSfen, side, sideName, inCheck, checkSquare, status, history} at once. */
    state() {
      return answer(wasm.state(handleOf(this)));
    }

    /** The SFEN of the current position, in the game's spelling. */
    get sfen() {
      return wasm.sfen(handleOf(this));
    }

    get startSfen() {
      return this.state().startSfen;
    }

    /** How the game stands: {ended, rule, winner, outcome, text, ruleAt}. */
    get status() {
      return answer(wasm.status(handleOf(this)));
    }

    /** The moves played, as move data, each read in the position it was played in. */
    get history() {
      return this.state().history;
    }

    /** Chooses the spelling of texts: a dialect's name, or '' for the variant's own. */
    setDialect(name) {
      answer(wasm.setDialect(handleOf(this), name));
      moveTables.delete(this);
    }

    /** The leaf count of the legal-move tree to `depth` (0 to 10). */
    perft(depth) {
      return answer(wasm.perft(handleOf(this), depth));
    }

    /** perft split by root move: [{move, nodes}] in legal-move order. */
    divide(depth) {
      return answer(wasm.divide(handleOf(this), depth));
    }

    /** The computer's move: {verdict, move, ponder, score, mate, depth, seldepth, nodes, ms, pv}.
     * Bounded by `depth`, `nodes` and `ms`, or a strength `level` 1..8 (none given: level 4);
     * the same answer every time without `ms`. Runs on the calling thread until its budget. */
    bestMove({ depth = 0, nodes = 0, ms = 0, level = 0 } = {}) {
      const int = (value, name) => {
        if (!Number.isInteger(value) || value < 0) {
          throw new KomaError({ code: 'think-bad-limit', message: `${name} must be a whole number of 0 or more` });
        }
        return value;
      };
      return answer(wasm.think(handleOf(this), int(depth, 'depth'), int(nodes, 'nodes'), int(ms, 'ms'), int(level, 'level')));
    }

    /** The position as `koma render` draws it: an SVG document. */
    svg() {
      return this.picture().svg;
    }

    /** {svg, layout, hands}: the SVG, where its squares and hand pieces are, the hands. */
    picture() {
      return answer(wasm.picture(handleOf(this)));
    }

    /** `koma explain` for the piece on a square ("7g"), in hand ("*P") or a symbol: {text, piece}. */
    explain(piece) {
      return answer(wasm.explain(handleOf(this), String(piece)));
    }

    /** An independent copy of the game. */
    copy() {
      return adoptGame(Object.create(Game.prototype), this.variant, wasm.copyGame(handleOf(this)));
    }

    /** Releases the game now. */
    dispose() {
      dispose(this, games, (handle) => wasm.releaseGame(handle));
    }
  }

  if (typeof Symbol.dispose === 'symbol') {
    Variant.prototype[Symbol.dispose] = Variant.prototype.dispose;
    Game.prototype[Symbol.dispose] = Game.prototype.dispose;
  }

  /** Compiles a variant's Markdown; `path` names it in diagnostics. Throws KomaError with
   * .diagnostics when it does not compile. */
  function compile(text, { path = 'untitled.md' } = {}) {
    const { handle, variant } = answer(wasm.compile(String(text), path));
    return new Variant(constructing, handle, variant);
  }

  /** The bundled variants: [{slug, title}]. */
  function bundledVariants() {
    return answer(wasm.bundled());
  }

  /** The Markdown of a bundled variant. */
  function variantText(slug) {
    return answer(wasm.variantText(String(slug)));
  }

  /** Compiles a bundled variant (as the file SLUG.md). */
  function loadBundled(slug) {
    return compile(variantText(slug), { path: `${slug}.md` });
  }

  /** How many variants and games the module holds (what is not yet released). */
  function liveObjects() {
    return JSON.parse(wasm.live());
  }

  const version = wasm.version();
  return { KomaError, Variant, Game, compile, bundledVariants, variantText, loadBundled, liveObjects, version };
}
// koma-api: end

const koma = komaApi(await createKomaWasm());
export const { KomaError, Variant, Game, compile, bundledVariants, variantText, loadBundled, liveObjects, version } = koma;
export default koma;
