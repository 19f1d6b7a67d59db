// Hook moves ("hook move orthogonally"): read along the directions given, written back, with no
// Betza, and told apart from a piece named Hook Mover.
#include <catch2/catch.hpp>

#include "phrase.h"
#include "support.h"

using namespace koma::test;
using koma::compiler::betza;
using koma::compiler::english;
using koma::compiler::parse_movement;

namespace {

Atoms orthogonal_hooks() { return {hook(0, 1), hook(0, -1), hook(-1, 0), hook(1, 0)}; }
Atoms diagonal_hooks() { return {hook(-1, 1), hook(1, 1), hook(-1, -1), hook(1, -1)}; }

}  // namespace

TEST_CASE("hook moves are read along the directions given, with a mode") {
  CHECK(parsed("Hook move orthogonally") == show(orthogonal_hooks()));
  CHECK(parsed("hook moves diagonally") == show(diagonal_hooks()));
  CHECK(parsed("Hook move diagonally, or one step orthogonally") ==
        show(join(diagonal_hooks(), {step(0, 1), step(0, -1), step(-1, 0), step(1, 0)})));
  CHECK(parsed("hook move diagonally forward, or up to two squares diagonally backward") ==
        show({hook(-1, 1), hook(1, 1), slide(-1, -1, 2), slide(1, -1, 2)}));
  CHECK(parsed("hook move forward capturing only") == show({hook(0, 1, AtomMode::capture_only)}));
  // A hook is not a slide: neither covers the other.
  CHECK(parsed("any distance orthogonally, or hook move orthogonally") == show(join(rook(), orthogonal_hooks())));
}

TEST_CASE("hook moves are written back in English, and have no Betza") {
  const Atoms goblin = join(diagonal_hooks(), {step(0, 1), step(0, -1), step(-1, 0), step(1, 0)});
  const std::string text = english(goblin);
  CHECK(text == "One step orthogonally, or hook move diagonally");
  const auto back = parse_movement(text, shogi_lookup());
  REQUIRE(back.errors.empty());
  CHECK(show(back.atoms) == show(goblin));
  CHECK(english(orthogonal_hooks()) == "Hook move orthogonally");
  CHECK(english({hook(0, 1, AtomMode::move_only)}) == "Hook move forward without capturing");
  CHECK(betza(orthogonal_hooks()).empty());
  CHECK(betza(goblin).empty());
}

TEST_CASE("a hook move needs directions; 'Hook' followed by another word is a piece name") {
  CHECK(parsed("hook move").rfind("error:", 0) == 0);
  CHECK(parsed("hook move to the corner").rfind("error:", 0) == 0);
  static const Atoms mover = orthogonal_hooks();
  const koma::compiler::PieceMovesLookup lookup = [](std::string_view name) -> const Atoms* {
    return name == "Hook Mover" || name == "hook mover" ? &mover : nullptr;
  };
  const auto named = parse_movement("Hook Mover movement", lookup);
  REQUIRE(named.errors.empty());
  CHECK(show(named.atoms) == show(mover));
}
