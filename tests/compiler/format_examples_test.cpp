// The worked examples of variants/FORMAT.md (its ```markdown blocks that start with a front
// matter) compile without a diagnostic, so the manual cannot drift from the compiler.
#include <catch2/catch.hpp>

#include "compiler.h"
#include "support.h"

using namespace koma;

TEST_CASE("the worked examples of FORMAT.md compile cleanly") {
  const std::string text = test::read_bytes(std::string(KOMA_VARIANTS_DIR) + "/FORMAT.md");
  const std::string open = "```markdown\n---\n";
  int examples = 0;
  for (std::size_t at = text.find(open); at != std::string::npos; at = text.find(open, at)) {
    const std::size_t start = at + open.size() - 4;
    const std::size_t end = text.find("\n```\n", start);
    REQUIRE(end != std::string::npos);
    const std::string example = text.substr(start, end + 1 - start);
    ++examples;
    compiler::DiagnosticList diagnostics;
    const std::string path =
        std::string(KOMA_VARIANTS_DIR) + "/format-example-" + std::to_string(examples) + ".md";
    const auto rules = compiler::compile_source(example, path, diagnostics, test::bundled_options());
    std::string printed;
    for (const auto& d : diagnostics.items) printed += compiler::format_gcc(d);
    INFO("example " << examples << ":\n" << printed);
    CHECK(diagnostics.items.empty());
    CHECK(rules.has_value());
    at = end;
  }
  CHECK(examples >= 2);
}
