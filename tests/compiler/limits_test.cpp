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

/// A small variant's front matter, without the closing ---, for cases to add keys to, and the
/// body that makes it a whole variant.
const std::string& kFront = test::kTinyFront;
const std::string& kBody = test::kTinyBody;

compiler::DiagnosticList compile(const std::string& text) {
  compiler::DiagnosticList list;
  (void)compiler::compile_source(text, "case.md", list, test::bundled_options());
  return list;
}

/// The codes of a list's diagnostics, in order.
std::vector<std::string> codes(const compiler::DiagnosticList& list) {
  std::vector<std::string> out;
  for (const auto& d : list.items) out.emplace_back(compiler::spelling(d.code));
  return out;
}

compiler::Diagnostic sample(compiler::Severity severity) {
  compiler::Diagnostic d;
  d.severity = severity;
  d.code = compiler::Code::unknown_key;
  d.loc.file = "case.md";
  d.message = "unknown key";
  return d;
}

/// `count` copies of `item`, joined by ", ".
std::string repeat(const std::string& item, std::size_t count) {
  std::string out;
  for (std::size_t i = 0; i < count; ++i) out += (i == 0 ? "" : ", ") + item;
  return out;
}

/// A table of `columns` columns over `rows` one-cell rows.
std::string table(std::size_t columns, std::size_t rows) {
  std::string out = "\n|";
  for (std::size_t i = 0; i < columns; ++i) out += " C" + std::to_string(i) + " |";
  out += "\n|";
  for (std::size_t i = 0; i < columns; ++i) out += "---|";
  out += "\n";
  for (std::size_t i = 0; i < rows; ++i) out += "| x |\n";
  return out;
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

TEST_CASE("one mapping repeated by aliases is refused before it is read") {
  std::string keys;
  for (int i = 0; i < 1000; ++i) {
    keys.append(i == 0 ? "k" : ", k").append(std::to_string(i)).append(": 1");
  }
  std::string endings = "endings:\n  - &e {" + keys + "}\n";
  for (int i = 0; i < 1000; ++i) endings += "  - *e\n";
  std::string text = kFront;
  const std::string one = "endings:\n  - {kind: checkmate, outcome: loss}\n";
  text.replace(text.find(one), one.size(), endings);
  const compiler::DiagnosticList list = compile(text + kBody);
  REQUIRE(codes(list) == std::vector<std::string>{"yaml-too-large"});
  // The anchored mapping (2001 values) and its first copy fit; the second copy does not.
  CHECK(list.items[0].loc.line == 10);
  CHECK(list.items[0].loc.column == 5);
  CHECK(list.items[0].message.find("more than 4096 values") != std::string::npos);
}

TEST_CASE("aliases of aliases are counted written out") {
  std::string text = kFront;
  text += "notation:\n  name: &a [" + repeat("x", 10) + "]\n";
  text += "  suffix: &b [" + repeat("*a", 10) + "]\n";
  text += "  dialects: &c [" + repeat("*b", 10) + "]\n";
  text += "trading: [" + repeat("*c", 10) + "]\n";
  const compiler::DiagnosticList list = compile(text + kBody);
  REQUIRE(codes(list) == std::vector<std::string>{"yaml-too-large"});
  CHECK(list.items[0].loc.line == 16);  // the third *c passes 4096 values
}

TEST_CASE("a long text repeated by aliases is counted in bytes") {
  std::string text = kFront;
  text += "title2: &t " + std::string(100000, 'x') + "\n";
  text += "royal2: [" + repeat("*t", 20) + "]\n";
  const compiler::DiagnosticList list = compile(text + kBody);
  REQUIRE(codes(list) == std::vector<std::string>{"yaml-too-large"});
  CHECK(list.items[0].loc.line == 13);
  CHECK(list.items[0].message.find("bytes of text") != std::string::npos);
}

TEST_CASE("an alias inside the list it names is refused, not followed") {
  for (const std::string yaml : {"royal2: &r [King, *r]\n", "drops2: &d {a: *d}\n"}) {
    INFO(yaml);
    const compiler::DiagnosticList list = compile(kFront + yaml + kBody);
    REQUIRE(codes(list) == std::vector<std::string>{"yaml-too-large"});
    CHECK(list.items[0].loc.line == 12);
    CHECK(list.items[0].message.find("without end") != std::string::npos);
  }
}

TEST_CASE("aliases used sparingly still compile") {
  std::string text = kFront;
  text.replace(text.find("royal: [King]"), 13, "royal: &royal [King]");
  text += "trading: {pieces: *royal}\n";
  const compiler::DiagnosticList list = compile(text + kBody);
  CHECK(codes(list).empty());
}

TEST_CASE("a table wider than the limit is refused at its header before cmark reads it") {
  const std::string wide = table(5000, 5000);
  const compiler::DiagnosticList list = compile(kFront + kBody + wide);
  REQUIRE(codes(list) == std::vector<std::string>{"too-many-columns"});
  CHECK(list.items[0].loc.line == 19);
  // `wide` starts with a newline: the offset of " C32" in it is the 1-based column of "C32" less 1.
  CHECK(list.items[0].loc.column == wide.find(" C32 |") + 1);
  CHECK(list.items[0].message.find("5000 columns") != std::string::npos);
}

TEST_CASE("a wide delimiter row spaced with vertical tabs is counted as cmark-gfm reads it") {
  std::string wide = table(100, 3);
  for (std::size_t at = wide.find("---|"); at != std::string::npos; at = wide.find("---|", at)) {
    wide.replace(at, 4, "-\v|");
  }
  CHECK(codes(compile(kFront + kBody + wide)) == std::vector<std::string>{"too-many-columns"});
}

TEST_CASE("a wide table inside a block quote is refused as well") {
  std::string quoted;
  const std::string wide = table(100, 3);
  std::size_t start = 0;
  while (start < wide.size()) {
    const std::size_t end = wide.find('\n', start);
    quoted += "> " + wide.substr(start, end - start) + "\n";
    start = end + 1;
  }
  CHECK(codes(compile(kFront + kBody + "\n" + quoted)) ==
        std::vector<std::string>{"too-many-columns"});
}

TEST_CASE("a table of the widest and longest size is read, one past either is refused") {
  // Read by cmark: its one-cell row is then too short.
  CHECK(codes(compile(kFront + kBody + table(compiler::kMaxTableColumns, 1))) ==
        std::vector<std::string>{"row-too-short"});
  CHECK(codes(compile(kFront + kBody + table(compiler::kMaxTableColumns + 1, 1))) ==
        std::vector<std::string>{"too-many-columns"});
  const compiler::DiagnosticList rows =
      compile(kFront + kBody + table(1, compiler::kMaxTableRows + 1));
  REQUIRE(codes(rows) == std::vector<std::string>{"too-many-rows"});
  CHECK(rows.items[0].loc.line == 20 + compiler::kMaxTableRows + 1);
  CHECK(codes(compile(kFront + kBody + table(1, compiler::kMaxTableRows))) ==
        std::vector<std::string>{"unknown-table"});
}

TEST_CASE("the tables of a file share one budget of cells") {
  std::string body = kBody;
  for (int i = 0; i < 3; ++i) body += table(compiler::kMaxTableColumns, 100);
  const compiler::DiagnosticList list = compile(kFront + body);
  REQUIRE(codes(list) == std::vector<std::string>{"too-many-cells"});
  // 6 cells in the pieces table and 3200 in each of the next two: the third passes 8192 on its
  // 56th row. Each table is a blank line, a header, a delimiter row and 100 rows.
  CHECK(list.items[0].loc.line == 18 + 2 * 103 + 2 + 56);
}

TEST_CASE("block quotes nested as deep as the file is long cost no stack") {
  const compiler::DiagnosticList list =
      compile(kFront + kBody + "\n" + std::string(500000, '>') + " deep\n");
  CHECK(codes(list).empty());
}

TEST_CASE("a chain of parents longer than the limit is refused at the parent: line") {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("koma-chain-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto write = [&](std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
      std::string text = kFront + kBody;
      text.replace(text.find("slug: tiny"), 10,
                   "slug: c" + std::to_string(i) +
                       (i + 1 < count ? "\nparent: c" + std::to_string(i + 1) : std::string()));
      std::ofstream(dir / ("c" + std::to_string(i) + ".md")) << text;
    }
  };
  write(40);
  compiler::DiagnosticList list;
  CHECK_FALSE(compiler::compile_file((dir / "c0.md").string(), list, test::bundled_options()));
  REQUIRE(codes(list) == std::vector<std::string>{"parent-too-deep"});
  const std::size_t last = compiler::kMaxParentChain - 1;
  CHECK(list.items[0].loc.file == (dir / ("c" + std::to_string(last) + ".md")).string());
  CHECK(list.items[0].loc.line == 4);
  CHECK(list.items[0].loc.column == 9);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  write(compiler::kMaxParentChain);
  compiler::DiagnosticList fits;
  CHECK(compiler::compile_file((dir / "c0.md").string(), fits, test::bundled_options()));
  CHECK(codes(fits).empty());
  std::filesystem::remove_all(dir);
}

namespace {

/// A variant on an n x n board, a King and a Pawn a side; `rows` is on line 12, `cols` on 13.
std::string square_board(int n) {
  std::string setup = "k" + std::to_string(n - 1) + "/" + std::to_string(n - 1) + "p/";
  for (int rank = 3; rank <= n - 2; ++rank) setup += std::to_string(n) + "/";
  setup += "P" + std::to_string(n - 1) + "/" + std::to_string(n - 1) + "K b - 1";
  return "---\ntitle: Square\nslug: square\nwin: \"Checkmate the opponent's King\"\nroyal: [King]\n"
         "promotion: {zone: 1}\nendings:\n  - {kind: checkmate, outcome: loss}\nengine:\n  topology:\n"
         "    type: grid\n    rows: " + std::to_string(n) + "\n    cols: " + std::to_string(n) +
         "\n  setup: \"" + setup + "\"\n" + kBody;
}

}  // namespace

TEST_CASE("a board of 36 files and ranks compiles and one of 37 is refused where its size is stated") {
  compiler::DiagnosticList list;
  const auto rules = compiler::compile_source(square_board(36), "case.md", list, test::bundled_options());
  CHECK(codes(list).empty());
  REQUIRE(rules);
  CHECK(rules->board.files == 36);
  CHECK(rules->board.ranks == 36);
  CHECK(rules->setup.placements.size() == 4);
  const compiler::DiagnosticList big = compile(square_board(37));
  REQUIRE(codes(big) == std::vector<std::string>{"board-size"});
  CHECK(big.items[0].loc.line == 13);  // the files, checked first
  CHECK(big.items[0].loc.column == 11);
  CHECK(big.items[0].message.find("files and ranks run from 1 to 36") != std::string::npos);
}

TEST_CASE("a variant of more than 64 piece types compiles", "[limits]") {
  // The King and 69 kinds: A to Z but K, then A' to Z', then A! to R!, moving in turn as a Wazir,
  // a Ferz, a Rook, a Bishop and a Knight.
  std::vector<std::string> letters;
  for (char c = 'A'; c <= 'Z'; ++c) {
    if (c != 'K') letters.emplace_back(1, c);
  }
  for (char c = 'A'; c <= 'Z'; ++c) letters.push_back(std::string(1, c) + "'");
  for (char c = 'A'; c <= 'R'; ++c) letters.push_back(std::string(1, c) + "!");
  const char* moves[] = {"W", "F", "R", "B", "N"};
  std::string text = R"(---
title: Many
slug: many
win: "Checkmate the opponent's King"
royal: [King]
promotion: {zone: 1}
endings:
  - {kind: checkmate, outcome: loss}
engine:
  topology: {type: grid, rows: 9, cols: 9}
  setup: "4k4/9/9/9/9/9/9/9/R!3K4 b - 1"
---

| Piece | Movement | Letter |
|---|---|---|
| King | One square any direction | K |
)";
  for (std::size_t i = 0; i < letters.size(); ++i) {
    text += "| Kind " + std::to_string(i + 1) + " | " + moves[i % 5] + " | " + letters[i] + " |\n";
  }
  compiler::DiagnosticList list;
  const auto rules = compiler::compile_source(text, "many.md", list, test::bundled_options());
  INFO((list.items.empty() ? std::string() : list.items.front().message));
  REQUIRE(rules);
  CHECK(rules->pieces.size() == 70);
  CHECK(rules->pieces.back().symbol == "R!");
}
