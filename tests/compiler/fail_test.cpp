// Broken variant files (fail/fail_*.md): each produces exactly the diagnostics its expect:
// comments name, at exactly those lines. Every code in diagnostics.def is produced by at least
// one fail file, except codes `koma validate` reports (the CLI's tests cover those),
// file-unreadable, which no file can show and which has its own test case here, and the limits
// one fail file cannot show (too-many-diagnostics, parent-too-deep: limits_test.cpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <filesystem>
#include <set>

#include "compiler.h"
#include "support.h"

using namespace koma;

namespace {

std::vector<std::string> fail_files() {
  std::vector<std::string> out;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(KOMA_TEST_DIR) + "/fail")) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("fail_", 0) == 0 && entry.path().extension() == ".md") {
      out.push_back(entry.path().string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<test::Expected> actual_of(const std::string& path, const compiler::DiagnosticList& list) {
  std::vector<test::Expected> out;
  for (const compiler::Diagnostic& d : list.items) {
    const std::uint32_t line = d.loc.file == path ? d.loc.line : 0;  // another file: never expected
    out.emplace_back(line, std::string(compiler::spelling(d.severity)),
                     std::string(compiler::spelling(d.code)));
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string show(const std::vector<test::Expected>& items) {
  std::string out;
  for (const auto& [line, severity, code] : items) {
    out += "  line " + std::to_string(line) + ": " + severity + " " + code + "\n";
  }
  return out;
}

}  // namespace

TEST_CASE("every fail file produces exactly the diagnostics written beside its lines") {
  const std::vector<std::string> files = fail_files();
  REQUIRE(files.size() >= 10);
  for (const std::string& path : files) {
    std::vector<test::Expected> expected = test::expectations(test::read_bytes(path));
    std::sort(expected.begin(), expected.end());
    compiler::DiagnosticList list;
    const auto rules = compiler::compile_file(path, list, test::bundled_options());
    std::string printed;
    for (const auto& d : list.items) printed += compiler::format_gcc(d);
    INFO(path << "\nexpected:\n" << show(expected) << "got:\n" << printed);
    CHECK_FALSE(expected.empty());
    CHECK_FALSE(rules.has_value());
    CHECK(actual_of(path, list) == expected);
  }
}

TEST_CASE("every diagnostic code is produced by some fail file") {
  std::set<std::string> produced;
  for (const std::string& path : fail_files()) {
    for (const auto& item : test::expectations(test::read_bytes(path))) {
      produced.insert(std::get<2>(item));
    }
  }
  for (compiler::Code code : compiler::all_codes()) {
    if (compiler::is_validate_code(code) || code == compiler::Code::file_unreadable ||
        code == compiler::Code::file_too_large || code == compiler::Code::too_many_diagnostics ||
        code == compiler::Code::parent_too_deep) {
      continue;
    }
    INFO("no fail file expects " << compiler::spelling(code));
    CHECK(produced.count(std::string(compiler::spelling(code))) == 1);
  }
}

TEST_CASE("a file that cannot be read is reported as file-unreadable") {
  compiler::DiagnosticList list;
  const std::string path = std::string(KOMA_TEST_DIR) + "/fail/no-such-file.md";
  CHECK_FALSE(compiler::compile_file(path, list, test::bundled_options()).has_value());
  REQUIRE(list.items.size() == 1);
  CHECK(list.items[0].code == compiler::Code::file_unreadable);
  CHECK(list.items[0].loc.file == path);
}

TEST_CASE("a text over a mebibyte is refused as file-too-large before it is read further") {
  compiler::DiagnosticList list;
  const std::string text = "---\n" + std::string(std::size_t{1} << 20, '#') + "\n---\n";
  CHECK_FALSE(compiler::compile_source(text, "big.md", list, test::bundled_options()).has_value());
  REQUIRE(list.items.size() == 1);
  CHECK(list.items[0].code == compiler::Code::file_too_large);
}

TEST_CASE("a device or a folder is not read as a variant file") {
  for (const std::string& path : {std::string("/dev/zero"), std::string(KOMA_TEST_DIR) + "/fail"}) {
    compiler::DiagnosticList list;
    CHECK_FALSE(compiler::compile_file(path, list, test::bundled_options()).has_value());
    REQUIRE(list.items.size() == 1);
    CHECK(list.items[0].code == compiler::Code::file_unreadable);
  }
}

TEST_CASE("a UTF-8 byte order mark before the front matter is ignored") {
  const std::string path = std::string(KOMA_SOURCE_DIR) + "/variants/shogi.md";
  const std::string text = "\xEF\xBB\xBF" + test::read_bytes(path);
  compiler::DiagnosticList list;
  CHECK(compiler::compile_source(text, path, list, test::bundled_options()).has_value());
  CHECK_FALSE(list.has_errors());
}

TEST_CASE("the messages of the fail files read as in golden/fail-diagnostics.txt") {
  std::string text;
  for (const std::string& path : fail_files()) {
    compiler::DiagnosticList list;
    (void)compiler::compile_file(path, list, test::bundled_options());
    for (const auto& d : list.items) text += compiler::format_gcc(d);
  }
  const std::string prefix = std::string(KOMA_SOURCE_DIR) + "/";
  for (std::size_t at = text.find(prefix); at != std::string::npos; at = text.find(prefix, at)) {
    text.erase(at, prefix.size());
  }
  const std::string golden_path = std::string(KOMA_TEST_DIR) + "/golden/fail-diagnostics.txt";
  const char* update = std::getenv("KOMA_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    std::ofstream(golden_path, std::ios::binary) << text;
  }
  INFO("golden file " << golden_path << " (KOMA_UPDATE_GOLDEN=1 rewrites it)");
  CHECK(text == test::read_bytes(golden_path));
}
