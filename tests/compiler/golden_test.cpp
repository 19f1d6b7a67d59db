// Golden IR dumps of the bundled variants: each compiles with no diagnostic and dumps exactly
// as tests/compiler/golden/SLUG.ir. Set KOMA_UPDATE_GOLDEN=1 to rewrite the golden files.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>

#include "compiler.h"
#include "ir/dump.h"
#include "support.h"

using namespace koma;

namespace {

/// The dump with the source tree's path removed, so golden files do not depend on checkouts.
std::string normalised_dump(const ir::RuleSet& rules) {
  std::string text = ir::dump(rules);
  const std::string prefix = std::string(KOMA_SOURCE_DIR) + "/";
  for (std::size_t at = text.find(prefix); at != std::string::npos; at = text.find(prefix, at)) {
    text.erase(at, prefix.size());
  }
  return text;
}

void check_golden(const std::string& slug) {
  const std::string path = std::string(KOMA_VARIANTS_DIR) + "/" + slug + ".md";
  compiler::DiagnosticList diagnostics;
  const auto rules = compiler::compile_file(path, diagnostics, test::bundled_options());
  for (const auto& d : diagnostics.items) UNSCOPED_INFO(compiler::format_gcc(d));
  REQUIRE(diagnostics.items.empty());
  REQUIRE(rules.has_value());
  const std::string actual = normalised_dump(*rules);
  const std::string golden_path = std::string(KOMA_TEST_DIR) + "/golden/" + slug + ".ir";
  const char* update = std::getenv("KOMA_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    std::ofstream(golden_path, std::ios::binary) << actual;
  }
  const std::string expected = test::read_bytes(golden_path);
  INFO("golden file " << golden_path << " (KOMA_UPDATE_GOLDEN=1 rewrites it)");
  CHECK(actual == expected);
}

}  // namespace

TEST_CASE("shogi compiles cleanly and dumps as its golden IR") { check_golden("shogi"); }
TEST_CASE("kyoto shogi compiles cleanly and dumps as its golden IR") { check_golden("kyoto-shogi"); }
TEST_CASE("heian shogi compiles cleanly and dumps as its golden IR") { check_golden("heian-shogi"); }
TEST_CASE("micro shogi compiles cleanly and dumps as its golden IR") { check_golden("micro-shogi"); }
TEST_CASE("chu shogi compiles cleanly and dumps as its golden IR, two-leg moves and trading rules included") {
  check_golden("chu-shogi");
}
TEST_CASE("annan shogi compiles cleanly and dumps as its golden IR") { check_golden("annan-shogi"); }
TEST_CASE("maka-dai-dai shogi compiles cleanly and dumps as its golden IR, its Emperor's captures guarded") {
  check_golden("maka-dai-dai-shogi");
}
TEST_CASE("tai shogi compiles cleanly and dumps as its golden IR, 130 faces and letters of three marks") {
  check_golden("tai-shogi");
}
TEST_CASE("taikyoku shogi compiles cleanly and dumps as its golden IR, range captures and passing slides") {
  check_golden("taikyoku-shogi");
}
