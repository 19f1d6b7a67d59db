// The explanation's face lines for promotion by capturing, on the capture-and-emperor test file.
#include <catch2/catch.hpp>

#include <algorithm>

#include "piece_explanation.h"
#include "variant_source.h"

using namespace koma;
using namespace koma::lib;

TEST_CASE("a piece that promotes by capturing says so, and what it must capture") {
  const auto loaded = load_variant_file(std::string(KOMA_SOURCE_DIR) + "/tests/data/capture-emperor-test.md", {});
  REQUIRE(loaded.ok());
  const ir::RuleSet& rules = loaded.value().variant->rules();
  const std::vector<std::string> pawn = face_lines(rules, 3);
  CHECK(pawn.front() == "promotion by capturing: must promote to Tokin (+P) when it captures Pawn (P) or Silver general (S)");
  const std::vector<std::string> silver = face_lines(rules, 2);
  CHECK(silver.front() == "promotion by capturing: may promote to Promoted silver (+S)");
  // With no zone there is no other way to promote, and no line says there is.
  CHECK(std::none_of(silver.begin(), silver.end(), [](const std::string& l) { return l.rfind("promotion: ", 0) == 0; }));
}
