// A Markdown variant of range jumps and area moves (tests/data/jumping-mini.md), compiled and
// loaded as the front ends load it, played in seeded random games against the brute force.
#include <algorithm>
#include <random>

#include "brute.h"
#include "random_games.h"
#include "support.h"

using namespace koma;

TEST_CASE("random games of a Markdown variant with range jumps and area moves agree with the brute force") {
  lib::Result<lib::LoadedVariant> loaded =
      lib::load_variant_file(std::string(KOMA_SOURCE_DIR) + "/tests/data/jumping-mini.md", {});
  REQUIRE(loaded.ok());
  test::play_random_games([&] { return Position(loaded->variant); }, {40, 120, 11, false});
}
