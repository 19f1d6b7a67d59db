// More sets of attacks than masks have bits: attack kinds become classes of atoms, and every
// type, those past the 64th included, moves and checks by each sort of atom as itself.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "brute.h"
#include "helpers.h"
#include "random_games.h"
#include "perft.h"
#include "support/variants.h"

using namespace koma;
using namespace koma::test;

namespace {

/// Types 1 to 4 and 64 to 76 on the board, both sides.
const std::string kStart =
    "m!n!o!p!kq!r!s!t!/u!v!w!x!y!abcd/9/9/9/9/9/M!N!O!P!Q!R!S!T!U!/V!W!X!Y!KABCD b - 1";

/// Seeded random games from `sfen`, each position's legal moves equal to the brute force's.
void random_games_from(const std::string& sfen, int games, int plies, std::uint32_t seed) {
  play_random_games([&] { return position("wide-kinds", sfen); }, {games, plies, seed, false});
}

}  // namespace

TEST_CASE("77 types of 77 sets of leaps load with a kind per class of atoms", "[wide-kinds]") {
  const auto v = variant_named("wide-kinds");
  CHECK(v->tables().piece_count == 77);
  // Seven leaps, each of its own set of types, and the King's other four steps, of the King
  // alone; the line atoms that the same types have share a class: forward slides, ranged
  // diagonals, hops, skipping slides, range jumps with area and hook moves, anywhere moves.
  CHECK(v->tables().leap_kinds == 8);
  CHECK(v->tables().line_kinds == 6);
  CHECK(v->tables().present_base != 0);
  CHECK(v->tier() == Tier::mailbox);
  Position pos(v);
  REQUIRE(pos.set_sfen(kStart).ok());
  CHECK(pos.sfen() == kStart);
  CHECK(pos.is_ok());
}

TEST_CASE("types past the 64th give check by each sort of atom", "[wide-kinds]") {
  // Type 64 (M!) leaps one square right and back, nothing else.
  CHECK(position("wide-kinds", "4k4/9/9/9/4K4/5m!3/9/9/9 b - 1").in_check());
  CHECK_FALSE(position("wide-kinds", "4k4/9/9/9/4K4/3m!5/9/9/9 b - 1").in_check());
  // Type 65 (N!) slides forward, unless a piece stands between.
  CHECK(position("wide-kinds", "4k4/4n!4/9/9/4K4/9/9/9/9 b - 1").in_check());
  CHECK_FALSE(position("wide-kinds", "4k4/4n!4/4M!4/9/4K4/9/9/9/9 b - 1").in_check());
  // Type 66 (O!) slides diagonally two squares at most.
  CHECK(position("wide-kinds", "4k4/9/6o!2/9/4K4/9/9/9/9 b - 1").in_check());
  CHECK_FALSE(position("wide-kinds", "4k4/7o!1/9/9/4K4/9/9/9/9 b - 1").in_check());
  // Type 67 (P!) hops forward over one screen.
  CHECK(position("wide-kinds", "4k4/4p!4/4M!4/9/4K4/9/9/9/9 b - 1").in_check());
  CHECK_FALSE(position("wide-kinds", "4k4/4p!4/9/9/4K4/9/9/9/9 b - 1").in_check());
  // Type 68 (Q!) slides sideways from its second square on, over whatever stands on its first.
  CHECK(position("wide-kinds", "4k4/9/9/9/4K1q!2/9/9/9/9 b - 1").in_check());
  CHECK(position("wide-kinds", "4k4/9/9/9/4KM!q!2/9/9/9/9 b - 1").in_check());
  CHECK_FALSE(position("wide-kinds", "4k4/9/9/9/4Kq!3/9/9/9/9 b - 1").in_check());
  // Type 69 (R!, rank 1) range-jumps forward over unranked pieces, not over one of its rank.
  CHECK(position("wide-kinds", "4k4/4r!4/4M!4/4M!4/4K4/9/9/9/9 b - 1").in_check());
  CHECK_FALSE(position("wide-kinds", "4k4/4r!4/4R!4/9/4K4/9/9/9/9 b - 1").in_check());
  // Type 70 (S!) makes two king steps over empty squares.
  CHECK(position("wide-kinds", "4k4/9/4s!4/9/4K4/9/9/9/9 b - 1").in_check());
  CHECK_FALSE(position("wide-kinds", "4k4/9/4s!4/3M!M!M!3/4K4/9/9/9/9 b - 1").in_check());
  // Type 71 (T!) slides forward and turns sideways once (a hook move).
  CHECK(position("wide-kinds", "4k4/6t!2/9/9/4K4/9/9/9/9 b - 1").in_check());
  CHECK_FALSE(position("wide-kinds", "4k4/6t!2/9/9/4KM!3/9/9/9/9 b - 1").in_check());
  // Type 72 (U!) moves to any square sente does not protect.
  CHECK(position("wide-kinds", "4k4/9/9/9/4K4/9/9/9/u!8 b - 1").in_check());
  CHECK_FALSE(position("wide-kinds", "4k4/9/9/3M!5/4K4/9/9/9/u!8 b - 1").in_check());
  // The check rule binds moves: the King may not step into the forward slide of type 65.
  const Position pos = position("wide-kinds", "4k4/3n!5/9/9/4K4/9/9/9/9 b - 1");
  CHECK_FALSE(is_legal(pos, "5e6e"));
  CHECK(is_legal(pos, "5e4e"));
}

TEST_CASE("77 types of wide kinds play the moves the brute-force generator finds", "[wide-kinds]") {
  Position pos = position("wide-kinds", kStart);
  bool agreed = true;
  std::string where;
  const std::uint64_t brute = brute_perft(pos, 2, agreed, where);
  INFO(where);
  CHECK(agreed);
  CHECK(brute == perft(pos, 2));
}

TEST_CASE("random games of 77 types of wide kinds agree with the brute force", "[wide-kinds][random]") {
  random_games_from(kStart, 6, 100, 20261202);
}
