// The test file tests/data/wide-kinds.md: 70 types whose sets of leaps outnumber the bits of an
// attack mask compile without a diagnostic, load with a kind per class of atoms, and play the
// moves the brute-force generator finds.
#include <algorithm>
#include <random>

#include "brute.h"
#include "bundled.h"
#include "random_games.h"
#include "perft.h"

using namespace koma;

TEST_CASE("the compiled wide-kinds test file loads with a kind per class of atoms") {
  const std::shared_ptr<const Variant> v = e2e::bundled("../tests/data/wide-kinds");
  CHECK(v->tables().piece_count == 71);
  // Seven classes of leaps by the bits of the type, and the King's steps of no type; backward
  // slides, ranged forward diagonals and orthogonal hops.
  CHECK(v->tables().leap_kinds == 8);
  CHECK(v->tables().line_kinds == 3);
  CHECK(v->tables().present_base != 0);
}

TEST_CASE("the compiled wide-kinds test file counts perft 1 and 2 as the brute force") {
  Position pos(e2e::bundled("../tests/data/wide-kinds"));
  for (int depth = 1; depth <= 2; ++depth) {
    bool agreed = true;
    std::string where;
    const std::uint64_t brute = test::brute_perft(pos, depth, agreed, where);
    INFO(where);
    CHECK(agreed);
    CHECK(brute == perft(pos, depth));
  }
  CHECK(perft(pos, 1) == 36);
  CHECK(perft(pos, 2) == 2121);
}

TEST_CASE("seeded random wide-kinds games agree with the brute-force generator") {
  test::play_random_games([] { return Position(e2e::bundled("../tests/data/wide-kinds")); }, {4, 120, 70, false});
}
