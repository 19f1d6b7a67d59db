// Perft: leaf counts of the legal-move tree, split by root move, and a timed benchmark.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "move.h"
#include "position.h"

namespace koma {

/// Leaf count at `depth` (bulk-counted at the last ply). Terminal positions (checkmate, no
/// moves, bare king, a royal captured, a royal on its target ranks, the checks needed given)
/// have no children, but count as leaves at the last ply. Repetition is not applied. Checks
/// given before `pos` are read from its history. depth 0 counts 1.
std::uint64_t perft(Position& pos, int depth);
/// perft(pos, depth) without bulk counting: every leaf is made and unmade, so that the figure
/// measures do_move/undo_move too. Counts the same leaves as perft.
std::uint64_t perft_full(Position& pos, int depth);
/// perft(pos, depth) counting only the last ply in bulk, where perft counts the last two plies
/// by difference (Position::counts_two_plies): every node above the leaves has its moves
/// generated and made, so that the figure measures the move generator as engines use it. The
/// same count as perft.
std::uint64_t perft_one_ply(Position& pos, int depth);
/// perft(pos, depth) within a budget: nullopt once more than `max_nodes` nodes (positions whose
/// moves were generated, and the leaves counted at the last ply) would be needed, found out
/// after at most `max_nodes` of them. The position is left unchanged either way.
std::optional<std::uint64_t> perft_bounded(Position& pos, int depth, std::uint64_t max_nodes);
/// perft split by root move, in legal_moves() order.
std::vector<std::pair<Move, std::uint64_t>> divide(Position& pos, int depth);

/// One timed perft run.
struct BenchResult {
  std::uint64_t nodes = 0;   ///< leaves counted
  double seconds = 0.0;      ///< wall time (steady clock)
  double nodes_per_second() const { return seconds > 0 ? static_cast<double>(nodes) / seconds : 0; }
};
/// Runs perft(pos, depth) (perft_full when not `bulk`) on one thread and times it. The position
/// is left unchanged.
BenchResult bench_perft(Position& pos, int depth, bool bulk = true);

}  // namespace koma
