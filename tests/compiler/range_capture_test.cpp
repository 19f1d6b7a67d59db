// Range captures and slides that pass pieces compiled from the test file
// tests/data/range-capturers.md, seen in the IR dump, and a range capture on a piece of rank 0.
#include <catch2/catch.hpp>

#include <algorithm>

#include "compiler.h"
#include "ir/dump.h"
#include "support.h"

using namespace koma;

TEST_CASE("the range capturers test file compiles to range captures and slides that pass pieces") {
  compiler::DiagnosticList diagnostics;
  const std::string path = std::string(KOMA_SOURCE_DIR) + "/tests/data/range-capturers.md";
  const auto rules = compiler::compile_file(path, diagnostics, test::bundled_options());
  REQUIRE(diagnostics.items.empty());
  REQUIRE(rules);
  const std::string dump = ir::dump(*rules);
  const std::string at = " @" + path + ":";
  CHECK(dump.find("    move range_capture right +0 forward +1 range unlimited move_or_capture" + at + "37:17\n") != std::string::npos);
  CHECK(dump.find("    move range_capture right -1 forward +0 range unlimited capture_only" + at + "38:14\n") != std::string::npos);
  CHECK(dump.find("    move pass_slide right +1 forward +1 range unlimited passes 2 move_or_capture" + at + "39:16\n") !=
        std::string::npos);
  const auto count = [](const ir::PieceType& p, ir::AtomKind kind) {
    return std::count_if(p.moves.begin(), p.moves.end(), [&](const ir::MoveAtom& a) { return a.kind == kind; });
  };
  CHECK(count(rules->pieces[1], ir::AtomKind::range_capture) == 8);
  CHECK(rules->pieces[1].rank == 2);
  CHECK(count(rules->pieces[2], ir::AtomKind::range_capture) == 4);
  CHECK(count(rules->pieces[2], ir::AtomKind::slide) == 4);
  CHECK(count(rules->pieces[2], ir::AtomKind::leap) == 1);
  CHECK(count(rules->pieces[3], ir::AtomKind::pass_slide) == 4);
  CHECK(rules->pieces[3].moves.size() == 8);
}

TEST_CASE("a range capture on a piece of rank 0 is jump-without-rank") {
  const std::string text = test::kTinyFront + R"(---

| Piece | Movement | Letter |
|---|---|---|
| King | One square any direction | K |
| Pawn | Jumps over and removes any number of pieces of lower rank forward | P |
)";
  compiler::DiagnosticList diagnostics;
  const auto rules = compiler::compile_source(text, std::string(KOMA_TEST_DIR) + "/case.md", diagnostics, test::bundled_options());
  CHECK_FALSE(rules);
  REQUIRE(diagnostics.items.size() == 1);
  CHECK(compiler::spelling(diagnostics.items[0].code) == "jump-without-rank");
}
