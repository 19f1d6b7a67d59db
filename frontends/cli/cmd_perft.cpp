// `koma perft VARIANT DEPTH`: leaf count at DEPTH (the runtime's bulk-counting perft under each
// root move, or with --no-bulk its perft_full, which makes and unmakes every leaf, or with
// --one-ply its perft_one_ply, which counts only the last ply in bulk), with time and nodes per
// second; --divide lists the count under each root move.
// Progress goes to stderr, and only when stderr is a terminal.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli_error.h"
#include "commands.h"
#include "names.h"
#include "output_format.h"
#include "position_args.h"
#include "cli_variant.h"

namespace koma::cli {

namespace {

struct PerftArgs {
  std::string variant;
  int depth = 0;
  PositionArgs position;
  bool divide = false;
  bool no_bulk = false;
  bool one_ply = false;
  std::string tier;  ///< "mailbox" or "bitboard"; empty: the variant's own
  Format format = Format::text;
};

struct RootCount {
  std::string move;
  std::uint64_t nodes = 0;
};

/// The runtime's perft a subtree is counted by.
using PerftFunction = std::uint64_t (*)(Position&, int);

/// Perft split by root move, with the runtime's notion of which root moves have children:
/// its divide at depth 1 lists them, and each subtree is counted by `perft_of`.
std::vector<RootCount> count_by_root_move(Position& position, int depth, PerftFunction perft_of, int dialect,
                                          bool show_progress) {
  std::vector<RootCount> counts;
  const auto roots = divide(position, 1);
  for (std::size_t i = 0; i < roots.size(); ++i) {
    const Move move = roots[i].first;
    RootCount count{position.move_text(move, dialect), 0};
    if (show_progress) {
      std::fprintf(stderr, "\r\033[K[%zu/%zu] %s", i + 1, roots.size(), count.move.c_str());
      std::fflush(stderr);
    }
    position.make(move);
    count.nodes = perft_of(position, depth - 1);
    position.unmake();
    counts.push_back(std::move(count));
  }
  if (show_progress) std::fprintf(stderr, "\r\033[K");
  return counts;
}

int run_perft(const PerftArgs& args) {
  const LoadedVariant loaded = open_variant(args.variant);
  PositionSetup setup = unwrap(setup_position(loaded.variant, args.position));
  Position& position = *setup.position;
  if (!args.tier.empty()) choose_tier(position, args.tier);

  const auto start = std::chrono::steady_clock::now();
  std::vector<RootCount> counts;
  std::uint64_t nodes = 1;  // depth 0: the position itself
  if (args.depth > 0) {
    const PerftFunction perft_of = args.no_bulk ? perft_full : args.one_ply ? perft_one_ply : perft;
    counts = count_by_root_move(position, args.depth, perft_of, setup.dialect, isatty(STDERR_FILENO) == 1);
    nodes = 0;
    for (const auto& count : counts) nodes += count.nodes;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const auto nps = static_cast<std::uint64_t>(seconds > 0 ? static_cast<double>(nodes) / seconds : 0);

  if (args.format == Format::json) {
    nlohmann::ordered_json out{{"sfen", position.sfen(setup.dialect)},
                               {"depth", args.depth},
                               {"nodes", nodes}};
    if (args.divide) {
      nlohmann::ordered_json divide = nlohmann::ordered_json::array();
      for (const auto& count : counts) divide.push_back({{"move", count.move}, {"nodes", count.nodes}});
      out["divide"] = divide;
    }
    out["seconds"] = seconds;
    out["nps"] = nps;
    print_out(out.dump(2) + "\n");
    return kExitOk;
  }
  std::string out;
  if (args.divide) {
    for (const auto& count : counts) out += fmt::format("{}: {}\n", count.move, count.nodes);
    out += "\n";
  }
  out += fmt::format("depth: {}\nnodes: {}\nseconds: {:.3f}\nnps: {}\n", args.depth, nodes,
                     seconds, nps);
  print_out(out);
  return kExitOk;
}

}  // namespace

void add_perft(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<PerftArgs>();
  CLI::App* command = app.add_subcommand(
      "perft",
      "Count the leaf nodes of the legal-move tree DEPTH plies deep, with time and nodes per "
      "second. --divide prints the count under each root move.");
  command->add_option("VARIANT", args->variant, "Bundled slug or variant file (.md)")->required();
  // Decimal digits only: CLI11 alone would read "0x3" as 3 and call "2.5" out of range.
  const CLI::Validator plain_depth(
      [](std::string& text) -> std::string {
        const bool digits = !text.empty() && text.size() <= 2 &&
                            std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (digits && std::stoi(text) <= 30) return "";
        return "must be a whole number from 0 to 30, not " + compiler::quote(text);
      },
      "0-30");
  command->add_option("DEPTH", args->depth, "Plies to search (0-30)")
      ->required()
      ->check(plain_depth);
  add_position_options(*command, args->position);
  command->add_flag("--divide", args->divide, "Print the count under each root move");
  command->add_flag("--no-bulk", args->no_bulk,
                    "Make and unmake every leaf instead of counting the last ply's moves (the "
                    "same count, slower: measures make/unmake)");
  command
      ->add_flag("--one-ply", args->one_ply,
                 "Count only the last ply's moves in bulk, also where the last two plies are "
                 "counted by difference (the same count: measures the move generator as a search "
                 "uses it)")
      ->excludes("--no-bulk");
  add_tier_option(*command, args->tier);
  add_format_option(*command, args->format);
  command->callback([args, &exit_code] { exit_code = run_perft(*args); });
}

}  // namespace koma::cli
