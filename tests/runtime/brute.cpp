// The brute-force generator of brute.h. Reads only the IR and the board, never the runtime's
// derived tables.
#include "brute.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <map>
#include <tuple>
#include <set>
#include <stdexcept>
#include <string>

namespace koma::test {

namespace {

struct Square {
  int file, rank;
};

class Brute {
 public:
  explicit Brute(Position& pos) : pos_(pos), v_(pos.variant()), r_(v_.rules()) {}

  int side_of(int f, int rk) const {
    if (v_.square(f, rk) == hole_) return -1;
    if (v_.square(f, rk) == foe_) return foe_side_;
    const Cell c = pos_.at(v_.square(f, rk));
    return is_piece(c) ? cell_side(c) : -1;
  }
  int piece_of(int f, int rk) const {
    return v_.square(f, rk) == foe_ ? foe_piece_ : cell_piece(pos_.at(v_.square(f, rk)));
  }
  bool on_board(int f, int rk) const { return f >= 1 && f <= r_.board.files && rk >= 1 && rk <= r_.board.ranks; }

  /// The piece type the piece on (f, rk) moves as: with MovementSource::friend_behind, the type
  /// of a piece of its side on the next square of its file towards its own edge, else its own.
  int moves_as(int f, int rk) const {
    const int p = piece_of(f, rk);
    if (r_.movement.source != ir::MovementSource::friend_behind) return p;
    const int side = side_of(f, rk);
    const int behind = side == 0 ? rk + 1 : rk - 1;  // rank 1 is the top, gote's edge
    return on_board(f, behind) && side_of(f, behind) == side ? piece_of(f, behind) : p;
  }

  /// The atoms `piece` of `side` moves by on rank `rk`: a movement by rank there, else its own.
  const std::vector<ir::MoveAtom>& atoms(int piece, int side, int rk) const {
    const ir::PieceType& pt = r_.pieces[static_cast<std::size_t>(piece)];
    const int from_far = side == 0 ? rk : r_.board.ranks + 1 - rk;
    for (const ir::RankMovement& on : pt.rank_moves) {
      for (std::uint8_t r : on.ranks) {
        if (r == from_far) return on.moves;
      }
    }
    return pt.moves;
  }

  /// Whether `side` protects (tf, tr) against an anywhere move from (f, rk), that square taken
  /// as empty: another piece of `side` reaches it by its other atoms, or moves anywhere itself.
  bool protects(int side, int tf, int tr, int f, int rk) const {
    const int saved = hole_, saved_foe = foe_, saved_side = foe_side_, saved_piece = foe_piece_;
    // The square protected holds, as far as its protectors see, the mover to take back (its
    // rank, not the rank of a piece it takes, bounds range jumps).
    foe_piece_ = piece_of(f, rk);
    hole_ = v_.square(f, rk);
    foe_ = v_.square(tf, tr);
    foe_side_ = side ^ 1;
    bool found = false;
    for (int ef = 1; ef <= r_.board.files && !found; ++ef) {
      for (int er = 1; er <= r_.board.ranks && !found; ++er) {
        if ((ef == tf && er == tr) || side_of(ef, er) != side) continue;
        const int p = moves_as(ef, er);
        for (const ir::MoveAtom& a : atoms(p, side, er)) {
          found = found || (a.kind == ir::AtomKind::anywhere && a.mode != ir::AtomMode::move_only);
        }
        for (Square s : targets(p, side, ef, er, true, false)) found = found || (s.file == tf && s.rank == tr);
      }
    }
    hole_ = saved, foe_ = saved_foe, foe_side_ = saved_side, foe_piece_ = saved_piece;
    return found;
  }

  /// Squares a piece of `side` on (f, rk) can reach; `attacks_only` keeps capturing atoms;
  /// `anywhere` false leaves out the moves to any unprotected square.
  std::vector<Square> targets(int piece, int side, int f, int rk, bool attacks_only, bool anywhere = true) const {
    std::vector<Square> out;
    const int sign = side == 0 ? 1 : -1;
    if (attacks_only) {
      for (const LegEnd& e : leg_ends(piece, side, f, rk)) {
        if (e.takes_mid) out.push_back(e.mid);
        if (e.takes_end) out.push_back(e.end);
      }
    }
    for (const ir::MoveAtom& a : atoms(piece, side, rk)) {
      if (a.kind == ir::AtomKind::jump || a.kind == ir::AtomKind::area || a.kind == ir::AtomKind::hook ||
          a.kind == ir::AtomKind::range_capture || a.kind == ir::AtomKind::pass_slide) {
        reach_targets(a, piece, side, f, rk, attacks_only, out);
        continue;
      }
      if (a.kind == ir::AtomKind::anywhere) {
        if (!anywhere) continue;
        for (int tf = 1; tf <= r_.board.files; ++tf) {
          for (int tr = 1; tr <= r_.board.ranks; ++tr) {
            const int occ = side_of(tf, tr);
            if (occ == side || (tf == f && tr == rk)) continue;
            const bool can = occ < 0 ? (attacks_only ? a.mode != ir::AtomMode::move_only : a.mode != ir::AtomMode::capture_only)
                                     : a.mode != ir::AtomMode::move_only;
            // A move to an empty square is open when the guard bars captures only; an attack
            // there stays what a capture would be.
            const bool open = occ < 0 && !attacks_only && a.guard == ir::AnywhereGuard::captures;
            if (can && (open || !protects(side ^ 1, tf, tr, f, rk))) out.push_back({tf, tr});
          }
        }
        continue;
      }
      const int df = -a.delta.right * sign, dr = -a.delta.forward * sign;
      const int reps = a.kind == ir::AtomKind::leap ? 1 : (a.max_range == 0 ? 99 : a.max_range);
      int tf = f, tr = rk;
      // A hop passes empty squares to a screen (any piece), then goes on as a slide, at most
      // `beyond` squares past the screen.
      bool screened = a.kind != ir::AtomKind::hop;
      int past = 0;
      for (int k = 0; k < reps; ++k) {
        tf += df, tr += dr;
        if (!on_board(tf, tr)) break;
        if (a.kind == ir::AtomKind::slide && k + 1 < a.min_range) continue;  // jumped, whatever stands there
        if (!screened) {
          screened = side_of(tf, tr) >= 0;
          continue;
        }
        if (a.kind == ir::AtomKind::hop && a.beyond != 0 && ++past > a.beyond) break;
        const int occ = side_of(tf, tr);
        if (occ == side) break;
        const bool can_move = a.mode != ir::AtomMode::capture_only && !attacks_only;
        const bool can_capture = a.mode != ir::AtomMode::move_only;
        if (occ < 0) {
          if (can_move || (attacks_only && can_capture)) out.push_back({tf, tr});
        } else {
          if (can_capture) out.push_back({tf, tr});
          break;
        }
      }
    }
    return out;
  }

  /// A two-leg move of a piece of `side` from (f, rk) that can be made: where its legs end and
  /// whether each takes an enemy piece there (the origin, left by the piece, counts as empty).
  struct LegEnd {
    Square mid, end;
    bool takes_mid, takes_end;
  };
  std::vector<LegEnd> leg_ends(int piece, int side, int f, int rk) const {
    std::vector<LegEnd> out;
    const int sign = side == 0 ? 1 : -1;
    const auto fits = [&](int tf, int tr, ir::AtomMode mode, bool& takes) {
      if (!on_board(tf, tr)) return false;
      const int occ = (tf == f && tr == rk) ? -1 : side_of(tf, tr);
      takes = occ >= 0 && occ != side;
      if (occ < 0) return mode != ir::AtomMode::capture_only;
      return takes && mode != ir::AtomMode::move_only;
    };
    for (const ir::LegMove& m : r_.pieces[static_cast<std::size_t>(piece)].leg_moves) {
      if (m.third) continue;  // three_leg_moves
      LegEnd e{{f - m.legs[0].delta.right * sign, rk - m.legs[0].delta.forward * sign}, {0, 0}, false, false};
      e.end = {e.mid.file - m.legs[1].delta.right * sign, e.mid.rank - m.legs[1].delta.forward * sign};
      if (fits(e.mid.file, e.mid.rank, m.legs[0].mode, e.takes_mid) && fits(e.end.file, e.end.rank, m.legs[1].mode, e.takes_end)) {
        out.push_back(e);
      }
    }
    return out;
  }

  /// The three-leg moves of piece `p` of `us` on (f, rk), read from its LegMoves' third legs:
  /// two king steps, each to an empty square (the origin counts as one) or taking an enemy
  /// piece, then the last leg, to an empty square (the origin and the first middle square count
  /// as such) or an enemy. Those taking on neither middle square are leaps or passes (listed
  /// apart). One move per effect (last square and squares taken), none where a two-leg move in
  /// `two_leg_takes` has it, written as move.h says: through the one taken square when it
  /// touches the origin (Move::legs), else by its two steps (Move::legs3), the smallest move of
  /// its paths.
  void three_leg_moves(int p, int us, int f, int rk, const std::set<std::tuple<int, int, int>>& two_leg_takes,
                       std::vector<Move>& out) const {
    const int sign = us == 0 ? 1 : -1;
    const int width = std::abs(v_.square(1, 2) - v_.square(1, 1));
    const int origin = v_.square(f, rk);
    const auto step_index = [&](int from, int to) {
      for (int k = 0; k < 8; ++k) {
        if (kKingDirections[k].file + kKingDirections[k].row * width == to - from) return k;
      }
      throw std::logic_error("a three-leg move's step is not a king step");
    };
    // An occupant that a leg may land on: -1 for empty, else its side.
    const auto allows = [&](int occ, ir::AtomMode mode) {
      if (occ < 0) return mode != ir::AtomMode::capture_only;
      return occ != us && mode != ir::AtomMode::move_only;
    };
    struct Found {
      Move move;
      std::vector<int> taken;  // the pieces it takes
      Square end;
    };
    std::map<std::tuple<int, int, int>, Found> best;  // by effect
    for (const ir::LegMove& m : r_.pieces[static_cast<std::size_t>(p)].leg_moves) {
      if (!m.third) continue;
      const Square a{f - m.legs[0].delta.right * sign, rk - m.legs[0].delta.forward * sign};
      const Square b{a.file - m.legs[1].delta.right * sign, a.rank - m.legs[1].delta.forward * sign};
      const Square e{b.file - m.third->delta.right * sign, b.rank - m.third->delta.forward * sign};
      if (!on_board(a.file, a.rank) || !on_board(b.file, b.rank) || !on_board(e.file, e.rank)) continue;
      const int sa = v_.square(a.file, a.rank), sb = v_.square(b.file, b.rank), se = v_.square(e.file, e.rank);
      const int oa = side_of(a.file, a.rank);
      const int ob = sb == origin ? -1 : side_of(b.file, b.rank);
      const int oe = se == origin || se == sa ? -1 : side_of(e.file, e.rank);
      if (!allows(oa, m.legs[0].mode) || !allows(ob, m.legs[1].mode) || !allows(oe, m.third->mode)) continue;
      // Taken on the way: a piece on a middle square that is not where the move ends (one
      // there is taken as by a plain move to it).
      const bool ta = oa >= 0 && sa != se, tb = ob >= 0;
      if (!ta && !tb) continue;
      std::vector<int> squares;
      if (ta) squares.push_back(sa);
      if (tb) squares.push_back(sb);
      const bool touches = std::abs(b.file - f) <= 1 && std::abs(b.rank - rk) <= 1;
      const Move move = !tb                 ? Move::legs(origin, sa, se, false)
                        : !ta && touches ? Move::legs(origin, sb, se, false)
                                            : Move::legs3(origin, step_index(origin, sa), step_index(sa, sb), se, false);
      std::sort(squares.begin(), squares.end());
      const std::tuple<int, int, int> effect{se, squares[0], squares.size() > 1 ? squares[1] : 0};
      if (squares.size() == 1 && two_leg_takes.count(effect)) continue;
      std::vector<int> taken;
      for (int sq : squares) taken.push_back(cell_piece(pos_.at(sq)));
      if (oe >= 0) taken.push_back(piece_of(e.file, e.rank));
      if (oa >= 0 && sa == se) taken.push_back(piece_of(a.file, a.rank));
      const auto it = best.find(effect);
      if (it == best.end() || move < it->second.move) best[effect] = Found{move, taken, e};
    }
    for (const auto& [effect, found] : best) {
      const bool back = found.end.file == f && found.end.rank == rk;
      for (auto [change, result] : promotion_options(p, us, rk, found.end.rank, back, found.taken)) {
        if (r_.promotion.forbid_dead_end && is_dead(result, us, found.end.file, found.end.rank)) continue;
        out.push_back(change ? found.move.changing_face() : found.move);
      }
    }
  }

  /// The promotion choices (change face, resulting piece) of a board move of `p` of side `us`
  /// from rank `rk` to rank `tr` that takes the pieces `taken` (empty: none): the zone rules,
  /// promotion on capture in the zone, on the last rank, and by capturing. A move that ends where
  /// it started and takes nothing (a pass) never promotes.
  std::vector<std::pair<bool, int>> promotion_options(int p, int us, int rk, int tr, bool same_square,
                                                      const std::vector<int>& taken) const {
    const ir::PieceType& pt = r_.pieces[static_cast<std::size_t>(p)];
    const ir::PromotionRules& pr = r_.promotion;
    if (!ir::promotes_one_way(pt.promotion) || (same_square && taken.empty())) return {{false, p}};
    const bool fz = in_zone(us, rk), tz = in_zone(us, tr);
    bool can = (tz && !fz && pr.on_enter) || (tz && fz && pr.on_within) || (!tz && fz && pr.on_leave);
    can = can || (pr.on_capture && !taken.empty() && (fz || tz));
    const int from_far = us == 0 ? tr : r_.board.ranks + 1 - tr;
    can = can || (!same_square && from_far == 1 &&
                  std::find(pr.on_last_rank.begin(), pr.on_last_rank.end(), p) != pr.on_last_rank.end());
    bool must = false;
    for (int q : taken) {
      if (pt.by_capture == ir::CapturePromotion::none) break;
      if (!pt.by_capture_of.empty() && std::find(pt.by_capture_of.begin(), pt.by_capture_of.end(), q) == pt.by_capture_of.end()) {
        continue;
      }
      can = true;
      must = must || pt.by_capture == ir::CapturePromotion::must;
    }
    must = must || (can && pt.promotion == ir::Promotion::forced);
    std::vector<std::pair<bool, int>> options;
    if (can) options.push_back({true, pt.promotes_to});
    if (!must) options.push_back({false, p});
    return options;
  }

  /// A range jump passes every piece of lower rank than the mover's and stops before the first
  /// that is not; an area move is every path of up to `max_range` king steps over empty squares
  /// (the origin, left by the piece, counts as empty), walked step by step.
  void reach_targets(const ir::MoveAtom& a, int piece, int side, int f, int rk, bool attacks_only,
                     std::vector<Square>& out) const {
    const bool can_move = a.mode != ir::AtomMode::capture_only && !attacks_only;
    const bool can_capture = a.mode != ir::AtomMode::move_only;
    const int own = r_.pieces[static_cast<std::size_t>(piece)].rank;
    const auto land = [&](int tf, int tr) {
      const int occ = side_of(tf, tr);
      if (occ < 0 ? (can_move || (attacks_only && can_capture)) : (occ != side && can_capture)) out.push_back({tf, tr});
    };
    // A range capture reaches what a range jump does (it removes what it passes, board_after).
    if (a.kind == ir::AtomKind::jump || a.kind == ir::AtomKind::range_capture) {
      const int sign = side == 0 ? 1 : -1;
      const int df = -a.delta.right * sign, dr = -a.delta.forward * sign;
      int tf = f + df, tr = rk + dr;
      for (int k = 1; on_board(tf, tr) && (a.max_range == 0 || k <= a.max_range); ++k, tf += df, tr += dr) {
        if (side_of(tf, tr) >= 0 && r_.pieces[static_cast<std::size_t>(piece_of(tf, tr))].rank >= own) break;
        land(tf, tr);
      }
      return;
    }
    // A slide that passes pieces: over up to `passes` pieces of either side, onto any square up
    // to the one after them.
    if (a.kind == ir::AtomKind::pass_slide) {
      const int sign = side == 0 ? 1 : -1;
      const int df = -a.delta.right * sign, dr = -a.delta.forward * sign;
      int met = 0;
      int tf = f + df, tr = rk + dr;
      for (int k = 1; on_board(tf, tr) && (a.max_range == 0 || k <= a.max_range); ++k, tf += df, tr += dr) {
        land(tf, tr);
        if (side_of(tf, tr) >= 0 && ++met == a.passes + 1) break;
      }
      return;
    }
    if (a.kind == ir::AtomKind::hook) {
      // Every corner on the first line (its empty squares), every turn to both sides: each leg
      // goes up to the first piece, on which it may land.
      const int sign = side == 0 ? 1 : -1;
      const int df = -a.delta.right * sign, dr = -a.delta.forward * sign;
      const auto line = [&](int from_f, int from_r, int sf, int sr, const auto& at_empty) {
        for (int tf = from_f + sf, tr = from_r + sr; on_board(tf, tr); tf += sf, tr += sr) {
          land(tf, tr);
          if (side_of(tf, tr) >= 0) break;
          at_empty(tf, tr);
        }
      };
      line(f, rk, df, dr, [&](int cf, int cr) {
        line(cf, cr, dr, -df, [](int, int) {});
        line(cf, cr, -dr, df, [](int, int) {});
      });
      return;
    }
    walk(f, rk, f, rk, a.max_range, land);
  }

  /// Every path of up to `left` king steps from (f, rk), through empty squares or the origin.
  template <class Land>
  void walk(int f, int rk, int of, int orank, int left, const Land& land) const {
    if (left == 0) return;
    for (int df = -1; df <= 1; ++df) {
      for (int dr = -1; dr <= 1; ++dr) {
        const int tf = f + df, tr = rk + dr;
        if ((df == 0 && dr == 0) || !on_board(tf, tr)) continue;
        const bool origin = tf == of && tr == orank;
        if (!origin) land(tf, tr);
        if (origin || side_of(tf, tr) < 0) walk(tf, tr, of, orank, left - 1, land);
      }
    }
  }

  bool is_dead(int piece, int side, int f, int rk) const {
    const int sign = side == 0 ? 1 : -1;
    for (const ir::MoveAtom& a : atoms(piece, side, rk)) {
      if (a.kind == ir::AtomKind::area) return false;  // every square has a neighbour
      if (a.kind == ir::AtomKind::hook && on_board(f - a.delta.right * sign, rk - a.delta.forward * sign)) return false;
      if (a.kind == ir::AtomKind::hook) continue;
      if (a.kind == ir::AtomKind::anywhere) return false;
      // A hop needs a screen's square too; a slide that jumps its first squares its nearest stop.
      const int steps = a.kind == ir::AtomKind::hop ? 2 : std::max(1, int{a.min_range});
      if (a.kind == ir::AtomKind::hop && a.max_range == 1) continue;
      if (on_board(f - a.delta.right * sign * steps, rk - a.delta.forward * sign * steps)) return false;
    }
    return true;
  }

  bool royal_attacked(int side) const { return royal_attacked_except(side, -1); }

  /// Whether a royal of `side` other than the one on mailbox square `except` is attacked.
  bool royal_attacked_except(int side, int except) const {
    for (int f = 1; f <= r_.board.files; ++f) {
      for (int rk = 1; rk <= r_.board.ranks; ++rk) {
        if (side_of(f, rk) != side || !r_.pieces[static_cast<std::size_t>(piece_of(f, rk))].royal) continue;
        if (v_.square(f, rk) == except) continue;
        for (int ef = 1; ef <= r_.board.files; ++ef) {
          for (int er = 1; er <= r_.board.ranks; ++er) {
            if (side_of(ef, er) != (side ^ 1)) continue;
            for (Square s : targets(moves_as(ef, er), side ^ 1, ef, er, true)) {
              if (s.file == f && s.rank == rk) return true;
            }
          }
        }
      }
    }
    return false;
  }

  /// Whether some piece type burns (ir::PieceType::burns).
  bool burns() const {
    return std::any_of(r_.pieces.begin(), r_.pieces.end(), [](const ir::PieceType& p) { return p.burns.any(); });
  }
  /// Whether some piece type makes range captures (ir::AtomKind::range_capture).
  bool sweeps() const {
    return std::any_of(r_.pieces.begin(), r_.pieces.end(), [](const ir::PieceType& p) {
      return std::any_of(p.moves.begin(), p.moves.end(), [](const ir::MoveAtom& a) { return a.kind == ir::AtomKind::range_capture; });
    });
  }
  /// The file and rank of a mailbox square of the board.
  Square square_of(int sq) const {
    for (int f = 1; f <= r_.board.files; ++f) {
      for (int rk = 1; rk <= r_.board.ranks; ++rk) {
        if (v_.square(f, rk) == sq) return {f, rk};
      }
    }
    return {0, 0};
  }
  /// The squares a board move from `from` to `to` passes by a range capture of the moving
  /// piece's own atoms, whose mode allows what `to` holds, every piece between of lower rank
  /// (none: not a range capture).
  std::vector<Square> swept(Square from, Square to) const {
    const int us = side_of(from.file, from.rank);
    const int piece = piece_of(from.file, from.rank);
    const int own = r_.pieces[static_cast<std::size_t>(piece)].rank;
    const bool takes = side_of(to.file, to.rank) >= 0;
    const int sign = us == 0 ? 1 : -1;
    for (const ir::MoveAtom& a : atoms(piece, us, from.rank)) {
      if (a.kind != ir::AtomKind::range_capture) continue;
      if (takes ? a.mode == ir::AtomMode::move_only : a.mode == ir::AtomMode::capture_only) continue;
      const int df = -a.delta.right * sign, dr = -a.delta.forward * sign;
      std::vector<Square> passed;
      int tf = from.file + df, tr = from.rank + dr, k = 1;
      bool open = true;
      for (; on_board(tf, tr) && !(tf == to.file && tr == to.rank); tf += df, tr += dr, ++k) {
        if (side_of(tf, tr) < 0) continue;
        if (r_.pieces[static_cast<std::size_t>(piece_of(tf, tr))].rank >= own) open = false;
        passed.push_back({tf, tr});
      }
      if (open && on_board(tf, tr) && (a.max_range == 0 || k <= a.max_range)) return passed;
    }
    return {};
  }
  /// The board after the board move `m` of the side to move, read from the IR: the move's
  /// captures, then its piece burnt when it stops next to an enemy piece that burns on arrival,
  /// else the enemy pieces next to it burnt when its face burns where it stops. Per square.
  std::vector<Cell> board_after(Move m) const {
    std::vector<Cell> b(static_cast<std::size_t>(kMaxCells), kWall);
    for (int f = 1; f <= r_.board.files; ++f) {
      for (int rk = 1; rk <= r_.board.ranks; ++rk) b[static_cast<std::size_t>(v_.square(f, rk))] = pos_.at(v_.square(f, rk));
    }
    const auto at = [&](int sq) -> Cell& { return b[static_cast<std::size_t>(sq)]; };
    const int us = static_cast<int>(pos_.side_to_move());
    // A range capture removes every piece it passes (a one-leg move, its origin as middle).
    if (!m.is_three_legs() && m.mid() == m.from()) {
      for (Square s : swept(square_of(m.from()), square_of(m.to()))) at(v_.square(s.file, s.rank)) = kEmpty;
    }
    const Cell moved = at(m.from());
    const int piece = cell_piece(moved);
    const int face = m.changes_face() ? r_.pieces[static_cast<std::size_t>(piece)].promotes_to : piece;
    at(m.from()) = kEmpty;
    for (int mid : v_.middle_squares(m)) {
      if (mid != 0) at(mid) = kEmpty;
    }
    at(m.to()) = make_cell(us, face);
    int f0 = 0, r0 = 0;
    for (int f = 1; f <= r_.board.files; ++f) {
      for (int rk = 1; rk <= r_.board.ranks; ++rk) {
        if (v_.square(f, rk) == m.to()) f0 = f, r0 = rk;
      }
    }
    std::vector<int> enemies;
    bool burnt = false;
    for (int df = -1; df <= 1; ++df) {
      for (int dr = -1; dr <= 1; ++dr) {
        if ((df == 0 && dr == 0) || !on_board(f0 + df, r0 + dr)) continue;
        const int sq = v_.square(f0 + df, r0 + dr);
        if (!is_piece(at(sq)) || cell_side(at(sq)) == us) continue;
        enemies.push_back(sq);
        burnt = burnt || r_.pieces[static_cast<std::size_t>(cell_piece(at(sq)))].burns.on_arrival;
      }
    }
    if (burnt) {
      at(m.to()) = kEmpty;
    } else if (r_.pieces[static_cast<std::size_t>(face)].burns.on_stop) {
      for (int sq : enemies) at(sq) = kEmpty;
    }
    return b;
  }
  /// Whether the side to move, which burns, has a move that takes a royal of the other side by
  /// burning it or capturing it, ending next to it as a face that burns where it stops.
  bool burn_threat() const {
    const int us = static_cast<int>(pos_.side_to_move());
    const int before = count_royals(us ^ 1);
    for (Move m : pseudo()) {
      if (m.is_drop()) continue;
      const int piece = cell_piece(pos_.at(m.from()));
      const int face = m.changes_face() ? r_.pieces[static_cast<std::size_t>(piece)].promotes_to : piece;
      if (!r_.pieces[static_cast<std::size_t>(face)].burns.on_stop) continue;
      const std::vector<Cell> b = board_after(m);
      int after = 0;
      for (int f = 1; f <= r_.board.files; ++f) {
        for (int rk = 1; rk <= r_.board.ranks; ++rk) {
          const Cell c = b[static_cast<std::size_t>(v_.square(f, rk))];
          after += is_piece(c) && cell_side(c) == (us ^ 1) && r_.pieces[static_cast<std::size_t>(cell_piece(c))].royal;
        }
      }
      if (after < before) return true;
    }
    return false;
  }
  int count_royals(int side) const {
    int n = 0;
    for (int f = 1; f <= r_.board.files; ++f) {
      for (int rk = 1; rk <= r_.board.ranks; ++rk) {
        n += side_of(f, rk) == side && r_.pieces[static_cast<std::size_t>(piece_of(f, rk))].royal;
      }
    }
    return n;
  }

  bool in_zone(int side, int rk) const {
    const int d = r_.promotion.zone_depth;
    return d > 0 && (side == 0 ? rk <= d : rk > r_.board.ranks - d);
  }

  std::vector<Move> pseudo() const {
    std::vector<Move> out;
    const int us = static_cast<int>(pos_.side_to_move());
    for (int f = 1; f <= r_.board.files; ++f) {
      for (int rk = 1; rk <= r_.board.ranks; ++rk) {
        if (side_of(f, rk) != us) continue;
        const int p = piece_of(f, rk);
        const ir::PieceType& pt = r_.pieces[static_cast<std::size_t>(p)];
        std::set<std::pair<int, int>> seen;
        std::vector<Square> dests = targets(moves_as(f, rk), us, f, rk, false);
        bool passed = false;
        std::set<std::tuple<int, int, int>> two_leg_takes;  // (end, taken, 0) of its two-leg moves
        for (const LegEnd& e : leg_ends(p, us, f, rk)) {
          if (!e.takes_mid) {
            // Nothing taken on the way: a plain move to its end, or the piece's one pass.
            if (e.end.file != f || e.end.rank != rk) {
              dests.push_back(e.end);
            } else if (!passed) {
              passed = true;
              out.push_back(Move::legs(v_.square(f, rk), v_.square(e.mid.file, e.mid.rank), v_.square(f, rk), false));
            }
            continue;
          }
          std::vector<int> taken = {piece_of(e.mid.file, e.mid.rank)};
          if (e.takes_end) taken.push_back(piece_of(e.end.file, e.end.rank));
          two_leg_takes.emplace(v_.square(e.end.file, e.end.rank), v_.square(e.mid.file, e.mid.rank), 0);
          const bool back = e.end.file == f && e.end.rank == rk;
          for (auto [change, result] : promotion_options(p, us, rk, e.end.rank, back, taken)) {
            if (r_.promotion.forbid_dead_end && is_dead(result, us, e.end.file, e.end.rank)) continue;
            out.push_back(Move::legs(v_.square(f, rk), v_.square(e.mid.file, e.mid.rank), v_.square(e.end.file, e.end.rank), change));
          }
        }
        three_leg_moves(p, us, f, rk, two_leg_takes, out);
        for (Square s : dests) {
          if (!seen.emplace(s.file, s.rank).second) continue;
          std::vector<std::pair<bool, int>> options;  // change face, resulting piece
          switch (pt.promotion) {
            case ir::Promotion::none: options = {{false, p}}; break;
            case ir::Promotion::flip: options = {{true, pt.promotes_to}}; break;
            case ir::Promotion::on_capture:
              options = {side_of(s.file, s.rank) >= 0 ? std::pair{true, int{pt.promotes_to}} : std::pair{false, p}};
              break;
            default: {
              std::vector<int> taken;
              if (side_of(s.file, s.rank) >= 0) taken.push_back(piece_of(s.file, s.rank));
              options = promotion_options(p, us, rk, s.rank, false, taken);
            }
          }
          for (auto [change, result] : options) {
            if (r_.promotion.forbid_dead_end && is_dead(result, us, s.file, s.rank)) continue;
            if (over_file_limit(us, result, (s.file != f || result != p) ? s.file : 0)) continue;
            out.push_back(Move::board(v_.square(f, rk), v_.square(s.file, s.rank), change));
          }
        }
      }
    }
    if (!r_.drops.enabled) return out;
    for (std::size_t b = 0; b < r_.pieces.size(); ++b) {
      if (pos_.hand_count(us, static_cast<int>(b)) == 0) continue;
      std::vector<int> faces = {static_cast<int>(b)};
      if (r_.drops.face == ir::DropFace::any_face && r_.pieces[b].promotion != ir::Promotion::none) {
        faces.push_back(r_.pieces[b].promotes_to);
      }
      for (int face : faces) {
        for (int f = 1; f <= r_.board.files; ++f) {
          for (int rk = 1; rk <= r_.board.ranks; ++rk) {
            if (side_of(f, rk) >= 0) continue;
            bool allowed = true;
            for (const ir::DropRestriction& d : r_.drops.restrictions) {
              if (d.kind == ir::DropRestrictionKind::dead_square && is_dead(face, us, f, rk)) allowed = false;
              if (d.kind == ir::DropRestrictionKind::two_per_file && d.piece == face &&
                  on_file(us, face, f) >= d.max_per_file) {
                allowed = false;
              }
              const int from_far = us == 0 ? rk : r_.board.ranks + 1 - rk;
              if (d.kind == ir::DropRestrictionKind::banned_ranks && d.piece == face &&
                  std::find(d.ranks.begin(), d.ranks.end(), from_far) != d.ranks.end()) {
                allowed = false;
              }
            }
            if (allowed) out.push_back(Move::drop(face, v_.square(f, rk)));
          }
        }
      }
    }
    return out;
  }

  /// Pieces `piece` of `side` on file `f`.
  int on_file(int side, int piece, int f) const {
    int n = 0;
    for (int k = 1; k <= r_.board.ranks; ++k) n += side_of(f, k) == side && piece_of(f, k) == piece;
    return n;
  }

  /// A board move that ends as `piece` on file `f` (0: a file that counted it already) breaks a
  /// per-file limit that binds moves.
  bool over_file_limit(int side, int piece, int f) const {
    if (f == 0) return false;
    for (const ir::DropRestriction& d : r_.drops.restrictions) {
      if (d.kind == ir::DropRestrictionKind::two_per_file && d.moves_too && d.piece == piece &&
          on_file(side, piece, f) >= d.max_per_file) {
        return true;
      }
    }
    return false;
  }

  bool has_drop_mate_rule(int piece) const {
    for (const ir::DropRestriction& d : r_.drops.restrictions) {
      if (d.kind == ir::DropRestrictionKind::drop_mate && d.piece == piece) return true;
    }
    return false;
  }

 private:
  Position& pos_;
  const Variant& v_;
  const ir::RuleSet& r_;
  mutable int hole_ = -1;  ///< a mailbox square taken as empty (protects), -1 none
  mutable int foe_ = -1;   ///< a mailbox square taken as holding a piece of foe_side_ (protects)
  mutable int foe_side_ = 0;
  mutable int foe_piece_ = 0;  ///< the piece type foe_ holds (protects)
};

/// Bare-king ending read from the IR: true when the game is over for the side to move.
bool brute_bare_over(Position& pos) {
  const ir::RuleSet& r = pos.variant().rules();
  bool rule = false, reply = false;
  for (const ir::EndRule& e : r.endings) {
    if (e.kind == ir::EndKind::bare_king) rule = true, reply = reply || e.bare_reply_draws;
  }
  if (!rule) return false;
  int count[2] = {0, 0};
  Square last{0, 0};
  const int us = static_cast<int>(pos.side_to_move());
  for (int f = 1; f <= r.board.files; ++f) {
    for (int rk = 1; rk <= r.board.ranks; ++rk) {
      const Cell c = pos.at(pos.variant().square(f, rk));
      if (is_piece(c) && !r.pieces[static_cast<std::size_t>(cell_piece(c))].royal) {
        ++count[cell_side(c)];
        if (cell_side(c) != us) last = {f, rk};
      }
    }
  }
  for (int side = 0; side < 2; ++side) {
    for (std::size_t p = 0; p < r.pieces.size(); ++p) count[side] += pos.hand_count(side, static_cast<int>(p));
  }
  if (count[0] > 0 && count[1] > 0) return false;
  if (count[us] == 0 && count[us ^ 1] == 1 && reply && last.file != 0) {
    const int target = pos.variant().square(last.file, last.rank);
    for (Move m : brute_legal_moves(pos)) {
      if (!m.is_drop() && m.to() == target) return false;
    }
  }
  return true;
}

}  // namespace

namespace {

/// Royal pieces of `side` on the board, by scanning it.
int brute_royals(const Position& pos, int side) {
  const ir::RuleSet& r = pos.variant().rules();
  int n = 0;
  for (int f = 1; f <= r.board.files; ++f) {
    for (int rk = 1; rk <= r.board.ranks; ++rk) {
      const Cell c = pos.at(pos.variant().square(f, rk));
      n += is_piece(c) && cell_side(c) == side && r.pieces[static_cast<std::size_t>(cell_piece(c))].royal;
    }
  }
  return n;
}

/// Whether RuleSet::royals protects `side`, which has `royals` royal pieces, on its move.
bool brute_check_rule(const ir::RuleSet& r, int royals) {
  switch (r.royals.in_check) {
    case ir::RoyalInCheck::illegal: return royals > 0;
    case ir::RoyalInCheck::legal: return false;
    case ir::RoyalInCheck::illegal_for_last: return royals == 1;
  }
  return true;
}

}  // namespace

std::vector<Move> brute_legal_moves(Position& pos) {
  Brute brute(pos);
  const int us = static_cast<int>(pos.side_to_move());
  const bool guarded = brute_check_rule(pos.variant().rules(), brute_royals(pos, us));
  std::vector<Move> out;
  const bool burning = brute.burns();
  const bool sweeping = brute.sweeps();
  const int royals = brute_royals(pos, us);
  for (Move m : brute.pseudo()) {
    UndoRecord undo;
    // Where pieces burn or range-capture, every board move carries its origin as middle square
    // (a two-leg move its own), and the board after it is read from the IR and compared with
    // the runtime's.
    std::vector<Cell> expected;
    if ((burning || sweeping) && !m.is_drop()) {
      if (!m.has_mid()) m = Move::legs(m.from(), m.from(), m.to(), m.changes_face());
      expected = brute.board_after(m);
    }
    const bool was_royal = !m.is_drop() && pos.variant().rules().pieces[static_cast<std::size_t>(cell_piece(pos.at(m.from())))].royal;
    pos.do_move(m, undo);
    for (std::size_t sq = 0; sq < expected.size(); ++sq) {
      if (expected[sq] != kWall && pos.at(static_cast<int>(sq)) != expected[sq]) {
        throw std::logic_error("the runtime's burns or range captures differ from the IR's after " + pos.variant().rules().meta.slug +
                               " move " + std::to_string(m.raw()));
      }
    }
    // A royal made by this very promotion was not there to be protected.
    bool legal = true;
    if (guarded && (burning || sweeping)) {
      // A royal burnt, or removed by its own side's range capture, is lost; a royal left where
      // the other side can burn it is attacked.
      legal = brute_royals(pos, us) == royals && !brute.royal_attacked(us) && !(burning && brute.burn_threat());
    } else if (guarded) {
      const bool new_royal = !m.is_drop() && !was_royal &&
                             pos.variant().rules().pieces[static_cast<std::size_t>(cell_piece(pos.at(m.to())))].royal;
      legal = !brute.royal_attacked_except(us, new_royal ? m.to() : -1);
    }
    if (legal && m.is_drop() && brute.has_drop_mate_rule(m.dropped()) && brute.royal_attacked(us ^ 1) &&
        brute_legal_moves(pos).empty()) {
      legal = false;
    }
    pos.undo_move(undo);
    if (legal) out.push_back(m);
  }
  std::sort(out.begin(), out.end());
  return out;
}

namespace {

/// A royal of `side` standing on the royal_reaches ranks of `rule`, as a square, or -1.
int brute_royal_on_ranks(const Position& pos, const ir::EndRule& rule, int side) {
  const ir::RuleSet& r = pos.variant().rules();
  for (int f = 1; f <= r.board.files; ++f) {
    for (int rk = 1; rk <= r.board.ranks; ++rk) {
      const Cell c = pos.at(pos.variant().square(f, rk));
      if (!is_piece(c) || cell_side(c) != side || !r.pieces[static_cast<std::size_t>(cell_piece(c))].royal) continue;
      const int from_far = side == 0 ? rk : r.board.ranks + 1 - rk;
      for (std::uint8_t want : rule.ranks) {
        if (want == from_far) return pos.variant().square(f, rk);
      }
    }
  }
  return -1;
}

/// The endings judged on the last move, read from the IR: a side without royals, a royal on
/// its ranks (arrived uncapturable, or not captured by the reply), the checks needed given.
bool brute_move_over(Position& pos, const std::array<int, 2>& checks) {
  const int us = static_cast<int>(pos.side_to_move()), mover = us ^ 1;
  for (const ir::EndRule& e : pos.variant().rules().endings) {
    if (e.kind == ir::EndKind::royal_captured && (brute_royals(pos, 0) == 0 || brute_royals(pos, 1) == 0)) return true;
    if (e.kind == ir::EndKind::check_given && checks[static_cast<std::size_t>(mover)] >= e.count) return true;
    if (e.kind != ir::EndKind::royal_reaches) continue;
    if (brute_royal_on_ranks(pos, e, us) >= 0) return true;
    const int sq = brute_royal_on_ranks(pos, e, mover);
    if (sq < 0) continue;
    if (!e.unless_capturable) return true;
    bool capturable = false;
    for (Move m : brute_legal_moves(pos)) capturable = capturable || (!m.is_drop() && m.to() == sq);
    if (!capturable) return true;
  }
  return false;
}

std::uint64_t brute_count(Position& pos, int depth, bool& agreed, std::string& where, std::array<int, 2> checks) {
  if (depth == 0) return 1;
  if (brute_bare_over(pos) || brute_move_over(pos, checks)) return 0;
  const std::vector<Move> moves = brute_legal_moves(pos);
  MoveList fast;
  pos.generate(fast);
  std::vector<Move> sorted(fast.begin(), fast.end());
  std::sort(sorted.begin(), sorted.end());
  if (sorted != moves && agreed) {
    agreed = false;
    where = pos.sfen();
  }
  const int us = static_cast<int>(pos.side_to_move());
  std::uint64_t nodes = 0;
  for (Move m : moves) {
    UndoRecord undo;
    pos.do_move(m, undo);
    std::array<int, 2> next = checks;
    if (Brute(pos).royal_attacked(us ^ 1)) ++next[static_cast<std::size_t>(us)];
    nodes += brute_count(pos, depth - 1, agreed, where, next);
    pos.undo_move(undo);
  }
  return nodes;
}

}  // namespace

std::uint64_t brute_perft(Position& pos, int depth, bool& agreed, std::string& where) {
  return brute_count(pos, depth, agreed, where, {0, 0});
}

}  // namespace koma::test
