// Range captures ("jumps over and removes any number of pieces of lower rank ...") and slides
// that pass pieces ("jumps over up to three pieces ..."): read, written back with no Betza,
// kept apart from range jumps and slides, and rejected when misused.
#include <catch2/catch.hpp>

#include "phrase.h"
#include "support.h"

using namespace koma::test;
using koma::compiler::betza;
using koma::compiler::english;
using koma::compiler::parse_movement;

TEST_CASE("range captures are read along the directions given, with a mode") {
  const AtomMode c = AtomMode::capture_only;
  CHECK(parsed("jumps over and removes any number of pieces of lower rank orthogonally capturing only") ==
        show({range_capture(0, 1, c), range_capture(0, -1, c), range_capture(-1, 0, c), range_capture(1, 0, c)}));
  CHECK(parsed("Jumps over and removes any number of pieces of lower rank diagonally forward") ==
        show({range_capture(-1, 1), range_capture(1, 1)}));
  // A range capture is neither a slide nor a range jump: none covers another.
  CHECK(parsed("Any distance diagonally, or jumps over any number of pieces of lower rank diagonally, or jumps over "
               "and removes any number of pieces of lower rank diagonally") ==
        show(join(join(bishop(), {jump(-1, 1), jump(1, 1), jump(-1, -1), jump(1, -1)}),
                  {range_capture(-1, 1), range_capture(1, 1), range_capture(-1, -1), range_capture(1, -1)})));
}

TEST_CASE("slides that pass pieces are read with the number of pieces they may pass") {
  CHECK(parsed("jumps over up to three pieces diagonally") ==
        show({pass_slide(-1, 1, 3), pass_slide(1, 1, 3), pass_slide(-1, -1, 3), pass_slide(1, -1, 3)}));
  CHECK(parsed("Jumps over up to 1 piece forward without capturing") == show({pass_slide(0, 1, 1, AtomMode::move_only)}));
  // Passing more pieces covers passing fewer along the same line; a plain slide is apart.
  CHECK(parsed("jumps over up to two pieces forward, or jumps over up to three pieces forward") ==
        show({pass_slide(0, 1, 3)}));
  CHECK(parsed("any distance forward, or jumps over up to two pieces forward") ==
        show({slide(0, 1), pass_slide(0, 1, 2)}));
}

TEST_CASE("range captures and slides that pass pieces are written back in English, and have no Betza") {
  const Atoms general = {range_capture(0, 1), range_capture(0, -1), range_capture(-1, 0), range_capture(1, 0),
                         range_capture(-1, 1), range_capture(1, 1), range_capture(-1, -1), range_capture(1, -1)};
  CHECK(english(general) == "Jumps over and removes any number of pieces of lower rank in any direction");
  const Atoms dragon = {step(0, 1), step(0, -1), step(-1, 0), step(1, 0),
                        pass_slide(-1, 1, 3), pass_slide(1, 1, 3), pass_slide(-1, -1, 3), pass_slide(1, -1, 3),
                        pass_slide(0, 1, 2, AtomMode::capture_only)};
  const std::string text = english(dragon);
  CHECK(text == "One step orthogonally, or jumps over up to three pieces diagonally, or jumps over up to two pieces "
                "forward capturing only");
  const auto back = parse_movement(text, shogi_lookup());
  REQUIRE(back.errors.empty());
  CHECK(show(back.atoms) == show(dragon));
  const auto general_back = parse_movement(english(general), shogi_lookup());
  REQUIRE(general_back.errors.empty());
  CHECK(show(general_back.atoms) == show(general));
  CHECK(betza(general).empty());
  CHECK(betza(dragon).empty());
}

TEST_CASE("misused range captures and slides that pass pieces are located errors") {
  CHECK(parsed("jumps over and removes any number of pieces orthogonally").rfind("error: 44 phrase-syntax", 0) == 0);
  CHECK(parsed("jumps over and takes any number of pieces of lower rank orthogonally").rfind("error: 15 unknown-word", 0) == 0);
  CHECK(parsed("jumps over and any number of pieces of lower rank orthogonally").rfind("error: 15 phrase-syntax", 0) == 0);
  CHECK(parsed("jumps over and removes any number of pieces of lower rank").rfind("error:", 0) == 0);
  CHECK(parsed("jumps over up to three pieces").rfind("error:", 0) == 0);
  CHECK(parsed("jumps over up to three squares diagonally").rfind("error: 23 phrase-syntax", 0) == 0);
  CHECK(parsed("jumps over up to 300 pieces diagonally").rfind("error: 17 phrase-syntax", 0) == 0);
}
