// Variant validation of range jumps, area moves, hook moves, range captures and slides that pass
// pieces (ir::AtomKind::jump, area, hook, range_capture, pass_slide) and slides that jump their
// first squares (ir::MoveAtom::min_range).
#include <string>

#include "variant_build.h"

namespace koma::detail {

std::optional<Error> check_reach(const ir::RuleSet& r) {
  for (const ir::PieceType& p : r.pieces) {
    for (const ir::RankMovement& on : p.rank_moves) {
      for (const ir::MoveAtom& a : on.moves) {
        if (a.kind == ir::AtomKind::hook) {
          return ir_error("ir-bad-hook", "piece '" + p.name + "' makes hook moves on some ranks only");
        }
        if (a.min_range > 1) {
          return ir_error("ir-bad-skip", "piece '" + p.name + "' jumps the first squares of a slide on some ranks only");
        }
        if (a.kind == ir::AtomKind::range_capture || a.kind == ir::AtomKind::pass_slide) {
          return ir_error("ir-bad-jump", "piece '" + p.name + "' makes range captures or passes pieces on some ranks only");
        }
      }
    }
    for (const ir::MoveAtom& a : p.moves) {
      if (a.min_range > 1 && (a.kind != ir::AtomKind::slide || (a.max_range != 0 && a.max_range < a.min_range))) {
        return ir_error("ir-bad-skip", "piece '" + p.name +
                                           "' has a nearest stop beyond its range, or on a move that is not a slide");
      }
      if (a.kind == ir::AtomKind::slide && a.min_range > 1 && r.movement.source != ir::MovementSource::own) {
        return ir_error("ir-bad-skip", "piece '" + p.name + "' jumps the first squares of a slide where pieces move as another piece");
      }
      if (a.kind == ir::AtomKind::area) {
        if (a.delta.right != 0 || a.delta.forward != 0) {
          return ir_error("ir-bad-area", "piece '" + p.name + "' has an area move with a direction; it has none");
        }
        if (a.max_range < 1 || a.max_range > kMaxAreaSteps) {
          return ir_error("ir-bad-area", "piece '" + p.name + "' has an area move of " + std::to_string(a.max_range) +
                                             " steps; 1 to " + std::to_string(kMaxAreaSteps) + " are supported");
        }
      } else if (a.kind == ir::AtomKind::hook) {
        const int dr = a.delta.right, df = a.delta.forward;
        if (dr < -1 || dr > 1 || df < -1 || df > 1 || (dr == 0 && df == 0) || a.max_range != 0 || a.min_range > 1) {
          return ir_error("ir-bad-hook", "piece '" + p.name +
                                             "' has a hook move that is not along one orthogonal or diagonal step, "
                                             "or has a range");
        }
        if (r.movement.source != ir::MovementSource::own) {
          return ir_error("ir-bad-hook", "piece '" + p.name + "' makes hook moves where pieces move as another piece");
        }
        continue;
      } else if ((a.kind == ir::AtomKind::jump || a.kind == ir::AtomKind::range_capture) && p.rank == 0) {
        return ir_error("ir-bad-jump", "piece '" + p.name + "' range-jumps but has rank 0, so it passes no piece");
      } else if (a.kind == ir::AtomKind::range_capture && !r.trade.pieces.empty()) {
        return ir_error("ir-bad-jump", "piece '" + p.name + "' makes range captures in a game with the trading rules");
      } else if (a.kind == ir::AtomKind::pass_slide && (a.passes == 0 || a.min_range > 1)) {
        return ir_error("ir-bad-jump", "piece '" + p.name + "' has a slide that passes no piece, or a nearest stop on one");
      } else if (a.kind != ir::AtomKind::range_capture && a.kind != ir::AtomKind::pass_slide) {
        continue;
      }
      if (r.movement.source != ir::MovementSource::own) {
        return ir_error("ir-bad-jump", "piece '" + p.name +
                                           "' range-jumps, makes area moves or range captures, or passes pieces where pieces move as another piece");
      }
    }
  }
  return std::nullopt;
}

}  // namespace koma::detail
