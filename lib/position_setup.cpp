// Applies --sfen, --moves and --dialect to a fresh position, with errors that name the culprit.
#include "position_setup.h"

#include <algorithm>
#include <sstream>

#include <fmt/core.h>

#include "did_you_mean.h"
#include "ir/dump.h"
#include "names.h"
#include "notation.h"

namespace koma::lib {

std::vector<std::string> dialect_names(const Variant& variant) {
  std::vector<std::string> names{variant.rules().notation};
  for (const auto& dialect : variant.rules().dialects) names.push_back(dialect.name);
  return names;
}

Result<int> dialect_index(const Variant& variant, const std::string& name) {
  if (name.empty()) return kNativeDialect;
  const int index = variant.dialect(name);
  if (index != kUnknownDialect) return index;
  const auto names = dialect_names(variant);
  std::string known;
  for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
  Error error{"unknown-dialect", fmt::format("unknown dialect {} for {}{} (known: {})", compiler::quote(name),
                                             variant.rules().meta.title, did_you_mean(name, names), known)};
  error.usage = true;
  return error;
}

std::vector<std::string> split_moves(const std::vector<std::string>& entries) {
  std::vector<std::string> moves;
  for (const auto& entry : entries) {
    std::istringstream words(entry);
    std::string word;
    while (words >> word) moves.push_back(word);
  }
  return moves;
}

/// Whether `text` is all ASCII.
bool ascii(const std::string& text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

/// Parses one move: the chosen dialect first, then the native spelling, then the others, then
/// Japanese and Western notation (同 is the last move's square). When none reads it: the
/// Japanese reader's error for a text not in ASCII, the Western reader's for one in its form,
/// else the chosen dialect's.
koma::Result<Move> parse_in_any_dialect(const Position& position, const Variant& variant,
                                  const std::string& text, int chosen) {
  auto first = position.parse_move(text, chosen);
  if (first) return first;
  const int count = static_cast<int>(variant.rules().dialects.size());
  for (int index = kNativeDialect; index < count; ++index) {
    if (index == chosen) continue;
    auto other = position.parse_move(text, index);
    if (other) return other;
  }
  const Move last = position.last_move();
  auto japanese = records::read_japanese_move(position, text, last.is_none() ? -1 : last.to());
  if (japanese || !ascii(text)) return japanese;
  auto western = records::read_western_move(position, text);
  if (western || western.error().code != "western-move") return western;
  return first;
}

/// Reads an SFEN like a move: the chosen dialect first, then every other spelling.
koma::Result<bool> set_sfen_in_any_dialect(Position& position, const Variant& variant,
                                     const std::string& sfen, int chosen) {
  auto first = position.set_sfen(sfen, chosen);
  if (first) return first;
  const int count = static_cast<int>(variant.rules().dialects.size());
  for (int index = kNativeDialect; index < count; ++index) {
    if (index == chosen) continue;
    auto other = position.set_sfen(sfen, index);
    if (other) return other;
  }
  return first;
}


Result<bool> play_moves(Position& position, const std::vector<std::string>& moves, int dialect,
                        std::vector<Move>* played) {
  const Variant& variant = position.variant();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const GameStatus status = position.status();
    if (status.ended) {
      return Error{"move-after-end", fmt::format("move {} {} comes after the game ended ({})", i + 1,
                                                 compiler::quote(moves[i]), describe_status(variant, status))};
    }
    auto move = parse_in_any_dialect(position, variant, moves[i], dialect);
    if (!move) {
      return Error{move.error().code, fmt::format("move {} {} cannot be played: {} [{}]", i + 1,
                                                  compiler::quote(moves[i]), move.error().message,
                                                  move.error().code)};
    }
    position.make(*move);
    if (played != nullptr) played->push_back(*move);
  }
  return true;
}

Result<std::vector<std::string>> usi_of_moves(const Position& start, const std::vector<std::string>& moves,
                                              int dialect) {
  Position position = start.clone();
  std::vector<std::string> usi;
  std::size_t i = 0;
  for (; i < moves.size() && !position.status().ended; ++i) {
    auto move = parse_in_any_dialect(position, position.variant(), moves[i], dialect);
    const std::string code = move ? "" : move.error().code;
    if (code.rfind("ki2-", 0) == 0 || code.rfind("western-", 0) == 0) {
      return Error{code, fmt::format("move {} {} cannot be played: {}", i + 1, compiler::quote(moves[i]),
                                     move.error().message)};
    }
    if (!move) break;
    usi.push_back(position.move_text(*move, dialect));
    position.make(*move);
  }
  usi.insert(usi.end(), moves.begin() + static_cast<std::ptrdiff_t>(i), moves.end());
  return usi;
}

Result<PositionSetup> setup_position(const std::shared_ptr<const Variant>& variant,
                                     const PositionArgs& args) {
  PositionSetup setup;
  const Result<int> dialect = dialect_index(*variant, args.dialect);
  if (!dialect) return dialect.error();
  setup.dialect = *dialect;
  setup.position = std::make_unique<Position>(variant);
  if (args.sfen) {
    auto result = set_sfen_in_any_dialect(*setup.position, *variant, *args.sfen, setup.dialect);
    if (!result) {
      return Error{result.error().code, fmt::format("bad SFEN {}: {} [{}]", compiler::quote(*args.sfen),
                                                     result.error().message, result.error().code)};
    }
  }
  const Result<bool> played = play_moves(*setup.position, split_moves(args.moves), setup.dialect);
  if (!played) return played.error();
  return setup;
}

std::string side_name(const Variant& variant, ir::Side side) {
  return variant.rules().meta.side_names[static_cast<int>(side)];
}

std::string end_kind_name(ir::EndKind kind) {
  std::string spelled(ir::name(kind));
  std::replace(spelled.begin(), spelled.end(), '_', '-');
  return spelled;
}

std::string describe_status(const Variant& variant, const GameStatus& status) {
  if (!status.ended) return "";
  std::string result;
  if (status.winner) {
    result = side_name(variant, *status.winner) + " wins";
  } else if (status.outcome == ir::Outcome::replay) {
    result = "replayed";
  } else {
    result = "draw";
  }
  return fmt::format("{}: {}", end_kind_name(status.rule), result);
}

nlohmann::ordered_json status_json(const Variant& variant, const GameStatus& status) {
  nlohmann::ordered_json out{{"rule", end_kind_name(status.rule)}};
  out["winner"] = status.winner ? nlohmann::ordered_json(side_name(variant, *status.winner))
                                : nlohmann::ordered_json(nullptr);
  out["outcome"] = ir::name(status.outcome);
  out["text"] = describe_status(variant, status);
  for (const ir::EndRule& rule : variant.rules().endings) {
    if (rule.kind == status.rule && rule.loc.line != 0) {
      out["rule_at"] = {{"file", rule.loc.file}, {"line", rule.loc.line}, {"column", rule.loc.column}};
      break;
    }
  }
  return out;
}

}  // namespace koma::lib
