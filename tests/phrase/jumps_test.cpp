// Range jumps ("jumps over any number of pieces of lower rank ...") and area moves ("up to three
// king steps, each to an empty square"): read, written back, and rejected when misused.
#include <catch2/catch.hpp>

#include "phrase.h"
#include "support.h"

using namespace koma::test;
using koma::compiler::betza;
using koma::compiler::english;
using koma::compiler::parse_movement;

TEST_CASE("range jumps are read along the directions given, with a mode") {
  const AtomMode c = AtomMode::capture_only;
  CHECK(parsed("jumps over any number of pieces of lower rank orthogonally capturing only") ==
        show({jump(0, 1, c), jump(0, -1, c), jump(-1, 0, c), jump(1, 0, c)}));
  CHECK(parsed("Any distance diagonally, or jumps over any number of pieces of lower rank diagonally") ==
        show(join(bishop(), {jump(-1, 1), jump(1, 1), jump(-1, -1), jump(1, -1)})));
}

TEST_CASE("area moves are read as up to N king steps over empty squares") {
  CHECK(parsed("up to three king steps, each to an empty square") == show({area(3)}));
  CHECK(parsed("Up to two king steps each to an empty square without capturing") ==
        show({area(2, AtomMode::move_only)}));
  // A wider area move covers a narrower one; a leap is not an area move.
  CHECK(parsed("up to two king steps, each to an empty square, or up to three king steps, each to an empty square") ==
        show({area(3)}));
  CHECK(parsed("one step in any direction, or up to three king steps, each to an empty square") ==
        show(join(king(), {area(3)})));
}

TEST_CASE("range jumps and area moves are written back in English, and have no Betza") {
  const Atoms demon = join(bishop(), {jump(-1, 1), jump(1, 1), jump(-1, -1), jump(1, -1), area(3)});
  const std::string text = english(demon);
  CHECK(text == "Any distance diagonally, or jumps over any number of pieces of lower rank diagonally, or up to "
                "three king steps, each to an empty square");
  const auto back = parse_movement(text, shogi_lookup());
  REQUIRE(back.errors.empty());
  CHECK(show(back.atoms) == show(demon));
  CHECK(betza(demon).empty());
  CHECK(betza(Atoms{area(2)}).empty());
}

TEST_CASE("misused range jumps and area moves are located errors") {
  CHECK(parsed("jumps over any number of pieces orthogonally").rfind("error: 32 phrase-syntax", 0) == 0);
  CHECK(parsed("jumps over any number of pieces of lower rank").rfind("error:", 0) == 0);
  CHECK(parsed("up to six king steps, each to an empty square").rfind("error: 6 phrase-syntax", 0) == 0);
  CHECK(parsed("up to three king steps").rfind("error:", 0) == 0);
}
