// Seeded random games against the brute-force generator, shared by the runtime's and the
// end-to-end tests: at every position of the games the runtime's legal moves equal
// brute_legal_moves', and making then unmaking the move played restores the SFEN and the key.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "brute.h"

namespace koma::test {

/// How many of `games` random games this build plays: all of them, or a quarter (at least one)
/// in the sanitizer build, which looks for memory faults rather than rare positions and runs
/// about ten times slower.
constexpr int games_in_this_build(int games) {
#ifdef KOMA_SANITIZED_TESTS
  return games < 4 ? 1 : games / 4;
#else
  return games;
#endif
}

/// Which random games to play.
struct RandomGames {
  int games = 1;
  int plies = 100;
  std::uint32_t seed = 1;
  /// Half the moves played change face where some do (promotions, flips), so that promoted
  /// faces come into play; otherwise every legal move is as likely.
  bool prefer_face_changes = false;
};

/// Plays the games from the positions `start()` returns; returns how many of the moves played
/// changed face.
template <class Start>
int play_random_games(Start&& start, const RandomGames& games) {
  std::mt19937 rng(games.seed);
  int changes = 0;
  for (int game = 0; game < games_in_this_build(games.games); ++game) {
    Position pos = start();
    for (int ply = 0; ply < games.plies; ++ply) {
      INFO("game " << game << " ply " << ply << " at " << pos.sfen());
      REQUIRE(pos.is_ok());
      std::vector<Move> moves = pos.legal_moves();
      std::sort(moves.begin(), moves.end());
      REQUIRE(moves == brute_legal_moves(pos));
      if (moves.empty() || pos.status().ended) break;
      std::vector<Move> changing;
      if (games.prefer_face_changes) {
        std::copy_if(moves.begin(), moves.end(), std::back_inserter(changing), [](Move m) { return m.changes_face(); });
      }
      const std::vector<Move>& pool = !changing.empty() && rng() % 2 == 0 ? changing : moves;
      const Move m = pool[std::uniform_int_distribution<std::size_t>(0, pool.size() - 1)(rng)];
      const std::string sfen = pos.sfen();
      const std::uint64_t hash = pos.hash();
      pos.make(m);
      pos.unmake();
      REQUIRE(pos.sfen() == sfen);
      REQUIRE(pos.hash() == hash);
      if (m.changes_face()) ++changes;
      pos.make(m);
    }
  }
  return changes;
}

}  // namespace koma::test
