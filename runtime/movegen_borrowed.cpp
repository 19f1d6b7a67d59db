// Move generation and attacks where a piece's movement depends on where it stands: it moves as
// the friendly piece directly behind it (MovementSource::friend_behind), or by the rank it
// stands on (ir::RankMovement); also where per-file limits bind board moves. Pseudo-legal moves
// by each piece's acting movement, then the check rule and the drop-mate rule tested by playing
// each move on a scratch copy, since any capture can change the movement of the piece in front
// of the captured one.
#include <algorithm>
#include <cstring>
#include <new>

#include "position.h"

namespace koma {

namespace {

/// Adds the board move(s) of `piece` from `from` to `to` (`capture`: `to` holds an enemy piece):
/// the choices the moving piece's own promotion gives, and the dead-end rule for its own face.
/// `over_limit(face, to)`: a per-file limit on moves forbids the piece to end on `to` as `face`.
template <class OverLimit>
[[gnu::always_inline]] inline void push_board_moves(const Tables& t, int us, int from, int to, int piece, bool capture, MoveList& list,
                      const OverLimit& over_limit) {
  const std::size_t p = static_cast<std::size_t>(piece);
  const std::size_t cells = static_cast<std::size_t>(t.cells);
  auto dead = [&](int face) {
    return t.dead[static_cast<std::size_t>(us)][static_cast<std::size_t>(face) * cells + static_cast<std::size_t>(to)] != 0 ||
           over_limit(face, to);
  };
  switch (t.promotion[p]) {
    case ir::Promotion::none:
      if (!dead(piece)) list.push(Move::board(from, to, false));
      return;
    case ir::Promotion::flip:
      if (!dead(t.promotes_to[p])) list.push(Move::board(from, to, true));
      return;
    case ir::Promotion::on_capture:
      if (!dead(capture ? t.promotes_to[p] : piece)) list.push(Move::board(from, to, capture));
      return;
    case ir::Promotion::optional:
    case ir::Promotion::forced: {
      const bool fz = t.zone[static_cast<std::size_t>(us)][static_cast<std::size_t>(from)] != 0;
      const bool tz = t.zone[static_cast<std::size_t>(us)][static_cast<std::size_t>(to)] != 0;
      const bool can = (tz && !fz && t.on_enter) || (tz && fz && t.on_within) || (!tz && fz && t.on_leave);
      if (can && !dead(t.promotes_to[p])) list.push(Move::board(from, to, true));
      if ((!can || t.promotion[p] == ir::Promotion::optional) && !dead(piece)) {
        list.push(Move::board(from, to, false));
      }
      return;
    }
  }
}

}  // namespace

template <class C>
typename BasicPosition<C>::Cell BasicPosition<C>::rank_cell(Cell c, int square) const {
  const std::size_t i = static_cast<std::size_t>(cell_piece(c)) * static_cast<std::size_t>(t_->cells) +
                        static_cast<std::size_t>(square);
  return make_cell(cell_side(c), t_->mover[static_cast<std::size_t>(cell_side(c))][i]);
}

template <class C>
template <bool kBorrow, bool kRank>
bool BasicPosition<C>::attacked_acting(int square, int by_side) const {
  const std::array<std::uint64_t, kCellCodes>& bits = t_->piece_bit[static_cast<std::size_t>(by_side)];
  for (const AttackLeap& a : t_->attack_leaps[by_side]) {
    if (a.mask & bits[acting_as<kBorrow, kRank>(square - a.offset)]) return true;
  }
  // Every acting type is a type the side has on the board, so `present_` still filters, unless
  // pieces move by rank (their movements there are not types).
  const std::uint64_t present = kRank ? ~std::uint64_t{0} : present_[static_cast<std::size_t>(by_side)];
  for (const AttackSlide& a : t_->attack_slides[by_side]) {
    if (!(a.mask & present)) continue;
    int s = square - a.offset;
    while (board_[static_cast<std::size_t>(s)] == kEmpty) s -= a.offset;
    const Cell c = acting_as<kBorrow, kRank>(s);
    if (!(a.mask & bits[c])) continue;
    if (!a.limited) return true;
    const int n = (square - s) / a.offset;
    const int range = a.range[static_cast<std::size_t>(cell_piece(c))];
    if (range == 0 || n <= range) return true;
  }
  for (const AttackHop& h : t_->attack_hops[by_side]) {
    if (!(h.mask & present)) continue;
    int screen = square - h.offset;
    while (board_[static_cast<std::size_t>(screen)] == kEmpty) screen -= h.offset;
    if (board_[static_cast<std::size_t>(screen)] == kWall) continue;
    int s = screen - h.offset;
    while (board_[static_cast<std::size_t>(s)] == kEmpty) s -= h.offset;
    if (hop_reaches(h, acting_as<kBorrow, kRank>(s), bits, (square - s) / h.offset, (square - screen) / h.offset)) return true;
  }
  return false;
}

template <class C>
bool BasicPosition<C>::attacked_borrowed(int square, int by_side) const {
  if (t_->borrow_behind) {
    return t_->rank_moves ? attacked_acting<true, true>(square, by_side) : attacked_acting<true, false>(square, by_side);
  }
  return t_->rank_moves ? attacked_acting<false, true>(square, by_side) : attacked_acting<false, false>(square, by_side);
}

template <class C>
template <bool kBorrow, bool kRank, bool kLimit>
void BasicPosition<C>::generate_acting(MoveList& list) const {
  const int us = side_, them = side_ ^ 1;
  MoveList pseudo;
  pseudo.reserve(t_->move_bound);
  for (int i = 0; i < pcount_[us]; ++i) {
    const int from = plist_[us][static_cast<std::size_t>(i)];
    const int piece = cell_piece(board_[static_cast<std::size_t>(from)]);
    const PieceMoves& pm = t_->moves[us][static_cast<std::size_t>(cell_piece(acting_as<kBorrow, kRank>(from)))];
    // A per-file limit on moves: a piece that ends the move as a limited face on a file that
    // did not count it before, where the file already holds the most own pieces of that face.
    auto over_limit = [&](int face, int to) {
      if constexpr (!kLimit) return false;
      const int slot = t_->file_slot[static_cast<std::size_t>(face)];
      if (slot < 0 || t_->file_limit_moves[static_cast<std::size_t>(slot)] == 0) return false;
      const int file = t_->file_of[static_cast<std::size_t>(to)];
      if (face == piece && file == t_->file_of[static_cast<std::size_t>(from)]) return false;
      return file_count_[static_cast<std::size_t>(slot)][static_cast<std::size_t>(us)][static_cast<std::size_t>(file)] >=
             t_->file_limit_moves[static_cast<std::size_t>(slot)];
    };
    // Two steps of the acting movement may reach one square: keep the first.
    int seen[kMaxCells];
    int nseen = 0;
    auto add = [&](int to, bool capture) __attribute__((always_inline)) {
      if (pm.may_repeat_target) {
        for (int k = 0; k < nseen; ++k) {
          if (seen[k] == to) return;
        }
        seen[nseen++] = to;
      }
      push_board_moves(*t_, us, from, to, piece, capture, pseudo, over_limit);
    };
    for (const Step& s : pm.leaps) {
      const int to = from + s.offset;
      const Cell d = board_[static_cast<std::size_t>(to)];
      if (d == kEmpty ? s.mode != ir::AtomMode::capture_only
                      : (is_piece(d) && cell_side(d) == them && s.mode != ir::AtomMode::move_only)) {
        add(to, d != kEmpty);
      }
    }
    for (const Step& s : pm.slides) {
      int to = from + s.offset;
      for (int n = 1;; ++n, to += s.offset) {
        const Cell d = board_[static_cast<std::size_t>(to)];
        if (d == kEmpty) {
          if (s.mode != ir::AtomMode::capture_only) add(to, false);
        } else {
          if (is_piece(d) && cell_side(d) == them && s.mode != ir::AtomMode::move_only) add(to, true);
          break;
        }
        if (n == s.range) break;
      }
    }
    for (const Step& s : pm.hops) {
      int to = from + s.offset, n = 1;
      while (board_[static_cast<std::size_t>(to)] == kEmpty) to += s.offset, ++n;
      if (board_[static_cast<std::size_t>(to)] == kWall) continue;
      for (int k = 1; s.range == 0 || n + k <= s.range; ++k) {  // k: squares over the screen
        to += s.offset;
        const Cell d = board_[static_cast<std::size_t>(to)];
        if (d == kEmpty) {
          if (s.mode != ir::AtomMode::capture_only) add(to, false);
        } else {
          if (is_piece(d) && cell_side(d) == them && s.mode != ir::AtomMode::move_only) add(to, true);
          break;
        }
        if (k == s.beyond) break;
      }
    }
  }
  if (t_->drops_enabled) {
    for (int h : t_->hand_pieces) {
      if (hand_[idx(us, h)] == 0) continue;
      for (int face : t_->drop_faces[static_cast<std::size_t>(h)]) {
        const std::size_t f = static_cast<std::size_t>(face);
        const std::uint8_t* ok = &t_->drop_ok[static_cast<std::size_t>(us)][f * static_cast<std::size_t>(t_->cells)];
        const int slot = t_->file_slot[f];
        const int file_limit = slot >= 0 ? t_->file_limit[static_cast<std::size_t>(slot)] : 0;
        for (int sq : t_->squares) {
          if (board_[static_cast<std::size_t>(sq)] != kEmpty || !ok[sq]) continue;
          if (slot >= 0 && file_count_[static_cast<std::size_t>(slot)][static_cast<std::size_t>(us)]
                                      [static_cast<std::size_t>(t_->file_of[static_cast<std::size_t>(sq)])] >= file_limit) {
            continue;
          }
          pseudo.push(Move::drop(face, sq));
        }
      }
    }
  }
  // A move may change what the other side's pieces move as (a capture), so a move that could
  // expose a royal is played on a scratch copy: it must leave the mover's royals safe where the
  // check rule protects them, and a drop of a drop-mate piece may not mate. Out of check, with
  // one royal, a drop or a non-capturing move of another piece from a square no slide line of
  // the royal passes through changes nothing the other side attacks with, and is kept at once.
  const bool guarded = check_rule_applies(static_cast<ir::Side>(us));
  const int royal = royal_count_[us] == 1 ? royal_[us] : 0;
  // Where pieces hop, any move may add or take away a screen: none is quiet.
  const bool quiet_ok = guarded && royal != 0 && !t_->has_hops && !royal_attacked_by<true>(us);
  // Read only where quiet_ok holds, so cleared only then (and only over the variant's cells).
  std::array<std::uint8_t, kMaxCells> on_line;  // NOLINT: cleared below when read
  if (quiet_ok) {
    std::memset(on_line.data(), 0, static_cast<std::size_t>(t_->cells));
    for (const AttackSlide& a : t_->attack_slides[them]) {
      for (int s = royal - a.offset; board_[static_cast<std::size_t>(s)] != kWall; s -= a.offset) {
        on_line[static_cast<std::size_t>(s)] = 1;
      }
    }
  }
  const bool mate_rule = royal_count_[them] != 0;
  const int their_royal = royal_count_[them] == 1 ? royal_[them] : 0;
  list.reserve(pseudo.size());
  // The scratch copy is made at the first move that must be played to be judged (a local
  // class, which may use the private copy).
  struct Scratch {
    explicit Scratch(const BasicPosition& p) : from(p) {}  // NOLINT: raw is left uninitialised
    Scratch(const Scratch&) = delete;
    Scratch& operator=(const Scratch&) = delete;
    const BasicPosition& from;
    alignas(BasicPosition) unsigned char raw[sizeof(BasicPosition)];
    BasicPosition* made = nullptr;
    BasicPosition& get() {
      if (made == nullptr) made = new (raw) BasicPosition(from);
      return *made;
    }
    ~Scratch() {
      if (made != nullptr) made->~BasicPosition();
    }
  } lazy(*this);
  UndoRecord undo;
  for (Move m : pseudo) {
    bool mate_test = mate_rule && m.is_drop() && t_->drop_mate[static_cast<std::size_t>(m.dropped())] != 0;
    if (mate_test && their_royal != 0 && !t_->has_hops) {
      // A drop checks by the movement the dropped piece acts with, or by the own piece in front
      // of it, which then acts as the dropped piece; a drop uncovers nothing.
      // Pieces moving by rank act by their movement on the square they stand on.
      const std::size_t cells = static_cast<std::size_t>(t_->cells);
      auto on = [&](int piece, int sq) {
        return kRank ? int{t_->mover[static_cast<std::size_t>(us)][static_cast<std::size_t>(piece) * cells +
                                                                            static_cast<std::size_t>(sq)]}
                              : piece;
      };
      const int to = m.to();
      const Cell behind = board_[static_cast<std::size_t>(to + t_->behind[us])];
      const bool borrows = kBorrow && is_piece(behind) && cell_side(behind) == us;
      const int acting = on(borrows ? cell_piece(behind) : m.dropped(), to);
      const int front = to - t_->behind[us];
      const Cell f = board_[static_cast<std::size_t>(front)];
      mate_test = gives_check_by(acting, to, us, their_royal) ||
                  (kBorrow && is_piece(f) && cell_side(f) == us &&
                   gives_check_by(on(m.dropped(), front), front, us, their_royal));
    }
    const bool quiet = quiet_ok && (m.is_drop() || (m.from() != royal && !on_line[static_cast<std::size_t>(m.from())] &&
                                                    board_[static_cast<std::size_t>(m.to())] == kEmpty));
    if ((!guarded || quiet) && !mate_test) {
      list.push(m);
      continue;
    }
    BasicPosition& scratch = lazy.get();
    scratch.do_move(m, undo);
    const bool safe = !guarded || !scratch.royal_attacked_by<true>(us);
    const bool checks = safe && mate_test && scratch.royal_attacked_by<true>(them);
    scratch.undo_move(undo);
    if (safe && !(checks && drop_mates(m))) list.push(m);
  }
}

template <class C>
void BasicPosition<C>::generate_borrowed(MoveList& list) const {
  const int rules = (t_->borrow_behind ? 4 : 0) | (t_->rank_moves ? 2 : 0) | (t_->limit_moves ? 1 : 0);
  switch (rules) {
    case 0: generate_acting<false, false, false>(list); break;
    case 1: generate_acting<false, false, true>(list); break;
    case 2: generate_acting<false, true, false>(list); break;
    case 3: generate_acting<false, true, true>(list); break;
    case 4: generate_acting<true, false, false>(list); break;
    case 5: generate_acting<true, false, true>(list); break;
    case 6: generate_acting<true, true, false>(list); break;
    default: generate_acting<true, true, true>(list); break;
  }
}

// The members above at both cell widths.
template BasicPosition<std::uint8_t>::Cell BasicPosition<std::uint8_t>::rank_cell(BasicPosition<std::uint8_t>::Cell c, int square) const;
template bool BasicPosition<std::uint8_t>::attacked_borrowed(int square, int by_side) const;
template void BasicPosition<std::uint8_t>::generate_borrowed(MoveList& list) const;
template BasicPosition<std::uint16_t>::Cell BasicPosition<std::uint16_t>::rank_cell(BasicPosition<std::uint16_t>::Cell c, int square) const;
template bool BasicPosition<std::uint16_t>::attacked_borrowed(int square, int by_side) const;
template void BasicPosition<std::uint16_t>::generate_borrowed(MoveList& list) const;

}  // namespace koma
