// Promotion by capturing and the move to any unprotected square, compiled from the test file
// tests/data/capture-emperor-test.md: the IR dump's lines with their locations.
#include <catch2/catch.hpp>

#include "compiler.h"
#include "ir/dump.h"
#include "support.h"

using namespace koma;

TEST_CASE("the capture-and-emperor test file compiles to promotion by capturing and an anywhere move") {
  compiler::DiagnosticList diagnostics;
  const std::string path = std::string(KOMA_SOURCE_DIR) + "/tests/data/capture-emperor-test.md";
  const auto rules = compiler::compile_file(path, diagnostics, test::bundled_options());
  REQUIRE(diagnostics.items.empty());
  REQUIRE(rules);
  const std::string dump = ir::dump(*rules);
  const std::string at = " @" + path + ":";
  CHECK(dump.find("  by-capture must" + at + "33:41\n") != std::string::npos);   // King
  CHECK(dump.find("  by-capture may" + at + "35:69\n") != std::string::npos);    // Silver general
  CHECK(dump.find("  by-capture must of 3 (P) of 2 (S)" + at + "36:35\n") != std::string::npos);  // Pawn
  CHECK(dump.find("    move anywhere unprotected move_or_capture" + at + "41:20\n") != std::string::npos);
  CHECK(rules->pieces[5].royal);
  CHECK(rules->promotion.zone_depth == 0);
}
