// The judge: replays a Record move by move with the runtime, stopping at the first ending of
// the variant's rules, judging an illegal move as a foul, and applying the record's own end.
#include <algorithm>
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

JudgeResult fail(std::size_t line, std::string message) {
  JudgeResult r;
  r.error = RecordError{line, std::move(message)};
  return r;
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
  game.start = std::make_unique<Position>(variant);
  if (!record.sfen.empty()) {
    auto set = game.start->set_sfen(record.sfen, kAnyDialect);
    if (!set) return fail(0, "bad start position '" + record.sfen + "': " + set.error().message);
    // A record is a game: its start holds no more of a kind of piece than the game starts with.
    if (auto e = game.start->check_start_material()) {
      return fail(0, "bad start position '" + record.sfen + "': " + e->message);
    }
  }
  Position position = game.start->clone();
  Verdict& v = game.verdict;
  game.moves.reserve(record.moves.size());
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    const RecordMove& rm = record.moves[i];
    const std::string where = "move " + std::to_string(i + 1) + " '" + rm.usi + "'";
    const GameStatus before = position.status();
    if (before.ended) {
      std::string rule(ir::name(before.rule));
      std::replace(rule.begin(), rule.end(), '_', '-');
      return fail(rm.line, concat({where, " comes after the game ended (", rule, ")"}));
    }
    if (game.foul) return fail(rm.line, where + " comes after a foul ended the game");
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
      if (!has_rule) return fail(rm.line, where + " is made by the side that has just moved");
      judged = s;
    } else {
      auto move = parse_any(position, rm.usi, dialect);
      if (move) {
        position.make(*move);
        game.moves.push_back(*move);
        continue;
      }
      if (move.error().code != "move-illegal") {
        return fail(rm.line, where + " cannot be read: " + move.error().message);
      }
      judged = position.judge_foul(rm.usi, dialect == kAnyDialect ? kNativeDialect : dialect);
      if (!judged) {
        return fail(rm.line, where + " cannot be played: " +
                                 (judged.error().code == "foul-no-rule" ? move.error().message
                                                                        : judged.error().message));
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
        if (!claimed) return fail(record.end_line, claimed.error().message);
        v.status = *claimed;
        v.winner = v.status.winner;
        const ir::EndKind kind = declare ? ir::EndKind::declaration : ir::EndKind::impasse;
        for (const ir::EndRule& e : variant->rules().endings) {
          if (e.kind == kind) v.count = position.count(e);
        }
        break;
      }
      case RecordEnd::repetition:
        return fail(record.end_line, "the record says the position repeated, but it has not "
                                     "repeated as the variant's rules require");
      case RecordEnd::foul:
        return fail(record.end_line, "the record says the last move was a foul, but every move "
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
