// Square names and the "can this piece ever move from here" test on an empty board.
#include "board_geometry.h"

#include <fmt/core.h>

#include "usi_square.h"

namespace koma::lib {

std::string square_name(std::uint8_t file, std::uint8_t rank) {
  return fmt::format("{}{}", file, rank_letters(rank));
}

bool can_ever_move(const ir::PieceType& type, const ir::Board& board, std::uint8_t file,
                   std::uint8_t rank, ir::Side side) {
  // Sente moves towards rank 1 and its right is towards file 1; gote is turned 180 degrees.
  const int sign = side == ir::Side::sente ? -1 : 1;
  // On ranks with a movement of their own the piece moves by that instead.
  const int from_far = side == ir::Side::sente ? rank : board.ranks + 1 - rank;
  const std::vector<ir::MoveAtom>* moves = &type.moves;
  for (const ir::RankMovement& on : type.rank_moves) {
    for (std::uint8_t r : on.ranks) {
      if (r == from_far) moves = &on.moves;
    }
  }
  for (const auto& atom : *moves) {
    const int to_file = file + sign * atom.delta.right;
    const int to_rank = rank + sign * atom.delta.forward;
    if (to_file >= 1 && to_file <= board.files && to_rank >= 1 && to_rank <= board.ranks) {
      return true;
    }
  }
  return false;
}

}  // namespace koma::lib
