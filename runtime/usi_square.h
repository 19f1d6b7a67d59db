// The square reader shared by the USI move parser and the foul judge (runtime internals).
#pragma once

#include <cctype>
#include <cstddef>
#include <string_view>

#include "variant.h"

namespace koma {

/// Reads a USI square ("7g", "12a") at text[i], advancing i past it. Returns its mailbox cell,
/// or -1 when the text there is no square of this board.
inline int read_usi_square(const Variant& variant, std::string_view text, std::size_t& i) {
  int file = 0;
  std::size_t digits = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && digits < 2) {
    file = file * 10 + (text[i] - '0');
    ++i, ++digits;
  }
  if (digits == 0 || i >= text.size() || text[i] < 'a' || text[i] > 'z') return -1;
  const int rank = text[i++] - 'a' + 1;
  return variant.square(file, rank);
}

}  // namespace koma
