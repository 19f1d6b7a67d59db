// The attack tests for pieces that move to any square the other side does not protect
// (ir::AtomKind::anywhere) and for slides that jump their first squares.
#include "position.h"

namespace koma {

template <class C>
bool BasicPosition<C>::after_hops_attacked(int square, int by_side, int a, int b) const {
  if (t_->has_skips && skip_attacked(square, by_side, a, b)) return true;
  if (t_->has_reach && reach_attacked(square, by_side, a, b)) return true;
  return (t_->anywhere_attackers & present_[static_cast<std::size_t>(by_side)]) != 0 &&
         anywhere_attacked(square, by_side, b);
}

template <class C>
bool BasicPosition<C>::skip_attacked(int square, int by_side, int a, int b) const {
  const std::array<std::uint64_t, kCellCodes>& bits = t_->piece_bit[static_cast<std::size_t>(by_side)];
  const auto empty = [&](int s) { return board_[static_cast<std::size_t>(s)] == kEmpty || s == a || s == b; };
  for (const AttackSkip& sk : t_->attack_skips[by_side]) {
    if (!(sk.mask & present_[static_cast<std::size_t>(by_side)])) continue;
    // The slide part of the attacker's path is empty up to the first piece seen from `square`
    // (at `near` squares); the attacker stands there or beyond, its jumped squares between.
    int s = square - sk.offset, near = 1;
    while (empty(s)) s -= sk.offset, ++near;
    for (int d = near; d < near + sk.most_first; ++d, s -= sk.offset) {
      const Cell c = board_[static_cast<std::size_t>(s)];
      if (c == kWall) break;
      if (empty(s) || !(sk.mask & bits[c])) continue;
      const std::size_t p = static_cast<std::size_t>(cell_piece(c));
      if (d >= sk.first[p] && d - sk.first[p] < near && (sk.range[p] == 0 || d <= sk.range[p])) return true;
    }
  }
  return false;
}

template <class C>
bool BasicPosition<C>::anywhere_attacked(int square, int by_side, int ignore) const {
  for (int i = 0; i < pcount_[by_side]; ++i) {
    const int from = plist_[by_side][static_cast<std::size_t>(i)];
    if (from == square || from == ignore) continue;
    if (!(t_->anywhere_attackers & t_->piece_bit[static_cast<std::size_t>(by_side)][board_[static_cast<std::size_t>(from)]])) continue;
    // It could capture on `square`, having left `from`, unless the other side protects it.
    if (!covered(square, by_side ^ 1, from, ignore)) return true;
  }
  return false;
}

template <class C>
bool BasicPosition<C>::covered(int square, int by_side, int a, int b) const {
  if (t_->anywhere_attackers & present_[static_cast<std::size_t>(by_side)]) {
    for (int i = 0; i < pcount_[by_side]; ++i) {
      const int sq = plist_[by_side][static_cast<std::size_t>(i)];
      if (sq == square || sq == a || sq == b) continue;
      if (t_->anywhere_attackers & t_->piece_bit[static_cast<std::size_t>(by_side)][board_[static_cast<std::size_t>(sq)]]) return true;
    }
  }
  // attacked_past, but no leap from `a` or `b` either.
  const std::array<std::uint64_t, kCellCodes>& bits = t_->piece_bit[static_cast<std::size_t>(by_side)];
  for (const AttackLeap& l : t_->attack_leaps[by_side]) {
    const int s = square - l.offset;
    if (s != a && s != b && (l.mask & bits[board_[static_cast<std::size_t>(s)]])) return true;
  }
  for (const AttackSlide& sl : t_->attack_slides[by_side]) {
    int s = square - sl.offset;
    while (board_[static_cast<std::size_t>(s)] == kEmpty || s == a || s == b) s -= sl.offset;
    const Cell c = board_[static_cast<std::size_t>(s)];
    if (!(sl.mask & bits[c])) continue;
    const int range = sl.range[static_cast<std::size_t>(cell_piece(c))];
    if (range == 0 || (square - s) / sl.offset <= range) return true;
  }
  return !t_->attack_hops[by_side].empty() && hop_attacked(square, by_side, a, b);
}

// The members above at both cell widths.
template bool BasicPosition<std::uint8_t>::after_hops_attacked(int square, int by_side, int a, int b) const;
template bool BasicPosition<std::uint8_t>::skip_attacked(int square, int by_side, int a, int b) const;
template bool BasicPosition<std::uint8_t>::anywhere_attacked(int square, int by_side, int ignore) const;
template bool BasicPosition<std::uint8_t>::covered(int square, int by_side, int a, int b) const;
template bool BasicPosition<std::uint16_t>::after_hops_attacked(int square, int by_side, int a, int b) const;
template bool BasicPosition<std::uint16_t>::skip_attacked(int square, int by_side, int a, int b) const;
template bool BasicPosition<std::uint16_t>::anywhere_attacked(int square, int by_side, int ignore) const;
template bool BasicPosition<std::uint16_t>::covered(int square, int by_side, int a, int b) const;

}  // namespace koma
