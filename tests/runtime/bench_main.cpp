// Dev benchmark (not run by ctest): perft speed of the hand-built variants, one thread.
// Usage: koma_runtime_bench [shogi-depth kyoto-depth heian-depth]
//        koma_runtime_bench perft VARIANT DEPTH SFEN   (VARIANT: shogi kyoto heian toy12)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "game.h"
#include "support/variants.h"

namespace {

void bench(const char* name, koma::ir::RuleSet rules, int depth) {
  auto variant = koma::Variant::load(std::move(rules));
  if (!variant) {
    std::printf("%s: %s\n", name, variant.error().message.c_str());
    return;
  }
  koma::Position pos(variant.value());
  const koma::BenchResult r = koma::bench_perft(pos, depth);
  std::printf("%-8s depth %d  nodes %12llu  %8.3f s  %8.2f M leaves/s\n", name, depth,
              static_cast<unsigned long long>(r.nodes), r.seconds, r.nodes_per_second() / 1e6);
}

koma::ir::RuleSet rules_named(const std::string& name) {
  if (name == "kyoto") return koma::test::kyoto_shogi();
  if (name == "heian") return koma::test::heian_shogi();
  if (name == "toy12") return koma::test::toy_large();
  return koma::test::standard_shogi();
}

/// Prints perft and its divide for one position.
int perft_one(const std::string& name, int depth, const char* sfen) {
  auto variant = koma::Variant::load(rules_named(name));
  if (!variant) return std::printf("%s\n", variant.error().message.c_str()), 1;
  koma::Position pos(variant.value());
  if (auto r = pos.set_sfen(sfen); !r) return std::printf("%s\n", r.error().message.c_str()), 1;
  std::uint64_t total = 0;
  for (const auto& [m, n] : koma::divide(pos, depth)) {
    std::printf("%s %llu\n", pos.move_text(m).c_str(), static_cast<unsigned long long>(n));
    total += n;
  }
  const std::uint64_t counted = koma::perft(pos, depth);
  std::printf("total %llu\n", static_cast<unsigned long long>(counted));
  if (total != counted) return std::printf("divide sums to %llu\n", static_cast<unsigned long long>(total)), 1;
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 5 && std::strcmp(argv[1], "perft") == 0) return perft_one(argv[2], std::atoi(argv[3]), argv[4]);
  const int shogi = argc > 1 ? std::atoi(argv[1]) : 5;
  const int kyoto = argc > 2 ? std::atoi(argv[2]) : 6;
  const int heian = argc > 3 ? std::atoi(argv[3]) : 5;
  bench("shogi", koma::test::standard_shogi(), shogi);
  bench("kyoto", koma::test::kyoto_shogi(), kyoto);
  bench("heian", koma::test::heian_shogi(), heian);
  return 0;
}
