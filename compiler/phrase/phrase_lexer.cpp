// Phrase lexer: UTF-8 phrase text to tokens; vocabulary lookup and "did you mean" suggestions.
#include "phrase_lexer.h"

#include "names.h"

#include <algorithm>
#include <cctype>

namespace koma::compiler::phrase {
namespace {

bool is_letter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

/// Length of the UTF-8 sequence starting with byte `c` (1 for stray continuation bytes).
std::size_t utf8_length(unsigned char c) {
  if (c >= 0xF0) return 4;
  if (c >= 0xE0) return 3;
  if (c >= 0xC0) return 2;
  return 1;
}

Token make_token(TokenKind kind, std::size_t offset, std::size_t length, std::string_view text) {
  Token token;
  token.kind = kind;
  token.offset = static_cast<std::uint32_t>(offset);
  token.length = static_cast<std::uint32_t>(length);
  token.text = std::string(text);
  return token;
}

Token make_word(std::size_t offset, std::string_view text) {
  Token token = make_token(TokenKind::word, offset, text.size(), text);
  if (const VocabularyWord* entry = find_word(text)) {
    token.word = entry->kind;
    token.value = entry->value;
  }
  return token;
}

}  // namespace

const std::vector<VocabularyWord>& vocabulary() {
  static const std::vector<VocabularyWord> kWords = {
#define KOMA_PHRASE_WORD(spelling, kind, value) {spelling, WordKind::kind, value},
#include "phrase_words.def"
#undef KOMA_PHRASE_WORD
  };
  return kWords;
}

const VocabularyWord* find_word(std::string_view word) {
  const std::string key = lower(word);
  for (const VocabularyWord& entry : vocabulary()) {
    if (entry.spelling == key) return &entry;
  }
  return nullptr;
}

std::optional<std::string_view> suggest_word(std::string_view word) {
  const std::string key = lower(word);
  std::optional<std::string_view> best;
  std::size_t best_distance = std::max<std::size_t>(1, key.size() / 3) + 1;
  for (const VocabularyWord& entry : vocabulary()) {
    if (entry.spelling.size() < 3) continue;  // "a", "of", "no": too short to guess
    const std::size_t d = edit_distance(key, entry.spelling);
    if (d < best_distance) {
      best_distance = d;
      best = entry.spelling;
    }
  }
  return best;
}

std::string number_word(std::uint32_t n) {
  for (const VocabularyWord& entry : vocabulary()) {
    if (entry.kind == WordKind::number && entry.value == n && entry.spelling != "a") {
      return std::string(entry.spelling);
    }
  }
  return std::to_string(n);
}

LexResult lex(std::string_view text) {
  LexResult result;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    const auto byte = static_cast<unsigned char>(c);
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++i;
    } else if (text.substr(i, 2) == "\xC2\xA0") {
      i += 2;  // a no-break space is a space
    } else if (is_letter(c)) {
      // word = letter { letter | ( "-" | "'" | "’" ) letter } [ "." when the word with its dot
      // is vocabulary ]: an apostrophe belongs to a piece name ("Swallow's wings").
      std::size_t end = i + 1;
      while (end < text.size()) {
        const std::size_t joiner = text[end] == '-' || text[end] == '\''   ? 1
                                   : text.substr(end, 3) == "\xE2\x80\x99" ? 3
                                                                          : 0;
        if (is_letter(text[end])) {
          ++end;
        } else if (joiner != 0 && end + joiner < text.size() && is_letter(text[end + joiner])) {
          end += joiner;
        } else {
          break;
        }
      }
      std::string_view word = text.substr(i, end - i);
      if (end < text.size() && text[end] == '.' && find_word(std::string(word) + ".")) {
        result.tokens.push_back(make_word(i, text.substr(i, end + 1 - i)));
        i = end + 1;
      } else if (word.find('-') != std::string_view::npos && !find_word(word)) {
        // "one-square": a hyphenated word that is not vocabulary is read as its parts.
        std::size_t part = i;
        while (part < end) {
          std::size_t part_end = part;
          while (part_end < end && text[part_end] != '-') ++part_end;
          result.tokens.push_back(make_word(part, text.substr(part, part_end - part)));
          part = part_end + 1;
        }
        i = end;
      } else {
        result.tokens.push_back(make_word(i, word));
        i = end;
      }
    } else if (is_digit(c)) {
      std::size_t end = i;
      std::uint32_t value = 0;
      while (end < text.size() && is_digit(text[end])) {
        value = std::min<std::uint32_t>(value * 10 + static_cast<std::uint32_t>(text[end] - '0'),
                                        100000);
        ++end;
      }
      Token token = make_token(TokenKind::digits, i, end - i, text.substr(i, end - i));
      token.value = value;
      result.tokens.push_back(token);
      i = end;
    } else if (c == ',' || c == ':' || c == ';' || c == '+' || c == '(' || c == ')' || c == '.') {
      const TokenKind kind = (c == ',' || c == ';') ? TokenKind::comma
                             : c == '+' ? TokenKind::plus_sign
                             : c == '(' ? TokenKind::open_paren
                             : c == ')' ? TokenKind::close_paren
                             : c == '.' ? TokenKind::period
                                        : TokenKind::colon;
      result.tokens.push_back(make_token(kind, i, 1, text.substr(i, 1)));
      ++i;
    } else if (c == '-') {
      // A hyphen standing alone (or doubled) is a dash: "one across - forward only".
      std::size_t end = i;
      while (end < text.size() && text[end] == '-') ++end;
      result.tokens.push_back(make_token(TokenKind::dash, i, end - i, text.substr(i, end - i)));
      i = end;
    } else if (text.substr(i, 3) == "\xE2\x80\x94" || text.substr(i, 3) == "\xE2\x80\x93") {
      result.tokens.push_back(make_token(TokenKind::dash, i, 3, text.substr(i, 3)));
      i += 3;
    } else {
      const std::size_t length = std::min(utf8_length(byte), text.size() - i);
      result.error = LexError{static_cast<std::uint32_t>(i), std::string(text.substr(i, length))};
      break;
    }
  }
  result.tokens.push_back(make_token(TokenKind::end, text.size(), 0, ""));
  return result;
}

}  // namespace koma::compiler::phrase
