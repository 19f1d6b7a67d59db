// Range jumps and area moves from Markdown: the Rank column and the phrases, seen in the IR dump.
#include <algorithm>

#include <catch2/catch.hpp>

#include "compiler.h"
#include "ir/dump.h"
#include "support.h"

using namespace koma;

TEST_CASE("a Rank column and range-jump and area phrases compile to ranks, jumps and area moves") {
  const std::string text = test::kTinyFront + R"(---

| Piece | Movement | Letter | Rank |
|---|---|---|---|
| King | One square any direction | K | 2 |
| Pawn | Any distance orthogonally, or jumps over any number of pieces of lower rank orthogonally capturing only | P | 1 |
)";
  compiler::DiagnosticList diagnostics;
  const std::optional<ir::RuleSet> rules =
      compiler::compile_source(text, std::string(KOMA_TEST_DIR) + "/case.md", diagnostics, test::bundled_options());
  REQUIRE(diagnostics.items.empty());
  REQUIRE(rules);
  const std::string dump = ir::dump(*rules);
  CHECK(dump.find("piece 0 \"King\"") != std::string::npos);
  CHECK(dump.find("  rank 2\n") != std::string::npos);
  CHECK(dump.find("  rank 1\n") != std::string::npos);
  CHECK(dump.find("    move jump right +0 forward +1 range unlimited capture_only @") != std::string::npos);
  CHECK(dump.find("    move jump right +1 forward +0 range unlimited capture_only @") != std::string::npos);

  const std::string area = test::kTinyFront + R"(---

| Piece | Movement | Letter |
|---|---|---|
| King | Up to three king steps, each to an empty square | K |
| Pawn | One square forward | P |
)";
  const std::optional<ir::RuleSet> demon =
      compiler::compile_source(area, std::string(KOMA_TEST_DIR) + "/case.md", diagnostics, test::bundled_options());
  REQUIRE(diagnostics.items.empty());
  REQUIRE(demon);
  const std::string demon_dump = ir::dump(*demon);
  CHECK(demon_dump.find("    move area right +0 forward +0 range 3 move_or_capture @") != std::string::npos);
  CHECK(demon_dump.find("  rank ") == std::string::npos);  // rank 0 is not written
}

TEST_CASE("a promoted face that moves as a ranked piece takes its rank") {
  const std::string text = test::kTinyFront + R"(---

| Piece | Movement | Letter | Rank |
|---|---|---|---|
| King | One square any direction | K | 3 |
| General | Any distance orthogonally, or jumps over any number of pieces of lower rank orthogonally capturing only | G | 2 |
| Pawn | One square forward | P | |

| Piece | Promoted piece | Promotes to |
|---|---|---|
| Pawn | Pawn general | General |
)";
  compiler::DiagnosticList diagnostics;
  const std::optional<ir::RuleSet> rules =
      compiler::compile_source(text, std::string(KOMA_TEST_DIR) + "/case.md", diagnostics, test::bundled_options());
  REQUIRE(diagnostics.items.empty());
  REQUIRE(rules);
  const ir::PieceType* face = nullptr;
  for (const ir::PieceType& p : rules->pieces) {
    if (p.name == "Pawn general") face = &p;
  }
  REQUIRE(face != nullptr);
  CHECK(face->rank == 2);
  CHECK(std::count_if(face->moves.begin(), face->moves.end(),
                      [](const ir::MoveAtom& a) { return a.kind == ir::AtomKind::jump; }) == 4);
}

TEST_CASE("the promotion table's Rank column ranks a promoted face given as a phrase") {
  const std::string text = test::kTinyFront + R"(---

| Piece | Movement | Letter | Rank |
|---|---|---|---|
| King | One square any direction | K | 3 |
| Pawn | One square forward | P | |

| Piece | Promoted piece | Promotes to | Rank |
|---|---|---|---|
| Pawn | Pawn general | Any distance orthogonally, or jumps over and removes any number of pieces of lower rank orthogonally | 2 |
)";
  compiler::DiagnosticList diagnostics;
  const std::optional<ir::RuleSet> rules =
      compiler::compile_source(text, std::string(KOMA_TEST_DIR) + "/case.md", diagnostics, test::bundled_options());
  REQUIRE(diagnostics.items.empty());
  REQUIRE(rules);
  const ir::PieceType* face = nullptr;
  for (const ir::PieceType& p : rules->pieces) {
    if (p.name == "Pawn general") face = &p;
  }
  REQUIRE(face != nullptr);
  CHECK(face->rank == 2);
  CHECK(std::count_if(face->moves.begin(), face->moves.end(),
                      [](const ir::MoveAtom& a) { return a.kind == ir::AtomKind::range_capture; }) == 4);

  // Without the cell the face has rank 0, which a range capture may not; a bad cell is bad-rank.
  for (const auto& [cell, code] : {std::pair{std::string(""), compiler::Code::jump_without_rank},
                                   std::pair{std::string("high"), compiler::Code::bad_rank}}) {
    std::string bad = text;
    bad.replace(bad.rfind("| 2 |"), 5, "| " + cell + " |");
    compiler::DiagnosticList found;
    CHECK_FALSE(compiler::compile_source(bad, std::string(KOMA_TEST_DIR) + "/case.md", found,
                                         test::bundled_options()));
    REQUIRE_FALSE(found.items.empty());
    CHECK(found.items.front().code == code);
  }
}
