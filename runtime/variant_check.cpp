// Variant validation: what the runtime needs from a RuleSet before it builds any table.
#include <algorithm>
#include <cstdlib>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "ir/piece_token.h"
#include "variant_build.h"

namespace koma::detail {

namespace {

/// A token is '+' at most once, then one uppercase ASCII letter, then ' or ! at most once.
bool is_valid_token(const std::string& s) { return ir::is_sente_token(s); }

/// Whether `p` has a capturing leap of `delta` (a slide of that step counts: its first square is
/// the leap's, unless it jumps it).
bool captures_by_leap(const ir::PieceType& p, ir::Offset delta) {
  for (const ir::MoveAtom& a : p.moves) {
    if (a.delta == delta && a.mode != ir::AtomMode::move_only &&
        (a.kind == ir::AtomKind::leap || (a.kind == ir::AtomKind::slide && a.min_range <= 1))) {
      return true;
    }
  }
  return false;
}

/// An anywhere atom has no step, range or screen, and its piece no two-leg moves (whose plain
/// moves it would repeat); a guard of captures only is an anywhere atom's that may reach an
/// empty square.
std::optional<Error> check_anywhere(const ir::PieceType& p) {
  for (const ir::MoveAtom& a : p.moves) {
    if (a.guard != ir::AnywhereGuard::every_square &&
        (a.kind != ir::AtomKind::anywhere || a.mode == ir::AtomMode::capture_only)) {
      return ir_error("ir-bad-atom", "piece '" + p.name + "' guards only its captures on a move that " +
                                         (a.kind != ir::AtomKind::anywhere ? "does not go anywhere" : "only captures"));
    }
    if (a.kind != ir::AtomKind::anywhere) continue;
    if (a.delta.right != 0 || a.delta.forward != 0 || a.max_range != 0 || a.beyond != 0) {
      return ir_error("ir-bad-atom", "piece '" + p.name + "' moves anywhere with a step, a range or a screen");
    }
    if (!p.leg_moves.empty()) {
      return ir_error("ir-bad-atom", "piece '" + p.name + "' moves anywhere and has two-leg moves");
    }
  }
  return std::nullopt;
}

/// Promotion by capturing needs a one-way promotion, and names piece types in range.
std::optional<Error> check_by_capture(const ir::RuleSet& r, const ir::PieceType& p) {
  for (ir::PieceId q : p.by_capture_of) {
    if (q >= r.pieces.size()) {
      return ir_error("ir-bad-piece-id", "piece '" + p.name + "' promotes by capturing a piece id out of range");
    }
  }
  if (p.by_capture == ir::CapturePromotion::none && !p.by_capture_of.empty()) {
    return ir_error("ir-bad-promotion", "piece '" + p.name + "' names the captures that promote it but does not promote by capturing");
  }
  if (p.by_capture != ir::CapturePromotion::none && !ir::promotes_one_way(p.promotion)) {
    return ir_error("ir-bad-promotion", "piece '" + p.name + "' promotes by capturing but has no one-way promotion");
  }
  return std::nullopt;
}

/// Whether `list` holds ranks 1..`ranks`, at least one, ascending and unique.
bool ranks_fit(const std::vector<std::uint8_t>& list, int ranks) {
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (list[i] < 1 || list[i] > ranks || (i > 0 && list[i] <= list[i - 1])) return false;
  }
  return !list.empty();
}

/// What a piece's movement by rank needs: ranks on the board, ascending, in one entry each, and
/// moves of non-zero length; and what its capture into hand as another piece needs: a base face
/// that is not royal.
std::optional<Error> check_rank_moves(const ir::RuleSet& r, const ir::PieceType& p) {
  std::set<int> seen;
  for (const ir::RankMovement& on : p.rank_moves) {
    if (!ranks_fit(on.ranks, r.board.ranks)) {
      return ir_error("ir-bad-rank-moves", "piece '" + p.name + "' has movement on no rank, or on a rank off the board");
    }
    for (std::uint8_t rank : on.ranks) {
      if (!seen.insert(rank).second) {
        return ir_error("ir-bad-rank-moves", "piece '" + p.name + "' has two movements on rank " + std::to_string(rank));
      }
    }
    for (const ir::MoveAtom& a : on.moves) {
      if (a.kind == ir::AtomKind::anywhere) {
        return ir_error("ir-bad-rank-moves", "piece '" + p.name + "' moves anywhere unprotected on some ranks only");
      }
      if (a.delta.right == 0 && a.delta.forward == 0) {
        return ir_error("ir-bad-atom", "piece '" + p.name + "' has a move of zero length");
      }
      if (a.guard != ir::AnywhereGuard::every_square) {
        return ir_error("ir-bad-atom", "piece '" + p.name + "' guards only its captures on a move that does not go anywhere");
      }
    }
  }
  if (p.captured_as == ir::kNoPiece) return std::nullopt;
  if (p.captured_as >= r.pieces.size()) {
    return ir_error("ir-bad-piece-id", "piece '" + p.name + "' is captured as a piece id out of range");
  }
  const ir::PieceType& to = r.pieces[p.captured_as];
  if (to.royal || (to.base_face != ir::kNoPiece && to.base_face != p.captured_as)) {
    return ir_error("ir-bad-capture", "piece '" + p.name + "' is captured as '" + to.name +
                                          "', which is royal or not a base face: hands never hold it");
  }
  return std::nullopt;
}

/// What a three-leg move needs: first two legs of one king step, a last leg of non-zero length
/// (check_legs has seen the first two are), no Lion-trading rules, and, where a leg may take,
/// a capturing leap of the piece to that square, so that its attacks are its leaps (the origin,
/// which a leg may come back to, is empty).
std::optional<Error> check_three_legs(const ir::PieceType& p, const ir::LegMove& m) {
  const ir::Leg& c = *m.third;
  if (c.delta.right == 0 && c.delta.forward == 0) {
    return ir_error("ir-bad-legs", "piece '" + p.name + "' has a three-leg move with a leg of zero length");
  }
  for (const ir::Leg& l : m.legs) {
    if (std::abs(int{l.delta.right}) > 1 || std::abs(int{l.delta.forward}) > 1) {
      return ir_error("ir-bad-legs", "piece '" + p.name +
                                         "' has a three-leg move whose first or second leg is not one king step");
    }
  }
  ir::Offset at{0, 0};
  for (const ir::Leg* l : {&m.legs[0], &m.legs[1], &c}) {
    at = {static_cast<std::int8_t>(at.right + l->delta.right), static_cast<std::int8_t>(at.forward + l->delta.forward)};
    const bool origin = at.right == 0 && at.forward == 0;
    if (!origin && l->mode != ir::AtomMode::move_only && !captures_by_leap(p, at)) {
      return ir_error("ir-bad-legs", "piece '" + p.name +
                                         "' has a three-leg move capturing where none of its leaps captures");
    }
  }
  return std::nullopt;
}

/// What a piece's two-leg moves need: legs of non-zero length, a piece that changes face only by
/// a one-way promotion, and captures on squares its own leaps capture on (so that attacks are
/// its leaps), but for a first leg that comes back to the origin (a capture without moving),
/// which attacks its square by itself.
std::optional<Error> check_legs(const ir::PieceType& p) {
  for (const ir::LegMove& m : p.leg_moves) {
    for (const ir::Leg& l : m.legs) {
      if (l.delta.right == 0 && l.delta.forward == 0) {
        return ir_error("ir-bad-legs", "piece '" + p.name + "' has a two-leg move with a leg of zero length");
      }
    }
    if (p.promotion != ir::Promotion::none && !ir::promotes_one_way(p.promotion)) {
      return ir_error("ir-bad-legs", "piece '" + p.name +
                                         "' has two-leg moves and flips face; such a piece may only promote one way");
    }
    if (m.third) {
      if (auto e = check_three_legs(p, m)) return e;
      continue;
    }
    const ir::Offset end{static_cast<std::int8_t>(m.legs[0].delta.right + m.legs[1].delta.right),
                         static_cast<std::int8_t>(m.legs[0].delta.forward + m.legs[1].delta.forward)};
    const bool back = end.right == 0 && end.forward == 0;
    const bool first_ok = m.legs[0].mode == ir::AtomMode::move_only || back || captures_by_leap(p, m.legs[0].delta);
    const bool end_ok = back || m.legs[1].mode == ir::AtomMode::move_only ||
                        captures_by_leap(p, end);
    if (!first_ok || !end_ok) {
      return ir_error("ir-bad-legs", "piece '" + p.name +
                                         "' has a two-leg move capturing where none of its leaps captures");
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<Error> check_rules(const ir::RuleSet& r) {
  const int files = r.board.files, ranks = r.board.ranks;
  if (files < 3 || files > kMaxBoardSide || ranks < 3 || ranks > kMaxBoardSide) {
    return ir_error("ir-board-size", "the board is " + std::to_string(files) + "x" +
                                         std::to_string(ranks) + "; 3x3 to " +
                                         std::to_string(kMaxBoardSide) + "x" + std::to_string(kMaxBoardSide) +
                                         " are supported");
  }
  const std::size_t n = r.pieces.size();
  if (n == 0) return ir_error("ir-no-pieces", "the variant defines no piece types");
  if (n > kMaxPieceTypes) {
    return ir_error("ir-too-many-pieces", "the variant defines " + std::to_string(n) +
                                              " piece types; at most " +
                                              std::to_string(kMaxPieceTypes) + " are supported");
  }
  auto bad_id = [&](std::size_t id) { return id != ir::kNoPiece && id >= n; };
  std::set<std::string> symbols;
  for (std::size_t i = 0; i < n; ++i) {
    const ir::PieceType& p = r.pieces[i];
    if (!is_valid_token(p.symbol) || !symbols.insert(p.symbol).second) {
      return ir_error("ir-bad-symbol", "piece '" + p.name + "' has symbol '" + p.symbol +
                                           "'; symbols are unique, a letter with an optional '+' before and up to three marks ' or ! after");
    }
    if (bad_id(p.promotes_to) || bad_id(p.base_face)) {
      return ir_error("ir-bad-piece-id", "piece '" + p.name + "' names a piece id out of range");
    }
    if (p.promotion != ir::Promotion::none) {
      if (p.promotes_to == ir::kNoPiece) {
        return ir_error("ir-bad-promotion", "piece '" + p.name + "' promotes but has no target");
      }
      // A promotion may make a piece royal, never take royalty away; a flip would do both.
      const bool target_royal = r.pieces[p.promotes_to].royal;
      if (p.royal && !target_royal) {
        return ir_error("ir-bad-promotion", "royal piece '" + p.name + "' would promote to a non-royal face");
      }
      if (!ir::promotes_one_way(p.promotion) && target_royal != p.royal) {
        return ir_error("ir-bad-promotion", "piece '" + p.name +
                                                "' would flip between royal and non-royal");
      }
    }
    // A captured royal face may demote into hand; a royal never goes to hand.
    if (p.base_face != ir::kNoPiece && !p.royal && r.pieces[p.base_face].royal) {
      return ir_error("ir-bad-promotion", "piece '" + p.name + "' would go to hand as a royal face");
    }
    for (const ir::MoveAtom& a : p.moves) {
      if (a.kind == ir::AtomKind::anywhere) continue;
      if (a.delta.right == 0 && a.delta.forward == 0 && a.kind != ir::AtomKind::area) {
        return ir_error("ir-bad-atom", "piece '" + p.name + "' has a move of zero length");
      }
    }
    if (auto e = check_anywhere(p)) return e;
    if (auto e = check_by_capture(r, p)) return e;
    if (auto e = check_legs(p)) return e;
    if (auto e = check_rank_moves(r, p)) return e;
  }
  if (auto e = check_reach(r)) return e;
  const bool burning = std::any_of(r.pieces.begin(), r.pieces.end(), [](const ir::PieceType& p) { return p.burns.any(); });
  if (burning && r.drops.enabled) {
    return ir_error("ir-bad-burning", "burnt pieces leave the game: a variant with burning has no drops");
  }
  for (ir::PieceId p : r.trade.pieces) {
    if (p >= n) return ir_error("ir-bad-piece-id", "the trading rules name a piece id out of range");
  }
  for (ir::PieceId p : r.trade.minor) {
    if (p >= n) return ir_error("ir-bad-piece-id", "the trading rules name a piece id out of range");
  }
  const bool three_legs = std::any_of(r.pieces.begin(), r.pieces.end(), [](const ir::PieceType& p) {
    return std::any_of(p.leg_moves.begin(), p.leg_moves.end(), [](const ir::LegMove& m) { return m.third.has_value(); });
  });
  if (three_legs && !r.trade.pieces.empty()) {
    return ir_error("ir-bad-legs", "the trading rules do not judge three-leg moves: a variant with them has no trading rules");
  }
  if (!r.trade.pieces.empty() && (r.drops.enabled || r.drops.captured != ir::CaptureFate::removed)) {
    return ir_error("ir-bad-trade", "the trading rules keep their square in the SFEN's hands field: "
                                    "they need a game without drops whose captures remove pieces");
  }
  for (const ir::DropRestriction& d : r.drops.restrictions) {
    if (d.kind != ir::DropRestrictionKind::dead_square && (d.piece == ir::kNoPiece || d.piece >= n)) {
      return ir_error("ir-bad-restriction", "a drop restriction names no valid piece type");
    }
    if (d.kind == ir::DropRestrictionKind::two_per_file && d.max_per_file == 0) {
      return ir_error("ir-bad-restriction", "a per-file drop limit allows no piece at all");
    }
    if (d.kind == ir::DropRestrictionKind::banned_ranks && !ranks_fit(d.ranks, ranks)) {
      return ir_error("ir-bad-restriction", "a banned_ranks restriction names no rank, or a rank off the board");
    }
  }
  for (const ir::Dialect& d : r.dialects) {
    if (d.symbols.size() != n) {
      return ir_error("ir-bad-dialect", "dialect '" + d.name + "' spells " +
                                            std::to_string(d.symbols.size()) + " of " +
                                            std::to_string(n) + " piece types");
    }
    std::set<std::string> seen;
    for (const std::string& s : d.symbols) {
      if (!is_valid_token(s) || !seen.insert(s).second) {
        return ir_error("ir-bad-symbol", "dialect '" + d.name + "' has symbol '" + s +
                                             "'; symbols are unique, a letter with an optional '+' before and up to three marks ' or ! after");
      }
    }
  }
  std::set<std::pair<int, int>> occupied;
  for (const ir::Placement& pl : r.setup.placements) {
    if (pl.file < 1 || pl.file > files || pl.rank < 1 || pl.rank > ranks ||
        !occupied.emplace(pl.file, pl.rank).second || pl.piece >= n) {
      return ir_error("ir-bad-setup", "a setup placement is off the board, repeated or names an "
                                      "unknown piece");
    }
  }
  for (const ir::EndRule& e : r.endings) {
    if (e.kind == ir::EndKind::royal_reaches) {
      if (e.ranks.empty()) return ir_error("ir-bad-ending", "a royal_reaches ending names no rank");
      for (std::uint8_t rank : e.ranks) {
        if (rank < 1 || rank > ranks) {
          return ir_error("ir-bad-ending", "a royal_reaches ending names rank " + std::to_string(rank) +
                                               " of a board with " + std::to_string(ranks));
        }
      }
    }
    if (e.kind == ir::EndKind::check_given && e.count == 0) {
      return ir_error("ir-bad-ending", "a check_given ending needs a count of at least 1");
    }
  }
  for (const auto& hand : r.setup.hands) {
    std::vector<int> total(n, 0);  // per piece type: a type may be listed more than once
    for (const ir::HandCount& h : hand) {
      if (h.piece >= n) return ir_error("ir-bad-setup", "a setup hand names an unknown piece id");
      const ir::PieceType& p = r.pieces[h.piece];
      if (p.royal) {
        return ir_error("ir-bad-setup", "the setup puts royal piece '" + p.name + "' in hand");
      }
      if (p.base_face != ir::kNoPiece && p.base_face != h.piece) {
        return ir_error("ir-bad-setup", "the setup puts '" + p.name +
                                            "' in hand, a face that hands never hold");
      }
      total[h.piece] += h.count;
      if (total[h.piece] > kMaxHandCount) {
        return ir_error("ir-bad-setup", "the setup puts more than " + std::to_string(kMaxHandCount) +
                                            " '" + p.name + "' in one hand");
      }
    }
  }
  return std::nullopt;
}

}  // namespace koma::detail
