// The computer opponent every front end offers: the search (search/) asked for one move of a
// lib::Game within a node, depth or time budget, or at a strength level, its answer as data.
// Single-threaded: the search stops itself at its budget, so it runs the same in WebAssembly.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "error.h"
#include "game_session.h"

namespace koma::lib {

/// What bounds one think; 0 for a field not given. With none given, kDefaultLevel applies; a
/// level sets the node budget (and a depth for the weakest), which `depth`, `nodes` and
/// `milliseconds` given beside it override one by one.
struct ThinkLimits {
  int depth = 0;                  ///< most iterations
  std::int64_t nodes = 0;         ///< most nodes searched
  std::int64_t milliseconds = 0;  ///< stop within this time
  int level = 0;                  ///< 1 (weakest) .. kLevels (strongest)
};

/// One strength level: a depth limit (0: none) and a node budget.
struct Level {
  int depth = 0;
  std::int64_t nodes = 0;
};

inline constexpr int kLevels = 8;
inline constexpr int kDefaultLevel = 4;
/// Level 1..8; deterministic, as a node budget is.
inline constexpr std::array<Level, kLevels> kLevelTable{{
    {1, 0}, {2, 0}, {0, 2'000}, {0, 10'000}, {0, 40'000}, {0, 150'000}, {0, 500'000}, {0, 2'000'000},
}};

/// What the computer decided.
struct ThinkResult {
  std::string verdict;             ///< "move", "resign" (mate is certain), "win" (it declares)
  std::optional<MoveInfo> move;    ///< the move it plays; on "resign" its best defence, on "win" none
  std::optional<MoveInfo> ponder;  ///< the reply it expects, or none
  int score = 0;                   ///< centipawns for the side to move (the last complete iteration)
  std::optional<int> mate;         ///< plies to mate: > 0 the side to move mates, < 0 it is mated
  int depth = 0;                   ///< the last complete iteration
  int seldepth = 0;
  std::uint64_t nodes = 0;
  std::int64_t milliseconds = 0;
  std::vector<std::string> pv;  ///< the expected line, in the game's spelling
};

/// The limits `limits` stands for once its level is applied: `think-bad-limit` for a negative
/// value, `think-bad-level` for a level outside 1..kLevels.
Result<ThinkLimits> resolve_limits(const ThinkLimits& limits);

/// Searches the game's current position (its history counts for repetition) within `limits`.
/// The same game and limits without `milliseconds` give the same answer on every machine and
/// front end. `game-over` once the game has ended.
Result<ThinkResult> think(const Game& game, const ThinkLimits& limits = {});

/// {verdict, move, ponder, score, mate, depth, seldepth, nodes, ms, pv}: moves as move_json.
nlohmann::ordered_json think_json(const ThinkResult& result);

}  // namespace koma::lib
