// Lowering, rules: board size, promotion zone, drops, endings and metadata. Every key the file
// states overrides the parent's value; everything else is the parent's (or the IR default).
#include <charconv>

#include "ir/dump.h"
#include "lower_context.h"
#include "names.h"

namespace koma::compiler {
namespace {

void lower_board(LowerContext& ctx) {
  const FrontMatter& fm = ctx.doc.front;
  ir::Board& board = ctx.out.board;
  if (fm.rows || fm.cols) {
    if (!fm.rows || !fm.cols) {
      ctx.error(Code::missing_key, fm.rows ? fm.rows->loc : fm.cols->loc,
                "engine.topology needs both 'rows' and 'cols'");
      return;
    }
    for (const Located<int>* size : {&*fm.cols, &*fm.rows}) {
      if (size->value < 1 || size->value > ir::kMaxBoardSide) {
        ctx.error(Code::board_size, size->loc,
                  "a board of " + std::to_string(fm.cols->value) + " files and " +
                      std::to_string(fm.rows->value) +
                      " ranks is not supported; files and ranks run from 1 to " +
                      std::to_string(ir::kMaxBoardSide));
        return;
      }
    }
    board.files = static_cast<std::uint8_t>(fm.cols->value);
    board.ranks = static_cast<std::uint8_t>(fm.rows->value);
    board.loc = fm.rows->loc;
  } else if (ctx.parent != nullptr) {
    board = ctx.parent->board;
  } else {
    ctx.error(Code::missing_key, make_loc(ctx.doc.path, 1, 1),
              "the front matter needs 'engine.topology' with 'rows' and 'cols'");
    return;
  }
  if (fm.board) {
    // "9×8" or "9x8": files by ranks, as the topology's cols by rows.
    const std::string& text = fm.board->value;
    int files = 0;
    int ranks = 0;
    const char* p = text.data();
    const char* end = text.data() + text.size();
    auto first = std::from_chars(p, end, files);
    std::string_view rest(first.ptr, static_cast<std::size_t>(end - first.ptr));
    std::size_t skip = rest.rfind("×", 0) == 0 ? std::string_view("×").size()
                       : (!rest.empty() && (rest[0] == 'x' || rest[0] == 'X')) ? 1
                                                                              : 0;
    auto second = std::from_chars(first.ptr + skip, end, ranks);
    const bool readable = first.ec == std::errc() && skip != 0 && second.ec == std::errc() &&
                          second.ptr == end;
    if (!readable) {
      ctx.error(Code::invalid_value, fm.board->loc,
                "'board' must be FILES×RANKS, like \"9×9\", not " + quote(text));
    } else if (files != board.files || ranks != board.ranks) {
      ctx.error(Code::board_mismatch, fm.board->loc,
                "'board' says " + quote(text) + " (" + std::to_string(files) + " files, " +
                    std::to_string(ranks) + " ranks) but engine.topology has cols " +
                    std::to_string(board.files) + " and rows " + std::to_string(board.ranks),
                {{board.loc, "engine.topology is here"}});
    }
  }
  if (fm.players && fm.players->value != "2") {
    ctx.error(Code::players_mismatch, fm.players->loc,
              "koma plays two-sided games; 'players' is " + quote(fm.players->value));
  }
  if (fm.side_names && fm.side_names->value.size() != 2) {
    ctx.error(Code::players_mismatch, fm.side_names->loc,
              "engine.players names " + std::to_string(fm.side_names->value.size()) +
                  " sides; it must name two, sente's first, like [sente, gote]");
  }
}

void lower_promotion(LowerContext& ctx) {
  const FrontMatter& fm = ctx.doc.front;
  ir::PromotionRules& p = ctx.out.promotion;
  if (ctx.parent != nullptr) p = ctx.parent->promotion;
  if (fm.promotion_loc.line != 0) p.loc = fm.promotion_loc;
  if (fm.zone) p.zone_depth = static_cast<std::uint8_t>(fm.zone->value);
  if (fm.on_enter) p.on_enter = fm.on_enter->value;
  if (fm.on_within) p.on_within = fm.on_within->value;
  if (fm.on_leave) p.on_leave = fm.on_leave->value;
  if (fm.forbid_dead_end) p.forbid_dead_end = fm.forbid_dead_end->value;
  if (fm.on_capture) p.on_capture = fm.on_capture->value;
  if (fm.last_rank) {
    p.on_last_rank.clear();
    for (const Located<std::string>& name : fm.last_rank->value) {
      if (const auto id = ctx.find_piece(name.value, name.loc)) p.on_last_rank.push_back(*id);
    }
  }
  ir::TradeRules& t = ctx.out.trade;
  if (ctx.parent != nullptr) t = ctx.parent->trade;
  if (fm.trade_pieces) {
    t = ir::TradeRules{};
    t.loc = fm.trade_loc;
    for (const Located<std::string>& name : fm.trade_pieces->value) {
      if (const auto id = ctx.find_piece(name.value, name.loc)) t.pieces.push_back(*id);
    }
    if (fm.trade_minor) {
      for (const Located<std::string>& name : fm.trade_minor->value) {
        if (const auto id = ctx.find_piece(name.value, name.loc)) t.minor.push_back(*id);
      }
    }
  }
  const ir::SourceLoc zone_loc = fm.zone ? fm.zone->loc : p.loc;
  if (p.zone_depth > ctx.out.board.ranks) {
    ctx.error(Code::zone_too_deep, zone_loc,
              "the promotion zone is " + std::to_string(p.zone_depth) + " ranks deep but the board has " +
                  std::to_string(ctx.out.board.ranks));
  }
  if (p.zone_depth == 0) {
    for (const ir::PieceType& piece : ctx.out.pieces) {
      // A piece that promotes by capturing needs no zone.
      if (ir::promotes_one_way(piece.promotion) && piece.by_capture == ir::CapturePromotion::none) {
        // Point at the promotion statement: where the promoted face is defined.
        ctx.error(Code::promotion_needs_zone, ctx.out.pieces[piece.promotes_to].loc,
                  quote(piece.name) + " promotes, but there is no promotion zone; set "
                  "'promotion.zone' to the number of ranks it spans",
                  {{zone_loc, "the zone depth is 0 here"}});
        break;
      }
    }
  }
}

void lower_drops(LowerContext& ctx) {
  const FrontMatter& fm = ctx.doc.front;
  ir::DropRules& d = ctx.out.drops;
  if (ctx.parent != nullptr) d = ctx.parent->drops;
  if (fm.drops_loc.line != 0) d.loc = fm.drops_loc;
  if (fm.drops_enabled) d.enabled = fm.drops_enabled->value;
  if (fm.captured) d.captured = fm.captured->value;
  if (fm.drop_face) d.face = fm.drop_face->value;
  if (fm.restrictions) {
    d.restrictions.clear();
    for (const RestrictionSpec& spec : fm.restrictions->value) {
      ir::DropRestriction r;
      r.kind = spec.kind;
      r.loc = spec.loc;
      if (spec.max) r.max_per_file = static_cast<std::uint8_t>(spec.max->value);
      if (spec.moves) r.moves_too = spec.moves->value;
      if (spec.ranks) r.ranks = spec.ranks->value;
      if (spec.piece) {
        const auto id = ctx.find_piece(spec.piece->value, spec.piece->loc);
        if (!id) continue;
        r.piece = *id;
      }
      d.restrictions.push_back(r);
    }
  } else {
    for (ir::DropRestriction& r : d.restrictions) {
      if (r.piece == ir::kNoPiece) continue;
      if (const auto id = ctx.from_parent(r.piece, r.loc, "a drop restriction")) r.piece = *id;
    }
  }
}

/// Points per piece type for an impasse count: named pieces, promoted faces as their base
/// face unless named, "others" for the rest, royals 0.
std::vector<std::uint8_t> impasse_points(LowerContext& ctx, const EndingSpec& spec) {
  const auto& pieces = ctx.out.pieces;
  std::vector<int> points(pieces.size(), -1);
  int others = -1;
  for (const PointsSpec& p : spec.points) {
    if (same_name(p.piece.value, "others")) {
      others = p.points;
    } else if (const auto id = ctx.find_piece(p.piece.value, p.piece.loc)) {
      points[*id] = p.points;
    }
  }
  std::vector<std::uint8_t> out(pieces.size(), 0);
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    int value = points[i];
    if (value < 0 && pieces[i].base_face != ir::kNoPiece && pieces[i].base_face < pieces.size()) {
      value = points[pieces[i].base_face];
    }
    if (value < 0) value = pieces[i].royal ? 0 : others;
    if (value < 0) {
      ctx.error(Code::missing_key, spec.rule.loc,
                "the impasse count gives no points for " + quote(pieces[i].name) +
                    "; name it in 'points' or add 'others'");
      return out;
    }
    out[i] = static_cast<std::uint8_t>(value);
  }
  return out;
}

void lower_endings(LowerContext& ctx) {
  const FrontMatter& fm = ctx.doc.front;
  if (!fm.endings) {
    if (ctx.parent == nullptr) {
      ctx.error(Code::missing_key, make_loc(ctx.doc.path, 1, 1),
                "the front matter needs 'endings', like [{kind: checkmate, outcome: loss}]");
      return;
    }
    for (const ir::EndRule& parent_rule : ctx.parent->endings) {
      ir::EndRule rule = parent_rule;
      if (!rule.points.empty() && !ctx.inherited_pieces) {
        rule.points.assign(ctx.out.pieces.size(), 0);
        // Points follow the pieces by name; a parent's piece this variant lacks scores nothing.
        for (std::size_t i = 0; i < parent_rule.points.size(); ++i) {
          if (parent_rule.points[i] == 0) continue;
          if (const auto id = ctx.lookup_piece(ctx.parent->pieces[i].name)) {
            rule.points[*id] = parent_rule.points[i];
          }
        }
      }
      ctx.out.endings.push_back(rule);
    }
    return;
  }
  for (const EndingSpec& spec : fm.endings->value) {
    for (const ir::EndRule& earlier : ctx.out.endings) {
      if (earlier.kind == spec.rule.kind) {
        ctx.error(Code::duplicate_ending, spec.rule.loc,
                  "a second ending of kind " + quote(ir::name(spec.rule.kind)),
                  {{earlier.loc, "the first one is here"}});
      }
    }
    ir::EndRule rule = spec.rule;
    if (spec.weak) {
      for (const Located<std::string>& name : spec.weak->value) {
        if (const auto id = ctx.find_piece(name.value, name.loc)) rule.weak.push_back(*id);
      }
    }
    const bool counts = rule.kind == ir::EndKind::impasse || rule.kind == ir::EndKind::declaration;
    if (counts) rule.points = impasse_points(ctx, spec);
    if (counts && ctx.out.promotion.zone_depth == 0) {
      ctx.error(Code::invalid_value, spec.rule.loc,
                "an ending of kind " + quote(ir::name(rule.kind)) +
                    " counts pieces in the zone; set 'promotion.zone'");
    }
    if (!rule.ranks.empty() && rule.ranks.back() > ctx.out.board.ranks) {
      ctx.error(Code::invalid_value, spec.ranks_loc,
                "rank " + std::to_string(rule.ranks.back()) + " is off a board of " +
                    std::to_string(ctx.out.board.ranks) + " ranks");
    }
    ctx.out.endings.push_back(std::move(rule));
  }
}

/// The check rule: royal_in_check as written, else the parent's, else the shogi rule.
void lower_royal_rule(LowerContext& ctx) {
  const FrontMatter& fm = ctx.doc.front;
  if (fm.royal_in_check) {
    ctx.out.royals.in_check = fm.royal_in_check->value;
    ctx.out.royals.loc = fm.royal_in_check->loc;
  } else if (ctx.parent != nullptr) {
    ctx.out.royals = ctx.parent->royals;
  }
}

/// Where pieces take their movement from: movement_source as written, else the parent's, else
/// their own moves.
void lower_movement_rule(LowerContext& ctx) {
  const FrontMatter& fm = ctx.doc.front;
  if (fm.movement_source) {
    ctx.out.movement.source = fm.movement_source->value;
    ctx.out.movement.loc = fm.movement_source->loc;
  } else if (ctx.parent != nullptr) {
    ctx.out.movement = ctx.parent->movement;
  }
}

void lower_meta(LowerContext& ctx) {
  const FrontMatter& fm = ctx.doc.front;
  ir::Metadata& meta = ctx.out.meta;
  if (ctx.parent != nullptr) meta = ctx.parent->meta;
  meta.images = ctx.doc.images;
  meta.parent = fm.parent ? fm.parent->value : std::string();
  // The front matter stage has checked that title, slug and (without a parent) win are given.
  if (fm.title) meta.title = fm.title->value;
  if (fm.slug) meta.slug = fm.slug->value;
  if (fm.win) meta.win_text = fm.win->value;
  if (fm.side_names && fm.side_names->value.size() == 2) {
    meta.side_names[0] = fm.side_names->value[0];
    meta.side_names[1] = fm.side_names->value[1];
  }
  if (fm.cell_size) meta.cell_size = static_cast<std::uint16_t>(fm.cell_size->value);
}

}  // namespace

void lower_rules(LowerContext& ctx) {
  const std::size_t before = ctx.error_count;
  lower_board(ctx);
  if (ctx.error_count != before) return;
  lower_promotion(ctx);
  lower_drops(ctx);
  lower_endings(ctx);
  lower_royal_rule(ctx);
  lower_movement_rule(ctx);
  lower_meta(ctx);
}

}  // namespace koma::compiler
