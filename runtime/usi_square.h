// USI square text: the writer and reader of rank letters, and the square reader shared by the
// USI move parser and the foul judge.
#pragma once

#include <cctype>
#include <cstddef>
#include <string>
#include <string_view>

#include "variant.h"

namespace koma {

/// Ranks one letter names: a to z.
inline constexpr int kSingleLetterRanks = 26;

/// The letters of rank `rank` in square text: a to z for ranks 1 to 26, then the letters
/// doubled (aa for rank 27, jj for 36), as English texts on Taikyoku shogi write them.
inline std::string rank_letters(int rank) {
  if (rank <= kSingleLetterRanks) return std::string(1, static_cast<char>('a' + rank - 1));
  return std::string(2, static_cast<char>('a' + rank - kSingleLetterRanks - 1));
}

/// Reads rank letters at text[i] on a board of `ranks` ranks, advancing i past them: a doubled
/// letter only where the board has more than 26 ranks. Returns the rank, or 0 when there is none.
inline int read_rank_letters(std::string_view text, std::size_t& i, int ranks) {
  if (i >= text.size() || text[i] < 'a' || text[i] > 'z') return 0;
  const int rank = text[i] - 'a' + 1;
  if (ranks > kSingleLetterRanks && i + 1 < text.size() && text[i + 1] == text[i] &&
      kSingleLetterRanks + rank <= ranks) {
    i += 2;
    return kSingleLetterRanks + rank;
  }
  ++i;
  return rank;
}

/// Reads a USI square ("7g", "12a", "36jj") at text[i], advancing i past it. Returns its
/// mailbox cell, or -1 when the text there is no square of this board.
inline int read_usi_square(const Variant& variant, std::string_view text, std::size_t& i) {
  int file = 0;
  std::size_t digits = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && digits < 2) {
    file = file * 10 + (text[i] - '0');
    ++i, ++digits;
  }
  if (digits == 0) return -1;
  const int rank = read_rank_letters(text, i, variant.rules().board.ranks);
  if (rank == 0) return -1;
  return variant.square(file, rank);
}

}  // namespace koma
