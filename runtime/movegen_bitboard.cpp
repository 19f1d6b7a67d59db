// The bitboard tier of the legal move generator: the same legal moves as the mailbox
// generator (movegen.cpp), found with square sets. Occupancy is read from the position's sets
// (the tier keeps no piece lists) once per call; checkers and pins once per call from the
// guarded royal; each piece's targets are leap sets and slides to the nearest blocker; the
// royal's destinations are tested by asking the other side's pieces standing where a leap may
// come from; drops are the empty squares minus dead squares and full files. Counting (perft's
// last ply) adds up the sets instead of listing their moves.
#include <cassert>

#include "bitboard.h"
#include "position.h"

namespace koma {

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

/// Lists the moves of each set (`Lookup`: slides looked up with PEXT, compiled where BMI2 is).
template <class Bitboard, bool Lookup = false>
struct ListSink {
  static constexpr bool counts = false;  ///< lists the moves, in the generator's order
  static constexpr bool lookup = Lookup;
  MoveList& list;
  const BitTables<Bitboard>& b;
  void add(Bitboard set, int from, bool change) {
    for_each_square(set, [&](int i) { list.push(Move::board(from, b.cell[at(i)], change)); });
  }
  void board(int from, Bitboard promote, Bitboard stay) {
    add(promote, from, true);
    add(stay, from, false);
  }
  void add_shifted(Bitboard set, int delta, bool change) {
    for_each_square(set, [&](int i) { list.push(Move::board(b.cell[at(i - delta)], b.cell[at(i)], change)); });
  }
  /// The moves of one leap played by several pieces: each lands `delta` bit indices away.
  void leaps(int delta, Bitboard promote, Bitboard stay) {
    add_shifted(promote, delta, true);
    add_shifted(stay, delta, false);
  }
  void drops(int face, Bitboard set) {
    for_each_square(set, [&](int i) { list.push(Move::drop(face, b.cell[at(i)])); });
  }
};

/// Counts the moves of each set (`Instruction`: with the builtin, compiled where the processor's
/// popcount instruction is enabled; `Lookup`: slides looked up with PEXT, compiled where BMI2 is).
template <bool Instruction, class Bitboard, bool Lookup = false>
struct CountSink {
  static constexpr bool counts = true;  ///< any order will do
  static constexpr bool lookup = Lookup;
  std::size_t n = 0;
  static std::size_t count(Bitboard b) {
    if constexpr (!Instruction) {
      return static_cast<std::size_t>(popcount(b));
    } else if constexpr (sizeof(Bitboard) == sizeof(std::uint64_t)) {
      return static_cast<std::size_t>(__builtin_popcountll(b));
    } else {
      return static_cast<std::size_t>(__builtin_popcountll(static_cast<std::uint64_t>(b)) +
                                      __builtin_popcountll(static_cast<std::uint64_t>(b >> 64)));
    }
  }
  void board(int, Bitboard promote, Bitboard stay) { leaps(0, promote, stay); }
  void leaps(int, Bitboard promote, Bitboard stay) { n += count(promote) + count(stay); }
  void drops(int, Bitboard set) { n += count(set); }
};

}  // namespace

/// Generates or counts the legal moves of one position with bitboards of the type `Bitboard`
/// (the width of the variant's tables).
template <class Bitboard>
class BitboardGenerator {
 public:
  /// The bitboard tier plays one-byte cells only (a variant of more types has no tables).
  using Position = BasicPosition<std::uint8_t>;
  using Cell = Position::Cell;
  static constexpr Cell kWall = Position::kWall;
  static constexpr Cell make_cell(int side, int piece) { return Position::make_cell(side, piece); }

  explicit BitboardGenerator(const Position& pos)
      : pos_(pos), t_(*pos.t_), b_(pos.t_->bitboard->of<Bitboard>()), us_(pos.side_), them_(pos.side_ ^ 1) {}

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
    // The royal and pinned pieces go one by one with every check; the others as their type's
    // plan says (BitPlan): a few leaps each played by the whole type at once, slides and
    // many leaps piece by piece.
    const Bitboard alone = pinned_ | (king_ != 0 ? b_.bit[at(king_)] : 0);
    const Bitboard allowed = checkers_ == 1 ? targets_ : ~Bitboard{0};
    // Counting: the royal and the pinned pieces first, whatever their types, so that the loop
    // over the types below asks nothing more of them.
    if constexpr (Sink::counts) {
      for_each_square(alone, [&](int s) { piece_moves(b_.cell[at(s)], sink); });
    }
    // The set of our piece `p` is ours[2 * p] (the cell make_cell(us_, p) less one).
    const Bitboard* ours = sets().pieces.data() + us_;
    const BitPiece<Bitboard>* pieces = b_.pieces[us_].data();
    std::uint64_t types = pos_.present_[at(us_)];
    // Counting: with a guarded royal (the side's one royal piece, counted above) the royal
    // types have nothing left to count.
    if constexpr (Sink::counts) {
      if (king_ != 0) types &= ~b_.royals;
    }
    for (; types; types &= types - 1) {
      const int piece = __builtin_ctzll(types);
      const BitPiece<Bitboard>& bp = pieces[piece];
      const Bitboard all = ours[2 * at(piece)];
      const Bitboard free = all & ~alone;
      if (free) {
        switch (bp.plan) {
          case BitPlan::leaps:
            for (const BitLeap<Bitboard>& leap : bp.leaps) leap_moves(bp, leap, free, allowed, sink);
            break;
          case BitPlan::slides: for_each_square(free, [&](int s) { slide_moves(bp, s, allowed, sink); }); break;
          case BitPlan::steps:
            if constexpr (Sink::counts) {
              const Bitboard land = landing(ir::AtomMode::move_or_capture, allowed);
              for_each_square(free, [&](int s) { sink.leaps(0, bp.take_change[at(s)] & land, bp.take_keep[at(s)] & land); });
            } else {
              for_each_square(free, [&](int s) { step_moves(bp, s, allowed, sink); });
            }
            break;
          case BitPlan::pieces: for_each_square(free, [&](int s) { free_piece_moves(bp, s, allowed, sink); }); break;
          case BitPlan::repeat:
            // Piece by piece through the checks of piece_moves; listing, the royal and pinned
            // pieces of the type too.
            if constexpr (Sink::counts) for_each_square(free, [&](int s) { piece_moves(b_.cell[at(s)], sink); });
            break;
          default: __builtin_unreachable();  // a BitPlan, set at load
        }
      }
      if constexpr (!Sink::counts) {
        for_each_square(bp.plan == BitPlan::repeat ? all : all & alone, [&](int s) { piece_moves(b_.cell[at(s)], sink); });
      }
    }
    if (t_.drops_enabled) drops(sink);
  }

 private:
  Cell cell(int sq) const { return pos_.board_[at(sq)]; }
  /// The position's sets at this width.
  const SetArrays<Bitboard>& sets() const { return pos_.sets_.of<Bitboard>(); }
  int index(int sq) const { return b_.index[at(sq)]; }

  /// Occupancy per side (kept by Position) and the other side's sliders.
  void gather() {
    side_[0] = sets().occupied[0];
    side_[1] = sets().occupied[1];
    occ_ = side_[0] | side_[1];
    empty_ = ~occ_ & b_.all;
    land_[static_cast<std::size_t>(ir::AtomMode::move_or_capture)] = empty_ | side_[them_];
    land_[static_cast<std::size_t>(ir::AtomMode::move_only)] = empty_;
    land_[static_cast<std::size_t>(ir::AtomMode::capture_only)] = side_[them_];
    const std::uint64_t present = pos_.present_[at(them_)];
    sliders_ = members(present & b_.sliders[them_]);
  }

  /// Whether a leap of the other side attacks bit index `s`: each piece of it on a square some
  /// taking leap of its side reaches `s` from is asked whether its own leaps do.
  bool leap_attacked(int s) const {
    for (Bitboard c = b_.leapt_from[them_][at(s)] & side_[them_]; c; c &= c - 1) {
      const int x = lowest(c);
      if (b_.pieces[them_][at(cell_piece(cell(b_.cell[at(x)])))].reach[at(s)] & b_.one[at(x)]) return true;
    }
    return false;
  }
  /// The other side's pieces whose leaps attack bit index `s`.
  Bitboard leap_attackers(int s) const {
    Bitboard set = 0;
    for (Bitboard c = b_.leapt_from[them_][at(s)] & side_[them_]; c; c &= c - 1) {
      const int x = lowest(c);
      if (b_.pieces[them_][at(cell_piece(cell(b_.cell[at(x)])))].reach[at(s)] & b_.one[at(x)]) set |= b_.one[at(x)];
    }
    return set;
  }

  /// The squares the taking leaps of the other side's pieces on the squares `from` reach.
  Bitboard guard_leaps(Bitboard from) const {
    Bitboard hit = 0;
    for (Bitboard c = from & side_[them_]; c; c &= c - 1) {
      const int x = lowest(c);
      hit |= b_.pieces[them_][at(cell_piece(cell(b_.cell[at(x)])))].take[at(x)];
    }
    return hit;
  }

  /// Which of the squares `targets` the other side's slides attack, the squares `occ` occupied.
  template <bool Lookup>
  Bitboard slide_attacks(Bitboard targets, Bitboard occ) const {
    Bitboard lines = 0;
    for (Bitboard rest = targets; rest; rest &= rest - 1) lines |= b_.slid_from[them_][at(lowest(rest))];
    return slide_attacks_from<Lookup>(sliders_ & lines, targets, occ);
  }
  /// Which of the squares `targets` the other side's sliders on the squares `from` attack.
  template <bool Lookup>
  Bitboard slide_attacks_from(Bitboard from, Bitboard targets, Bitboard occ) const {
    Bitboard hit = 0;
    for (Bitboard rest = from; rest; rest &= rest - 1) {
      const int s = lowest(rest);
      if constexpr (Lookup) {
        for (const BitLine<Bitboard>& line : slider_at(s).lines) {
          if (line.mode != ir::AtomMode::move_only) hit |= line.looked_up(s, occ);
        }
      } else {
        for (const BitSlide<Bitboard>& slide : slider_at(s).slides) {
          if (slide.mode != ir::AtomMode::move_only && (slide.line[s] & targets)) hit |= slide.attacks(s, occ);
        }
      }
    }
    return targets & hit;
  }

  /// How the other side's piece on bit index `s` moves.
  const BitPiece<Bitboard>& slider_at(int s) const {
    return b_.pieces[them_][at(cell_piece(cell(b_.cell[at(s)])))];
  }

  /// The squares of the other side's pieces of the types `m`.
  Bitboard members(std::uint64_t m) const {
    Bitboard set = 0;
    for (; m; m &= m - 1) set |= sets().pieces[at(make_cell(them_, __builtin_ctzll(m)) - 1)];
    return set;
  }

  void find_checks_and_pins() {
    const int k = index(king_);
    const Bitboard leap_checkers = leap_attackers(k);
    // Each slider that sees the royal on an empty board: nothing between is a check, one piece
    // of the side to move between is a pin.
    Bitboard slide_checkers = 0, between = ~Bitboard{0};
    const Bitboard royal = b_.one[at(k)];
    for (Bitboard rest = sliders_ & b_.slid_from[them_][at(k)]; rest; rest &= rest - 1) {
      const int s = lowest(rest);
      for (const BitSlide<Bitboard>& slide : slider_at(s).slides) {
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
    checkers_ = !checkers ? 0 : (checkers & (checkers - 1)) ? 2 : 1;  // two stand for two or more
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

  /// The squares the slides of `bp` from bit index `s` reach, whatever their modes (one mode
  /// for all: BitPiece::one_slide_mode), looked up or computed as slide_targets does.
  template <bool Lookup>
  Bitboard slide_squares(const BitPiece<Bitboard>& bp, int s) const {
    Bitboard to = 0;
    if constexpr (Lookup) {
      for (const BitLine<Bitboard>& line : bp.lines) to |= line.looked_up(s, occ_);
    } else {
      for (const BitSlide<Bitboard>& slide : bp.slides) to |= slide.attacks(s, occ_);
    }
    return to;
  }

  /// The squares the slides of `bp` from bit index `s` may end on: looked up by line (`Lookup`:
  /// a kernel compiled for BMI2, over tables with lookup) or computed ray by ray.
  template <bool Lookup>
  Bitboard slide_targets(const BitPiece<Bitboard>& bp, int s) const {
    Bitboard to = 0;
    if constexpr (Lookup) {
      for (const BitLine<Bitboard>& line : bp.lines) to |= landing(line.mode, line.looked_up(s, occ_));
    } else {
      for (const BitSlide<Bitboard>& slide : bp.slides) to |= landing(slide.mode, slide.attacks(s, occ_));
    }
    return to;
  }

  /// One leap of every piece of a type standing on `from` (none pinned, none the royal).
  template <class Sink>
  void leap_moves(const BitPiece<Bitboard>& bp, const BitLeap<Bitboard>& leap, Bitboard from, Bitboard allowed, Sink& sink) const {
    from &= leap.from;
    if (!from) return;
    const Bitboard to = landing(leap.mode, shifted(from, leap.delta)) & allowed;
    if (!to) return;
    if (bp.faces == BitFaces::keep) {
      sink.leaps(leap.delta, 0, to);
    } else if (bp.faces == BitFaces::change) {
      sink.leaps(leap.delta, to, 0);
    } else if (bp.promotion == ir::Promotion::on_capture) {
      sink.leaps(leap.delta, to & side_[them_] & bp.promoted_alive, to & empty_ & bp.alive);
    } else {
      sink.leaps(leap.delta, to & leap.change, to & leap.keep);
    }
  }

  /// The slides of the piece on bit index `s` (not pinned, not the royal).
  template <class Sink>
  void slide_moves(const BitPiece<Bitboard>& bp, int s, Bitboard allowed, Sink& sink) const {
    const Bitboard slid = bp.one_slide_mode ? landing(bp.slide_mode, slide_squares<Sink::lookup>(bp, s))
                                            : slide_targets<Sink::lookup>(bp, s);
    const Bitboard to = slid & allowed;
    if (to) add_board_moves(b_.cell[at(s)], s, bp, to, sink);
  }

  /// The leaps of the piece on bit index `s` (not pinned, not the royal), all moving or taking.
  template <class Sink>
  void step_moves(const BitPiece<Bitboard>& bp, int s, Bitboard allowed, Sink& sink) const {
    const Bitboard to = landing(ir::AtomMode::move_or_capture, bp.take[at(s)]) & allowed;
    if (to) add_board_moves(b_.cell[at(s)], s, bp, to, sink);
  }

  /// The leaps and slides of the piece on bit index `s` (not pinned, not the royal).
  template <class Sink>
  void free_piece_moves(const BitPiece<Bitboard>& bp, int s, Bitboard allowed, Sink& sink) const {
    const Bitboard to = ((bp.quiet[at(s)] & empty_) | (bp.take[at(s)] & side_[them_]) | slide_targets<Sink::lookup>(bp, s)) & allowed;
    if (to) add_board_moves(b_.cell[at(s)], s, bp, to, sink);
  }

  template <class Sink>
  void piece_moves(int from, Sink& sink) {
    const int piece = cell_piece(cell(from));
    const int s = index(from);
    const BitPiece<Bitboard>& bp = b_.pieces[us_][at(piece)];
    const Bitboard theirs = side_[them_];
    Bitboard to = (bp.quiet[at(s)] & empty_) | (bp.take[at(s)] & theirs) | slide_targets<Sink::lookup>(bp, s);
    if (king_ != 0) {
      if (from == king_ && bp.slides.empty()) {
        to &= ~guard_leaps(bp.guard_leapt[at(s)]);
        if (to) to &= ~slide_attacks_from<Sink::lookup>(sliders_ & bp.guard_slid[at(s)], to, occ_ & ~b_.bit[at(from)]);
      } else if (from == king_) {
        for (Bitboard rest = to; rest; rest &= rest - 1) {
          const int d = lowest(rest);
          if ((b_.leapt_from[them_][at(d)] & side_[them_]) && leap_attacked(d)) to &= ~b_.one[at(d)];
        }
        if (to) to &= ~slide_attacks<Sink::lookup>(to, occ_ & ~b_.bit[at(from)]);
      } else {
        if (checkers_ == 1) to &= targets_;
        if (pinned_ & b_.one[at(s)]) to &= pin_line(s);
      }
    }
    if (to) add_board_moves(from, s, bp, to, sink);
  }

  /// The moves to the squares `to`, split into those that change face and those that do not.
  template <class Sink>
  void add_board_moves(int from, int s, const BitPiece<Bitboard>& bp, Bitboard to, Sink& sink) const {
    if (bp.faces == BitFaces::keep) {
      sink.board(from, 0, to);
      return;
    }
    if (bp.faces == BitFaces::change) {
      sink.board(from, to, 0);
      return;
    }
    if (bp.promotion == ir::Promotion::on_capture) {
      sink.board(from, to & side_[them_] & bp.promoted_alive, to & empty_ & bp.alive);
      return;
    }
    const std::size_t inside = b_.in_zone[us_][at(s)];
    sink.board(from, to & bp.change[inside], to & bp.keep[inside]);
  }

  /// The squares from which `face` of the side to move dropped there would attack bit index
  /// `k` (a royal of the other side).
  Bitboard checking_squares(int face, int k) const {
    const BitPiece<Bitboard>& bp = b_.pieces[us_][at(face)];
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

  /// The files on which the set `pieces` has at least `limit` squares.
  Bitboard full_files(Bitboard pieces, int limit) const {
    Bitboard full = 0;
    if (limit == 1) {
      for (; pieces; pieces &= pieces - 1) full |= b_.file_of_bit[at(lowest(pieces))];
      return full;
    }
    for (int f = 1; f <= t_.files && pieces; ++f) {
      if (popcount(pieces & b_.file[at(f)]) >= limit) full |= b_.file[at(f)];
    }
    return full;
  }

  template <class Sink>
  void drops(Sink& sink) const {
    // Pieces in hand: the side's non-royal pieces less those on the board (a hand holds no royal).
    if (pos_.nonroyal_[at(us_)] == pos_.pcount_[at(us_)] - pos_.royal_count_[at(us_)]) return;
    Bitboard allowed = empty_;
    if (checkers_ == 1) allowed &= drop_targets_;
    if (!allowed) return;
    for (const BitDrop<Bitboard>& d : b_.drops[us_]) {
      if (pos_.hand_[Position::idx(us_, d.hand)] == 0) continue;
      Bitboard to = allowed & d.ok;
      if (d.slot >= 0) to &= ~full_files(sets().pieces[at(make_cell(us_, t_.slot_piece[at(d.slot)]) - 1)], d.limit);
      if (to && d.mate && pos_.royal_count_[them_] != 0) to = without_mates(d.face, to);
      if (to) sink.drops(d.face, to);
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
  const BitTables<Bitboard>& b_;
  const int us_, them_;
  int king_ = 0;
  // Set by gather() first thing.
  Bitboard side_[2];
  Bitboard occ_, empty_;
  Bitboard land_[3];  ///< per ir::AtomMode: the squares a move of that mode may end on
  Bitboard sliders_;  ///< the other side's pieces with a taking slide
  int checkers_ = 0;
  Bitboard targets_ = 0, drop_targets_ = 0, pinned_ = 0;
  Pin pins_[kMaxPins];
  int npins_ = 0;
};

namespace {

#if defined(__x86_64__) && !defined(__POPCNT__)
/// The count of `gen`'s moves, compiled whole (flatten) four times: for processors of the
/// x86-64-v3 level (AVX2, BMI1/2, LZCNT and POPCNT, which make bit-clearing, and-not and the slide
/// masks single instructions) with the slides looked up by PEXT and without, for those with
/// the popcount instruction only, and for the others.
template <class Bitboard, bool Lookup>
__attribute__((target("popcnt,bmi,bmi2,lzcnt,avx2"), flatten)) std::size_t count_v3(BitboardGenerator<Bitboard>& gen) {
  CountSink<true, Bitboard, Lookup> sink;
  gen.run(sink);
  return sink.n;
}
template <class Bitboard>
__attribute__((target("popcnt"), flatten, noinline)) std::size_t count_with_instruction(BitboardGenerator<Bitboard>& gen) {
  CountSink<true, Bitboard> sink;
  gen.run(sink);
  return sink.n;
}
template <class Bitboard>
__attribute__((flatten, noinline)) std::size_t count_without_instruction(BitboardGenerator<Bitboard>& gen) {
  CountSink<false, Bitboard> sink;
  gen.run(sink);
  return sink.n;
}

/// Whether the processor's PEXT is a fast instruction: not on AMD's processors of the families
/// before 19h (Excavator, Zen 1 and 2), which run it in microcode, many times slower than the
/// computed slides.
bool fast_pext() {
  return !__builtin_cpu_is("amdfam15h") && !__builtin_cpu_is("amdfam17h");
}

/// The best kernel the processor runs, read once.
CountKernel best_kernel() {
  __builtin_cpu_init();
#if defined(__clang__)
  // Clang's builtin names no LZCNT; every processor with BMI2 and AVX2 has it.
  const bool v3 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
                  __builtin_cpu_supports("popcnt");
#else
  const bool v3 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
                  __builtin_cpu_supports("lzcnt") && __builtin_cpu_supports("popcnt");
#endif
  if (v3) return fast_pext() ? CountKernel::v3_lookup : CountKernel::v3;
  return __builtin_cpu_supports("popcnt") ? CountKernel::popcnt : CountKernel::portable;
}
CountKernel best() {
  static const CountKernel kernel = best_kernel();
  return kernel;
}
/// The kernel in use: the best, unless use_count_kernel chose another. Set when the library
/// loads, so that each count reads it without a guard (before that it is the portable kernel,
/// which every processor runs).
CountKernel chosen_kernel = best();
CountKernel& chosen() { return chosen_kernel; }

/// The moves of `gen` listed, with the slides looked up: compiled whole for x86-64-v3 processors.
template <class Bitboard>
__attribute__((target("popcnt,bmi,bmi2,lzcnt,avx2"), flatten)) void list_v3(BitboardGenerator<Bitboard>& gen,
                                                                            ListSink<Bitboard, true>& sink) {
  gen.run(sink);
}

template <class Bitboard>
void list_moves(BitboardGenerator<Bitboard>& gen, MoveList& list, const BitTables<Bitboard>& tables) {
  if (chosen() == CountKernel::v3_lookup && tables.lookup) {
    ListSink<Bitboard, true> sink{list, tables};
    list_v3(gen, sink);
    return;
  }
  ListSink<Bitboard> sink{list, tables};
  gen.run(sink);
}

template <class Bitboard>
std::size_t count_moves(BitboardGenerator<Bitboard>& gen, bool lookup) {
  // Per CountKernel below `native`, without and with the tables' lookup: one load and a call.
  using Kernel = std::size_t (*)(BitboardGenerator<Bitboard>&);
  static constexpr Kernel kKernels[4][2] = {
      {count_without_instruction<Bitboard>, count_without_instruction<Bitboard>},
      {count_with_instruction<Bitboard>, count_with_instruction<Bitboard>},
      {count_v3<Bitboard, false>, count_v3<Bitboard, false>},
      {count_v3<Bitboard, false>, count_v3<Bitboard, true>},
  };
  return kKernels[static_cast<std::size_t>(chosen())][lookup ? 1 : 0](gen);
}
#else
CountKernel best() { return CountKernel::native; }
CountKernel& chosen() {
  static CountKernel kernel = best();
  return kernel;
}

template <class Bitboard>
std::size_t count_moves(BitboardGenerator<Bitboard>& gen, bool) {
  CountSink<true, Bitboard> sink;
  gen.run(sink);
  return sink.n;
}

template <class Bitboard>
void list_moves(BitboardGenerator<Bitboard>& gen, MoveList& list, const BitTables<Bitboard>& tables) {
  ListSink<Bitboard> sink{list, tables};
  gen.run(sink);
}
#endif

/// The sets of `pos`'s pieces at the width `Bitboard`, gathered from its board squares.
template <class Bitboard, class C>
SetArrays<Bitboard> gathered(const std::vector<int>& squares, const C* board, const Bitboard* bits) {
  SetArrays<Bitboard> sets{};
  for (int sq : squares) {
    const C c = board[static_cast<std::size_t>(sq)];
    if (!is_piece(c)) continue;
    sets.occupied[static_cast<std::size_t>(cell_side(c))] |= bits[sq];
    sets.pieces[static_cast<std::size_t>(c - 1)] |= bits[sq];
  }
  return sets;
}

}  // namespace

CountKernel count_kernel() { return chosen(); }

CountKernel best_count_kernel() { return best(); }

bool use_count_kernel(CountKernel kernel) {
  if (kernel > best() || (best() == CountKernel::native) != (kernel == CountKernel::native)) return false;
  chosen() = kernel;
  return true;
}

const char* count_kernel_name(CountKernel kernel) {
  switch (kernel) {
    case CountKernel::portable: return "portable";
    case CountKernel::popcnt: return "popcnt";
    case CountKernel::v3: return "x86-64-v3";
    case CountKernel::v3_lookup: return "x86-64-v3+pext";
    case CountKernel::native: return "native";
  }
  return "?";
}

template <class C>
bool BasicPosition<C>::set_tier(Tier tier) {
  if (tier == Tier::bitboard && !t_->bitboard) return false;
  if (tier == Tier::bitboard && !sets_.on()) {
    // The sets were not kept on the mailbox: gathered again from the board.
    sets_.mode = bitboard_mode();
    if (sets_.mode == BitSets::Mode::wide) sets_.wide_sets = gathered(t_->squares, board_.data(), bits<Bitboard128>());
    if (sets_.mode == BitSets::Mode::narrow) sets_.narrow_sets = gathered(t_->squares, board_.data(), bits<Bitboard64>());
  }
  if (tier == Tier::mailbox && sets_.on()) {
    sets_.mode = BitSets::Mode::off;
    rebuild_lists();  // the bitboard tier kept none
  }
  return true;
}

template <class C>
bool BasicPosition<C>::bitboards_ok() const {
  const auto same = [](const auto& a, const auto& b) { return a.occupied == b.occupied && a.pieces == b.pieces; };
  if (sets_.mode == BitSets::Mode::wide) return same(gathered(t_->squares, board_.data(), bits<Bitboard128>()), sets_.wide_sets);
  return same(gathered(t_->squares, board_.data(), bits<Bitboard64>()), sets_.narrow_sets);
}


template <class C>
template <class Bitboard>
void BasicPosition<C>::generate_bitboard(MoveList& list) const {
  BitboardGenerator<Bitboard> gen(*this);
  if (!gen.covers()) {
    generate_guarding_all(list);
    return;
  }
  list.reserve(t_->move_bound);
  list_moves(gen, list, t_->bitboard->of<Bitboard>());
}

template <class C>
template <class Bitboard>
std::size_t BasicPosition<C>::count_bitboard() const {
  BitboardGenerator<Bitboard> gen(*this);
  if (!gen.covers()) return count_guarding_all();
  return count_moves(gen, t_->bitboard->of<Bitboard>().lookup);
}

template void BasicPosition<std::uint8_t>::generate_bitboard<Bitboard64>(MoveList&) const;
template void BasicPosition<std::uint8_t>::generate_bitboard<Bitboard128>(MoveList&) const;
template std::size_t BasicPosition<std::uint8_t>::count_bitboard<Bitboard64>() const;
template std::size_t BasicPosition<std::uint8_t>::count_bitboard<Bitboard128>() const;
template <class C>
BitSets::Mode BasicPosition<C>::bitboard_mode() const {
  if (!t_->bitboard) return BitSets::Mode::off;
  return t_->bitboard->width == 128 ? BitSets::Mode::wide : BitSets::Mode::narrow;
}

// The members above at both cell widths.
template bool BasicPosition<std::uint8_t>::set_tier(Tier tier);
template bool BasicPosition<std::uint8_t>::bitboards_ok() const;
template BitSets::Mode BasicPosition<std::uint8_t>::bitboard_mode() const;
template bool BasicPosition<std::uint16_t>::set_tier(Tier tier);
template bool BasicPosition<std::uint16_t>::bitboards_ok() const;
template BitSets::Mode BasicPosition<std::uint16_t>::bitboard_mode() const;

}  // namespace koma
