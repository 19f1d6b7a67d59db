// Variant: a RuleSet checked and loaded for play, with every derived table built once
// (mailbox geometry, per-side move and reverse-attack tables, zones, dead squares, Zobrist keys).
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/rules.h"
#include "move.h"
#include "result.h"

namespace koma {

/// Piece types a variant may define, movements by rank included: the most a two-byte cell
/// holds (see CellCodes).
inline constexpr int kMaxPieceTypes = 511;
/// Attack kinds (Tables::piece_bit): one bit of a 64-bit mask each, leap kinds and line kinds
/// together; past this many movements types share kinds, by their sets or classes of atoms.
inline constexpr int kMaxAttackKinds = 64;
inline constexpr int kMaxBoardSide = ir::kMaxBoardSide;  ///< most files or ranks
inline constexpr int kMaxSquares = kMaxBoardSide * kMaxBoardSide;  ///< most board squares
inline constexpr int kMaxCells = kMoveSquares;  ///< mailbox cells (board plus padding)
inline constexpr int kMaxHandCount = 255;   ///< most pieces of one type in a hand as set up
/// Hand keys per (side, piece): counts 0 to kMaxKindCount.
inline constexpr std::size_t kHandKeyStride = 512;
/// Most pieces of one kind (a type with all its faces, on the board and in both hands) a
/// position holds: a hand counts at most all of its kind, so no hand passes its keys.
inline constexpr int kMaxKindCount = static_cast<int>(kHandKeyStride) - 1;
inline constexpr int kMaxFileSlots = 4;     ///< piece types a two-per-file rule may track
inline constexpr std::size_t kMaxSlideDirections = 64;  ///< distinct capturing slide directions

/// Dialect index of the variant's own spelling (RuleSet::notation).
inline constexpr int kNativeDialect = -1;
/// Returned by Variant::dialect for an unknown name.
inline constexpr int kUnknownDialect = -2;
/// Accepted by parsers: try the native spelling, then every dialect in order.
inline constexpr int kAnyDialect = -3;

struct BitboardTables;

/// The tier of the move generator a position plays on: the mailbox generator, which plays
/// every rule, or the bitboard kernels (movegen_bitboard.cpp), for the variants they cover.
enum class Tier : std::uint8_t { mailbox, bitboard };
/// "mailbox" or "bitboard".
constexpr const char* tier_name(Tier tier) { return tier == Tier::bitboard ? "bitboard" : "mailbox"; }

/// The codes of a mailbox cell of type `C`: empty 0, a piece of a side 1 + piece * 2 + side, and
/// off the board (wall) the largest code. A variant of at most kMaxNarrowTypes types plays on
/// one-byte cells, a larger one on two-byte cells (Tables::wide_cells): the cell width is chosen
/// when the variant is loaded, so a small variant's board is not widened for a large one.
template <class C>
struct CellCodes;
template <>
struct CellCodes<std::uint8_t> {
  static constexpr std::uint8_t wall = 255;
  static constexpr int max_types = 127;  ///< 1 + 126 * 2 + 1 = 254, below the wall
};
template <>
struct CellCodes<std::uint16_t> {
  static constexpr std::uint16_t wall = 1023;
  static constexpr int max_types = 511;  ///< 1 + 510 * 2 + 1 = 1022, below the wall
};
/// Piece types a variant plays on one-byte cells with.
inline constexpr int kMaxNarrowTypes = CellCodes<std::uint8_t>::max_types;
static_assert(kMaxPieceTypes == CellCodes<std::uint16_t>::max_types);
/// Codes a table indexed by cell holds at either width (wall included).
inline constexpr std::size_t kCellCodes = CellCodes<std::uint16_t>::wall + 1;

/// A mailbox cell as the runtime's callers see it (Position::at): the two-byte code, whatever
/// the width the position plays on.
using Cell = std::uint16_t;
inline constexpr Cell kEmpty = 0;
inline constexpr Cell kWall = CellCodes<Cell>::wall;
constexpr Cell make_cell(int side, int piece) { return static_cast<Cell>(1 + piece * 2 + side); }
constexpr int cell_side(unsigned c) { return static_cast<int>((c - 1) & 1); }
constexpr int cell_piece(unsigned c) { return static_cast<int>((c - 1) >> 1); }
/// Whether a cell of either width holds a piece (neither empty nor its width's wall).
template <class C>
constexpr bool is_piece(C c) {
  return c != 0 && c != CellCodes<C>::wall;
}

/// One deduplicated movement direction of a piece type for one side.
struct Step {
  int offset = 0;                             ///< mailbox displacement
  ir::AtomMode mode = ir::AtomMode::move_or_capture;
  int range = 0;   ///< slides and hops: most repetitions from the origin, 0 = unlimited
  int beyond = 0;  ///< hops: most squares beyond the screen, 0 = any
};

/// One two-leg move of a piece type for one side, in mailbox offsets (ir::LegMove).
struct LegPath {
  int first = 0;   ///< offset of the first leg, from the origin
  int second = 0;  ///< offset of the second leg, from the first leg's end
  ir::AtomMode first_mode = ir::AtomMode::move_or_capture;   ///< what the first leg may land on
  ir::AtomMode second_mode = ir::AtomMode::move_or_capture;  ///< what the second leg may land on
  /// A leap of the piece ends where this path does and may land on what it may: taking nothing
  /// on the first leg, this path is that leap and is not generated again.
  bool plain = false;
};

/// One three-leg move of a piece type for one side, in mailbox offsets (ir::LegMove with a
/// third leg): two king steps, each of which may take, then a last leg.
struct LegPath3 {
  int first = 0;   ///< offset of the first step, from the origin
  int second = 0;  ///< offset of the second step, from the first step's end
  int third = 0;   ///< offset of the last leg, from the second step's end
  std::uint8_t first_dir = 0, second_dir = 0;  ///< the two steps as indices into kKingDirections
  std::array<ir::AtomMode, 3> modes{};          ///< what each leg may land on
};

/// One hook move of a piece type for one side (ir::AtomKind::hook), in mailbox offsets.
struct HookStep {
  int first = 0;                   ///< the first leg's step
  std::array<int, 2> turn{};       ///< the second leg's step, turning either way
  ir::AtomMode mode = ir::AtomMode::move_or_capture;  ///< what the last square may hold
};

/// How one piece type of one side moves, split into leaps, slides, hops and two-leg moves.
struct PieceMoves {
  std::vector<Step> leaps;
  std::vector<Step> slides;
  std::vector<Step> hops;     ///< over one screen (ir::AtomKind::hop; Tables::has_hops when any)
  std::vector<LegPath> legs;  ///< two-leg moves (Tables::has_legs when any piece has one)
  bool legs_promote = false;  ///< it has two-leg moves and a one-way promotion
  std::vector<LegPath3> legs3;  ///< three-leg moves (Tables::has_legs3 when any piece has one)
  bool may_repeat_target = false;  ///< two steps can reach one square: generator deduplicates
  std::vector<Step> jumps;  ///< range jumps over lower ranks (ir::AtomKind::jump; Tables::has_reach)
  Step area;                ///< area move: `range` king steps, 0 = none (ir::AtomKind::area)
  std::vector<HookStep> hooks;  ///< hook moves (ir::AtomKind::hook; Tables::has_reach)
  bool anywhere = false;  ///< an ir::AtomKind::anywhere atom (Tables::has_anywhere when any)
  ir::AtomMode anywhere_mode = ir::AtomMode::move_or_capture;  ///< what it may land on
  bool anywhere_open = false;  ///< any empty square is open to it (ir::AnywhereGuard::captures)
};

/// Reverse lookup: which piece types of the attacking side reach a square by this leap.
struct AttackLeap {
  int offset = 0;           ///< attacker at sq - offset attacks sq
  std::uint64_t mask = 0;   ///< leap kinds having this capturing leap (Tables::piece_bit)
};

/// Reverse lookup for a slide direction, with each piece type's range (0 = unlimited).
struct AttackSlide {
  int offset = 0;          ///< attacker slides from sq - k * offset towards sq
  std::uint64_t mask = 0;  ///< line kinds having this capturing slide (Tables::piece_bit)
  bool limited = false;    ///< some piece type in `mask` has a range
  std::array<std::uint8_t, kMaxPieceTypes> range{};  ///< per piece type, 0 = unlimited
};

/// Reverse lookup for a hop direction: the attacker stands beyond the first piece (the screen)
/// seen from the square; per piece type its range from its square and beyond the screen.
struct AttackHop {
  int offset = 0;          ///< attacker hops from sq - k * offset towards sq
  std::uint64_t mask = 0;  ///< line kinds having this capturing hop (Tables::piece_bit)
  std::array<std::uint8_t, kMaxPieceTypes> range{};   ///< per piece type, 0 = unlimited
  std::array<std::uint8_t, kMaxPieceTypes> beyond{};  ///< per piece type, 0 = any
};

/// Reverse lookup for a slide direction whose slides jump their first squares: per piece type
/// its range (0 = unlimited) and the nearest repetition it may stop on.
struct AttackSkip {
  int offset = 0;          ///< attacker slides from sq - k * offset towards sq
  std::uint64_t mask = 0;  ///< line kinds having this capturing slide (Tables::piece_bit)
  int most_first = 0;      ///< the largest `first` of the piece types in `mask`
  std::array<std::uint8_t, kMaxPieceTypes> range{};  ///< per piece type, 0 = unlimited
  std::array<std::uint8_t, kMaxPieceTypes> first{};  ///< per piece type
};

/// Every derived table, built by Variant::load. Read by the runtime's hot paths.
struct Tables {
  /// Geometry: board size, wall thickness around it, mailbox row width and cell count.
  int files = 0, ranks = 0, pad = 0, width = 0, cells = 0;
  int piece_count = 0;  ///< RuleSet::pieces.size()
  /// More types than one-byte cells hold (kMaxNarrowTypes): positions play on two-byte cells.
  bool wide_cells = false;
  /// [side][cell]: the bits of the attack kinds of the cell's piece type (or movement by rank)
  /// when the cell holds a piece of that side, else 0 (so `mask & piece_bit[side][cell]` tests
  /// side, occupancy and kind at once). Types whose capturing leaps are the same share a leap
  /// kind, which AttackLeap::mask holds; types with the same capturing slide, hop and skip
  /// directions and the same capturing range jumps, area and anywhere moves share a line kind
  /// (their ranges stay per type, in the lookups' arrays), which the other lookups' masks,
  /// reach_pieces, anywhere_attackers and Position::present_ hold. With at most kMaxAttackKinds
  /// movements both kinds of a type are its index, one bit (as the bitboard tier reads
  /// Position::present_); with more, leap kinds take the low bits and line kinds the next ones.
  /// When even those sets number more than kMaxAttackKinds, a kind is a class of capturing
  /// atoms instead (one leap direction, or one slide, hop or skip direction, or range jumps,
  /// area and hook moves, or anywhere moves) that the same movements have: a type then has the
  /// bits of all its atoms' classes, a lookup's mask is its atom's class, and present_base holds
  /// every line kind.
  std::array<std::array<std::uint64_t, kCellCodes>, 2> piece_bit{};
  std::array<std::uint8_t, kCellCodes> cell_line{};  ///< [cell]: bit index of the cell's line kind, 0 for others
  int leap_kinds = 0, line_kinds = 0;         ///< kinds of each sort
  /// Bits Position::present_ always holds: with kinds by atom class, every line kind (a type
  /// has several, so present_ counts none of them: cell_line is 0, a leap kind's bit).
  std::uint64_t present_base = 0;
  std::vector<int> squares;          ///< board squares, rank 1 (a) first, high file first
  std::vector<std::int16_t> file_of, rank_of;  ///< per cell, 0 off the board
  std::vector<PieceMoves> moves[2];  ///< [side][piece]
  /// Most moves the staged generator (and the bitboard kernels) list for one position, two-leg
  /// moves apart: the generators reserve it in their MoveList, which has no bound of its own.
  std::size_t move_bound = 0;
  std::size_t most_legs = 0;  ///< most two-leg paths of one movement
  /// Some piece has two-leg moves: Position::generate takes the generator that plays them.
  bool has_legs = false;
  /// Some piece has three-leg moves (then has_legs too): the same generator adds them.
  bool has_legs3 = false;
  /// The mailbox offsets of kKingDirections (a three-leg move's steps).
  std::array<int, 8> king_offsets{};
  /// The variant has the Lion-trading rules (RuleSet::trade); Position::generate then takes
  /// the same generator as for two-leg moves.
  bool has_trade = false;
  std::vector<std::uint8_t> traded;  ///< per piece: a traded piece of the trading rules
  std::vector<std::uint8_t> minor;   ///< per piece: a minor piece of the trading rules
  std::vector<std::uint64_t> trade_key;  ///< per cell: key of the trading rules' square
  /// PromotionRules::on_capture or on_last_rank is set: generate_special adds those promotions.
  bool extra_promotion = false;
  bool on_capture = false;                   ///< PromotionRules::on_capture
  std::vector<std::uint8_t> last_rank_piece;  ///< per piece: in PromotionRules::on_last_rank
  std::vector<std::uint8_t> far_rank[2];      ///< [side][cell]: on the side's far rank
  /// has_legs, has_trade, extra_promotion or has_hops: Position::generate takes generate_special.
  bool special = false;
  std::vector<AttackLeap> attack_leaps[2];    ///< [attacking side]
  std::vector<AttackSlide> attack_slides[2];  ///< [attacking side]
  /// [attacking side]: capturing hops, and one of no piece (mask 0) where pieces range-jump or
  /// make area moves (has_reach), which hop_attacked then asks.
  std::vector<AttackHop> attack_hops[2];
  /// Some piece hops: a move anywhere may add or take away a screen, so Position::generate
  /// takes generate_special, which tests every move on a scratch copy.
  bool has_hops = false;
  std::vector<std::uint8_t> zone[2];          ///< [side][cell]: in that side's zone (none: all 0)
  /// [side][piece * cells + cell]: the piece could never move again from there, and the rules
  /// forbid moving it there (all zero when dead ends are allowed).
  std::vector<std::uint8_t> dead[2];
  std::vector<std::uint8_t> drop_ok[2];       ///< [side][piece * cells + cell], dead squares only
  std::vector<ir::Promotion> promotion;       ///< per piece
  std::vector<int> promotes_to;               ///< per piece, -1 none
  /// Per cell code of a piece: the cell a face step turns it into, 0 when it has no other face
  /// or the turn makes or unmakes a royal (those go the long way).
  std::vector<std::uint16_t> plain_turn;
  std::vector<int> base;                      ///< per piece: face taken into hand
  std::vector<std::uint8_t> royal;            ///< per piece
  std::vector<std::vector<int>> drop_faces;   ///< per hand piece: faces it may be dropped as
  std::vector<int> hand_pieces;               ///< pieces that can be in hand, by id
  std::vector<int> file_slot;                 ///< per piece: two-per-file slot or -1
  /// [cell]: file_slot of the cell's piece, -1 for untracked pieces, empty and wall cells.
  std::array<std::int8_t, kCellCodes> cell_slot{};
  int file_slot_count = 0;
  /// [slot]: own unpromoted pieces of the slot's type a file may hold before drops stop (nifu: 1)
  std::array<std::uint8_t, kMaxFileSlots> file_limit{};
  std::array<int, kMaxFileSlots> slot_piece{};  ///< [slot]: the piece it tracks (file_slot's inverse)
  std::vector<std::uint8_t> drop_mate;        ///< per piece: a mating drop is illegal
  bool drops_enabled = true;
  /// MovementSource::friend_behind: pieces move as the friendly piece behind them, and the
  /// runtime takes the generator and attack test made for that (chosen once per call).
  bool borrow_behind = false;
  std::array<int, 2> behind{};                ///< [side]: mailbox step to the square behind
  std::vector<int> to_hand;                   ///< per piece: hand piece a capture of it adds, -1 none
  /// Some piece moves differently on some ranks (ir::RankMovement): moves[side] holds, after
  /// the piece types, one movement per such entry, and `mover` says which one a piece uses.
  bool rank_moves = false;
  int movement_count = 0;                     ///< entries of moves[side]: piece types and more
  /// [side][piece * cells + cell]: index into moves[side] of the piece's movement there
  /// (filled only with rank_moves).
  std::vector<std::uint8_t> mover[2];
  /// [slot]: the per-file limit also binds board moves (DropRestriction::moves_too).
  std::array<std::uint8_t, kMaxFileSlots> file_limit_moves{};
  bool limit_moves = false;                   ///< some file_limit_moves is set
  /// borrow_behind, rank_moves or limit_moves: Position::generate takes generate_borrowed,
  /// which reads each piece's movement through acting_cell and tests every move it keeps.
  bool acting = false;
  /// Some piece burns (ir::PieceType::burns): the variant is special; generate_special marks
  /// every board move (its origin as middle square) so that do_move plays it through
  /// do_leg_move, which burns, and royal_attacked counts the burns a move could make.
  bool burns = false;
  std::vector<std::uint8_t> burn_stop;     ///< per piece: burns next to where it stops
  std::vector<std::uint8_t> burn_arrival;  ///< per piece: burns a piece stopping next to it
  std::array<int, 8> neighbours{};         ///< the eight king-step offsets of the mailbox
  /// acting or burns: royal_attacked takes royal_attacked_special.
  bool royal_special = false;
  /// The check rule (RuleSet::royals): which royals a move may not leave attacked.
  ir::RoyalInCheck royal_in_check = ir::RoyalInCheck::illegal;
  int max_royals = 1;                         ///< most royal pieces one side can have
  /// Endings judged on the move just played (royal_captured, royal_reaches, check_given): a
  /// copy of the rule, or empty when the variant has none of that kind.
  std::optional<ir::EndRule> royal_captured, royal_reaches, check_given;
  bool has_move_rules = false;                ///< any of the three above
  std::vector<std::uint8_t> goal[2];          ///< [side][cell]: on royal_reaches' target ranks
  bool on_enter = true, on_within = true, on_leave = true;
  bool has_bare_rule = false;
  bool bare_reply_draws = false;
  /// The bare_king rule is `guarded` (status_bare.cpp); its outcome for the bared side.
  bool bare_guarded = false;
  ir::Outcome bare_outcome = ir::Outcome::loss;
  std::vector<std::uint8_t> bare_weak;        ///< per piece: `weak` in the guarded rule
  /// [side][piece * cells + cell]: the piece could never move from there on an empty board.
  std::vector<std::uint8_t> stuck[2];
  std::vector<std::uint64_t> board_key;       ///< [cell code * cells + cell]
  std::vector<std::uint64_t> hand_key;        ///< [(side * pieces + piece) * kHandKeyStride + count]
  std::uint64_t side_key = 0;
  /// The bitboard tier's tables, or null when the variant plays on the mailbox (bitboard.h).
  std::shared_ptr<const BitboardTables> bitboard;
  /// Promotion by capturing (ir::PieceType::by_capture), per piece: the rule and the mask of
  /// captured piece types that promote (all ones: any), word `q / 64` bit `q % 64` for type q;
  /// capture_promotion when any piece has it.
  std::vector<ir::CapturePromotion> by_capture;
  std::vector<std::array<std::uint64_t, 2>> by_capture_of;
  bool capture_promotion = false;
  /// Some piece moves anywhere unprotected (ir::AtomKind::anywhere): Position::generate takes
  /// generate_special; anywhere_attackers holds the line kinds whose such atom captures.
  bool has_anywhere = false;
  std::uint64_t anywhere_attackers = 0;
  /// Range jumps, area moves or capturing anywhere atoms: attack_hops holds an entry of no piece
  /// so that attacked() asks hop_attacked, which asks after_hops_attacked for them.
  bool after_hops = false;
  /// has_hops, has_reach, has_anywhere or has_skips: the staged generator plays those atoms.
  bool has_extra_atoms = false;
  bool reach_or_skips = false;  ///< has_reach or has_skips (the staged generator's one test)
  /// Tokens per spelling: [0] native, [1 + d] dialect d; each per piece.
  std::vector<std::vector<std::string>> tokens;
  std::vector<ir::SuffixStyle> suffix;        ///< per spelling, same indexing
  /// The tokens of a spelling: kNativeDialect or a dialect index.
  const std::vector<std::string>& spelling(int dialect) const {
    assert(dialect >= kNativeDialect && static_cast<std::size_t>(dialect + 1) < tokens.size());
    return tokens[static_cast<std::size_t>(dialect + 1)];
  }
  /// The suffix style of a spelling: kNativeDialect or a dialect index.
  ir::SuffixStyle suffix_style(int dialect) const {
    assert(dialect >= kNativeDialect && static_cast<std::size_t>(dialect + 1) < suffix.size());
    return suffix[static_cast<std::size_t>(dialect + 1)];
  }
  /// Some piece range-jumps, makes area or hook moves, range-captures or passes pieces
  /// (movegen_jumps.cpp): the variant is special, and the attack tests also ask
  /// Position::reach_attacked.
  bool has_reach = false;
  std::vector<std::uint8_t> piece_rank;  ///< per piece: ir::PieceType::rank
  std::uint64_t reach_pieces[2] = {0, 0};  ///< [side]: line kinds with a capturing jump or area move
  /// Some piece has a slide that jumps its first squares (skip_steps): the variant is
  /// special, and after_hops_attacked asks attack_skips.
  bool has_skips = false;
  std::vector<AttackSkip> attack_skips[2];  ///< [attacking side]
  /// [side][movement]: the slides that jump their first squares (ir::MoveAtom::min_range above
  /// 1), `beyond` holding the nearest repetition they may stop on; kept apart from PieceMoves so
  /// that the other variants' movement records stay as they were.
  std::vector<std::vector<Step>> skip_steps[2];
  /// [side][movement]: the range captures (ir::AtomKind::range_capture) and the slides that pass
  /// pieces (ir::AtomKind::pass_slide, `beyond` holding the most pieces passed), played with the
  /// range jumps (Tables::has_reach); apart from PieceMoves as skip_steps are.
  std::vector<std::vector<Step>> sweep_steps[2];
  std::vector<std::vector<Step>> pass_steps[2];
  /// Some piece makes range captures: generate_special marks every board move of such a piece
  /// (its origin as middle square), so that do_leg_move removes the pieces it passes, and a
  /// move that removes a royal of its own side loses it as a burn does.
  bool has_sweeps = false;
  /// Some piece range-captures or passes pieces (sweep_steps, pass_steps): reach_targets and
  /// reach_hits read them, the other variants with range jumps skip them in one test.
  bool has_passing = false;
  /// burns or has_sweeps: generate_special marks every board move (Position::burn_marked) and
  /// tests it on a scratch copy, a royal removed by the move counting as lost.
  bool marks_moves = false;
};

/// A RuleSet loaded for play, with every derived table built once. Immutable after load;
/// shared by positions.
/// The squares of a board move where it may take on the way, in the order it passes them: a
/// two-leg move's middle square, a three-leg move's two middle squares; 0 for none (a one-leg
/// move, a marked one, a drop).
inline std::array<int, 2> middle_squares(const Tables& t, Move m) {
  if (!m.has_mid() || m.is_drop()) return {0, 0};
  if (m.is_three_legs()) {
    const int first = m.from() + t.king_offsets[static_cast<std::size_t>(m.first_step())];
    return {first, first + t.king_offsets[static_cast<std::size_t>(m.second_step())]};
  }
  return {m.mid() != m.from() ? m.mid() : 0, 0};
}

class Variant {
 public:
  /// Checks what the runtime needs and builds the tables. Error codes:
  ///   ir-board-size (files/ranks outside 3..kMaxBoardSide), ir-no-pieces, ir-too-many-pieces (more than kMaxPieceTypes types or movements),
  ///   ir-too-many-attack-kinds (more than kMaxAttackKinds leap and line kinds together, by
  ///   sets and by classes of atoms: see Tables::piece_bit),
  ///   ir-bad-piece-id (promotes_to, base_face, restriction, setup or hand id out of range),
  ///   ir-bad-promotion (promotion mode without a target, a royal promoting to a non-royal
  ///   face, a flip between royal and non-royal, a non-royal face whose base face is royal,
  ///   promotion by capturing without a one-way promotion or its captures without the rule),
  ///   ir-bad-symbol (empty, duplicate or malformed token), ir-bad-ending (royal_reaches
  ///   without ranks or with a rank off the board, check_given with count 0),
  ///   ir-leap-too-long (padding would exceed the mailbox, or a two-leg move's first leg crosses more than kMaxLegOffset cells), ir-bad-setup (square off the
  ///   board or occupied twice, more than kMaxKindCount pieces of a kind: see
  ///   Position::check_material_limit), ir-bad-dialect (symbol count differs from pieces),
  ///   ir-bad-restriction, ir-too-many-directions (more than kMaxSlideDirections capturing slide directions),
  ///   ir-bad-atom (a move of zero length; an anywhere move with a step, range or screen, beside
  ///   two-leg moves, or with borrowed movement, movement by rank, per-file limits on moves or the
  ///   trading rules; a guard of captures only on another atom or a capture-only one), ir-bad-legs (a two-leg move with a leg of zero length, on a piece that
  ///   flips face, or capturing where no leap or slide of the piece captures, but for a first
  ///   leg that comes back; a three-leg move whose first two legs are not king steps, or in a
  ///   variant with the trading rules), ir-bad-skip (a nearest stop on an atom that is not a slide, beyond
  ///   its range, on some ranks, or where pieces move as another piece),
  ///   ir-bad-trade (trading rules in a game with drops or hands),
  ///   ir-bad-rank-moves (movement by rank on no rank, off the board or twice on one rank; it or a
  ///   per-file limit on moves with two-leg moves, trading rules or extra promotions),
  ///   ir-bad-capture (captured_as a royal piece or a face hands never hold),
  ///   ir-bad-area, ir-bad-jump, ir-bad-hook (range jumps, area moves and hook moves: see
  ///   detail::check_reach),
  ///   ir-start-royal-capturable (the start position
  ///   leaves the side not to move in check: Position::check_side_not_to_move).
  static Result<std::shared_ptr<const Variant>> load(ir::RuleSet rules);

  const ir::RuleSet& rules() const { return rules_; }
  /// The squares of a board move where it may take on the way: a two-leg move's middle square,
  /// a three-leg move's two middle squares; 0 for none (see koma::middle_squares).
  std::array<int, 2> middle_squares(Move m) const { return koma::middle_squares(tables_, m); }
  /// Index of a dialect by name: kNativeDialect (-1) for rules().notation, kUnknownDialect
  /// (-2) when no spelling has that name.
  int dialect(std::string_view name) const;
  /// The move generator's tier positions of this variant start on: Tier::bitboard when the
  /// bitboard kernels cover its rules (see build_bitboard_tables), else Tier::mailbox.
  Tier tier() const { return tables_.bitboard ? Tier::bitboard : Tier::mailbox; }
  /// Bits per square set of the bitboard tier: 64 for a board of up to 64 squares, 128 for a
  /// larger one, 0 on the mailbox.
  int bitboard_width() const;
  /// The derived tables (runtime internals, read-only).
  const Tables& tables() const { return tables_; }
  /// Mailbox index of a square (1-based file and rank), or -1 when off the board.
  int square(int file, int rank) const;

 private:
  Variant() = default;
  ir::RuleSet rules_;
  Tables tables_;
};

}  // namespace koma
