// The checks `koma validate` runs after a file compiles, which need the runtime: the rules
// load, the start position is legal and playable, and every piece type can appear.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "diagnostics.h"
#include "game.h"
#include "ir/rules.h"

namespace koma::lib {

/// Reports every problem found in `rules` (compiled from `path`) to `sink`. Returns the
/// variant the runtime loaded, or null when it could not load the rules.
std::shared_ptr<const Variant> check_with_runtime(const ir::RuleSet& rules, const std::string& path,
                                                  compiler::DiagnosticSink& sink);

/// Piece types no game can show: none starts on the board or in hand, and none is the face
/// another reachable type promotes, flips or is captured to.
std::vector<ir::PieceId> unreachable_pieces(const ir::RuleSet& rules);

}  // namespace koma::lib
