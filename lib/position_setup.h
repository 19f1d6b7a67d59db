// The position subcommands work on: a variant's start (or an --sfen), then --moves played in
// order, read in the chosen dialect first and then in every other one the variant knows.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "error.h"
#include "game.h"

namespace koma::lib {

/// What --sfen, --moves and --dialect said.
struct PositionArgs {
  std::optional<std::string> sfen;  ///< absent: the start position
  std::vector<std::string> moves;  ///< each entry may hold several moves separated by spaces
  std::string dialect;             ///< empty: the variant's own notation
};

/// A position with the dialect its text is written in.
struct PositionSetup {
  std::unique_ptr<Position> position;
  int dialect = kNativeDialect;  ///< Variant::dialect() index for output
};

/// The dialect index for a dialect name ("" = native); `unknown-dialect` (naming the known
/// dialects) for an unknown name.
Result<int> dialect_index(const Variant& variant, const std::string& name);

/// Names of every spelling the variant reads: its own notation first, then its dialects.
std::vector<std::string> dialect_names(const Variant& variant);

/// Sets up the position. A malformed SFEN or a malformed or illegal move is an Error with the
/// runtime's code, naming the move (1-based index and text) and the reason.
Result<PositionSetup> setup_position(const std::shared_ptr<const Variant>& variant,
                                     const PositionArgs& args);

/// Parses one move: the chosen dialect first, then the native spelling, then the others, then
/// Japanese notation (☗７六歩, 同 for the last move's square) and Western (P-7f). When none
/// reads it: the Japanese reader's error (ki2-*) for a text not in ASCII, the Western reader's
/// (western-*) for one in its form, else the chosen dialect's.
koma::Result<Move> parse_in_any_dialect(const Position& position, const Variant& variant,
                                        const std::string& text, int chosen);

/// Reads an SFEN like a move: the chosen dialect first, then every other spelling.
koma::Result<bool> set_sfen_in_any_dialect(Position& position, const Variant& variant,
                                           const std::string& sfen, int chosen);

/// Plays `moves` (single moves, each read in `dialect` first, then in the others) on
/// `position`, appending each to `played` when given. A move after the game ended is
/// `move-after-end`; a move that cannot be played has the runtime's code; both name the move
/// (1-based index and text). The moves before it stay played.
Result<bool> play_moves(Position& position, const std::vector<std::string>& moves, int dialect,
                        std::vector<Move>* played = nullptr);

/// `moves` (single moves in USI of any dialect, Japanese or Western notation) read in turn from
/// `start` as USI in `dialect`; from the first that does not read as a legal move, or comes
/// after the game ended, the moves as they are given (for a record reader to judge). A move in
/// words that fits no legal move, or several, is the reader's error (ki2-*, western-*), naming
/// the move (1-based index and text).
Result<std::vector<std::string>> usi_of_moves(const Position& start, const std::vector<std::string>& moves,
                                              int dialect);

/// Splits every entry on whitespace into single moves.
std::vector<std::string> split_moves(const std::vector<std::string>& entries);

/// "sente" / "gote", or the names the variant gives its sides.
std::string side_name(const Variant& variant, ir::Side side);

/// One line on how a game ended ("checkmate: gote wins"); "" while it goes on.
std::string describe_status(const Variant& variant, const GameStatus& status);

/// {"rule": "checkmate", "winner": "gote" | null, "outcome": "loss", "text": "...", "rule_at":
/// {file, line, column} where the variant's file states the rule (absent when it does not)}.
nlohmann::ordered_json status_json(const Variant& variant, const GameStatus& status);

/// The spelling of an ending rule: its IR name with '-' for '_' ("checkmate", "bare-king", ...).
std::string end_kind_name(ir::EndKind kind);

}  // namespace koma::lib
