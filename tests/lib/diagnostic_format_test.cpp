// Diagnostics as GCC text, JSON and SARIF.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

#include "diagnostic_format.h"
#include "input_limits.h"

using namespace koma;
using namespace koma::lib;
using Json = nlohmann::json;

namespace {

compiler::Diagnostic sample() {
  compiler::Diagnostic d;
  d.severity = compiler::Severity::error;
  d.code = compiler::all_codes().front();
  d.message = "unknown key 'bord'";
  d.loc = {"variants/x.md", 3, 1};
  compiler::Note note;
  note.loc.file = "variants/x.md";
  note.loc.line = 7;
  note.loc.column = 5;
  note.message = "first defined here";
  d.notes.push_back(note);
  return d;
}

compiler::Diagnostic warning_without_column() {
  compiler::Diagnostic d;
  d.severity = compiler::Severity::warning;
  d.code = compiler::all_codes().back();
  d.message = "odd";
  d.loc = {"y.md", 2, 0};
  return d;
}

}  // namespace

TEST_CASE("gcc format puts file:line:col, severity, message and code on one line, notes after") {
  const std::string code{compiler::spelling(compiler::all_codes().front())};
  const std::string last{compiler::spelling(compiler::all_codes().back())};
  CHECK(format_gcc({sample(), warning_without_column()}) ==
        "variants/x.md:3:1: error: unknown key 'bord' [" + code + "]\n"
        "variants/x.md:7:5: note: first defined here\n"
        "y.md:2:1: warning: odd [" + last + "]\n");
}

TEST_CASE("json format is an array of diagnostics with their notes") {
  const Json list = Json::parse(format_json({sample()}));
  REQUIRE(list.is_array());
  REQUIRE(list.size() == 1);
  const Json& d = list[0];
  CHECK(d["file"] == "variants/x.md");
  CHECK(d["line"] == 3);
  CHECK(d["column"] == 1);
  CHECK(d["severity"] == "error");
  CHECK(d["code"] == std::string(compiler::spelling(compiler::all_codes().front())));
  CHECK(d["message"] == "unknown key 'bord'");
  REQUIRE(d["notes"].size() == 1);
  CHECK(d["notes"][0]["line"] == 7);
  CHECK(d["notes"][0]["message"] == "first defined here");
}

TEST_CASE("sarif lists each code used once as a rule and points results at their rule") {
  const Json log = Json::parse(format_sarif({sample(), sample(), warning_without_column()}));
  CHECK(log["version"] == "2.1.0");
  const Json& run = log["runs"][0];
  CHECK(run["tool"]["driver"]["name"] == "koma");
  const Json& rules = run["tool"]["driver"]["rules"];
  const bool one_code = compiler::all_codes().size() == 1;
  REQUIRE(rules.size() == (one_code ? 1u : 2u));
  CHECK(rules[0]["id"] == std::string(compiler::spelling(compiler::all_codes().front())));
  CHECK_FALSE(rules[0]["shortDescription"]["text"].get<std::string>().empty());
  const Json& results = run["results"];
  REQUIRE(results.size() == 3);
  CHECK(results[0]["ruleId"] == rules[0]["id"]);
  CHECK(results[0]["ruleIndex"] == 0);
  CHECK(results[0]["level"] == "error");
  CHECK(results[0]["message"]["text"] == "unknown key 'bord'");
  const Json& where = results[0]["locations"][0]["physicalLocation"];
  CHECK(where["artifactLocation"]["uri"] == "variants/x.md");
  CHECK(where["region"]["startLine"] == 3);
  CHECK(where["region"]["startColumn"] == 1);
  CHECK(results[0]["relatedLocations"][0]["physicalLocation"]["region"]["startLine"] == 7);
  CHECK(results[0]["relatedLocations"][0]["message"]["text"] == "first defined here");
  CHECK(results[2]["level"] == "warning");
  CHECK(results[2]["ruleIndex"] == (one_code ? 0 : 1));
  CHECK_FALSE(results[2]["locations"][0]["physicalLocation"]["region"].contains("startColumn"));
  CHECK_FALSE(results[2].contains("relatedLocations"));
}

TEST_CASE("sarif uris keep relative paths and turn absolute ones into encoded file uris") {
  compiler::Diagnostic d = sample();
  d.loc.file = "/srv/my variants/x.md";
  const Json log = Json::parse(format_sarif({d}));
  CHECK(log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] ==
        "file:///srv/my%20variants/x.md");
}

TEST_CASE("no diagnostics give an empty list and a sarif run with no results") {
  CHECK(format_gcc({}).empty());
  CHECK(Json::parse(format_json({})).empty());
  CHECK(Json::parse(format_sarif({}))["runs"][0]["results"].empty());
}

TEST_CASE("sarif declares code-point columns and converts byte columns read from the file") {
  const std::string path =
      (std::filesystem::temp_directory_path() / "koma_sarif_columns_test.md").string();
  {
    std::ofstream out(path, std::ios::binary);
    out << "first line\n\xC3\xA9\xC3\xA9 x\n";  // "éé x": 'x' is byte 6, code point 4
  }
  compiler::Diagnostic d = sample();
  d.notes.clear();
  d.loc = {path, 2, 6};
  const Json log = Json::parse(format_sarif({d}));
  std::filesystem::remove(path);
  const Json& run = log["runs"][0];
  CHECK(run["columnKind"] == "unicodeCodePoints");
  CHECK(run["results"][0]["locations"][0]["physicalLocation"]["region"]["startColumn"] == 4);
  // A file that cannot be read keeps its byte column.
  CHECK(Json::parse(format_sarif({sample()}))["runs"][0]["results"][0]["locations"][0]
            ["physicalLocation"]["region"]["startColumn"] == 1);
}

TEST_CASE("gcc format prints the first hundred diagnostics and counts the rest") {
  std::vector<compiler::Diagnostic> many(kMaxPrintedDiagnostics + 5, sample());
  const std::string text = format_gcc(many);
  CHECK(text.find("koma: 5 more diagnostics not shown (5 of them errors)") != std::string::npos);
  std::size_t lines = 0;
  for (const char c : text) lines += c == '\n';
  CHECK(lines == kMaxPrintedDiagnostics * 2 + 1);  // each sample has one note
}

TEST_CASE("gcc format always prints a file's count of what it did not keep, uncounted") {
  compiler::DiagnosticList list;
  for (std::size_t i = 0; i < compiler::kMaxDiagnostics + 30; ++i) list.report(sample());
  std::vector<compiler::Diagnostic> all = list.items;
  for (int i = 0; i < 5; ++i) all.push_back(sample());  // a second file's diagnostics
  const std::string text = format_gcc(all);
  CHECK(text.find("30 more diagnostics not shown (30 of them errors); koma reports at most 100 "
                  "for one file [too-many-diagnostics]") != std::string::npos);
  CHECK(text.find("koma: 5 more diagnostics not shown (5 of them errors)") != std::string::npos);
}
