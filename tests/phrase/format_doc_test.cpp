// The movement format document and the parser agree: every phrase in its Examples table, and
// the Betza it gives for the shogi pieces, parse without error.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "support.h"

using namespace koma::test;

namespace {

std::string read_format() {
  std::ifstream in(KOMA_MOVEMENT_FORMAT);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The first backticked span of every table row between `heading` and the next heading.
std::vector<std::string> first_column_code(const std::string& doc, const std::string& heading) {
  std::vector<std::string> out;
  std::size_t at = doc.find("\n" + heading + "\n");
  if (at == std::string::npos) return out;
  std::istringstream lines(doc.substr(at + heading.size() + 2));
  std::string line;
  while (std::getline(lines, line) && line.rfind("#", 0) != 0) {
    if (line.rfind("| `", 0) != 0) continue;
    const std::size_t close = line.find('`', 3);
    if (close != std::string::npos) out.push_back(line.substr(3, close - 3));
  }
  return out;
}

}  // namespace

TEST_CASE("every example phrase of the movement format document parses") {
  const std::vector<std::string> phrases = first_column_code(read_format(), "### Examples");
  REQUIRE(phrases.size() >= 8);
  for (const std::string& phrase : phrases) {
    INFO("phrase: " << phrase);
    CHECK(parsed(phrase).rfind("error:", 0) != 0);
  }
}

TEST_CASE("the format document's betza for the shogi pieces is what betza writes") {
  const std::string doc = read_format();
  const std::pair<const char*, Atoms> pieces[] = {
      {"king `K`", king()},   {"gold `WfF`", gold()},     {"silver `fWF`", silver()},
      {"knight `ffN`", knight()}, {"lance `fR`", lance()}, {"pawn `fW`", pawn()},
      {"rook `R`", rook()},   {"bishop `B`", bishop()},   {"dragon king `RF`", dragon()},
      {"dragon horse `BW`", horse()},
  };
  for (const auto& [text, atoms] : pieces) {
    INFO("document says: " << text);
    CHECK(doc.find(text) != std::string::npos);
    const std::string spelled(text);
    const std::size_t open = spelled.find('`');
    CHECK(koma::compiler::betza(atoms) == spelled.substr(open + 1, spelled.size() - open - 2));
  }
}
