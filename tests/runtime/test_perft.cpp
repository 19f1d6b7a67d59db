// Perft counts from tests/data/perft.txt, the reference divides, and the brute-force cross-check
// of koma's own positions.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <sstream>

#include "brute.h"
#include "game.h"
#include "perft_data.h"

using namespace koma;
using namespace koma::test;

namespace {

void check_rows(bool slow) {
  for (const PerftRow& row : read_perft_rows(KOMA_PERFT_DATA)) {
    if (row.slow != slow) continue;
    INFO(row.describe());
    Position pos(variant_named(row.variant));
    const auto set = pos.set_sfen(row.sfen);
    REQUIRE(set.ok());
    CHECK(perft(pos, row.depth) == row.nodes);
    CHECK(pos.sfen() == row.sfen);
  }
}

bool is_own(const PerftRow& row) { return row.source.rfind("koma", 0) == 0; }

/// Checks a row's count by brute force at `depth` against the runtime's perft.
void brute_check(const PerftRow& row, int depth) {
  INFO(row.describe() << " -- brute force at depth " << depth);
  Position pos(variant_named(row.variant));
  REQUIRE(pos.set_sfen(row.sfen).ok());
  bool agreed = true;
  std::string where;
  const std::uint64_t brute = brute_perft(pos, depth, agreed, where);
  INFO("first disagreement at " << where);
  CHECK(agreed);
  CHECK(brute == perft(pos, depth));
  if (depth == row.depth) CHECK(brute == row.nodes);
}

}  // namespace

TEST_CASE("every fast perft row of tests/data/perft.txt gives its count", "[perft]") { check_rows(false); }

TEST_CASE("every slow perft row of tests/data/perft.txt gives its count", "[perft][.slow]") { check_rows(true); }

TEST_CASE("perft_full makes every leaf and counts what perft counts on every fast row", "[perft][full]") {
  // Shogi, Kyoto (flipping), Heian (bare king, a position already over), Sho, Dobutsu, Check and
  // Annan rows; trees over a million leaves are compared one ply less deep.
  bool kyoto = false, bare = false;
  for (const PerftRow& row : read_perft_rows(KOMA_PERFT_DATA)) {
    if (row.slow) continue;
    INFO(row.describe());
    Position pos(variant_named(row.variant));
    REQUIRE(pos.set_sfen(row.sfen).ok());
    int depth = row.depth;
    std::uint64_t expected = row.nodes;
    while (expected > 1'000'000) expected = perft(pos, --depth);
    CHECK(perft_full(pos, depth) == expected);
    CHECK(pos.sfen() == row.sfen);
    kyoto = kyoto || (row.variant == "kyoto" && depth >= 4);
    bare = bare || (row.variant == "heian" && row.nodes == 0);
  }
  CHECK(kyoto);
  CHECK(bare);
}

TEST_CASE("perft_full counts the position itself at depth 0 and nothing below a finished game", "[perft][full]") {
  Position pos(variant_named("heian"));
  CHECK(perft_full(pos, 0) == 1);
  REQUIRE(pos.set_sfen("9/4k4/4g4/9/9/9/4K4/9 b - 1").ok());
  CHECK(perft_full(pos, 0) == 1);
  CHECK(perft_full(pos, 1) == 0);
  CHECK(perft_full(pos, 3) == 0);
}

TEST_CASE("the brute-force generator agrees with the runtime on every perft position at small depth",
          "[perft][brute]") {
  for (const PerftRow& row : read_perft_rows(KOMA_PERFT_DATA)) {
    Position pos(variant_named(row.variant));
    REQUIRE(pos.set_sfen(row.sfen).ok());
    int depth = 0;
    while (depth < row.depth && perft(pos, depth + 1) <= 4000) ++depth;
    if (depth > 0) brute_check(row, depth);
  }
}

TEST_CASE("the brute-force generator reproduces every koma-made perft count at full depth", "[perft][brute][.slow]") {
  for (const PerftRow& row : read_perft_rows(KOMA_PERFT_DATA)) {
    if (is_own(row)) brute_check(row, row.depth);
  }
}

namespace {

/// Compares divide(start position) with a reference divide file of tests/data.
void check_divide(const std::string& name, const std::string& file, int depth) {
  INFO(file);
  std::ifstream in(std::string(KOMA_DATA_DIR) + "/" + file);
  REQUIRE(in.good());
  std::map<std::string, std::uint64_t> expected;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ss(line);
    std::string move;
    std::uint64_t n = 0;
    ss >> move >> n;
    expected[move] = n;
  }
  Position pos(variant_named(name));
  std::map<std::string, std::uint64_t> got;
  for (const auto& [m, n] : divide(pos, depth)) got[pos.move_text(m)] = n;
  CHECK(got == expected);
}

}  // namespace

TEST_CASE("shogi and kyoto start position divides match the reference move by move", "[perft][divide]") {
  check_divide("shogi", "perft-divide-shogi-d4.txt", 4);
  check_divide("kyoto", "perft-divide-kyoto-d5.txt", 5);
}

TEST_CASE("the heian start position divide matches the reference move by move", "[perft][divide][.slow]") {
  check_divide("heian", "perft-divide-heian-d5.txt", 5);
}
