// A legal move as data, as `koma moves --format json` gives it in `move_data`.
#pragma once

#include <nlohmann/json.hpp>

#include "game.h"

namespace koma::lib {

/// {usi, from (null for a drop), to, piece, captured (or null), promotion, drop}: squares in
/// USI, pieces by their letters in the spelling `dialect`.
nlohmann::ordered_json move_json(const Position& position, Move move, int dialect);

}  // namespace koma::lib
