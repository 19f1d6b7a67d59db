// Perft with bulk counting at the last ply, divide by root move, and a timed benchmark.
#include "perft.h"

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

}  // namespace

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  return count(pos, depth, pos.variant().tables().has_bare_rule);
}

std::vector<std::pair<Move, std::uint64_t>> divide(Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  if (depth <= 0 || pos.bare_status()) return out;
  for (Move m : pos.legal_moves()) {
    UndoRecord undo;
    pos.do_move(m, undo);
    out.emplace_back(m, perft(pos, depth - 1));
    pos.undo_move(undo);
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
