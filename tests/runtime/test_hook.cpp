// Hook moves on the hand-built hook movers test game: where a Hook Mover goes (each square once),
// its check around a corner, blocks on either leg, dead squares and the load-time checks.
#include <catch2/catch.hpp>

#include "helpers.h"
#include "support/variants.h"

using namespace koma;
using namespace koma::test;

namespace {

/// A hook move along (right, forward).
ir::MoveAtom hook(int right, int forward) {
  ir::MoveAtom a;
  a.kind = ir::AtomKind::hook;
  a.delta = {static_cast<std::int8_t>(right), static_cast<std::int8_t>(forward)};
  return a;
}

}  // namespace

TEST_CASE("a hook mover reaches every square by one turn at most, each once, up to the first piece", "[hook]") {
  // On 4d: all 49 squares but its own, the own King's on 1g and the enemy King's on 7a, which
  // the Pawns on 6a and 7b shield on both routes (they are taken).
  const Position pos = position("hook-movers", "kp5/p6/7/3H3/7/7/6K b - 1");
  CHECK(moves_from(pos, "4d") == 46);
  CHECK(is_legal(pos, "4d6a"));
  CHECK(is_legal(pos, "4d7b"));
  CHECK(is_legal(pos, "4d1a"));
  CHECK_FALSE(is_legal(pos, "4d7a"));
}

TEST_CASE("a hook move turns once, on an empty square, and no further", "[hook]") {
  // Hook Mover on 4d, own Pawns on 4c and 5d: up and left it stops at once, so the squares
  // only those legs lead to are not reached; two turns are never made.
  const Position pos = position("hook-movers", "k6/7/3P3/2PH3/7/7/6K b - 1");
  CHECK(is_legal(pos, "4d4e"));
  CHECK(is_legal(pos, "4d3b"));     // 3d, then up
  CHECK_FALSE(is_legal(pos, "4d4b"));  // would need a second turn
  CHECK_FALSE(is_legal(pos, "4d5c"));  // would need a corner on 5d or 4c
  CHECK(is_legal(pos, "4d5e"));     // 4e, then left
}

TEST_CASE("a hook mover checks around a corner, and a piece on either leg blocks it", "[hook]") {
  // The gote Hook Mover on 7a reaches 1g down file 7 and along rank 7, or along rank 1 and down
  // file 1: both routes at once are a mate no single drop stops.
  const Position mate = position("hook-movers", "h6/7/4k2/7/7/7/6K b G 1");
  CHECK(mate.in_check());
  CHECK(mate.legal_moves().empty());
  // With a Pawn on 1d, the file is closed: a Goblin dropped on the first leg (7b to 7f), on the
  // corner 7g or on the second leg (6g to 2g) blocks; the King's squares are all attacked.
  const Position check = position("hook-movers", "h6/7/4k2/6P/7/7/6K b G 1");
  CHECK(check.in_check());
  CHECK(check.legal_moves().size() == 11);
  CHECK(is_legal(check, "G*7g"));
  CHECK(is_legal(check, "G*2g"));
  CHECK(is_legal(check, "G*7f"));
  CHECK_FALSE(is_legal(check, "G*1f"));
  CHECK_FALSE(is_legal(check, "1d1c"));
}

TEST_CASE("a piece on a hook mover's line to the King is pinned", "[hook]") {
  // The Goblin on 4g stands between the gote Hook Mover's corner 7g and the King on 1g: it may
  // step along rank 7, hook back onto it (4g3f2g), or close file 7, the first leg (4g5f6e7d).
  const Position pos = position("hook-movers", "h6/7/4k2/6P/7/7/3G2K b - 1");
  CHECK_FALSE(pos.in_check());
  CHECK(moves_from(pos, "4g") == 7);
  CHECK(is_legal(pos, "4g5g"));
  CHECK(is_legal(pos, "4g2g"));
  CHECK(is_legal(pos, "4g7d"));
  CHECK_FALSE(is_legal(pos, "4g4f"));
  CHECK_FALSE(is_legal(pos, "4g7c"));  // on 7c, not on the way: 7d to 7g is still open
}

TEST_CASE("a piece whose only hook points off the board is dead there", "[hook]") {
  ir::RuleSet r = hook_movers();
  r.pieces[1].moves = {hook(0, 1)};  // the Hook Mover hooks forward only
  auto loaded = Variant::load(std::move(r));
  REQUIRE(loaded.ok());
  Position pos(loaded.value());
  REQUIRE(pos.set_sfen("k6/7/7/7/7/7/6K b H 1").ok());
  CHECK_FALSE(is_legal(pos, "H*4a"));
  CHECK(is_legal(pos, "H*4b"));
}

TEST_CASE("the runtime checks hook moves", "[hook][load]") {
  CHECK(load_code(hook_movers()).empty());
  ir::RuleSet ranged = hook_movers();
  ranged.pieces[1].moves[0].max_range = 3;
  CHECK(load_code(ranged) == "ir-bad-hook");
  ir::RuleSet longer = hook_movers();
  longer.pieces[1].moves[0].delta = {2, 1};
  CHECK(load_code(longer) == "ir-bad-hook");
  ir::RuleSet by_rank = hook_movers();
  by_rank.pieces[1].rank_moves.push_back({{1}, {hook(0, 1)}, {}});
  CHECK(load_code(by_rank) == "ir-bad-hook");
  ir::RuleSet borrowed = hook_movers();
  borrowed.movement.source = ir::MovementSource::friend_behind;
  CHECK(load_code(borrowed) == "ir-bad-hook");
}
