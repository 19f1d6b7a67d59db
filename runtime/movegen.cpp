// Legal move generation: checkers and pins from the one guarded royal piece, then board moves
// per piece (leaps, slides, promotion choices), then drops, each through a cheap legality
// filter; several royals that must all stay safe go through a make-and-test filter instead.
#include <cassert>

#include "position.h"

namespace koma {

/// Generates the legal moves of one position. Staged: check and pin detection, target
/// restriction when in check (capture the checker or block a slide), board moves, drops.
template <class C>
class MoveGenerator {
 public:
  using Position = BasicPosition<C>;
  using Cell = C;
  static constexpr Cell kWall = Position::kWall;
  static constexpr Cell make_cell(int side, int piece) { return Position::make_cell(side, piece); }

  /// `king`: the one royal square the check rule guards for the side to move, or 0 to
  /// generate pseudo-legal moves (no royal, or royals that may be left attacked).
  MoveGenerator(const Position& pos, int king)
      : pos_(pos), t_(*pos.t_), us_(pos.side_), them_(pos.side_ ^ 1), king_(king) {
    if (king_ != 0) find_checks_and_pins();
  }

  void run(MoveList& list) {
    list.reserve(t_.move_bound);
    // Hops, range jumps, area moves, anywhere atoms and slides that jump their first squares are
    // compiled in only for variants that have them, which cost the others nothing.
    if (t_.has_extra_atoms) {
      run_with<true>(list);
    } else {
      run_with<false>(list);
    }
  }

  /// run() for variants with hops or anywhere atoms (kHops) or without them.
  template <bool kHops>
  void run_with(MoveList& list) {
    if (checkers_ >= 2) {
      piece_moves<kHops>(king_, list);
      return;
    }
    pos_.for_each_piece(us_, [&](int sq) { piece_moves<kHops>(sq, list); });
    if (t_.drops_enabled) drops(list);
  }

 private:
  struct Pin {
    int square, offset, pinner;
  };

  Cell at(int sq) const { return pos_.board_[static_cast<std::size_t>(sq)]; }
  bool is_theirs(Cell c) const { return is_piece(c) && cell_side(c) == them_; }
  /// The piece of cell `c` (of the other side) attacks along `a` from `n` squares away.
  bool in_range(const AttackSlide& a, Cell c, int n) const {
    const int r = a.range[static_cast<std::size_t>(cell_piece(c))];
    return (a.mask & t_.piece_bit[static_cast<std::size_t>(them_)][c]) && (r == 0 || n <= r);
  }

  void add_checker(int sq, int offset) {
    if (checkers_ == 1 && checker_ == sq) return;
    ++checkers_;
    checker_ = sq;
    checker_offset_ = offset;
  }

  /// Fills checkers_ (with the checker's square and slide direction) and pins_.
  void find_checks_and_pins() {
    const std::array<std::uint64_t, kCellCodes>& bits = t_.piece_bit[static_cast<std::size_t>(them_)];
    for (const AttackLeap& a : t_.attack_leaps[them_]) {
      const int s = king_ - a.offset;
      if (a.mask & bits[at(s)]) add_checker(s, 0);
    }
    const std::uint64_t present = pos_.present_[static_cast<std::size_t>(them_)];
    for (const AttackSlide& a : t_.attack_slides[them_]) {
      if (!(a.mask & present)) continue;
      int s = king_ - a.offset, n = 1;
      while (at(s) == kEmpty) s -= a.offset, ++n;
      const Cell c = at(s);
      if (!is_piece(c)) continue;
      if (cell_side(c) == them_) {
        if (in_range(a, c, n)) add_checker(s, a.offset);
        continue;
      }
      int s2 = s - a.offset, n2 = n + 1;
      while (at(s2) == kEmpty) s2 -= a.offset, ++n2;
      const Cell c2 = at(s2);
      if (is_theirs(c2) && in_range(a, c2, n2)) {
        assert(npins_ < kMaxPins);  // at most one pin per slide direction
        pins_[npins_++] = {s, a.offset, s2};
      }
    }
    if (checkers_ == 1) {
      targets_[ntargets_++] = checker_;
      if (checker_offset_ != 0) {
        for (int s = king_ - checker_offset_; s != checker_; s -= checker_offset_) targets_[ntargets_++] = s;
      }
    }
  }

  bool is_target(int sq) const {
    for (int i = 0; i < ntargets_; ++i) {
      if (targets_[i] == sq) return true;
    }
    return false;
  }

  /// A non-royal board move from `from` to `to` keeps the royal safe.
  bool keeps_royal_safe(int from, int to) const {
    if (checkers_ == 1 && !is_target(to)) return false;
    for (int i = 0; i < npins_; ++i) {
      if (pins_[i].square != from) continue;
      bool on_line = false;
      for (int s = king_ - pins_[i].offset;; s -= pins_[i].offset) {
        if (s == to) on_line = true;
        if (s == pins_[i].pinner || on_line) break;
      }
      if (!on_line) return false;
    }
    return true;
  }

  /// Moving `piece` to `sq` is a forbidden dead end.
  bool is_dead(int piece, int sq) const {
    return t_.dead[us_][static_cast<std::size_t>(piece) * static_cast<std::size_t>(t_.cells) +
                        static_cast<std::size_t>(sq)] != 0;
  }

  /// Adds the board move(s) from `from` to `to` for `piece`: promotion choices, flips, and
  /// the dead-end rule.
  void add_board_move(int from, int to, int piece, MoveList& list) const {
    const std::size_t p = static_cast<std::size_t>(piece);
    switch (t_.promotion[p]) {
      case ir::Promotion::none:
        if (!is_dead(piece, to)) list.push(Move::board(from, to, false));
        return;
      case ir::Promotion::flip:
        if (!is_dead(t_.promotes_to[p], to)) list.push(Move::board(from, to, true));
        return;
      case ir::Promotion::on_capture: {
        const bool capture = at(to) != kEmpty;
        if (!is_dead(capture ? t_.promotes_to[p] : piece, to)) list.push(Move::board(from, to, capture));
        return;
      }
      case ir::Promotion::optional:
      case ir::Promotion::forced: {
        const bool fz = t_.zone[us_][static_cast<std::size_t>(from)] != 0;
        const bool tz = t_.zone[us_][static_cast<std::size_t>(to)] != 0;
        const bool can = (tz && !fz && t_.on_enter) || (tz && fz && t_.on_within) || (!tz && fz && t_.on_leave);
        if (can && !is_dead(t_.promotes_to[p], to)) {
          list.push(Move::board(from, to, true));
        }
        const bool stay_allowed = !can || t_.promotion[p] == ir::Promotion::optional;
        if (stay_allowed && !is_dead(piece, to)) {
          list.push(Move::board(from, to, false));
        }
        return;
      }
    }
  }

  /// Whether a board move to `to` passes the filter; royal moves test the destination.
  bool is_legal_to(int from, int to, bool royal) const {
    if (king_ == 0) return true;
    if (royal) return !pos_.attacked(to, them_, from);
    if (checkers_ == 0 && npins_ == 0) return true;
    return keeps_royal_safe(from, to);
  }

  void try_move(int from, int to, int piece, bool royal, MoveList& list) {
    if (!is_legal_to(from, to, royal)) return;
    if (dedupe_) {
      for (int i = 0; i < nseen_; ++i) {
        if (seen_[i] == to) return;
      }
      seen_[nseen_++] = to;
    }
    add_board_move(from, to, piece, list);
  }

  template <bool kHops>
  void piece_moves(int from, MoveList& list) {
    const Cell c = at(from);
    const int piece = cell_piece(c);
    const bool royal = from == king_;
    if (checkers_ >= 2 && !royal) return;
    const PieceMoves& pm = t_.moves[us_][static_cast<std::size_t>(piece)];
    dedupe_ = pm.may_repeat_target;
    nseen_ = 0;
    for (const Step& s : pm.leaps) {
      const int to = from + s.offset;
      const Cell d = at(to);
      if (d == kEmpty ? s.mode != ir::AtomMode::capture_only
                      : (is_theirs(d) && s.mode != ir::AtomMode::move_only)) {
        try_move(from, to, piece, royal, list);
      }
    }
    for (const Step& s : pm.slides) {
      int to = from + s.offset;
      for (int n = 1;; ++n, to += s.offset) {
        const Cell d = at(to);
        if (d == kEmpty) {
          if (s.mode != ir::AtomMode::capture_only) try_move(from, to, piece, royal, list);
        } else {
          if (is_theirs(d) && s.mode != ir::AtomMode::move_only) try_move(from, to, piece, royal, list);
          break;
        }
        if (n == s.range) break;
      }
    }
    if constexpr (kHops) {
      hop_moves(from, piece, royal, pm, list);
      if (t_.reach_or_skips) {  // one test for both, so that hops alone pay one
        if (t_.has_reach) reach_moves(from, piece, royal, list);
        if (t_.has_skips) skip_moves(from, piece, royal, list);
      }
      if (pm.anywhere) anywhere_moves(from, piece, royal, pm, list);
    }
  }

  /// The slides of the piece on `from` that jump their first squares: from the nearest stop on,
  /// as a slide.
  void skip_moves(int from, int piece, bool royal, MoveList& list) {
    for (const Step& s : t_.skip_steps[us_][static_cast<std::size_t>(piece)]) {
      int to = from;
      for (int n = 1; s.range == 0 || n <= s.range; ++n) {
        to += s.offset;
        const Cell d = at(to);
        if (d == kWall) break;
        if (n < s.beyond) continue;  // jumped
        if (d == kEmpty) {
          if (s.mode != ir::AtomMode::capture_only) try_move(from, to, piece, royal, list);
        } else {
          if (is_theirs(d) && s.mode != ir::AtomMode::move_only) try_move(from, to, piece, royal, list);
          break;
        }
      }
    }
  }

  /// The range jumps and the area move of the piece on `from` (movegen_jumps.cpp).
  void reach_moves(int from, int piece, bool royal, MoveList& list) {
    int to[kMaxCells];
    const int n = pos_.reach_targets(from, piece, us_, to);
    for (int i = 0; i < n; ++i) try_move(from, to[i], piece, royal, list);
  }

  /// The anywhere moves of the piece on `from`: to every square `them_` does not protect, the
  /// square it leaves counted as empty (Position::covered), or to any empty square when
  /// PieceMoves::anywhere_open.
  void anywhere_moves(int from, int piece, bool royal, const PieceMoves& pm, MoveList& list) {
    for (int to : t_.squares) {
      const Cell d = at(to);
      const bool fits = d == kEmpty ? pm.anywhere_mode != ir::AtomMode::capture_only
                                    : is_theirs(d) && pm.anywhere_mode != ir::AtomMode::move_only;
      if (fits && ((d == kEmpty && pm.anywhere_open) || !pos_.covered(to, them_, from, from))) {
        try_move(from, to, piece, royal, list);
      }
    }
  }

  /// The hops of the piece on `from`: over the first piece along each line, then on as a slide.
  void hop_moves(int from, int piece, bool royal, const PieceMoves& pm, MoveList& list) {
    for (const Step& s : pm.hops) {
      int to = from + s.offset, n = 1;  // n: squares from the origin
      while (at(to) == kEmpty) to += s.offset, ++n;
      if (at(to) == kWall) continue;
      for (int k = 1; s.range == 0 || n + k <= s.range; ++k) {  // k: squares beyond the screen
        to += s.offset;
        const Cell d = at(to);
        if (d == kEmpty) {
          if (s.mode != ir::AtomMode::capture_only) try_move(from, to, piece, royal, list);
        } else {
          if (is_theirs(d) && s.mode != ir::AtomMode::move_only) try_move(from, to, piece, royal, list);
          break;
        }
        if (k == s.beyond) break;
      }
    }
  }

  void drops(MoveList& list) const {
    if (checkers_ == 1 && checker_offset_ == 0) return;  // a leap check cannot be blocked
    for (int h : t_.hand_pieces) {
      if (pos_.hand_[Position::idx(us_, h)] == 0) continue;
      for (int face : t_.drop_faces[static_cast<std::size_t>(h)]) {
        const std::size_t f = static_cast<std::size_t>(face);
        const std::uint8_t* ok = &t_.drop_ok[us_][f * static_cast<std::size_t>(t_.cells)];
        const int slot = t_.file_slot[f];
        const int file_limit = slot >= 0 ? t_.file_limit[static_cast<std::size_t>(slot)] : 0;
        const bool mate_rule = t_.drop_mate[f] != 0 && pos_.royal_count_[them_] != 0;
        // The files the limit closes, asked once per face rather than once per square.
        std::array<bool, kMaxBoardSide + 1> full{};
        if (slot >= 0) {
          for (int file = 1; file <= t_.files; ++file) full[static_cast<std::size_t>(file)] = pos_.file_pieces(slot, us_, file) >= file_limit;
        }
        for (int sq : t_.squares) {
          if (at(sq) != kEmpty || !ok[sq]) continue;
          if (full[static_cast<std::size_t>(t_.file_of[static_cast<std::size_t>(sq)])]) continue;
          if (checkers_ == 1 && !is_target(sq)) continue;
          const Move m = Move::drop(face, sq);
          if (mate_rule && pos_.drop_checks(face, sq, us_) && pos_.drop_mates(m)) continue;
          list.push(m);
        }
      }
    }
  }

  static constexpr int kMaxPins = static_cast<int>(kMaxSlideDirections);
  const Position& pos_;
  const Tables& t_;
  const int us_, them_, king_;
  int checkers_ = 0, checker_ = 0, checker_offset_ = 0;
  Pin pins_[kMaxPins];
  int npins_ = 0;
  int targets_[2 * kMaxBoardSide + 2];
  int ntargets_ = 0;
  bool dedupe_ = false;
  int seen_[kMaxCells];
  int nseen_ = 0;
};

template <class C>
void BasicPosition<C>::generate(MoveList& list) const {
  // The rule profile is chosen once per call: one guarded royal (or none) takes the staged
  // generator; several royals that must all stay unattacked take the filtering one; two-leg
  // moves and the trading rules take their own (movegen_legs.cpp), and so do pieces that move
  // as the piece behind them or by the rank they stand on, and per-file limits on moves. The
  // bitboard tier, when the variant has it, plays all it covers.
  if constexpr (kBitboards) {
    if (sets_.mode == BitSets::Mode::wide) {
      generate_bitboard<Bitboard128>(list);
      return;
    }
    if (sets_.mode == BitSets::Mode::narrow) {
      generate_bitboard<Bitboard64>(list);
      return;
    }
  }
  if (t_->acting) {
    generate_borrowed(list);
    return;
  }
  if (t_->special) {
    generate_special(list);
    return;
  }
  if (royal_count_[side_] > 1 && t_->royal_in_check == ir::RoyalInCheck::illegal) {
    generate_guarding_all(list);
    return;
  }
  // Hops make a variant special, so this generator never meets one here.
  MoveGenerator<C> gen(*this, guarded_royal());
  gen.template run_with<false>(list);
}

template <class C>
void BasicPosition<C>::generate_guarding_all(MoveList& list) const {
  MoveList pseudo;
  MoveGenerator<C>(*this, 0).run(pseudo);
  list.reserve(pseudo.size());
  BasicPosition scratch(*this);
  UndoRecord undo;
  for (Move m : pseudo) {
    scratch.do_move(m, undo);
    const bool safe = !scratch.royal_attacked(side_);
    scratch.undo_move(undo);
    if (safe) list.push(m);
  }
}

template <class C>
[[gnu::noinline]] std::size_t BasicPosition<C>::count_guarding_all() const {
  MoveList list;
  generate_guarding_all(list);
  return list.size();
}

template <class C>
[[gnu::noinline]] std::size_t BasicPosition<C>::count_special() const {
  MoveList list;
  generate_special(list);
  return list.size();
}

template <class C>
void BasicPosition<C>::generate_staged(MoveList& list) const { MoveGenerator<C>(*this, 0).run(list); }

template <class C>
std::size_t BasicPosition<C>::count_legal() const {
  if constexpr (kBitboards) {
    if (sets_.mode == BitSets::Mode::wide) return count_bitboard<Bitboard128>();
    if (sets_.mode == BitSets::Mode::narrow) return count_bitboard<Bitboard64>();
  }
  return count_legal_in<BitSets::Mode::off>();
}

template <class C>
template <BitSets::Mode M>
std::size_t BasicPosition<C>::count_legal_in() const {
  assert(sets_.mode == M);
  if constexpr (M == BitSets::Mode::wide) {
    return count_bitboard<Bitboard128>();
  } else if constexpr (M == BitSets::Mode::narrow) {
    return count_bitboard<Bitboard64>();
  } else {
    MoveList list;
    generate(list);
    return list.size();
  }
}

template <class C>
bool BasicPosition<C>::gives_check_by(int piece, int from, int side, int target) const {
  const PieceMoves& pm = t_->moves[side][static_cast<std::size_t>(piece)];
  for (const Step& s : pm.leaps) {
    if (from + s.offset == target && s.mode != ir::AtomMode::move_only) return true;
  }
  for (const Step& s : pm.slides) {
    if (s.mode == ir::AtomMode::move_only) continue;
    int to = from + s.offset;
    for (int n = 1;; ++n, to += s.offset) {
      if (to == target) return true;
      if (board_[static_cast<std::size_t>(to)] != kEmpty || n == s.range) break;
    }
  }
  for (const Step& s : pm.hops) {
    if (s.mode == ir::AtomMode::move_only) continue;
    int to = from + s.offset, n = 1;
    while (board_[static_cast<std::size_t>(to)] == kEmpty) to += s.offset, ++n;
    if (board_[static_cast<std::size_t>(to)] == kWall) continue;
    for (int k = 1; s.range == 0 || n + k <= s.range; ++k) {
      to += s.offset;
      if (to == target) return true;
      if (board_[static_cast<std::size_t>(to)] != kEmpty || k == s.beyond) break;
    }
  }
  if (t_->has_skips && skip_hits(piece, from, side, target)) return true;
  // A capture without moving: a first leg that takes and a second that comes back.
  for (const LegPath& l : pm.legs) {
    if (l.first + l.second == 0 && l.first_mode != ir::AtomMode::move_only && from + l.first == target) return true;
  }
  if (!t_->has_reach) return false;
  const Cell c = board_[static_cast<std::size_t>(target)];
  return reach_hits(piece, from, side, target, is_piece(c) ? t_->piece_rank[static_cast<std::size_t>(cell_piece(c))] : 0, -1, -1);
}

template <class C>
bool BasicPosition<C>::skip_hits(int piece, int from, int side, int target) const {
  for (const Step& s : t_->skip_steps[side][static_cast<std::size_t>(piece)]) {
    if (s.mode == ir::AtomMode::move_only) continue;
    int to = from;
    for (int n = 1; s.range == 0 || n <= s.range; ++n) {
      to += s.offset;
      const Cell d = board_[static_cast<std::size_t>(to)];
      if (d == kWall) break;
      if (n < s.beyond) continue;  // jumped
      if (to == target) return true;
      if (d != kEmpty) break;
    }
  }
  return false;
}

template <class C>
bool BasicPosition<C>::drop_checks(int piece, int from, int side) const {
  const int them = side ^ 1;
  if (t_->has_hops || t_->has_anywhere) {
    // A dropped piece may also check as the screen of an own hopper, or by taking away the
    // protection of a royal from a piece that moves anywhere: play it and look.
    BasicPosition scratch(*this);
    UndoRecord undo;
    scratch.do_move(Move::drop(piece, from), undo);
    return scratch.royal_attacked(them);
  }
  if (royal_count_[them] == 1) return gives_check_by(piece, from, side, royal_[them]);
  return any_piece(them, [&](int sq) {
    return t_->royal[static_cast<std::size_t>(cell_piece(board_[static_cast<std::size_t>(sq)]))] &&
           gives_check_by(piece, from, side, sq);
  });
}

template <class C>
bool BasicPosition<C>::drop_mates(Move m) const {
  const int us = side_, them = side_ ^ 1;
  BasicPosition scratch(*this);
  UndoRecord undo;
  scratch.do_move(m, undo);
  MoveList replies;
  scratch.generate(replies);
  // Under the check rule every legal reply already leaves the royals safe.
  if (scratch.check_rule_applies(static_cast<ir::Side>(them))) return replies.empty();
  // Royals may be left attacked: a reply escapes when it leaves none attacked or takes the
  // dropping side's last royal.
  for (Move r : replies) {
    UndoRecord u;
    scratch.do_move(r, u);
    const bool escaped = scratch.royal_count_[us] == 0 || !scratch.royal_attacked(them);
    scratch.undo_move(u);
    if (escaped) return false;
  }
  return true;
}

// The members above at both cell widths.
template std::size_t BasicPosition<std::uint8_t>::count_guarding_all() const;
template std::size_t BasicPosition<std::uint8_t>::count_special() const;
template std::size_t BasicPosition<std::uint16_t>::count_guarding_all() const;
template std::size_t BasicPosition<std::uint16_t>::count_special() const;
template void BasicPosition<std::uint8_t>::generate(MoveList& list) const;
template void BasicPosition<std::uint8_t>::generate_guarding_all(MoveList& list) const;
template void BasicPosition<std::uint8_t>::generate_staged(MoveList& list) const;
template std::size_t BasicPosition<std::uint8_t>::count_legal() const;
template std::size_t BasicPosition<std::uint8_t>::count_legal_in<BitSets::Mode::off>() const;
template std::size_t BasicPosition<std::uint8_t>::count_legal_in<BitSets::Mode::narrow>() const;
template std::size_t BasicPosition<std::uint8_t>::count_legal_in<BitSets::Mode::wide>() const;
template bool BasicPosition<std::uint8_t>::gives_check_by(int piece, int from, int side, int target) const;
template bool BasicPosition<std::uint8_t>::skip_hits(int piece, int from, int side, int target) const;
template bool BasicPosition<std::uint8_t>::drop_checks(int piece, int from, int side) const;
template bool BasicPosition<std::uint8_t>::drop_mates(Move m) const;
template void BasicPosition<std::uint16_t>::generate(MoveList& list) const;
template void BasicPosition<std::uint16_t>::generate_guarding_all(MoveList& list) const;
template void BasicPosition<std::uint16_t>::generate_staged(MoveList& list) const;
template std::size_t BasicPosition<std::uint16_t>::count_legal() const;
template std::size_t BasicPosition<std::uint16_t>::count_legal_in<BitSets::Mode::off>() const;
template bool BasicPosition<std::uint16_t>::gives_check_by(int piece, int from, int side, int target) const;
template bool BasicPosition<std::uint16_t>::skip_hits(int piece, int from, int side, int target) const;
template bool BasicPosition<std::uint16_t>::drop_checks(int piece, int from, int side) const;
template bool BasicPosition<std::uint16_t>::drop_mates(Move m) const;

}  // namespace koma
