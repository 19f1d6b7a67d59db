// Playing and taking back two-leg moves, and the moves that change the trading rules' square.
#include "position.h"

namespace koma {

void Position::do_leg_move(Move m, UndoRecord& undo) {
  const int us = side_;
  const int from = m.from(), mid = m.mid(), to = m.to();
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
    remove(sq);
    const int piece = cell_piece(c);
    if (const int h = t_->to_hand[static_cast<std::size_t>(piece)]; h >= 0) add_hand(us, h, 1);
    if (!traded && t_->traded[static_cast<std::size_t>(piece)]) trade_ = sq;
    return c;
  };
  remove(from);
  undo.mid_captured = mid != from ? take(mid) : kEmpty;
  undo.captured = to != from ? take(to) : kEmpty;
  const int piece = cell_piece(moved);
  put(to, m.changes_face() ? make_cell(us, t_->promotes_to[static_cast<std::size_t>(piece)]) : moved);
  if (trade_ != 0) hash_ ^= t_->trade_key[static_cast<std::size_t>(trade_)];
  side_ ^= 1;
  hash_ ^= t_->side_key;
  ++move_number_;
}

void Position::undo_leg_move(const UndoRecord& undo) {
  // undo_move has given the move back to its side already.
  const int us = side_;
  const Move m = undo.move;
  const int from = m.from(), mid = m.mid(), to = m.to();
  remove(to);
  put(from, undo.moved);
  const auto give_back = [&](int sq, Cell c) {
    if (c == kEmpty) return;
    put(sq, c);
    if (const int h = t_->to_hand[static_cast<std::size_t>(cell_piece(c))]; h >= 0) add_hand(us, h, -1);
  };
  if (to != from) give_back(to, undo.captured);
  if (mid != from) give_back(mid, undo.mid_captured);
  trade_ = undo.trade;
  hash_ = undo.hash;
}

}  // namespace koma
