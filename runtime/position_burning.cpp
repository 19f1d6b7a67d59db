// Burning (ir::PieceType::burns, Tenjiku shogi's Fire Demon): the pieces a move burns, taken
// back exactly from a side stack, the burns a move could make as attacks on royals, and the
// generator that marks every board move of a variant that burns.
#include <cstdlib>

#include "position.h"
#include "position_edit.h"

namespace koma {

template <class C>
void BasicPosition<C>::burn(int to, int us) {
  std::int16_t n = 0;
  const auto take = [&](int sq) {
    burned_.push_back(Burnt{static_cast<std::int16_t>(sq), board_[static_cast<std::size_t>(sq)]});
    remove<true, Sets::skip>(sq);
    ++n;
  };
  const auto enemy = [&](int sq) {
    const Cell c = board_[static_cast<std::size_t>(sq)];
    return is_piece(c) && cell_side(c) != us;
  };
  bool arrives_burnt = false;
  for (const int o : t_->neighbours) {
    const int sq = to + o;
    if (enemy(sq) && t_->burn_arrival[static_cast<std::size_t>(cell_piece(board_[static_cast<std::size_t>(sq)]))]) {
      arrives_burnt = true;
    }
  }
  if (arrives_burnt) {
    take(to);
  } else if (t_->burn_stop[static_cast<std::size_t>(cell_piece(board_[static_cast<std::size_t>(to)]))]) {
    for (const int o : t_->neighbours) {
      if (enemy(to + o)) take(to + o);
    }
  }
  burned_.push_back(Burnt{n, kEmpty});
}

template <class C>
void BasicPosition<C>::unburn() {
  put_back_burned([](Cell) {});
}

template <class C>
bool BasicPosition<C>::burn_threat(int side) const {
  const int by = side ^ 1;
  if (royal_count_[side] == 0) return false;
  const auto burns_on_stop = [&](int sq) {
    return t_->burn_stop[static_cast<std::size_t>(cell_piece(board_[static_cast<std::size_t>(sq)]))] != 0;
  };
  // Only a piece that burns, or one that can promote to such a face, may burn.
  bool any = false;
  for (int i = 0; i < pcount_[by] && !any; ++i) {
    const int sq = plist_[by][static_cast<std::size_t>(i)];
    const std::size_t piece = static_cast<std::size_t>(cell_piece(board_[static_cast<std::size_t>(sq)]));
    any = burns_on_stop(sq) || (t_->promotes_to[piece] >= 0 && t_->burn_stop[static_cast<std::size_t>(t_->promotes_to[piece])]);
  }
  if (!any) return false;
  // Within one step of a royal of `side`: a move ending there may burn it.
  const auto near_royal = [&](int to) {
    for (int i = 0; i < pcount_[side]; ++i) {
      const int sq = plist_[side][static_cast<std::size_t>(i)];
      if (!t_->royal[static_cast<std::size_t>(cell_piece(board_[static_cast<std::size_t>(sq)]))]) continue;
      const std::size_t a = static_cast<std::size_t>(sq), b = static_cast<std::size_t>(to);
      if (std::abs(t_->file_of[a] - t_->file_of[b]) <= 1 && std::abs(t_->rank_of[a] - t_->rank_of[b]) <= 1) return true;
    }
    return false;
  };
  // The other side's moves, played on a copy that has it to move: one that takes a royal of
  // `side`, by capture or by burning, attacks it.
  BasicPosition other(*this);
  other.side_ = by;
  MoveList moves;
  other.generate_special_pseudo(moves);
  const int royals = royal_count_[side];
  UndoRecord undo;
  for (const Move m : moves) {
    if (m.is_drop() || !near_royal(m.to())) continue;
    // The face it ends as burns where it stops (a piece promoting to one that burns, too).
    const int piece = cell_piece(board_[static_cast<std::size_t>(m.from())]);
    const int face = m.changes_face() ? t_->promotes_to[static_cast<std::size_t>(piece)] : piece;
    if (!t_->burn_stop[static_cast<std::size_t>(face)]) continue;
    other.do_move(other.burn_marked(m), undo);
    const bool taken = other.royal_count_[side] < royals;
    other.undo_move(undo);
    if (taken) return true;
  }
  return false;
}

template <class C>
void BasicPosition<C>::generate_burning(MoveList& list) const {
  MoveList pseudo;
  generate_special_pseudo(pseudo);
  list.reserve(pseudo.size());
  const int us = side_;
  const int royals = royal_count_[us];
  if (royals == 0 || t_->royal_in_check == ir::RoyalInCheck::legal) {
    for (const Move m : pseudo) list.push(burn_marked(m));
    return;
  }
  // Where the check rule protects the mover's royals now, no move may burn one.
  const bool keep_royals = check_rule_applies(static_cast<ir::Side>(us));
  BasicPosition scratch(*this);
  UndoRecord undo;
  for (const Move pm : pseudo) {
    const Move m = burn_marked(pm);
    scratch.do_move(m, undo);
    const bool lost = scratch.royal_count_[us] < royals;
    const bool safe = !(keep_royals && lost) &&
                      (!scratch.check_rule_applies(static_cast<ir::Side>(us)) || !scratch.royal_attacked(us));
    scratch.undo_move(undo);
    if (safe) list.push(m);
  }
}

// The members above at both cell widths.
template void BasicPosition<std::uint8_t>::burn(int to, int us);
template void BasicPosition<std::uint8_t>::unburn();
template bool BasicPosition<std::uint8_t>::burn_threat(int side) const;
template void BasicPosition<std::uint8_t>::generate_burning(MoveList& list) const;
template void BasicPosition<std::uint16_t>::burn(int to, int us);
template void BasicPosition<std::uint16_t>::unburn();
template bool BasicPosition<std::uint16_t>::burn_threat(int side) const;
template void BasicPosition<std::uint16_t>::generate_burning(MoveList& list) const;

}  // namespace koma
