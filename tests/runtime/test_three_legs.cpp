// Three-leg moves (a Lion power of three steps) on a hand-built rule set: moves counted by hand,
// both captures made and taken back, one move whatever the path, promotion by capturing on
// the way, the load-time checks, and random games against the brute-force generator.
#include <catch2/catch.hpp>

#include <algorithm>

#include "helpers.h"
#include "random_games.h"
#include "support/variants.h"

using namespace koma;
using namespace koma::test;

namespace {

/// The legal moves of `pos` written with four squares (two middle squares).
int three_leg_texts(const Position& pos) {
  int n = 0;
  for (const std::string& t : pos.legal_move_texts()) n += std::count_if(t.begin(), t.end(), [](char c) { return c >= 'a' && c <= 'z'; }) == 4;
  return n;
}

}  // namespace

TEST_CASE("a three-leg move keeps its two steps in 32 bits", "[three-legs]") {
  const auto v = variant_named("lion3-mechanisms");
  const int from = v->square(6, 6), a = v->square(6, 5), b = v->square(5, 4), to = v->square(5, 3);
  int first = -1, second = -1;
  for (int k = 0; k < 8; ++k) {
    if (v->tables().king_offsets[static_cast<std::size_t>(k)] == a - from) first = k;
    if (v->tables().king_offsets[static_cast<std::size_t>(k)] == b - a) second = k;
  }
  REQUIRE(first >= 0);
  REQUIRE(second >= 0);
  const Move m = Move::legs3(from, first, second, to, true);
  CHECK(m.is_three_legs());
  CHECK(m.has_mid());
  CHECK_FALSE(m.is_drop());
  CHECK_FALSE(m.is_step());
  CHECK(m.changes_face());
  CHECK(m.from() == from);
  CHECK(m.to() == to);
  CHECK(v->middle_squares(m) == std::array<int, 2>{a, b});
  CHECK_FALSE(Move::legs(from, a, to, false).is_three_legs());
  CHECK(v->middle_squares(Move::legs(from, a, to, false)) == std::array<int, 2>{a, 0});
  CHECK(v->middle_squares(Move::legs(from, from, to, false)) == std::array<int, 2>{0, 0});
  CHECK(v->middle_squares(Move::board(from, to, false)) == std::array<int, 2>{0, 0});
}

TEST_CASE("the area power of three steps, counted by hand", "[three-legs]") {
  // The Dog on 6f, a gote Pawn on 6e, the sente King on 7g, the gote King on 1a.
  const Position pos = position("lion3-mechanisms", "6k/7/7/7/1p5/1D5/K6 b - 1");
  // Leaps: every square within three on the board (files 3-7, ranks c-g) but its own and the
  // King's, 23. Taking the Pawn and stepping on, or back (igui): 8. The pass: 1. Taking the
  // Pawn and going two steps on, to a square two from it (not the King's): 10. Stepping past
  // the Pawn and taking it second adds nothing (it stands next to the Dog).
  CHECK(moves_from(pos, "6f") == 23 + 8 + 1 + 10);
  CHECK(pos.legal_moves().size() == 42 + 2);  // the King to 7f and 6g
  CHECK(is_legal(pos, "6f6e4c"));             // two beyond the Pawn, diagonally
  CHECK(is_legal(pos, "6f6e5d4c"));           // the same move, its way named
  CHECK(is_legal(pos, "6f6e6g"));             // back past the origin
  CHECK_FALSE(is_legal(pos, "6f6e7g"));       // the own King
  CHECK(three_leg_texts(pos) == 0);           // one piece taken next to the origin: two-leg moves
}

TEST_CASE("the power of three steps along the lines, counted by hand", "[three-legs]") {
  // The Hound on 6f, a gote Pawn on 6e.
  const Position pos = position("lion3-mechanisms", "6k/7/7/7/1p5/1H5/K6 b - 1");
  // Leaps one to three squares along the eight lines: up 3, down 1, left 3, right 1, the
  // diagonals 3 + 1 + 1 (7g is the King's), 13. Taking the Pawn then on or back: 2. The pass:
  // 1. Taking it and going on two squares to 6c: 1.
  CHECK(moves_from(pos, "6f") == 13 + 2 + 1 + 1);
  CHECK(is_legal(pos, "6f6e6c"));
  CHECK_FALSE(is_legal(pos, "6f6e5d"));  // off the line
  CHECK_FALSE(is_legal(pos, "6f6e6g"));  // back past the origin
}

TEST_CASE("a three-leg move takes two pieces and is taken back", "[three-legs]") {
  Position pos = position("lion3-mechanisms", "6k/7/7/1p5/1p5/1D5/K6 b - 1");
  const auto v = variant_named("lion3-mechanisms");
  const std::string sfen = pos.sfen();
  const std::uint64_t hash = pos.hash();
  const auto m = pos.parse_move("6f6e6d6c");
  REQUIRE(m.ok());
  CHECK(m->is_three_legs());
  CHECK(pos.move_text(*m) == "6f6e6d6c");
  CHECK_FALSE(is_legal(pos, "6f6e6d6f"));  // 6d is two steps from 6f
  CHECK(is_legal(pos, "6f6e6d"));    // the two-leg move
  CHECK(is_legal(pos, "6f6d"));      // the leap
  pos.make(*m);
  CHECK(pos.at(v->square(6, 5)) == kEmpty);
  CHECK(pos.at(v->square(6, 4)) == kEmpty);
  CHECK(pos.at(v->square(6, 3)) != kEmpty);
  CHECK(pos.sfen() == "6k/7/1D5/7/7/7/K6 w 2P 2");
  pos.unmake();
  CHECK(pos.sfen() == sfen);
  CHECK(pos.hash() == hash);
}

TEST_CASE("moves taking the same pieces and ending on the same square are one move", "[three-legs]") {
  // Gote Pawns on 6e and 5e, both next to the Dog on 6f and to each other.
  const Position pos = position("lion3-mechanisms", "6k/7/7/7/1pp4/1D5/K6 b - 1");
  const auto one = pos.parse_move("6f6e5e6d");
  const auto other = pos.parse_move("6f5e6e6d");
  REQUIRE(one.ok());
  REQUIRE(other.ok());
  CHECK(*one == *other);
  int both = 0;
  for (const std::string& t : pos.legal_move_texts()) {
    both += t.size() == 8 && t.substr(6) == "6d" && t.find("6e") != std::string::npos && t.find("5e") != std::string::npos;
  }
  CHECK(both == 1);
  // A piece taken where the move ends is taken as by the two-leg move: 6f5e6e5e is 6f6e5e.
  const auto ends = pos.parse_move("6f5e6e5e");
  REQUIRE(ends.ok());
  CHECK(*ends == *pos.parse_move("6f6e5e"));
}

TEST_CASE("a piece taken on the way earns promotion by capturing", "[three-legs]") {
  const Position next = position("lion3-mechanisms", "6k/7/7/7/1g5/1D5/K6 b - 1");
  CHECK(is_legal(next, "6f6e5d+"));
  CHECK_FALSE(is_legal(next, "6f6e5d"));
  CHECK(is_legal(next, "6f6e4c+"));
  CHECK_FALSE(is_legal(next, "6f6e4c"));
  // A Gold two squares away, taken by the second step, whichever empty square the first takes.
  const Position far = position("lion3-mechanisms", "6k/7/7/1g5/7/1D5/K6 b - 1");
  CHECK(is_legal(far, "6f6e6d6c+"));
  CHECK_FALSE(is_legal(far, "6f6e6d6c"));
  CHECK(*far.parse_move("6f5e6d6c+") == *far.parse_move("6f6e6d6c+"));
  CHECK(three_leg_texts(far) > 0);
}

TEST_CASE("the runtime checks three-leg moves when it loads them", "[three-legs][load]") {
  CHECK(load_code(lion3_mechanisms()).empty());
  ir::RuleSet long_first = lion3_mechanisms();
  for (ir::PieceType& p : long_first.pieces) {
    for (ir::LegMove& m : p.leg_moves) {
      if (m.third) m.legs[0].delta.forward = static_cast<std::int8_t>(2 * m.legs[0].delta.forward);
    }
  }
  CHECK(load_code(long_first) == "ir-bad-legs");
  ir::RuleSet bare = lion3_mechanisms();
  for (ir::PieceType& p : bare.pieces) {
    if (std::any_of(p.leg_moves.begin(), p.leg_moves.end(), [](const ir::LegMove& m) { return m.third.has_value(); })) {
      p.moves.clear();  // then its captures are no leaps of its own
    }
  }
  CHECK(load_code(bare) == "ir-bad-legs");
  ir::RuleSet zero = lion3_mechanisms();
  for (ir::PieceType& p : zero.pieces) {
    for (ir::LegMove& m : p.leg_moves) {
      if (m.third) m.third->delta = {0, 0};
    }
  }
  CHECK(load_code(zero) == "ir-bad-legs");
}

TEST_CASE("three-leg moves equal the brute-force generator's in seeded random games", "[three-legs][random]") {
  RandomGames games;
  games.games = 24;
  games.plies = 80;
  games.seed = 33;
  games.prefer_face_changes = true;
  const int changes = play_random_games([] { return Position(variant_named("lion3-mechanisms")); }, games);
  CHECK(changes > 0);
}
