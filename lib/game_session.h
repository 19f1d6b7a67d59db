// A game as every front end holds it: a loaded variant, the position it was set up from, the
// moves played since (each can be taken back) and the spelling its texts are written in.
// Moves and the status come back as data, the same for the CLI, koma serve, Python and
// WebAssembly.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "error.h"
#include "game.h"

namespace koma::lib {

/// A move as data, read in the position it is played in.
struct MoveInfo {
  Move move;                            ///< the runtime's encoding
  std::string usi;                      ///< USI in the variant's own spelling ("7g7f", "P*5e")
  std::string text;                     ///< the same in the game's spelling (its dialect)
  std::optional<std::string> from;      ///< origin square in USI; empty for a drop
  std::string to;                       ///< target square in USI
  std::string piece;                    ///< the moving (or dropped) piece, in the game's spelling
  std::optional<std::string> captured;  ///< what it takes on `to`, in the game's spelling
  bool promotion = false;               ///< the piece changes face (promotes or flips)
  bool drop = false;
  std::optional<std::string> via;           ///< a move of several legs' (first) middle square
  std::optional<std::string> captured_via;  ///< what it takes there
  std::optional<std::string> via2;          ///< a three-leg move's second middle square
  std::optional<std::string> captured_via2; ///< what it takes there
};

/// `move` (legal in `position`) as data, its pieces in the spelling `dialect`.
MoveInfo describe_move(const Position& position, Move move, int dialect);

/// {usi, from, to, piece, captured, promotion, drop[, via, captured_via[, via2, captured_via2]]}: `koma moves --format
/// json`'s move_data. `usi` is written in the game's spelling.
nlohmann::ordered_json move_json(const MoveInfo& move);

/// How a game stands, with the place the variant's file states the rule that ended it.
struct StatusInfo {
  bool ended = false;
  std::string rule;                    ///< "checkmate", "bare-king", ... ("" while it goes on)
  std::optional<std::string> winner;   ///< the winner's side name; empty for a draw
  std::string outcome;                 ///< "loss", "win", "draw" for the side to move
  std::string text;                    ///< "checkmate: gote wins"
  ir::SourceLoc rule_at;               ///< where the rule is written (line 0: nowhere)
};

/// The status of `position`.
StatusInfo status_info(const Position& position);

/// Set-up options: a start other than the variant's, moves to play first, a spelling.
struct GameSetup {
  std::optional<std::string> sfen;  ///< absent, "" or "startpos": the variant's start
  std::vector<std::string> moves;   ///< USI in any spelling the variant reads
  std::string dialect;              ///< "" for the variant's own spelling
};

/// One game.
class Game {
 public:
  /// Sets the game up; a bad SFEN, move or dialect is an Error with the runtime's code.
  static Result<Game> start(std::shared_ptr<const Variant> variant, const GameSetup& setup = {});

  Game(Game&&) = default;
  Game& operator=(Game&&) = default;
  /// An independent copy (the same variant, shared).
  Game copy() const;

  const Variant& variant() const { return *variant_; }
  const std::shared_ptr<const Variant>& variant_ptr() const { return variant_; }
  const Position& position() const { return *current_; }
  const Position& start_position() const { return *start_; }
  int dialect() const { return dialect_; }
  /// Chooses the spelling of texts ("" for the variant's own); `unknown-dialect` otherwise.
  Result<bool> set_dialect(const std::string& name);

  /// The SFEN of the current position (of the start position), in the game's spelling.
  std::string sfen() const;
  std::string start_sfen() const;
  /// The moves played since the start, in order.
  const std::vector<Move>& moves() const { return moves_; }
  /// Each move played, as data read in the position it was played in.
  std::vector<MoveInfo> history() const;

  /// Every legal move; none once the game has ended.
  std::vector<MoveInfo> legal_moves() const;
  /// Plays a move written in any spelling the variant reads: `game-over` once the game has
  /// ended, else the runtime's code for a malformed or illegal move.
  Result<MoveInfo> play(std::string_view text);
  /// Takes back the last move: `no-move-to-undo` when none was played.
  Result<MoveInfo> undo();
  StatusInfo status() const;

 private:
  Game(std::shared_ptr<const Variant> variant, std::unique_ptr<Position> start, int dialect);

  std::shared_ptr<const Variant> variant_;
  std::unique_ptr<Position> start_;
  std::unique_ptr<Position> current_;
  std::vector<Move> moves_;
  int dialect_ = kNativeDialect;
};

}  // namespace koma::lib
