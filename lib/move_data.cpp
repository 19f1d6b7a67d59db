// A legal move as data, as `koma moves --format json` gives it in `move_data`.
#include "move_data.h"

#include "game_session.h"

namespace koma::lib {

nlohmann::ordered_json move_json(const Position& position, Move move, int dialect) {
  return move_json(describe_move(position, move, dialect));
}

}  // namespace koma::lib
