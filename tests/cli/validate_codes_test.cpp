// Every code `koma validate` can report with the runtime is shown by at least one golden case.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "diagnostics.h"

using namespace koma;

TEST_CASE("every validate code appears in some CLI golden output") {
  std::string all;
  for (const auto& entry : std::filesystem::directory_iterator(KOMA_CLI_GOLDEN_DIR)) {
    std::ifstream in(entry.path());
    std::ostringstream text;
    text << in.rdbuf();
    all += text.str();
  }
  REQUIRE_FALSE(all.empty());
  for (const compiler::Code code : compiler::all_codes()) {
    if (!compiler::is_validate_code(code)) continue;
    std::string tag = "[";
    tag += compiler::spelling(code);
    tag += ']';
    INFO(tag);
    CHECK(all.find(tag) != std::string::npos);
  }
}
