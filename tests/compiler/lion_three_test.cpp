// Lion power of three steps in a pieces table: its three-leg moves in the IR and the dump, at the
// cell's place, and a number of steps the grammar does not take located inside the cell.
#include <catch2/catch.hpp>

#include <algorithm>

#include "compiler.h"
#include "ir/dump.h"
#include "support.h"

using namespace koma;

namespace {

struct Compiled {
  std::optional<ir::RuleSet> rules;
  compiler::DiagnosticList diagnostics;
};

const std::string kPath = std::string(KOMA_TEST_DIR) + "/lion-three.md";

/// The tiny variant with its Pawn moving as `movement` (the cell at line 17, column 10).
Compiled compile_pawn(const std::string& movement) {
  std::string text = test::kTinyFront + test::kTinyBody;
  text.replace(text.find("One square forward"), 18, movement);
  Compiled out;
  out.rules = compiler::compile_source(text, kPath, out.diagnostics, test::bundled_options());
  return out;
}

std::size_t three_legs(const ir::PieceType& piece) {
  return static_cast<std::size_t>(std::count_if(piece.leg_moves.begin(), piece.leg_moves.end(),
                                                [](const ir::LegMove& m) { return m.third.has_value(); }));
}

}  // namespace

TEST_CASE("a piece with Lion power of three steps gets three-leg moves at its cell") {
  const Compiled c = compile_pawn("Lion power of three steps");
  REQUIRE(c.diagnostics.items.empty());
  REQUIRE(c.rules);
  const ir::PieceType& pawn = c.rules->pieces[1];
  CHECK(pawn.moves.size() == 48);
  CHECK(pawn.leg_moves.size() == 1032);
  CHECK(three_legs(pawn) == 960);
  for (const ir::LegMove& m : pawn.leg_moves) {
    CHECK(m.loc.line == 17);
    CHECK(m.loc.column == 10);
  }
  const std::string dump = ir::dump(*c.rules);
  CHECK(dump.find("    legs right +0 forward +1 capture_only right +0 forward +1 move_or_capture right +0 forward +1 "
                  "move_or_capture @" + kPath + ":17:10\n") != std::string::npos);
  CHECK(dump.find("    legs right +0 forward +1 move_only right +0 forward +1 capture_only right +0 forward -1 "
                  "move_or_capture @" + kPath + ":17:10\n") != std::string::npos);
}

TEST_CASE("Lion power of three steps in a line and along a direction compile to their counts") {
  const Compiled line = compile_pawn("Lion power of three steps in a line");
  REQUIRE(line.diagnostics.items.empty());
  CHECK(line.rules->pieces[1].moves.size() == 24);
  CHECK(line.rules->pieces[1].leg_moves.size() == 64);
  CHECK(three_legs(line.rules->pieces[1]) == 40);
  const Compiled forward = compile_pawn("Lion power of three steps straight forward");
  REQUIRE(forward.diagnostics.items.empty());
  CHECK(forward.rules->pieces[1].moves.size() == 3);
  CHECK(forward.rules->pieces[1].leg_moves.size() == 8);
  CHECK(three_legs(forward.rules->pieces[1]) == 5);
}

TEST_CASE("Lion power of four steps is a phrase error at the number inside the cell") {
  const Compiled c = compile_pawn("Lion power of four steps");
  REQUIRE(c.diagnostics.items.size() == 1);
  const auto& d = c.diagnostics.items[0];
  CHECK(d.code == compiler::Code::phrase_syntax);
  CHECK(d.loc.line == 17);
  CHECK(d.loc.column == 24);  // the cell's column 10 and "Lion power of " before "four"
  CHECK(d.message.find("'four'") != std::string::npos);
}
