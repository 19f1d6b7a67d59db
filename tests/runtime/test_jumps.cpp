// Range jumps and area moves on hand-built rule sets: what they pass, what they take, the
// check rule through them, and the load-time checks.
#include <catch2/catch.hpp>

#include "helpers.h"
#include "support/variants.h"

using namespace koma;
using namespace koma::test;

TEST_CASE("a range jump passes pieces of both sides of lower rank and takes the enemy ones", "[jumps]") {
  // Great General (3) on 5e: own Pawn 5d, enemy Silver 5c and Rook General (1) 5b, enemy Great General 5a.
  const Position pos = position("jumping", "4e2k1/4c4/4s4/4P4/4E4/9/9/9/K8 b - 1");
  CHECK(is_legal(pos, "5e5c"));
  CHECK(is_legal(pos, "5e5b"));
  CHECK_FALSE(is_legal(pos, "5e5a"));  // equal rank: neither passed nor taken by the jump
  CHECK_FALSE(is_legal(pos, "5e5d"));  // an own piece is passed, never taken
}

TEST_CASE("a range jump stops before a piece of equal rank, which a slide may take first", "[jumps]") {
  const Position pos = position("jumping", "8k/9/4p4/4c4/4C4/9/9/9/K8 b - 1");
  CHECK(is_legal(pos, "5e5d"));
  CHECK_FALSE(is_legal(pos, "5e5c"));
}

TEST_CASE("a capture-only jump lands on no empty square beyond a piece; a free jump does", "[jumps]") {
  const Position general = position("jumping", "7k1/9/9/9/4E4/3p5/9/9/K8 b - 1");
  CHECK(is_legal(general, "5e6f"));
  CHECK_FALSE(is_legal(general, "5e7g"));
  const Position jumper = position("jumping", "7k1/9/9/9/4J4/3p5/9/9/K8 b - 1");
  CHECK(is_legal(jumper, "5e6f"));
  CHECK(is_legal(jumper, "5e7g"));
}

TEST_CASE("a range jump checks through lower pieces, and only a piece it cannot pass blocks", "[jumps]") {
  // The King ranks 2: the enemy Great General on 5a takes it over the Gold.
  Position pos = position("jumping", "4e3k/9/9/9/9/9/9/4G4/4K4 b - 1");
  CHECK(pos.in_check());
  CHECK_FALSE(is_legal(pos, "5h4h"));
  CHECK_FALSE(is_legal(pos, "5h5g"));  // still on the line, and passed
  CHECK(is_legal(pos, "5i4i"));
  CHECK_FALSE(is_legal(pos, "G*5e"));  // a Gold in hand would not block either
  // An own Great General (3) blocks, and is pinned to the line.
  const Position pinned = position("jumping", "4e3k/9/9/9/9/4E4/9/9/4K4 b - 1");
  CHECK_FALSE(pinned.in_check());
  CHECK_FALSE(is_legal(pinned, "5f4f"));
  CHECK(is_legal(pinned, "5f5b"));
  CHECK(is_legal(pinned, "5f5a"));
}

TEST_CASE("an area move goes round pieces over empty squares and takes only on its last step", "[jumps]") {
  // Fire Demon on 5e, own Pawns on every neighbour but 4e; an enemy Pawn on 3e.
  const Position pos = position("jumping", "8k/9/9/3PPP3/3PF1p2/3PPP3/9/9/K8 b - 1");
  CHECK(is_legal(pos, "5e4e"));
  CHECK(is_legal(pos, "5e3e"));   // taken on the second step
  CHECK(is_legal(pos, "5e2e"));   // round the Pawn, by 3d or 3f
  CHECK(is_legal(pos, "5e2c"));
  CHECK_FALSE(is_legal(pos, "5e5c"));  // four steps away round the Pawns
  CHECK_FALSE(is_legal(pos, "5e1e"));  // four steps
  // 4e; 3d 3e 3f; 2c 3c 4c 2d 2e 2f 2g 3g 4g: each listed once.
  CHECK(moves_from(pos, "5e") == 13);
}

TEST_CASE("an area move gives check round pieces", "[jumps]") {
  // The two-step area mover on 5c attacks the King on 5a over the empty 4b.
  const Position pos = position("jumping", "4k4/3gs4/4A4/9/9/9/9/9/K8 w - 1");
  CHECK(pos.in_check());
  CHECK_FALSE(is_legal(pos, "5a4b"));
  CHECK_FALSE(is_legal(pos, "5a4a"));  // by 4b, the King gone from 5a
  CHECK(is_legal(pos, "5a6a"));        // next to 5b and 6b only, both held
  CHECK(is_legal(pos, "5b5c"));
}

TEST_CASE("the runtime rejects malformed range jumps and area moves", "[jumps][load]") {
  ir::RuleSet r = jumping_shogi();
  CHECK(load_code(r).empty());
  ir::RuleSet no_rank = r;
  for (ir::PieceType& p : no_rank.pieces) {
    if (p.name == "Rook General") p.rank = 0;
  }
  CHECK(load_code(no_rank) == "ir-bad-jump");
  ir::RuleSet wide = r;
  for (ir::PieceType& p : wide.pieces) {
    if (p.name == "Fire Demon") p.moves[0].max_range = 6;
  }
  CHECK(load_code(wide) == "ir-bad-area");
  ir::RuleSet aimed = r;
  for (ir::PieceType& p : aimed.pieces) {
    if (p.name == "Fire Demon") p.moves[0].delta = {0, 1};
  }
  CHECK(load_code(aimed) == "ir-bad-area");
  ir::RuleSet borrowed = r;
  borrowed.movement.source = ir::MovementSource::friend_behind;
  CHECK(load_code(borrowed) == "ir-bad-jump");
}

TEST_CASE("a record's area move or range jump that leaves the King attacked is the check foul", "[jumps][judge]") {
  // The King on 5i is in check from the Great General on 5a, over the Gold.
  const Position pos = position("jumping", "4e3k/9/9/9/9/9/8p/4G4/4K3F b - 1");
  for (const char* move : {"1i1f", "1i1g"}) {
    INFO(move);
    REQUIRE_FALSE(pos.parse_move(move).ok());
    const auto s = pos.judge_foul(move);
    REQUIRE(s.ok());
    CHECK(s->foul == Foul::king_in_check);
  }
  CHECK(pos.judge_foul("1i1e").error().code == "move-illegal");  // four steps
}
