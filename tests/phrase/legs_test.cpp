// Two-leg moves in phrases: "Lion power" in English, Betza 2.0's `a`, and both written back.
#include <catch2/catch.hpp>

#include "phrase.h"
#include "support.h"

using namespace koma;
using namespace koma::compiler;

namespace {

PhraseResult read(const std::string& text) { return test::read_phrase(text); }

bool same(const PhraseResult& a, const PhraseResult& b) { return test::same_movement(a, b); }

}  // namespace

TEST_CASE("lion power in english is the lion's betza KNADcaKmabK") {
  const PhraseResult english_lion = read("Lion power");
  const PhraseResult betza_lion = read("KNADcaKmabK");
  REQUIRE(english_lion.errors.empty());
  REQUIRE(betza_lion.errors.empty());
  CHECK(english_lion.atoms.size() == 24);  // every square within two
  CHECK(english_lion.legs.size() == 72);   // a capture then any step (64), a step out and back (8)
  CHECK(same(english_lion, betza_lion));
  CHECK(same(read("Lion power in any direction"), english_lion));
}

TEST_CASE("lion power along some directions is the falcon's and the eagle's") {
  const PhraseResult falcon = read("Lion power straight forward");
  REQUIRE(falcon.errors.empty());
  CHECK(falcon.atoms.size() == 2);  // one and two squares forward
  CHECK(falcon.legs.size() == 3);   // capture then on, capture then back, out and back
  CHECK(same(falcon, read("fWfDfcavWfmabW")));
  const PhraseResult eagle = read("Lion power diagonally forward");
  REQUIRE(eagle.errors.empty());
  CHECK(eagle.legs.size() == 6);
  CHECK(same(eagle, read("fFfAfcavFfmabF")));
}

TEST_CASE("two-leg moves are written back in english and in betza") {
  for (const char* text : {"Lion power", "Lion power straight forward", "Lion power diagonally forward",
                           "Any distance in any direction except straight forward, or Lion power straight forward"}) {
    INFO(text);
    const PhraseResult r = read(text);
    REQUIRE(r.errors.empty());
    const std::string words = english(r.atoms, r.legs);
    const std::string letters = betza(r.atoms, r.legs);
    INFO(words << " / " << letters);
    CHECK(same(read(words), r));
    CHECK(same(read(letters), r));
  }
  CHECK(english(read("Lion power").atoms, read("Lion power").legs) == "Lion power");
  CHECK(betza(read("Lion power").atoms, read("Lion power").legs) == "KDNAcaKmabK");
}

TEST_CASE("betza two-leg groups that cannot be read are errors") {
  CHECK_FALSE(read("caN").errors.empty());     // only W, F and K take a second leg
  CHECK_FALSE(read("caaK").errors.empty());    // at most two legs
  CHECK_FALSE(read("calK").errors.empty());    // the second leg goes on, back or either
  CHECK_FALSE(read("caR").errors.empty());     // no riders
}
