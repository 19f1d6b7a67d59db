// How directions bind: "forward" to the nearest direction word, a distance to every
// alternative after it, "except" to the whole of "any direction".
#include <catch2/catch.hpp>

#include "support.h"

using namespace koma::test;

TEST_CASE("forward after diagonally binds to diagonally only") {
  CHECK(parsed("One step orthogonally or diagonally forward") == show(gold()));
  CHECK(parsed("One step diagonally forward") == show({step(-1, 1), step(1, 1)}));
  CHECK(parsed("One step diagonally forward or orthogonally") == show(gold()));
}

TEST_CASE("forward alone or after straight or orthogonally is the single forward step") {
  CHECK(parsed("One step forward") == show(pawn()));
  CHECK(parsed("One step straight forward") == show(pawn()));
  CHECK(parsed("One step orthogonally forward") == show(pawn()));
}

TEST_CASE("or between directions keeps the bindings apart") {
  CHECK(parsed("One step diagonally or straight forward") == show(silver()));
  CHECK(parsed("One step diagonally or forward") == show(silver()));
  CHECK(parsed("One step forward or diagonally") == show(silver()));
}

TEST_CASE("a distance distributes over alternatives that give none") {
  CHECK(parsed("One square diagonally, or straight forward") == show(silver()));
  CHECK(parsed("Any distance forward, or backward") == show({slide(0, 1), slide(0, -1)}));
  CHECK(parsed("Any distance orthogonally, or one step diagonally") == show(dragon()));
}

TEST_CASE("a phrase without any distance is an error") {
  const std::string result = parsed("Diagonally forward");
  CHECK(result.rfind("error: 0 phrase-syntax", 0) == 0);
}

TEST_CASE("except removes its directions from any direction") {
  CHECK(parsed("One square, any direction except diagonally backward") == show(gold()));
  CHECK(parsed("One step in any direction except backward or sideways") ==
        show({step(0, 1), step(-1, 1), step(1, 1), step(-1, -1), step(1, -1)}));
}

TEST_CASE("left and right name single sides and narrow diagonals") {
  CHECK(parsed("One step left") == show({step(-1, 0)}));
  CHECK(parsed("One step sideways") == show({step(-1, 0), step(1, 0)}));
  CHECK(parsed("One step diagonally left") == show({step(-1, 1), step(-1, -1)}));
  CHECK(parsed("One step diagonally backward right") == show({step(1, -1)}));
}

TEST_CASE("up to a number of squares is a limited slide") {
  CHECK(parsed("Up to two squares forward") == show({slide(0, 1, 2)}));
  CHECK(parsed("Up to 3 squares diagonally") ==
        show({slide(-1, 1, 3), slide(1, 1, 3), slide(-1, -1, 3), slide(1, -1, 3)}));
  CHECK(parsed("Up to one square forward") == show(pawn()));
}

TEST_CASE("a bare number of squares above one is ambiguous") {
  const auto result = koma::compiler::parse_movement("One step forward, or two squares sideways",
                                                     shogi_lookup());
  REQUIRE(result.errors.size() == 1);
  CHECK(result.errors[0].code == "phrase-ambiguous");
  CHECK(result.errors[0].offset == 21);
}

TEST_CASE("jumps combine two perpendicular legs into leaps") {
  CHECK(parsed("Jumps two squares forward and one sideways") == show(knight()));
  CHECK(parsed("Jumps two forward or backward and one sideways") ==
        show({step(-1, 2), step(1, 2), step(-1, -2), step(1, -2)}));
  CHECK(parsed("Jumps two squares orthogonally") ==
        show({step(0, 2), step(0, -2), step(-2, 0), step(2, 0)}));
  CHECK(parsed("Jumps one forward and two left") == show({step(-2, 1)}));
}

TEST_CASE("an L-shape is a knight leap and forward keeps the leaps that point forward") {
  CHECK(parsed("L-shape") == show({step(-1, 2), step(1, 2), step(-2, 1), step(2, 1),
                                   step(-2, -1), step(2, -1), step(-1, -2), step(1, -2)}));
  CHECK(parsed("Forward L-shape") == show(knight()));
  CHECK(parsed("Forward L-shape only: 1 ortho. + 1 diag. forward (jumps over)") ==
        show(knight()));
}

TEST_CASE("a direction after a composite leap qualifies the whole leap") {
  CHECK(parsed("1 ortho. + 1 diag. forward") == show(knight()));
  CHECK(parsed("1 diag. + 1 ortho. backward") == show({step(-1, -2), step(1, -2)}));
}

TEST_CASE("capture modes apply to their own alternative") {
  CHECK(parsed("One step forward without capturing, or one step diagonally forward capturing only") ==
        show({step(0, 1, AtomMode::move_only), step(-1, 1, AtomMode::capture_only),
              step(1, 1, AtomMode::capture_only)}));
}

TEST_CASE("named movement is looked up case-insensitively and can be limited to one square") {
  CHECK(parsed("gold GENERAL movement") == show(gold()));
  CHECK(parsed("Rook plus one-square king moves") == show(dragon()));
  CHECK(parsed("Lance plus one-square king moves") ==
        show(join(king(), {slide(0, 1)})));
  CHECK(parsed("One square Rook movement") ==
        show({step(0, 1), step(0, -1), step(-1, 0), step(1, 0)}));
}

TEST_CASE("synonyms of the direction and unit words read the same") {
  CHECK(parsed("One step in all directions") == show(king()));
  CHECK(parsed("One space horizontally") == show({step(-1, 0), step(1, 0)}));
  CHECK(parsed("Up to two spaces vertically") == show({slide(0, 1, 2), slide(0, -1, 2)}));
  CHECK(parsed("One step forwards or backwards") == show({step(0, 1), step(0, -1)}));
}

TEST_CASE("a semicolon separates alternatives like a comma") {
  CHECK(parsed("Any distance orthogonally; one step diagonally") == show(dragon()));
}
