// Errors: contradicting remarks, unknown words with suggestions, unknown pieces, syntax, and
// the codes they carry, each at the byte offset of the narrowest place.
#include <catch2/catch.hpp>

#include <set>

#include "phrase_codes.h"
#include "phrase_lexer.h"
#include "support.h"

using namespace koma::test;
using koma::compiler::parse_movement;
using koma::compiler::PhraseError;

namespace {

/// The one error a phrase must give.
PhraseError only_error(std::string_view text,
                       const koma::compiler::PieceMovesLookup& lookup = shogi_lookup()) {
  const auto result = parse_movement(text, lookup);
  INFO("phrase: " << text << " gives " << parsed(text));
  REQUIRE(result.errors.size() == 1);
  CHECK(result.atoms.empty());
  return result.errors[0];
}

}  // namespace

TEST_CASE("an exclusion that the movement contradicts is an error at its parenthesis") {
  const PhraseError e = only_error("One step in any direction (not diag. backward)");
  CHECK(e.code == "phrase-contradiction");
  CHECK(e.offset == 26);
  CHECK(e.message.find("'not diag. backward'") != std::string::npos);
  CHECK(only_error("Any distance orthogonally (no backward or sideways)").offset == 26);
  CHECK(only_error("One step diagonally (not backward or diagonally forward)").code ==
        "phrase-contradiction");
}

TEST_CASE("exclusions that agree with the movement pass") {
  CHECK(parsed("One step forward (not backward)") == show(pawn()));
  CHECK(parsed("One step diagonally (no sideways)") ==
        show({step(-1, 1), step(1, 1), step(-1, -1), step(1, -1)}));
}

TEST_CASE("a named piece whose movement differs from the phrase is an error at its parenthesis") {
  const PhraseError e = only_error("One step diagonally or straight forward (Gold General movement)");
  CHECK(e.code == "phrase-contradiction");
  CHECK(e.offset == 40);
  CHECK(e.message.find("Gold General movement") != std::string::npos);
}

TEST_CASE("a named piece the lookup does not know is an unknown-piece error at the name") {
  PhraseError e = only_error("One step forward (Silver Generl movement)");
  CHECK(e.code == "unknown-piece-in-phrase");
  CHECK(e.offset == 18);
  CHECK(e.message.find("'Silver Generl'") != std::string::npos);
  const koma::compiler::PieceMovesLookup nothing = [](std::string_view) -> const Atoms* {
    return nullptr;
  };
  e = only_error("One step orthogonally or diagonally forward (Dragon horse movement)", nothing);
  CHECK(e.code == "unknown-piece-in-phrase");
  CHECK(e.offset == 45);
  CHECK(only_error("Dragon horse movement", {}).code == "unknown-piece-in-phrase");
}

TEST_CASE("the standard shapes are known without a lookup, and a lookup's piece comes first") {
  CHECK(koma::compiler::parse_movement("Gold general movement", {}).atoms.size() == 6);
  CHECK(koma::compiler::parse_movement("Rook plus one-square king moves", {}).atoms.size() == 8);
  CHECK(koma::compiler::parse_movement("moves like a King", {}).atoms.size() == 8);
  const Atoms one{koma::ir::MoveAtom{}};
  const koma::compiler::PieceMovesLookup king = [&](std::string_view) -> const Atoms* { return &one; };
  CHECK(koma::compiler::parse_movement("King movement", king).atoms.size() == 1);
}

TEST_CASE("a trailing direction qualifier must hold for every atom") {
  const std::string text = "Jumps two backward and one across \xE2\x80\x94 forward only";
  const PhraseError e = only_error(text);
  CHECK(e.code == "phrase-contradiction");
  CHECK(e.offset == 34);
}

TEST_CASE("only after an alternative forbids any other alternative") {
  const PhraseError e = only_error("Any number of squares forward only, or one step backward");
  CHECK(e.code == "phrase-contradiction");
  CHECK(e.offset == 30);
}

TEST_CASE("jumps over needs a leap over a square") {
  const PhraseError e = only_error("One step forward (jumps over)");
  CHECK(e.code == "phrase-contradiction");
  CHECK(e.offset == 17);
}

TEST_CASE("an explanation after a colon must describe the same movement") {
  const PhraseError e = only_error("Forward L-shape only: 1 ortho. + 1 diag. (jumps over)");
  CHECK(e.code == "phrase-contradiction");
  CHECK(e.offset == 20);
}

TEST_CASE("an unknown word is reported at its offset with a close vocabulary word") {
  PhraseError e = only_error("One sqare forward");
  CHECK(e.code == "unknown-word");
  CHECK(e.offset == 4);
  CHECK(e.message == "unknown word 'sqare' in movement phrase; did you mean 'square'?");
  e = only_error("One stpe forward");
  CHECK(e.message.find("did you mean 'step'?") != std::string::npos);
  e = only_error("Any distance diagnoally");
  CHECK(e.offset == 13);
  CHECK(e.message.find("did you mean 'diagonally'?") != std::string::npos);
}

TEST_CASE("an unknown word far from every vocabulary word gets no suggestion") {
  const PhraseError e = only_error("One step zigzag");
  CHECK(e.code == "unknown-word");
  CHECK(e.offset == 9);
  CHECK(e.message.find("did you mean") == std::string::npos);
}

TEST_CASE("every unknown word of a phrase is reported") {
  const auto result = parse_movement("One sqare forwad", shogi_lookup());
  REQUIRE(result.errors.size() == 2);
  CHECK(result.errors[0].offset == 4);
  CHECK(result.errors[1].offset == 10);
  CHECK(result.errors[1].message.find("'forward'") != std::string::npos);
}

TEST_CASE("empty phrases are errors") {
  CHECK(only_error("").code == "phrase-empty");
  CHECK(only_error("   ").code == "phrase-empty");
}

TEST_CASE("a clause that describes no move is an error at the clause") {
  PhraseError e = only_error("One step forward, or one step in any direction except any direction");
  CHECK(e.code == "phrase-empty");
  CHECK(e.offset == 21);
  e = only_error("Diagonally forward L-shape");
  CHECK(e.code == "phrase-empty");
  CHECK(e.offset == 0);
}

TEST_CASE("syntax errors point at the token that does not fit") {
  PhraseError e = only_error("One step forward or");
  CHECK(e.code == "phrase-syntax");
  CHECK(e.offset == 19);
  e = only_error("One step forward (not backward");
  CHECK(e.code == "phrase-syntax");
  CHECK(e.offset == 30);
  e = only_error("Any distance any distance forward");
  CHECK(e.code == "phrase-syntax");
  CHECK(e.offset == 13);
  e = only_error("Jumps two forward and one backward");
  CHECK(e.code == "phrase-syntax");
  CHECK(e.offset == 22);
}

TEST_CASE("a leap leg longer than any board is an error at its number") {
  const PhraseError e = only_error("Jumps 64 squares forward");
  CHECK(e.code == "phrase-syntax");
  CHECK(e.offset == 6);
  CHECK(parsed("Jumps 63 squares forward") == show({step(0, 63)}));
}

TEST_CASE("offsets count bytes, past multi-byte dashes") {
  PhraseError e = only_error("Jumps two forward and one across \xE2\x80\x94 forwrd only");
  CHECK(e.code == "unknown-word");
  CHECK(e.offset == 37);
  e = only_error("One step forward \xE2\x80\x93 sideways only");
  CHECK(e.code == "phrase-contradiction");
  CHECK(e.offset == 17);
}

TEST_CASE("invalid Betza is an error at the offending letter") {
  PhraseError e = only_error("fWcR0RR");
  CHECK(e.code == "betza-invalid");
  CHECK(e.offset == 5);
  e = only_error("hN");
  CHECK(e.code == "betza-invalid");
  CHECK(e.offset == 0);
  e = only_error(" fWb");
  CHECK(e.code == "betza-invalid");
  CHECK(e.offset == 3);
  e = only_error("R300");
  CHECK(e.code == "betza-invalid");
  CHECK(e.offset == 1);
}

TEST_CASE("every phrase code is a spelling in diagnostics.def") {
  const std::set<std::string_view> defined = {
#define KOMA_DIAGNOSTIC(name, spelling, summary) spelling,
#include "diagnostics.def"
#undef KOMA_DIAGNOSTIC
  };
  for (std::string_view code : koma::compiler::phrase::kPhraseCodes) {
    INFO("code: " << code);
    CHECK(defined.count(code) == 1);
  }
}

TEST_CASE("every phrase code is reported by some phrase") {
  const char* phrases[] = {
      "",                                      // phrase-empty
      "One sqare forward",                     // unknown-word
      "One step forward or",                   // phrase-syntax
      "Two squares forward",                   // phrase-ambiguous
      "One step forward (not forward)",        // phrase-contradiction
      "Queen movement",                        // unknown-piece-in-phrase
      "RR",                                    // betza-invalid
      "nN",                                    // betza-unsupported
  };
  std::set<std::string> reported;
  for (const char* text : phrases) {
    for (const PhraseError& e : parse_movement(text, shogi_lookup()).errors) reported.insert(e.code);
  }
  std::string too_long;  // phrase-too-long
  while (too_long.size() <= 512) too_long += "One step forward or ";
  too_long += "one step forward";
  for (const PhraseError& e : parse_movement(too_long, shogi_lookup()).errors) reported.insert(e.code);
  for (std::string_view code : koma::compiler::phrase::kPhraseCodes) {
    INFO("code: " << code);
    CHECK(reported.count(std::string(code)) == 1);
  }
}

TEST_CASE("every vocabulary word is read as itself, in any case") {
  using namespace koma::compiler::phrase;
  for (const VocabularyWord& word : vocabulary()) {
    std::string upper(word.spelling);
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    INFO("word: " << word.spelling);
    for (const std::string& text : {std::string(word.spelling), upper}) {
      const LexResult lexed = lex(text);
      REQUIRE_FALSE(lexed.error);
      REQUIRE(lexed.tokens.size() == 2);
      CHECK(lexed.tokens[0].kind == TokenKind::word);
      CHECK(lexed.tokens[0].word == word.kind);
      CHECK(lexed.tokens[0].value == word.value);
      CHECK(lexed.tokens[0].length == text.size());
    }
  }
}

TEST_CASE("a vocabulary word with one letter doubled is suggested back or as a synonym") {
  using namespace koma::compiler::phrase;
  for (const VocabularyWord& word : vocabulary()) {
    if (word.spelling.size() < 4 || word.spelling.back() == '.') continue;
    const std::string typo = std::string(word.spelling) + word.spelling.back();
    INFO("typo: " << typo);
    const auto suggestion = suggest_word(typo);
    REQUIRE(suggestion.has_value());
    const VocabularyWord* suggested = find_word(*suggestion);
    REQUIRE(suggested != nullptr);
    CHECK(suggested->kind == word.kind);
  }
}

TEST_CASE("a piece name after plus ends its clause without the word movement") {
  CHECK(parsed("Rook plus Bishop") == show(join(rook(), bishop())));
  CHECK(parsed("Rook plus King") == parsed("Rook plus King movement"));
}

TEST_CASE("a bare piece name elsewhere is an unknown word that suggests its movement") {
  const PhraseError e = only_error("Bishop, or one step forward");
  CHECK(e.code == "unknown-word");
  CHECK(e.offset == 0);
  CHECK(e.message.find("'Bishop movement'") != std::string::npos);
}

TEST_CASE("a piece may move like another piece") {
  CHECK(parsed("Moves like a King") == show(king()));
  CHECK(parsed("moves as the Gold General") == show(gold()));
  CHECK(parsed("Moves like a Rook, or one step diagonally") == parsed("Rook plus one-square king moves"));
  const PhraseError e = only_error("Moves like a Golden Phoenix");
  CHECK(e.code == "unknown-piece-in-phrase");
  CHECK(e.offset == 13);
  CHECK(e.message.find("'Golden Phoenix'") != std::string::npos);
}
