// The explain diagram: marks for steps, slides, move-only and capture-only squares.
#include <catch2/catch.hpp>

#include "movement_diagram.h"

using namespace koma;
using namespace koma::lib;

namespace {
ir::MoveAtom leap(int right, int forward, ir::AtomMode mode = ir::AtomMode::move_or_capture) {
  ir::MoveAtom atom;
  atom.delta = {static_cast<std::int8_t>(right), static_cast<std::int8_t>(forward)};
  atom.mode = mode;
  return atom;
}
ir::MoveAtom slide(int right, int forward, std::uint8_t range = 0) {
  ir::MoveAtom atom = leap(right, forward);
  atom.kind = ir::AtomKind::slide;
  atom.max_range = range;
  return atom;
}
}  // namespace

TEST_CASE("a silver general's steps are drawn around it, forward up") {
  const std::vector<ir::MoveAtom> silver{leap(-1, 1), leap(0, 1), leap(1, 1), leap(-1, -1),
                                         leap(1, -1)};
  CHECK(movement_diagram(silver, "S", 5) ==
        " . . . . .\n"
        " . o o o .\n"
        " . . S . .\n"
        " . o . o .\n"
        " . . . . .\n");
}

TEST_CASE("a letter with a mark is drawn whole, a promoted one a column wider") {
  CHECK(movement_diagram({leap(0, 1)}, "F'", 3) ==
        " . o .\n"
        " .F' .\n"
        " . . .\n");
  CHECK(movement_diagram({leap(0, 1)}, "+F'", 3) ==
        " . o .\n"
        " .+F' .\n"
        " . . .\n");
}

TEST_CASE("a lance slides to the edge and a limited slide stops at its range") {
  CHECK(movement_diagram({slide(0, 1)}, "L", 5) ==
        " . . * . .\n"
        " . . * . .\n"
        " . . L . .\n"
        " . . . . .\n"
        " . . . . .\n");
  CHECK(movement_diagram({slide(1, 0, 1)}, "+L", 5) ==
        " . . . . .\n"
        " . . . . .\n"
        " . .+L * .\n"
        " . . . . .\n"
        " . . . . .\n");
}

TEST_CASE("move-only and capture-only squares are marked apart, and a square both reach is a step") {
  const std::vector<ir::MoveAtom> atoms{leap(0, 1, ir::AtomMode::move_only),
                                        leap(1, 1, ir::AtomMode::capture_only),
                                        leap(-1, 1, ir::AtomMode::move_only),
                                        leap(-1, 1, ir::AtomMode::capture_only)};
  CHECK(movement_diagram(atoms, "P", 3) ==
        " o m x\n"
        " . P .\n"
        " . . .\n");
}

TEST_CASE("the diagram grows to show long leaps") {
  CHECK(diagram_size({leap(1, 2)}) == 7);
  CHECK(diagram_size({leap(0, 5)}) == 13);
}

TEST_CASE("a hook move marks its line and the lines at right angles from each square of it") {
  ir::MoveAtom hook = leap(0, 1);
  hook.kind = ir::AtomKind::hook;
  CHECK(movement_diagram({hook}, "H", 5) ==
        " * * * * *\n"
        " * * * * *\n"
        " . . H . .\n"
        " . . . . .\n"
        " . . . . .\n");
}

TEST_CASE("a three-leg move marks the middle squares where it may take and go on") {
  const auto legs = [](ir::Offset a, ir::AtomMode ma, ir::Offset b, ir::AtomMode mb) {
    ir::LegMove m;
    m.legs[0] = {a, ma};
    m.legs[1] = {b, mb};
    m.third = ir::Leg{{0, 1}, ir::AtomMode::move_or_capture};
    return m;
  };
  // Steps to an empty first square and takes on the second; takes on the first and comes back
  // through the origin, which is not marked.
  const std::vector<ir::LegMove> moves{
      legs({0, 1}, ir::AtomMode::move_only, {0, 1}, ir::AtomMode::capture_only),
      legs({1, 0}, ir::AtomMode::capture_only, {-1, 0}, ir::AtomMode::move_or_capture)};
  CHECK(movement_diagram({leap(0, 1), leap(0, 2), leap(0, 3)}, moves, "L", 7) ==
        " . . . o . . .\n"
        " . . . ! . . .\n"
        " . . . o . . .\n"
        " . . . L ! . .\n"
        " . . . . . . .\n"
        " . . . . . . .\n"
        " . . . . . . .\n");
}
