// Tenjiku's movements in phrases: captures without moving ("captures without moving", Betza
// `cabK`) and slides that jump their first squares ("two or more squares diagonally", "two to
// three squares sideways"): read, written back, and rejected when misused.
#include <catch2/catch.hpp>

#include "phrase.h"
#include "support.h"

using namespace koma;
using namespace koma::compiler;

namespace {

PhraseResult read(const std::string& text) { return test::read_phrase(text); }

bool same_legs(const PhraseResult& a, const PhraseResult& b) {
  if (a.legs.size() != b.legs.size()) return false;
  for (std::size_t i = 0; i < a.legs.size(); ++i) {
    for (int k = 0; k < 2; ++k) {
      if (!(a.legs[i].legs[k].delta == b.legs[i].legs[k].delta) || a.legs[i].legs[k].mode != b.legs[i].legs[k].mode) {
        return false;
      }
    }
  }
  return true;
}

}  // namespace

TEST_CASE("captures without moving are the two-leg moves out and back of Betza cab") {
  const PhraseResult all = read("Captures without moving");
  REQUIRE(all.errors.empty());
  CHECK(all.atoms.empty());
  CHECK(all.legs.size() == 8);
  CHECK(same_legs(all, read("cabK")));
  for (const ir::LegMove& m : all.legs) {
    CHECK(m.legs[0].mode == ir::AtomMode::capture_only);
    CHECK(m.legs[1].delta.right == -m.legs[0].delta.right);
    CHECK(m.legs[1].delta.forward == -m.legs[0].delta.forward);
  }
  const PhraseResult ahead = read("captures without moving orthogonally");
  REQUIRE(ahead.errors.empty());
  CHECK(same_legs(ahead, read("cabW")));
}

TEST_CASE("a slide may jump its first square and stop from the second on") {
  const PhraseResult far = read("Two or more squares diagonally");
  REQUIRE(far.errors.empty());
  REQUIRE(far.atoms.size() == 4);
  for (const ir::MoveAtom& a : far.atoms) {
    CHECK(a.kind == ir::AtomKind::slide);
    CHECK(a.min_range == 2);
    CHECK(a.max_range == 0);
  }
  const PhraseResult side = read("two to three squares sideways");
  REQUIRE(side.errors.empty());
  REQUIRE(side.atoms.size() == 2);
  CHECK(side.atoms[0].min_range == 2);
  CHECK(side.atoms[0].max_range == 3);
  // From the first square on is a plain slide; it does not cover one that jumps.
  CHECK(read("one to three squares sideways").atoms[0].min_range == 0);
  CHECK(read("any distance sideways, or two to three squares sideways").atoms.size() == 4);
}

TEST_CASE("the Tetrarch's movement is written back in English and has no Betza") {
  const std::string text = "Two or more squares diagonally, or two to three squares sideways, or captures without moving";
  const PhraseResult r = read(text);
  REQUIRE(r.errors.empty());
  const std::string words = english(r.atoms, r.legs);
  CHECK(words == text);
  const PhraseResult back = read(words);
  REQUIRE(back.atoms.size() == r.atoms.size());
  for (std::size_t i = 0; i < r.atoms.size(); ++i) {
    CHECK(back.atoms[i].min_range == r.atoms[i].min_range);
    CHECK(back.atoms[i].max_range == r.atoms[i].max_range);
  }
  CHECK(same_legs(back, r));
  CHECK(betza(r.atoms, r.legs).empty());
  CHECK(english(read("cabK").atoms, read("cabK").legs) == "captures without moving");
  CHECK(english(read("FcabW").atoms, read("FcabW").legs) == "One step diagonally, or captures without moving orthogonally");
}

TEST_CASE("misused nearest squares and captures without moving are errors") {
  const PhraseResult backwards = read("three to two squares sideways");
  REQUIRE_FALSE(backwards.errors.empty());
  CHECK(backwards.errors[0].message.find("farther distance first") != std::string::npos);
  CHECK_FALSE(read("two or more squares King movement").errors.empty());
  CHECK_FALSE(read("captures without moving only").errors.empty());
  CHECK_FALSE(read("two or more diagonally").errors.empty());
}
