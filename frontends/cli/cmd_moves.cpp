// `koma moves VARIANT`: the legal moves (USI in the chosen dialect, or --notation japanese or
// western) of the position reached from the start or --sfen by --moves, with its SFEN, side to
// move and status.
#include <nlohmann/json.hpp>

#include <fmt/core.h>

#include "cli_error.h"
#include "commands.h"
#include "move_data.h"
#include "notation_args.h"
#include "output_format.h"
#include "position_args.h"
#include "cli_variant.h"

namespace koma::cli {

namespace {

struct MovesArgs {
  std::string variant;
  PositionArgs position;
  NotationArgs notation;
  Format format = Format::text;
};

/// Joins words into lines no wider than `width`.
std::string wrap(const std::vector<std::string>& words, std::size_t width) {
  std::string out, line;
  for (const auto& word : words) {
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty()) out += line + "\n";
  return out;
}

int run_moves(const MovesArgs& args) {
  const LoadedVariant loaded = open_variant(args.variant);
  const Variant& variant = *loaded.variant;
  const PositionSetup setup = unwrap(setup_position(loaded.variant, args.position));
  const Position& position = *setup.position;
  // A finished game has no legal moves, as perft and --moves treat it.
  const GameStatus status = position.status();
  std::vector<std::string> moves, words;
  const bool in_words = args.notation.notation != "usi";
  // 同 refers to the square of the last of --moves.
  if (!status.ended) {
    for (const Move move : position.legal_moves()) {
      moves.push_back(position.move_text(move, setup.dialect));
      if (in_words) words.push_back(move_words(position, move, args.notation));
    }
  }
  const std::string sfen = position.sfen(setup.dialect);
  const std::string side = side_name(variant, position.side_to_move());

  if (args.format == Format::json) {
    nlohmann::ordered_json out{{"sfen", sfen}, {"side_to_move", side},
                               {"in_check", position.in_check()}, {"moves", moves}};
    // Each move as data: squares, the piece moved (or dropped), the piece taken, face change.
    nlohmann::ordered_json data = nlohmann::ordered_json::array();
    if (!status.ended) {
      for (const Move move : position.legal_moves()) data.push_back(move_json(position, move, setup.dialect));
    }
    out["move_data"] = data;
    if (in_words) out["notation"] = {{"name", args.notation.notation}, {"moves", words}};
    if (status.ended) out["status"] = status_json(variant, status);
    print_out(out.dump(2) + "\n");
    return kExitOk;
  }
  std::string out = fmt::format("sfen: {}\nside to move: {}\nin check: {}\n", sfen, side,
                                position.in_check() ? "yes" : "no");
  if (status.ended) out += fmt::format("game over: {}\n", describe_status(variant, status));
  out += fmt::format("legal moves: {}\n", moves.size());
  out += wrap(in_words ? words : moves, 80);
  print_out(out);
  return kExitOk;
}

}  // namespace

void add_moves(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<MovesArgs>();
  CLI::App* command = app.add_subcommand(
      "moves", "List the legal moves (USI) of a position: the start, or --sfen, after --moves.");
  command->add_option("VARIANT", args->variant, "Bundled slug or variant file (.md)")->required();
  add_position_options(*command, args->position);
  add_notation_options(*command, args->notation);
  add_format_option(*command, args->format);
  command->callback([args, &exit_code] { exit_code = run_moves(*args); });
}

}  // namespace koma::cli
