// Seeded random phrases made of vocabulary words, punctuation, names and Betza letters: every
// one gives either atoms or well-formed errors, and whatever parses round-trips through english.
#include <catch2/catch.hpp>

#include <random>
#include <set>

#include "phrase_codes.h"
#include "phrase_lexer.h"
#include "support.h"

using namespace koma::test;
using koma::compiler::parse_movement;

TEST_CASE("random phrases give atoms or well-formed errors, and atoms round-trip") {
  std::vector<std::string> pieces;
  for (const auto& word : koma::compiler::phrase::vocabulary()) pieces.emplace_back(word.spelling);
  for (const char* extra : {",", ":", "(", ")", "+", "\xE2\x80\x94", "-", ".", "2", "3", "Rook",
                            "Gold General", "L-shape", "one-square", "fW", "ffN", "zigzag"}) {
    pieces.emplace_back(extra);
  }
  std::set<std::string_view> codes(std::begin(koma::compiler::phrase::kPhraseCodes),
                                   std::end(koma::compiler::phrase::kPhraseCodes));
  std::mt19937 rng(7);
  auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); };
  int parsed_ok = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string text;
    const std::size_t length = 1 + pick(8);
    for (std::size_t i = 0; i < length; ++i) {
      if (!text.empty() && pick(4) != 0) text += ' ';
      text += pieces[pick(pieces.size())];
    }
    INFO("phrase: " << text);
    const auto result = parse_movement(text, shogi_lookup());
    if (result.errors.empty()) {
      ++parsed_ok;
      REQUIRE_FALSE((result.atoms.empty() && result.legs.empty()));
      if (result.atoms.empty()) continue;  // two-leg moves alone ("afW"): legs_test.cpp writes them back
      const auto back = parse_movement(koma::compiler::english(result.atoms), shogi_lookup());
      REQUIRE(back.errors.empty());
      CHECK(show(back.atoms) == show(result.atoms));
    } else {
      CHECK(result.atoms.empty());
      for (const auto& error : result.errors) {
        CHECK(error.offset <= text.size());
        CHECK(codes.count(error.code) == 1);
        CHECK_FALSE(error.message.empty());
      }
    }
  }
  CHECK(parsed_ok > 0);  // the generator does reach phrases that mean something
}
