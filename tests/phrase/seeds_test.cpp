// Every movement phrase of the Kyoto, Heian and standard shogi documents, exactly as written,
// gives exactly the expected atoms.
#include <catch2/catch.hpp>

#include "support.h"

using namespace koma::test;

namespace {

struct Case {
  const char* phrase;
  Atoms expected;
};

void check_all(const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    INFO("phrase: " << c.phrase);
    CHECK(parsed(c.phrase) == show(c.expected));
  }
}

}  // namespace

TEST_CASE("kyoto shogi movement phrases give the expected atoms") {
  check_all({
      {"One square in any direction", king()},
      {"One step orthogonally or diagonally forward (Gold General movement)", gold()},
      {"Any number of squares forward only", lance()},
      {"One step diagonally, or one step forward", silver()},
      {"Any number of squares diagonally", bishop()},
      {"One step orthogonally or diagonally forward", gold()},
      {"Jumps two squares forward and one sideways", knight()},
      {"One step forward", pawn()},
      {"Any number of squares orthogonally", rook()},
  });
}

TEST_CASE("heian shogi movement phrases give the expected atoms") {
  check_all({
      {"One step any direction", king()},
      {"One step ortho. or diagonally forward (not diag. backward)", gold()},
      {"One step diagonally or straight forward (not sideways or backward)", silver()},
      {"Forward L-shape only: 1 ortho. + 1 diag. forward (jumps over)", knight()},
      {"Slides straight forward any distance (no backward or sideways)", lance()},
      {"One step straight forward", pawn()},
  });
}

TEST_CASE("standard shogi movement phrases give the expected atoms") {
  check_all({
      {"One square any direction", king()},
      {"Any distance orthogonally", rook()},
      {"Any distance diagonally", bishop()},
      {"One square, any direction except diagonally backward", gold()},
      {"One square diagonally, or straight forward", silver()},
      {"Jumps two forward and one across \xE2\x80\x94 forward only", knight()},
      {"Any distance straight forward", lance()},
      {"One square forward", pawn()},
      {"Gold general movement", gold()},
      {"Rook plus one-square king moves", dragon()},
      {"Bishop plus one-square king moves", horse()},
  });
}

TEST_CASE("other common wordings of the shogi pieces give the expected atoms") {
  check_all({
      {"Gold General movement", gold()},
      {"One step orthogonally or diagonally forward (Gold General movement)", gold()},
      {"Jumps two forward and one across \xE2\x80\x93 forward only", knight()},
      {"Jumps two forward and one across - forward only", knight()},
      {"Any distance orthogonally, or one step diagonally", dragon()},
      {"Any distance diagonally, or one step orthogonally", horse()},
      {"one square in any direction.", king()},
      {"  One step forward  ", pawn()},
      {"One\xC2\xA0" "step\xC2\xA0" "forward", pawn()},
  });
}

TEST_CASE("an em dash garbled into another character is reported, not guessed") {
  // The standard shogi seed carries its knight's dash mis-decoded as the Greek letter beta.
  const auto result = koma::compiler::parse_movement(
      "Jumps two forward and one across \xCE\xB2 forward only", shogi_lookup());
  REQUIRE(result.errors.size() == 1);
  CHECK(result.errors[0].offset == 33);
  CHECK(result.errors[0].code == "unknown-word");
  CHECK(result.errors[0].message.find("\xCE\xB2") != std::string::npos);
  CHECK(result.atoms.empty());
}
