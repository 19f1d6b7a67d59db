// A Markdown variant of range jumps and area moves (tests/data/jumping-mini.md), compiled and
// loaded as the front ends load it, played in seeded random games against the brute force.
#include <algorithm>
#include <random>

#include "brute.h"
#include "support.h"

using namespace koma;

TEST_CASE("random games of a Markdown variant with range jumps and area moves agree with the brute force") {
  lib::Result<lib::LoadedVariant> loaded =
      lib::load_variant_file(std::string(KOMA_SOURCE_DIR) + "/tests/data/jumping-mini.md", {});
  REQUIRE(loaded.ok());
  std::mt19937 rng(11);
  for (int game = 0; game < 40; ++game) {
    Position pos(loaded->variant);
    for (int ply = 0; ply < 120; ++ply) {
      INFO("game " << game << " ply " << ply << " at " << pos.sfen());
      std::vector<Move> moves = pos.legal_moves();
      std::sort(moves.begin(), moves.end());
      REQUIRE(moves == test::brute_legal_moves(pos));
      if (moves.empty() || pos.status().ended) break;
      pos.make(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
  }
}
