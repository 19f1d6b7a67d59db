// Lion power of three steps: the area power, along some directions and in a line; read, counted,
// written back in English, and left unwritten in Betza, which has no spelling for three legs.
#include <catch2/catch.hpp>

#include <algorithm>

#include "phrase.h"
#include "support.h"

using namespace koma;
using namespace koma::compiler;

namespace {

PhraseResult read(const std::string& text) { return test::read_phrase(text); }

bool same(const PhraseResult& a, const PhraseResult& b) { return test::same_movement(a, b); }

std::size_t three_legs(const PhraseResult& r) {
  return static_cast<std::size_t>(
      std::count_if(r.legs.begin(), r.legs.end(), [](const ir::LegMove& m) { return m.third.has_value(); }));
}

bool king_step(ir::Offset o) {
  return std::max(std::abs(o.right), std::abs(o.forward)) == 1;
}

}  // namespace

TEST_CASE("lion power of three steps reaches every square within three and takes on two middle squares") {
  const PhraseResult lion = read("Lion power of three steps");
  REQUIRE(lion.errors.empty());
  CHECK(lion.atoms.size() == 48);  // the 7x7 square but its centre
  CHECK(lion.legs.size() - three_legs(lion) == 72);  // plain Lion power's two-leg moves
  // Take on the first square, then any two steps (8 * 8 * 8), or step to an empty first square
  // and take on the second, then any step (8 * 7 * 8: the second square is never the origin).
  CHECK(three_legs(lion) == 960);
  CHECK(lion.legs.size() == 1032);
  for (const ir::LegMove& m : lion.legs) {
    if (!m.third) continue;
    CHECK(king_step(m.legs[0].delta));
    CHECK(king_step(m.legs[1].delta));
    CHECK(king_step(m.third->delta));
    CHECK(m.third->mode == ir::AtomMode::move_or_capture);
    CHECK(m.legs[0].mode != ir::AtomMode::move_or_capture);  // it takes on a middle square
  }
  // Two-leg moves come first, then the three-leg moves.
  CHECK(std::is_partitioned(lion.legs.begin(), lion.legs.end(), [](const ir::LegMove& m) { return !m.third; }));
  CHECK(same(read("Lion power of three steps in any direction"), lion));
  CHECK(same(read("Lion power of three steps orthogonally or diagonally"), lion));
}

TEST_CASE("lion power of three steps along some directions goes out and on or back along each") {
  const PhraseResult forward = read("Lion power of three steps straight forward");
  REQUIRE(forward.errors.empty());
  CHECK(forward.atoms.size() == 3);  // one, two and three squares forward
  CHECK(forward.legs.size() == 8);
  // Take on 1 and come back to 0, then on to 1; take on 1, or step to 1 and take on 2, then on
  // to 3 or back to 1.
  CHECK(three_legs(forward) == 5);
  const PhraseResult eagle = read("Lion power of three steps diagonally forward");
  REQUIRE(eagle.errors.empty());
  CHECK(eagle.atoms.size() == 6);
  CHECK(eagle.legs.size() == 16);
  CHECK(three_legs(eagle) == 10);
}

TEST_CASE("lion power of three steps in a line is the line power along all eight directions") {
  const PhraseResult line = read("Lion power of three steps in a line");
  REQUIRE(line.errors.empty());
  CHECK(line.atoms.size() == 24);  // 1, 2 and 3 squares along each of eight lines
  CHECK(line.legs.size() == 64);
  CHECK(three_legs(line) == 40);  // 5 along each line
  for (const ir::LegMove& m : line.legs) {
    const ir::Offset u = m.legs[0].delta;
    const auto along = [&](ir::Offset o) { return o == u || (o.right == -u.right && o.forward == -u.forward); };
    CHECK(along(m.legs[1].delta));
    if (m.third) CHECK(along(m.third->delta));
  }
  CHECK_FALSE(same(line, read("Lion power of three steps")));
}

TEST_CASE("lion power of two steps is lion power") {
  CHECK(same(read("Lion power of two steps"), read("Lion power")));
  CHECK(same(read("Lion power of two steps straight forward"), read("Lion power straight forward")));
  CHECK(three_legs(read("Lion power of two steps")) == 0);
}

TEST_CASE("lion power takes two or three steps, and in a line three") {
  const PhraseResult four = parse_movement("Lion power of four steps", nullptr);
  REQUIRE(four.errors.size() == 1);
  CHECK(four.errors[0].code == "phrase-syntax");
  CHECK(four.errors[0].offset == 14);  // at "four"
  CHECK(four.errors[0].message.find("'four'") != std::string::npos);
  CHECK(four.atoms.empty());
  CHECK(four.legs.empty());
  const PhraseResult one = parse_movement("Lion power of 1 step", nullptr);
  REQUIRE(one.errors.size() == 1);
  CHECK(one.errors[0].offset == 14);
  const PhraseResult line = parse_movement("Lion power in a line", nullptr);
  REQUIRE(line.errors.size() == 1);
  CHECK(line.errors[0].code == "phrase-syntax");
  CHECK(line.errors[0].offset == 11);  // at "in"
  const PhraseResult no_unit = parse_movement("Lion power of three", nullptr);
  REQUIRE(no_unit.errors.size() == 1);
  CHECK(no_unit.errors[0].code == "phrase-syntax");
}

TEST_CASE("lion power of three steps is written back as the same phrase") {
  // The phrase and the canonical English english() writes for it.
  const std::pair<const char*, const char*> phrases[] = {
      {"Lion power of three steps", "Lion power of three steps"},
      {"Lion power of three steps straight forward", "Lion power of three steps forward"},
      {"Lion power of three steps diagonally forward", "Lion power of three steps diagonally forward"},
      {"Lion power of three steps in a line", "Lion power of three steps in a line"},
      {"Lion power of three steps orthogonally", "Lion power of three steps orthogonally"},
      {"Any distance in any direction except straight forward, or Lion power of three steps straight forward",
       "Any distance diagonally or straight backward or sideways, or Lion power of three steps forward"},
      {"Jumps two forward and one sideways, or Lion power of three steps in a line",
       "Jumps two forward and one sideways, or Lion power of three steps in a line"},
      // Two powers in one phrase, and slides that cover some of a power's leaps.
      {"Lion power, or Lion power of three steps in a line", "Lion power, or Lion power of three steps in a line"},
      {"Lion power diagonally forward, or Lion power of three steps straight forward",
       "Lion power of three steps forward, or Lion power diagonally forward"},
      {"Any distance in any direction, or Lion power of three steps",
       "Any distance in any direction, or Lion power of three steps"},
      {"Lion power of three steps, or Lion power", "Lion power of three steps"},
  };
  for (const auto& [text, canonical] : phrases) {
    INFO(text);
    const PhraseResult r = read(text);
    REQUIRE(r.errors.empty());
    const std::string words = english(r.atoms, r.legs, r.burning);
    INFO(words);
    CHECK(words == canonical);
    CHECK(same(read(words), r));
  }
  // All eight directions written as a set are the area power.
  const PhraseResult area = read("Lion power of three steps in any direction");
  CHECK(english(area.atoms, area.legs) == "Lion power of three steps");
  const PhraseResult two = read("Lion power of two steps diagonally");
  CHECK(english(two.atoms, two.legs) == "Lion power diagonally");
  const PhraseResult both = read("Lion power of three steps, or Lion power of three steps in a line");
  CHECK(same(both, read("Lion power of three steps")));  // the area power has every line's moves
  const PhraseResult lines = read("Lion power orthogonally, or Lion power diagonally");
  CHECK(english(lines.atoms, lines.legs) == "Lion power orthogonally, or Lion power diagonally");
  CHECK(same(read(english(lines.atoms, lines.legs)), lines));
}

TEST_CASE("betza has no spelling for three legs") {
  for (const char* text : {"Lion power of three steps", "Lion power of three steps straight forward",
                           "Lion power of three steps in a line"}) {
    INFO(text);
    const PhraseResult r = read(text);
    REQUIRE(r.errors.empty());
    CHECK(betza(r.atoms, r.legs).empty());
  }
  // Three-leg moves that are no Lion power have no English either: english falls back on Betza.
  PhraseResult odd = read("Lion power of three steps straight forward");
  odd.legs.erase(std::remove_if(odd.legs.begin(), odd.legs.end(), [](const ir::LegMove& m) { return !m.third; }),
                 odd.legs.end());
  odd.legs.pop_back();
  CHECK(english(odd.atoms, odd.legs).empty());
  // One three-leg move that comes back is not a capture without moving.
  ir::LegMove back;
  back.legs[0] = {{0, 1}, ir::AtomMode::capture_only};
  back.legs[1] = {{0, -1}, ir::AtomMode::move_or_capture};
  back.third = ir::Leg{{0, 1}, ir::AtomMode::move_or_capture};
  CHECK(english({}, {back}).empty());
  // The Betza reader joins two legs at most.
  CHECK_FALSE(read("caaK").errors.empty());
  CHECK_FALSE(read("camaK").errors.empty());
  for (const char* text : {"KNADcaKmabK", "fWfDfcavWfmabW", "cabK"}) {
    INFO(text);
    const PhraseResult r = read(text);
    REQUIRE(r.errors.empty());
    CHECK(three_legs(r) == 0);
  }
}
