// Position: board, hands, side to move and history of one game of a Variant; generates legal
// moves, plays and takes them back exactly, reads and writes SFEN and USI, reports endings.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <variant>
#include <vector>

#include "bitboard.h"
#include "ir/rules.h"
#include "move.h"
#include "result.h"
#include "variant.h"

namespace koma {

/// A rule an illegal move in a game record broke (the `foul` ending names which).
enum class Foul : std::uint8_t {
  none,           ///< no foul
  two_per_file,   ///< a second unpromoted piece of a two-per-file type on one file
  dead_end,       ///< a piece moved or dropped where it could never move again
  drop_mate,      ///< a drop of a drop-mate piece that checkmates
  king_in_check,  ///< the mover's royal left in check or moved into check
  wrong_side,     ///< a piece of the side that has just moved was moved (moving twice)
  banned_rank,    ///< a drop on a rank a banned_ranks restriction forbids to that piece
};

/// How a game stands: still going, or ended by a rule with a result for each side.
struct GameStatus {
  bool ended = false;
  ir::EndKind rule = ir::EndKind::checkmate;  ///< the rule that ended it
  std::optional<ir::Side> winner;             ///< empty: draw (or replay, see `outcome`)
  ir::Outcome outcome = ir::Outcome::loss;    ///< the rule's outcome for its subject
  Foul foul = Foul::none;                     ///< rule foul: which rule the move broke
};

/// The material count of the impasse and declaration rules, for each side (indexed by Side).
struct ImpasseCount {
  std::array<int, 2> points{};          ///< the points that rule counts (see Position::count)
  std::array<int, 2> in_zone{};         ///< pieces other than the royal in the side's zone
  std::array<bool, 2> royal_in_zone{};  ///< a royal of the side stands in its zone
};

/// What undo_move() needs to take back a do_move() exactly; make() keeps one per move played.
struct UndoRecord {
  /// How do_move played the move, so that undo_move takes it back the same way: a step or a
  /// face step to an empty square (Move::is_step, Move::is_face_step), or any other move.
  enum class Kind : std::uint8_t { other, step, face_step };
  Move move;
  Cell moved = kEmpty;          ///< the moving piece before the move (not kept for steps, see Move::is_step)
  Cell captured = kEmpty;       ///< the piece on the destination before the move (other moves only)
  Cell mid_captured = kEmpty;   ///< two-leg moves: the piece on the middle square before the move
  Cell mid2_captured = kEmpty;  ///< three-leg moves: the piece on the second middle square before it
  std::int16_t trade = 0;       ///< two-leg and marked moves: the trading rules' square before it
  Kind kind = Kind::other;
  std::uint64_t hash = 0;       ///< the key before the move
  bool gave_check = false;      ///< set by make(): the side to move after the move is in check
};

/// perft's last two plies below a position, counted by difference (Position::count_two_plies).
struct TwoPlies {
  std::size_t moves = 0;   ///< the position's legal moves
  std::size_t leaves = 0;  ///< the legal moves of the positions they lead to that do not end
  std::size_t counted = 0;  ///< how many of those positions were counted (they do not end)
};

/// What repetition judging needs about one position of a game, kept by make() and unmake() so
/// that status() never rescans the game: one record per position, [0] the set-up position.
struct PlyRecord {
  std::int32_t previous = -1;       ///< index of the last earlier occurrence of this position, -1: none
  std::uint32_t occurrences = 1;    ///< times this position has occurred so far, this one included
  std::array<std::uint32_t, 2> quiet{};  ///< [side]: that side's moves so far that gave no check
};

/// The repetition records of a game: one PlyRecord per position and, per position key, the
/// index of its latest occurrence.
struct RepetitionRecords {
  std::vector<PlyRecord> plies;                          ///< history_.size() + 1 records
  std::unordered_map<std::uint64_t, std::int32_t> last_seen;  ///< key -> latest occurrence
};

/// Whether the cell `c` holds an attacker of the reverse hop lookup `h` (`bits`: its side's
/// Tables::piece_bit) that reaches `distance` squares from its square, `beyond` past the screen.
bool hop_reaches(const AttackHop& h, unsigned c, const std::array<std::uint64_t, kCellCodes>& bits, int distance, int beyond);

/// One width's square sets of a position: the squares of each side and of each cell (side and
/// piece, indexed by cell - 1).
template <class Bitboard>
struct SetArrays {
  std::array<Bitboard, 2> occupied;
  std::array<Bitboard, 2 * kMaxBitboardTypes> pieces;
};

/// The bitboard tier's square sets of a position, at the width of its variant's tables (64
/// or 128 bits, sharing one storage), kept by put, remove, shift and turn while on(). A copy
/// copies the sets of that width only while on() (Position::set_tier gathers them again when
/// it turns the tier on).
struct BitSets {
  /// The tier the position plays on: the mailbox (`off`), or the bitboard tier with
  /// Bitboard64 sets (`narrow`) or Bitboard128 sets (`wide`), as the variant's tables are.
  enum class Mode : std::uint8_t { off, narrow, wide };
  Mode mode = Mode::off;
  union {
    SetArrays<Bitboard64> narrow_sets;
    SetArrays<Bitboard128> wide_sets;
  };
  BitSets() : wide_sets{} {}
  BitSets(const BitSets& o) : mode(o.mode) {  // the sets are left unset while off
    copy_sets(o);
  }
  BitSets& operator=(const BitSets& o) {
    mode = o.mode;
    copy_sets(o);
    return *this;
  }
  /// Whether the position plays on the bitboard tier.
  bool on() const { return mode != Mode::off; }
  /// The sets at the width `B` (the variant's).
  template <class B>
  SetArrays<B>& of() {
    if constexpr (sizeof(B) == sizeof(Bitboard64)) {
      return narrow_sets;
    } else {
      return wide_sets;
    }
  }
  template <class B>
  const SetArrays<B>& of() const {
    return const_cast<BitSets*>(this)->of<B>();
  }
  /// Empties the sets (while on()).
  void clear() {
    if (mode == Mode::wide) wide_sets = {};
    if (mode == Mode::narrow) narrow_sets = {};
  }

 private:
  void copy_sets(const BitSets& o) {
    if (mode == Mode::wide) wide_sets = o.wide_sets;
    if (mode == Mode::narrow) narrow_sets = o.narrow_sets;
  }
};

/// A fixed array sized for the largest board of which only the first entries, as many as use()
/// sets, are read: a copy copies those only, so that a scratch copy of a position on a small
/// board costs what its board needs.
template <class T, std::size_t N>
class UsedArray {
 public:
  UsedArray() = default;
  UsedArray(const UsedArray& o) : used_(o.used_) { std::copy_n(o.a_.begin(), used_, a_.begin()); }
  UsedArray& operator=(const UsedArray& o) {
    used_ = o.used_;
    std::copy_n(o.a_.begin(), used_, a_.begin());
    return *this;
  }
  /// Uses the first `n` entries (at most N), all set to `value`.
  void use(std::size_t n, T value) {
    assert(n <= N);
    used_ = n;
    fill(value);
  }
  /// Sets every used entry to `value`.
  void fill(T value) { std::fill_n(a_.begin(), used_, value); }
  T& operator[](std::size_t i) {
    assert(i < used_);
    return a_[i];
  }
  const T& operator[](std::size_t i) const {
    assert(i < used_);
    return a_[i];
  }
  /// The first entry; [0, used) are the used ones.
  const T* data() const { return a_.data(); }

 private:
  std::array<T, N> a_;  // NOLINT: entries past used_ are never read
  std::size_t used_ = 0;
};

/// A position of a variant on mailbox cells of type `C` (std::uint8_t or std::uint16_t, as
/// Tables::wide_cells says): what Position holds and calls. Not copyable by accident: use clone().
template <class C>
class BasicPosition {
 public:
  /// The cells of this width: their type, the wall's code and a piece's code.
  using Cell = C;
  static constexpr Cell kWall = CellCodes<C>::wall;
  static constexpr Cell make_cell(int side, int piece) { return static_cast<Cell>(1 + piece * 2 + side); }
  /// Whether the bitboard tier may play this width: one-byte cells only (a variant of more
  /// types than its sets hold has no bitboard tables).
  static constexpr bool kBitboards = sizeof(C) == 1;

  /// The variant's start position (RuleSet::setup).
  explicit BasicPosition(std::shared_ptr<const Variant> variant);
  BasicPosition(BasicPosition&&) = default;
  BasicPosition& operator=(BasicPosition&&) = default;
  BasicPosition clone() const {
    BasicPosition copy(*this);
    copy.records_ = std::make_shared<RepetitionRecords>(*records_);
    return copy;
  }

  const Variant& variant() const { return *variant_; }

  /// Replaces this position with the SFEN `text` in the given spelling (kNativeDialect, a
  /// dialect index, or kAnyDialect). On error the position is unchanged. Codes: sfen-fields,
  /// sfen-bad-rank, sfen-bad-piece, sfen-bad-side, sfen-bad-hand, sfen-bad-move-number,
  /// sfen-too-many-royals (more than Tables::max_royals), sfen-missing-royal (a side
  /// the start gives a royal has none), sfen-too-many-pieces (more than kMaxKindCount pieces of
  /// a kind: see check_material_limit), sfen-royal-capturable (check_side_not_to_move refuses it),
  /// sfen-bad-dialect (no such dialect index). More pieces than the start has are accepted
  /// (composed problems hold them); check_start_material tells a game's position.
  Result<bool> set_sfen(std::string_view text, int dialect = kNativeDialect);
  /// Canonical SFEN in a spelling (kNativeDialect or a dialect index). Hands: sente's then gote's; within a hand the pieces whose
  /// hand letter is R B G S N L P come first in that order, then the rest by piece id; "-" when
  /// both hands are empty.
  std::string sfen(int dialect = kNativeDialect) const;

  /// Every legal move, sorted by native USI text, unique, deterministic.
  std::vector<Move> legal_moves() const;
  /// The text of every legal move in a spelling (kNativeDialect or a dialect index), in the
  /// order of legal_moves() (sorted by native text); each native text is written only once.
  std::vector<std::string> legal_move_texts(int dialect = kNativeDialect) const;
  /// Appends every legal move, in generation order (the fast path).
  void generate(MoveList& list) const;
  /// Number of legal moves (bulk count).
  std::size_t count_legal() const;
  /// count_legal() for the sets mode `M` the caller read once (with_sets_mode).
  template <BitSets::Mode M>
  std::size_t count_legal_in() const;
  /// perft's last two plies below this position, which has not ended, on the bitboard tier at
  /// the width `Bitboard` of a variant whose tables allow it (BitboardTables::two_plies): its
  /// moves, and the legal moves after each of them that does not end the game, counted without
  /// playing them. False, and `out` untouched, where the moves must be played to be judged: a
  /// side has other than one royal under the royal-captured rule.
  template <class Bitboard>
  bool count_two_plies(TwoPlies& out) const;
  /// The move generator's tier this position plays on (Variant::tier unless set_tier changed it).
  Tier tier() const { return sets_.on() ? Tier::bitboard : Tier::mailbox; }
  /// Whether perft counts the last two plies below this position by difference
  /// (count_two_plies): on the bitboard tier of a variant whose tables allow it.
  bool counts_two_plies() const { return sets_.on() && t_->bitboard->two_plies; }
  /// Plays on `tier` from now on (positions copied from this one too); false, and no change,
  /// for Tier::bitboard when the variant's rules are not covered by it. Both give the same moves.
  bool set_tier(Tier tier);
  /// A legal move from its USI text. Codes: move-malformed (not a move of this board's
  /// shape), move-illegal (well formed but not legal here; the message names it),
  /// move-bad-dialect (no such dialect index).
  Result<Move> parse_move(std::string_view text, int dialect = kNativeDialect) const;
  /// USI spelling of a move of this position in a spelling (kNativeDialect or a dialect index).
  std::string move_text(Move m, int dialect = kNativeDialect) const;
  /// USI square name ("7g", "12a").
  std::string square_text(int square) const;
  /// The squares of a board move where it may take on the way (koma::middle_squares).
  std::array<int, 2> middle_squares(Move m) const { return koma::middle_squares(*t_, m); }

  /// Plays a legal move, keeping history for unmake() and endings.
  void make(Move m);
  /// Takes back the last make(). Contract: history is not empty.
  void unmake();
  /// Fast make/unmake without history, for search and perft.
  void do_move(Move m, UndoRecord& undo);
  void undo_move(const UndoRecord& undo);
  /// do_move and undo_move for the sets mode `M` the caller read once (with_sets_mode), so that
  /// a loop playing many moves (perft, search) does not ask it again for each. Contract: `M` is
  /// the position's mode.
  template <BitSets::Mode M>
  [[gnu::noinline]] void do_move_in(Move m, UndoRecord& undo);
  template <BitSets::Mode M>
  [[gnu::noinline]] void undo_move_in(const UndoRecord& undo);
  /// Calls `f` with the position's sets mode as a std::integral_constant, for do_move_in and
  /// undo_move_in.
  template <class F>
  decltype(auto) with_sets_mode(F&& f) {
    using Mode = BitSets::Mode;
    if constexpr (kBitboards) {
      if (sets_.mode == Mode::wide) return f(std::integral_constant<Mode, Mode::wide>{});
      if (sets_.mode == Mode::narrow) return f(std::integral_constant<Mode, Mode::narrow>{});
    }
    return f(std::integral_constant<Mode, Mode::off>{});
  }

  /// The side to move has a royal piece attacked.
  bool in_check() const;
  /// The check rule protects `side`'s royals now: it may not leave a royal attacked
  /// (RoyalInCheck::illegal with a royal; illegal_for_last with exactly one).
  bool check_rule_applies(ir::Side side) const;
  /// The ending a rule judged on the move just played declares (royal_captured, royal_reaches,
  /// check_given), if any. `checks_given`: per side, the checks its moves have given so far,
  /// this position's included. Cheap when the variant has none of these rules.
  std::optional<GameStatus> move_status(const std::array<int, 2>& checks_given) const;
  /// An ending move_status declares: its rule, outcome and the side the outcome applies to.
  struct MoveEnding {
    ir::EndKind rule;
    ir::Outcome outcome;
    int subject;
  };
  /// move_status without the GameStatus, inline for perft's every node: the royal counts and
  /// squares are read directly; only a royal on its goal that may be capturable lists replies.
  std::optional<MoveEnding> move_ending(const std::array<int, 2>& checks_given) const {
    if (!t_->has_move_rules) return std::nullopt;
    const int mover = side_ ^ 1;
    if (const auto& rule = t_->royal_captured) {
      // Only the side to move can just have lost a royal; a position set up without one ends too.
      if (royal_count_[side_] == 0) return MoveEnding{ir::EndKind::royal_captured, rule->outcome, side_};
      if (royal_count_[mover] == 0) return MoveEnding{ir::EndKind::royal_captured, rule->outcome, mover};
    }
    if (const auto& rule = t_->royal_reaches) {
      // The side to move has a royal on its ranks: it arrived there and the reply did not take
      // it, which wins even where it may still be attacked.
      if (royal_on_goal(side_) != 0) return MoveEnding{ir::EndKind::royal_reaches, rule->outcome, side_};
      // The side that just moved: it wins on arrival unless a legal reply can capture it.
      if (const int sq = royal_on_goal(mover); sq != 0 && !(rule->unless_capturable && reply_takes(sq))) {
        return MoveEnding{ir::EndKind::royal_reaches, rule->outcome, mover};
      }
    }
    if (const auto& rule = t_->check_given) {
      if (checks_given[static_cast<std::size_t>(mover)] >= rule->count) {
        return MoveEnding{ir::EndKind::check_given, rule->outcome, mover};
      }
    }
    return std::nullopt;
  }
  /// Per side, how many moves of history_ gave check (the count check_given reads).
  std::array<int, 2> checks_given() const;
  /// The rule every position keeps where the check rule protects the side not to move: that
  /// side is not in check (its royal could be taken, which no move may allow). Error code
  /// royal-capturable. Both the start position (Variant::load) and set_sfen ask this one function.
  std::optional<Error> check_side_not_to_move() const;
  /// What the representation holds: no kind of piece (a type with every face it can turn into
  /// by promotion, flip or capture, on the board and in both hands) has more than
  /// kMaxKindCount pieces. set_sfen and Variant::load ask it. Code: sfen-too-many-pieces.
  std::optional<Error> check_material_limit() const;
  /// What a game can reach: no kind of piece outnumbers the start position, since no rule
  /// creates pieces. Record readers ask it of a record's start. Code: sfen-too-many-pieces.
  std::optional<Error> check_start_material() const;
  ir::Side side_to_move() const { return static_cast<ir::Side>(side_); }
  int move_number() const { return move_number_; }
  std::uint64_t hash() const { return hash_; }
  /// The trading rules' square (RuleSet::trade): where a piece that is not traded has just
  /// taken a traded one, or 0.
  int trade_square() const { return trade_; }
  /// The endings judged on the last move (move_status, checks counted from the history), then
  /// checkmate, no moves, bare king, repetition, perpetual check, move limit; impasse,
  /// declaration and fouls need a claim (agree_impasse, declare, judge_foul).
  GameStatus status() const;
  /// The count of `rule` (impasse or declaration) for both sides. Impasse counts every piece
  /// on the board and in hand; declaration counts the pieces in the side's zone and in hand.
  ImpasseCount count(const ir::EndRule& rule) const;
  /// The side to move declares a win under the variant's declaration rule: its royal in its
  /// zone, at least min_pieces_in_zone other pieces there, its threshold reached, not in
  /// check. A right declaration gets the rule's outcome, a wrong one loses. Code:
  /// declaration-no-rule (the variant has no declaration ending).
  Result<GameStatus> declare() const;
  /// The players agree to count an impasse: both royals must be in their zones; a side below
  /// its threshold loses, both at or above it get the rule's outcome (both below: a draw).
  /// Codes: impasse-no-rule, impasse-royal-outside (a royal is outside its zone).
  Result<GameStatus> agree_impasse() const;
  /// Judges `text`, a move that parse_move rejects as illegal, as a foul of the side to move.
  /// Codes: foul-no-rule (the variant has no foul ending), move-malformed, and
  /// move-illegal for a move that breaks no rule koma names (an empty square, an own piece
  /// taken, a piece moving in a way it cannot, a piece not in hand).
  Result<GameStatus> judge_foul(std::string_view text, int dialect = kNativeDialect) const;
  /// The bare-king ending only (cheap; used by perft when the variant has that rule).
  std::optional<GameStatus> bare_status() const;
  /// False when bare_status() surely finds no ending: both sides keep a non-royal piece and
  /// the rule is not the guarded one. Inline, so perft asks at no call's cost.
  bool may_be_bare() const { return nonroyal_[0] == 0 || nonroyal_[1] == 0 || t_->bare_guarded; }
  /// bare_status for a `guarded` bare_king rule (status_bare.cpp).
  std::optional<GameStatus> guarded_bare_status() const;
  /// Consistency check: piece lists (on the mailbox), counts, royals, sets (on the bitboard
  /// tier), hash recomputed. Cheap enough for tests.
  bool is_ok() const;

  /// Cell at a square (kWall off the board).
  Cell at(int square) const { return board_[static_cast<std::size_t>(square)]; }
  int hand_count(int side, int piece) const { return hand_[idx(side, piece)]; }
  /// Mailbox square of one of the side's royal pieces, or 0 when it has none.
  int royal_square(int side) const { return royal_[side]; }
  /// Number of royal pieces the side has on the board.
  int royal_count(int side) const { return royal_count_[side]; }
  std::size_t history_size() const { return history_.size(); }
  /// The last move made (none before the first).
  Move last_move() const { return history_.empty() ? Move() : history_.back().move; }
  /// Times the current position (board, hands, side to move) has occurred in this game since it
  /// was set up, this time included. Constant time.
  std::uint32_t occurrences() const { return records_->plies.back().occurrences; }

 private:
  /// Shares the repetition records: only clone() (which copies them) and scratch positions
  /// that never call make() or unmake() use it.
  BasicPosition(const BasicPosition&) = default;
  static std::size_t idx(int side, int piece) {
    return static_cast<std::size_t>(piece * 2 + side);
  }
  /// An empty board, empty hands, sente to move, no history, hash 0.
  void clear();
  /// Starts the repetition records at the current position (after its hash is known).
  void start_records();
  /// Whether put, remove, shift and turn keep the bitboard tier's sets, and at which width: as
  /// sets_ says (`ask`), or as the caller knows (do_move and undo_move ask once per move).
  enum class Sets : std::uint8_t { ask, narrow, wide, skip };
  /// The Sets a caller of do_move_in<M> knows.
  template <BitSets::Mode M>
  static constexpr Sets sets_of();
  /// BitTables::bit of the variant at the width `B`.
  template <class B>
  const B* bits() const {
    return static_cast<const B*>(bits_);
  }
  /// Calls `edit(sets, bits)` with the sets and bits() at the width `S` keeps (`ask`: the
  /// variant's, while sets_.on()), or not at all.
  template <Sets S, class F>
  void edit_sets(F&& edit) {
    if constexpr (S == Sets::narrow) {
      edit(sets_.narrow_sets, bits<Bitboard64>());
    } else if constexpr (S == Sets::wide) {
      edit(sets_.wide_sets, bits<Bitboard128>());
    } else if constexpr (S == Sets::ask) {
      if (sets_.mode == BitSets::Mode::wide) edit_sets<Sets::wide>(edit);
      if (sets_.mode == BitSets::Mode::narrow) edit_sets<Sets::narrow>(edit);
    }
  }
  /// Whether put, remove, shift and turn under `S` keep the piece lists (plist_, pindex_), the
  /// per-file counts (file_count_) and the counts per kind (on_board_): on the mailbox only.
  /// The bitboard tier reads its sets instead (any_piece, file_pieces; present_ from the sets,
  /// see lost()), and set_tier rebuilds them when it leaves the tier. The
  /// generators and attack tests of special and acting variants read the lists directly: such
  /// variants have no bitboard tables (build_bitboard_tables), so always keep them.
  template <Sets S>
  bool keeps_lists() const {
    if constexpr (!kBitboards || S == Sets::skip) {
      return true;
    } else if constexpr (S == Sets::ask) {
      return !sets_.on();
    } else {
      return false;
    }
  }
  /// Whether `f(square)` holds for some square of a piece of `side` (it stops at the first):
  /// the piece list on the mailbox, the side's set on the bitboard tier.
  template <class F>
  [[gnu::always_inline]] bool any_piece(int side, F&& f) const {
    if constexpr (kBitboards) {
      if (sets_.mode == BitSets::Mode::wide) {
        return any_square(sets_.wide_sets.occupied[static_cast<std::size_t>(side)], t_->bitboard->wide.cell.data(), f);
      }
      if (sets_.mode == BitSets::Mode::narrow) {
        return any_square(sets_.narrow_sets.occupied[static_cast<std::size_t>(side)], t_->bitboard->narrow.cell.data(), f);
      }
    }
    const auto& list = plist_[static_cast<std::size_t>(side)];
    for (int i = 0; i < pcount_[static_cast<std::size_t>(side)]; ++i) {
      if (f(static_cast<int>(list[static_cast<std::size_t>(i)]))) return true;
    }
    return false;
  }
  /// Calls `f(square)` for each square of a piece of `side` (see any_piece).
  template <class F>
  [[gnu::always_inline]] void for_each_piece(int side, F&& f) const {
    any_piece(side, [&](int sq) {
      f(sq);
      return false;
    });
  }
  /// The pieces of the type tracked by the per-file limit `slot` that `side` has on `file`.
  int file_pieces(int slot, int side, int file) const {
    if constexpr (kBitboards) {
      if (sets_.on()) {
        const std::size_t c = static_cast<std::size_t>(make_cell(side, t_->slot_piece[static_cast<std::size_t>(slot)]) - 1);
        const std::size_t f = static_cast<std::size_t>(file);
        if (sets_.mode == BitSets::Mode::wide) return popcount(sets_.wide_sets.pieces[c] & t_->bitboard->wide.file[f]);
        return popcount(sets_.narrow_sets.pieces[c] & t_->bitboard->narrow.file[f]);
      }
    }
    return file_count_[static_cast<std::size_t>(slot)][static_cast<std::size_t>(side)][static_cast<std::size_t>(file)];
  }
  /// Fills the piece lists, per-file counts and counts per kind from the board (as the
  /// mailbox keeps them).
  void rebuild_lists();
  /// Keeps present_ as the side gains a piece of cell `c`, or has lost one (the sets already
  /// edited): by the counts per kind on the mailbox, by the cell's set on the bitboard tier.
  template <Sets S>
  void gained(int side, Cell c);
  template <Sets S>
  void lost(int side, Cell c);
  /// Places `c` on an empty square; put, remove, shift and add_hand keep the piece counts,
  /// royal squares, the piece lists and file counts (keeps_lists), the sets under `S` and, when
  /// `Hash`, the key up to date (undo_move restores the key from its record instead).
  template <bool Hash = true, Sets S = Sets::ask>
  void put(int square, Cell c);
  /// Takes the piece off an occupied square.
  template <bool Hash = true, Sets S = Sets::ask>
  void remove(int square);
  /// Moves the piece on `from`, unchanged, to the empty square `to`.
  template <bool Hash = true, Sets S = Sets::ask>
  void shift(int from, int to);
  /// Turns the piece on `square` into `into`, another face of the same side.
  template <bool Hash = true, Sets S = Sets::ask>
  void turn(int square, Cell into);
  /// shift() then turn() in one pass: the piece on `from` goes to the empty square `to` as
  /// `into`, another face of the same side. `Plain`: the caller knows both faces are royal or
  /// neither is (Tables::plain_turn).
  template <bool Hash = true, Sets S = Sets::ask, bool Plain = false>
  void shift_turn(int from, int to, Cell into);
  /// shift_turn() for a face that becomes royal or stops being one.
  template <bool Hash, Sets S>
  void shift_then_turn(int from, int to, Cell into);
  /// Changes the count of a hand piece (its base face) by `delta`.
  template <bool Hash = true>
  void add_hand(int side, int piece, int delta);
  /// Position::generate for variants with two-leg moves or trading rules (movegen_legs.cpp):
  /// the pseudo-legal moves of the staged generator, filtered by the trading rules, then the
  /// two-leg moves. A move that changes the trading rules' square carries a middle square
  /// (its own origin when it has no middle), so that do_move takes do_leg_move for it.
  void generate_special(MoveList& list) const;
  /// Whether the board move `m`, which does not promote, may also promote by
  /// PromotionRules::on_capture, on_last_rank or capturing (`by`, its by_capture rule), and the
  /// zone rules have not offered it.
  bool extra_promotion(Move m, ir::CapturePromotion by) const;
  /// The promotion by capturing (ir::PieceType::by_capture) that `piece` of the side to move
  /// earns by taking what stands on `to` (none: no enemy piece there, or not one that promotes).
  ir::CapturePromotion by_capture(int piece, int to) const;
  /// Pushes `move` (not changing face), a move of several legs from `from` to `to` that takes
  /// the pieces on `taken` (0: none) on the way, promoted and not as promotion by capturing
  /// allows or requires.
  void push_leg_move(Move move, std::array<int, 2> taken, MoveList& list) const;
  /// Pushes `move` (not changing face), a move of a piece that promotes one way from `from` to
  /// `to` taking the pieces on `taken` on the way (none: it is the board move `from`-`to`),
  /// promoted and not as the zone, extra and capture promotions allow: judged on its origin
  /// and last square as a board move that captures when any leg does; a pass never promotes.
  void push_promoting_leg_move(Move move, std::array<int, 2> taken, MoveList& list) const;
  /// generate_special_pseudo's three-leg moves (Tables::has_legs3), appended.
  void generate_three_legs(MoveList& list) const;
  /// generate_special without the check rule's filter.
  void generate_special_pseudo(MoveList& list) const;
  /// The staged generator's pseudo-legal moves (no royal guarded), appended.
  void generate_staged(MoveList& list) const;
  /// A board move, carrying its origin as middle square when it changes the trading rules'
  /// square (see generate_special).
  Move trade_marked(Move m) const;
  /// Whether `square` is attacked by `by_side` with the cells `a` and `b` taken as empty by
  /// slides (the trading rules' protection test).
  bool attacked_past(int square, int by_side, int a, int b) const;
  /// The piece at `from` may take an enemy traded piece on `to` under the trading rules,
  /// `mid` the square its first leg took a piece on (0: none).
  bool trade_allows(int from, int mid, int to) const;
  /// do_move and undo_move on the tier `S` (narrow, wide: bitboard at that width, skip: mailbox).
  template <Sets S>
  void do_move_as(Move m, UndoRecord& undo);
  template <Sets S>
  void undo_move_as(const UndoRecord& undo);
  /// do_move and undo_move for a step that changes face to an empty square (Move::is_face_step):
  /// a flip or a promotion, kept small and out of line so that a variant that flips after every
  /// move does not pay do_other_move's frame; every other move passes through untouched.
  template <Sets S>
  [[gnu::noinline]] void do_face_step(Move m, UndoRecord& undo);
  template <Sets S>
  [[gnu::noinline]] void undo_face_step(const UndoRecord& undo);
  /// The face steps whose turn makes or unmakes a royal (Tables::plain_turn is 0), apart so
  /// that the others keep few registers.
  template <Sets S>
  [[gnu::noinline]] void do_royal_face_step(Move m, UndoRecord& undo);
  template <Sets S>
  [[gnu::noinline]] void undo_royal_face_step(const UndoRecord& undo);
  /// The body of do_face_step for the piece `moved` turning into `into`; `Plain`: neither royal.
  template <Sets S, bool Plain>
  void play_face_step(Move m, UndoRecord& undo, Cell moved, Cell into);
  /// The body of undo_face_step.
  template <Sets S, bool Plain>
  void take_back_face_step(const UndoRecord& undo);
  /// do_move and undo_move for every other move: captures, drops, two-leg and marked moves.
  template <Sets S>
  void do_other_move(Move m, UndoRecord& undo);
  template <Sets S>
  void undo_other_move(const UndoRecord& undo);
  /// do_move and undo_move for a two-leg move or a marked move (position_legs.cpp).
  void do_leg_move(Move m, UndoRecord& undo);
  void undo_leg_move(const UndoRecord& undo);
  /// The Zobrist key recomputed from scratch.
  std::uint64_t compute_hash() const;
  /// Whether `by_side` attacks `square`, treating the cell `ignore` as empty (-1: nothing
  /// ignored; not 0, which is a wall cell a slide must stop at). Pieces attack by their own
  /// movement: royal_attacked() takes attacked_borrowed() where pieces borrow theirs.
  bool attacked(int square, int by_side, int ignore = -1) const;
  /// Whether a hop of `by_side` attacks `square`, the cells `a` and `b` taken as empty
  /// (-1: none): the first piece seen from `square` along a hop's line is the screen, the next
  /// one beyond it the attacker (attacked, attacked_past, attacked_borrowed ask it); then
  /// reach_attacked where pieces range-jump or make area moves.
  bool hop_attacked(int square, int by_side, int a, int b) const;
  /// The squares the range jumps and the area move of `piece` of `side` on `from` reach
  /// (movegen_jumps.cpp), each once, into `out`; returns how many.
  int reach_targets(int from, int piece, int side, int* out) const;
  /// reach_targets' range captures and slides that pass pieces (Tables::has_passing), added to
  /// the `n` squares of `out` found before, each once; returns how many there are then. Out of
  /// line, so that the variants without them keep reach_targets as it was.
  [[gnu::noinline]] int passing_targets(int from, int piece, int side, int* out, int n) const;
  /// Whether a range jump or the area move of `piece` of `side` on `from` takes a piece of rank
  /// `rank` on `target`, the cells `a` and `b` taken as empty (-1: none).
  bool reach_hits(int piece, int from, int side, int target, int rank, int a, int b) const;
  /// Whether a range jump or an area move of `by_side` attacks `square`, the cells `a` and `b`
  /// taken as empty; the piece attacked is the one on `a` when it holds one (it moves to
  /// `square`), else the one on `square` (Tables::has_reach; hop_attacked asks it).
  bool reach_attacked(int square, int by_side, int a, int b) const;
  /// hop_attacked's last part, for Tables::after_hops: slides that jump their first squares,
  /// range jumps and area moves, then pieces
  /// that move anywhere unprotected (`b` the cell they ignore); position_anywhere.cpp.
  bool after_hops_attacked(int square, int by_side, int a, int b) const;
  /// Whether a slide of `by_side` that jumps its first squares attacks `square`, the cells `a`
  /// and `b` taken as empty (Tables::attack_skips).
  bool skip_attacked(int square, int by_side, int a, int b) const;
  /// Whether a piece of `by_side` that moves anywhere unprotected, standing elsewhere than on
  /// `square` and `ignore`, attacks `square`: the other side does not protect it (covered).
  bool anywhere_attacked(int square, int by_side, int ignore) const;
  /// Whether `by_side` protects `square` against a piece moving anywhere unprotected: a piece
  /// of `by_side` not on `square` attacks it by other atoms with the cells `a` and `b` taken as
  /// empty, or a piece of `by_side` not on `square`, `a` or `b` moves anywhere and captures.
  bool covered(int square, int by_side, int a, int b) const;
  /// Whether a slide of `piece` of `side` on `from` that jumps its first squares would take on
  /// `target` (Tables::skip_steps).
  bool skip_hits(int piece, int from, int side, int target) const;
  /// Whether `piece` of `side` standing on `from` would attack `target` on the current board.
  bool gives_check_by(int piece, int from, int side, int target) const;
  /// Whether the legal drop `m` mates: every legal reply leaves a royal of the other side
  /// attacked (with the check rule in force there, that is: there is no legal reply).
  bool drop_mates(Move m) const;
  /// The square of a royal of `side` standing on its royal_reaches target ranks, or 0.
  int royal_on_goal(int side) const {
    if (royal_count_[side] > 1) return royal_on_goal_scan(side);
    const int sq = royal_[side];  // 0 without a royal, and never a goal cell
    return t_->goal[side][static_cast<std::size_t>(sq)] ? sq : 0;
  }
  /// royal_on_goal for a side with several royals: its pieces scanned.
  int royal_on_goal_scan(int side) const;
  /// Whether a legal move of the side to move takes what stands on `sq` (a board move to it).
  bool reply_takes(int sq) const;
  /// Whether any royal of `side` is attacked by the other side.
  bool royal_attacked(int side) const;
  /// royal_attacked for Tables::royal_special: attackers that borrow movement, and burns.
  bool royal_attacked_special(int side) const;
  /// royal_attacked without burns, attackers moving as their acting cells (kBorrow) or not;
  /// generate_acting asks it directly (a variant whose pieces borrow movement never burns).
  template <bool kBorrow>
  bool royal_attacked_by(int side) const;
  /// Whether a move of a piece of `side ^ 1` that burns on_stop would burn a royal of `side`.
  bool burn_threat(int side) const;
  /// The move `m` of the side to move marked, in a variant that burns or range-captures, so
  /// that do_move burns and removes what a range capture passes (a board move carries its
  /// origin as middle square; see Tables::marks_moves).
  Move burn_marked(Move m) const {
    if (!t_->marks_moves || m.is_drop() || m.has_mid()) return m;
    return Move::legs(m.from(), m.from(), m.to(), m.changes_face());
  }
  /// do_leg_move's burns after the piece of `us` has come to `to`: the piece itself when it
  /// stopped next to an enemy that burns on arrival, else the enemies next to it when it burns
  /// where it stops; each burnt piece, then their number, onto burned_.
  void burn(int to, int us);
  /// Puts back the pieces the last burn() took.
  void unburn();
  /// do_leg_move's range capture (Tables::has_sweeps): when the piece `moved` of `us` goes from
  /// `from` to `to` (taking a piece there: `takes`) by a range capture of its own movement,
  /// every piece between the two squares is removed, an enemy one captured; each onto burned_,
  /// then their number (0 for another move).
  void sweep(int from, int to, Cell moved, int us, bool takes);
  /// Puts back the pieces the last sweep() took, and takes the captured ones out of the hand.
  void unsweep(int us);
  /// unburn() and unsweep()'s loop: pops the last burn() or sweep() off burned_, putting each
  /// piece back and then handing its cell to `each`.
  template <class F>
  void put_back_burned(F&& each);
  /// generate_special for a variant that burns or range-captures (Tables::marks_moves): every
  /// board move marked, then tested on a scratch copy where the check rule protects the mover
  /// (a royal burnt, or removed by its own side's range capture, is a royal lost).
  void generate_burning(MoveList& list) const;
  /// Whether `piece` of `side` dropped on `from` would attack a royal of the other side (where
  /// pieces hop: would leave one attacked, the dropped piece perhaps a screen).
  bool drop_checks(int piece, int from, int side) const;
  /// The royal square the single-royal generator guards for the side to move, or 0.
  int guarded_royal() const {
    const int n = royal_count_[side_];
    return n == 1 && t_->royal_in_check != ir::RoyalInCheck::legal ? royal_[side_] : 0;
  }
  /// Legal moves when several royals must all stay unattacked: pseudo-legal moves, each
  /// played on a scratch copy and kept when no royal of the mover is left attacked.
  void generate_guarding_all(MoveList& list) const;
  /// The number of moves generate_guarding_all gives (kept out of line: count_bitboard's
  /// kernels stay inlined without a list's destructor beside them).
  std::size_t count_guarding_all() const;
  /// The number of moves generate_special gives (out of line for the same reason): where a
  /// hop gives check, the bitboard tier counts by it.
  std::size_t count_special() const;
  /// Whether the piece on `from` has a two-leg move through `mid` to `to` (usi.cpp).
  bool passes_through(int from, int mid, int to) const;
  /// The cell whose piece type (a movement index of Tables::moves) the piece on `square` moves
  /// as: under MovementSource::friend_behind the piece of its side directly behind it, else
  /// itself; then, with Tables::rank_moves, that piece's movement on this square. Empty and wall
  /// cells as they are.
  Cell acting_cell(int square) const {
    if (t_->borrow_behind) return t_->rank_moves ? acting_as<true, true>(square) : acting_as<true, false>(square);
    return t_->rank_moves ? acting_as<false, true>(square) : acting_as<false, false>(square);
  }
  /// acting_cell() for a variant whose pieces borrow (kBorrow) and move by rank (kRank) or not.
  template <bool kBorrow, bool kRank>
  Cell acting_as(int square) const {
    Cell c = board_[static_cast<std::size_t>(square)];
    if (!is_piece(c)) return c;
    if constexpr (kBorrow) {
      const Cell behind = board_[static_cast<std::size_t>(square + t_->behind[cell_side(c)])];
      if (is_piece(behind) && cell_side(behind) == cell_side(c)) c = behind;
    }
    if constexpr (kRank) c = rank_cell(c, square);
    return c;
  }
  /// attacked_borrowed() with the variant's movement rules as template arguments.
  template <bool kBorrow, bool kRank>
  bool attacked_acting(int square, int by_side) const;
  /// The cell of the movement by rank that the piece of cell `c` has on `square`.
  Cell rank_cell(Cell c, int square) const;
  /// attacked() for Tables::acting: attackers move as their acting cells.
  bool attacked_borrowed(int square, int by_side) const;
  /// Legal moves for Tables::acting: pseudo-legal moves by acting movement, each played on a
  /// scratch copy for the check rule and the drop-mate rule; per-file limits on moves.
  void generate_borrowed(MoveList& list) const;
  /// generate_borrowed() with the variant's rules as template arguments: pieces borrow
  /// (kBorrow), move by rank (kRank), per-file limits bind moves (kLimit).
  template <bool kBorrow, bool kRank, bool kLimit>
  void generate_acting(MoveList& list) const;
  /// generate and count_legal on the bitboard tier at the width `Bitboard`, the variant's
  /// (movegen_bitboard.cpp).
  template <class Bitboard>
  void generate_bitboard(MoveList& list) const;
  template <class Bitboard>
  std::size_t count_bitboard() const;
  /// The tier mode of the variant's bitboard tables: their width, or off without them.
  BitSets::Mode bitboard_mode() const;
  /// The bitboard tier's sets agree with the board (is_ok asks while sets_.on()).
  bool bitboards_ok() const;
  /// The legal move `text` spells in one spelling, or no move with `error` filled.
  Move find_move(std::string_view text, int dialect, Error& error) const;
  /// The move limit, when the variant has one and it has been reached.
  std::optional<GameStatus> limit_status() const;
  /// judge_foul for a move read as squares and face change, or a drop.
  Result<GameStatus> judge_board_foul(int from, int to, bool change) const;
  Result<GameStatus> judge_drop_foul(int piece, int to) const;
  /// set_sfen for one spelling (kNativeDialect or a dialect index).
  Result<bool> parse_sfen(std::string_view text, int dialect);

  std::shared_ptr<const Variant> variant_;
  const Tables* t_ = nullptr;
  UsedArray<Cell, kMaxCells> board_;  ///< Tables::cells used
  /// Squares of each side's pieces: a side has at most one per board square. Kept on the
  /// mailbox only (keeps_lists), as are pindex_, on_board_ and file_count_; pcount_ always.
  std::array<UsedArray<std::int16_t, kMaxSquares>, 2> plist_;
  UsedArray<std::uint16_t, kMaxCells> pindex_;  ///< index in plist_ per square, Tables::cells used
  std::array<int, 2> pcount_{};
  std::array<int, 2> royal_{};        ///< per side: the square of one of its royals, 0 none
  std::array<int, 2> royal_count_{};  ///< per side: royal pieces on the board
  std::array<int, 2> nonroyal_{};  ///< non-royal pieces per side, board and hand
  /// [side][kind]: pieces on the board of each line kind (Tables::cell_line).
  std::array<std::array<std::uint16_t, kMaxAttackKinds>, 2> on_board_{};
  std::array<std::uint64_t, 2> present_{};  ///< [side]: bit per line kind on the board (Tables::piece_bit)
  std::array<std::array<std::array<std::uint8_t, kMaxBoardSide + 1>, 2>, kMaxFileSlots>
      file_count_{};               ///< [slot][side][file] unpromoted pieces of a tracked type
  int side_ = 0;
  /// BitTables::bit of the variant at its width, null without one (see bits()).
  const void* bits_ = nullptr;
  int trade_ = 0;  ///< the trading rules' square, 0 none
  int move_number_ = 1;
  std::uint64_t hash_ = 0;
  std::vector<UndoRecord> history_;
  /// A piece a burn or a range capture took: its square and cell; or, after a move's burnt or
  /// passed pieces, their number in `square` (kEmpty cell). Only a variant that burns or
  /// range-captures keeps it (Tables::marks_moves).
  struct Burnt {
    std::int16_t square = 0;
    Cell cell = kEmpty;
  };
  std::vector<Burnt> burned_;
  /// Shared by scratch copies (which only use do_move), so copying a position for a look-ahead
  /// allocates nothing; clone() copies them.
  std::shared_ptr<RepetitionRecords> records_ = std::make_shared<RepetitionRecords>();
  /// [piece * 2 + side]: hand counts; after the members of the same size in every variant.
  std::array<std::uint16_t, 2 * CellCodes<C>::max_types> hand_{};
  /// Last, and copied only on the bitboard tier: a mailbox scratch copy skips its 2 KB of sets.
  BitSets sets_;
  template <class>
  friend class MoveGenerator;
  template <class>
  friend class BitboardGenerator;
};

/// A position of a variant: board, hands, side to move and history. It plays on the cell width
/// its variant's tables choose (Tables::wide_cells), and each call goes to the BasicPosition of
/// that width, whose declarations document them. Not copyable by accident: use clone().
class Position {
 public:
  using Narrow = BasicPosition<std::uint8_t>;
  using Wide = BasicPosition<std::uint16_t>;

  /// The variant's start position (RuleSet::setup).
  explicit Position(std::shared_ptr<const Variant> variant);
  Position(Position&&) = default;
  Position& operator=(Position&&) = default;
  /// Calls `f` with the position at its width, so that a loop of many calls (perft, search)
  /// chooses the width once.
  template <class F>
  decltype(auto) visit(F&& f) {
    if (Narrow* n = std::get_if<Narrow>(&p_)) return f(*n);
    return f(**std::get_if<std::unique_ptr<Wide>>(&p_));
  }
  template <class F>
  decltype(auto) visit(F&& f) const {
    if (const Narrow* n = std::get_if<Narrow>(&p_)) return f(*n);
    return f(static_cast<const Wide&>(**std::get_if<std::unique_ptr<Wide>>(&p_)));
  }
  Position clone() const {
    return visit([](const auto& p) { return Position(p.clone()); });
  }

  const Variant& variant() const { return visit([](const auto& p) -> const Variant& { return p.variant(); }); }
  Result<bool> set_sfen(std::string_view text, int dialect = kNativeDialect) {
    return visit([&](auto& p) { return p.set_sfen(text, dialect); });
  }
  std::string sfen(int dialect = kNativeDialect) const {
    return visit([&](const auto& p) { return p.sfen(dialect); });
  }
  std::vector<Move> legal_moves() const {
    return visit([](const auto& p) { return p.legal_moves(); });
  }
  std::vector<std::string> legal_move_texts(int dialect = kNativeDialect) const {
    return visit([&](const auto& p) { return p.legal_move_texts(dialect); });
  }
  void generate(MoveList& list) const {
    visit([&](const auto& p) { p.generate(list); });
  }
  std::size_t count_legal() const {
    return visit([](const auto& p) { return p.count_legal(); });
  }
  Tier tier() const { return visit([](const auto& p) { return p.tier(); }); }
  bool counts_two_plies() const {
    return visit([](const auto& p) { return p.counts_two_plies(); });
  }
  bool set_tier(Tier tier) {
    return visit([&](auto& p) { return p.set_tier(tier); });
  }
  Result<Move> parse_move(std::string_view text, int dialect = kNativeDialect) const {
    return visit([&](const auto& p) { return p.parse_move(text, dialect); });
  }
  std::string move_text(Move m, int dialect = kNativeDialect) const {
    return visit([&](const auto& p) { return p.move_text(m, dialect); });
  }
  std::string square_text(int square) const {
    return visit([&](const auto& p) { return p.square_text(square); });
  }
  std::array<int, 2> middle_squares(Move m) const {
    return visit([&](const auto& p) { return p.middle_squares(m); });
  }
  void make(Move m) {
    visit([&](auto& p) { p.make(m); });
  }
  void unmake() {
    visit([](auto& p) { p.unmake(); });
  }
  void do_move(Move m, UndoRecord& undo) {
    visit([&](auto& p) { p.do_move(m, undo); });
  }
  void undo_move(const UndoRecord& undo) {
    visit([&](auto& p) { p.undo_move(undo); });
  }
  bool in_check() const { return visit([](const auto& p) { return p.in_check(); }); }
  bool check_rule_applies(ir::Side side) const {
    return visit([&](const auto& p) { return p.check_rule_applies(side); });
  }
  std::optional<GameStatus> move_status(const std::array<int, 2>& checks_given) const {
    return visit([&](const auto& p) { return p.move_status(checks_given); });
  }
  std::array<int, 2> checks_given() const {
    return visit([](const auto& p) { return p.checks_given(); });
  }
  std::optional<Error> check_side_not_to_move() const {
    return visit([](const auto& p) { return p.check_side_not_to_move(); });
  }
  std::optional<Error> check_material_limit() const {
    return visit([](const auto& p) { return p.check_material_limit(); });
  }
  std::optional<Error> check_start_material() const {
    return visit([](const auto& p) { return p.check_start_material(); });
  }
  ir::Side side_to_move() const { return visit([](const auto& p) { return p.side_to_move(); }); }
  int move_number() const { return visit([](const auto& p) { return p.move_number(); }); }
  std::uint64_t hash() const { return visit([](const auto& p) { return p.hash(); }); }
  int trade_square() const { return visit([](const auto& p) { return p.trade_square(); }); }
  GameStatus status() const { return visit([](const auto& p) { return p.status(); }); }
  ImpasseCount count(const ir::EndRule& rule) const {
    return visit([&](const auto& p) { return p.count(rule); });
  }
  Result<GameStatus> declare() const { return visit([](const auto& p) { return p.declare(); }); }
  Result<GameStatus> agree_impasse() const {
    return visit([](const auto& p) { return p.agree_impasse(); });
  }
  Result<GameStatus> judge_foul(std::string_view text, int dialect = kNativeDialect) const {
    return visit([&](const auto& p) { return p.judge_foul(text, dialect); });
  }
  std::optional<GameStatus> bare_status() const {
    return visit([](const auto& p) { return p.bare_status(); });
  }
  bool is_ok() const { return visit([](const auto& p) { return p.is_ok(); }); }
  /// Cell at a square as a two-byte code (kWall off the board), whatever the width.
  Cell at(int square) const {
    return visit([&](const auto& p) -> Cell {
      const auto c = p.at(square);
      return c == p.kWall ? kWall : c;
    });
  }
  int hand_count(int side, int piece) const {
    return visit([&](const auto& p) { return p.hand_count(side, piece); });
  }
  int royal_square(int side) const {
    return visit([&](const auto& p) { return p.royal_square(side); });
  }
  int royal_count(int side) const {
    return visit([&](const auto& p) { return p.royal_count(side); });
  }
  std::size_t history_size() const { return visit([](const auto& p) { return p.history_size(); }); }
  Move last_move() const { return visit([](const auto& p) { return p.last_move(); }); }
  std::uint32_t occurrences() const { return visit([](const auto& p) { return p.occurrences(); }); }

 private:
  explicit Position(Narrow p) : p_(std::move(p)) {}
  explicit Position(Wide p) : p_(std::make_unique<Wide>(std::move(p))) {}
  /// A wide position is held apart, so that a narrow one (every small variant) is no larger
  /// than its own cells need.
  std::variant<Narrow, std::unique_ptr<Wide>> p_;
};

}  // namespace koma
