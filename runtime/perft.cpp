// Perft with bulk counting at the last ply, divide by root move, and a timed benchmark.
#include "perft.h"

#include <array>
#include <chrono>

namespace koma {

namespace {

/// Leaves `depth` >= 1 plies below `pos`. `bare_rule`: the variant has a bare-king ending, read
/// once at the root so that other variants skip the bare_status() call at every node.
std::uint64_t count(Position& pos, int depth, bool bare_rule) {
  if (bare_rule && pos.bare_status()) return 0;
  MoveList list;
  pos.generate(list);
  if (depth == 1) return list.size();
  std::uint64_t nodes = 0;
  UndoRecord undo;
  for (Move m : list) {
    pos.do_move(m, undo);
    nodes += count(pos, depth - 1, bare_rule);
    pos.undo_move(undo);
  }
  return nodes;
}

/// count() for variants with endings judged on the last move (royal captured, royal reaching
/// its ranks, check given): such a position is terminal too. `checks`: per side, the checks
/// given so far, carried down because do_move keeps no history.
std::uint64_t count_judged(Position& pos, int depth, bool bare_rule, std::array<int, 2> checks) {
  if (pos.move_status(checks) || (bare_rule && pos.bare_status())) return 0;
  MoveList list;
  pos.generate(list);
  if (depth == 1) return list.size();
  const bool track_checks = pos.variant().tables().check_given.has_value();
  const auto mover = static_cast<std::size_t>(pos.side_to_move());
  std::uint64_t nodes = 0;
  UndoRecord undo;
  for (Move m : list) {
    pos.do_move(m, undo);
    std::array<int, 2> next = checks;
    if (track_checks && pos.in_check()) ++next[mover];
    nodes += count_judged(pos, depth - 1, bare_rule, next);
    pos.undo_move(undo);
  }
  return nodes;
}

}  // namespace

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  const Tables& t = pos.variant().tables();
  if (t.has_move_rules) return count_judged(pos, depth, t.has_bare_rule, pos.checks_given());
  return count(pos, depth, t.has_bare_rule);
}

std::vector<std::pair<Move, std::uint64_t>> divide(Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  if (depth <= 0 || pos.bare_status() || pos.move_status(pos.checks_given())) return out;
  for (Move m : pos.legal_moves()) {
    pos.make(m);  // with history, so that perft below counts the checks this move gives
    out.emplace_back(m, perft(pos, depth - 1));
    pos.unmake();
  }
  return out;
}

BenchResult bench_perft(Position& pos, int depth) {
  const auto start = std::chrono::steady_clock::now();
  BenchResult r;
  r.nodes = perft(pos, depth);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace koma
