// Tenjiku's mechanisms compiled from the test file tests/data/tenjiku-mechanisms.md: two-leg
// pieces that promote, captures without moving and slides that jump their first square.
#include <catch2/catch.hpp>

#include "compiler.h"
#include "ir/dump.h"
#include "support.h"

using namespace koma;

TEST_CASE("the Tenjiku mechanisms test file compiles to promoting Lions, captures without moving and skipping slides") {
  compiler::DiagnosticList diagnostics;
  const std::string path = std::string(KOMA_SOURCE_DIR) + "/tests/data/tenjiku-mechanisms.md";
  const auto rules = compiler::compile_file(path, diagnostics, test::bundled_options());
  REQUIRE(diagnostics.items.empty());
  REQUIRE(rules);
  const std::string dump = ir::dump(*rules);
  const std::string at = " @" + path + ":";
  CHECK(dump.find("    move slide right -1 forward +1 range unlimited from 2 move_or_capture" + at + "44:24\n") !=
        std::string::npos);
  CHECK(dump.find("    move slide right +1 forward +0 range 3 from 2 move_or_capture" + at + "44:24\n") != std::string::npos);
  CHECK(dump.find("    legs right +0 forward -1 capture_only right +0 forward +1 move_or_capture" + at + "44:24\n") !=
        std::string::npos);
  const ir::PieceType& lion = rules->pieces[1];
  CHECK(lion.promotion == ir::Promotion::optional);
  CHECK(lion.leg_moves.size() == 72);
  CHECK(rules->pieces[7].leg_moves.size() == 8);
}

TEST_CASE("the Tenjiku burning test file compiles to a Demon that burns where it stops and what stops next to it") {
  compiler::DiagnosticList diagnostics;
  const std::string path = std::string(KOMA_SOURCE_DIR) + "/tests/data/tenjiku-burning.md";
  const auto rules = compiler::compile_file(path, diagnostics, test::bundled_options());
  REQUIRE(diagnostics.items.empty());
  REQUIRE(rules);
  const std::string dump = ir::dump(*rules);
  CHECK(dump.find("  burns on-stop on-arrival @" + path + ":35:15\n") != std::string::npos);
  const ir::PieceType& demon = rules->pieces[1];
  CHECK(demon.burns.on_stop);
  CHECK(demon.burns.on_arrival);
  CHECK(demon.moves.size() == 5);  // four diagonal slides and the area move
  CHECK(!rules->pieces[0].burns.any());
}
