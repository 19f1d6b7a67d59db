// Types of the koma package (index.js).

/** A compiler diagnostic, as `koma validate --format json` gives it. */
export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  severity: 'error' | 'warning' | 'note';
  code: string;
  message: string;
  notes: { file: string; line: number; column: number; message: string }[];
}

/** A place in a variant's file. */
export interface Place {
  file: string;
  line: number;
  column: number;
}

/** Why koma gave no answer. */
export class KomaError extends Error {
  readonly name: 'KomaError';
  /** Stable kebab-case code: "move-illegal", "start-position-illegal", "disposed", ... */
  readonly code: string;
  /** The file it concerns ("" when none). */
  readonly file: string;
  /** 1-based line and column (UTF-8 bytes) in `file`; 0 when none. */
  readonly line: number;
  readonly column: number;
  /** Every diagnostic, when a variant does not compile (errors and warnings); else []. */
  readonly diagnostics: Diagnostic[];
}

/** A piece type of a variant. */
export interface PieceInfo {
  /** Sente's symbol, as the rules write it ("P", "+R"). */
  symbol: string;
  name: string;
  /** What a board picture writes on it (its kanji where the variant gives one). */
  label: string;
  /** The symbol of the face it is taken into hand as (its own for an unpromoted piece). */
  base: string;
}

/** A compiled variant. */
export class Variant {
  private constructor();
  /** The file name diagnostics carry. */
  readonly path: string;
  readonly title: string;
  readonly files: number;
  readonly ranks: number;
  /** The names of the two sides, sente's first. */
  readonly sides: [string, string];
  /** The spellings the variant reads: its own first, then its dialects. */
  readonly dialects: string[];
  readonly pieces: PieceInfo[];
  /** What the compiler said besides (no errors). */
  readonly warnings: Diagnostic[];
  newGame(options?: GameOptions): Game;
  dispose(): void;
  [Symbol.dispose](): void;
}

export interface GameOptions {
  /** The start position; absent, "" or "startpos" for the variant's own. */
  sfen?: string;
  /** Moves to play first (an array, or one string separated by spaces). */
  moves?: string[] | string;
  /** The spelling of texts: a dialect's name, or "" for the variant's own. */
  dialect?: string;
}

/** A move as data. */
export interface MoveData {
  /** USI in the variant's own spelling ("7g7f", "P*5e", "8h2b+"). */
  usi: string;
  /** The same in the game's spelling (its dialect). */
  text: string;
  /** The origin square in USI; null for a drop. */
  from: string | null;
  to: string;
  /** The moving or dropped piece, in the game's spelling. */
  piece: string;
  /** What it takes on `to`, or null. */
  captured: string | null;
  /** The piece changes face (promotes or flips). */
  promotion: boolean;
  drop: boolean;
  /** The symbol of the piece type standing on `to` after the move. */
  face: string;
  /** A move of several legs' (first) middle square, and what it takes there. */
  via?: string;
  capturedVia?: string | null;
  /** A three-leg move's second middle square, and what it takes there. */
  via2?: string;
  capturedVia2?: string | null;
}

/** How a game stands. */
export interface Status {
  ended: boolean;
  /** "checkmate", "bare-king", ...; null while the game goes on. */
  rule: string | null;
  /** The winner's side name; null for a draw or while the game goes on. */
  winner: string | null;
  /** "loss", "win" or "draw" for the side to move; null while the game goes on. */
  outcome: 'loss' | 'win' | 'draw' | null;
  /** "checkmate: gote wins"; "" while the game goes on. */
  text: string;
  /** Where the variant's file states the rule that ended the game, when it does. */
  ruleAt: Place | null;
}

export interface GameState {
  sfen: string;
  startSfen: string;
  side: 'sente' | 'gote';
  /** The side to move as the variant names it. */
  sideName: string;
  inCheck: boolean;
  /** The square of the royal in check, or null. */
  checkSquare: string | null;
  status: Status;
  history: MoveData[];
}

export interface SvgLayout {
  cell: number;
  boardX: number;
  boardY: number;
  width: number;
  height: number;
  handMiddle: [number, number];
  handFirstX: number;
  handStep: number;
  handPiece: number;
  showHands: boolean;
}

export interface Picture {
  svg: string;
  layout: SvgLayout;
  /** [sente's, gote's] pieces in hand, in the order drawn. */
  hands: [{ symbol: string; count: number }[], { symbol: string; count: number }[]];
}

export interface Explanation {
  /** What `koma explain` prints. */
  text: string;
  /** What `koma explain --format json` gives for the piece. */
  piece: Record<string, unknown>;
}

/** What bounds the computer's search; each 0 or absent: not given. */
export interface ThinkOptions {
  /** Most iterations of the search. */
  depth?: number;
  /** Most nodes searched. */
  nodes?: number;
  /** Stop within this many milliseconds (the answer then depends on the machine). */
  ms?: number;
  /** Strength 1 (weakest) .. 8: a node budget (see the README); 4 when nothing is given. */
  level?: number;
}

/** What the computer decided. */
export interface Thought {
  /** "move"; "resign" when mate is certain (`move` is then its best defence); "win" when it declares. */
  verdict: 'move' | 'resign' | 'win';
  /** The move it plays; null on "win". */
  move: MoveData | null;
  /** The reply it expects, or null. */
  ponder: MoveData | null;
  /** Centipawns for the side to move. */
  score: number;
  /** Plies to mate: > 0 the side to move mates, < 0 it is mated; null when no mate is seen. */
  mate: number | null;
  /** The last complete iteration. */
  depth: number;
  seldepth: number;
  nodes: number;
  ms: number;
  /** The expected line, in the game's spelling. */
  pv: string[];
}

/** One game. */
/** How moves are written in words. */
export interface WordingOptions {
  notation?: 'japanese' | 'western' | 'usi';
  signs?: 'pieces' | 'triangles' | 'none';
}

export class Game {
  constructor(variant: Variant, options?: GameOptions);
  readonly variant: Variant;
  legalMoves(): MoveData[];
  play(move: string): MoveData;
  undo(): MoveData;
  /** A legal move in words; throws KomaError "notation-no-japanese-name" for a piece without one. */
  moveText(move: string | MoveData, options?: WordingOptions): string;
  /** The moves played, in words. */
  movesText(options?: WordingOptions): string[];
  state(): GameState;
  readonly sfen: string;
  readonly startSfen: string;
  readonly status: Status;
  readonly history: MoveData[];
  setDialect(name: string): void;
  perft(depth: number): number;
  divide(depth: number): { move: string; nodes: number }[];
  /** The computer's move; throws KomaError "game-over" once the game has ended. */
  bestMove(options?: ThinkOptions): Thought;
  svg(): string;
  picture(): Picture;
  explain(piece: string): Explanation;
  copy(): Game;
  dispose(): void;
  [Symbol.dispose](): void;
}

export function compile(text: string, options?: { path?: string }): Variant;
export function bundledVariants(): { slug: string; title: string }[];
export function variantText(slug: string): string;
export function loadBundled(slug: string): Variant;
export function liveObjects(): { variants: number; games: number };
export const version: string;

declare const koma: {
  KomaError: typeof KomaError;
  Variant: typeof Variant;
  Game: typeof Game;
  compile: typeof compile;
  bundledVariants: typeof bundledVariants;
  variantText: typeof variantText;
  loadBundled: typeof loadBundled;
  liveObjects: typeof liveObjects;
  version: string;
};
export default koma;
