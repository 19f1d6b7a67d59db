// `koma bench [VARIANT...]`: single-threaded perft from each variant's start position, with bulk
// counting (the runtime's perft) and without it (perft_full, every leaf made and unmade), and the
// average time to compile each variant file; with --records, records read and judged
// (bench_records.h).
#include <chrono>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "bench_records.h"
#include "bitboard.h"
#include "cli_error.h"
#include "commands.h"
#include "output_format.h"
#include "position_args.h"
#include "cli_variant.h"
#include "search.h"

namespace koma::cli {

namespace {

/// Without --depth, each variant is timed at the shallowest depth whose tree has at least this
/// many leaves (Shogi 5, Kyoto Shogi 6, Heian Shogi 5), so every row measures a comparable job.
constexpr std::uint64_t kDefaultLeaves = 2'000'000;
constexpr int kMaxDefaultDepth = 12;
/// The count without bulk counting runs at the same depth unless that tree has more leaves than
/// this, and then one ply less, so that no row takes much longer than the others.
constexpr std::uint64_t kMaxFullLeaves = 10 * kDefaultLeaves;
/// Compiles are repeated until this much time has passed (and at least kMinCompiles times).
constexpr double kCompileBudgetSeconds = 0.25;
constexpr int kMinCompiles = 5;

struct BenchArgs {
  std::vector<std::string> variants;
  int depth = -1;  ///< -1: the default for each variant (see kDefaultLeaves)
  int search_ms = 1000;  ///< the search's time from the start position (0: no search)
  std::string tier;      ///< "mailbox" or "bitboard"; empty: each variant's own
  Format format = Format::text;
  std::vector<std::string> records;  ///< --records: these records instead of perft
  int iterations = 0;                ///< --iterations: reads of each record (0: timed)
};

struct BenchRow {
  std::string variant;
  std::string tier;  ///< the move generator's tier perft ran on
  int bulk_plies = 1;  ///< the plies bulk counting counts (2: the last two by difference)
  int depth = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
  int full_depth = 0;  ///< the count without bulk counting (see kMaxFullLeaves)
  std::uint64_t full_nodes = 0;
  double full_seconds = 0;
  double compile_seconds = 0;  ///< average over `compiles`
  int compiles = 0;
  int search_depth = 0;  ///< the deepest iteration the search completed in its time
  std::uint64_t search_nodes = 0;
  double search_seconds = 0;
};

using Clock = std::chrono::steady_clock;
double since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// The shallowest depth whose perft from the start reaches kDefaultLeaves (untimed).
int default_depth(const LoadedVariant& loaded) {
  Position position(loaded.variant);
  int depth = 1;
  while (depth < kMaxDefaultDepth && perft(position, depth) < kDefaultLeaves) ++depth;
  return depth;
}

/// The search from the start position for `ms` milliseconds (one thread, 16 MB table).
void bench_search(const LoadedVariant& loaded, int ms, BenchRow& row) {
  search::Searcher searcher(loaded.variant, 16);
  search::Control control;
  search::Limits limits;
  limits.movetime = ms;
  limits.margin = 0;
  Position position(loaded.variant);
  const auto start = Clock::now();
  const search::Decision decision = searcher.think(position, limits, control);
  row.search_seconds = since(start);
  row.search_depth = decision.info.depth;
  row.search_nodes = decision.info.nodes;
}

BenchRow bench_one(const std::string& argument, int depth_override, int search_ms, const std::string& tier) {
  BenchRow row;
  row.variant = argument;
  const LoadedVariant loaded = open_variant(argument);
  row.depth = depth_override >= 0 ? depth_override : default_depth(loaded);

  const auto compile_start = Clock::now();
  do {
    compiler::DiagnosticList diagnostics;
    if (!compile_variant(loaded.path, diagnostics)) {
      throw CliError(fmt::format("'{}' stopped compiling during the benchmark", loaded.path));
    }
    ++row.compiles;
  } while (row.compiles < kMinCompiles || since(compile_start) < kCompileBudgetSeconds);
  row.compile_seconds = since(compile_start) / row.compiles;

  Position position(loaded.variant);
  // A variant the bitboard tier does not cover stays on the mailbox; the row names the tier.
  if (!tier.empty()) position.set_tier(tier == "bitboard" ? Tier::bitboard : Tier::mailbox);
  row.tier = tier_name(position.tier());
  row.bulk_plies = position.counts_two_plies() ? 2 : 1;
  const BenchResult result = bench_perft(position, row.depth);
  row.nodes = result.nodes;
  row.seconds = result.seconds;

  row.full_depth = row.nodes > kMaxFullLeaves && row.depth > 0 ? row.depth - 1 : row.depth;
  const BenchResult full = bench_perft(position, row.full_depth, false);
  row.full_nodes = full.nodes;
  row.full_seconds = full.seconds;
  if (search_ms > 0) bench_search(loaded, search_ms, row);
  return row;
}

std::uint64_t per_second(std::uint64_t count, double seconds) {
  return static_cast<std::uint64_t>(seconds > 0 ? static_cast<double>(count) / seconds : 0);
}

/// --records: the records read and judged on the one variant named (default Shogi).
int run_record_bench(const BenchArgs& args) {
  if (args.variants.size() > 1) {
    throw CliError("--records judges the records on one variant; name at most one", kExitUsage);
  }
  RecordBenchArgs records{args.records, args.variants.empty() ? "shogi" : args.variants[0], args.iterations,
                          args.format};
  return run_bench_records(records);
}

int run_bench(const BenchArgs& args) {
  if (!args.records.empty()) return run_record_bench(args);
  std::vector<std::string> variants = args.variants;
  if (variants.empty()) variants = bundled_slugs();
  std::vector<BenchRow> rows;
  std::uint64_t total_nodes = 0;
  double total_seconds = 0;
  std::uint64_t total_full_nodes = 0;
  double total_full_seconds = 0;
  for (const auto& variant : variants) {
    rows.push_back(bench_one(variant, args.depth, args.search_ms, args.tier));
    total_nodes += rows.back().nodes;
    total_seconds += rows.back().seconds;
    total_full_nodes += rows.back().full_nodes;
    total_full_seconds += rows.back().full_seconds;
  }

  if (args.format == Format::json) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& row : rows) {
      list.push_back({{"variant", row.variant},
                      {"tier", row.tier},
                      {"bulk_plies", row.bulk_plies},
                      {"depth", row.depth},
                      {"nodes", row.nodes},
                      {"seconds", row.seconds},
                      {"leaves_per_second", per_second(row.nodes, row.seconds)},
                      {"no_bulk_depth", row.full_depth},
                      {"no_bulk_nodes", row.full_nodes},
                      {"no_bulk_seconds", row.full_seconds},
                      {"no_bulk_leaves_per_second", per_second(row.full_nodes, row.full_seconds)},
                      {"compile_seconds", row.compile_seconds},
                      {"compiles", row.compiles}});
      if (args.search_ms > 0) {
        list.back()["search"] = {{"milliseconds", args.search_ms},
                                 {"depth", row.search_depth},
                                 {"nodes", row.search_nodes},
                                 {"nodes_per_second", per_second(row.search_nodes, row.search_seconds)}};
      }
    }
    nlohmann::ordered_json out{{"results", list},
                               {"nodes", total_nodes},
                               {"seconds", total_seconds},
                               {"leaves_per_second", per_second(total_nodes, total_seconds)},
                               {"no_bulk_nodes", total_full_nodes},
                               {"no_bulk_seconds", total_full_seconds},
                               {"no_bulk_leaves_per_second",
                                per_second(total_full_nodes, total_full_seconds)},
                               {"counting_kernel", count_kernel_name(count_kernel())}};
    print_out(out.dump(2) + "\n");
    return kExitOk;
  }
  constexpr const char* kRow = "{:<14} {:<8} {:>5} {:>12} {:>9.3f} {:>12} {:>5} {:>12} {:>9.3f} {:>12}";
  std::string out = fmt::format("{:<23} {:>41} {:>42}\n", "", "bulk-counted last ply",
                                "no bulk: every leaf made");
  out += fmt::format("{:<14} {:<8} {:>5} {:>12} {:>9} {:>12} {:>5} {:>12} {:>9} {:>12} {:>11}\n",
                     "variant", "tier", "depth", "nodes", "seconds", "leaves/s", "depth", "nodes",
                     "seconds", "leaves/s", "compile ms");
  for (const auto& row : rows) {
    out += fmt::format(kRow, row.variant, row.tier, row.depth, row.nodes, row.seconds,
                       per_second(row.nodes, row.seconds), row.full_depth, row.full_nodes,
                       row.full_seconds, per_second(row.full_nodes, row.full_seconds));
    out += fmt::format(" {:>11.3f}\n", row.compile_seconds * 1000);
  }
  out += fmt::format(kRow, "total", "", "", total_nodes, total_seconds,
                     per_second(total_nodes, total_seconds), "", total_full_nodes,
                     total_full_seconds, per_second(total_full_nodes, total_full_seconds));
  out += fmt::format("\n(no bulk: at the same depth, or one ply less where that tree has more "
                     "than {} leaves)\n", kMaxFullLeaves);
  out += fmt::format("bitboard tier: counting kernel {}, the best this processor runs\n",
                     count_kernel_name(count_kernel()));
  std::string two;
  for (const auto& row : rows) {
    if (row.bulk_plies == 2) two += (two.empty() ? "" : ", ") + row.variant;
  }
  if (!two.empty()) out += fmt::format("last two plies counted by difference: {}\n", two);
  if (args.search_ms > 0) {
    out += fmt::format("\nsearch from the start, {} ms on one thread:\n{:<14} {:>5} {:>12} {:>12}\n",
                       args.search_ms, "variant", "depth", "nodes", "nodes/s");
    for (const auto& row : rows) {
      out += fmt::format("{:<14} {:>5} {:>12} {:>12}\n", row.variant, row.search_depth, row.search_nodes,
                         per_second(row.search_nodes, row.search_seconds));
    }
  }
  print_out(out);
  return kExitOk;
}

}  // namespace

void add_bench(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<BenchArgs>();
  CLI::App* command = app.add_subcommand(
      "bench",
      "Benchmark: perft on one thread from each variant's start position, with bulk counting "
      "(default: every bundled variant, each at the shallowest depth with at least 2,000,000 "
      "leaves) and without it (every leaf made and unmade; one ply less where the tree has "
      "more than 20,000,000 leaves), the average compile time of each variant file, the "
      "bitboard tier's counting kernel (the best this processor runs), and the "
      "search's depth and nodes per second in --search-ms from each start position. With "
      "--records: each record written as KIF (UTF-8 and Shift-JIS), KI2, CSA and JKF, and each "
      "text read and judged, in milliseconds per record.");
  command->add_option("VARIANT", args->variants, "Bundled slugs or variant files (.md)");
  command->add_option("--depth", args->depth, "Perft depth for every variant (0-30)")
      ->check(CLI::Range(0, 30));
  command->add_option("--search-ms", args->search_ms,
                      "Then search from each start position this long and report the depth reached "
                      "and nodes per second (default 1000; 0: no search)")
      ->check(CLI::Range(0, 600000));
  CLI::Option* records = command->add_option("--records", args->records,
                      "Instead of perft, time reading and judging these records (on the one VARIANT "
                      "named, default shogi) in every format koma writes");
  command->add_option("--iterations", args->iterations,
                      "With --records: read each text this many times (default: for 0.25 s, at "
                      "least 5 times)")
      ->check(CLI::Range(1, 1000000))
      ->needs(records);
  add_tier_option(*command, args->tier);
  add_format_option(*command, args->format);
  command->callback([args, &exit_code] { exit_code = run_bench(*args); });
}

}  // namespace koma::cli
