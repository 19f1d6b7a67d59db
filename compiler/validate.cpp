// Stage 6, cross-checks: what two places in a file state must agree.
#include "validate.h"

#include <array>
#include <cctype>
#include <map>

#include "ir/dump.h"
#include "names.h"

namespace koma::compiler {
namespace {

using Grid = std::map<std::pair<int, int>, std::pair<ir::PieceId, ir::Side>>;  // (file, rank)

/// How many pieces each side starts with, on the board and in hand, among the piece types
/// `counted` accepts.
template <class Pred>
std::array<int, 2> starting_count(const ir::RuleSet& rules, Pred counted) {
  std::array<int, 2> count{0, 0};
  for (const ir::Placement& p : rules.setup.placements) {
    if (counted(p.piece)) ++count[static_cast<int>(p.side)];
  }
  for (int side = 0; side < 2; ++side) {
    for (const ir::HandCount& hand : rules.setup.hands[side]) {
      if (counted(hand.piece)) count[side] += hand.count;
    }
  }
  return count;
}

void check_royals(LowerContext& ctx) {
  const ir::RuleSet& rules = ctx.out;
  std::string royal_names;
  for (const ir::PieceType& piece : rules.pieces) {
    if (piece.royal) royal_names += (royal_names.empty() ? "" : ", ") + quote(piece.name);
  }
  if (royal_names.empty()) {
    const FrontMatter& fm = ctx.doc.front;
    ctx.error(Code::royal_count, fm.royal ? fm.royal->loc : rules.setup.loc,
              "no piece type is royal; name the piece whose loss ends the game in 'royal', "
              "like [King]");
    return;
  }
  const std::array<int, 2> count =
      starting_count(rules, [&](ir::PieceId piece) { return rules.pieces[piece].royal; });
  for (int side = 0; side < 2; ++side) {
    if (count[side] >= 1) continue;
    const std::string who = rules.meta.side_names[side];
    ctx.error(Code::royal_count, rules.setup.loc,
              quote(who) + " starts with no royal piece (" + royal_names +
                  "); each side needs at least one");
  }
}

/// Royals that may be left attacked can be captured: a royal_captured ending must say what
/// losing the last one does.
void check_royal_rule(LowerContext& ctx) {
  const ir::RuleSet& rules = ctx.out;
  if (rules.royals.in_check == ir::RoyalInCheck::illegal) return;
  for (const ir::EndRule& end : rules.endings) {
    if (end.kind == ir::EndKind::royal_captured) return;
  }
  const ir::SourceLoc loc = rules.royals.loc.line != 0 ? rules.royals.loc : make_loc(ctx.doc.path, 1, 1);
  ctx.error(Code::royal_capture_unended, loc,
            "with royal_in_check: " + std::string(ir::name(rules.royals.in_check)) +
                " a royal can be captured, but no ending says what losing the last one does; "
                "add {kind: royal_captured, outcome: loss} to 'endings'");
}

void check_counts(LowerContext& ctx) {
  const Document& doc = ctx.doc;
  if (!doc.pieces || !ctx.doc.front.setup) return;
  const ir::RuleSet& rules = ctx.out;
  for (std::size_t id = 0; id < doc.pieces->rows.size(); ++id) {
    const auto& cell = doc.pieces->rows[id].count;
    if (!cell) continue;
    int stated = 0;
    for (char c : cell->text) {
      if (!std::isdigit(static_cast<unsigned char>(c)) || stated > 1000) {
        ctx.error(Code::invalid_value, cell->loc,
                  "a Count cell holds a whole number, not " + quote(cell->text));
        stated = -1;
        break;
      }
      stated = stated * 10 + (c - '0');
    }
    if (stated < 0) continue;
    const std::array<int, 2> count =
        starting_count(rules, [&](ir::PieceId piece) { return piece == id; });
    for (int side = 0; side < 2; ++side) {
      if (count[side] == stated) continue;
      ctx.error(Code::count_contradicts_setup, cell->loc,
                "the Count of " + quote(rules.pieces[id].name) + " is " + cell->text + " but " +
                    quote(rules.meta.side_names[side]) + " starts with " +
                    std::to_string(count[side]) + " in engine.setup",
                {{rules.setup.loc, "engine.setup is here"}});
      break;
    }
  }
}

/// Offsets of each rank inside engine.setup's text.
std::vector<std::size_t> rank_offsets(const std::string& setup) {
  std::vector<std::size_t> out;
  std::size_t i = setup.find_first_not_of(' ');
  if (i == std::string::npos) return out;
  out.push_back(i);
  for (; i < setup.size() && setup[i] != ' '; ++i) {
    if (setup[i] == '/') out.push_back(i + 1);
  }
  return out;
}

std::optional<ir::Side> side_of(const LowerContext& ctx, const std::string& player) {
  const std::string text = lower(player);
  const auto has = [&](std::string_view word) { return text.find(word) != std::string::npos; };
  if (has("bottom")) return ir::Side::sente;
  if (has("top")) return ir::Side::gote;
  for (int side = 0; side < 2; ++side) {
    if (has(lower(ctx.out.meta.side_names[side]))) return static_cast<ir::Side>(side);
  }
  if (has("black") || has("sente")) return ir::Side::sente;
  if (has("white") || has("gote")) return ir::Side::gote;
  return std::nullopt;
}

std::string describe(const ir::RuleSet& rules, const Grid& grid, int rank, ir::Side side) {
  std::string out;
  for (int file = rules.board.files; file >= 1; --file) {
    if (!out.empty()) out += " · ";
    const auto it = grid.find({file, rank});
    if (it == grid.end()) {
      out += "—";
      continue;
    }
    out += rules.pieces[it->second.first].name;
    if (it->second.second != side) out += " (" + rules.meta.side_names[static_cast<int>(it->second.second)] + ")";
  }
  return out;
}

void check_start_table(LowerContext& ctx) {
  const Document& doc = ctx.doc;
  if (!doc.start || !doc.front.setup) return;
  const ir::RuleSet& rules = ctx.out;
  const int files = rules.board.files;
  const int ranks = rules.board.ranks;
  Grid setup;
  for (const ir::Placement& p : rules.setup.placements) {
    setup[{p.file, p.rank}] = {p.piece, p.side};
  }
  const std::vector<std::size_t> offsets = rank_offsets(doc.front.setup->value);
  const auto setup_rank_loc = [&](int rank) {
    ir::SourceLoc loc = rules.setup.loc;
    if (static_cast<std::size_t>(rank - 1) < offsets.size()) {
      loc.column += static_cast<std::uint32_t>(offsets[static_cast<std::size_t>(rank - 1)]);
    }
    return loc;
  };
  std::map<int, const StartRow*> stated;  // by rank, 1 = top
  Grid table;
  const std::size_t errors_before = ctx.error_count;
  for (const StartRow& row : doc.start->rows) {
    const auto side = side_of(ctx, row.player.text);
    if (!side) {
      ctx.error(Code::invalid_value, row.player.loc,
                "cannot tell which side " + quote(row.player.text) +
                    " is; write 'top' or 'bottom', or a side's name");
      continue;
    }
    int number = 0;
    for (char c : row.rank.text) {
      if (std::isdigit(static_cast<unsigned char>(c)) && number < 1000) number = number * 10 + (c - '0');
    }
    if (number < 1 || number > ranks) {
      ctx.error(Code::setup_board_mismatch, row.rank.loc,
                quote(row.rank.text) + " is not a rank of this board; ranks count 1 to " +
                    std::to_string(ranks) + " from the bottom");
      continue;
    }
    const int rank = ranks - number + 1;
    if (static_cast<int>(row.squares.size()) != files) {
      ctx.error(Code::setup_board_mismatch, row.squares.front().loc,
                "this row lists " + std::to_string(row.squares.size()) +
                    " squares but the board has " + std::to_string(files) + " files");
      continue;
    }
    for (int i = 0; i < files; ++i) {
      const NamedCell& square = row.squares[static_cast<std::size_t>(i)];
      const std::string name = lower(square.name);
      if (name.empty() || name == "—" || name == "-" || name == "empty") continue;
      const auto id = ctx.find_piece(square.name, square.loc);
      if (!id) continue;
      const int file = doc.start_right_to_left ? i + 1 : files - i;
      table[{file, rank}] = {*id, *side};
    }
    stated[rank] = &row;
  }
  if (ctx.error_count != errors_before) return;
  for (int rank = 1; rank <= ranks; ++rank) {
    bool same = true;
    for (int file = 1; file <= files; ++file) {
      const auto a = setup.find({file, rank});
      const auto b = table.find({file, rank});
      if ((a == setup.end()) != (b == table.end()) ||
          (a != setup.end() && a->second != b->second)) {
        same = false;
      }
    }
    if (same) continue;
    const auto row = stated.find(rank);
    const ir::Side side = row != stated.end() ? *side_of(ctx, row->second->player.text)
                                              : ir::Side::sente;
    const std::string rank_name = "rank " + std::to_string(ranks - rank + 1) + " from the bottom";
    if (row == stated.end()) {
      ctx.error(Code::setup_contradicts_table, setup_rank_loc(rank),
                "engine.setup puts " + describe(rules, setup, rank, side) + " on " + rank_name +
                    ", which the starting-position table leaves empty",
                {{doc.start->loc, "the starting-position table lists no pieces on that rank"}});
    } else {
      ctx.error(Code::setup_contradicts_table, setup_rank_loc(rank),
                "engine.setup puts " + describe(rules, setup, rank, side) + " on " + rank_name +
                    " (files " + std::to_string(files) + "–1)",
                {{row->second->loc, "the starting-position table says " +
                                        describe(rules, table, rank, side)}});
    }
  }
}

/// Whether `text` says "check" as a word of its own, not as the start of "checkmate".
bool says_check(const std::string& text) {
  for (std::size_t at = text.find("check"); at != std::string::npos; at = text.find("check", at + 1)) {
    if (text.compare(at + 5, 4, "mate") != 0) return true;
  }
  return false;
}

void check_win(LowerContext& ctx) {
  const ir::RuleSet& rules = ctx.out;
  if (rules.meta.win_text.empty()) return;
  const ir::SourceLoc win_loc =
      ctx.doc.front.win ? ctx.doc.front.win->loc : make_loc(ctx.doc.path, 1, 1);
  const std::string text = lower(rules.meta.win_text);
  // Each word the win line may say, the ending it stands for and that ending's outcome.
  struct Word {
    const char* word;
    ir::EndKind kind;
    ir::Outcome outcome;
    bool said;
  };
  Word words[] = {{"checkmate", ir::EndKind::checkmate, ir::Outcome::loss, false},
                  {"bare", ir::EndKind::bare_king, ir::Outcome::loss, false},
                  {"capture", ir::EndKind::royal_captured, ir::Outcome::loss, false},
                  {"reach", ir::EndKind::royal_reaches, ir::Outcome::win, false},
                  {"check", ir::EndKind::check_given, ir::Outcome::win, false}};
  bool any = false;
  for (Word& w : words) {
    w.said = w.kind == ir::EndKind::check_given ? says_check(text) : text.find(w.word) != std::string::npos;
    any = any || w.said;
  }
  if (!any) {
    ctx.error(Code::win_unreadable, win_loc,
              "koma cannot read the win line " + quote(rules.meta.win_text) +
                  "; it reads 'checkmate' and 'bare' (the opponent's King), 'capture' (its last "
                  "royal), 'reach' (a royal's target ranks) and 'check'");
    return;
  }
  // Inherited endings are pointed at in the parent's file, where they are written.
  const bool own_endings = ctx.doc.front.endings.has_value();
  ir::SourceLoc endings_loc = make_loc(ctx.doc.path, 1, 1);
  if (own_endings) {
    endings_loc = ctx.doc.front.endings->loc;
  } else if (!rules.endings.empty()) {
    endings_loc = rules.endings.front().loc;
  }
  const std::string endings_note =
      own_endings ? "the endings are listed here" : "the endings are inherited from here";
  for (const Word& w : words) {
    const ir::EndRule* found = nullptr;
    for (const ir::EndRule& end : rules.endings) {
      if (end.kind == w.kind && end.outcome == w.outcome) found = &end;
    }
    if (w.said && found == nullptr) {
      ctx.error(Code::win_contradicts_endings, win_loc,
                "the win line says " + quote(rules.meta.win_text) +
                    " but no ending of kind " + quote(ir::name(w.kind)) +
                    " with outcome " + quote(ir::name(w.outcome)) + " is listed",
                {{endings_loc, endings_note}});
    }
    if (!w.said && found != nullptr) {
      ctx.error(Code::win_contradicts_endings, win_loc,
                "the win line " + quote(rules.meta.win_text) + " does not mention the ending " +
                    quote(ir::name(w.kind)) + " that the endings list",
                {{found->loc, "that ending is listed here"}});
    }
  }
}

/// The `special:` line, where it says something koma can read: "no drops" and a flip after
/// every move must match the rules.
void check_special(LowerContext& ctx) {
  if (!ctx.doc.front.special) return;
  const Located<std::string>& special = *ctx.doc.front.special;
  const ir::RuleSet& rules = ctx.out;
  const std::string text = lower(special.value);
  const ir::SourceLoc drops_loc =
      rules.drops.loc.line != 0 ? rules.drops.loc : make_loc(ctx.doc.path, 1, 1);
  if (text.find("no drops") != std::string::npos && rules.drops.enabled) {
    ctx.error(Code::special_contradicts_rules, special.loc,
              "the special line says 'no drops' but drops are enabled; write "
              "'drops: {enabled: false}'",
              {{drops_loc, "the drop rules in force are stated or inherited here"}});
  }
  bool flips = false;
  for (const ir::PieceType& piece : rules.pieces) {
    flips = flips || piece.promotion == ir::Promotion::flip || piece.promotion == ir::Promotion::on_capture;
  }
  if (text.find("flip") != std::string::npos && !flips) {
    ctx.error(Code::special_contradicts_rules, special.loc,
              "the special line speaks of flipping but no piece flips; pair the faces in a "
              "'Face A | Face B' table");
  }
}

}  // namespace

/// Burnt pieces leave the game: a piece that burns needs a variant without drops.
void check_burning(LowerContext& ctx) {
  if (!ctx.out.drops.enabled) return;
  for (const ir::PieceType& piece : ctx.out.pieces) {
    if (!piece.burns.any()) continue;
    ctx.error(Code::burning_with_drops, piece.burns.loc,
              quote(piece.name) + " burns, and burnt pieces leave the game: a variant with burning has no "
              "drops; write 'drops: {enabled: false, captured: removed}'");
  }
}

/// Only the piece a move lands on counts for the trading rules, so a range capture, which takes
/// the pieces it passes as well, has no place beside them.
void check_range_capture(LowerContext& ctx) {
  if (ctx.out.trade.pieces.empty()) return;
  for (const ir::PieceType& piece : ctx.out.pieces) {
    for (const ir::MoveAtom& a : piece.moves) {
      if (a.kind != ir::AtomKind::range_capture) continue;
      ctx.error(Code::range_capture_with_trade, a.loc,
                quote(piece.name) + " removes the pieces it jumps over, which the trading rules do not "
                "provide for; a variant with range captures has no trading rules");
      break;
    }
  }
}

void cross_check(LowerContext& ctx) {
  check_burning(ctx);
  check_range_capture(ctx);
  // A setup with tokens for letterless pieces is incomplete: checking its contents would
  // only repeat the missing-letter errors.
  if (!ctx.setup_incomplete) {
    check_royals(ctx);
    check_royal_rule(ctx);
    check_counts(ctx);
    check_start_table(ctx);
  }
  check_win(ctx);
  check_special(ctx);
}

}  // namespace koma::compiler
