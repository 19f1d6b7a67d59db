// Move lists with no bound: positions with more moves than a list holds in place.
#include <catch2/catch.hpp>

#include <algorithm>

#include "brute.h"
#include "helpers.h"
#include "perft.h"

using namespace koma;
using namespace koma::test;

namespace {

/// 96 Ghosts that may go anywhere unprotected, promoted or not, and 25 hand pieces to drop.
const std::string kCrowd =
    "k15/16/16/16/16/16/16/16/16/GGGGGGGGGGGGGGGG/GGGGGGGGGGGGGGGG/GGGGGGGGGGGGGGGG/"
    "GGGGGGGGGGGGGGGG/GGGGGGGGGGGGGGGG/GGGGGGGGGGGGGGGG/15K b ABCDEFGHIJLMNOPQRSTUVWXYZ 1";

}  // namespace

TEST_CASE("a position with tens of thousands of moves lists them all", "[movelist]") {
  Position pos = position("many-moves", kCrowd);
  // Drops: 25 faces on the 158 empty squares. Ghosts: 96, each to the 155 empty squares the
  // gote King does not guard, promoted or not. The King: one step, the others onto Ghosts.
  const std::size_t expected = 25 * 158 + 96 * 155 * 2 + 1;
  CHECK(expected > kInlineMoves);
  MoveList list;
  pos.generate(list);
  CHECK(list.size() == expected);
  CHECK(pos.count_legal() == expected);
  CHECK(pos.legal_moves().size() == expected);
  CHECK(perft(pos, 1) == expected);
  std::vector<Move> fast(list.begin(), list.end());
  std::sort(fast.begin(), fast.end());
  CHECK(fast == brute_legal_moves(pos));
}

TEST_CASE("a list grows past its inline moves and keeps them in order", "[movelist]") {
  MoveList list;
  const std::size_t n = 3 * kInlineMoves + 5;
  for (std::size_t i = 0; i < n; i += 100) {
    list.reserve(100);
    for (std::size_t k = i; k < std::min(n, i + 100); ++k) list.push(Move::board(1, static_cast<int>(k % 1000 + 1), false));
  }
  REQUIRE(list.size() == n);
  bool same = true;
  for (std::size_t k = 0; k < n; ++k) same = same && list[k].to() == static_cast<int>(k % 1000 + 1);
  CHECK(same);
}
