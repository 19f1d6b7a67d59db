// The rule IR: the one contract between the compiler and the runtime.
// Typed records describing a two-sided shogi-family game; standard library only.
//
// Conventions used throughout:
//   - Squares are named as in USI: `file` 1 is the rightmost file as sente (the side that sits at
//     the bottom) sees the board, `rank` 1 is the top rank (gote's back rank, USI rank 'a').
//   - Offsets are relative to the side moving: `forward` > 0 goes towards the opponent,
//     `right` > 0 goes to the mover's right. A gote piece's offsets are rotated 180 degrees.
//   - Every element that comes from text carries the SourceLoc it came from (0 = unknown).
//   - Derived facts (attack tables, zone masks, dead squares) are not stored here: the runtime
//     computes them when it loads a RuleSet.
#pragma once

#include <array>
#include <optional>
#include <cstdint>
#include <string>
#include <vector>

namespace koma::ir {

/// A place in a source file: 1-based line and byte column; line 0 means "no source".
struct SourceLoc {
  std::string file;      ///< path as given to the compiler
  std::uint32_t line = 0;    ///< 1-based line, 0 = unknown
  std::uint32_t column = 0;  ///< 1-based byte column, 0 = unknown
};

/// The two sides. Sente sits at the bottom (uppercase SFEN letters), gote at the top.
enum class Side : std::uint8_t {
  sente = 0,  ///< the bottom side; SFEN 'b', uppercase letters
  gote = 1,   ///< the top side; SFEN 'w', lowercase letters
};

/// Index into RuleSet::pieces.
using PieceId = std::uint16_t;
/// "No piece type" marker for optional PieceId fields.
inline constexpr PieceId kNoPiece = 0xFFFF;

/// A displacement relative to the moving side.
struct Offset {
  std::int8_t right = 0;    ///< files towards the mover's right (negative: left)
  std::int8_t forward = 0;  ///< ranks towards the opponent (negative: backward)
  friend bool operator==(const Offset&, const Offset&) = default;
};

/// How a movement atom repeats.
enum class AtomKind : std::uint8_t {
  leap,   ///< jump straight to `delta`, ignoring intervening squares (single steps are leaps)
  slide,  ///< repeat `delta` until blocked, the board edge, or `max_range` repetitions
  /// repeat `delta` over empty squares to the first piece of either side (the screen), jump it,
  /// then go on beyond it as a slide does: to the empty squares and onto the first piece after
  /// the screen. `max_range` limits the whole path, `beyond` the squares after the screen. A
  /// cannon is a move-only slide and a capture-only hop; a grasshopper's hop has `beyond` 1.
  hop,
  /// a range jump: repeat `delta` up to `max_range` times (0 = unlimited), passing over every
  /// piece, of either side, whose PieceType::rank is lower than the mover's, and stopping before
  /// the first piece that is not; it may land on the empty squares and take the enemy pieces it
  /// passes (as `mode` allows), never the piece that stops it (a slide of its own takes a first
  /// piece of any rank). Tenjiku's generals are a slide and a capture-only jump.
  jump,
  /// an area move: up to `max_range` (1..5) king steps in one move, every square but the last
  /// empty, ending anywhere but the origin; `mode` governs the last square; `delta` is zero.
  area,
  /// to any square of the board that no piece of the opponent protects, jumping whatever stands
  /// between (`delta` {0, 0}, `max_range` 0): onto an empty square, or onto an enemy piece that
  /// no other piece of its side protects. A square counts as protected when another piece of
  /// that side attacks it by its other atoms (the square just left counted as empty) or that
  /// side has another piece with a capturing `anywhere` atom; so such a piece attacks (checks)
  /// a square only where the other side does not protect it, and protects every square.
  /// `guard` says which of its destinations that protection bars (AnywhereGuard).
  anywhere,
  /// a hook move: slide along `delta` (a single step, orthogonal or diagonal) over empty squares,
  /// then optionally turn 90 degrees to either side once, on one of those empty squares, and
  /// slide on; each leg stops at the first piece, a capture there ends the move (as `mode`
  /// allows); a square reached by several routes is one destination. `max_range` is 0 (each leg
  /// unlimited). Dai-dai's Hook Mover is four of them orthogonally, its Long-nosed Goblin four
  /// diagonally.
  hook,
  /// a range capture: a range jump (as `jump`: passing every piece, of either side, of lower
  /// PieceType::rank than the mover's, stopping before the first that is not) that removes
  /// every piece it passes, own pieces too, besides the enemy piece it lands on. Passed enemy
  /// pieces are captured as the one landed on is (to the hand where captures go there), passed
  /// own pieces leave the game. A board move of the piece along such a line is that range
  /// capture whatever other atom reaches the same square.
  range_capture,
  /// a slide that may pass up to `passes` pieces of either side (1..), taking none of them:
  /// along `delta` up to `max_range` repetitions (0 = unlimited), to every empty square reached
  /// and onto an enemy piece among the first `passes` + 1 pieces met; the piece after the
  /// `passes`-th stops it.
  pass_slide,
};

/// Whether a movement atom may move to an empty square, capture, or both.
enum class AtomMode : std::uint8_t {
  move_or_capture,  ///< to an empty square or onto an enemy piece
  move_only,        ///< to an empty square only
  capture_only,     ///< onto an enemy piece only
};

/// Which destinations of an `anywhere` atom the opponent's protection bars.
enum class AnywhereGuard : std::uint8_t {
  every_square,  ///< every square it lands on, empty or not ("any square not protected")
  captures,      ///< only its captures; any empty square is open (Evans' Emperor in Tai, Maka-dai-dai)
};

/// One way a piece can move: a leap, a slide or a hop along one direction.
struct MoveAtom {
  AtomKind kind = AtomKind::leap;            ///< leap, slide or hop
  Offset delta;                              ///< the step (slides and hops repeat it)
  /// slides and hops: most repetitions from the origin (a hop's screen counted), 0 = unlimited
  std::uint8_t max_range = 0;
  AtomMode mode = AtomMode::move_or_capture; ///< what the destination may hold
  SourceLoc loc;                             ///< the phrase this atom came from
  /// hops: most squares beyond the screen it may stop on, 0 = any (1: just beyond, grasshopper)
  std::uint8_t beyond = 0;
  /// slides: the nearest repetition it may stop on (0 or 1: the first); the squares before it
  /// are jumped, whatever stands on them, and the slide goes on from there (Tenjiku's Heavenly
  /// Tetrarchs: 2). `max_range`, when set, is at least this.
  std::uint8_t min_range = 0;
  /// anywhere atoms: which destinations the opponent's protection bars; every_square otherwise
  AnywhereGuard guard = AnywhereGuard::every_square;
  /// pass_slide atoms: the most pieces it may pass (1..); 0 otherwise
  std::uint8_t passes = 0;
};

/// One leg of a two-leg move: a single step or leap from where the piece stands at that moment.
struct Leg {
  Offset delta;                              ///< from the origin (first leg) or the first leg's end
  AtomMode mode = AtomMode::move_or_capture; ///< what the square it ends on may hold (the origin,
                                             ///< left by the piece, counts as empty)
};

/// A move of two legs in one turn (the Chu Lion's double step): the piece makes the first leg,
/// taking what stands there if it is an enemy piece, then the second leg, which may end where
/// the piece started. Where both legs end on the same squares as a plain move of the piece, the
/// plain move is that move; a two-leg move that captures nothing and returns to its origin is a
/// pass, one per piece whatever its first leg.
///
/// With `third`, a move of three legs (a Lion power of three steps): the first two legs are
/// single king steps, each taking what stands where it ends if that is an enemy piece, and the
/// third ends the move. A square the piece has left or taken from counts as empty when a later
/// leg comes back to it. Moves that take the same pieces and end on the same square are one
/// move, however their paths run.
struct LegMove {
  std::array<Leg, 2> legs;   ///< the first and the second leg
  std::optional<Leg> third;  ///< a three-leg move's last leg; none for a two-leg move
  SourceLoc loc;             ///< the phrase this move came from
};

/// What happens to a piece's face when it moves.
enum class Promotion : std::uint8_t {
  none,      ///< never changes face on the board
  optional,  ///< may turn into `promotes_to` under RuleSet::promotion; one way
  forced,    ///< must turn into `promotes_to` whenever the promotion conditions are met
  flip,      ///< turns into `promotes_to` (its other face) after every move it makes
  on_capture,  ///< turns into `promotes_to` (its other face) after every capture, and only then
};

/// True for the one-way promotions (optional, forced) that the zone rules govern; false for
/// none and for the two-way face changes (flip, on_capture), which happen wherever the piece goes.
constexpr bool promotes_one_way(Promotion p) {
  return p == Promotion::optional || p == Promotion::forced;
}

/// Whether a piece changes to its promoted face when it captures (wherever it stands).
enum class CapturePromotion : std::uint8_t {
  none,  ///< capturing does not promote it (the zone rules alone do)
  may,   ///< a capture may promote it (the player chooses)
  must,  ///< a capture promotes it
};

/// Movement a piece has, in place of its own, while it stands on some ranks.
struct RankMovement {
  /// The ranks, counted from the far edge as the piece's side sees it (1 = the far rank),
  /// ascending and unique.
  std::vector<std::uint8_t> ranks{};
  std::vector<MoveAtom> moves;  ///< every way the piece moves there (no two-leg moves)
  SourceLoc loc;                ///< where this movement is stated
};

/// Burning (Tenjiku shogi's Fire Demon): enemy pieces next to a burning piece leave the game.
/// A move whose piece ends next to an enemy piece that burns `on_arrival` loses that piece (it
/// takes what it takes first, and a piece burnt so burns nothing); otherwise a move of a piece
/// that burns `on_stop` removes every enemy piece next to the square it ends on. Burnt pieces
/// never go to a hand; a variant with burning has no drops.
struct Burning {
  bool on_stop = false;     ///< burns the enemy pieces next to the square where it stops
  bool on_arrival = false;  ///< burns an enemy piece that stops next to it
  SourceLoc loc;            ///< where the burning is stated
  /// Whether the piece burns at all.
  bool any() const { return on_stop || on_arrival; }
};

/// A kind of piece, one per face: a promoted piece is a piece type of its own.
struct PieceType {
  std::string name;           ///< English name as written ("Gold General")
  std::string native_name;    ///< name in the original script, may be empty ("金")
  std::string symbol;         ///< SFEN token of the sente piece, uppercase ("P", "+P", "T")
  bool royal = false;         ///< a royal piece: RoyalRules say whether it may be left attacked
  std::vector<MoveAtom> moves;           ///< every way this piece moves
  std::vector<LegMove> leg_moves;        ///< its moves of two legs (Lion power), beside `moves`
  Promotion promotion = Promotion::none; ///< how its face changes when it moves
  PieceId promotes_to = kNoPiece;        ///< target face for optional/forced/flip/on_capture
  PieceId base_face = kNoPiece;          ///< face it takes in hand when captured (self if kNoPiece)
  SourceLoc loc;                         ///< where the piece is defined (its table row)
  /// Movement on given ranks instead of `moves` (ranks of two entries do not overlap).
  std::vector<RankMovement> rank_moves;
  /// The piece a capture of this face puts in the captor's hand instead of its base face: a
  /// base face, not royal (kNoPiece: the base face's captured_as, else the base face itself).
  PieceId captured_as = kNoPiece;
  /// its rank for range jumps and range captures (AtomKind::jump, range_capture): they pass
  /// only pieces of lower rank (0: lowest)
  std::uint8_t rank = 0;
  /// Promotion by capturing: a board move of this face that captures may or must end as
  /// `promotes_to` (an optional or forced one-way promotion), besides what the zone allows.
  CapturePromotion by_capture = CapturePromotion::none;
  /// by_capture: only captures of these piece types promote (empty: any capture).
  std::vector<PieceId> by_capture_of{};
  SourceLoc by_capture_loc{};  ///< where promotion by capturing is stated
  Burning burns{};             ///< what it burns (nothing by default)
};

/// Conditions under which an `optional` or `forced` promotion happens on a board move.
struct PromotionRules {
  std::uint8_t zone_depth = 0;  ///< ranks counted from the far edge; 0 = no zone
  bool on_enter = true;         ///< allowed when a move ends in the zone from outside
  bool on_within = true;        ///< allowed when a move starts and ends in the zone
  bool on_leave = true;         ///< allowed when a move starts in the zone and ends outside
  /// A move that leaves an unpromoted piece where it could never move again is illegal
  /// (so promotion is compulsory there). Off: such moves are legal (Kyoto).
  bool forbid_dead_end = true;
  /// Also allowed on a capturing move that starts or ends in the zone (Chu: with on_within and
  /// on_leave off, a piece that declined promotes later only so, or by entering again).
  bool on_capture = false;
  /// Piece types that may also promote on any move ending on the far rank (Chu's Pawn, Lance).
  std::vector<PieceId> on_last_rank;
  SourceLoc loc;  ///< where the zone is stated
};

/// Which faces a piece in hand may be dropped as.
enum class DropFace : std::uint8_t {
  base_only,  ///< only the face it was put in hand as
  any_face,   ///< the base face or the face it flips/promotes to (Kyoto)
};

/// What a capture does with the captured piece.
enum class CaptureFate : std::uint8_t {
  to_hand,  ///< changes sides and goes to the captor's hand as its base face
  removed,  ///< leaves the game
};

/// A rule that forbids some drops.
enum class DropRestrictionKind : std::uint8_t {
  dead_square,   ///< no piece dropped where it could never move again
  two_per_file,  ///< no drop of `piece` on a file already holding `max_per_file` own unpromoted `piece`s (nifu: 1)
  drop_mate,     ///< no drop of `piece` that checkmates at once (uchifuzume)
  banned_ranks,  ///< no drop of `piece` on `ranks` (counted from the far edge)
};

/// One drop restriction, with the piece type it concerns where the kind needs one.
struct DropRestriction {
  DropRestrictionKind kind = DropRestrictionKind::dead_square;  ///< which drops it forbids
  PieceId piece = kNoPiece;  ///< two_per_file, drop_mate: the piece type concerned
  SourceLoc loc;             ///< where the restriction is stated
  std::uint8_t max_per_file = 1;  ///< two_per_file: own unpromoted `piece`s a file may hold (1..)
  /// two_per_file: board moves may not make a file hold more than `max_per_file` either (a
  /// `piece` moving to another file, or a piece turning into `piece`).
  bool moves_too = false;
  /// banned_ranks: the ranks, counted from the far edge as the dropping side sees it (1 = the
  /// far rank), ascending and unique.
  std::vector<std::uint8_t> ranks{};
};

/// Captures and drops.
struct DropRules {
  CaptureFate captured = CaptureFate::to_hand;  ///< what a capture does with the piece
  bool enabled = true;                          ///< pieces in hand may be dropped
  DropFace face = DropFace::base_only;          ///< which faces may be dropped
  std::vector<DropRestriction> restrictions;    ///< drops these forbid are illegal
  SourceLoc loc;                                ///< where the drop rules are stated
};

/// A way a game ends.
enum class EndKind : std::uint8_t {
  checkmate,        ///< subject: the side to move, in check with no legal move
  no_moves,         ///< subject: the side to move, not in check with no legal move
  bare_king,        ///< subject: a side left with its royal piece alone (board and hand)
  repetition,       ///< subject: EndRule::subject (both by default); the same position `count` times
  perpetual_check,  ///< subject: EndRule::subject (the checking side by default)
  impasse,          ///< subject: each side, when the players agree to count; both royals in the zone
  declaration,      ///< subject: the side to move declaring a win (USI `win`); judged at once
  move_limit,       ///< subject: both; `count` moves have been played
  foul,             ///< subject: the side whose move in a game record broke a rule
  royal_captured,   ///< subject: a side that has no royal piece left on the board
  royal_reaches,    ///< subject: the side that just moved, a royal of it on `ranks`
  check_given,      ///< subject: the side that has given check with `count` of its moves
};

/// The result an ending gives its subject.
enum class Outcome : std::uint8_t {
  loss,    ///< the subject loses
  win,     ///< the subject wins
  draw,    ///< the game is drawn
  replay,  ///< the game is not scored and is replayed
};

/// Whom a repetition's or a perpetual check's outcome applies to.
enum class EndSubject : std::uint8_t {
  both,       ///< both sides alike; the outcome is draw or replay (repetition's default)
  checker,    ///< perpetual_check: the side that gave check with every move of the cycle (its default)
  completer,  ///< the side whose move completed the repetition
  sente,      ///< sente, whoever completed the repetition
  gote,       ///< gote, whoever completed the repetition
};

/// One termination rule with its outcome and parameters.
struct EndRule {
  EndKind kind = EndKind::checkmate;  ///< what ends the game
  Outcome outcome = Outcome::loss;    ///< the result for the rule's subject
  /// bare_king: the bared side may draw by baring the other royal on its very next move.
  bool bare_reply_draws = false;
  /// bare_king, judged as Chu shogi is on lishogi: pieces that can never move again do not
  /// count; the side to move, its one royal standing alone, is bared when the other side has
  /// one royal, not attacked, and at least one piece that counts for it (not `weak`), two
  /// unless none of its counting pieces, royal included, stands next to the bared royal; two
  /// lone royals, neither attacked, draw. The outcome is the bared side's.
  bool guarded = false;
  /// bare_king with `guarded`: pieces that do not count for the side that bares (Pawn, Go-between).
  std::vector<PieceId> weak;
  /// repetition, perpetual_check: occurrences of the position; move_limit: moves played;
  /// check_given: checks given.
  std::uint16_t count = 0;
  EndSubject subject = EndSubject::both;  ///< repetition, perpetual_check: whom `outcome` is for
  /// impasse, declaration: points per piece type, indexed by PieceId (0 for royals).
  std::vector<std::uint8_t> points;
  /// impasse, declaration: the points a side needs, indexed by Side.
  std::array<std::uint16_t, 2> threshold{};
  /// declaration: the declarer's pieces other than the royal that must stand in the zone.
  std::uint16_t min_pieces_in_zone = 0;
  /// royal_reaches: the target ranks, counted from the far edge as the subject sees it
  /// (1 = the opponent's back rank), ascending and unique.
  std::vector<std::uint8_t> ranks{};
  /// royal_reaches: only when no legal reply of the opponent captures a royal standing there.
  bool unless_capturable = false;
  SourceLoc loc;  ///< where the ending is stated
};

/// Whether a move may leave a royal piece of the side moving attacked.
enum class RoyalInCheck : std::uint8_t {
  illegal,           ///< never: no move leaves any royal of the mover attacked (the check rule)
  legal,             ///< always: royals may be left attacked, and then captured
  illegal_for_last,  ///< only while the side has exactly one royal (two or more may be left)
};

/// What royal pieces are for: which check rule protects them.
struct RoyalRules {
  RoyalInCheck in_check = RoyalInCheck::illegal;  ///< whether royals may be left attacked
  SourceLoc loc;                                  ///< where the rule is stated
};

/// The Lion-trading rules (Chu shogi) over a set of "traded" piece types (the Lions):
///   1. a traded piece may not take an enemy traded piece that stands two squares from its
///      origin (not adjacent) and is protected, unless the move's first leg took a piece that
///      is not `minor`;
///   2. after a piece that is not traded takes a traded piece, the opponent's next move may take
///      a traded piece with a piece that is not traded only on that square.
/// The square of rule 2 is part of the position (the SFEN's third field; such a variant has no
/// hands).
struct TradeRules {
  std::vector<PieceId> pieces;  ///< the traded piece types; empty: no such rules
  std::vector<PieceId> minor;   ///< first-leg captures that do not license rule 1's capture
  SourceLoc loc;                ///< where the rules are stated
};

/// Where a piece on the board takes its movement from.
enum class MovementSource : std::uint8_t {
  own,            ///< every piece moves by its own moves
  friend_behind,  ///< a piece with a piece of its own side directly behind it (one rank nearer
                  ///< its own side) moves as that piece, instead of by its own moves
};

/// Which moves a piece on the board makes: its own, or a neighbour's.
struct MovementRules {
  MovementSource source = MovementSource::own;  ///< where each piece's movement comes from
  SourceLoc loc;                                ///< where the rule is stated
};

/// Most files or ranks of a board (Taikyoku shogi's 36).
inline constexpr int kMaxBoardSide = 36;

/// The board's size.
struct Board {
  std::uint8_t files = 9;  ///< columns, numbered 1 (right) .. files (left)
  std::uint8_t ranks = 9;  ///< rows, numbered 1 (top) .. ranks (bottom)
  SourceLoc loc;           ///< where the size is stated
};

/// A piece on a square at the start.
struct Placement {
  std::uint8_t file = 0;  ///< 1-based, 1 = rightmost as sente sees it
  std::uint8_t rank = 0;  ///< 1-based, 1 = top
  PieceId piece = kNoPiece;  ///< the piece type placed
  Side side = Side::sente;   ///< whose piece it is
  SourceLoc loc;             ///< the piece's letter in the setup string
};

/// A number of pieces of one type in a hand.
struct HandCount {
  PieceId piece = kNoPiece;  ///< a hand piece type (its base face)
  std::uint16_t count = 0;   ///< how many
};

/// The starting position.
struct Setup {
  std::vector<Placement> placements;  ///< every occupied square
  std::vector<HandCount> hands[2];    ///< pieces in hand, indexed by Side
  Side to_move = Side::sente;         ///< who moves first
  SourceLoc loc;                      ///< where the setup is stated
};

/// How a move's face change is written after the destination square.
enum class SuffixStyle : std::uint8_t {
  plus_on_change,  ///< '+' whenever the moving piece changes face (USI, lishogi)
  plus_minus,      ///< '+' when the new face's symbol starts with '+', else '-' (Fairy-Stockfish)
};

/// An alternative spelling of the piece symbols, for reading and writing other tools' text.
struct Dialect {
  std::string name;                  ///< as given on the command line ("fsf")
  std::vector<std::string> symbols;  ///< per piece type, sente's token ("+L")
  SuffixStyle suffix = SuffixStyle::plus_on_change;  ///< how this dialect writes face changes
  SourceLoc loc;                     ///< where the dialect is defined
};

/// An image a variant document refers to ({{svg:NAME "caption"}}).
struct ImageRef {
  std::string file;     ///< file name to write ("kyoto-shogi-board.svg")
  std::string caption;  ///< its caption
  SourceLoc loc;        ///< where the document refers to it
};

/// Facts about the document that do not change the rules.
struct Metadata {
  std::string title;    ///< "Kyoto Shogi"
  std::string slug;     ///< "kyoto-shogi"
  std::string parent;   ///< slug of the variant this one starts from, may be empty
  std::string win_text; ///< the `win:` line as written
  std::string side_names[2] = {"sente", "gote"};  ///< names of the sides
  std::uint16_t cell_size = 40;                   ///< render: pixels per square
  std::vector<ImageRef> images;                   ///< images the document references
};

/// A whole variant.
struct RuleSet {
  Metadata meta;                  ///< facts that do not change the rules
  Board board;                    ///< the board's size
  std::vector<PieceType> pieces;  ///< indexed by PieceId
  PromotionRules promotion;       ///< when optional and forced promotions happen
  DropRules drops;                ///< captures and drops
  RoyalRules royals;              ///< the check rule protecting royal pieces
  TradeRules trade;               ///< the Lion-trading rules, if any
  MovementRules movement;         ///< whose moves a piece on the board makes
  std::vector<EndRule> endings;   ///< every way the game ends
  Setup setup;                    ///< the starting position
  std::string notation = "usi";   ///< name of the dialect PieceType::symbol spells ("lishogi")
  SuffixStyle suffix = SuffixStyle::plus_on_change;  ///< suffix style of that dialect
  std::vector<Dialect> dialects;  ///< other spellings accepted and written on request
};

}  // namespace koma::ir
