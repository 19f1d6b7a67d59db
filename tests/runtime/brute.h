// An independent slow move generator for cross-checking the runtime: plain geometry read from
// the IR, make, scan every enemy piece for an attack on the royal, unmake.
#pragma once

#include <cstdint>
#include <vector>

#include "game.h"

namespace koma::test {

/// Legal moves of `pos` found by brute force, sorted by Move value.
std::vector<Move> brute_legal_moves(Position& pos);
/// perft by brute force; at every node also checks that the runtime's generator lists exactly
/// the same moves, and returns false in `agreed` (with the SFEN in `where`) when not.
std::uint64_t brute_perft(Position& pos, int depth, bool& agreed, std::string& where);

}  // namespace koma::test
