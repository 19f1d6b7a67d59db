// The bitboard tier's generator and kernels (movegen_bitboard.cpp; the kernels of variants
// with hops are compiled apart, in movegen_bitboard_hops.cpp, so that the others' are compiled
// as though hops did not exist).
#pragma once

#include <cassert>

#include "bitboard.h"
#include "position.h"

namespace koma {

namespace bitboard_kernels {

inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

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

}  // namespace bitboard_kernels

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
  static std::size_t at(int i) { return static_cast<std::size_t>(i); }

  explicit BitboardGenerator(const Position& pos)
      : pos_(pos), t_(*pos.t_), b_(pos.t_->bitboard->of<Bitboard>()), us_(pos.side_), them_(pos.side_ ^ 1) {}

  /// Whether this generator plays the position (else Position falls back to the mailbox).
  bool covers() const {
    return !(pos_.royal_count_[us_] > 1 && t_.royal_in_check == ir::RoyalInCheck::illegal);
  }

  /// The count of the mailbox tier, for the positions run() leaves to it.
  std::size_t count_on_mailbox() const { return pos_.count_special(); }

  /// Position::count_two_plies, `Count::count` counting a set. The other side's replies to a
  /// move are its moves were it to move now, changed by the move alone: the taken piece's moves
  /// go, the steps onto the taken square come, and its drops gain the square the move empties
  /// and lose the one it fills. So each move costs a few set counts, quiet moves one count per
  /// piece and face for all their squares together.
  template <class Count>
  bool two_plies(TwoPlies& out) {
    const auto& royal_captured = t_.royal_captured;
    const auto& reaches = t_.royal_reaches;
    // Under the royal-captured rule a move that takes a royal ends the game only where it was
    // the side's last: a side of several royals has its moves played.
    if (royal_captured && (pos_.royal_count_[at(us_)] != 1 || pos_.royal_count_[at(them_)] != 1)) return false;
    gather();
    const auto piece_on = [&](int s) { return cell_piece(cell(b_.cell[at(s)])); };
    // Their drops now, and the drops a square adds to them once empty (`weight`).
    Bitboard oks[kMaxTwoPlyDrops];
    std::size_t n_oks = 0, drops = 0;
    if (holds(them_)) {
      for (const BitDrop<Bitboard>& d : b_.drops[them_]) {
        if (pos_.hand_[Position::idx(them_, d.hand)] == 0) continue;
        oks[n_oks++] = d.ok;
        drops += Count::count(empty_ & d.ok);
      }
    }
    const auto weight = [&](Bitboard set) {
      std::size_t w = 0;
      for (std::size_t i = 0; i < n_oks; ++i) w += Count::count(set & oks[i]);
      return w;
    };
    // Their board moves now, and the moves onto a square one of our pieces would stand on.
    const Bitboard their_land = empty_ | side_[us_];
    const BitPiece<Bitboard>* theirs = b_.pieces[them_].data();
    const auto moves_of = [&](const BitPiece<Bitboard>& bp, int s) {
      return Count::count(bp.take_change[at(s)] & their_land) + Count::count(bp.take_keep[at(s)] & their_land);
    };
    std::size_t board = 0;
    for_each_square(side_[them_], [&](int s) { board += moves_of(theirs[piece_on(s)], s); });
    const auto steps_onto = [&](int x) {
      std::size_t n = 0;
      const Bitboard target = b_.one[at(x)];
      for (Bitboard c = b_.leapt_from[them_][at(x)] & side_[them_]; c; c &= c - 1) {
        const int s = lowest(c);
        const BitPiece<Bitboard>& bp = theirs[piece_on(s)];
        n += ((bp.take_change[at(s)] & target) != 0) + ((bp.take_keep[at(s)] & target) != 0);
      }
      return n;
    };
    // Our royal on its ranks wins unless a reply may take it (then the game goes on).
    const bool unless = reaches && reaches->unless_capturable;
    const auto wins_there = [&](std::size_t onto) { return !(unless && onto != 0); };
    const std::size_t base = board + drops;
    const Bitboard our_land = land_[static_cast<std::size_t>(ir::AtomMode::move_or_capture)];
    const BitPiece<Bitboard>* ours = b_.pieces[us_].data();
    std::size_t moves = 0, leaves = 0, counted = 0;
    for_each_square(side_[us_], [&](int s) {
      const int piece = piece_on(s);
      const BitPiece<Bitboard>& bp = ours[piece];
      const bool royal = t_.royal[at(piece)] != 0;
      const std::size_t emptied = weight(b_.one[at(s)]);
      for (const Bitboard to : {bp.take_change[at(s)] & our_land, bp.take_keep[at(s)] & our_land}) {
        if (!to) continue;
        moves += Count::count(to);
        Bitboard quiet = to & empty_;
        if (royal && reaches) {
          for_each_square(quiet & b_.goal[us_], [&](int x) {
            if (wins_there(steps_onto(x))) quiet &= ~b_.one[at(x)];
          });
        }
        const std::size_t q = Count::count(quiet);
        leaves += q * (base + emptied) - weight(quiet);
        counted += q;
        for_each_square(to & side_[them_], [&](int x) {
          const int taken = piece_on(x);
          if (royal_captured && t_.royal[at(taken)]) return;  // takes the other side's royal
          const std::size_t onto = steps_onto(x);
          if (royal && reaches && (b_.goal[us_] & b_.one[at(x)]) && wins_there(onto)) return;
          leaves += board - moves_of(theirs[taken], x) + onto + drops + emptied;
          ++counted;
        });
      }
    });
    // Our drops (no face dropped is royal, BitboardTables::two_plies).
    if (holds(us_)) {
      for (const BitDrop<Bitboard>& d : b_.drops[us_]) {
        if (pos_.hand_[Position::idx(us_, d.hand)] == 0) continue;
        const Bitboard to = empty_ & d.ok;
        const std::size_t q = Count::count(to);
        moves += q;
        leaves += q * base - weight(to);
        counted += q;
      }
    }
    // Their royal on its ranks, not taken by the reply: every move ends the game.
    if (reaches && pos_.royal_on_goal(them_) != 0) leaves = counted = 0;
    out = TwoPlies{moves, leaves, counted};
    return true;
  }

  /// The moves where every type of either side moves by leaps that move or take, no royal is
  /// guarded and no drop has a per-file limit or may not mate (the tables of
  /// BitboardTables::two_plies, whose BitPiece::take_change and take_keep are filled, side by
  /// side in BitTables::leap_sets), into `sink`: piece by piece from those sets, then drops face
  /// by face, with no plan, check or pin asked.
  template <class Sink>
  void run_leaps(Sink& sink) const {
    const Bitboard mine = sets().occupied[us_], theirs = sets().occupied[them_];
    const Bitboard empty = ~(mine | theirs) & b_.all;
    const Bitboard land = empty | theirs;
    const std::array<Bitboard, 2>* leap_sets = b_.leap_sets.data();
    const std::size_t squares = at(b_.squares);
    for_each_square(mine, [&](int s) {
      const int from = b_.cell[at(s)];
      const std::array<Bitboard, 2>& to = leap_sets[(cell(from) - 1u) * squares + at(s)];
      sink.board(from, to[0] & land, to[1] & land);
    });
    if (holds(us_)) {
      for (const BitDrop<Bitboard>& d : b_.drops[us_]) {
        if (pos_.hand_[Position::idx(us_, d.hand)] == 0) continue;
        if (const Bitboard to = empty & d.ok) sink.drops(d.face, to);
      }
    }
  }

  /// The moves of the position into `sink`; false, and nothing in it, where a hop gives check
  /// (the mailbox plays those positions). `Hops`: the variant has hops (BitboardTables::hops).
  template <bool Hops, class Sink>
  bool run(Sink& sink) {
    gather();
    if constexpr (Hops) {
      hoppers_ = members(pos_.present_[at(them_)] & b_.hoppers[them_]);
      forbid_ = 0;
    }
    king_ = pos_.guarded_royal();
    checkers_ = 0;
    pinned_ = 0;
    npins_ = 0;
    if (king_ != 0) {
      find_checks_and_pins();
      if constexpr (Hops) {
        if (hoppers_ && !hop_lines()) return false;
      }
    }
    if (checkers_ >= 2) {
      piece_moves<Hops>(king_, sink);
      return true;
    }
    // The royal and pinned pieces go one by one with every check; the others as their type's
    // plan says (BitPlan): a few leaps each played by the whole type at once, slides and
    // many leaps piece by piece.
    const Bitboard alone = pinned_ | (king_ != 0 ? b_.bit[at(king_)] : 0);
    const Bitboard allowed = (checkers_ == 1 ? targets_ : ~Bitboard{0}) & open_squares<Hops>();
    // Counting: the royal and the pinned pieces first, whatever their types, so that the loop
    // over the types below asks nothing more of them.
    if constexpr (Sink::counts) {
      for_each_square(alone, [&](int s) { piece_moves<Hops>(b_.cell[at(s)], sink); });
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
            if constexpr (Sink::counts) for_each_square(free, [&](int s) { piece_moves<Hops>(b_.cell[at(s)], sink); });
            break;
          default: __builtin_unreachable();  // a BitPlan, set at load
        }
      }
      if constexpr (!Sink::counts) {
        for_each_square(bp.plan == BitPlan::repeat ? all : all & alone, [&](int s) { piece_moves<Hops>(b_.cell[at(s)], sink); });
      }
    }
    if (t_.drops_enabled) drops<Hops>(sink);
    return true;
  }

 private:
  Cell cell(int sq) const { return pos_.board_[at(sq)]; }
  /// The position's sets at this width.
  const SetArrays<Bitboard>& sets() const { return pos_.sets_.of<Bitboard>(); }
  int index(int sq) const { return b_.index[at(sq)]; }

  /// Whether the hand of `side` holds a piece: its non-royal pieces are not all on the board
  /// (a hand holds no royal).
  bool holds(int side) const {
    return pos_.nonroyal_[at(side)] != pos_.pcount_[at(side)] - pos_.royal_count_[at(side)];
  }

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

  /// The other side's hops along lines to the royal (after find_checks_and_pins): one piece
  /// between a hopper and the royal is a check, which this generator leaves to the mailbox
  /// (false); none, and every square between is forbidden to the side's other moves and drops
  /// (forbid_), since a piece there would be a screen; two, and each of them of the side to
  /// move stays between, or takes the hopper (a pin; taking the other screen leaves one).
  bool hop_lines() {
    const int k = index(king_);
    const Bitboard royal = b_.one[at(k)];
    for (Bitboard rest = hoppers_ & b_.hopped_from[them_][at(k)]; rest; rest &= rest - 1) {
      const int h = lowest(rest);
      for (const BitHop<Bitboard>& hop : slider_at(h).hops) {
        if (hop.mode == ir::AtomMode::move_only || !(hop.within[h] & royal)) continue;
        const Bitboard between = hop.line[h] & hop.behind[k];
        const Bitboard screens = between & occ_;
        if (!screens) {
          forbid_ |= between;
          continue;
        }
        const Bitboard second = screens & (screens - 1);
        if (!second) return false;
        if (second & (second - 1)) continue;  // three or more: no one move leaves one
        for (Bitboard mine = screens & side_[us_]; mine; mine &= mine - 1) {
          const int p = lowest(mine);
          pinned_ |= b_.one[at(p)];
          assert(npins_ < kMaxPins);
          pins_[npins_++] = {p, (between | b_.one[at(h)]) & ~(screens & ~b_.one[at(p)])};
        }
      }
    }
    return true;
  }

  /// The squares the other side's hops attack among `targets`, the squares `occ` occupied.
  Bitboard hop_attacks(Bitboard targets, Bitboard occ) const {
    Bitboard lines = 0;
    for (Bitboard rest = targets; rest; rest &= rest - 1) lines |= b_.hopped_from[them_][at(lowest(rest))];
    Bitboard hit = 0;
    for (Bitboard rest = hoppers_ & lines; rest; rest &= rest - 1) {
      const int h = lowest(rest);
      for (const BitHop<Bitboard>& hop : slider_at(h).hops) {
        if (hop.mode != ir::AtomMode::move_only) hit |= hop.reach(h, occ);
      }
    }
    return targets & hit;
  }

  /// The squares the hops of `bp` from bit index `s` may end on.
  Bitboard hop_targets(const BitPiece<Bitboard>& bp, int s) const {
    Bitboard to = 0;
    for (const BitHop<Bitboard>& hop : bp.hops) to |= landing(hop.mode, hop.reach(s, occ_));
    return to;
  }

  /// The squares moves other than the royal's and drops may end on as far as hops are
  /// concerned (every square without them).
  template <bool Hops>
  Bitboard open_squares() const {
    if constexpr (Hops) {
      return ~forbid_;
    } else {
      return ~Bitboard{0};
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

  template <bool Hops, class Sink>
  void piece_moves(int from, Sink& sink) {
    const int piece = cell_piece(cell(from));
    const int s = index(from);
    const BitPiece<Bitboard>& bp = b_.pieces[us_][at(piece)];
    const Bitboard theirs = side_[them_];
    Bitboard to = (bp.quiet[at(s)] & empty_) | (bp.take[at(s)] & theirs) | slide_targets<Sink::lookup>(bp, s);
    if constexpr (Hops) to |= hop_targets(bp, s);
    if (king_ != 0) {
      if (from == king_ && bp.slides.empty() && (!Hops || bp.hops.empty())) {
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
        if constexpr (Hops) to &= ~forbid_;
      }
      if constexpr (Hops) {
        if (from == king_ && to && hoppers_) to &= ~hop_attacks(to, occ_ & ~b_.bit[at(from)]);
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

  /// Removes from `to` the drops of `face` that would mate against the drop-mate rule. With
  /// hops (`Hops`) a drop may also check as the screen of a hopper: each is asked.
  template <bool Hops>
  Bitboard without_mates(int face, Bitboard to) const {
    const int royals = pos_.royal_count_[them_];
    const bool direct = royals == 1 && !Hops;
    Bitboard candidates = direct ? to & checking_squares(face, index(pos_.royal_[them_])) : to;
    for (; candidates; candidates &= candidates - 1) {
      const int i = lowest(candidates);
      const int sq = b_.cell[at(i)];
      if (!direct && !pos_.drop_checks(face, sq, us_)) continue;
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

  template <bool Hops, class Sink>
  void drops(Sink& sink) const {
    if (!holds(us_)) return;
    Bitboard allowed = empty_;
    if (checkers_ == 1) allowed &= drop_targets_;
    if constexpr (Hops) allowed &= ~forbid_;
    if (!allowed) return;
    for (const BitDrop<Bitboard>& d : b_.drops[us_]) {
      if (pos_.hand_[Position::idx(us_, d.hand)] == 0) continue;
      Bitboard to = allowed & d.ok;
      if (d.slot >= 0) to &= ~full_files(sets().pieces[at(make_cell(us_, t_.slot_piece[at(d.slot)]) - 1)], d.limit);
      if (to && d.mate && pos_.royal_count_[them_] != 0) to = without_mates<Hops>(d.face, to);
      if (to) sink.drops(d.face, to);
    }
  }

  struct Pin {
    int square;    ///< bit index of the pinned piece
    Bitboard line;  ///< from the royal to the pinner, the pinner included
  };
  // One pin per slide direction of the other side from the royal (Variant::load bounds the
  // directions) and two per step of its hops (build_bitboard_tables bounds them together).
  static constexpr int kMaxPins = static_cast<int>(kMaxSlideDirections);

  const Position& pos_;
  const Tables& t_;
  const BitTables<Bitboard>& b_;
  const int us_, them_;
  // Set by run() (not by the constructor, which counting piece by piece and by difference
  // share): the guarded royal's square, checks and pins (targets_ and drop_targets_ only
  // with one checker).
  int king_;
  int checkers_;
  Bitboard targets_, drop_targets_, pinned_;
  Pin pins_[kMaxPins];
  int npins_;
  // Set by gather() first thing.
  Bitboard side_[2];
  Bitboard occ_, empty_;
  Bitboard land_[3];  ///< per ir::AtomMode: the squares a move of that mode may end on
  Bitboard sliders_;  ///< the other side's pieces with a taking slide
  Bitboard hoppers_;    ///< with hops: the other side's pieces with a taking hop
  Bitboard forbid_;     ///< with hops: squares no move but the royal's nor drop may end on
};

namespace bitboard_kernels {

#if defined(__x86_64__) && !defined(__POPCNT__)
/// The count of `gen`'s moves, compiled whole (flatten) four times: for processors of the
/// x86-64-v3 level (AVX2, BMI1/2, LZCNT and POPCNT, which make bit-clearing, and-not and the slide
/// masks single instructions) with the slides looked up by PEXT and without, for those with
/// the popcount instruction only, and for the others; each with hops and without.
template <class Bitboard, bool Lookup, bool Hops>
__attribute__((target("popcnt,bmi,bmi2,lzcnt,avx2"), flatten)) std::size_t count_v3(BitboardGenerator<Bitboard>& gen) {
  CountSink<true, Bitboard, Lookup> sink;
  return gen.template run<Hops>(sink) ? sink.n : gen.count_on_mailbox();
}
template <class Bitboard, bool Hops>
__attribute__((target("popcnt"), flatten, noinline)) std::size_t count_with_instruction(BitboardGenerator<Bitboard>& gen) {
  CountSink<true, Bitboard> sink;
  return gen.template run<Hops>(sink) ? sink.n : gen.count_on_mailbox();
}
template <class Bitboard, bool Hops>
__attribute__((flatten, noinline)) std::size_t count_without_instruction(BitboardGenerator<Bitboard>& gen) {
  CountSink<false, Bitboard> sink;
  return gen.template run<Hops>(sink) ? sink.n : gen.count_on_mailbox();
}

/// The moves of `gen` listed, with the slides looked up: compiled whole for x86-64-v3 processors.
template <class Bitboard, bool Hops>
__attribute__((target("popcnt,bmi,bmi2,lzcnt,avx2"), flatten)) bool list_v3(BitboardGenerator<Bitboard>& gen,
                                                                            ListSink<Bitboard, true>& sink) {
  return gen.template run<Hops>(sink);
}

#endif

/// The moves of `gen` listed by a kernel compiled for the build's target (and counted, where
/// the build targets no x86-64 level of its own).
template <class Bitboard, bool Hops>
__attribute__((noinline)) bool list_plain(BitboardGenerator<Bitboard>& gen, ListSink<Bitboard>& sink) {
  return gen.template run<Hops>(sink);
}
template <class Bitboard, bool Hops>
__attribute__((noinline)) std::size_t count_native(BitboardGenerator<Bitboard>& gen) {
  CountSink<true, Bitboard> sink;
  return gen.template run<Hops>(sink) ? sink.n : gen.count_on_mailbox();
}

}  // namespace bitboard_kernels

}  // namespace koma
