// The brute-force generator of brute.h. Reads only the IR and the board, never the runtime's
// derived tables.
#include "brute.h"

#include <algorithm>
#include <set>
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
    const Cell c = pos_.at(v_.square(f, rk));
    return is_piece(c) ? cell_side(c) : -1;
  }
  int piece_of(int f, int rk) const { return cell_piece(pos_.at(v_.square(f, rk))); }
  bool on_board(int f, int rk) const { return f >= 1 && f <= r_.board.files && rk >= 1 && rk <= r_.board.ranks; }

  /// Squares a piece of `side` on (f, rk) can reach; `attacks_only` keeps capturing atoms.
  std::vector<Square> targets(int piece, int side, int f, int rk, bool attacks_only) const {
    std::vector<Square> out;
    const int sign = side == 0 ? 1 : -1;
    for (const ir::MoveAtom& a : r_.pieces[static_cast<std::size_t>(piece)].moves) {
      const int df = -a.delta.right * sign, dr = -a.delta.forward * sign;
      const int reps = a.kind == ir::AtomKind::leap ? 1 : (a.max_range == 0 ? 99 : a.max_range);
      int tf = f, tr = rk;
      for (int k = 0; k < reps; ++k) {
        tf += df, tr += dr;
        if (!on_board(tf, tr)) break;
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

  bool is_dead(int piece, int side, int f, int rk) const {
    const int sign = side == 0 ? 1 : -1;
    for (const ir::MoveAtom& a : r_.pieces[static_cast<std::size_t>(piece)].moves) {
      if (on_board(f - a.delta.right * sign, rk - a.delta.forward * sign)) return false;
    }
    return true;
  }

  bool royal_attacked(int side) const {
    for (int f = 1; f <= r_.board.files; ++f) {
      for (int rk = 1; rk <= r_.board.ranks; ++rk) {
        if (side_of(f, rk) != side || !r_.pieces[static_cast<std::size_t>(piece_of(f, rk))].royal) continue;
        for (int ef = 1; ef <= r_.board.files; ++ef) {
          for (int er = 1; er <= r_.board.ranks; ++er) {
            if (side_of(ef, er) != (side ^ 1)) continue;
            for (Square s : targets(piece_of(ef, er), side ^ 1, ef, er, true)) {
              if (s.file == f && s.rank == rk) return true;
            }
          }
        }
      }
    }
    return false;
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
        for (Square s : targets(p, us, f, rk, false)) {
          if (!seen.emplace(s.file, s.rank).second) continue;
          std::vector<std::pair<bool, int>> options;  // change face, resulting piece
          switch (pt.promotion) {
            case ir::Promotion::none: options = {{false, p}}; break;
            case ir::Promotion::flip: options = {{true, pt.promotes_to}}; break;
            case ir::Promotion::on_capture:
              options = {side_of(s.file, s.rank) >= 0 ? std::pair{true, int{pt.promotes_to}} : std::pair{false, p}};
              break;
            default: {
              const bool fz = in_zone(us, rk), tz = in_zone(us, s.rank);
              const ir::PromotionRules& pr = r_.promotion;
              const bool can = (tz && !fz && pr.on_enter) || (tz && fz && pr.on_within) || (!tz && fz && pr.on_leave);
              if (can) options.push_back({true, pt.promotes_to});
              if (!can || pt.promotion == ir::Promotion::optional) options.push_back({false, p});
            }
          }
          for (auto [change, result] : options) {
            if (r_.promotion.forbid_dead_end && is_dead(result, us, s.file, s.rank)) continue;
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
              if (d.kind == ir::DropRestrictionKind::two_per_file && d.piece == face) {
                for (int k = 1; k <= r_.board.ranks; ++k) {
                  if (side_of(f, k) == us && piece_of(f, k) == face) allowed = false;
                }
              }
            }
            if (allowed) out.push_back(Move::drop(face, v_.square(f, rk)));
          }
        }
      }
    }
    return out;
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

std::vector<Move> brute_legal_moves(Position& pos) {
  Brute brute(pos);
  const int us = static_cast<int>(pos.side_to_move());
  std::vector<Move> out;
  for (Move m : brute.pseudo()) {
    UndoRecord undo;
    pos.do_move(m, undo);
    bool legal = !brute.royal_attacked(us);
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

std::uint64_t brute_perft(Position& pos, int depth, bool& agreed, std::string& where) {
  if (depth == 0) return 1;
  if (brute_bare_over(pos)) return 0;
  const std::vector<Move> moves = brute_legal_moves(pos);
  MoveList fast;
  pos.generate(fast);
  std::vector<Move> sorted(fast.begin(), fast.end());
  std::sort(sorted.begin(), sorted.end());
  if (sorted != moves && agreed) {
    agreed = false;
    where = pos.sfen();
  }
  std::uint64_t nodes = 0;
  for (Move m : moves) {
    UndoRecord undo;
    pos.do_move(m, undo);
    nodes += brute_perft(pos, depth - 1, agreed, where);
    pos.undo_move(undo);
  }
  return nodes;
}

}  // namespace koma::test
