// Seeded random games per variant: at every step the legal moves are sorted and unique, agree
// with the brute-force generator, make+unmake and do_move+undo_move restore SFEN and hash, SFEN
// round-trips, is_ok.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>

#include "brute.h"
#include "random_games.h"
#include "helpers.h"

using namespace koma;
using namespace koma::test;

namespace {

void random_games(const std::string& variant, int games, int plies, std::uint32_t seed) {
  std::mt19937 rng(seed);
  for (int g = 0; g < games_in_this_build(games); ++g) {
    Position pos(variant_named(variant));
    for (int ply = 0; ply < plies; ++ply) {
      INFO(variant << " game " << g << " ply " << ply << " at " << pos.sfen());
      REQUIRE(pos.is_ok());
      const std::vector<Move> moves = pos.legal_moves();
      std::vector<std::string> texts;
      for (Move m : moves) texts.push_back(pos.move_text(m));
      REQUIRE(std::is_sorted(texts.begin(), texts.end()));
      REQUIRE(std::adjacent_find(texts.begin(), texts.end()) == texts.end());
      std::vector<Move> sorted = moves;
      std::sort(sorted.begin(), sorted.end());
      REQUIRE(sorted == brute_legal_moves(pos));

      const std::string sfen = pos.sfen();
      const std::uint64_t hash = pos.hash();
      Position copy(variant_named(variant));
      REQUIRE(copy.set_sfen(sfen).ok());
      REQUIRE(copy.sfen() == sfen);
      REQUIRE(copy.hash() == hash);
      for (Move m : moves) {
        REQUIRE(*pos.parse_move(pos.move_text(m)) == m);
        pos.make(m);
        REQUIRE(pos.is_ok());
        pos.unmake();
        REQUIRE(pos.is_ok());
        REQUIRE(pos.sfen() == sfen);
        REQUIRE(pos.hash() == hash);
        UndoRecord undo;  // the search path, which keeps no history
        pos.do_move(m, undo);
        REQUIRE(pos.is_ok());
        pos.undo_move(undo);
        REQUIRE(pos.is_ok());
        REQUIRE(pos.sfen() == sfen);
        REQUIRE(pos.hash() == hash);
      }
      if (pos.status().ended) break;
      pos.make(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
  }
}

}  // namespace

TEST_CASE("random shogi games keep every position invariant", "[random]") { random_games("shogi", 6, 120, 1); }
TEST_CASE("random kyoto games keep every position invariant", "[random][kyoto]") { random_games("kyoto", 20, 100, 2); }
TEST_CASE("random heian games keep every position invariant", "[random][heian]") { random_games("heian", 6, 150, 3); }
TEST_CASE("random 12x12 toy games keep every position invariant", "[random]") { random_games("toy12", 3, 80, 4); }
TEST_CASE("random sho games keep every position invariant", "[random]") { random_games("sho", 4, 120, 5); }
TEST_CASE("random cannon shogi games agree with the brute-force hops", "[random][cannon]") { random_games("cannon", 8, 150, 5); }
TEST_CASE("random whale shogi games agree with the brute-force movement by rank and file limits", "[random][whale]") {
  random_games("whale", 30, 150, 6);
}
TEST_CASE("random wa shogi games agree with the brute-force generator", "[random][wa]") { random_games("wa", 3, 120, 7); }
TEST_CASE("random jumping shogi games agree with the brute-force jumps and area moves", "[random][jumps]") {
  random_games("jumping", 8, 150, 6);
}
TEST_CASE("random games of Tenjiku's mechanisms agree with the brute-force legs, promotions and captures without moving",
          "[random][tenjiku]") {
  random_games("tenjiku-mechanisms", 12, 150, 8);
}
TEST_CASE("random games of Tenjiku's burning agree with the brute-force burns and the check they give",
          "[random][tenjiku][burning]") {
  random_games("tenjiku-burning", 40, 150, 9);
}
TEST_CASE("random games of hook movers agree with the brute-force hook moves, checks and drops", "[random][hook]") {
  random_games("hook-movers", 12, 150, 9);
}
TEST_CASE("random games of range capturers agree with the brute-force range captures, passing slides and their checks",
          "[random][range-capture]") {
  random_games("range-capturers", 16, 120, 10);
}
