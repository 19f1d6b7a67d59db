// Hook moves compiled from the test file tests/data/hook-movers.md: one hook atom per direction
// of the phrase, dumped with its step and an unlimited range.
#include <catch2/catch.hpp>

#include <algorithm>

#include "compiler.h"
#include "ir/dump.h"
#include "support.h"

using namespace koma;

TEST_CASE("the hook movers test file compiles to hook atoms, orthogonal and diagonal") {
  compiler::DiagnosticList diagnostics;
  const std::string path = std::string(KOMA_SOURCE_DIR) + "/tests/data/hook-movers.md";
  const auto rules = compiler::compile_file(path, diagnostics, test::bundled_options());
  REQUIRE(diagnostics.items.empty());
  REQUIRE(rules);
  const std::string dump = ir::dump(*rules);
  const std::string at = " @" + path + ":";
  CHECK(dump.find("    move hook right +0 forward +1 range unlimited move_or_capture" + at + "35:20\n") != std::string::npos);
  CHECK(dump.find("    move hook right -1 forward -1 range unlimited move_or_capture" + at + "36:16\n") != std::string::npos);
  const auto hooks = [](const ir::PieceType& p) {
    return std::count_if(p.moves.begin(), p.moves.end(), [](const ir::MoveAtom& a) { return a.kind == ir::AtomKind::hook; });
  };
  CHECK(hooks(rules->pieces[1]) == 4);
  CHECK(rules->pieces[1].moves.size() == 4);
  CHECK(hooks(rules->pieces[2]) == 4);
  CHECK(rules->pieces[2].moves.size() == 8);
}
