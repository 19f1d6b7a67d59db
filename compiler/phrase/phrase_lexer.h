// Phrase lexer: splits an English movement phrase (UTF-8) into words, numbers and punctuation,
// classifying each word by the vocabulary in phrase_words.def.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace koma::compiler::phrase {

/// Grammar category of a vocabulary word; `unknown` for words not in phrase_words.def
/// (piece names such as "Gold General" are unknown words the parser may accept as names).
enum class WordKind : std::uint8_t {
  unknown,
  number, unit, any, distance, number_of, of, up, to,
  in, all, direction, except, orthogonal, diagonal, straight,
  forward, backward, sideways, vertically, left, right,
  or_word, and_word, plus_word, not_word, only,
  jumps, over, more, slides, l_shape,
  without, capturing, captures, moving, burns, burn_word,
  king, movement, lion, power, line,
  like, article,
  pieces, lower, rank, each, empty,
  hook, removes,
};

enum class TokenKind : std::uint8_t {
  word,        ///< letters, possibly with inner hyphens or a vocabulary abbreviation's dot
  digits,      ///< a decimal number
  comma,       ///< , or ;
  colon,       ///< :
  plus_sign,   ///< +
  dash,        ///< an em or en dash, or a hyphen standing alone
  open_paren,  ///< (
  close_paren, ///< )
  period,      ///< . not part of an abbreviation
  end,         ///< end of the phrase
};

struct Token {
  TokenKind kind = TokenKind::end;
  WordKind word = WordKind::unknown;  ///< for words
  std::uint32_t value = 0;            ///< number words and digits
  std::uint32_t offset = 0;           ///< byte offset of the token in the phrase
  std::uint32_t length = 0;           ///< bytes
  std::string text;                   ///< as written
};

/// A character the lexer cannot read, at its byte offset.
struct LexError {
  std::uint32_t offset = 0;
  std::string character;  ///< the whole UTF-8 sequence
};

struct LexResult {
  std::vector<Token> tokens;  ///< always ends with an `end` token
  std::optional<LexError> error;
};

LexResult lex(std::string_view text);

/// One vocabulary entry.
struct VocabularyWord {
  std::string_view spelling;
  WordKind kind;
  std::uint32_t value;
};

/// Every word of phrase_words.def, in file order.
const std::vector<VocabularyWord>& vocabulary();

/// The vocabulary entry spelled `word` (case-insensitive), if any.
const VocabularyWord* find_word(std::string_view word);

/// The vocabulary word closest to `word` by edit distance, if one is close enough to suggest.
std::optional<std::string_view> suggest_word(std::string_view word);

/// The spelling of the number word for `n` (1 -> "one"), or digits beyond the vocabulary.
std::string number_word(std::uint32_t n);

}  // namespace koma::compiler::phrase
