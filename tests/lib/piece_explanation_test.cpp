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

TEST_CASE("a piece that burns says so after its movement, in the words a variant file reads") {
  const auto loaded = load_variant_file(std::string(KOMA_SOURCE_DIR) + "/tests/data/tenjiku-burning.md", {});
  REQUIRE(loaded.ok());
  const ir::RuleSet& rules = loaded.value().variant->rules();
  const std::string demon = explain_piece(rules, 1);
  CHECK(demon.find(", and burns every enemy piece next to the square where it stops and every enemy piece that "
                   "stops next to it\n") != std::string::npos);
  CHECK(explain_piece(rules, 0).find("burns") == std::string::npos);
  CHECK(piece_json(rules, 1)["english"].get<std::string>().find("burns every enemy piece") != std::string::npos);
}
