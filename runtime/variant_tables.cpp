// Variant tables: mailbox geometry, deduplicated per-side moves, reverse attack lookups, zones,
// dead squares, drop rules and spellings, built once from a checked RuleSet.
#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <utility>

#include "move.h"
#include "variant_build.h"

namespace koma::detail {

namespace {

ir::AtomMode unite(ir::AtomMode a, ir::AtomMode b) {
  return a == b ? a : ir::AtomMode::move_or_capture;
}

bool covers(ir::AtomMode wide, ir::AtomMode narrow) {
  return wide == ir::AtomMode::move_or_capture || wide == narrow;
}

bool captures(ir::AtomMode m) { return m != ir::AtomMode::move_only; }

/// One atom in board-independent form, before deduplication.
struct RawStep {
  int right, forward;
  ir::AtomMode mode;
  int range;  // slides and hops: 0 unlimited; leaps: -1
  bool hop = false;
  int beyond = 0;  // hops: 0 any
};

/// Keeps the longer of two ranges (0 = unlimited) of one direction and mode.
void keep_longest(std::map<std::tuple<int, int, int>, int>& m, const ir::MoveAtom& a) {
  auto key = std::make_tuple(int{a.delta.right}, int{a.delta.forward}, static_cast<int>(a.mode));
  auto [it, fresh] = m.emplace(key, a.max_range);
  if (!fresh && it->second != 0) it->second = a.max_range == 0 ? 0 : std::max(it->second, int{a.max_range});
}

/// Deduplicates a piece's atoms: same-direction leaps merge their modes, one-step slides are
/// leaps, same-direction same-mode slides (and hops) keep the longest range, leaps a slide
/// covers go.
std::vector<RawStep> dedupe_atoms(const std::vector<ir::MoveAtom>& atoms) {
  std::map<std::pair<int, int>, ir::AtomMode> leaps;
  std::map<std::tuple<int, int, int>, int> slides;  // (right, forward, mode) -> range
  std::map<std::tuple<int, int, int, int>, int> hops;  // (right, forward, mode, beyond) -> range
  for (const ir::MoveAtom& a : atoms) {
    const int r = a.delta.right, f = a.delta.forward;
    if (a.kind == ir::AtomKind::jump || a.kind == ir::AtomKind::area || a.kind == ir::AtomKind::hook ||
        a.kind == ir::AtomKind::range_capture || a.kind == ir::AtomKind::pass_slide) {
      continue;  // reach()
    }
    if (a.kind == ir::AtomKind::anywhere) continue;  // PieceMoves::anywhere (TableBuilder::anywhere)
    if (a.kind == ir::AtomKind::slide && a.min_range > 1) continue;  // Tables::skip_steps (TableBuilder::skips)
    if (a.kind == ir::AtomKind::hop) {
      auto [it, fresh] = hops.emplace(std::make_tuple(r, f, static_cast<int>(a.mode), int{a.beyond}), a.max_range);
      if (!fresh && it->second != 0) it->second = a.max_range == 0 ? 0 : std::max(it->second, int{a.max_range});
    } else if (a.kind == ir::AtomKind::leap || a.max_range == 1) {
      auto [it, fresh] = leaps.emplace(std::make_pair(r, f), a.mode);
      if (!fresh) it->second = unite(it->second, a.mode);
    } else {
      keep_longest(slides, a);
    }
  }
  std::vector<RawStep> out;
  for (const auto& [key, range] : slides) {
    out.push_back({std::get<0>(key), std::get<1>(key), static_cast<ir::AtomMode>(std::get<2>(key)), range});
  }
  for (const auto& [key, mode] : leaps) {
    bool covered = false;
    for (const RawStep& s : out) {
      covered |= s.range >= 0 && s.right == key.first && s.forward == key.second && covers(s.mode, mode);
    }
    if (!covered) out.push_back({key.first, key.second, mode, -1});
  }
  for (const auto& [key, range] : hops) {
    out.push_back({std::get<0>(key), std::get<1>(key), static_cast<ir::AtomMode>(std::get<2>(key)), range, true,
                   std::get<3>(key)});
  }
  return out;
}

/// True when two of the steps can reach the same relative square (the generator must then
/// deduplicate that piece's destinations).
bool may_repeat(const std::vector<RawStep>& steps, int longest) {
  std::set<std::pair<int, int>> seen;
  for (const RawStep& s : steps) {
    if (s.hop) continue;
    const int reps = s.range < 0 ? 1 : (s.range == 0 ? longest : std::min(int{s.range}, longest));
    for (int k = 1; k <= reps; ++k) {
      if (!seen.emplace(s.right * k, s.forward * k).second) return true;
    }
  }
  // A hop lands two or more steps out, beyond the first piece: never where a slide of its own
  // direction ends (that stops at the first piece), but maybe where another hop or step does.
  for (const RawStep& h : steps) {
    if (!h.hop) continue;
    for (const RawStep& s : steps) {
      if (&s == &h) continue;
      const bool same_ray = s.right * h.forward == s.forward * h.right && s.right * h.right + s.forward * h.forward > 0;
      const bool own_slide = !s.hop && s.range >= 0 && s.right == h.right && s.forward == h.forward;
      if (same_ray && !own_slide) return true;
    }
  }
  return false;
}

/// Fills one Tables step by step; each function fills one part.
struct TableBuilder {
  const ir::RuleSet& r;
  Tables& t;
  std::vector<std::uint64_t> leap_bits, line_bits;  ///< per movement: its kinds' bits (Tables::piece_bit)
  std::vector<std::uint8_t> line_count;  ///< per movement: Tables::cell_line
  /// Kinds by atom class (kinds()): the bit of each capturing atom, by leap_key and line_key
  /// entry; else each movement's own bits stand for all its atoms.
  bool by_atom = false;
  std::map<std::pair<int, int>, std::uint64_t> leap_atom;
  std::map<std::tuple<int, int, int>, std::uint64_t> line_atom;

  std::optional<Error> geometry() {
    int longest = 1;
    for (const ir::PieceType& p : r.pieces) {
      // The wall must be as thick as the longest step, leap or slide step, so that every
      // step from a board square lands on the board or on the wall.
      for (const ir::MoveAtom& a : p.moves) {
        longest = std::max({longest, std::abs(int{a.delta.right}), std::abs(int{a.delta.forward})});
      }
      for (const ir::RankMovement& on : p.rank_moves) {
        for (const ir::MoveAtom& a : on.moves) {
          longest = std::max({longest, std::abs(int{a.delta.right}), std::abs(int{a.delta.forward})});
        }
      }
      // A second leg starts on the board (the generator stops at a first leg off it).
      for (const ir::LegMove& m : p.leg_moves) {
        for (const ir::Leg& l : m.legs) {
          longest = std::max({longest, std::abs(int{l.delta.right}), std::abs(int{l.delta.forward})});
        }
        if (m.third) {
          longest = std::max({longest, std::abs(int{m.third->delta.right}), std::abs(int{m.third->delta.forward})});
        }
      }
    }
    t.files = r.board.files;
    t.ranks = r.board.ranks;
    t.pad = longest;
    t.width = t.files + 2 * longest;
    t.cells = t.width * (t.ranks + 2 * longest);
    if (t.cells > kMaxCells) {
      return ir_error("ir-leap-too-long", "a move reaching " + std::to_string(longest) +
                                              " squares needs a mailbox larger than " +
                                              std::to_string(kMaxCells) + " cells");
    }
    // A Move keeps a two-leg move's middle square as its displacement from the origin.
    for (const ir::PieceType& p : r.pieces) {
      for (const ir::LegMove& m : p.leg_moves) {
        const ir::Offset d = m.legs[0].delta;
        if (std::abs(d.right - d.forward * t.width) > kMaxLegOffset) {
          return ir_error("ir-leap-too-long", "piece '" + p.name + "' has a two-leg move whose first leg reaches " +
                                                  std::to_string(std::max(std::abs(int{d.right}), std::abs(int{d.forward}))) +
                                                  " squares, too far on a board of " + std::to_string(t.files) + " files");
        }
      }
    }
    for (std::size_t k = 0; k < 8; ++k) t.king_offsets[k] = kKingDirections[k].file + kKingDirections[k].row * t.width;
    t.file_of.assign(static_cast<std::size_t>(t.cells), 0);
    t.rank_of.assign(static_cast<std::size_t>(t.cells), 0);
    for (int rank = 1; rank <= t.ranks; ++rank) {
      for (int file = t.files; file >= 1; --file) {
        const int sq = square_index(t, file, rank);
        t.squares.push_back(sq);
        t.file_of[static_cast<std::size_t>(sq)] = static_cast<std::int16_t>(file);
        t.rank_of[static_cast<std::size_t>(sq)] = static_cast<std::int16_t>(rank);
      }
    }
    return std::nullopt;
  }

  /// The index in kKingDirections of a king step's mailbox offset (check_legs allows no other).
  std::uint8_t king_direction(int offset) const {
    for (std::size_t k = 0; k < 8; ++k) {
      if (t.king_offsets[k] == offset) return static_cast<std::uint8_t>(k);
    }
    assert(false && "a three-leg move's step is a king step");
    return 0;
  }

  int offset(int side, int right, int forward) const {
    const int o = right - forward * t.width;
    return side == 0 ? o : -o;
  }

  /// Adds piece `p`'s capturing slide along (right, forward), of offset `o` and `range`, to a
  /// reverse lookup, `fresh` when it is the piece's first slide there.
  void add_ranged(AttackSlide& as, int o, int p, const RawStep& s, bool fresh) const {
    const std::uint64_t bit = line_bit(p, 0, s.right, s.forward);
    const int range = s.range;
    as.offset = o;
    const std::uint8_t old = fresh ? 255 : as.range[static_cast<std::size_t>(p)];
    const auto r8 = static_cast<std::uint8_t>(range);
    as.range[static_cast<std::size_t>(p)] = (old == 0 || r8 == 0) ? 0 : (old == 255 ? r8 : std::max(old, r8));
    as.mask |= bit;
  }

  /// Adds piece `p`'s capturing hop `s` of offset `o` to a reverse lookup: a second hop of the
  /// piece along the same line widens both limits (0 = none); `fresh` for its first one there.
  void add_hop(AttackHop& ah, int o, int p, const RawStep& s, bool fresh) const {
    const std::size_t i = static_cast<std::size_t>(p);
    const int range = s.range, beyond = s.beyond;
    const auto wider = [fresh](std::uint8_t old, int v) {
      return static_cast<std::uint8_t>(fresh ? v : (old == 0 || v == 0) ? 0 : std::max(int{old}, v));
    };
    ah.offset = o;
    ah.range[i] = wider(ah.range[i], range);
    ah.beyond[i] = wider(ah.beyond[i], beyond);
    ah.mask |= line_bit(p, 1, s.right, s.forward);
  }

  /// `as` with its `limited` flag set from the ranges of the pieces in `in` (by movement).
  static AttackSlide limited(AttackSlide as, const std::vector<bool>& in) {
    for (std::size_t p = 0; p < in.size(); ++p) as.limited = as.limited || (in[p] && as.range[p] != 0);
    return as;
  }

  /// The mask bits that stand for movement `p`'s capturing leap along (right, forward), a
  /// leap_key entry: its atom's class, or the movement's own leap kind.
  std::uint64_t leap_bit(int p, int right, int forward) const {
    return by_atom ? leap_atom.at({right, forward}) : leap_bits[static_cast<std::size_t>(p)];
  }
  /// The same for a line_key entry (tag, right, forward) of movement `p`.
  std::uint64_t line_bit(int p, int tag, int right, int forward) const {
    return by_atom ? line_atom.at({tag, right, forward}) : line_bits[static_cast<std::size_t>(p)];
  }

  /// The range jumps, the area move and the hook moves of piece `p` for `side` (movegen_jumps.cpp
  /// plays them).
  void reach(int side, int p) {
    const ir::PieceType& piece = r.pieces[static_cast<std::size_t>(p)];
    PieceMoves& pm = t.moves[side][static_cast<std::size_t>(p)];
    for (const ir::MoveAtom& a : piece.moves) {
      if (a.kind == ir::AtomKind::jump) {
        pm.jumps.push_back({offset(side, a.delta.right, a.delta.forward), a.mode, a.max_range});
      } else if (a.kind == ir::AtomKind::area && a.max_range > pm.area.range) {
        pm.area = {0, a.mode, a.max_range};  // the widest area move of a piece is its area move
      } else if (a.kind == ir::AtomKind::range_capture) {
        t.sweep_steps[side][static_cast<std::size_t>(p)].push_back({offset(side, a.delta.right, a.delta.forward), a.mode, a.max_range});
        t.has_sweeps = true;
        t.has_passing = true;
      } else if (a.kind == ir::AtomKind::pass_slide) {
        t.pass_steps[side][static_cast<std::size_t>(p)].push_back(
            {offset(side, a.delta.right, a.delta.forward), a.mode, a.max_range, a.passes});
        t.has_passing = true;
      } else if (a.kind == ir::AtomKind::hook) {
        // The turns: the first step rotated a quarter turn either way.
        pm.hooks.push_back({offset(side, a.delta.right, a.delta.forward),
                            {offset(side, -a.delta.forward, a.delta.right), offset(side, a.delta.forward, -a.delta.right)},
                            a.mode});
      } else {
        continue;
      }
      t.has_reach = true;
      pm.may_repeat_target = true;
      if (captures(a.mode)) t.reach_pieces[side] |= line_bit(p, 3, 0, 0);
    }
  }

  /// The slides of piece `p` for `side` that jump their first squares, and their reverse lookups.
  void skips(int side, int p, std::map<int, AttackSkip>& skip_map, std::set<std::pair<int, int>>& seen) {
    PieceMoves& pm = t.moves[side][static_cast<std::size_t>(p)];
    for (const ir::MoveAtom& a : r.pieces[static_cast<std::size_t>(p)].moves) {
      if (a.kind != ir::AtomKind::slide || a.min_range <= 1) continue;
      const int o = offset(side, a.delta.right, a.delta.forward);
      t.skip_steps[side][static_cast<std::size_t>(p)].push_back({o, a.mode, a.max_range, a.min_range});
      pm.may_repeat_target = true;
      t.has_skips = true;
      if (!captures(a.mode)) continue;
      AttackSkip& as = skip_map[o];
      const std::size_t i = static_cast<std::size_t>(p);
      const bool fresh = seen.emplace(o, p).second;
      // Two such slides of a piece along one line: the nearer first square, the longer range.
      as.range[i] = static_cast<std::uint8_t>(fresh ? a.max_range : (as.range[i] == 0 || a.max_range == 0) ? 0 : std::max(as.range[i], a.max_range));
      as.first[i] = fresh ? a.min_range : std::min(as.first[i], a.min_range);
      as.offset = o;
      as.mask |= line_bit(p, 2, a.delta.right, a.delta.forward);
      as.most_first = std::max(as.most_first, int{as.first[i]});
    }
  }

  /// The two-leg moves of piece `p` for `side`. Their captures are the piece's own capturing
  /// leaps (check_rules) or, for a first leg that comes back to the origin (a capture without
  /// moving), a capturing leap of the attack tables (`leap_mask`) that the piece does not have.
  void legs(int side, int p, std::map<int, std::uint64_t>& leap_mask) {
    const ir::PieceType& pt = r.pieces[static_cast<std::size_t>(p)];
    PieceMoves& pm = t.moves[side][static_cast<std::size_t>(p)];
    pm.legs_promote = !pt.leg_moves.empty() && ir::promotes_one_way(pt.promotion);
    for (const ir::LegMove& m : pt.leg_moves) {
      const ir::Leg& a = m.legs[0];
      const ir::Leg& b = m.legs[1];
      if (m.third) {
        const ir::Leg& c = *m.third;
        LegPath3 path{offset(side, a.delta.right, a.delta.forward), offset(side, b.delta.right, b.delta.forward),
                      offset(side, c.delta.right, c.delta.forward), 0, 0, {a.mode, b.mode, c.mode}};
        path.first_dir = king_direction(path.first);
        path.second_dir = king_direction(path.second);
        pm.legs3.push_back(path);
        t.has_legs = true;
        t.has_legs3 = true;
        continue;
      }
      LegPath path{offset(side, a.delta.right, a.delta.forward), offset(side, b.delta.right, b.delta.forward),
                   a.mode, b.mode, false};
      for (const Step& s : pm.leaps) {
        path.plain = path.plain || (s.offset == path.first + path.second && covers(s.mode, b.mode));
      }
      if (path.first + path.second == 0 && captures(a.mode)) {
        leap_mask[path.first] |= leap_bit(p, a.delta.right, a.delta.forward);
      }
      pm.legs.push_back(path);
      t.has_legs = true;
    }
  }

  /// Piece `p`'s anywhere atoms for `side`: the modes united into PieceMoves::anywhere_mode (an
  /// atom guarding its captures only opens the empty squares, PieceMoves::anywhere_open); a
  /// piece with other atoms too then deduplicates its destinations.
  void anywhere(int side, int p) {
    PieceMoves& pm = t.moves[side][static_cast<std::size_t>(p)];
    for (const ir::MoveAtom& a : r.pieces[static_cast<std::size_t>(p)].moves) {
      if (a.kind != ir::AtomKind::anywhere) continue;
      pm.anywhere_mode = pm.anywhere ? unite(pm.anywhere_mode, a.mode) : a.mode;
      pm.anywhere_open = pm.anywhere_open || a.guard == ir::AnywhereGuard::captures;
      pm.anywhere = true;
      t.has_anywhere = true;
    }
    if (!pm.anywhere) return;
    pm.may_repeat_target = pm.may_repeat_target || !pm.leaps.empty() || !pm.slides.empty() || !pm.hops.empty();
    if (captures(pm.anywhere_mode)) t.anywhere_attackers |= line_bit(p, 4, 0, 0);
  }

  /// The atoms of every movement: each piece type's own, then each of its movements by rank.
  std::vector<const std::vector<ir::MoveAtom>*> movements() const {
    std::vector<const std::vector<ir::MoveAtom>*> out;
    for (const ir::PieceType& p : r.pieces) out.push_back(&p.moves);
    for (const ir::PieceType& p : r.pieces) {
      for (const ir::RankMovement& on : p.rank_moves) out.push_back(&on.moves);
    }
    return out;
  }

  /// Which movement each piece uses on each square (Tables::mover), for rank_moves.
  void movers() {
    const std::size_t cells = static_cast<std::size_t>(t.cells);
    int next = t.piece_count;
    for (int side = 0; side < 2; ++side) t.mover[side].assign(cells * static_cast<std::size_t>(t.piece_count), 0);
    for (int p = 0; p < t.piece_count; ++p) {
      for (int side = 0; side < 2; ++side) {
        for (int sq : t.squares) t.mover[side][static_cast<std::size_t>(p) * cells + static_cast<std::size_t>(sq)] = static_cast<std::uint8_t>(p);
      }
      for (const ir::RankMovement& on : r.pieces[static_cast<std::size_t>(p)].rank_moves) {
        for (int side = 0; side < 2; ++side) {
          for (int sq : t.squares) {
            const int rank = t.rank_of[static_cast<std::size_t>(sq)];
            const int from_far = side == 0 ? rank : t.ranks + 1 - rank;
            if (std::find(on.ranks.begin(), on.ranks.end(), from_far) != on.ranks.end()) {
              t.mover[side][static_cast<std::size_t>(p) * cells + static_cast<std::size_t>(sq)] = static_cast<std::uint8_t>(next);
            }
          }
        }
        ++next;
      }
    }
  }

  /// What the reverse lookups' leap masks tell apart of movement `p`: its capturing leaps and
  /// the first legs of its captures without moving (the leaps legs() adds), by direction.
  std::set<std::pair<int, int>> leap_key(const std::vector<RawStep>& steps, int p) const {
    std::set<std::pair<int, int>> key;
    for (const RawStep& s : steps) {
      if (!s.hop && s.range < 0 && captures(s.mode)) key.emplace(s.right, s.forward);
    }
    if (p >= t.piece_count) return key;
    for (const ir::LegMove& m : r.pieces[static_cast<std::size_t>(p)].leg_moves) {
      if (m.third) continue;  // its captures are the piece's leaps' (check_legs)
      const ir::Leg& a = m.legs[0];
      const ir::Leg& b = m.legs[1];
      if (a.delta.right + b.delta.right == 0 && a.delta.forward + b.delta.forward == 0 && captures(a.mode)) {
        key.emplace(a.delta.right, a.delta.forward);
      }
    }
    return key;
  }

  /// What the other reverse lookups' masks tell apart of movement `p`: the directions of its
  /// capturing slides, hops and skipping slides (tagged 0, 1, 2), and whether a capturing range
  /// jump, area or hook move (3) or anywhere move (4) is among its atoms.
  std::set<std::tuple<int, int, int>> line_key(const std::vector<RawStep>& steps, int p) const {
    std::set<std::tuple<int, int, int>> key;
    for (const RawStep& s : steps) {
      if (s.range >= 0 && captures(s.mode)) key.emplace(s.hop ? 1 : 0, s.right, s.forward);
    }
    if (p >= t.piece_count) return key;
    for (const ir::MoveAtom& a : r.pieces[static_cast<std::size_t>(p)].moves) {
      if (!captures(a.mode)) continue;
      if (a.kind == ir::AtomKind::slide && a.min_range > 1) key.emplace(2, a.delta.right, a.delta.forward);
      if (a.kind == ir::AtomKind::jump || a.kind == ir::AtomKind::area || a.kind == ir::AtomKind::hook ||
          a.kind == ir::AtomKind::range_capture || a.kind == ir::AtomKind::pass_slide) {
        key.emplace(3, 0, 0);
      }
      if (a.kind == ir::AtomKind::anywhere) key.emplace(4, 0, 0);
    }
    return key;
  }

  /// Gives movement `p` one leap kind and one line kind, of bits `leap` and `line` (the line
  /// kind's bit is the one cell_line counts).
  void own_kinds(std::size_t p, int leap, int line) {
    leap_bits[p] = std::uint64_t{1} << leap;
    line_bits[p] = std::uint64_t{1} << line;
    line_count[p] = static_cast<std::uint8_t>(line);
  }

  /// Numbers the attack kinds of the movements (Tables::piece_bit): each movement its own when
  /// they fit in kMaxAttackKinds; else one per distinct leap_key and one per distinct line_key
  /// when those fit; else one per class of atoms (atom_kinds). Code: ir-too-many-attack-kinds.
  std::optional<Error> kinds(const std::vector<std::vector<RawStep>>& steps_of) {
    const int n = static_cast<int>(steps_of.size());
    leap_bits.assign(static_cast<std::size_t>(n), 0);
    line_bits.assign(static_cast<std::size_t>(n), 0);
    line_count.assign(static_cast<std::size_t>(n), 0);
    if (n <= kMaxAttackKinds) {
      for (int p = 0; p < n; ++p) own_kinds(static_cast<std::size_t>(p), p, p);
      t.leap_kinds = t.line_kinds = n;
      return std::nullopt;
    }
    std::map<std::set<std::pair<int, int>>, int> leaps;
    std::map<std::set<std::tuple<int, int, int>>, int> lines;
    std::vector<int> leap_of, line_of;
    for (int p = 0; p < n; ++p) {
      const std::vector<RawStep>& steps = steps_of[static_cast<std::size_t>(p)];
      leap_of.push_back(leaps.emplace(leap_key(steps, p), static_cast<int>(leaps.size())).first->second);
      line_of.push_back(lines.emplace(line_key(steps, p), static_cast<int>(lines.size())).first->second);
    }
    if (leaps.size() + lines.size() <= static_cast<std::size_t>(kMaxAttackKinds)) {
      t.leap_kinds = static_cast<int>(leaps.size());
      t.line_kinds = static_cast<int>(lines.size());
      for (std::size_t p = 0; p < leap_of.size(); ++p) {
        own_kinds(p, leap_of[p], t.leap_kinds + line_of[p]);
      }
      return std::nullopt;
    }
    if (atom_kinds(steps_of)) return std::nullopt;
    return ir_error("ir-too-many-attack-kinds",
                    "the " + std::to_string(n) + " piece types and movements capture with " +
                        std::to_string(leaps.size()) + " distinct sets of leaps and " + std::to_string(lines.size()) +
                        " of slide, hop and jump directions, and with " + std::to_string(t.leap_kinds) +
                        " classes of leaps and " + std::to_string(t.line_kinds) +
                        " of directions that distinct sets of them have; at most " +
                        std::to_string(kMaxAttackKinds) + " sets or classes together are supported");
  }

  /// Kinds by atom class: the capturing atoms that the same movements have (leap_key and
  /// line_key entries) share a kind, and a movement has the kinds of its atoms, so that a
  /// lookup's mask is its atom's bit. Line kinds come after the leap kinds and bit 0, which
  /// cell_line counts for every movement, so that Position::present_ keeps them all, as
  /// Tables::present_base says. False, with the counts in leap_kinds and line_kinds, when they
  /// do not fit.
  bool atom_kinds(const std::vector<std::vector<RawStep>>& steps_of) {
    using Holders = std::vector<bool>;
    const std::size_t n = steps_of.size();
    std::map<std::pair<int, int>, Holders> leap_holders;
    std::map<std::tuple<int, int, int>, Holders> line_holders;
    for (std::size_t p = 0; p < n; ++p) {
      for (const auto& atom : leap_key(steps_of[p], static_cast<int>(p))) {
        Holders& h = leap_holders[atom];
        h.resize(n);
        h[p] = true;
      }
      for (const auto& atom : line_key(steps_of[p], static_cast<int>(p))) {
        Holders& h = line_holders[atom];
        h.resize(n);
        h[p] = true;
      }
    }
    std::map<Holders, int> leap_classes, line_classes;
    for (const auto& [atom, h] : leap_holders) leap_classes.emplace(h, static_cast<int>(leap_classes.size()));
    for (const auto& [atom, h] : line_holders) line_classes.emplace(h, static_cast<int>(line_classes.size()));
    t.leap_kinds = static_cast<int>(leap_classes.size());
    t.line_kinds = static_cast<int>(line_classes.size());
    const int line_base = std::max(t.leap_kinds, 1);
    if (line_base + t.line_kinds > kMaxAttackKinds) return false;
    by_atom = true;
    for (const auto& [atom, h] : leap_holders) leap_atom[atom] = std::uint64_t{1} << leap_classes.at(h);
    for (const auto& [atom, h] : line_holders) line_atom[atom] = std::uint64_t{1} << (line_base + line_classes.at(h));
    for (std::size_t p = 0; p < n; ++p) {
      for (const auto& atom : leap_key(steps_of[p], static_cast<int>(p))) leap_bits[p] |= leap_atom.at(atom);
      for (const auto& atom : line_key(steps_of[p], static_cast<int>(p))) line_bits[p] |= line_atom.at(atom);
      line_count[p] = 0;
    }
    for (const auto& [atom, bit] : line_atom) t.present_base |= bit;
    return true;
  }

  std::optional<Error> movement() {
    const std::vector<const std::vector<ir::MoveAtom>*> all = movements();
    const int n = static_cast<int>(all.size());
    t.movement_count = n;
    t.rank_moves = n > t.piece_count;
    t.wide_cells = n > kMaxNarrowTypes;  // movements by rank are cells too (Position::rank_cell)
    // Cells, piece bits and attack masks hold every movement as a piece type of its own.
    if (n > kMaxPieceTypes) {
      return ir_error("ir-too-many-pieces", "piece types and movements by rank number more than " +
                                                std::to_string(kMaxPieceTypes));
    }
    if (t.rank_moves) movers();
    std::vector<std::vector<RawStep>> steps_of;
    for (int p = 0; p < n; ++p) steps_of.push_back(dedupe_atoms(*all[static_cast<std::size_t>(p)]));
    if (auto e = kinds(steps_of)) return e;
    const int longest = std::max(t.files, t.ranks);
    for (int side = 0; side < 2; ++side) {
      t.moves[side].assign(static_cast<std::size_t>(n), {});
      std::map<int, std::uint64_t> leap_mask;
      std::map<int, AttackSlide> slide_map;
      std::map<int, std::vector<bool>> slide_in;  // offset -> movements in the slide's mask
      std::map<int, AttackHop> hop_map;
      std::set<std::pair<int, int>> seen;  // (offset, movement) of the hops added so far
      for (int p = 0; p < n; ++p) {
        const std::vector<RawStep>& steps = steps_of[static_cast<std::size_t>(p)];
        PieceMoves& pm = t.moves[side][static_cast<std::size_t>(p)];
        pm.may_repeat_target = may_repeat(steps, longest);
        for (const RawStep& s : steps) {
          const int o = offset(side, s.right, s.forward);
          if (s.hop) {
            pm.hops.push_back({o, s.mode, s.range, s.beyond});
            t.has_hops = true;
            if (captures(s.mode)) add_hop(hop_map[o], o, p, s, seen.emplace(o, p).second);
          } else if (s.range < 0) {
            pm.leaps.push_back({o, s.mode, 1});
            if (captures(s.mode)) leap_mask[o] |= leap_bit(p, s.right, s.forward);
          } else {
            pm.slides.push_back({o, s.mode, s.range});
            if (!captures(s.mode)) continue;
            std::vector<bool>& in = slide_in[o];
            in.resize(static_cast<std::size_t>(n));
            add_ranged(slide_map[o], o, p, s, !in[static_cast<std::size_t>(p)]);
            in[static_cast<std::size_t>(p)] = true;
          }
        }
      }
      for (int p = 0; p < t.piece_count; ++p) legs(side, p, leap_mask);
      t.sweep_steps[side].assign(static_cast<std::size_t>(n), {});
      t.pass_steps[side].assign(static_cast<std::size_t>(n), {});
      for (int p = 0; p < t.piece_count; ++p) reach(side, p);
      std::map<int, AttackSkip> skip_map;
      std::set<std::pair<int, int>> skip_seen;
      t.skip_steps[side].assign(static_cast<std::size_t>(n), {});
      for (int p = 0; p < t.piece_count; ++p) skips(side, p, skip_map, skip_seen);
      for (const auto& [o, as] : skip_map) t.attack_skips[side].push_back(as);
      for (int p = 0; p < t.piece_count; ++p) anywhere(side, p);
      for (const auto& [o, mask] : leap_mask) t.attack_leaps[side].push_back({o, mask});
      for (auto& [o, as] : slide_map) t.attack_slides[side].push_back(limited(as, slide_in[o]));
      for (auto& [o, ah] : hop_map) t.attack_hops[side].push_back(ah);
      // Range jumps and area moves are asked after the hops (Position::hop_attacked): a hop of
      // no piece makes the list non-empty, so that the others pay nothing for them.
      t.after_hops = t.has_reach || t.anywhere_attackers != 0 || t.has_skips;
      if (t.after_hops) t.attack_hops[side].push_back(AttackHop{});
      for (int p = 0; p < n; ++p) {
        const std::size_t i = static_cast<std::size_t>(p);
        t.piece_bit[static_cast<std::size_t>(side)][make_cell(side, p)] = leap_bits[i] | line_bits[i];
        t.cell_line[make_cell(side, p)] = line_count[i];
      }
      if (t.attack_slides[side].size() > kMaxSlideDirections) {
        return ir_error("ir-too-many-directions", "the pieces slide in more than " +
                                                      std::to_string(kMaxSlideDirections) + " directions");
      }
    }
    // Moves the staged generator lists from one square: twice its empty-board destinations
    // (promotion choices) when an own piece stands there, or one drop per face when it is
    // empty. Two-leg moves are reserved apart (most_legs, see generate_special_pseudo).
    std::size_t faces = 0;
    for (const auto& f : t.drop_faces) faces += f.size();
    std::size_t bound = 0;
    for (int sq : t.squares) {
      std::size_t most = faces;
      for (int p = 0; p < t.movement_count; ++p) {
        const PieceMoves& pm = t.moves[0][static_cast<std::size_t>(p)];
        std::size_t dest = 0;
        for (const Step& s : pm.leaps) dest += t.file_of[static_cast<std::size_t>(sq + s.offset)] != 0;
        for (const Step& s : pm.slides) {
          int to = sq + s.offset;
          for (int k = 1; t.file_of[static_cast<std::size_t>(to)] != 0 && (s.range == 0 || k <= s.range); ++k) {
            ++dest;
            to += s.offset;
          }
        }
        // A hop's screen stands on one of the squares along its line; it lands beyond.
        for (const Step& s : pm.hops) {
          int to = sq + s.offset;
          for (int k = 1; t.file_of[static_cast<std::size_t>(to)] != 0 && (s.range == 0 || k <= s.range); ++k) {
            ++dest;
            to += s.offset;
          }
        }
        for (const Step& s : t.skip_steps[0][static_cast<std::size_t>(p)]) {
          int to = sq + s.offset;
          for (int k = 1; t.file_of[static_cast<std::size_t>(to)] != 0 && (s.range == 0 || k <= s.range); ++k) {
            dest += k >= s.beyond;
            to += s.offset;
          }
        }
        const auto line = [&](const std::vector<Step>& steps) {
          for (const Step& s : steps) {
            int to = sq + s.offset;
            for (int k = 1; t.file_of[static_cast<std::size_t>(to)] != 0 && (s.range == 0 || k <= s.range); ++k) {
              ++dest;
              to += s.offset;
            }
          }
        };
        line(pm.jumps);
        line(t.sweep_steps[0][static_cast<std::size_t>(p)]);
        line(t.pass_steps[0][static_cast<std::size_t>(p)]);
        dest += static_cast<std::size_t>((2 * pm.area.range + 1) * (2 * pm.area.range + 1) - 1);
        if (!pm.hooks.empty()) dest += t.squares.size();  // each square once, whatever the route
        if (pm.anywhere) dest += t.squares.size();
        most = std::max(most, 2 * dest);
        t.most_legs = std::max(t.most_legs, pm.legs.size());
      }
      bound += most;
    }
    t.move_bound = bound;
    return std::nullopt;
  }

  void pieces() {
    const int n = t.piece_count;
    for (int p = 0; p < n; ++p) {
      const ir::PieceType& pt = r.pieces[static_cast<std::size_t>(p)];
      t.promotion.push_back(pt.promotion);
      t.promotes_to.push_back(pt.promotion == ir::Promotion::none ? -1 : int{pt.promotes_to});
      t.base.push_back(pt.base_face == ir::kNoPiece ? p : int{pt.base_face});
      t.royal.push_back(pt.royal ? 1 : 0);
    }
    // A face step's new cell per cell, 0 where the face has none or royalty changes.
    t.plain_turn.assign(static_cast<std::size_t>(2 * n + 1), 0);
    for (int p = 0; p < n; ++p) {
      const int next = t.promotes_to[static_cast<std::size_t>(p)];
      if (next < 0 || t.royal[static_cast<std::size_t>(p)] != t.royal[static_cast<std::size_t>(next)]) continue;
      for (int side = 0; side < 2; ++side) {
        t.plain_turn[static_cast<std::size_t>(1 + p * 2 + side)] = static_cast<std::uint16_t>(1 + next * 2 + side);
      }
    }
    t.drop_faces.assign(static_cast<std::size_t>(n), {});
    for (int p = 0; p < n; ++p) {
      const std::size_t up = static_cast<std::size_t>(p);
      if (t.base[up] != p || t.royal[up]) continue;
      t.hand_pieces.push_back(p);
      t.drop_faces[up].push_back(p);
      if (r.drops.face == ir::DropFace::any_face && t.promotes_to[up] >= 0 && t.promotes_to[up] != p) {
        t.drop_faces[up].push_back(t.promotes_to[up]);
      }
    }
    t.drops_enabled = r.drops.enabled;
    t.borrow_behind = r.movement.source == ir::MovementSource::friend_behind;
    t.behind = {t.width, -t.width};  // one rank nearer the side's own edge
    // A captured piece goes to hand as its base face, unless captures remove pieces or that
    // face is royal (a royal piece never goes to hand; a royal promoted face demotes).
    // A piece captured as another (PieceType::captured_as) goes to hand as that piece.
    for (int p = 0; p < n; ++p) {
      const int base = t.base[static_cast<std::size_t>(p)];
      ir::PieceId as = r.pieces[static_cast<std::size_t>(p)].captured_as;
      if (as == ir::kNoPiece) as = r.pieces[static_cast<std::size_t>(base)].captured_as;  // either face
      const int taken = as != ir::kNoPiece ? int{as} : base;
      const bool kept = r.drops.captured == ir::CaptureFate::to_hand && !t.royal[static_cast<std::size_t>(taken)];
      t.to_hand.push_back(kept ? taken : -1);
    }
    t.royal_in_check = r.royals.in_check;
    t.on_enter = r.promotion.on_enter;
    t.on_within = r.promotion.on_within;
    t.on_leave = r.promotion.on_leave;
    for (const ir::EndRule& e : r.endings) {
      if (e.kind == ir::EndKind::bare_king) {
        t.has_bare_rule = true;
        t.bare_reply_draws = t.bare_reply_draws || e.bare_reply_draws;
        t.bare_guarded = e.guarded;
        t.bare_outcome = e.outcome;
        t.bare_weak.assign(static_cast<std::size_t>(n), 0);
        for (ir::PieceId p : e.weak) t.bare_weak[p] = 1;
      }
      if (e.kind == ir::EndKind::royal_captured) t.royal_captured = e;
      if (e.kind == ir::EndKind::royal_reaches) t.royal_reaches = e;
      if (e.kind == ir::EndKind::check_given) t.check_given = e;
    }
    t.has_move_rules = t.royal_captured || t.royal_reaches || t.check_given;
    t.traded.assign(static_cast<std::size_t>(n), 0);
    t.minor.assign(static_cast<std::size_t>(n), 0);
    for (ir::PieceId p : r.trade.pieces) t.traded[p] = 1;
    for (ir::PieceId p : r.trade.minor) t.minor[p] = 1;
    t.has_trade = !r.trade.pieces.empty();
    t.on_capture = r.promotion.on_capture;
    t.last_rank_piece.assign(static_cast<std::size_t>(n), 0);
    for (ir::PieceId p : r.promotion.on_last_rank) t.last_rank_piece[p] = 1;
    for (const ir::PieceType& pt : r.pieces) {
      const std::uint64_t any = pt.by_capture_of.empty() ? ~std::uint64_t{0} : 0;
      std::array<std::uint64_t, 2> of{any, any};
      for (ir::PieceId q : pt.by_capture_of) of[q / 64u] |= std::uint64_t{1} << (q % 64u);
      t.by_capture.push_back(pt.by_capture);
      t.by_capture_of.push_back(of);
      t.capture_promotion = t.capture_promotion || pt.by_capture != ir::CapturePromotion::none;
    }
    t.extra_promotion = t.on_capture || !r.promotion.on_last_rank.empty() || t.capture_promotion;
    // A side can hold the royals it starts with plus one for each of its pieces whose other
    // face is royal.
    int most = 1;
    for (int side = 0; side < 2; ++side) {
      int royals = 0;
      for (const ir::Placement& pl : r.setup.placements) {
        if (static_cast<int>(pl.side) != side) continue;
        const std::size_t p = pl.piece;
        royals += t.royal[p] || (t.promotes_to[p] >= 0 && t.royal[static_cast<std::size_t>(t.promotes_to[p])]);
      }
      most = std::max(most, royals);
    }
    t.max_royals = most;
  }

  /// A banned_ranks restriction forbids dropping piece `p` of `side` on `sq`.
  bool banned(int p, int side, int sq) const { return drop_rank_banned(r, t, p, side, sq); }

  std::optional<Error> regions() {
    const int n = t.piece_count;
    const std::size_t cells = static_cast<std::size_t>(t.cells);
    bool dead_square_rule = false;
    t.file_slot.assign(static_cast<std::size_t>(n), -1);
    t.drop_mate.assign(static_cast<std::size_t>(n), 0);
    for (const ir::DropRestriction& d : r.drops.restrictions) {
      switch (d.kind) {
        case ir::DropRestrictionKind::dead_square: dead_square_rule = true; break;
        case ir::DropRestrictionKind::drop_mate: t.drop_mate[d.piece] = 1; break;
        case ir::DropRestrictionKind::banned_ranks: break;  // read square by square: banned()
        case ir::DropRestrictionKind::two_per_file:
          if (t.file_slot[d.piece] < 0) {
            if (t.file_slot_count == kMaxFileSlots) {
              return ir_error("ir-bad-restriction", "at most " + std::to_string(kMaxFileSlots) +
                                                      " piece types may be limited per file");
            }
            t.file_limit[static_cast<std::size_t>(t.file_slot_count)] = d.max_per_file;
            t.slot_piece[static_cast<std::size_t>(t.file_slot_count)] = d.piece;
            t.file_slot[d.piece] = t.file_slot_count++;
          }
          {
            const std::size_t slot = static_cast<std::size_t>(t.file_slot[d.piece]);
            std::uint8_t& limit = t.file_limit[slot];
            limit = std::min(limit, d.max_per_file);
            if (d.moves_too) {
              const std::uint8_t old = t.file_limit_moves[slot];
              t.file_limit_moves[slot] = old == 0 ? d.max_per_file : std::min(old, d.max_per_file);
              t.limit_moves = true;
            }
          }
          break;
      }
    }
    t.cell_slot.fill(-1);
    for (int p = 0; p < n; ++p) {
      const auto slot = static_cast<std::int8_t>(t.file_slot[static_cast<std::size_t>(p)]);
      for (int side = 0; side < 2; ++side) t.cell_slot[make_cell(side, p)] = slot;
    }
    for (int side = 0; side < 2; ++side) {
      t.zone[side].assign(cells, 0);
      t.dead[side].assign(cells * static_cast<std::size_t>(n), 0);
      t.stuck[side].assign(cells * static_cast<std::size_t>(n), 0);
      t.drop_ok[side].assign(cells * static_cast<std::size_t>(n), 0);
      for (int sq : t.squares) {
        const int rank = t.rank_of[static_cast<std::size_t>(sq)];
        const int depth = r.promotion.zone_depth;
        t.zone[side][static_cast<std::size_t>(sq)] =
            depth > 0 && (side == 0 ? rank <= depth : rank > t.ranks - depth);
      }
      t.far_rank[side].assign(cells, 0);
      for (int sq : t.squares) {
        const int rank = t.rank_of[static_cast<std::size_t>(sq)];
        t.far_rank[side][static_cast<std::size_t>(sq)] = side == 0 ? rank == 1 : rank == t.ranks;
      }
      t.goal[side].assign(cells, 0);
      if (t.royal_reaches) {
        for (int sq : t.squares) {
          const int rank = t.rank_of[static_cast<std::size_t>(sq)];
          const int from_far = side == 0 ? rank : t.ranks + 1 - rank;
          for (std::uint8_t target : t.royal_reaches->ranks) {
            if (target == from_far) t.goal[side][static_cast<std::size_t>(sq)] = 1;
          }
        }
      }
    }
    // Mark cells on the board so that the wall test below can read them.
    std::vector<std::uint8_t> on_board(cells, 0);
    for (int sq : t.squares) on_board[static_cast<std::size_t>(sq)] = 1;
    for (int side = 0; side < 2; ++side) {
      for (int p = 0; p < n; ++p) {
        for (int sq : t.squares) {
          const std::size_t i = static_cast<std::size_t>(p) * cells + static_cast<std::size_t>(sq);
          const PieceMoves& pm = t.moves[side][t.rank_moves ? t.mover[side][i] : static_cast<std::size_t>(p)];
          bool alive = false;
          for (const Step& s : pm.leaps) alive |= on_board[static_cast<std::size_t>(sq + s.offset)] != 0;
          for (const Step& s : pm.slides) alive |= on_board[static_cast<std::size_t>(sq + s.offset)] != 0;
          // A hop needs a screen and a square beyond it, within its range.
          for (const Step& s : pm.hops) {
            alive |= s.range != 1 && on_board[static_cast<std::size_t>(sq + s.offset)] != 0 &&
                     on_board[static_cast<std::size_t>(sq + 2 * s.offset)] != 0;
          }
          for (const Step& s : pm.jumps) alive |= on_board[static_cast<std::size_t>(sq + s.offset)] != 0;
          const std::size_t movement = t.rank_moves ? t.mover[side][i] : static_cast<std::size_t>(p);
          for (const Step& s : t.sweep_steps[side][movement]) alive |= on_board[static_cast<std::size_t>(sq + s.offset)] != 0;
          for (const Step& s : t.pass_steps[side][movement]) alive |= on_board[static_cast<std::size_t>(sq + s.offset)] != 0;
          // A slide that jumps its first squares needs its nearest stop on the board.
          for (const Step& s : t.skip_steps[side][t.rank_moves ? t.mover[side][i] : static_cast<std::size_t>(p)]) {
            int to = sq;
            bool on = true;
            for (int k = 0; k < s.beyond && on; ++k) to += s.offset, on = on_board[static_cast<std::size_t>(to)] != 0;
            alive |= on;
          }
          alive |= pm.area.range != 0;  // a board has a square next to every square
          for (const HookStep& h : pm.hooks) alive |= on_board[static_cast<std::size_t>(sq + h.first)] != 0;
          alive |= pm.anywhere;
          t.dead[side][i] = r.promotion.forbid_dead_end && !alive;
          t.stuck[side][i] = !alive;
          t.drop_ok[side][i] = !(dead_square_rule && !alive) && !banned(p, side, sq);
        }
      }
    }
    return std::nullopt;
  }

  void spellings() {
    std::vector<std::string> native;
    for (const ir::PieceType& p : r.pieces) native.push_back(p.symbol);
    t.tokens.push_back(native);
    t.suffix.push_back(r.suffix);
    for (const ir::Dialect& d : r.dialects) {
      t.tokens.push_back(d.symbols);
      t.suffix.push_back(d.suffix);
    }
  }
};

}  // namespace

bool drop_rank_banned(const ir::RuleSet& r, const Tables& t, int p, int side, int sq) {
  const int rank = t.rank_of[static_cast<std::size_t>(sq)];
  const int from_far = side == 0 ? rank : t.ranks + 1 - rank;
  for (const ir::DropRestriction& d : r.drops.restrictions) {
    if (d.kind == ir::DropRestrictionKind::banned_ranks && d.piece == p &&
        std::find(d.ranks.begin(), d.ranks.end(), from_far) != d.ranks.end()) {
      return true;
    }
  }
  return false;
}

std::optional<Error> build_tables(const ir::RuleSet& r, Tables& t) {
  TableBuilder b{r, t, {}, {}, {}, false, {}, {}};
  t.piece_count = static_cast<int>(r.pieces.size());
  if (auto e = b.geometry()) return e;
  b.pieces();
  if (auto e = b.movement()) return e;
  if (auto e = b.regions()) return e;
  b.spellings();
  for (const ir::PieceType& piece : r.pieces) t.piece_rank.push_back(piece.rank);
  t.special = t.has_legs || t.has_trade || t.extra_promotion || t.has_hops || t.has_reach || t.has_anywhere || t.has_skips;
  t.has_extra_atoms = t.has_hops || t.has_reach || t.has_anywhere || t.has_skips;
  t.reach_or_skips = t.has_reach || t.has_skips;
  t.acting = t.borrow_behind || t.rank_moves || t.limit_moves;
  for (const ir::PieceType& piece : r.pieces) {
    t.burn_stop.push_back(piece.burns.on_stop);
    t.burn_arrival.push_back(piece.burns.on_arrival);
    t.burns = t.burns || piece.burns.any();
  }
  t.neighbours = {-t.width - 1, -t.width, -t.width + 1, -1, 1, t.width - 1, t.width, t.width + 1};
  t.special = t.special || t.burns;
  t.marks_moves = t.burns || t.has_sweeps;
  t.royal_special = t.acting || t.burns;
  // The generator that reads movement square by square plays no burns.
  if (t.burns && t.acting) {
    return ir_error("ir-bad-burning", "burning does not combine with movement by rank, borrowed movement "
                                      "or per-file limits on moves");
  }
  // The generator that reads movement square by square and the trading rules' protection
  // test know no anywhere atoms.
  if (t.has_anywhere && (t.acting || t.has_trade)) {
    return ir_error("ir-bad-atom", "a move to any unprotected square does not combine with movement by rank, "
                                   "borrowed movement, per-file limits on moves or the trading rules");
  }
  // The generator that reads movement square by square plays hops, not two-leg moves, range
  // jumps, area moves, the trading rules or the extra promotions.
  if ((t.rank_moves || t.limit_moves) && (t.has_legs || t.has_trade || t.extra_promotion || t.has_reach || t.has_skips)) {
    return ir_error("ir-bad-rank-moves", "movement by rank and per-file limits on moves do not combine with two-leg "
                                         "moves, range jumps, area moves, slides that jump their first squares, the "
                                         "trading rules, or promotion on capture or on the last rank");
  }
  return std::nullopt;
}

}  // namespace koma::detail
