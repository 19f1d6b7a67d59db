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

/// Which tier each bundled variant gets, and why the mailbox plays the others.
const std::map<std::string, Tier> kExpectedTier = {
    {"annan-shogi", Tier::mailbox},   // pieces move as the friendly piece behind them
    {"cannon-shogi", Tier::mailbox},  // hops
    {"check-shogi", Tier::bitboard},
    {"chu-shogi", Tier::mailbox},  // Lion moves of two legs, trading rules, 144 squares
    {"dai-shogi", Tier::mailbox},  // Lion moves of two legs, 225 squares
    {"dobutsu-shogi", Tier::bitboard},
    {"euroshogi", Tier::bitboard},
    {"goro-goro-plus-shogi", Tier::bitboard},
    {"goro-goro-shogi", Tier::bitboard},
    {"heian-shogi", Tier::bitboard},
    {"judkins-shogi", Tier::bitboard},
    {"kyoto-shogi", Tier::bitboard},
    {"micro-shogi", Tier::bitboard},
    {"minishogi", Tier::bitboard},
    {"okisaki-shogi", Tier::bitboard},
    {"sho-shogi", Tier::bitboard},
    {"shogi", Tier::bitboard},
    {"tori-shogi", Tier::bitboard},
    {"wa-shogi", Tier::bitboard},
    {"whale-shogi", Tier::mailbox},  // movement by rank, a per-file limit on board moves
    {"yari-shogi", Tier::bitboard},
};

}  // namespace

TEST_CASE("every bundled variant plays on its expected tier") {
  const std::vector<std::string> slugs = bundled_slugs();
  REQUIRE(slugs.size() == kExpectedTier.size());
  for (const std::string& slug : slugs) {
    INFO(slug);
    REQUIRE(kExpectedTier.count(slug) == 1);
    CHECK(bundled(slug)->tier() == kExpectedTier.at(slug));
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
