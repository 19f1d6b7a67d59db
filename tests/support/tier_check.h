// The bitboard tier against the mailbox tier: the same legal moves and counts on one position,
// and over seeded random games (tests/runtime/test_bitboard.cpp, tests/lib/bitboard_tier_test.cpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "position.h"

namespace koma::test {

/// The moves `pos` generates, sorted (duplicates kept, so that a repeated move shows).
inline std::vector<Move> generated(const Position& pos) {
  MoveList list;
  pos.generate(list);
  std::vector<Move> moves(list.begin(), list.end());
  std::sort(moves.begin(), moves.end());
  return moves;
}

/// Checks that `pos` (on the bitboard tier) and a copy on the mailbox tier generate the same
/// moves and count as many; returns how many.
inline std::size_t check_tiers_agree(const Position& pos) {
  REQUIRE(pos.tier() == Tier::bitboard);
  // The bitboard tier keeps no piece lists; the mailbox copy rebuilds them from the board.
  REQUIRE(pos.is_ok());
  Position mailbox = pos.clone();
  REQUIRE(mailbox.set_tier(Tier::mailbox));
  REQUIRE(mailbox.is_ok());
  const std::vector<Move> expected = generated(mailbox);
  REQUIRE(generated(pos) == expected);
  REQUIRE(pos.count_legal() == expected.size());
  REQUIRE(mailbox.count_legal() == expected.size());
  return expected.size();
}

/// Plays `games` seeded random games of up to `plies` moves from `start`, checking the tiers at
/// every position; returns the number of positions checked.
inline int random_tier_games(const Position& start, int games, int plies, std::uint32_t seed) {
  std::mt19937 rng(seed);
  int checked = 0;
  for (int g = 0; g < games; ++g) {
    Position pos = start.clone();
    for (int ply = 0; ply < plies; ++ply) {
      INFO("game " << g << " ply " << ply << " at " << pos.sfen());
      const std::size_t n = check_tiers_agree(pos);
      ++checked;
      if (n == 0 || pos.status().ended) break;
      const std::vector<Move> moves = generated(pos);
      pos.make(moves[std::uniform_int_distribution<std::size_t>(0, n - 1)(rng)]);
    }
  }
  return checked;
}

}  // namespace koma::test
