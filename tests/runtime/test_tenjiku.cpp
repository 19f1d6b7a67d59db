// Tenjiku's rule mechanisms on hand-built rule sets: two-leg pieces that promote, captures
// without moving, and the load-time checks of both.
#include <catch2/catch.hpp>

#include "helpers.h"
#include "support/variants.h"

using namespace koma;
using namespace koma::test;

namespace {

/// The piece of `r` named `name`.
ir::PieceType& named(ir::RuleSet& r, const std::string& name) {
  for (ir::PieceType& p : r.pieces) {
    if (p.name == name) return p;
  }
  throw std::logic_error(name);  // no piece of that name
}

}  // namespace

TEST_CASE("a two-leg move promotes as a move from its origin to its last square", "[tenjiku]") {
  // Lion on 4d, an enemy Pawn on 4c: taking it and stepping on into the zone may promote; the
  // capture without moving stays outside the zone and does not.
  const Position out = position("tenjiku-mechanisms", "6k/7/3p3/3L3/7/7/K6 b - 1");
  CHECK(is_legal(out, "4d4c4b+"));
  CHECK(is_legal(out, "4d4c4b"));
  CHECK(is_legal(out, "4d4c4d"));
  CHECK_FALSE(is_legal(out, "4d4c4d+"));
  // In the zone: the capture without moving is a move within it and may promote; a pass never.
  const Position in = position("tenjiku-mechanisms", "6k/2pL3/7/7/7/7/K6 b - 1");
  CHECK(is_legal(in, "4b5b4b+"));
  CHECK(is_legal(in, "4b5b4b"));
  CHECK(is_legal(in, "4b4c4b"));
  CHECK_FALSE(is_legal(in, "4b4c4b+"));
  // A Lion step out of the zone over an empty square is a plain move that leaves it: it may promote.
  CHECK(is_legal(in, "4b4d+"));
}

TEST_CASE("a piece that captures without moving attacks its neighbours", "[tenjiku]") {
  // A sente Tetrarch on 4b next to the gote King on 4a.
  const Position pos = position("tenjiku-mechanisms", "3k3/3+C3/7/7/7/7/K6 w - 1");
  CHECK(pos.in_check());
  CHECK_FALSE(is_legal(pos, "4a5a"));  // still next to it
  CHECK(is_legal(pos, "4a4b"));
  // It takes on a neighbour and stays; it never moves there.
  const Position takes = position("tenjiku-mechanisms", "k6/7/7/7/3p3/3+C3/K6 b - 1");
  CHECK(is_legal(takes, "4f4e4f"));
  CHECK_FALSE(is_legal(takes, "4f4e"));
  CHECK(is_legal(takes, "4f2d"));  // its diagonal slide
}

TEST_CASE("a slide that jumps its first square stops nowhere nearer and jumps what stands there", "[tenjiku]") {
  // A sente Tetrarch on 4d; an own Pawn on 5c (jumped), an enemy Pawn on 3c (jumped, not
  // taken), an enemy Pawn on 6b (taken), an own Pawn on 3d (jumped) and an enemy one on 1d.
  const Position pos = position("tenjiku-mechanisms", "k6/1p5/2P1p2/3+CP1p/7/7/K6 b - 1");
  CHECK_FALSE(is_legal(pos, "4d5c"));
  CHECK(is_legal(pos, "4d3c4d"));  // it takes 3c without moving, though
  CHECK(is_legal(pos, "4d6b"));
  CHECK_FALSE(is_legal(pos, "4d7a"));  // beyond the Pawn it took
  CHECK(is_legal(pos, "4d2d"));        // sideways: two or three squares, over the own Pawn
  CHECK(is_legal(pos, "4d1d"));
  CHECK_FALSE(is_legal(pos, "4d3d"));
  CHECK(is_legal(pos, "4d2b"));        // over the enemy Pawn on 3c
  CHECK(is_legal(pos, "4d6f"));
  CHECK_FALSE(is_legal(pos, "4d5e"));
}

TEST_CASE("a slide that jumps its first square checks over a piece next to it", "[tenjiku]") {
  // The gote King on 2a; a sente Tetrarch on 4c behind a gote Pawn on 3b.
  Position pos = position("tenjiku-mechanisms", "5k1/4p2/3+C3/7/7/7/K6 w - 1");
  CHECK(pos.in_check());
  CHECK_FALSE(is_legal(pos, "3b3c"));  // the jumped square does not block
  // A piece on its nearest stop blocks it.
  const Position blocked = position("tenjiku-mechanisms", "6k/5p1/7/3+C3/7/7/K6 w - 1");
  CHECK_FALSE(blocked.in_check());
}

TEST_CASE("a dropped piece that captures without moving may give a forbidden drop mate", "[tenjiku]") {
  ir::RuleSet r = tenjiku_mechanisms();
  // The Chariot in hand, dropped as a piece that moves as the Tetrarch.
  ir::PieceType& chariot = named(r, "Chariot");
  chariot.moves = named(r, "Tetrarch").moves;
  chariot.leg_moves = named(r, "Tetrarch").leg_moves;
  chariot.promotion = ir::Promotion::none;
  const ir::PieceId id = named(r, "Tetrarch").base_face;
  r.drops.enabled = true;
  r.drops.captured = ir::CaptureFate::to_hand;
  r.drops.restrictions = {{ir::DropRestrictionKind::drop_mate, id, {}}};
  auto v = Variant::load(r);
  REQUIRE(v.ok());
  Position pos(*v);
  // The gote King in the corner; a sente Pawn on 1c protects 1b, where the dropped piece
  // attacks the King and both its flights by its captures without moving alone.
  REQUIRE(pos.set_sfen("6k/7/6P/7/7/7/K6 b C 1").ok());
  CHECK_FALSE(is_legal(pos, "C*1b"));
  CHECK(is_legal(pos, "C*2b"));  // not mate: the King takes it
}

TEST_CASE("the runtime checks the two-leg moves of promoting pieces and captures without moving", "[tenjiku][load]") {
  ir::RuleSet r = tenjiku_mechanisms();
  CHECK(load_code(r).empty());
  ir::RuleSet flips = r;
  named(flips, "Lion").promotion = ir::Promotion::flip;
  CHECK(load_code(flips) == "ir-bad-legs");
  auto loaded = Variant::load(flips);
  CHECK(loaded.error().message.find("may only promote one way") != std::string::npos);
  // A first leg that takes and a second that goes on elsewhere needs a capturing leap there.
  ir::RuleSet on = r;
  for (ir::LegMove& m : named(on, "Tetrarch").leg_moves) m.legs[1].delta = m.legs[0].delta;
  CHECK(load_code(on) == "ir-bad-legs");
}
