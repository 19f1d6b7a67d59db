// Playing and taking back the moves other than a step to an empty square, with or without a
// change of face: captures, drops, two-leg moves and the moves that change the trading rules'
// square.
#include "position.h"
#include "position_edit.h"

#include <cassert>

namespace koma {

template <class C>
template <typename BasicPosition<C>::Sets S>
void BasicPosition<C>::do_other_move(Move m, UndoRecord& undo) {
  const int us = side_;
  const int to = m.to();
  undo.captured = kEmpty;
  if (m.has_mid()) {
    do_leg_move(m, undo);
    return;
  }
  if (m.is_drop()) {
    const int piece = m.dropped();
    add_hand(us, t_->base[static_cast<std::size_t>(piece)], -1);
    put<true, S>(to, make_cell(us, piece));
  } else {
    const int from = m.from();
    const Cell moved = board_[static_cast<std::size_t>(from)];
    const Cell captured = board_[static_cast<std::size_t>(to)];
    undo.moved = moved;
    undo.captured = captured;
    if (captured != kEmpty) {
      remove<true, S>(to);
      if (const int h = t_->to_hand[static_cast<std::size_t>(cell_piece(captured))]; h >= 0) add_hand(us, h, 1);
    }
    if (m.changes_face()) {
      shift_turn<true, S>(from, to, make_cell(us, t_->promotes_to[static_cast<std::size_t>(cell_piece(moved))]));
    } else {
      shift<true, S>(from, to);
    }
  }
  side_ ^= 1;
  hash_ ^= t_->side_key;
  ++move_number_;
}

template <class C>
template <typename BasicPosition<C>::Sets S>
void BasicPosition<C>::undo_other_move(const UndoRecord& undo) {
  side_ ^= 1;
  --move_number_;
  const int us = side_;
  const Move m = undo.move;
  if (m.has_mid()) {
    undo_leg_move(undo);
    return;
  }
  const int to = m.to();
  if (m.is_drop()) {
    remove<false, S>(to);
    add_hand<false>(us, t_->base[static_cast<std::size_t>(m.dropped())], 1);
  } else {
    if (m.changes_face()) {
      shift_turn<false, S>(to, m.from(), static_cast<Cell>(undo.moved));
    } else {
      shift<false, S>(to, m.from());
    }
    if (undo.captured != kEmpty) {
      put<false, S>(to, static_cast<Cell>(undo.captured));
      if (const int h = t_->to_hand[static_cast<std::size_t>(cell_piece(undo.captured))]; h >= 0) add_hand<false>(us, h, -1);
    }
  }
  hash_ = undo.hash;
}

template void BasicPosition<std::uint8_t>::do_other_move<BasicPosition<std::uint8_t>::Sets::narrow>(Move, UndoRecord&);
template void BasicPosition<std::uint8_t>::do_other_move<BasicPosition<std::uint8_t>::Sets::wide>(Move, UndoRecord&);
template void BasicPosition<std::uint8_t>::do_other_move<BasicPosition<std::uint8_t>::Sets::skip>(Move, UndoRecord&);
template void BasicPosition<std::uint8_t>::undo_other_move<BasicPosition<std::uint8_t>::Sets::narrow>(const UndoRecord&);
template void BasicPosition<std::uint8_t>::undo_other_move<BasicPosition<std::uint8_t>::Sets::wide>(const UndoRecord&);
template void BasicPosition<std::uint8_t>::undo_other_move<BasicPosition<std::uint8_t>::Sets::skip>(const UndoRecord&);
template void BasicPosition<std::uint16_t>::do_other_move<BasicPosition<std::uint16_t>::Sets::skip>(Move, UndoRecord&);
template void BasicPosition<std::uint16_t>::undo_other_move<BasicPosition<std::uint16_t>::Sets::skip>(const UndoRecord&);

template <class C>
void BasicPosition<C>::do_leg_move(Move m, UndoRecord& undo) {
  assert(!sets_.on());  // the bitboard tier plays no two-leg or marked move: its sets are not kept
  const int us = side_;
  const bool three = m.is_three_legs();
  const int from = m.from(), mid = three ? 0 : m.mid(), to = m.to();
  const Cell moved = board_[static_cast<std::size_t>(from)];
  const bool traded = t_->traded[static_cast<std::size_t>(cell_piece(moved))] != 0;
  undo.moved = moved;
  undo.trade = static_cast<std::int16_t>(trade_);
  if (trade_ != 0) hash_ ^= t_->trade_key[static_cast<std::size_t>(trade_)];
  trade_ = 0;
  // Takes the piece on `sq`, if any, noting a traded piece taken by a piece that is not.
  const auto take = [&](int sq) {
    const Cell c = board_[static_cast<std::size_t>(sq)];
    if (c == kEmpty) return c;
    remove<true, Sets::skip>(sq);
    const int piece = cell_piece(c);
    if (const int h = t_->to_hand[static_cast<std::size_t>(piece)]; h >= 0) add_hand(us, h, 1);
    if (!traded && t_->traded[static_cast<std::size_t>(piece)]) trade_ = sq;
    return c;
  };
  remove<true, Sets::skip>(from);
  if (three) {
    // The origin, empty now, may be the second middle square.
    const std::array<int, 2> mids = middle_squares(m);
    undo.mid_captured = take(mids[0]);
    undo.mid2_captured = take(mids[1]);
  } else {
    undo.mid_captured = mid != from ? take(mid) : kEmpty;
  }
  undo.captured = to != from ? take(to) : kEmpty;
  const int piece = cell_piece(moved);
  put<true, Sets::skip>(to, m.changes_face() ? make_cell(us, t_->promotes_to[static_cast<std::size_t>(piece)]) : moved);
  // One test for the variants that do neither: a range capture removes what it passed, then
  // burning burns.
  if (t_->marks_moves) {
    if (t_->has_sweeps && mid == from) sweep(from, to, moved, us, undo.captured != kEmpty);
    if (t_->burns) burn(to, us);
  }
  if (trade_ != 0) hash_ ^= t_->trade_key[static_cast<std::size_t>(trade_)];
  side_ ^= 1;
  hash_ ^= t_->side_key;
  ++move_number_;
}

template <class C>
void BasicPosition<C>::undo_leg_move(const UndoRecord& undo) {
  // undo_move has given the move back to its side already.
  const int us = side_;
  const Move m = undo.move;
  const bool three = m.is_three_legs();
  const int from = m.from(), mid = three ? 0 : m.mid(), to = m.to();
  if (t_->marks_moves) {
    if (t_->burns) unburn();
    if (t_->has_sweeps && mid == from) unsweep(us);
  }
  remove<false, Sets::skip>(to);
  put<false, Sets::skip>(from, static_cast<Cell>(undo.moved));
  const auto give_back = [&](int sq, Cell c) {
    if (c == kEmpty) return;
    put<false, Sets::skip>(sq, c);
    if (const int h = t_->to_hand[static_cast<std::size_t>(cell_piece(c))]; h >= 0) add_hand<false>(us, h, -1);
  };
  if (to != from) give_back(to, static_cast<Cell>(undo.captured));
  if (three) {
    const std::array<int, 2> mids = middle_squares(m);
    give_back(mids[1], static_cast<Cell>(undo.mid2_captured));
    give_back(mids[0], static_cast<Cell>(undo.mid_captured));
  } else if (mid != from) {
    give_back(mid, static_cast<Cell>(undo.mid_captured));
  }
  trade_ = undo.trade;
  hash_ = undo.hash;
}

template <class C>
void BasicPosition<C>::sweep(int from, int to, Cell moved, int us, bool takes) {
  std::int16_t n = 0;
  const std::size_t piece = static_cast<std::size_t>(cell_piece(moved));
  const int own = t_->piece_rank[piece];
  for (const Step& s : t_->sweep_steps[us][piece]) {
    if (takes ? s.mode == ir::AtomMode::move_only : s.mode == ir::AtomMode::capture_only) continue;
    // Along this line, every piece before `to` of lower rank, within its range?
    int sq = from + s.offset, k = 1;
    for (; sq != to; sq += s.offset, ++k) {
      const Cell c = board_[static_cast<std::size_t>(sq)];
      if (c == kWall || (c != kEmpty && t_->piece_rank[static_cast<std::size_t>(cell_piece(c))] >= own)) break;
    }
    if (sq != to || (s.range != 0 && k > s.range)) continue;
    for (sq = from + s.offset; sq != to; sq += s.offset) {
      const Cell c = board_[static_cast<std::size_t>(sq)];
      if (c == kEmpty) continue;
      burned_.push_back(Burnt{static_cast<std::int16_t>(sq), c});
      remove<true, Sets::skip>(sq);
      if (const int h = t_->to_hand[static_cast<std::size_t>(cell_piece(c))]; h >= 0 && cell_side(c) != us) add_hand(us, h, 1);
      ++n;
    }
    break;
  }
  burned_.push_back(Burnt{n, kEmpty});
}

template <class C>
void BasicPosition<C>::unsweep(int us) {
  put_back_burned([&](Cell c) {
    if (const int h = t_->to_hand[static_cast<std::size_t>(cell_piece(c))]; h >= 0 && cell_side(c) != us) {
      add_hand<false>(us, h, -1);
    }
  });
}

// The members above at both cell widths.
template void BasicPosition<std::uint8_t>::sweep(int from, int to, std::uint8_t moved, int us, bool takes);
template void BasicPosition<std::uint8_t>::unsweep(int us);
template void BasicPosition<std::uint16_t>::sweep(int from, int to, std::uint16_t moved, int us, bool takes);
template void BasicPosition<std::uint16_t>::unsweep(int us);
template void BasicPosition<std::uint8_t>::do_leg_move(Move m, UndoRecord& undo);
template void BasicPosition<std::uint8_t>::undo_leg_move(const UndoRecord& undo);
template void BasicPosition<std::uint16_t>::do_leg_move(Move m, UndoRecord& undo);
template void BasicPosition<std::uint16_t>::undo_leg_move(const UndoRecord& undo);

}  // namespace koma
