// Applies --sfen, --moves and --dialect to a fresh position, with errors that name the culprit.
#include "position_setup.h"

#include <algorithm>
#include <sstream>

#include <fmt/core.h>

#include "cli_error.h"
#include "did_you_mean.h"
#include "ir/dump.h"
#include "names.h"

namespace koma::cli {

std::vector<std::string> dialect_names(const Variant& variant) {
  std::vector<std::string> names{variant.rules().notation};
  for (const auto& dialect : variant.rules().dialects) names.push_back(dialect.name);
  return names;
}

int dialect_index(const Variant& variant, const std::string& name) {
  if (name.empty()) return kNativeDialect;
  const int index = variant.dialect(name);
  if (index != kUnknownDialect) return index;
  const auto names = dialect_names(variant);
  std::string known;
  for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
  throw CliError(fmt::format("unknown dialect {} for {}{} (known: {})", compiler::quote(name),
                             variant.rules().meta.title, did_you_mean(name, names), known),
                 kExitUsage);
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

namespace {

/// Parses one move: the chosen dialect first, then the native spelling, then the others.
/// Returns the error of the chosen dialect when none reads it.
Result<Move> parse_in_any_dialect(const Position& position, const Variant& variant,
                                  const std::string& text, int chosen) {
  auto first = position.parse_move(text, chosen);
  if (first) return first;
  const int count = static_cast<int>(variant.rules().dialects.size());
  for (int index = kNativeDialect; index < count; ++index) {
    if (index == chosen) continue;
    auto other = position.parse_move(text, index);
    if (other) return other;
  }
  return first;
}

/// Reads an SFEN like a move: the chosen dialect first, then every other spelling.
Result<bool> set_sfen_in_any_dialect(Position& position, const Variant& variant,
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

}  // namespace

PositionSetup setup_position(const std::shared_ptr<const Variant>& variant,
                             const PositionArgs& args) {
  PositionSetup setup;
  setup.dialect = dialect_index(*variant, args.dialect);
  setup.position = std::make_unique<Position>(variant);
  if (args.sfen) {
    auto result = set_sfen_in_any_dialect(*setup.position, *variant, *args.sfen, setup.dialect);
    if (!result) {
      throw CliError(fmt::format("bad SFEN {}: {} [{}]", compiler::quote(*args.sfen),
                                 result.error().message,
                                 result.error().code));
    }
  }
  const auto moves = split_moves(args.moves);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const GameStatus status = setup.position->status();
    if (status.ended) {
      throw CliError(fmt::format("move {} {} comes after the game ended ({})", i + 1,
                                 compiler::quote(moves[i]),
                                 describe_status(*variant, status)));
    }
    auto move = parse_in_any_dialect(*setup.position, *variant, moves[i], setup.dialect);
    if (!move) {
      throw CliError(fmt::format("move {} {} cannot be played: {} [{}]", i + 1,
                                 compiler::quote(moves[i]),
                                 move.error().message, move.error().code));
    }
    setup.position->make(*move);
  }
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

}  // namespace koma::cli
