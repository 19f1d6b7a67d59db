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
  void drops(int face, Bitboard set) {
    while (set) {
      const int i = lowest(set);
      set &= set - 1;
      list.push(Move::drop(face, b.cell[at(i)]));
    }
  }
};

/// Counts the moves of each set.
struct CountSink {
  std::size_t n = 0;
  void board(int, Bitboard promote, Bitboard stay) { n += static_cast<std::size_t>(popcount(promote) + popcount(stay)); }
  void drops(int, Bitboard set) { n += static_cast<std::size_t>(popcount(set)); }
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
    const int n = pos_.pcount_[us_];
    for (int i = 0; i < n; ++i) piece_moves(pos_.plist_[us_][at(i)], sink);
    if (t_.drops_enabled) drops(sink);
  }

 private:
  Cell cell(int sq) const { return pos_.board_[at(sq)]; }
  int index(int sq) const { return lowest(b_.bit[at(sq)]); }

  /// Occupancy per side and per piece type, and the attack groups of the other side.
  void gather() {
    for (int side = 0; side < 2; ++side) {
      Bitboard all = 0;
      for (int p = 0; p < t_.piece_count; ++p) pieces_[side][at(p)] = 0;
      const int n = pos_.pcount_[side];
      for (int i = 0; i < n; ++i) {
        const int sq = pos_.plist_[side][at(i)];
        const Bitboard bit = b_.bit[at(sq)];
        all |= bit;
        pieces_[side][at(cell_piece(cell(sq)))] |= bit;
      }
      side_[side] = all;
    }
    occ_ = side_[0] | side_[1];
    empty_ = ~occ_ & board_mask();
    const std::uint64_t present = pos_.present_[at(them_)];
    nleap_ = nslide_ = 0;
    for (const AttackGroup& g : b_.leap_groups[them_]) leap_bb_[nleap_++] = members(g.members & present);
    for (const AttackGroup& g : b_.slide_groups[them_]) slide_bb_[nslide_++] = members(g.members & present);
  }

  Bitboard board_mask() const {
    return b_.squares == 128 ? ~Bitboard{0} : (Bitboard{1} << b_.squares) - 1;
  }

  Bitboard members(std::uint64_t m) const {
    Bitboard set = 0;
    while (m) {
      set |= pieces_[them_][at(__builtin_ctzll(m))];
      m &= m - 1;
    }
    return set;
  }

  /// Whether the other side attacks bit index `s` with the squares `occ` occupied.
  bool attacked(int s, Bitboard occ) const {
    for (int g = 0; g < nleap_; ++g) {
      if (b_.leap_groups[them_][at(g)].reach[at(s)] & leap_bb_[g]) return true;
    }
    for (int g = 0; g < nslide_; ++g) {
      if (!slide_bb_[g]) continue;
      const int n = b_.nearest(b_.slide_groups[them_][at(g)].ray, s, occ);
      if (n >= 0 && (slide_bb_[g] & square_bit(n))) return true;
    }
    return false;
  }

  void find_checks_and_pins() {
    const int k = index(king_);
    Bitboard leap_checkers = 0;
    for (int g = 0; g < nleap_; ++g) leap_checkers |= b_.leap_groups[them_][at(g)].reach[at(k)] & leap_bb_[g];
    Bitboard slide_checkers = 0, between = ~Bitboard{0};
    for (int g = 0; g < nslide_; ++g) {
      const Bitboard attackers = slide_bb_[g];
      if (!attackers) continue;
      const Ray& ray = b_.rays[at(b_.slide_groups[them_][at(g)].ray)];
      const Bitboard line = ray.from[at(k)];
      Bitboard blockers = line & occ_;
      if (!blockers) continue;
      const int first = ray.rising ? lowest(blockers) : highest(blockers);
      const Bitboard first_bit = square_bit(first);
      const Bitboard* beyond = b_.rays[at(ray.unlimited)].from.data();
      if (attackers & first_bit) {
        slide_checkers |= first_bit;
        between &= line & ~beyond[first] & ~first_bit;
        continue;
      }
      if (!(side_[us_] & first_bit)) continue;
      blockers &= ~first_bit;
      if (!blockers) continue;
      const int second = ray.rising ? lowest(blockers) : highest(blockers);
      if (!(attackers & square_bit(second))) continue;
      pinned_ |= first_bit;
      assert(npins_ < kMaxPins);
      pins_[npins_++] = {first, line & ~beyond[second]};
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

  template <class Sink>
  void piece_moves(int from, Sink& sink) {
    const int piece = cell_piece(cell(from));
    const int s = index(from);
    const BitPiece& bp = b_.pieces[us_][at(piece)];
    const Bitboard theirs = side_[them_];
    Bitboard to = (bp.quiet[at(s)] & empty_) | (bp.take[at(s)] & theirs);
    for (const BitSlide& slide : bp.slides) {
      const Bitboard a = b_.slide(slide.ray, s, occ_);
      switch (slide.mode) {
        case ir::AtomMode::move_or_capture: to |= a & (empty_ | theirs); break;
        case ir::AtomMode::move_only: to |= a & empty_; break;
        case ir::AtomMode::capture_only: to |= a & theirs; break;
      }
    }
    if (king_ != 0) {
      if (from == king_) {
        const Bitboard occ = occ_ & ~b_.bit[at(from)];
        Bitboard safe = 0;
        for (Bitboard rest = to; rest; rest &= rest - 1) {
          const int d = lowest(rest);
          if (!attacked(d, occ)) safe |= square_bit(d);
        }
        to = safe;
      } else {
        if (checkers_ == 1) to &= targets_;
        if (pinned_ & square_bit(s)) to &= pin_line(s);
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
        const Bitboard can = (zone & square_bit(s))
                                 ? (t_.on_within ? zone : 0) | (t_.on_leave ? ~zone : 0)
                                 : (t_.on_enter ? zone : 0);
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
      if (pos_.drop_mates(Move::drop(face, sq))) to &= ~square_bit(i);
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
  static constexpr int kMaxPins = static_cast<int>(kMaxSlideDirections);

  const Position& pos_;
  const Tables& t_;
  const BitboardTables& b_;
  const int us_, them_;
  int king_ = 0;
  std::array<std::array<Bitboard, kMaxPieceTypes>, 2> pieces_;
  Bitboard side_[2] = {0, 0};
  Bitboard occ_ = 0, empty_ = 0;
  Bitboard leap_bb_[kMaxAttackGroups];
  Bitboard slide_bb_[kMaxAttackGroups];
  int nleap_ = 0, nslide_ = 0;
  int checkers_ = 0;
  Bitboard targets_ = 0, drop_targets_ = 0, pinned_ = 0;
  Pin pins_[kMaxPins];
  int npins_ = 0;
};

void Position::generate_bitboard(MoveList& list) const {
  BitboardGenerator gen(*this);
  if (!gen.covers()) {
    generate_guarding_all(list);
    return;
  }
  ListSink sink{list, *t_->bitboard};
  gen.run(sink);
}

std::size_t Position::count_bitboard() const {
  BitboardGenerator gen(*this);
  if (!gen.covers()) {
    MoveList list;
    generate_guarding_all(list);
    return list.size();
  }
  CountSink sink;
  gen.run(sink);
  return sink.n;
}

}  // namespace koma
