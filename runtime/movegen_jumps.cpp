// Range jumps (ir::AtomKind::jump), area moves (ir::AtomKind::area), hook moves
// (ir::AtomKind::hook), range captures (ir::AtomKind::range_capture) and slides that pass
// pieces (ir::AtomKind::pass_slide): their destinations
// for the generator and their attacks for the check rule. Only variants with such pieces
// (Tables::has_reach) come here.
#include <algorithm>
#include <array>
#include <cstdlib>
#include <vector>

#include "position.h"
#include "variant_build.h"

namespace koma {

namespace {

/// The squares first met at one step of an area move: within kMaxAreaSteps king steps of the
/// origin, so at most (2 * 5 + 1)^2 of them.
using Frontier = std::array<int, 128>;
static_assert((2 * detail::kMaxAreaSteps + 1) * (2 * detail::kMaxAreaSteps + 1) <= 128);

/// The eight king steps on a mailbox of row `width`.
std::array<int, 8> king_steps(int width) {
  return {1, -1, width, -width, width + 1, width - 1, -width + 1, -width - 1};
}

}  // namespace

template <class C>
int BasicPosition<C>::reach_targets(int from, int piece, int side, int* out) const {
  const PieceMoves& pm = t_->moves[side][static_cast<std::size_t>(piece)];
  const int own = t_->piece_rank[static_cast<std::size_t>(piece)];
  int n = 0;
  // A hook mover reaches up to the whole board: its squares are marked, not searched.
  std::array<std::uint8_t, kMaxCells> listed;
  const bool hooks = !pm.hooks.empty();
  if (hooks) listed.fill(0);
  const auto add = [&](int sq) {
    if (hooks) {
      if (listed[static_cast<std::size_t>(sq)]) return;
      listed[static_cast<std::size_t>(sq)] = 1;
    } else {
      for (int i = 0; i < n; ++i) {
        if (out[i] == sq) return;
      }
    }
    out[n++] = sq;
  };
  // A slide along `step` from `sq`, to the first piece; each empty square it passes is handed
  // to `on_empty`.
  const auto ride = [&](int sq, int step, ir::AtomMode mode, auto&& on_empty) {
    for (int to = sq + step;; to += step) {
      const Cell c = board_[static_cast<std::size_t>(to)];
      if (c == kEmpty) {
        if (mode != ir::AtomMode::capture_only) add(to);
        on_empty(to);
        continue;
      }
      if (c != kWall && cell_side(c) != side && mode != ir::AtomMode::move_only) add(to);
      return;
    }
  };
  for (const HookStep& h : pm.hooks) {
    ride(from, h.first, h.mode, [&](int corner) {
      for (int turn : h.turn) ride(corner, turn, h.mode, [](int) {});
    });
  }
  for (const Step& s : pm.jumps) {
    int to = from + s.offset;
    for (int k = 1; board_[static_cast<std::size_t>(to)] != kWall && (s.range == 0 || k <= s.range); ++k, to += s.offset) {
      const Cell c = board_[static_cast<std::size_t>(to)];
      if (c == kEmpty) {
        if (s.mode != ir::AtomMode::capture_only) add(to);
        continue;
      }
      if (t_->piece_rank[static_cast<std::size_t>(cell_piece(c))] >= own) break;  // it cannot pass this one
      if (cell_side(c) != side && s.mode != ir::AtomMode::move_only) add(to);
    }
  }
  if (pm.area.range == 0) return t_->has_passing ? passing_targets(from, piece, side, out, n) : n;
  // Breadth first over empty squares: a square first met at step k is k king steps away.
  std::array<std::uint8_t, kMaxCells> seen;  // NOLINT: the board's cells are cleared below
  std::fill_n(seen.begin(), t_->cells, std::uint8_t{0});
  Frontier frontier, next;
  int nf = 1;
  frontier[0] = from;
  seen[static_cast<std::size_t>(from)] = 1;
  const std::array<int, 8> steps = king_steps(t_->width);
  for (int k = 1; k <= pm.area.range && nf > 0; ++k) {
    int nn = 0;
    for (int i = 0; i < nf; ++i) {
      for (int d : steps) {
        const int sq = frontier[static_cast<std::size_t>(i)] + d;
        const Cell c = board_[static_cast<std::size_t>(sq)];
        if (c == kWall || seen[static_cast<std::size_t>(sq)]) continue;
        seen[static_cast<std::size_t>(sq)] = 1;
        if (c == kEmpty) {
          if (pm.area.mode != ir::AtomMode::capture_only) add(sq);
          next[static_cast<std::size_t>(nn++)] = sq;
        } else if (cell_side(c) != side && pm.area.mode != ir::AtomMode::move_only) {
          add(sq);
        }
      }
    }
    std::copy_n(next.begin(), nn, frontier.begin());
    nf = nn;
  }
  return t_->has_passing ? passing_targets(from, piece, side, out, n) : n;
}

template <class C>
int BasicPosition<C>::passing_targets(int from, int piece, int side, int* out, int n) const {
  const int own = t_->piece_rank[static_cast<std::size_t>(piece)];
  const auto add = [&](int sq) {
    for (int i = 0; i < n; ++i) {
      if (out[i] == sq) return;
    }
    out[n++] = sq;
  };
  // A range capture reaches what a range jump does (it also removes the pieces it passes:
  // do_leg_move).
  for (const Step& s : t_->sweep_steps[side][static_cast<std::size_t>(piece)]) {
    int to = from + s.offset;
    for (int k = 1; board_[static_cast<std::size_t>(to)] != kWall && (s.range == 0 || k <= s.range); ++k, to += s.offset) {
      const Cell c = board_[static_cast<std::size_t>(to)];
      if (c == kEmpty) {
        if (s.mode != ir::AtomMode::capture_only) add(to);
        continue;
      }
      if (t_->piece_rank[static_cast<std::size_t>(cell_piece(c))] >= own) break;
      if (cell_side(c) != side && s.mode != ir::AtomMode::move_only) add(to);
    }
  }
  // A slide passing up to `beyond` pieces: the piece after them stops it.
  for (const Step& s : t_->pass_steps[side][static_cast<std::size_t>(piece)]) {
    int to = from + s.offset, passed = 0;
    for (int k = 1; board_[static_cast<std::size_t>(to)] != kWall && (s.range == 0 || k <= s.range); ++k, to += s.offset) {
      const Cell c = board_[static_cast<std::size_t>(to)];
      if (c == kEmpty) {
        if (s.mode != ir::AtomMode::capture_only) add(to);
        continue;
      }
      if (cell_side(c) != side && s.mode != ir::AtomMode::move_only) add(to);
      if (++passed > s.beyond) break;
    }
  }
  return n;
}

template <class C>
bool BasicPosition<C>::reach_hits(int piece, int from, int side, int target, int rank, int a, int b) const {
  const PieceMoves& pm = t_->moves[side][static_cast<std::size_t>(piece)];
  const int own = t_->piece_rank[static_cast<std::size_t>(piece)];
  const auto empty = [&](int sq) { return board_[static_cast<std::size_t>(sq)] == kEmpty || sq == a || sq == b; };
  // Range jumps, and range captures (they reach what a range jump does): along each line up to
  // the first piece of the mover's rank or above, taking the target when it ranks below.
  const auto jumps_hit = [&](const std::vector<Step>& steps) {
    for (const Step& s : steps) {
      if (s.mode == ir::AtomMode::move_only) continue;
      int to = from + s.offset;
      for (int k = 1; board_[static_cast<std::size_t>(to)] != kWall && (s.range == 0 || k <= s.range); ++k, to += s.offset) {
        if (to == target) {
          if (rank < own) return true;
          break;
        }
        if (!empty(to) && t_->piece_rank[static_cast<std::size_t>(cell_piece(board_[static_cast<std::size_t>(to)]))] >= own) break;
      }
    }
    return false;
  };
  if (jumps_hit(pm.jumps)) return true;
  if (t_->has_passing) {
    if (jumps_hit(t_->sweep_steps[side][static_cast<std::size_t>(piece)])) return true;
    for (const Step& s : t_->pass_steps[side][static_cast<std::size_t>(piece)]) {
      if (s.mode == ir::AtomMode::move_only) continue;
      int to = from + s.offset, passed = 0;
      for (int k = 1; board_[static_cast<std::size_t>(to)] != kWall && (s.range == 0 || k <= s.range); ++k, to += s.offset) {
        if (to == target) return true;
        if (!empty(to) && ++passed > s.beyond) break;
      }
    }
  }
  for (const HookStep& h : pm.hooks) {
    if (h.mode == ir::AtomMode::move_only) continue;
    for (int corner = from + h.first;; corner += h.first) {
      if (corner == target) return true;
      if (!empty(corner)) break;  // a piece, or the wall
      for (int turn : h.turn) {
        for (int to = corner + turn; board_[static_cast<std::size_t>(to)] != kWall; to += turn) {
          if (to == target) return true;
          if (!empty(to)) break;
        }
      }
    }
  }
  const int reach = pm.area.range;
  if (reach == 0 || pm.area.mode == ir::AtomMode::move_only) return false;
  const std::size_t f = static_cast<std::size_t>(from), g = static_cast<std::size_t>(target);
  const int df = std::abs(t_->file_of[f] - t_->file_of[g]), dr = std::abs(t_->rank_of[f] - t_->rank_of[g]);
  if (target == from || df > reach || dr > reach) return false;
  if (df <= 1 && dr <= 1) return true;
  // Farther: some path of empty squares to a square next to the target.
  std::array<std::uint8_t, kMaxCells> seen;  // NOLINT: the board's cells are cleared below
  std::fill_n(seen.begin(), t_->cells, std::uint8_t{0});
  Frontier frontier, next;
  int nf = 1;
  frontier[0] = from;
  seen[f] = 1;
  const std::array<int, 8> steps = king_steps(t_->width);
  for (int k = 1; k < reach && nf > 0; ++k) {
    int nn = 0;
    for (int i = 0; i < nf; ++i) {
      for (int d : steps) {
        const int sq = frontier[static_cast<std::size_t>(i)] + d;
        if (board_[static_cast<std::size_t>(sq)] == kWall || seen[static_cast<std::size_t>(sq)] || !empty(sq)) continue;
        seen[static_cast<std::size_t>(sq)] = 1;
        const std::size_t q = static_cast<std::size_t>(sq);
        if (std::abs(t_->file_of[q] - t_->file_of[g]) <= 1 && std::abs(t_->rank_of[q] - t_->rank_of[g]) <= 1) return true;
        next[static_cast<std::size_t>(nn++)] = sq;
      }
    }
    std::copy_n(next.begin(), nn, frontier.begin());
    nf = nn;
  }
  return false;
}

template <class C>
bool BasicPosition<C>::reach_attacked(int square, int by_side, int a, int b) const {
  const std::uint64_t pieces = t_->reach_pieces[by_side];
  if (!(pieces & present_[static_cast<std::size_t>(by_side)])) return false;
  const Cell mover = a >= 0 && is_piece(board_[static_cast<std::size_t>(a)]) ? board_[static_cast<std::size_t>(a)]
                                                                             : board_[static_cast<std::size_t>(square)];
  const int rank = is_piece(mover) ? t_->piece_rank[static_cast<std::size_t>(cell_piece(mover))] : 0;
  for (int i = 0; i < pcount_[by_side]; ++i) {
    const int from = plist_[by_side][static_cast<std::size_t>(i)];
    const Cell c = board_[static_cast<std::size_t>(from)];
    if (from != a && from != b && (pieces & t_->piece_bit[static_cast<std::size_t>(by_side)][c]) &&
        reach_hits(cell_piece(c), from, by_side, square, rank, a, b)) {
      return true;
    }
  }
  return false;
}

// The members above at both cell widths.
template int BasicPosition<std::uint8_t>::reach_targets(int from, int piece, int side, int* out) const;
template int BasicPosition<std::uint8_t>::passing_targets(int from, int piece, int side, int* out, int n) const;
template bool BasicPosition<std::uint8_t>::reach_hits(int piece, int from, int side, int target, int rank, int a, int b) const;
template bool BasicPosition<std::uint8_t>::reach_attacked(int square, int by_side, int a, int b) const;
template int BasicPosition<std::uint16_t>::reach_targets(int from, int piece, int side, int* out) const;
template int BasicPosition<std::uint16_t>::passing_targets(int from, int piece, int side, int* out, int n) const;
template bool BasicPosition<std::uint16_t>::reach_hits(int piece, int from, int side, int target, int rank, int a, int b) const;
template bool BasicPosition<std::uint16_t>::reach_attacked(int square, int by_side, int a, int b) const;

}  // namespace koma
