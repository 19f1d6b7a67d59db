// Borrowed movement (MovementSource::friend_behind, Annan shogi) on hand-built IR: which
// movement a piece acts with, promotion by the moving piece's own type, check, pins, captures
// that give movement back, the pawn-drop-mate rule and the foul judge.
#include <catch2/catch.hpp>

#include "helpers.h"
#include "support/variants.h"

using namespace koma;
using namespace koma::test;

TEST_CASE("a piece with a friend behind it moves as the friend, and as itself otherwise", "[rules][borrowed]") {
  // The sente Pawn on 5e has its Rook behind it; the one on 3e has a gote Rook behind it.
  const Position pos = position("annan", "8k/9/9/9/4P1P2/4R1r2/9/9/K8 b - 1");
  CHECK(is_legal(pos, "5e5a"));  // as a Rook: up the file and along the rank
  CHECK(is_legal(pos, "5e9e"));
  CHECK(is_legal(pos, "5e4e"));
  CHECK_FALSE(is_legal(pos, "5e2e"));  // its own Pawn on 3e is in the way
  CHECK(is_legal(pos, "3e3d"));        // an enemy behind lends nothing: one step, as a Pawn
  CHECK_FALSE(is_legal(pos, "3e3c"));
  CHECK_FALSE(is_legal(pos, "3e2e"));
  CHECK(is_legal(pos, "5f5g"));  // the Rook, with nothing behind it, is a Rook
}

TEST_CASE("the King moves as a friend behind it, and lends its moves to a piece in front", "[rules][borrowed]") {
  // Sente's Gold on 5g has the King behind it; the King on 5h has a Lance behind it.
  const Position pos = position("annan", "4k4/9/9/9/9/9/4G4/4K4/4L4 b - 1");
  CHECK(is_legal(pos, "5g4f"));
  CHECK(is_legal(pos, "5g6h"));        // diagonally back, as a King and never as a Gold
  CHECK_FALSE(is_legal(pos, "5h4h"));  // the King moves as the Lance, and its own Gold blocks it
  CHECK(pos.legal_moves().size() == 7);  // the Gold's seven King steps; the King and Lance have none
}

TEST_CASE("promotion is decided by the moving piece's own type, and never forced", "[rules][borrowed]") {
  // A Pawn moving as the Rook behind it enters the zone: it may promote, to a Tokin.
  Position pawn = position("annan", "8k/9/9/9/9/4P4/4R4/9/K8 b - 1");
  CHECK(is_legal(pawn, "5f5c+"));
  CHECK(is_legal(pawn, "5f5c"));
  play(pawn, "5f5c+");
  CHECK(pawn.sfen() == "8k/9/4+P4/9/9/9/4R4/9/K8 w - 2");
  // A Gold moving as the Rook behind it does not promote.
  const Position gold = position("annan", "k8/9/9/9/9/4G4/4R4/9/K8 b - 1");
  CHECK(is_legal(gold, "5f5a"));
  CHECK_FALSE(is_legal(gold, "5f5a+"));
  // A Pawn may stay a Pawn on the last rank, where only a friend behind can move it again.
  Position last = position("annan", "k8/4P4/9/9/9/9/9/9/K8 b - 1");
  CHECK(is_legal(last, "5b5a+"));
  play(last, "5b5a");
  CHECK(last.sfen() == "k3P4/9/9/9/9/9/9/9/K8 w - 2");
}

TEST_CASE("a borrowed slide gives check, and taking the lender answers it", "[rules][borrowed]") {
  // The sente Pawn on 5e moves as the Lance behind it on 5f and checks the King on 5a; the
  // gote Bishop on 3h can take the Lance, after which the Pawn is a Pawn again.
  const Position pos = position("annan", "4k4/9/9/9/4P4/4L4/9/6b2/K8 w - 1");
  CHECK(pos.in_check());
  CHECK(is_legal(pos, "3h5f"));
  CHECK(is_legal(pos, "3h5f+"));
  CHECK(is_legal(pos, "5a4a"));
  CHECK_FALSE(is_legal(pos, "5a5b"));  // still on the file
  CHECK_FALSE(is_legal(pos, "3h2g"));  // does not answer the check
  CHECK(pos.legal_moves().size() == 6);  // four King steps and the capture, promoting or not
}

TEST_CASE("a piece pinned by a borrowed slide moves only along the line", "[rules][borrowed]") {
  // The gote Pawn on 5d moves as the Rook behind it on 5c and pins the Silver on 5g; the
  // Bishop on 7e may free it by taking the Rook.
  const Position pos = position("annan", "4k4/9/4r4/4p4/2B6/9/4S4/9/4K4 b - 1");
  CHECK(is_legal(pos, "5g5f"));
  CHECK_FALSE(is_legal(pos, "5g4f"));
  CHECK_FALSE(is_legal(pos, "5g6h"));
  CHECK(is_legal(pos, "7e5c"));
  Position freed = pos.clone();
  play(freed, "7e5c");
  play(freed, "5a4a");
  CHECK(is_legal(freed, "5g4f"));  // the Pawn on 5d, with a sente piece behind it, is a Pawn
}

TEST_CASE("taking the piece an enemy piece moves as gives it its own movement back", "[rules][borrowed]") {
  // The sente Bishop on 7f moves as the Pawn behind it on 7g. The gote Knight on 6e, standing
  // on the Bishop's diagonal to the gote King on 4c, may not take that Pawn: the Bishop would
  // be a Bishop again, with its diagonal open.
  const Position pos = position("annan", "9/9/5k3/9/3n5/2B6/2P6/9/K8 w - 1");
  CHECK_FALSE(is_legal(pos, "6e7g"));
  CHECK_FALSE(is_legal(pos, "6e7g+"));
  CHECK(is_legal(pos, "6e5g"));
}

TEST_CASE("a pawn drop that mates by a borrowed move is illegal", "[rules][borrowed]") {
  // A Pawn dropped on 5b checks the King; the King could take it but for the Lance on 6c, which
  // moves as the Gold behind it and guards 5b.
  const Position guarded = position("annan", "3lkl3/3p1p3/3L5/3G5/9/9/9/9/4K4 b P 1");
  CHECK_FALSE(is_legal(guarded, "P*5b"));
  // Without the Gold the Lance guards nothing: the drop checks without mating.
  const Position unguarded = position("annan", "3lkl3/3p1p3/3L5/9/9/9/9/9/4K4 b P 1");
  CHECK(is_legal(unguarded, "P*5b"));
  // A Pawn dropped on 5d moves as the Dragon behind it on 5e and mates the King on 6e from the
  // front; the same Pawn on 4c checks nothing.
  const Position dragon =
      position("annan", "lS1P1s+P2/2+R2n2l/2G5b/p2n4l/1B1k+R1Ppg/1P2N4/P3nG1PP/3SKS3/L1+p6 b Pg7p 129");
  CHECK_FALSE(is_legal(dragon, "P*5d"));
  CHECK(is_legal(dragon, "P*4c"));
}

TEST_CASE("the foul judge reads borrowed moves", "[rules][borrowed]") {
  // The Gold on 5g moves as the King behind it and is pinned by the gote Pawn on 5d, which
  // moves as the Rook behind it: stepping off the file is a move of the Gold, and a foul.
  const Position pos = position("annan", "4k4/9/4r4/4p4/9/9/4G4/4K4/9 b - 1");
  CHECK(is_legal(pos, "5g5f"));
  const auto foul = pos.judge_foul("5g4h");
  REQUIRE(foul.ok());
  CHECK(foul->foul == Foul::king_in_check);
  CHECK(pos.judge_foul("5g5e").error().code == "move-illegal");  // no King step reaches 5e
}
