// The diagnostic list: spellings are unique kebab-case, round-trip, and format in GCC's style.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "diagnostics.h"

using namespace koma::compiler;

TEST_CASE("every diagnostic code has a unique kebab-case spelling and a summary") {
  std::set<std::string_view> seen;
  REQUIRE_FALSE(all_codes().empty());
  for (Code code : all_codes()) {
    const std::string_view text = spelling(code);
    INFO(text);
    CHECK(seen.insert(text).second);
    CHECK_FALSE(summary(code).empty());
    REQUIRE_FALSE(text.empty());
    CHECK(text.front() != '-');
    CHECK(text.back() != '-');
    for (char c : text) CHECK(((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'));
    REQUIRE(code_from_spelling(text).has_value());
    CHECK(*code_from_spelling(text) == code);
  }
  CHECK_FALSE(code_from_spelling("no-such-code").has_value());
}

TEST_CASE("validate codes come last in the list") {
  bool in_validate_section = false;
  for (Code code : all_codes()) {
    if (is_validate_code(code)) in_validate_section = true;
    INFO(spelling(code));
    CHECK(is_validate_code(code) == in_validate_section);
  }
  CHECK(is_validate_code(Code::start_position_illegal));
  CHECK_FALSE(is_validate_code(Code::unknown_key));
}

TEST_CASE("diagnostics format as file:line:col with notes on their own lines") {
  Diagnostic d;
  d.code = Code::unknown_key;
  d.message = "unknown key 'titel'; did you mean 'title'?";
  d.loc = {"v.md", 2, 1};
  Note note;
  note.loc.file = "p.md";
  note.loc.line = 7;
  note.loc.column = 3;
  note.message = "the parent says so";
  d.notes.push_back(note);
  CHECK(format_gcc(d) ==
        "v.md:2:1: error: unknown key 'titel'; did you mean 'title'? [unknown-key]\n"
        "p.md:7:3: note: the parent says so\n");
  d.loc = {"v.md", 0, 0};
  d.notes.clear();
  d.severity = Severity::warning;
  CHECK(format_gcc(d) == "v.md: warning: unknown key 'titel'; did you mean 'title'? [unknown-key]\n");
}

TEST_CASE("a diagnostic list has errors only when an error was reported") {
  DiagnosticList list;
  CHECK_FALSE(list.has_errors());
  Diagnostic d;
  d.severity = Severity::warning;
  list.report(d);
  CHECK_FALSE(list.has_errors());
  d.severity = Severity::error;
  list.report(d);
  CHECK(list.has_errors());
}
