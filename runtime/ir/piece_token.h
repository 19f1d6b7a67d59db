// Piece tokens of SFEN, USI drops and hands: ['+'] letter [marks]. Marks after the letter, up to
// three of ' and !, name further kinds under one letter: one mark as the FENs of XBoard and HaChu
// do for the large shogi variants (Dai's Cat sword is C', its Lion L!), two or three for games of
// more kinds (C'', C'!, C!', C!!, C''', ...). The scheme is fixed: every mark belongs to the
// letter before it, so a token never needs a longest match. Standard library only.
#pragma once

#include <cstddef>
#include <string_view>

namespace koma::ir {

/// The most marks one letter carries: 1 + 2 + 4 + 8 = 15 kinds a letter, 390 in all.
inline constexpr std::size_t kMaxTokenMarks = 3;

/// Whether `c` is a mark (' or !) that, after a letter, names another kind under that letter.
constexpr bool is_token_mark(char c) { return c == '\'' || c == '!'; }

/// The end of the token whose letter is text[letter]: after the letter and every mark that
/// follows it. A run of more than kMaxTokenMarks marks stays one token, which names no piece.
constexpr std::size_t token_end(std::string_view text, std::size_t letter) {
  std::size_t end = letter + 1;
  while (end < text.size() && is_token_mark(text[end])) ++end;
  return end;
}

/// Whether `s` is a sente token: ['+'] an uppercase letter A-Z and at most kMaxTokenMarks marks.
constexpr bool is_sente_token(std::string_view s) {
  const std::size_t letter = !s.empty() && s[0] == '+' ? 1 : 0;
  return letter < s.size() && s[letter] >= 'A' && s[letter] <= 'Z' && token_end(s, letter) == s.size() &&
         s.size() - letter - 1 <= kMaxTokenMarks;
}

}  // namespace koma::ir
