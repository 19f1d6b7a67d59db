// The checks `koma validate` runs after a file compiles, which need the runtime: the rules
// load, the start position is legal and playable, and every piece type can appear.
#pragma once

#include "diagnostics.h"
#include "ir/rules.h"

namespace koma::cli {

/// Reports every problem found in `rules` (compiled from `path`) to `sink`.
void check_with_runtime(const ir::RuleSet& rules, const std::string& path,
                        compiler::DiagnosticSink& sink);

/// USI name of a square ("7g").
std::string square_name(std::uint8_t file, std::uint8_t rank);

/// Whether a piece of `type` standing on (file, rank) for `side` has at least one move on an
/// empty board of the given size.
bool can_ever_move(const ir::PieceType& type, const ir::Board& board, std::uint8_t file,
                   std::uint8_t rank, ir::Side side);

/// Piece types no game can show: none starts on the board or in hand, and none is the face
/// another reachable type promotes, flips or is captured to.
std::vector<ir::PieceId> unreachable_pieces(const ir::RuleSet& rules);

}  // namespace koma::cli
