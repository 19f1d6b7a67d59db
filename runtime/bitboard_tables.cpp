// The bitboard tier's tables, derived from the mailbox tables of a variant it covers: square
// sets per cell, slide rays with their ranges, per piece leap sets, reverse reaches, zones, drops.
#include <algorithm>

#include "bitboard.h"

namespace koma {

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

/// Fills the tables at one width one part at a time.
template <class Bitboard>
struct BitboardBuilder {
  const Tables& t;
  BitTables<Bitboard>& b;
  bool take_sets = false;  ///< fill take_change and take_keep for every type (two plies)

  bool on_board(int cell) const { return cell >= 0 && cell < t.cells && t.file_of[at(cell)] != 0; }

  void geometry() {
    b.squares = t.files * t.ranks;
    b.bit.assign(at(t.cells), 0);
    b.index.assign(at(t.cells), 0);
    b.cell.assign(at(b.squares), 0);
    b.one.assign(at(b.squares), 0);
    for (int sq : t.squares) {
      const int index = (t.rank_of[at(sq)] - 1) * t.files + (t.files - t.file_of[at(sq)]);
      b.bit[at(sq)] = square_bit<Bitboard>(index);
      b.index[at(sq)] = static_cast<std::uint8_t>(index);
      b.cell[at(index)] = sq;
      b.one[at(index)] = square_bit<Bitboard>(index);
      b.all |= square_bit<Bitboard>(index);
    }
    b.file.assign(at(t.files + 1), 0);
    for (int sq : t.squares) b.file[at(t.file_of[at(sq)])] |= b.bit[at(sq)];
    b.file_of_bit.assign(at(b.squares), 0);
    for (int sq : t.squares) b.file_of_bit[at(b.index[at(sq)])] = b.file[at(t.file_of[at(sq)])];
  }

  int index_of(int cell) const { return lowest(b.bit[at(cell)]); }

  /// The ray of a step and range, added when new.
  int ray(int offset, int range) {
    for (std::size_t i = 0; i < b.rays.size(); ++i) {
      if (b.rays[i].offset == offset && b.rays[i].range == range) return static_cast<int>(i);
    }
    const int unlimited = range == 0 ? static_cast<int>(b.rays.size()) : ray(offset, 0);
    Ray<Bitboard> r;
    r.offset = offset;
    r.range = range;
    r.rising = offset > 0;
    r.unlimited = unlimited;
    r.from.assign(at(b.squares), 0);
    for (int sq : t.squares) {
      Bitboard line = 0;
      int to = sq + offset;
      for (int n = 1; on_board(to); ++n, to += offset) {
        line |= b.bit[at(to)];
        if (n == range) break;
      }
      r.from[at(index_of(sq))] = line;
    }
    b.rays.push_back(std::move(r));
    return static_cast<int>(b.rays.size()) - 1;
  }

  Bitboard alive(int side, int piece) const {
    Bitboard set = 0;
    for (int sq : t.squares) {
      if (!t.dead[side][at(piece) * at(t.cells) + at(sq)]) set |= b.bit[at(sq)];
    }
    return set;
  }

  void piece(int side, int p) {
    const PieceMoves& pm = t.moves[side][at(p)];
    BitPiece<Bitboard> bp;
    bp.quiet.assign(at(b.squares), 0);
    bp.take.assign(at(b.squares), 0);
    bp.reach.assign(at(b.squares), 0);
    for (int sq : t.squares) {
      const std::size_t from = at(index_of(sq));
      for (const Step& s : pm.leaps) {
        const int to = sq + s.offset;
        if (!on_board(to)) continue;
        if (s.mode != ir::AtomMode::capture_only) bp.quiet[from] |= b.bit[at(to)];
        if (s.mode != ir::AtomMode::move_only) {
          bp.take[from] |= b.bit[at(to)];
          bp.reach[at(index_of(to))] |= b.bit[at(sq)];
        }
      }
    }
    for (const Step& s : pm.leaps) {
      BitLeap<Bitboard> leap;
      leap.mode = s.mode;
      for (int sq : t.squares) {
        if (!on_board(sq + s.offset)) continue;
        leap.from |= b.bit[at(sq)];
        leap.delta = index_of(sq + s.offset) - index_of(sq);
        const bool fz = t.zone[side][at(sq)] != 0, tz = t.zone[side][at(sq + s.offset)] != 0;
        if ((tz && !fz && t.on_enter) || (tz && fz && t.on_within) || (!tz && fz && t.on_leave)) {
          leap.promote |= b.bit[at(sq + s.offset)];
        }
      }
      if (leap.from) bp.leaps.push_back(leap);
    }
    for (const Step& s : pm.slides) {
      BitSlide<Bitboard> slide;
      slide.ray = ray(s.offset, s.range);
      slide.back = ray(-s.offset, 0);
      slide.mode = s.mode;
      bp.slides.push_back(slide);
      if (s.mode != ir::AtomMode::move_only) {
        bp.reverse_slides.push_back(ray(-s.offset, s.range));
        b.sliders[side] |= std::uint64_t{1} << p;
      }
    }
    for (const Step& s : pm.hops) {
      BitHop<Bitboard> hop;
      hop.ray = ray(s.offset, 0);
      hop.near = ray(s.offset, s.range);
      hop.back = ray(-s.offset, 0);
      hop.mode = s.mode;
      bp.hops.push_back(hop);
      if (s.mode == ir::AtomMode::move_only) continue;
      b.hoppers[side] |= std::uint64_t{1} << p;
      // From a target, back along the step within the hop's range (past the adjacent square).
      const Ray<Bitboard>& from = b.rays[at(ray(-s.offset, s.range))];
      b.hopped_from[side].resize(at(b.squares), 0);
      for (int i = 0; i < b.squares; ++i) b.hopped_from[side][at(i)] |= from.from[at(i)];
    }
    if (t.royal[at(p)]) b.royals |= std::uint64_t{1} << p;
    // Lines: each slide with the opposite one of its range and mode, if the piece has it.
    std::vector<bool> paired(bp.slides.size(), false);
    for (std::size_t i = 0; i < bp.slides.size(); ++i) {
      if (paired[i]) continue;
      int rays[2] = {bp.slides[i].ray, -1};
      const Ray<Bitboard>& r = b.rays[at(rays[0])];
      for (std::size_t j = i + 1; j < bp.slides.size() && rays[1] < 0; ++j) {
        const Ray<Bitboard>& o = b.rays[at(bp.slides[j].ray)];
        if (!paired[j] && o.offset == -r.offset && o.range == r.range && bp.slides[j].mode == bp.slides[i].mode) {
          paired[j] = true;
          rays[1] = bp.slides[j].ray;
        }
      }
      BitLine<Bitboard> line;
      line.line = line_of(rays);
      line.mode = bp.slides[i].mode;
      bp.lines.push_back(line);
    }
    bp.one_slide_mode = !bp.slides.empty();
    for (const BitSlide<Bitboard>& slide : bp.slides) bp.one_slide_mode &= slide.mode == bp.slides[0].mode;
    if (bp.one_slide_mode) bp.slide_mode = bp.slides[0].mode;
    if (pm.may_repeat_target || !bp.hops.empty()) {
      bp.plan = BitPlan::repeat;
    } else if (bp.slides.empty()) {
      const bool all_either = std::all_of(pm.leaps.begin(), pm.leaps.end(),
                                          [](const Step& s) { return s.mode == ir::AtomMode::move_or_capture; });
      bp.plan = static_cast<int>(bp.leaps.size()) <= kMaxTypeWideLeaps ? BitPlan::leaps
                : all_either && t.promotion[at(p)] != ir::Promotion::on_capture ? BitPlan::steps
                                                                                : BitPlan::pieces;
    } else {
      bp.plan = bp.leaps.empty() ? BitPlan::slides : BitPlan::pieces;
    }
    bp.promotion = t.promotion[at(p)];
    bp.alive = alive(side, p);
    const int next = t.promotes_to[at(p)];
    bp.promoted_alive = next >= 0 ? alive(side, next) : 0;
    b.pieces[side].push_back(std::move(bp));
  }

  /// leapt_from and slid_from of one side.
  void reverse_reach(int side) {
    b.leapt_from[side].assign(at(b.squares), 0);
    for (const BitPiece<Bitboard>& bp : b.pieces[side]) {
      for (int s = 0; s < b.squares; ++s) b.leapt_from[side][at(s)] |= bp.reach[at(s)];
    }
    b.slid_from[side].assign(at(b.squares), 0);
    for (const BitPiece<Bitboard>& bp : b.pieces[side]) {
      for (int r : bp.reverse_slides) {
        for (int s = 0; s < b.squares; ++s) b.slid_from[side][at(s)] |= b.rays[at(r)].from[at(s)];
      }
    }
  }

  /// guard_leapt and guard_slid of one side's pieces (once both sides' reverse reaches are in).
  void guards(int side) {
    const int other = side ^ 1;
    for (BitPiece<Bitboard>& bp : b.pieces[side]) {
      if (!bp.slides.empty()) continue;
      bp.guard_leapt.assign(at(b.squares), 0);
      bp.guard_slid.assign(at(b.squares), 0);
      for (int s = 0; s < b.squares; ++s) {
        for (Bitboard rest = bp.quiet[at(s)] | bp.take[at(s)]; rest; rest &= rest - 1) {
          bp.guard_leapt[at(s)] |= b.leapt_from[other][at(lowest(rest))];
          bp.guard_slid[at(s)] |= b.slid_from[other][at(lowest(rest))];
        }
      }
    }
  }

  /// The line of the rays `rays` (the second -1 for one ray), added when new.
  int line_of(const int (&rays)[2]) {
    for (std::size_t i = 0; i < b.lines.size(); ++i) {
      const Line<Bitboard>& l = b.lines[i];
      if ((l.rays[0] == rays[0] && l.rays[1] == rays[1]) || (l.rays[0] == rays[1] && l.rays[1] == rays[0])) {
        return static_cast<int>(i);
      }
    }
    Line<Bitboard> l;
    l.rays[0] = rays[0];
    l.rays[1] = rays[1];
    b.lines.push_back(std::move(l));
    return static_cast<int>(b.lines.size()) - 1;
  }

  /// The squares of `line` whose occupancy decides its slides from bit index `s`: each ray's
  /// squares less its last one.
  Bitboard mask_of(const Line<Bitboard>& line, int s) const {
    Bitboard mask = 0;
    for (int r : line.rays) {
      if (r < 0) continue;
      const Ray<Bitboard>& ray = b.rays[at(r)];
      const Bitboard squares = ray.from[at(s)];
      if (squares) mask |= squares & ~square_bit<Bitboard>(ray.rising ? highest(squares) : lowest(squares));
    }
    return mask;
  }

  /// The entries of `line`'s table.
  std::size_t entries(const Line<Bitboard>& line) const {
    std::size_t n = 0;
    for (int s = 0; s < b.squares; ++s) n += std::size_t{1} << popcount(mask_of(line, s));
    return n;
  }

  /// BitTables::leap_sets, from the pieces' take_change and take_keep (`take_sets`).
  void leap_sets() {
    if (!take_sets) return;
    const std::size_t squares = at(b.squares);
    b.leap_sets.assign(2 * at(t.piece_count) * squares, {});
    for (int side = 0; side < 2; ++side) {
      for (int p = 0; p < t.piece_count; ++p) {
        const BitPiece<Bitboard>& bp = b.pieces[side][at(p)];
        const std::size_t c = at(2 * p + side);  // the cell code less one
        for (std::size_t s = 0; s < squares; ++s) b.leap_sets[c * squares + s] = {bp.take_change[s], bp.take_keep[s]};
      }
    }
  }

  /// Every line's destinations by occupancy (Line::square, Line::attacks), for a processor
  /// whose kernels look slides up, unless they would hold more than kMaxRayEntries entries or
  /// the variant moves by leaps only, listed piece by piece (`take_sets`: BitboardTables::kLeaps);
  /// once no line is added any more.
  void lookups() {
    if (best_count_kernel() != CountKernel::v3_lookup || take_sets) return;
    std::size_t total = 0;
    for (const Line<Bitboard>& line : b.lines) {
      total += entries(line);
      if (total > kMaxRayEntries) return;
    }
    b.lookup = true;
    for (Line<Bitboard>& line : b.lines) {
      line.attacks.reserve(entries(line));
      line.square.assign(at(b.squares), {});
      for (int s = 0; s < b.squares; ++s) {
        RaySquare<Bitboard>& sq = line.square[at(s)];
        sq.mask = mask_of(line, s);
        sq.offset = static_cast<std::uint32_t>(line.attacks.size());
        sq.low = static_cast<std::uint32_t>(popcount(static_cast<std::uint64_t>(sq.mask)));
        // Entry k occupies the mask's squares whose bit is set in k, lowest square first: the
        // subsets of the mask in increasing order, as a carry through the mask enumerates them.
        Bitboard occ = 0;
        do {
          Bitboard to = 0;
          for (int r : line.rays) {
            if (r >= 0) to |= b.slide(r, s, occ);
          }
          line.attacks.push_back(to);
          occ = (occ - sq.mask) & sq.mask;
        } while (occ);
      }
    }
  }

  /// Points every slide at its rays and every line at its tables (once all are built).
  void link_slides() {
    for (auto& side : b.pieces) {
      for (BitPiece<Bitboard>& bp : side) {
        for (BitSlide<Bitboard>& slide : bp.slides) {
          const Ray<Bitboard>& ray = b.rays[at(slide.ray)];
          slide.rising = ray.rising;
          slide.line = ray.from.data();
          slide.beyond = b.rays[at(ray.unlimited)].from.data();
          slide.behind = b.rays[at(slide.back)].from.data();
        }
        for (BitLine<Bitboard>& line : bp.lines) {
          line.square = b.lines[at(line.line)].square.data();
          line.table = b.lines[at(line.line)].attacks.data();
        }
        for (BitHop<Bitboard>& hop : bp.hops) {
          hop.rising = b.rays[at(hop.ray)].rising;
          hop.line = b.rays[at(hop.ray)].from.data();
          hop.within = b.rays[at(hop.near)].from.data();
          hop.behind = b.rays[at(hop.back)].from.data();
        }
      }
    }
  }

  /// Where moves of `bp` that may promote on `can` change face, and where they keep it.
  static void fold(const BitPiece<Bitboard>& bp, Bitboard can, Bitboard& change, Bitboard& keep) {
    switch (bp.promotion) {
      case ir::Promotion::none:
      case ir::Promotion::on_capture: keep = bp.alive; break;
      case ir::Promotion::flip: change = bp.promoted_alive; break;
      case ir::Promotion::optional:
      case ir::Promotion::forced:
        change = can & bp.promoted_alive;
        keep = bp.promotion == ir::Promotion::forced ? bp.alive & ~can : bp.alive;
        break;
    }
  }

  /// Where the moves of `bp` change face and where they keep it, by its promotion rule.
  void faces(int side, BitPiece<Bitboard>& bp) const {
    fold(bp, b.promote_outside[side], bp.change[0], bp.keep[0]);
    fold(bp, b.promote_inside[side], bp.change[1], bp.keep[1]);
    for (BitLeap<Bitboard>& leap : bp.leaps) fold(bp, leap.promote, leap.change, leap.keep);
    if (bp.promotion == ir::Promotion::none && bp.alive == b.all) bp.faces = BitFaces::keep;
    if (bp.promotion == ir::Promotion::flip && bp.promoted_alive == b.all) bp.faces = BitFaces::change;
    if (bp.plan != BitPlan::steps && !take_sets) return;
    bp.take_change.assign(at(b.squares), 0);
    bp.take_keep.assign(at(b.squares), 0);
    for (int s = 0; s < b.squares; ++s) {
      const std::size_t inside = b.in_zone[side][at(s)];
      bp.take_change[at(s)] = bp.take[at(s)] & bp.change[inside];
      bp.take_keep[at(s)] = bp.take[at(s)] & bp.keep[inside];
    }
  }

  void regions(int side) {
    for (int sq : t.squares) {
      if (t.zone[side][at(sq)]) b.zone[side] |= b.bit[at(sq)];
    }
    b.promote_inside[side] = (t.on_within ? b.zone[side] : 0) | (t.on_leave ? b.all & ~b.zone[side] : 0);
    b.promote_outside[side] = t.on_enter ? b.zone[side] : 0;
    b.in_zone[side].assign(at(b.squares), 0);
    for (int s = 0; s < b.squares; ++s) b.in_zone[side][at(s)] = (b.zone[side] & b.one[at(s)]) ? 1 : 0;
    if (!t.goal[side].empty()) {
      for (int sq : t.squares) {
        if (t.goal[side][at(sq)]) b.goal[side] |= b.bit[at(sq)];
      }
    }
    for (BitPiece<Bitboard>& bp : b.pieces[side]) faces(side, bp);
    for (int h : t.hand_pieces) {
      for (int face : t.drop_faces[at(h)]) {
        BitDrop<Bitboard> d;
        d.hand = h;
        d.face = face;
        for (int sq : t.squares) {
          if (t.drop_ok[side][at(face) * at(t.cells) + at(sq)]) d.ok |= b.bit[at(sq)];
        }
        d.slot = t.file_slot[at(face)];
        d.limit = d.slot >= 0 ? t.file_limit[at(d.slot)] : 0;
        d.mate = t.drop_mate[at(face)] != 0;
        b.drops[side].push_back(d);
      }
    }
  }
};

/// Fills `b` with the tables of the variant at the width `Bitboard`.
template <class Bitboard>
void build_at(const Tables& t, BitTables<Bitboard>& b, bool two_plies) {
  BitboardBuilder<Bitboard> builder{t, b, two_plies};
  builder.geometry();
  for (int side = 0; side < 2; ++side) {
    for (int p = 0; p < t.piece_count; ++p) builder.piece(side, p);
  }
  for (int side = 0; side < 2; ++side) {
    builder.regions(side);
    builder.reverse_reach(side);
  }
  for (int side = 0; side < 2; ++side) builder.guards(side);
  builder.leap_sets();
  builder.lookups();
  builder.link_slides();
}

/// Whether the kernels play every hop of the variant: none limited beyond its screen, at most
/// one hop of a piece along each step, and a side's capturing slide directions and twice its
/// steps of hops at most kMaxSlideDirections together (which bounds the pins a royal's lines
/// hold: one per slide direction, two per step of hops).
bool hops_covered(const Tables& t) {
  for (int side = 0; side < 2; ++side) {
    std::vector<int> steps;
    for (int p = 0; p < t.piece_count; ++p) {
      const std::vector<Step>& hops = t.moves[side][at(p)].hops;
      for (std::size_t i = 0; i < hops.size(); ++i) {
        if (hops[i].beyond != 0) return false;
        for (std::size_t j = 0; j < i; ++j) {
          if (hops[j].offset == hops[i].offset) return false;
        }
        if (std::find(steps.begin(), steps.end(), hops[i].offset) == steps.end()) steps.push_back(hops[i].offset);
      }
    }
    if (t.attack_slides[side].size() + 2 * steps.size() > kMaxSlideDirections) return false;
  }
  return true;
}

/// Whether perft may count the last two plies by difference (BitboardTables::two_plies).
bool counts_two_plies(const Tables& t) {
  // Ending rules: none judged on a move but a royal captured, or reaching its ranks where a
  // capture of it ends the game too.
  if (t.royal_in_check != ir::RoyalInCheck::legal || t.check_given || t.has_bare_rule) return false;
  if (t.royal_reaches && !t.royal_captured) return false;
  for (int p = 0; p < t.piece_count; ++p) {
    for (int side = 0; side < 2; ++side) {
      const PieceMoves& pm = t.moves[side][at(p)];
      const bool leaps_only = pm.slides.empty() && pm.hops.empty() && !pm.may_repeat_target &&
                              std::all_of(pm.leaps.begin(), pm.leaps.end(),
                                          [](const Step& s) { return s.mode == ir::AtomMode::move_or_capture; });
      if (!leaps_only) return false;
    }
    if (t.promotion[at(p)] == ir::Promotion::on_capture) return false;
    const int next = t.promotes_to[at(p)];
    if (next >= 0 && t.royal[at(p)] != t.royal[at(next)]) return false;
  }
  std::size_t faces = 0;
  for (int h : t.hand_pieces) {
    for (int face : t.drop_faces[at(h)]) {
      if (t.file_slot[at(face)] >= 0 || t.drop_mate[at(face)] != 0 || t.royal[at(face)]) return false;
      ++faces;
    }
  }
  return faces <= kMaxTwoPlyDrops;
}

}  // namespace

std::shared_ptr<const BitboardTables> build_bitboard_tables(const ir::RuleSet& r, const Tables& t) {
  const int squares = r.board.files * r.board.ranks;
  // Special variants (two-leg moves, burning and the rest) play on the mailbox tier, hops
  // aside, and so do variants of more types than the sets hold (a set per cell of
  // kMaxBitboardTypes types).
  const bool special = t.has_legs || t.has_trade || t.extra_promotion || t.has_reach || t.has_anywhere ||
                       t.has_skips || t.burns || (t.has_hops && !hops_covered(t));
  if (special || t.acting || squares > kMaxBitboardSquares || t.piece_count > kMaxBitboardTypes) return nullptr;
  auto b = std::make_shared<BitboardTables>();
  b->hops = t.has_hops;
  b->two_plies = counts_two_plies(t);
  if (squares <= kMaxNarrowSquares) {
    build_at(t, b->narrow, b->two_plies);
  } else {
    b->width = 128;
    build_at(t, b->wide, b->two_plies);
  }
  const bool lookup = b->width == 128 ? b->wide.lookup : b->narrow.lookup;
  b->kernels = b->two_plies ? BitboardTables::kLeaps : static_cast<std::uint8_t>((lookup ? 1 : 0) | (b->hops ? 2 : 0));
  return b;
}

}  // namespace koma
