// Board geometry from the IR alone: square names and whether a piece can move from a square.
#pragma once

#include <cstdint>
#include <string>

#include "ir/rules.h"

namespace koma::lib {

/// USI name of a square ("7g").
std::string square_name(std::uint8_t file, std::uint8_t rank);

/// Whether a piece of `type` standing on (file, rank) for `side` has at least one move on an
/// empty board of the given size.
bool can_ever_move(const ir::PieceType& type, const ir::Board& board, std::uint8_t file,
                   std::uint8_t rank, ir::Side side);

}  // namespace koma::lib
