// The input limits that bound what the compiler does before any work grows with the input:
// diagnostics kept, YAML aliases written out, table sizes, parent chains and Markdown nesting.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "compiler.h"
#include "input_limits.h"
#include "support.h"

using namespace koma;

namespace {

/// A small variant's front matter, without the closing ---, for cases to add keys to.
const std::string kFront = R"(---
title: Tiny
slug: tiny
win: "Checkmate the opponent's King"
royal: [King]
promotion: {zone: 1}
endings:
  - {kind: checkmate, outcome: loss}
engine:
  topology: {type: grid, rows: 3, cols: 3}
  setup: "k1p/3/P1K b - 1"
)";

/// The body that makes kFront a whole variant.
const std::string kBody = R"(---

| Piece | Movement | Letter |
|---|---|---|
| King | One square any direction | K |
| Pawn | One square forward | P |
)";

compiler::DiagnosticList compile(const std::string& text) {
  compiler::DiagnosticList list;
  (void)compiler::compile_source(text, "case.md", list, test::bundled_options());
  return list;
}

compiler::Diagnostic sample(compiler::Severity severity) {
  compiler::Diagnostic d;
  d.severity = severity;
  d.code = compiler::Code::unknown_key;
  d.loc.file = "case.md";
  d.message = "unknown key";
  return d;
}

}  // namespace

TEST_CASE("a diagnostic list keeps the first hundred and counts the rest in one note") {
  compiler::DiagnosticList list;
  for (int i = 0; i < 250; ++i) list.report(sample(compiler::Severity::error));
  REQUIRE(list.items.size() == compiler::kMaxDiagnostics + 1);
  const compiler::Diagnostic& note = list.items.back();
  CHECK(note.severity == compiler::Severity::note);
  CHECK(note.code == compiler::Code::too_many_diagnostics);
  CHECK(note.loc.file == "case.md");
  CHECK(note.message.find("150 more diagnostics not shown (150 of them errors)") !=
        std::string::npos);
  CHECK(list.dropped == 150);
  CHECK(list.dropped_errors == 150);
}

TEST_CASE("a list whose errors all come after its first hundred diagnostics has errors") {
  compiler::DiagnosticList list;
  for (std::size_t i = 0; i < compiler::kMaxDiagnostics; ++i) {
    list.report(sample(compiler::Severity::warning));
  }
  CHECK_FALSE(list.has_errors());
  list.report(sample(compiler::Severity::error));
  CHECK(list.has_errors());
  CHECK(list.dropped_warnings == 0);
  CHECK(list.items.size() == compiler::kMaxDiagnostics + 1);
}

TEST_CASE("a front matter of many unknown keys keeps a hundred diagnostics") {
  std::string text = kFront;
  for (int i = 0; i < 1000; ++i) text.append("k").append(std::to_string(i)).append(": 1\n");
  const compiler::DiagnosticList list = compile(text + kBody);
  REQUIRE(list.items.size() == compiler::kMaxDiagnostics + 1);
  CHECK(list.items.front().code == compiler::Code::unknown_key);
  CHECK(list.items.back().code == compiler::Code::too_many_diagnostics);
  CHECK(list.dropped == 900);
}
