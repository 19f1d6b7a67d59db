// Piece tokens of SFEN, USI drops and hands: ['+'] letter [mark]. A mark after the letter, ' or
// !, names a second or third kind under one letter, as the FENs of XBoard and HaChu do for the
// large shogi variants (Dai's Cat sword is C', its Lion L!). The scheme is fixed: a mark belongs
// to the letter before it, so a token never needs a longest match. Standard library only.
#pragma once

#include <cstddef>
#include <string_view>

namespace koma::ir {

/// Whether `c` marks a second (') or third (!) kind under one letter.
constexpr bool is_token_mark(char c) { return c == '\'' || c == '!'; }

/// The end of the token whose letter is text[letter]: after the letter and its mark, if any.
constexpr std::size_t token_end(std::string_view text, std::size_t letter) {
  const std::size_t end = letter + 1;
  return end < text.size() && is_token_mark(text[end]) ? end + 1 : end;
}

/// Whether `s` is a sente token: ['+'] an uppercase letter A-Z [a mark].
constexpr bool is_sente_token(std::string_view s) {
  const std::size_t letter = !s.empty() && s[0] == '+' ? 1 : 0;
  return letter < s.size() && s[letter] >= 'A' && s[letter] <= 'Z' && token_end(s, letter) == s.size();
}

}  // namespace koma::ir
