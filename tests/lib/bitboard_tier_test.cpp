// The move generator's tier of every bundled variant, and on those the bitboard tier plays, the
// same legal moves and counts as the mailbox tier over seeded random games.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <string>

#include "support.h"
#include "support/tier_check.h"

using namespace koma;
using namespace koma::test;

namespace {

/// The slug of every variant file in variants/.
std::vector<std::string> bundled_slugs() {
  std::vector<std::string> slugs;
  for (const auto& entry : std::filesystem::directory_iterator(KOMA_SOURCE_DIR "/variants")) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() == ".md" && name.rfind("FORMAT", 0) != 0) slugs.push_back(entry.path().stem().string());
  }
  std::sort(slugs.begin(), slugs.end());
  return slugs;
}

/// Which tier each bundled variant gets, at which width of square sets (0: the mailbox), and
/// why the mailbox plays the others.
struct ExpectedTier {
  Tier tier;
  int width;
};
const std::map<std::string, ExpectedTier> kExpectedTier = {
    {"annan-shogi", {Tier::mailbox, 0}},   // pieces move as the friendly piece behind them
    {"cannon-shogi", {Tier::bitboard, 128}},
    {"check-shogi", {Tier::bitboard, 128}},
    {"chu-shogi", {Tier::mailbox, 0}},  // Lion moves of two legs, trading rules, 144 squares
    {"dai-shogi", {Tier::mailbox, 0}},  // Lion moves of two legs, 225 squares
    {"dai-dai-shogi", {Tier::mailbox, 0}},  // hooks, Lion moves, 85 types, 289 squares
    {"dobutsu-shogi", {Tier::bitboard, 64}},
    {"euroshogi", {Tier::bitboard, 64}},
    {"goro-goro-plus-shogi", {Tier::bitboard, 64}},
    {"goro-goro-shogi", {Tier::bitboard, 64}},
    {"heian-shogi", {Tier::bitboard, 128}},
    {"judkins-shogi", {Tier::bitboard, 64}},
    {"kyoto-shogi", {Tier::bitboard, 64}},
    {"maka-dai-dai-shogi", {Tier::mailbox, 0}},  // Lion moves, hooks, the Emperor, 97 types, 361 squares
    {"micro-shogi", {Tier::bitboard, 64}},
    {"minishogi", {Tier::bitboard, 64}},
    {"okisaki-shogi", {Tier::bitboard, 128}},
    {"sho-shogi", {Tier::bitboard, 128}},
    {"shogi", {Tier::bitboard, 128}},
    {"tai-shogi", {Tier::mailbox, 0}},  // Lion moves, hooks, Emperors, 130 types, 625 squares
    {"taikyoku-shogi", {Tier::mailbox, 0}},  // range captures, passing slides, 404 types, 1296 squares
    {"tenjiku-shogi", {Tier::mailbox, 0}},  // Lion moves, range jumps, area moves, burning, 66 types, 256 squares
    {"tori-shogi", {Tier::bitboard, 64}},
    {"wa-shogi", {Tier::bitboard, 128}},
    {"whale-shogi", {Tier::mailbox, 0}},  // movement by rank, a per-file limit on board moves
    {"yari-shogi", {Tier::bitboard, 64}},
};

}  // namespace

TEST_CASE("every bundled variant plays on its expected tier, at its expected width") {
  const std::vector<std::string> slugs = bundled_slugs();
  REQUIRE(slugs.size() == kExpectedTier.size());
  for (const std::string& slug : slugs) {
    INFO(slug);
    REQUIRE(kExpectedTier.count(slug) == 1);
    const auto variant = bundled(slug);
    CHECK(variant->tier() == kExpectedTier.at(slug).tier);
    CHECK(variant->bitboard_width() == kExpectedTier.at(slug).width);
    const auto& rules = variant->rules();
    if (variant->tier() == Tier::bitboard) CHECK((rules.board.files * rules.board.ranks <= 64) == (variant->bitboard_width() == 64));
  }
}

TEST_CASE("on every bundled variant of the bitboard tier, both tiers agree over random games") {
  for (const std::string& slug : bundled_slugs()) {
    const auto variant = bundled(slug);
    if (variant->tier() != Tier::bitboard) continue;
    INFO(slug);
    CHECK(random_tier_games(Position(variant), 12, 200, 7) > 150);
  }
}

TEST_CASE("every bundled variant of the bitboard tier has its slides' lookup tables where the processor uses them") {
  const bool used = best_count_kernel() == CountKernel::v3_lookup;
  int leaps_only = 0;
  for (const std::string& slug : bundled_slugs()) {
    const auto variant = bundled(slug);
    if (variant->tier() != Tier::bitboard) continue;
    INFO(slug);
    const BitboardTables& tables = *variant->tables().bitboard;
    // A variant of leaps only lists and counts its moves piece by piece and looks nothing up.
    const bool leaps = tables.kernels == BitboardTables::kLeaps;
    leaps_only += leaps ? 1 : 0;
    CHECK((tables.width == 64 ? tables.narrow.lookup : tables.wide.lookup) == (used && !leaps));
  }
  CHECK(leaps_only >= 1);  // Dobutsu shogi
}

TEST_CASE("every counting kernel the processor runs counts as the mailbox tier does") {
  const CountKernel best = count_kernel();
  int kernels = 0;
  for (CountKernel kernel : {CountKernel::portable, CountKernel::popcnt, CountKernel::v3, CountKernel::v3_lookup,
                             CountKernel::native}) {
    if (!use_count_kernel(kernel)) continue;
    ++kernels;
    INFO(count_kernel_name(kernel));
    for (const std::string& slug : bundled_slugs()) {
      const auto variant = bundled(slug);
      if (variant->tier() != Tier::bitboard) continue;
      INFO(slug);
      CHECK(random_tier_games(Position(variant), 2, 120, 11) > 20);
    }
  }
  REQUIRE(use_count_kernel(best));
  CHECK(kernels >= 1);
  // A kernel past the processor's best is refused and changes nothing.
  if (best != CountKernel::native && best != CountKernel::v3_lookup) {
    CHECK_FALSE(use_count_kernel(CountKernel::v3_lookup));
    CHECK(count_kernel() == best);
  }
}
