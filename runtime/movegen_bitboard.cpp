// The bitboard tier of the legal move generator: the same legal moves as the mailbox
// generator (movegen.cpp), found with square sets. Occupancy is gathered from the piece lists
// once per call; checkers and pins once per call from the guarded royal; each piece's targets
// are leap sets and slides to the nearest blocker; the royal's destinations are tested with
// the attack groups; drops are the empty squares minus dead squares and full files. Counting
// (perft's last ply) adds up the sets instead of listing their moves.
#include <cassert>

#include "bitboard.h"
#include "position.h"

namespace koma {

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

/// Lists the moves of each set.
struct ListSink {
  MoveList& list;
  const BitboardTables& b;
  void add(Bitboard set, int from, bool change) {
    while (set) {
      const int i = lowest(set);
      set &= set - 1;
      list.push(Move::board(from, b.cell[at(i)], change));
    }
  }
  void board(int from, Bitboard promote, Bitboard stay) {
    add(promote, from, true);
    add(stay, from, false);
  }
  void add_shifted(Bitboard set, int delta, bool change) {
    while (set) {
      const int i = lowest(set);
      set &= set - 1;
      list.push(Move::board(b.cell[at(i - delta)], b.cell[at(i)], change));
    }
  }
  /// The moves of one leap played by several pieces: each lands `delta` bit indices away.
  void leaps(int delta, Bitboard promote, Bitboard stay) {
    add_shifted(promote, delta, true);
    add_shifted(stay, delta, false);
  }
  void drops(int face, Bitboard set) {
    while (set) {
      const int i = lowest(set);
      set &= set - 1;
      list.push(Move::drop(face, b.cell[at(i)]));
    }
  }
};

/// Counts the moves of each set (`Instruction`: with the builtin, compiled where the processor's
/// popcount instruction is enabled).
template <bool Instruction>
struct CountSink {
  std::size_t n = 0;
  static std::size_t count(Bitboard b) {
    if constexpr (!Instruction) return static_cast<std::size_t>(popcount(b));
    return static_cast<std::size_t>(__builtin_popcountll(static_cast<std::uint64_t>(b)) +
                                    __builtin_popcountll(static_cast<std::uint64_t>(b >> 64)));
  }
  void board(int, Bitboard promote, Bitboard stay) { leaps(0, promote, stay); }
  void leaps(int, Bitboard promote, Bitboard stay) {
    if (promote) n += count(promote);
    if (stay) n += count(stay);
  }
  void drops(int, Bitboard set) { n += count(set); }
};

}  // namespace

/// Generates or counts the legal moves of one position with bitboards.
class BitboardGenerator {
 public:
  explicit BitboardGenerator(const Position& pos)
      : pos_(pos), t_(*pos.t_), b_(*pos.t_->bitboard), us_(pos.side_), them_(pos.side_ ^ 1) {}

  /// Whether this generator plays the position (else Position falls back to the mailbox).
  bool covers() const {
    return !(pos_.royal_count_[us_] > 1 && t_.royal_in_check == ir::RoyalInCheck::illegal);
  }

  template <class Sink>
  void run(Sink& sink) {
    gather();
    king_ = pos_.guarded_royal();
    if (king_ != 0) find_checks_and_pins();
    if (checkers_ >= 2) {
      piece_moves(king_, sink);
      return;
    }
    // The royal and pinned pieces go one by one with every check; the others play each leap
    // of their type at once and their slides piece by piece.
    const Bitboard alone = pinned_ | (king_ != 0 ? b_.bit[at(king_)] : 0);
    const Bitboard allowed = checkers_ == 1 ? targets_ : ~Bitboard{0};
    for (std::uint64_t types = pos_.present_[at(us_)]; types; types &= types - 1) {
      const int piece = __builtin_ctzll(types);
      const BitPiece& bp = b_.pieces[us_][at(piece)];
      const Bitboard all = pos_.sets_.pieces[at(make_cell(us_, piece) - 1)];
      Bitboard free = all & ~alone;
      if (bp.repeat) {
        for (Bitboard rest = all; rest; rest &= rest - 1) piece_moves(b_.cell[at(lowest(rest))], sink);
        continue;
      }
      if (free) {
        for (const BitLeap& leap : bp.leaps) leap_moves(bp, leap, free, allowed, sink);
        if (!bp.slides.empty()) {
          for (Bitboard rest = free; rest; rest &= rest - 1) slide_moves(bp, lowest(rest), allowed, sink);
        }
      }
      for (Bitboard rest = all & alone; rest; rest &= rest - 1) piece_moves(b_.cell[at(lowest(rest))], sink);
    }
    if (t_.drops_enabled) drops(sink);
  }

 private:
  Cell cell(int sq) const { return pos_.board_[at(sq)]; }
  int index(int sq) const { return b_.index[at(sq)]; }

  /// Occupancy per side (kept by Position), and the attack groups of the other side.
  void gather() {
    side_[0] = pos_.sets_.occupied[0];
    side_[1] = pos_.sets_.occupied[1];
    occ_ = side_[0] | side_[1];
    empty_ = ~occ_ & b_.all;
    land_[static_cast<std::size_t>(ir::AtomMode::move_or_capture)] = empty_ | side_[them_];
    land_[static_cast<std::size_t>(ir::AtomMode::move_only)] = empty_;
    land_[static_cast<std::size_t>(ir::AtomMode::capture_only)] = side_[them_];
    const std::uint64_t present = pos_.present_[at(them_)];
    nleap_ = 0;
    sliders_ = members(present & b_.sliders[them_]);
    for (const AttackGroup& g : b_.leap_groups[them_]) {
      if (!(g.members & present)) continue;
      leap_reach_[nleap_] = g.reach.data();
      leap_bb_[nleap_++] = members(g.members & present);
    }
  }

  /// Whether a leap of the other side attacks bit index `s`.
  bool leap_attacked(int s) const {
    for (int g = 0; g < nleap_; ++g) {
      if (leap_reach_[g][s] & leap_bb_[g]) return true;
    }
    return false;
  }

  /// Which of the squares `targets` the other side's slides attack, the squares `occ` occupied.
  Bitboard slide_attacks(Bitboard targets, Bitboard occ) const {
    Bitboard lines = 0;
    for (Bitboard rest = targets; rest; rest &= rest - 1) lines |= b_.slid_from[them_][at(lowest(rest))];
    Bitboard hit = 0;
    for (Bitboard rest = sliders_ & lines; rest; rest &= rest - 1) {
      const int s = lowest(rest);
      for (const BitSlide& slide : slider_at(s).slides) {
        if (slide.mode != ir::AtomMode::move_only && (slide.line[s] & targets)) hit |= slide.attacks(s, occ);
      }
    }
    return targets & hit;
  }

  /// How the other side's piece on bit index `s` moves.
  const BitPiece& slider_at(int s) const {
    return b_.pieces[them_][at(cell_piece(cell(b_.cell[at(s)])))];
  }

  /// The squares of the other side's pieces of the types `m`.
  Bitboard members(std::uint64_t m) const {
    Bitboard set = 0;
    for (; m; m &= m - 1) set |= pos_.sets_.pieces[at(make_cell(them_, __builtin_ctzll(m)) - 1)];
    return set;
  }

  void find_checks_and_pins() {
    const int k = index(king_);
    Bitboard leap_checkers = 0;
    for (int g = 0; g < nleap_; ++g) leap_checkers |= leap_reach_[g][k] & leap_bb_[g];
    // Each slider that sees the royal on an empty board: nothing between is a check, one piece
    // of the side to move between is a pin.
    Bitboard slide_checkers = 0, between = ~Bitboard{0};
    const Bitboard royal = b_.one[at(k)];
    for (Bitboard rest = sliders_ & b_.slid_from[them_][at(k)]; rest; rest &= rest - 1) {
      const int s = lowest(rest);
      for (const BitSlide& slide : slider_at(s).slides) {
        if (!(slide.line[s] & royal) || slide.mode == ir::AtomMode::move_only) continue;
        const Bitboard line = slide.line[s] & slide.behind[k];
        const Bitboard blockers = line & occ_;
        if (!blockers) {
          slide_checkers |= b_.one[at(s)];
          between &= line;
        } else if (!(blockers & (blockers - 1)) && (blockers & side_[us_])) {
          pinned_ |= blockers;
          assert(npins_ < kMaxPins);
          pins_[npins_++] = {lowest(blockers), line | b_.one[at(s)]};
        }
      }
    }
    const Bitboard checkers = leap_checkers | slide_checkers;
    checkers_ = popcount(checkers);
    if (checkers_ == 1) {
      const bool slide_only = !leap_checkers;
      targets_ = checkers | (slide_only ? between : 0);
      drop_targets_ = slide_only ? between : 0;
    }
  }

  /// The squares the pinned piece on bit index `s` may move to.
  Bitboard pin_line(int s) const {
    Bitboard line = ~Bitboard{0};
    for (int i = 0; i < npins_; ++i) {
      if (pins_[i].square == s) line &= pins_[i].line;
    }
    return line;
  }

  /// The destinations of a move of `mode` among the squares `a`.
  Bitboard landing(ir::AtomMode mode, Bitboard a) const { return a & land_[static_cast<std::size_t>(mode)]; }

  /// One leap of every piece of a type standing on `from` (none pinned, none the royal).
  template <class Sink>
  void leap_moves(const BitPiece& bp, const BitLeap& leap, Bitboard from, Bitboard allowed, Sink& sink) const {
    from &= leap.from;
    if (!from) return;
    switch (bp.promotion) {
      case ir::Promotion::none: {
        const Bitboard to = landing(leap.mode, shifted(from, leap.delta)) & allowed & bp.alive;
        if (to) sink.leaps(leap.delta, 0, to);
        return;
      }
      case ir::Promotion::flip: {
        const Bitboard to = landing(leap.mode, shifted(from, leap.delta)) & allowed & bp.promoted_alive;
        if (to) sink.leaps(leap.delta, to, 0);
        return;
      }
      case ir::Promotion::on_capture: {
        const Bitboard to = landing(leap.mode, shifted(from, leap.delta)) & allowed;
        if (to) sink.leaps(leap.delta, to & side_[them_] & bp.promoted_alive, to & empty_ & bp.alive);
        return;
      }
      case ir::Promotion::optional:
      case ir::Promotion::forced: {
        const Bitboard to = landing(leap.mode, shifted(from, leap.delta)) & allowed;
        if (!to) return;
        const Bitboard stay = bp.promotion == ir::Promotion::optional ? to : to & ~leap.promote;
        sink.leaps(leap.delta, to & leap.promote & bp.promoted_alive, stay & bp.alive);
        return;
      }
    }
  }

  /// Where a move from inside the zone may promote, and from outside it.
  Bitboard inside_can() const {
    const Bitboard zone = b_.zone[us_];
    return (t_.on_within ? zone : 0) | (t_.on_leave ? ~zone : 0);
  }
  Bitboard outside_can() const { return t_.on_enter ? b_.zone[us_] : 0; }

  /// The slides of the piece on bit index `s` (not pinned, not the royal).
  template <class Sink>
  void slide_moves(const BitPiece& bp, int s, Bitboard allowed, Sink& sink) const {
    Bitboard to = 0;
    for (const BitSlide& slide : bp.slides) to |= landing(slide.mode, slide.attacks(s, occ_));
    to &= allowed;
    if (to) add_board_moves(b_.cell[at(s)], s, bp, to, sink);
  }

  template <class Sink>
  void piece_moves(int from, Sink& sink) {
    const int piece = cell_piece(cell(from));
    const int s = index(from);
    const BitPiece& bp = b_.pieces[us_][at(piece)];
    const Bitboard theirs = side_[them_];
    Bitboard to = (bp.quiet[at(s)] & empty_) | (bp.take[at(s)] & theirs);
    for (const BitSlide& slide : bp.slides) {
      const Bitboard a = slide.attacks(s, occ_);
      switch (slide.mode) {
        case ir::AtomMode::move_or_capture: to |= a & (empty_ | theirs); break;
        case ir::AtomMode::move_only: to |= a & empty_; break;
        case ir::AtomMode::capture_only: to |= a & theirs; break;
      }
    }
    if (king_ != 0) {
      if (from == king_) {
        for (Bitboard rest = to; rest; rest &= rest - 1) {
          const int d = lowest(rest);
          if ((b_.leapt_from[them_][at(d)] & side_[them_]) && leap_attacked(d)) to &= ~b_.one[at(d)];
        }
        if (to) to &= ~slide_attacks(to, occ_ & ~b_.bit[at(from)]);
      } else {
        if (checkers_ == 1) to &= targets_;
        if (pinned_ & b_.one[at(s)]) to &= pin_line(s);
      }
    }
    if (to) add_board_moves(from, s, bp, to, sink);
  }

  /// The moves to the squares `to`, split into those that change face and those that do not.
  template <class Sink>
  void add_board_moves(int from, int s, const BitPiece& bp, Bitboard to, Sink& sink) const {
    switch (bp.promotion) {
      case ir::Promotion::none: sink.board(from, 0, to & bp.alive); return;
      case ir::Promotion::flip: sink.board(from, to & bp.promoted_alive, 0); return;
      case ir::Promotion::on_capture:
        sink.board(from, to & side_[them_] & bp.promoted_alive, to & empty_ & bp.alive);
        return;
      case ir::Promotion::optional:
      case ir::Promotion::forced: {
        const Bitboard zone = b_.zone[us_];
        const Bitboard can = (zone & b_.one[at(s)]) ? inside_can() : outside_can();
        const Bitboard stay = bp.promotion == ir::Promotion::optional ? to : to & ~can;
        sink.board(from, to & can & bp.promoted_alive, stay & bp.alive);
        return;
      }
    }
  }

  /// The squares from which `face` of the side to move dropped there would attack bit index
  /// `k` (a royal of the other side).
  Bitboard checking_squares(int face, int k) const {
    const BitPiece& bp = b_.pieces[us_][at(face)];
    Bitboard set = bp.reach[at(k)];
    for (int r : bp.reverse_slides) set |= b_.slide(r, k, occ_);
    return set;
  }

  /// Removes from `to` the drops of `face` that would mate against the drop-mate rule.
  Bitboard without_mates(int face, Bitboard to) const {
    const int royals = pos_.royal_count_[them_];
    Bitboard candidates = royals == 1 ? to & checking_squares(face, index(pos_.royal_[them_])) : to;
    for (; candidates; candidates &= candidates - 1) {
      const int i = lowest(candidates);
      const int sq = b_.cell[at(i)];
      if (royals != 1 && !pos_.drop_checks(face, sq, us_)) continue;
      if (pos_.drop_mates(Move::drop(face, sq))) to &= ~b_.one[at(i)];
    }
    return to;
  }

  template <class Sink>
  void drops(Sink& sink) const {
    Bitboard allowed = empty_;
    if (checkers_ == 1) allowed &= drop_targets_;
    if (!allowed) return;
    for (int h : t_.hand_pieces) {
      if (pos_.hand_[Position::idx(us_, h)] == 0) continue;
      for (int face : t_.drop_faces[at(h)]) {
        Bitboard to = allowed & b_.drop_ok[us_][at(face)];
        if (const int slot = t_.file_slot[at(face)]; slot >= 0) {
          const auto& counts = pos_.file_count_[at(slot)][at(us_)];
          const int limit = t_.file_limit[at(slot)];
          for (int f = 1; f <= t_.files; ++f) {
            if (counts[at(f)] >= limit) to &= ~b_.file[at(f)];
          }
        }
        if (to && t_.drop_mate[at(face)] != 0 && pos_.royal_count_[them_] != 0) to = without_mates(face, to);
        if (to) sink.drops(face, to);
      }
    }
  }

  struct Pin {
    int square;    ///< bit index of the pinned piece
    Bitboard line;  ///< from the royal to the pinner, the pinner included
  };
  // One pin per slide direction from the royal: Variant::load bounds the directions.
  static constexpr int kMaxPins = static_cast<int>(kMaxSlideDirections);

  const Position& pos_;
  const Tables& t_;
  const BitboardTables& b_;
  const int us_, them_;
  int king_ = 0;
  Bitboard side_[2] = {0, 0};
  Bitboard occ_ = 0, empty_ = 0;
  std::array<Bitboard, 3> land_{};  ///< per ir::AtomMode: the squares a move of that mode may end on
  const Bitboard* leap_reach_[kMaxAttackGroups];  ///< the other side's leap groups present
  Bitboard leap_bb_[kMaxAttackGroups];
  int nleap_ = 0;
  Bitboard sliders_ = 0;  ///< the other side's pieces with a taking slide
  int checkers_ = 0;
  Bitboard targets_ = 0, drop_targets_ = 0, pinned_ = 0;
  Pin pins_[kMaxPins];
  int npins_ = 0;
};

namespace {

#if defined(__x86_64__) && !defined(__POPCNT__)
/// The count of `gen`'s moves, compiled whole (flatten) with the processor's popcount
/// instruction for processors that have it, and without it for the others.
__attribute__((target("popcnt"), flatten)) std::size_t count_with_instruction(BitboardGenerator& gen) {
  CountSink<true> sink;
  gen.run(sink);
  return sink.n;
}
__attribute__((flatten)) std::size_t count_without_instruction(BitboardGenerator& gen) {
  CountSink<false> sink;
  gen.run(sink);
  return sink.n;
}
std::size_t count_moves(BitboardGenerator& gen) {
  static const bool has_popcount = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt") != 0;
  }();
  return has_popcount ? count_with_instruction(gen) : count_without_instruction(gen);
}
#else
std::size_t count_moves(BitboardGenerator& gen) {
  CountSink<true> sink;
  gen.run(sink);
  return sink.n;
}
#endif

}  // namespace

bool Position::set_tier(Tier tier) {
  if (tier == Tier::bitboard && !t_->bitboard) return false;
  if (tier == Tier::bitboard && !sets_.on) {
    // The sets were not kept on the mailbox: gathered again from the piece lists.
    sets_.clear();
    for (int side = 0; side < 2; ++side) {
      for (int i = 0; i < pcount_[side]; ++i) {
        const std::size_t sq = static_cast<std::size_t>(plist_[side][static_cast<std::size_t>(i)]);
        sets_.occupied[static_cast<std::size_t>(side)] |= bits_[sq];
        sets_.pieces[static_cast<std::size_t>(board_[sq] - 1)] |= bits_[sq];
      }
    }
  }
  sets_.on = tier == Tier::bitboard;
  return true;
}

bool Position::bitboards_ok() const {
  std::array<Bitboard, 2> occupied{};
  std::array<Bitboard, 2 * kMaxBitboardTypes> pieces{};
  for (int sq : t_->squares) {
    const Cell c = board_[static_cast<std::size_t>(sq)];
    if (!is_piece(c)) continue;
    occupied[static_cast<std::size_t>(cell_side(c))] |= bits_[sq];
    pieces[static_cast<std::size_t>(c - 1)] |= bits_[sq];
  }
  return occupied == sets_.occupied && pieces == sets_.pieces;
}

void Position::generate_bitboard(MoveList& list) const {
  BitboardGenerator gen(*this);
  if (!gen.covers()) {
    generate_guarding_all(list);
    return;
  }
  list.reserve(t_->move_bound);
  ListSink sink{list, *t_->bitboard};
  gen.run(sink);
}

std::size_t Position::count_bitboard() const {
  BitboardGenerator gen(*this);
  if (!gen.covers()) return count_guarding_all();
  return count_moves(gen);
}

}  // namespace koma
