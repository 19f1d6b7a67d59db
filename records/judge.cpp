// The judge: replays a Record move by move with the runtime, stopping at the first ending of
// the variant's rules, judging an illegal move as a foul, and applying the record's own end.
#include <algorithm>
#include <cctype>
#include <optional>
#include <string>

#include "concat.h"
#include "ir/dump.h"
#include "record.h"

namespace koma::records {

namespace {

/// A legal move from its text: in `dialect` first, then in every other spelling.
Result<Move> parse_any(const Position& position, const std::string& text, int dialect) {
  auto first = position.parse_move(text, dialect);
  if (first) return first;
  const int count = static_cast<int>(position.variant().rules().dialects.size());
  for (int d = kNativeDialect; d < count; ++d) {
    if (d == dialect) continue;
    auto other = position.parse_move(text, d);
    if (other) return other;
  }
  return first;
}

ir::Side other(ir::Side side) { return side == ir::Side::sente ? ir::Side::gote : ir::Side::sente; }

JudgeResult fail(std::size_t line, std::string code, std::string message) {
  JudgeResult r;
  r.error = RecordError{line, std::move(message), std::move(code)};
  return r;
}

/// A piece of the start that could never move again where it stands (a pawn on the last rank
/// when the rules forbid moving it there): "" when there is none.
std::string dead_piece(const Position& start) {
  const Tables& t = start.variant().tables();
  for (const int sq : t.squares) {
    const Cell c = start.at(sq);
    if (!is_piece(c)) continue;
    const std::size_t cell = static_cast<std::size_t>(cell_piece(c) * t.cells + sq);
    if (t.dead[static_cast<std::size_t>(cell_side(c))][cell] == 0) continue;
    std::string letter = t.spelling(kNativeDialect)[static_cast<std::size_t>(cell_piece(c))];
    if (cell_side(c) == 1) {
      for (char& ch : letter) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    }
    return concat({"'", letter, "' on ", start.square_text(sq)});
  }
  return "";
}

/// The first move of a variation, or of the variations within it, that cannot be played: the
/// variation's moves are made from `position`, the first as move `ply`.
std::optional<JudgeResult> check_variation(const Position& position, const RecordLine& variation,
                                           std::size_t ply, int dialect);

/// The first bad move of the variations of `moves[i]`, each played from `position`.
std::optional<JudgeResult> check_variations(const Position& position, const RecordMove& move, std::size_t ply,
                                            int dialect) {
  for (const RecordLine& v : move.variations) {
    if (auto bad = check_variation(position, v, ply, dialect)) return bad;
  }
  return std::nullopt;
}

std::optional<JudgeResult> check_variation(const Position& position, const RecordLine& variation,
                                           std::size_t ply, int dialect) {
  Position p = position.clone();
  for (std::size_t i = 0; i < variation.moves.size(); ++i) {
    const RecordMove& rm = variation.moves[i];
    const std::string where = concat({"move ", std::to_string(ply + i), " '", rm.text.empty() ? rm.usi : rm.text,
                                      "' of the variation on line ", std::to_string(variation.line)});
    if (p.status().ended) return fail(rm.line, "move-after-end", where + " comes after the game ended");
    if (auto bad = check_variations(p, rm, ply + i, dialect)) return bad;
    auto move = parse_any(p, rm.usi, dialect);
    if (!move) return fail(rm.line, "variation-move", concat({where, " cannot be played: ", move.error().message}));
    p.make(*move);
  }
  return std::nullopt;
}

}  // namespace

std::string_view end_name(RecordEnd end) {
  switch (end) {
    case RecordEnd::none: return "none";
    case RecordEnd::resign: return "resign";
    case RecordEnd::timeout: return "timeout";
    case RecordEnd::declare: return "declare";
    case RecordEnd::impasse: return "impasse";
    case RecordEnd::repetition: return "repetition";
    case RecordEnd::foul: return "foul";
    case RecordEnd::interrupt: return "interrupt";
  }
  return "";
}

JudgeResult judge(const std::shared_ptr<const Variant>& variant, const Record& record,
                  int dialect) {
  Judged game;
  game.variant = variant;
  game.record = record;
  game.start = std::make_unique<Position>(variant);
  if (!record.sfen.empty()) {
    const std::string bad = "bad start position '" + record.sfen + "': ";
    auto set = game.start->set_sfen(record.sfen, kAnyDialect);
    if (!set) return fail(record.start_line, set.error().code, bad + set.error().message);
    // A record is a game: its start holds no more of a kind of piece than the game starts with.
    if (auto e = game.start->check_start_material()) return fail(record.start_line, e->code, bad + e->message);
    // ...and none of its pieces stands where the rules would never let it move to.
    const std::string dead = dead_piece(*game.start);
    if (!dead.empty()) {
      return fail(record.start_line, "start-dead-piece",
                  concat({bad, "the piece ", dead, " could never move again"}));
    }
  }
  Position position = game.start->clone();
  Verdict& v = game.verdict;
  game.moves.reserve(record.moves.size());
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    const RecordMove& rm = record.moves[i];
    const std::string where =
        "move " + std::to_string(i + 1) + " '" + (rm.text.empty() ? rm.usi : rm.text) + "'";
    const GameStatus before = position.status();
    if (before.ended) {
      std::string rule(ir::name(before.rule));
      std::replace(rule.begin(), rule.end(), '_', '-');
      return fail(rm.line, "move-after-end", concat({where, " comes after the game ended (", rule, ")"}));
    }
    if (game.foul) return fail(rm.line, "move-after-end", where + " comes after a foul ended the game");
    if (auto bad = check_variations(position, rm, i + 1, dialect)) return std::move(*bad);
    const ir::Side mover = position.side_to_move();
    const std::string& mover_name = variant->rules().meta.side_names[static_cast<int>(mover)];
    const std::string& other_name = variant->rules().meta.side_names[static_cast<int>(other(mover))];
    // Before the first move no side has just moved: a move of the other side moves out of turn.
    if (rm.wrong_side && i == 0) {
      return fail(rm.line, "wrong-side", concat({where, " is ", other_name, "'s, but ", mover_name, " is to move"}));
    }
    Result<GameStatus> judged = Error{};
    if (rm.wrong_side) {
      GameStatus s;
      s.ended = true;
      s.rule = ir::EndKind::foul;
      s.outcome = ir::Outcome::loss;
      s.foul = Foul::wrong_side;
      s.winner = position.side_to_move();
      bool has_rule = false;
      for (const ir::EndRule& e : variant->rules().endings) has_rule = has_rule || e.kind == ir::EndKind::foul;
      if (!has_rule) return fail(rm.line, "moving-twice", where + " is made by the side that has just moved");
      judged = s;
    } else {
      auto move = parse_any(position, rm.usi, dialect);
      if (move) {
        position.make(*move);
        game.moves.push_back(*move);
        continue;
      }
      if (move.error().code != "move-illegal") {
        return fail(rm.line, move.error().code, where + " cannot be read: " + move.error().message);
      }
      judged = position.judge_foul(rm.usi, dialect == kAnyDialect ? kNativeDialect : dialect);
      if (!judged) {
        const Error& e = judged.error().code == "foul-no-rule" ? move.error() : judged.error();
        return fail(rm.line, e.code, where + " cannot be played: " + e.message);
      }
      // The other side's piece moved: moving twice, unless no side has just moved, or the
      // record says the move is the side to move's own (a CSA sign).
      if (judged->foul == Foul::wrong_side && (i == 0 || rm.signed_side)) {
        if (rm.signed_side) {
          return fail(rm.line, "wrong-side", concat({where, " is ", mover_name, "'s, but moves a piece of ", other_name}));
        }
        return fail(rm.line, "wrong-side", concat({where, " is ", other_name, "'s, but ", mover_name, " is to move"}));
      }
    }
    game.foul = rm;
    v.status = *judged;
    v.winner = v.status.winner;
  }
  v.plies = game.moves.size() + (game.foul ? 1 : 0);
  v.side_to_move = position.side_to_move();
  v.in_check = position.in_check();
  if (game.foul) {
    JudgeResult r;
    r.judged = std::move(game);
    return r;
  }
  v.status = position.status();
  v.winner = v.status.winner;
  if (!v.status.ended) {
    switch (record.end) {
      case RecordEnd::resign:
      case RecordEnd::timeout:
        v.claim = record.end;
        v.winner = other(position.side_to_move());
        break;
      case RecordEnd::declare:
      case RecordEnd::impasse: {
        // A claimed count ends the game as the rule rules it; the verdict shows the count.
        const bool declare = record.end == RecordEnd::declare;
        auto claimed = declare ? position.declare() : position.agree_impasse();
        if (!claimed) return fail(record.end_line, claimed.error().code, claimed.error().message);
        v.status = *claimed;
        v.winner = v.status.winner;
        const ir::EndKind kind = declare ? ir::EndKind::declaration : ir::EndKind::impasse;
        for (const ir::EndRule& e : variant->rules().endings) {
          if (e.kind == kind) v.count = position.count(e);
        }
        break;
      }
      case RecordEnd::repetition:
        return fail(record.end_line, "claim-repetition", "the record says the position repeated, but it has not "
                                     "repeated as the variant's rules require");
      case RecordEnd::foul:
        return fail(record.end_line, "claim-foul", "the record says the last move was a foul, but every move "
                                     "is legal");
      case RecordEnd::none:
      case RecordEnd::interrupt:
        break;
    }
  }
  JudgeResult r;
  r.judged = std::move(game);
  return r;
}

}  // namespace koma::records
