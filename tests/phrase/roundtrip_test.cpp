// Round trips: english() and betza() read back to the same atoms, for every piece of the
// Kyoto, Heian and standard shogi documents and for seeded random atom sets.
#include <catch2/catch.hpp>

#include <random>

#include "support.h"

using namespace koma::test;
using koma::compiler::betza;
using koma::compiler::english;
using koma::compiler::parse_movement;

namespace {

void check_round_trips(const Atoms& atoms) {
  const std::string words = english(atoms);
  const std::string letters = betza(atoms);
  INFO("atoms: " << show(atoms) << "\nenglish: " << words << "\nbetza: " << letters);
  const auto from_words = parse_movement(words, shogi_lookup());
  REQUIRE(from_words.errors.empty());
  CHECK(show(from_words.atoms) == show(atoms));
  const auto from_letters = parse_movement(letters, shogi_lookup());
  REQUIRE(from_letters.errors.empty());
  CHECK(show(from_letters.atoms) == show(atoms));
}

}  // namespace

TEST_CASE("every shogi, kyoto and heian piece round-trips through english and betza") {
  // Promoted faces of standard shogi are gold, dragon and horse; Kyoto and Heian use the same
  // movements, so this list is every movement of the three games.
  for (const Atoms& atoms : {king(), gold(), silver(), knight(), lance(), pawn(), rook(), bishop(),
                             dragon(), horse()}) {
    check_round_trips(atoms);
  }
}

TEST_CASE("canonical english reads naturally for the shogi pieces") {
  CHECK(english(king()) == "One step in any direction");
  CHECK(english(gold()) == "One step orthogonally or diagonally forward");
  CHECK(english(silver()) == "One step diagonally or straight forward");
  CHECK(english(knight()) == "Jumps two forward and one sideways");
  CHECK(english(lance()) == "Any distance forward");
  CHECK(english(pawn()) == "One step forward");
  CHECK(english(rook()) == "Any distance orthogonally");
  CHECK(english(bishop()) == "Any distance diagonally");
  CHECK(english(dragon()) == "Any distance orthogonally, or one step diagonally");
  CHECK(english(horse()) == "Any distance diagonally, or one step orthogonally");
}

TEST_CASE("riders of longer steps have no english and are written in betza") {
  const Atoms nightrider = {slide(-1, 2), slide(1, 2)};
  CHECK(english(nightrider) == "ffNN");
  check_round_trips(nightrider);
}

TEST_CASE("leaps longer than three squares round-trip through english and have no betza") {
  const Atoms giraffe = {step(-1, 4), step(1, 4), step(0, -5)};
  CHECK(english(giraffe) == "Jumps five squares backward, or jumps four forward and one sideways");
  const auto back = parse_movement(english(giraffe), shogi_lookup());
  REQUIRE(back.errors.empty());
  CHECK(show(back.atoms) == show(giraffe));
  CHECK(betza(giraffe).empty());
}

TEST_CASE("seeded random atom sets round-trip through english and betza") {
  std::mt19937 rng(20261129);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const AtomMode modes[] = {AtomMode::move_or_capture, AtomMode::move_only, AtomMode::capture_only};
  for (int round = 0; round < 3000; ++round) {
    Atoms atoms;
    const int count = pick(1, 10);
    for (int i = 0; i < count; ++i) {
      int right = 0;
      int forward = 0;
      const bool unit = pick(0, 2) != 0;  // mostly single steps, as shogi pieces are
      while (right == 0 && forward == 0) {
        right = unit ? pick(-1, 1) : pick(-3, 3);
        forward = unit ? pick(-1, 1) : pick(-3, 3);
      }
      const AtomMode mode = modes[pick(0, 5) / 4 == 0 ? 0 : pick(1, 2)];
      if (pick(0, 1) == 0) {
        atoms.push_back(step(right, forward, mode));
      } else {
        atoms.push_back(slide(right, forward, pick(0, 1) == 0 ? 0 : pick(2, 5), mode));
      }
    }
    check_round_trips(atoms);
  }
}

TEST_CASE("normalize removes duplicates and subsumed atoms and merges capture modes") {
  Atoms atoms = {step(0, 1), slide(0, 1), step(0, 1), slide(0, 1, 2), slide(1, 0, 3),
                 slide(1, 0, 2, AtomMode::move_only), step(0, -1, AtomMode::move_only),
                 step(0, -1, AtomMode::capture_only), slide(-1, 0, 1)};
  koma::compiler::normalize(atoms);
  CHECK(show(atoms) == "slide(0,1) slide(1,0)/3 leap(-1,0) leap(0,-1) ");
  REQUIRE(atoms.size() == 4);
  CHECK(atoms[0].kind == AtomKind::slide);
  CHECK(atoms[0].max_range == 0);
  CHECK(atoms[3].mode == AtomMode::move_or_capture);
}

TEST_CASE("normalize keeps atoms whose modes do not cover each other") {
  Atoms atoms = {slide(0, 1, 0, AtomMode::move_only), step(0, 1, AtomMode::capture_only)};
  koma::compiler::normalize(atoms);
  CHECK(atoms.size() == 2);
}
