// The guarded bare-king ending (EndRule::guarded): a lone royal loses only to a side with a
// safe royal and pieces that count, and two lone royals draw.
#include <cstdlib>

#include "position.h"

namespace koma {

template <class C>
std::optional<GameStatus> BasicPosition<C>::guarded_bare_status() const {
  const Tables& t = *t_;
  const std::size_t cells = static_cast<std::size_t>(t.cells);
  // Per side: pieces other than royals that can still move; of those, the ones that count for
  // baring (not weak), and whether one of these or the royal stands next to `near`.
  struct Count {
    int movable = 0, strong = 0;
  };
  const auto count = [&](int side) {
    Count c;
    for_each_piece(side, [&](int sq) {
      const std::size_t piece = static_cast<std::size_t>(cell_piece(board_[static_cast<std::size_t>(sq)]));
      if (t.royal[piece] || t.stuck[side][piece * cells + static_cast<std::size_t>(sq)]) return;
      ++c.movable;
      if (!t.bare_weak[piece]) ++c.strong;
    });
    return c;
  };
  const auto next_to = [&](int a, int b) {
    const std::size_t ua = static_cast<std::size_t>(a), ub = static_cast<std::size_t>(b);
    return std::abs(t.file_of[ua] - t.file_of[ub]) <= 1 && std::abs(t.rank_of[ua] - t.rank_of[ub]) <= 1;
  };
  if (royal_count_[0] != 1 || royal_count_[1] != 1) return std::nullopt;
  const Count counts[2] = {count(0), count(1)};
  // `bared`'s lone royal against `by`'s.
  const auto is_bared = [&](int bared, int by) {
    if (counts[bared].movable != 0 || counts[by].strong == 0 || attacked(royal_[by], bared)) return false;
    if (counts[by].strong >= 2) return true;
    if (next_to(royal_[by], royal_[bared])) return false;
    return !any_piece(by, [&](int sq) {
      const std::size_t piece = static_cast<std::size_t>(cell_piece(board_[static_cast<std::size_t>(sq)]));
      if (t.royal[piece] || t.bare_weak[piece] || t.stuck[by][piece * cells + static_cast<std::size_t>(sq)]) return false;
      return next_to(sq, royal_[bared]);
    });
  };
  GameStatus s;
  s.ended = true;
  s.rule = ir::EndKind::bare_king;
  // Only the side to move is judged bare: a side that has just bared the other still lets it
  // move first, and one that has bared itself is judged on its next turn.
  if (is_bared(side_, side_ ^ 1)) {
    s.outcome = t.bare_outcome;
    if (s.outcome == ir::Outcome::loss) s.winner = static_cast<ir::Side>(side_ ^ 1);
    if (s.outcome == ir::Outcome::win) s.winner = static_cast<ir::Side>(side_);
    return s;
  }
  if (counts[0].movable == 0 && counts[1].movable == 0 && !attacked(royal_[0], 1) && !attacked(royal_[1], 0)) {
    s.outcome = ir::Outcome::draw;
    return s;
  }
  return std::nullopt;
}

// The members above at both cell widths.
template std::optional<GameStatus> BasicPosition<std::uint8_t>::guarded_bare_status() const;
template std::optional<GameStatus> BasicPosition<std::uint16_t>::guarded_bare_status() const;

}  // namespace koma
