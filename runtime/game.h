// The runtime's public face: load a RuleSet, set up positions, list and play legal moves,
// read and write SFEN and USI, run perft, and tell when and how a game ended.
// Everything a user can type comes back as a value (Result / Error); nothing here prints.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ir/rules.h"

namespace koma {

/// A problem with text a user typed (an SFEN, a move) or with a RuleSet the runtime cannot run.
struct Error {
  std::string code;         ///< stable kebab-case code ("sfen-bad-rank", "move-illegal")
  std::string message;      ///< one sentence, quoting what was written
  std::size_t offset = 0;   ///< 0-based character offset into the text, where it applies
};

/// A value or an Error.
template <class T>
class Result {
 public:
  Result(T value) : value_(std::move(value)) {}          // NOLINT: implicit by design
  Result(Error error) : error_(std::move(error)) {}      // NOLINT: implicit by design
  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return *value_; }
  T& value() & { return *value_; }
  T&& value() && { return std::move(*value_); }
  const T& operator*() const { return *value_; }
  const T* operator->() const { return &*value_; }
  const Error& error() const { return error_; }

 private:
  std::optional<T> value_;
  Error error_;
};

/// A move, packed in 32 bits. Layout (low to high):
///   bits  0- 7  to square (runtime square index)
///   bits  8-15  from square, or the piece type dropped for a drop
///   bit  16     drop
///   bit  17     the moving piece changes face (promotion or flip)
///   bits 18-31  unused, zero
/// The runtime owns the square numbering; use Position to convert to and from text.
class Move { /* defined by the runtime; trivially copyable, == comparable, ordered */ };

/// How a game stands: still going, or ended by a rule with a result for each side.
struct GameStatus {
  bool ended = false;
  ir::EndKind rule = ir::EndKind::checkmate;  ///< the rule that ended it
  std::optional<ir::Side> winner;             ///< empty: draw (or replay, see `outcome`)
  ir::Outcome outcome = ir::Outcome::loss;    ///< the rule's outcome for its subject
};

/// A RuleSet loaded for play, with every derived table (attacks, zones, dead squares) built
/// once. Immutable after load; shared by positions.
class Variant {
 public:
  /// Checks what the runtime needs (board 3x3..16x16, ids in range, one royal per side at
  /// most, ...) and builds the tables. Errors carry codes such as "ir-board-size".
  static Result<std::shared_ptr<const Variant>> load(ir::RuleSet rules);
  const ir::RuleSet& rules() const;
  /// Index of a dialect by name: -1 for the native spelling (rules().notation), -2 unknown.
  int dialect(std::string_view name) const;
};

/// A position: board, hands, side to move, move number, and the history needed for endings.
/// Not copyable by accident: use clone(). Apply moves with make/unmake and an UndoRecord.
class Position {
 public:
  explicit Position(std::shared_ptr<const Variant> variant);  ///< the variant's start position
  Position clone() const;

  Result<bool> set_sfen(std::string_view sfen);      ///< replaces this position
  std::string sfen(int dialect = -1) const;           ///< canonical SFEN (hands R B G S N L P order)

  std::vector<Move> legal_moves() const;              ///< sorted, unique, deterministic
  Result<Move> parse_move(std::string_view text, int dialect = -1) const;  ///< legal moves only
  std::string move_text(Move m, int dialect = -1) const;                   ///< USI spelling

  void make(Move m);     ///< plays a legal move (history kept inside)
  void unmake();         ///< takes back the last make()
  bool in_check() const;
  ir::Side side_to_move() const;
  std::uint64_t hash() const;  ///< Zobrist key covering board, hands and side to move
  GameStatus status() const;   ///< checkmate, no moves, bare king, repetition, ...
};

/// Leaf count at `depth` (bulk-counted at the last ply). Terminal positions have no children.
std::uint64_t perft(Position& pos, int depth);
/// perft split by root move, in legal_moves() order.
std::vector<std::pair<Move, std::uint64_t>> divide(Position& pos, int depth);

}  // namespace koma
