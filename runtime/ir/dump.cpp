// The IR's enum spellings and its canonical text dump.
#include "ir/dump.h"

#include <string>

namespace koma::ir {

std::string_view name(Side value) {
  switch (value) {
    case Side::sente: return "sente";
    case Side::gote: return "gote";
  }
  return "";
}
std::string_view name(AtomKind value) {
  switch (value) {
    case AtomKind::leap: return "leap";
    case AtomKind::slide: return "slide";
    case AtomKind::hop: return "hop";
    case AtomKind::jump: return "jump";
    case AtomKind::area: return "area";
    case AtomKind::anywhere: return "anywhere";
    case AtomKind::hook: return "hook";
    case AtomKind::range_capture: return "range_capture";
    case AtomKind::pass_slide: return "pass_slide";
  }
  return "";
}
std::string_view name(CapturePromotion value) {
  switch (value) {
    case CapturePromotion::none: return "none";
    case CapturePromotion::may: return "may";
    case CapturePromotion::must: return "must";
  }
  return "";
}
std::string_view name(AnywhereGuard value) {
  switch (value) {
    case AnywhereGuard::every_square: return "every_square";
    case AnywhereGuard::captures: return "captures";
  }
  return "";
}
std::string_view name(AtomMode value) {
  switch (value) {
    case AtomMode::move_or_capture: return "move_or_capture";
    case AtomMode::move_only: return "move_only";
    case AtomMode::capture_only: return "capture_only";
  }
  return "";
}
std::string_view name(Promotion value) {
  switch (value) {
    case Promotion::none: return "none";
    case Promotion::optional: return "optional";
    case Promotion::forced: return "forced";
    case Promotion::flip: return "flip";
    case Promotion::on_capture: return "on_capture";
  }
  return "";
}
std::string_view name(DropFace value) {
  switch (value) {
    case DropFace::base_only: return "base_only";
    case DropFace::any_face: return "any_face";
  }
  return "";
}
std::string_view name(CaptureFate value) {
  switch (value) {
    case CaptureFate::to_hand: return "to_hand";
    case CaptureFate::removed: return "removed";
  }
  return "";
}
std::string_view name(DropRestrictionKind value) {
  switch (value) {
    case DropRestrictionKind::dead_square: return "dead_square";
    case DropRestrictionKind::two_per_file: return "two_per_file";
    case DropRestrictionKind::drop_mate: return "drop_mate";
    case DropRestrictionKind::banned_ranks: return "banned_ranks";
  }
  return "";
}
std::string_view name(EndKind value) {
  switch (value) {
    case EndKind::checkmate: return "checkmate";
    case EndKind::no_moves: return "no_moves";
    case EndKind::bare_king: return "bare_king";
    case EndKind::repetition: return "repetition";
    case EndKind::perpetual_check: return "perpetual_check";
    case EndKind::impasse: return "impasse";
    case EndKind::declaration: return "declaration";
    case EndKind::move_limit: return "move_limit";
    case EndKind::foul: return "foul";
    case EndKind::royal_captured: return "royal_captured";
    case EndKind::royal_reaches: return "royal_reaches";
    case EndKind::check_given: return "check_given";
  }
  return "";
}
std::string_view name(EndSubject value) {
  switch (value) {
    case EndSubject::both: return "both";
    case EndSubject::checker: return "checker";
    case EndSubject::completer: return "completer";
    case EndSubject::sente: return "sente";
    case EndSubject::gote: return "gote";
  }
  return "";
}
std::string_view name(Outcome value) {
  switch (value) {
    case Outcome::loss: return "loss";
    case Outcome::win: return "win";
    case Outcome::draw: return "draw";
    case Outcome::replay: return "replay";
  }
  return "";
}
std::string_view name(SuffixStyle value) {
  switch (value) {
    case SuffixStyle::plus_on_change: return "plus_on_change";
    case SuffixStyle::plus_minus: return "plus_minus";
  }
  return "";
}

std::string_view name(RoyalInCheck value) {
  switch (value) {
    case RoyalInCheck::illegal: return "illegal";
    case RoyalInCheck::legal: return "legal";
    case RoyalInCheck::illegal_for_last: return "illegal_for_last";
  }
  return "";
}

std::string_view name(MovementSource value) {
  switch (value) {
    case MovementSource::own: return "own";
    case MovementSource::friend_behind: return "friend_behind";
  }
  return "";
}

namespace {

/// Text in double quotes with '"' and '\' escaped, so every value reads back unambiguously.
std::string quoted(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + '"';
}

std::string at(const SourceLoc& loc) {
  if (loc.line == 0) return " @-";
  return " @" + loc.file + ':' + std::to_string(loc.line) + ':' + std::to_string(loc.column);
}

std::string signed_number(int value) {
  std::string out = std::to_string(value);
  if (value >= 0) out.insert(out.begin(), '+');
  return out;
}

std::string yes_no(bool value) { return value ? "yes" : "no"; }

/// "3 (+P)" for a piece id, "-" for kNoPiece, "99 (?)" for an id out of range.
std::string piece_ref(const RuleSet& rules, PieceId id) {
  if (id == kNoPiece) return "-";
  const std::string symbol = id < rules.pieces.size() ? rules.pieces[id].symbol : "?";
  return std::to_string(id) + " (" + symbol + ")";
}

void dump_atom(std::string& out, const MoveAtom& atom) {
  if (atom.kind == AtomKind::anywhere) {
    // The every_square guard keeps the older line; the captures guard is named after the mode.
    const std::string guard = atom.guard == AnywhereGuard::every_square ? "" : " guard " + std::string(name(atom.guard));
    out += "    move anywhere unprotected " + std::string(name(atom.mode)) + guard + at(atom.loc) + '\n';
    return;
  }
  out += "    move " + std::string(name(atom.kind)) + " right " +
         signed_number(atom.delta.right) + " forward " + signed_number(atom.delta.forward);
  if (atom.kind != AtomKind::leap) {
    out += " range " + (atom.max_range == 0 ? std::string("unlimited")
                                            : std::to_string(atom.max_range));
  }
  if (atom.min_range > 1) out += " from " + std::to_string(atom.min_range);
  if (atom.kind == AtomKind::pass_slide) out += " passes " + std::to_string(atom.passes);
  if (atom.kind == AtomKind::hop) {
    out += " beyond " + (atom.beyond == 0 ? std::string("any") : std::to_string(atom.beyond));
  }
  out += ' ' + std::string(name(atom.mode)) + at(atom.loc) + '\n';
}

void dump_meta(std::string& out, const Metadata& meta) {
  out += "meta\n";
  out += "  title " + quoted(meta.title) + '\n';
  out += "  slug " + quoted(meta.slug) + '\n';
  out += "  parent " + quoted(meta.parent) + '\n';
  out += "  win " + quoted(meta.win_text) + '\n';
  out += "  side-names " + quoted(meta.side_names[0]) + ' ' + quoted(meta.side_names[1]) + '\n';
  out += "  cell-size " + std::to_string(meta.cell_size) + '\n';
  for (const ImageRef& image : meta.images) {
    out += "  image " + quoted(image.file) + ' ' + quoted(image.caption) + at(image.loc) + '\n';
  }
}

void dump_pieces(std::string& out, const RuleSet& rules) {
  for (std::size_t id = 0; id < rules.pieces.size(); ++id) {
    const PieceType& piece = rules.pieces[id];
    out += "piece " + std::to_string(id) + ' ' + quoted(piece.name) + at(piece.loc) + '\n';
    out += "  native " + quoted(piece.native_name) + '\n';
    out += "  symbol " + quoted(piece.symbol) + '\n';
    out += "  royal " + yes_no(piece.royal) + '\n';
    out += "  promotion " + std::string(name(piece.promotion)) + " to " +
           piece_ref(rules, piece.promotes_to) + '\n';
    out += "  base-face " + piece_ref(rules, piece.base_face) + '\n';
    if (piece.rank != 0) out += "  rank " + std::to_string(piece.rank) + '\n';
    for (const MoveAtom& atom : piece.moves) dump_atom(out, atom);
    for (const LegMove& m : piece.leg_moves) {
      out += "    legs";
      const auto leg = [&](const Leg& l) {
        out += " right " + signed_number(l.delta.right) + " forward " + signed_number(l.delta.forward) + ' ' +
               std::string(name(l.mode));
      };
      for (const Leg& l : m.legs) leg(l);
      if (m.third) leg(*m.third);
      out += at(m.loc) + '\n';
    }
    for (const RankMovement& on : piece.rank_moves) {
      out += "  on-ranks";
      for (std::uint8_t rank : on.ranks) out += ' ' + std::to_string(rank);
      out += at(on.loc) + '\n';
      for (const MoveAtom& atom : on.moves) dump_atom(out, atom);
    }
    if (piece.captured_as != kNoPiece) out += "  captured-as " + piece_ref(rules, piece.captured_as) + '\n';
    if (piece.by_capture != CapturePromotion::none) {
      out += "  by-capture " + std::string(name(piece.by_capture));
      for (PieceId p : piece.by_capture_of) out += " of " + piece_ref(rules, p);
      out += at(piece.by_capture_loc) + '\n';
    }
    if (piece.burns.any()) {
      out += "  burns";
      if (piece.burns.on_stop) out += " on-stop";
      if (piece.burns.on_arrival) out += " on-arrival";
      out += at(piece.burns.loc) + '\n';
    }
  }
}

void dump_promotion_and_drops(std::string& out, const RuleSet& rules) {
  const PromotionRules& promotion = rules.promotion;
  out += "promotion" + at(promotion.loc) + '\n';
  out += "  zone-depth " + std::to_string(promotion.zone_depth) + '\n';
  out += "  on-enter " + yes_no(promotion.on_enter) + '\n';
  out += "  on-within " + yes_no(promotion.on_within) + '\n';
  out += "  on-leave " + yes_no(promotion.on_leave) + '\n';
  out += "  forbid-dead-end " + yes_no(promotion.forbid_dead_end) + '\n';
  if (promotion.on_capture) out += "  on-capture yes\n";
  if (!promotion.on_last_rank.empty()) {
    out += "  on-last-rank";
    for (PieceId p : promotion.on_last_rank) out += ' ' + piece_ref(rules, p);
    out += '\n';
  }
  const DropRules& drops = rules.drops;
  out += "drops" + at(drops.loc) + '\n';
  out += "  captured " + std::string(name(drops.captured)) + '\n';
  out += "  enabled " + yes_no(drops.enabled) + '\n';
  out += "  face " + std::string(name(drops.face)) + '\n';
  for (const DropRestriction& restriction : drops.restrictions) {
    out += "  restriction " + std::string(name(restriction.kind)) + " piece " +
           piece_ref(rules, restriction.piece);
    if (restriction.kind == DropRestrictionKind::two_per_file) {
      out += " max " + std::to_string(restriction.max_per_file);
      if (restriction.moves_too) out += " moves-too yes";
    }
    if (restriction.kind == DropRestrictionKind::banned_ranks) {
      out += " ranks";
      for (std::uint8_t rank : restriction.ranks) out += ' ' + std::to_string(rank);
    }
    out += at(restriction.loc) + '\n';
  }
}

void dump_endings(std::string& out, const RuleSet& rules) {
  for (const EndRule& end : rules.endings) {
    out += "ending " + std::string(name(end.kind)) + ' ' + std::string(name(end.outcome)) +
           at(end.loc) + '\n';
    out += "  bare-reply-draws " + yes_no(end.bare_reply_draws) + '\n';
    if (end.guarded) {
      out += "  guarded yes\n  weak";
      for (PieceId p : end.weak) out += ' ' + piece_ref(rules, p);
      out += '\n';
    }
    out += "  count " + std::to_string(end.count) + '\n';
    if (end.kind == EndKind::repetition || end.kind == EndKind::perpetual_check) {
      out += "  subject " + std::string(name(end.subject)) + '\n';
    }
    // One number when both sides need the same, else sente's then gote's.
    out += "  threshold " + std::to_string(end.threshold[0]);
    if (end.threshold[1] != end.threshold[0]) out += ' ' + std::to_string(end.threshold[1]);
    out += '\n';
    out += "  min-pieces-in-zone " + std::to_string(end.min_pieces_in_zone) + '\n';
    out += "  points";
    for (std::size_t id = 0; id < end.points.size(); ++id) {
      out += ' ' + (id < rules.pieces.size() ? rules.pieces[id].symbol : std::string("?")) +
             '=' + std::to_string(end.points[id]);
    }
    out += '\n';
    if (end.kind == EndKind::royal_reaches) {
      out += "  ranks";
      for (std::uint8_t rank : end.ranks) out += ' ' + std::to_string(rank);
      out += "\n  unless-capturable " + yes_no(end.unless_capturable) + '\n';
    }
  }
}

void dump_setup(std::string& out, const RuleSet& rules) {
  const Setup& setup = rules.setup;
  out += "setup" + at(setup.loc) + '\n';
  out += "  to-move " + std::string(name(setup.to_move)) + '\n';
  for (const Placement& placement : setup.placements) {
    out += "  place " + std::string(name(placement.side)) + ' ' + piece_ref(rules, placement.piece) +
           " file " + std::to_string(placement.file) + " rank " + std::to_string(placement.rank) +
           at(placement.loc) + '\n';
  }
  for (int side = 0; side < 2; ++side) {
    for (const HandCount& hand : setup.hands[side]) {
      out += "  hand " + std::string(name(static_cast<Side>(side))) + ' ' +
             piece_ref(rules, hand.piece) + " count " + std::to_string(hand.count) + '\n';
    }
  }
}

void dump_notation(std::string& out, const RuleSet& rules) {
  out += "notation " + quoted(rules.notation) + " suffix " + std::string(name(rules.suffix)) + '\n';
  for (const Dialect& dialect : rules.dialects) {
    out += "dialect " + quoted(dialect.name) + " suffix " + std::string(name(dialect.suffix)) +
           at(dialect.loc) + '\n';
    for (std::size_t id = 0; id < dialect.symbols.size(); ++id) {
      out += "  symbol " + piece_ref(rules, static_cast<PieceId>(id)) + ' ' +
             quoted(dialect.symbols[id]) + '\n';
    }
  }
}

}  // namespace

std::string dump(const RuleSet& rules) {
  std::string out = "koma-ir 1\n";
  dump_meta(out, rules.meta);
  out += "board files " + std::to_string(rules.board.files) + " ranks " +
         std::to_string(rules.board.ranks) + at(rules.board.loc) + '\n';
  dump_pieces(out, rules);
  dump_promotion_and_drops(out, rules);
  out += "royals in-check " + std::string(name(rules.royals.in_check)) + at(rules.royals.loc) + '\n';
  out += "movement source " + std::string(name(rules.movement.source)) + at(rules.movement.loc) + '\n';
  if (!rules.trade.pieces.empty()) {
    out += "trade" + at(rules.trade.loc) + '\n';
    out += "  pieces";
    for (PieceId p : rules.trade.pieces) out += ' ' + piece_ref(rules, p);
    out += "\n  minor";
    for (PieceId p : rules.trade.minor) out += ' ' + piece_ref(rules, p);
    out += '\n';
  }
  dump_endings(out, rules);
  dump_setup(out, rules);
  dump_notation(out, rules);
  return out;
}

}  // namespace koma::ir
