// Move generation for variants with two-leg moves or the Lion-trading rules: the staged
// generator's moves filtered by the trading rules, then every piece's two-leg moves; where the
// check rule protects the mover's royals, each move is played on a scratch copy and tested.
#include <algorithm>
#include <array>
#include <cstdlib>
#include <vector>

#include "position.h"

namespace koma {

namespace {

/// Whether two squares are at most one step apart.
bool adjacent(const Tables& t, int a, int b) {
  const std::size_t ua = static_cast<std::size_t>(a), ub = static_cast<std::size_t>(b);
  return std::abs(t.file_of[ua] - t.file_of[ub]) <= 1 && std::abs(t.rank_of[ua] - t.rank_of[ub]) <= 1;
}

}  // namespace

template <class C>
bool BasicPosition<C>::attacked_past(int square, int by_side, int a, int b) const {
  const std::array<std::uint64_t, kCellCodes>& bits = t_->piece_bit[static_cast<std::size_t>(by_side)];
  for (const AttackLeap& l : t_->attack_leaps[by_side]) {
    if (l.mask & bits[board_[static_cast<std::size_t>(square - l.offset)]]) return true;
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

template <class C>
bool BasicPosition<C>::trade_allows(int from, int mid, int to) const {
  const Cell target = board_[static_cast<std::size_t>(to)];
  if (!t_->traded[static_cast<std::size_t>(cell_piece(target))]) return true;
  const Cell mover = board_[static_cast<std::size_t>(from)];
  if (!t_->traded[static_cast<std::size_t>(cell_piece(mover))]) return trade_ == 0 || trade_ == to;
  if (adjacent(*t_, from, to)) return true;
  if (mid != 0 && !t_->minor[static_cast<std::size_t>(cell_piece(board_[static_cast<std::size_t>(mid)]))]) return true;
  return !attacked_past(to, side_ ^ 1, from, mid != 0 ? mid : from);
}

template <class C>
void BasicPosition<C>::generate_special(MoveList& list) const {
  if (t_->marks_moves) {
    generate_burning(list);
    return;
  }
  const bool guarded = royal_count_[side_] > 0 && t_->royal_in_check != ir::RoyalInCheck::legal;
  if (!guarded) {
    generate_special_pseudo(list);
    return;
  }
  MoveList pseudo;
  generate_special_pseudo(pseudo);
  list.reserve(pseudo.size());
  BasicPosition scratch(*this);
  UndoRecord undo;
  for (Move m : pseudo) {
    scratch.do_move(m, undo);
    const bool safe = !scratch.check_rule_applies(static_cast<ir::Side>(side_)) || !scratch.royal_attacked(side_);
    scratch.undo_move(undo);
    if (safe) list.push(m);
  }
}

template <class C>
inline Move BasicPosition<C>::trade_marked(Move m) const {
  if (!t_->has_trade || m.is_drop() || m.has_mid()) return m;
  const Cell target = board_[static_cast<std::size_t>(m.to())];
  const bool takes_traded = is_piece(target) && t_->traded[static_cast<std::size_t>(cell_piece(target))] &&
                            !t_->traded[static_cast<std::size_t>(cell_piece(board_[static_cast<std::size_t>(m.from())]))];
  if (trade_ == 0 && !takes_traded) return m;
  return Move::legs(m.from(), m.from(), m.to(), m.changes_face());
}

// Inline: generate_special_pseudo's two filters (with and without promotion by capturing) are
// its only callers, and the one without folds `by` away.
template <class C>
[[gnu::always_inline]] inline bool BasicPosition<C>::extra_promotion(Move m, ir::CapturePromotion by) const {
  const std::size_t from = static_cast<std::size_t>(m.from()), to = static_cast<std::size_t>(m.to());
  const int piece = cell_piece(board_[from]);
  if (!ir::promotes_one_way(t_->promotion[static_cast<std::size_t>(piece)])) return false;
  const bool fz = t_->zone[side_][from] != 0, tz = t_->zone[side_][to] != 0;
  // The zone rules have offered this promotion already.
  if ((tz && !fz && t_->on_enter) || (tz && fz && t_->on_within) || (!tz && fz && t_->on_leave)) return false;
  if (t_->on_capture && (fz || tz) && board_[to] != kEmpty) return true;
  if (by != ir::CapturePromotion::none) return true;
  return t_->last_rank_piece[static_cast<std::size_t>(piece)] && t_->far_rank[side_][to];
}

template <class C>
ir::CapturePromotion BasicPosition<C>::by_capture(int piece, int to) const {
  if (!t_->capture_promotion) return ir::CapturePromotion::none;
  const Cell c = board_[static_cast<std::size_t>(to)];
  if (!is_piece(c) || cell_side(c) == side_) return ir::CapturePromotion::none;
  const std::size_t p = static_cast<std::size_t>(piece);
  const std::size_t q = static_cast<std::size_t>(cell_piece(c));
  return (t_->by_capture_of[p][q / 64] >> (q % 64) & 1) ? t_->by_capture[p] : ir::CapturePromotion::none;
}

template <class C>
void BasicPosition<C>::push_leg_move(Move move, std::array<int, 2> taken, MoveList& list) const {
  const int piece = cell_piece(board_[static_cast<std::size_t>(move.from())]);
  const int to = move.to();
  // The strongest rule any taken piece earns: `must` outweighs `may`.
  ir::CapturePromotion rule = ir::CapturePromotion::none;
  for (int sq : {taken[0], taken[1], to == move.from() || to == taken[0] || to == taken[1] ? 0 : to}) {
    if (sq == 0 || rule == ir::CapturePromotion::must) continue;
    const ir::CapturePromotion earned = by_capture(piece, sq);
    if (earned != ir::CapturePromotion::none) rule = earned;
  }
  if (rule != ir::CapturePromotion::none) list.push(move.changing_face());
  if (rule != ir::CapturePromotion::must) list.push(move);
}

template <class C>
void BasicPosition<C>::push_promoting_leg_move(Move move, std::array<int, 2> taken, MoveList& list) const {
  const int from = move.from(), to = move.to();
  const std::size_t f = static_cast<std::size_t>(from), t = static_cast<std::size_t>(to);
  const int piece = cell_piece(board_[f]);
  const std::size_t p = static_cast<std::size_t>(piece);
  const bool takes = taken[0] != 0 || (to != from && board_[t] != kEmpty);
  // Judged as a plain move from the origin to the last square; a pass never promotes.
  const bool fz = t_->zone[side_][f] != 0, tz = t_->zone[side_][t] != 0;
  bool can = (to != from || takes) &&
             ((tz && !fz && t_->on_enter) || (tz && fz && t_->on_within) || (!tz && fz && t_->on_leave));
  ir::CapturePromotion by = ir::CapturePromotion::none;
  for (int sq : {taken[0], taken[1], to == from || to == taken[0] || to == taken[1] ? 0 : to}) {
    if (sq == 0 || by == ir::CapturePromotion::must) continue;
    const ir::CapturePromotion earned = by_capture(piece, sq);
    if (earned != ir::CapturePromotion::none) by = earned;
  }
  const bool extra = (t_->on_capture && takes && (fz || tz)) || by != ir::CapturePromotion::none ||
                     (t_->last_rank_piece[p] && t_->far_rank[side_][t] && to != from);
  const bool must = by == ir::CapturePromotion::must || ((can || extra) && t_->promotion[p] == ir::Promotion::forced);
  can = can || extra;
  const auto dead = [&](int face) {
    return t_->dead[side_][static_cast<std::size_t>(face) * static_cast<std::size_t>(t_->cells) + t] != 0;
  };
  if (can && !dead(t_->promotes_to[p])) list.push(move.changing_face());
  if (!must && !dead(piece)) list.push(move);
}

template <class C>
void BasicPosition<C>::generate_special_pseudo(MoveList& list) const {
  MoveList staged;
  generate_staged(staged);
  // Each staged move, perhaps with an extra promotion, then up to two moves per two-leg path.
  list.reserve(2 * staged.size() + 2 * t_->most_legs * static_cast<std::size_t>(pcount_[side_]));
  // The staged moves with the trading rules and the extra promotions, compiled once with
  // promotion by capturing and once without, so that the variants without it pay nothing.
  const auto filter = [&]<bool kByCapture>() {
    for (Move m : staged) {
      if (m.is_drop()) {
        list.push(m);
        continue;
      }
      if (t_->has_trade && is_piece(board_[static_cast<std::size_t>(m.to())]) && !trade_allows(m.from(), 0, m.to())) {
        continue;
      }
      if (t_->extra_promotion && !m.changes_face()) {
        const int piece = cell_piece(board_[static_cast<std::size_t>(m.from())]);
        const ir::CapturePromotion by = kByCapture ? by_capture(piece, m.to()) : ir::CapturePromotion::none;
        const bool must = by == ir::CapturePromotion::must;
        if (extra_promotion(m, by)) {
          const int face = t_->promotes_to[static_cast<std::size_t>(piece)];
          if (t_->dead[side_][static_cast<std::size_t>(face) * static_cast<std::size_t>(t_->cells) +
                                   static_cast<std::size_t>(m.to())] == 0) {
            list.push(trade_marked(Move::board(m.from(), m.to(), true)));
          }
          if (must || t_->promotion[static_cast<std::size_t>(piece)] == ir::Promotion::forced) continue;
        } else if (must) {
          continue;  // the zone rules offered the promotion; this capture makes it compulsory
        }
      }
      list.push(trade_marked(m));
    }
  };
  if (t_->capture_promotion) {
    filter.template operator()<true>();
  } else {
    filter.template operator()<false>();
  }
  if (!t_->has_legs) return;
  const int us = side_;
  const auto usable = [us](Cell c, ir::AtomMode mode) {
    if (c == kEmpty) return mode != ir::AtomMode::capture_only;
    return c != kWall && cell_side(c) != us && mode != ir::AtomMode::move_only;
  };
  int seen[kMaxCells];
  for (int i = 0; i < pcount_[us]; ++i) {
    const int from = plist_[us][static_cast<std::size_t>(i)];
    const PieceMoves& pm = t_->moves[us][static_cast<std::size_t>(cell_piece(board_[static_cast<std::size_t>(from)]))];
    bool passed = false;
    int nseen = 0;
    for (const LegPath& path : pm.legs) {
      const int mid = from + path.first;
      const Cell mc = board_[static_cast<std::size_t>(mid)];
      if (!usable(mc, path.first_mode)) continue;
      const bool takes_first = mc != kEmpty;
      if (takes_first && t_->has_trade && !trade_allows(from, 0, mid)) continue;
      const int to = mid + path.second;
      const Cell dc = to == from ? kEmpty : board_[static_cast<std::size_t>(to)];
      if (!usable(dc, path.second_mode)) continue;
      if (dc != kEmpty && t_->has_trade && !trade_allows(from, takes_first ? mid : 0, to)) continue;
      if (takes_first) {
        if (pm.legs_promote) {
          push_promoting_leg_move(Move::legs(from, mid, to, false), {mid, 0}, list);
        } else if (t_->capture_promotion) {
          push_leg_move(Move::legs(from, mid, to, false), {mid, 0}, list);
        } else {
          list.push(Move::legs(from, mid, to, false));
        }
      } else if (to == from) {
        // A pass: one per piece, whichever empty square it steps out to.
        if (!passed) list.push(Move::legs(from, mid, from, false));
        passed = true;
      } else if (!path.plain) {
        // Nothing taken on the way: a plain move to `to`, listed once.
        bool dup = false;
        for (int k = 0; k < nseen && !dup; ++k) dup = seen[k] == to;
        if (dup) continue;
        seen[nseen++] = to;
        if (pm.legs_promote) {
          push_promoting_leg_move(trade_marked(Move::board(from, to, false)), {0, 0}, list);
        } else {
          list.push(trade_marked(Move::board(from, to, false)));
        }
      }
    }
  }
  if (t_->has_legs3) generate_three_legs(list);
}

// A three-leg move takes on one or both middle squares (taking on neither, or only where it
// ends, it is a leap or the pass, listed already). Moves that take the same pieces and end on the same square are one
// move: each is listed once, and not at all when a two-leg move of the piece is it. A move
// taking on one middle square next to the origin is written as the two-leg move through it;
// one taking on two, or on one two steps away, as a three-leg move.
template <class C>
void BasicPosition<C>::generate_three_legs(MoveList& list) const {
  const int us = side_;
  const auto usable = [us](Cell c, ir::AtomMode mode) {
    if (c == kEmpty) return mode != ir::AtomMode::capture_only;
    return c != kWall && cell_side(c) != us && mode != ir::AtomMode::move_only;
  };
  // The effect of a move: its last square and the squares it takes on the way.
  const auto key = [](int to, std::array<int, 2> taken) {
    const auto [lo, hi] = std::minmax(taken[0], taken[1]);
    return static_cast<std::uint64_t>(to) | static_cast<std::uint64_t>(lo) << 11 | static_cast<std::uint64_t>(hi) << 22;
  };
  struct Found {
    std::uint64_t key;
    Move move;
    std::array<int, 2> taken;
  };
  std::vector<Found> found;
  std::vector<std::uint64_t> listed;
  for (int i = 0; i < pcount_[us]; ++i) {
    const int from = plist_[us][static_cast<std::size_t>(i)];
    const PieceMoves& pm = t_->moves[us][static_cast<std::size_t>(cell_piece(board_[static_cast<std::size_t>(from)]))];
    if (pm.legs3.empty()) continue;
    // What the piece's two-leg moves took (generate_special_pseudo listed them).
    listed.clear();
    for (const LegPath& path : pm.legs) {
      const int mid = from + path.first;
      const Cell mc = board_[static_cast<std::size_t>(mid)];
      if (mc == kEmpty || !usable(mc, path.first_mode)) continue;
      const int to = mid + path.second;
      if (!usable(to == from ? kEmpty : board_[static_cast<std::size_t>(to)], path.second_mode)) continue;
      listed.push_back(key(to, {mid, 0}));
    }
    std::sort(listed.begin(), listed.end());
    found.clear();
    for (const LegPath3& path : pm.legs3) {
      const int m1 = from + path.first;
      const Cell c1 = board_[static_cast<std::size_t>(m1)];
      if (!usable(c1, path.modes[0])) continue;
      const int m2 = m1 + path.second;
      const Cell c2 = m2 == from ? kEmpty : board_[static_cast<std::size_t>(m2)];
      if (!usable(c2, path.modes[1])) continue;
      const int to = m2 + path.third;
      // The origin and the first middle square are empty by then.
      if (!usable(to == from || to == m1 ? kEmpty : board_[static_cast<std::size_t>(to)], path.modes[2])) continue;
      // A piece taken on the way where the move ends is taken there, as by a plain move.
      const bool t1 = c1 != kEmpty && m1 != to, t2 = c2 != kEmpty;
      if (!t1 && !t2) continue;
      const std::array<int, 2> taken = t1 ? std::array<int, 2>{m1, t2 ? m2 : 0} : std::array<int, 2>{m2, 0};
      const Move move = !t2                               ? Move::legs(from, m1, to, false)
                        : !t1 && adjacent(*t_, from, m2) ? Move::legs(from, m2, to, false)
                                                          : Move::legs3(from, path.first_dir, path.second_dir, to, false);
      found.push_back(Found{key(to, taken), move, taken});
    }
    std::sort(found.begin(), found.end(), [](const Found& a, const Found& b) {
      return a.key != b.key ? a.key < b.key : a.move < b.move;
    });
    list.reserve(2 * found.size());
    for (std::size_t k = 0; k < found.size(); ++k) {
      const Found& f = found[k];
      if ((k > 0 && found[k - 1].key == f.key) || std::binary_search(listed.begin(), listed.end(), f.key)) continue;
      if (pm.legs_promote) {
        push_promoting_leg_move(f.move, f.taken, list);
      } else if (t_->capture_promotion) {
        push_leg_move(f.move, f.taken, list);
      } else {
        list.push(f.move);
      }
    }
  }
}

// The members above at both cell widths.
template bool BasicPosition<std::uint8_t>::attacked_past(int square, int by_side, int a, int b) const;
template bool BasicPosition<std::uint8_t>::trade_allows(int from, int mid, int to) const;
template void BasicPosition<std::uint8_t>::generate_special(MoveList& list) const;
template ir::CapturePromotion BasicPosition<std::uint8_t>::by_capture(int piece, int to) const;
template void BasicPosition<std::uint8_t>::push_leg_move(Move move, std::array<int, 2> taken, MoveList& list) const;
template void BasicPosition<std::uint8_t>::push_promoting_leg_move(Move move, std::array<int, 2> taken, MoveList& list) const;
template void BasicPosition<std::uint8_t>::generate_three_legs(MoveList& list) const;
template void BasicPosition<std::uint8_t>::generate_special_pseudo(MoveList& list) const;
template bool BasicPosition<std::uint16_t>::attacked_past(int square, int by_side, int a, int b) const;
template bool BasicPosition<std::uint16_t>::trade_allows(int from, int mid, int to) const;
template void BasicPosition<std::uint16_t>::generate_special(MoveList& list) const;
template ir::CapturePromotion BasicPosition<std::uint16_t>::by_capture(int piece, int to) const;
template void BasicPosition<std::uint16_t>::push_leg_move(Move move, std::array<int, 2> taken, MoveList& list) const;
template void BasicPosition<std::uint16_t>::push_promoting_leg_move(Move move, std::array<int, 2> taken, MoveList& list) const;
template void BasicPosition<std::uint16_t>::generate_three_legs(MoveList& list) const;
template void BasicPosition<std::uint16_t>::generate_special_pseudo(MoveList& list) const;

}  // namespace koma
