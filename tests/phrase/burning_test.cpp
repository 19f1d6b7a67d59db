// Burning clauses (ir::PieceType::burns, Tenjiku's Fire Demon): read after the movement, as
// active burning, passive burning or both; wrong wordings are phrase errors.
#include <catch2/catch.hpp>

#include "support.h"

using namespace koma;
using namespace koma::test;

namespace {

/// The result of `text`, which must read.
compiler::PhraseResult read(std::string_view text) {
  compiler::PhraseResult r = compiler::parse_movement(text, shogi_lookup());
  REQUIRE(r.errors.empty());
  return r;
}

}  // namespace

TEST_CASE("a Fire Demon's movement reads with both burning clauses") {
  const compiler::PhraseResult r = read(
      "Up to three king steps, each to an empty square, or any distance sideways or diagonally, and burns every "
      "enemy piece next to the square where it stops and every enemy piece that stops next to it");
  CHECK(r.burning.on_stop);
  CHECK(r.burning.on_arrival);
  CHECK(r.atoms.size() == 7);  // the area move and six slides
}

TEST_CASE("active and passive burning read apart, and add no move") {
  const compiler::PhraseResult active = read("One step in any direction, and burns every enemy piece next to the square where it stops");
  CHECK(active.burning.on_stop);
  CHECK(!active.burning.on_arrival);
  CHECK(active.atoms.size() == 8);
  const compiler::PhraseResult passive = read("One step forward, or burns every enemy piece that stops next to it");
  CHECK(!passive.burning.on_stop);
  CHECK(passive.burning.on_arrival);
  CHECK(passive.atoms.size() == 1);
  const compiler::PhraseResult plain = read("One step in any direction");
  CHECK(!plain.burning.any());
}

TEST_CASE("a burning clause in other words is a phrase error") {
  for (const char* text : {"One step forward, and burns every enemy piece", "One step forward, and burns the Pawn",
                           "One step forward, and burns every enemy piece next to it only",
                           "One step forward, and burns every enemy piece that stops next to it only"}) {
    INFO(text);
    CHECK(!compiler::parse_movement(text, shogi_lookup()).errors.empty());
  }
}

TEST_CASE("burning is written back after the movement and reads back the same") {
  for (const char* text : {"One step in any direction, and burns every enemy piece next to the square where it stops",
                           "Any distance diagonally, and burns every enemy piece that stops next to it",
                           "Up to two king steps, each to an empty square, and burns every enemy piece next to the "
                           "square where it stops and every enemy piece that stops next to it",
                           "Burns every enemy piece that stops next to it"}) {
    INFO(text);
    const compiler::PhraseResult r = read(text);
    const std::string back = compiler::english(r.atoms, r.legs, r.burning);
    const compiler::PhraseResult again = read(back);
    CHECK(compiler::english(again.atoms, again.legs) == compiler::english(r.atoms, r.legs));
    CHECK(again.atoms.size() == r.atoms.size());
    CHECK(again.burning.on_stop == r.burning.on_stop);
    CHECK(again.burning.on_arrival == r.burning.on_arrival);
  }
  const Atoms forward = read("One step forward").atoms;
  CHECK(compiler::english(forward, {}, ir::Burning{}) == compiler::english(forward));
}
