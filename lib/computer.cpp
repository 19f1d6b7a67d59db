// The computer opponent: lib::Game through the search, answers as data.
#include "computer.h"

#include <fmt/core.h>

#include "search.h"

namespace koma::lib {

namespace {

constexpr std::size_t kHashMegabytes = 16;

const char* verdict_name(search::Verdict verdict) {
  switch (verdict) {
    case search::Verdict::resign: return "resign";
    case search::Verdict::win: return "win";
    case search::Verdict::move: break;
  }
  return "move";
}

/// The line's moves as texts, each read in the position it is played in.
std::vector<std::string> line_texts(const Position& position, const std::vector<Move>& line, int dialect) {
  std::vector<std::string> out;
  Position replay = position.clone();
  for (const Move move : line) {
    out.push_back(replay.move_text(move, dialect));
    replay.make(move);
  }
  return out;
}

/// A usage error: the question names a limit nothing can mean.
Error usage_error(std::string code, std::string message) {
  Error error(std::move(code), std::move(message));
  error.usage = true;
  return error;
}

}  // namespace

Result<ThinkLimits> resolve_limits(const ThinkLimits& limits) {
  if (limits.depth < 0 || limits.nodes < 0 || limits.milliseconds < 0) {
    return usage_error("think-bad-limit", fmt::format("a limit cannot be negative (depth {}, nodes {}, {} ms)",
                                                      limits.depth, limits.nodes, limits.milliseconds));
  }
  if (limits.level < 0 || limits.level > kLevels) {
    return usage_error("think-bad-level", fmt::format("a level is 1..{}, not {}", kLevels, limits.level));
  }
  const bool given = limits.depth > 0 || limits.nodes > 0 || limits.milliseconds > 0;
  if (limits.level == 0 && given) return limits;
  const Level& level = kLevelTable[static_cast<std::size_t>((limits.level > 0 ? limits.level : kDefaultLevel) - 1)];
  ThinkLimits out = limits;
  out.level = limits.level > 0 ? limits.level : kDefaultLevel;
  if (out.depth == 0) out.depth = level.depth;
  if (out.nodes == 0) out.nodes = level.nodes;
  return out;
}

Result<ThinkResult> think(const Game& game, const ThinkLimits& limits) {
  const Result<ThinkLimits> resolved = resolve_limits(limits);
  if (!resolved) return resolved.error();
  const StatusInfo status = game.status();
  if (status.ended) return Error("game-over", fmt::format("there is no move to find: {}", status.text));
  search::Limits bounds;
  bounds.depth = resolved->depth;
  bounds.nodes = static_cast<std::uint64_t>(resolved->nodes);
  if (resolved->milliseconds > 0) bounds.movetime = resolved->milliseconds;
  bounds.margin = 0;
  search::Searcher searcher(game.variant_ptr(), kHashMegabytes);
  search::Control control;
  Position position = game.position().clone();
  const search::Decision decision = searcher.think(position, bounds, control);
  ThinkResult out;
  out.verdict = verdict_name(decision.verdict);
  if (decision.verdict != search::Verdict::win && !decision.best.is_none()) {
    out.move = describe_move(game.position(), decision.best, game.dialect());
    if (!decision.ponder.is_none()) {
      Position after = game.position().clone();
      after.make(decision.best);
      out.ponder = describe_move(after, decision.ponder, game.dialect());
    }
  }
  const search::Info& info = decision.info;
  out.score = info.score;
  out.mate = info.mate;
  out.depth = info.depth;
  out.seldepth = info.seldepth;
  out.nodes = info.nodes;
  out.milliseconds = info.time;
  // A partial last iteration may have changed the move: the line starts with the move played.
  std::vector<Move> line = info.pv;
  if (out.move && (line.empty() || line.front() != decision.best)) {
    line.assign(1, decision.best);
    if (!decision.ponder.is_none()) line.push_back(decision.ponder);
  }
  out.pv = line_texts(game.position(), line, game.dialect());
  return out;
}

nlohmann::ordered_json think_json(const ThinkResult& result) {
  using Json = nlohmann::ordered_json;
  Json out{{"verdict", result.verdict}};
  out["move"] = result.move ? move_json(*result.move) : Json(nullptr);
  out["ponder"] = result.ponder ? move_json(*result.ponder) : Json(nullptr);
  out["score"] = result.score;
  out["mate"] = result.mate ? Json(*result.mate) : Json(nullptr);
  out["depth"] = result.depth;
  out["seldepth"] = result.seldepth;
  out["nodes"] = result.nodes;
  out["ms"] = result.milliseconds;
  out["pv"] = result.pv;
  return out;
}

}  // namespace koma::lib
