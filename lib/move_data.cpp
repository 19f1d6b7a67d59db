// A legal move as data, as `koma moves --format json` gives it in `move_data`.
#include "move_data.h"

namespace koma::lib {

nlohmann::ordered_json move_json(const Position& position, Move move, int dialect) {
  const std::vector<std::string>& tokens = position.variant().tables().spelling(dialect);
  auto token = [&](Cell c) { return tokens[static_cast<std::size_t>(cell_piece(c))]; };
  // A two-leg move that returns to its origin takes nothing there.
  const bool returns = !move.is_drop() && move.to() == move.from();
  const Cell target = returns ? kEmpty : position.at(move.to());
  nlohmann::ordered_json m{{"usi", position.move_text(move, dialect)}};
  m["from"] = move.is_drop() ? nlohmann::ordered_json(nullptr)
                             : nlohmann::ordered_json(position.square_text(move.from()));
  m["to"] = position.square_text(move.to());
  m["piece"] = move.is_drop() ? tokens[static_cast<std::size_t>(move.dropped())]
                              : token(position.at(move.from()));
  m["captured"] = is_piece(target) ? nlohmann::ordered_json(token(target))
                                   : nlohmann::ordered_json(nullptr);
  m["promotion"] = move.changes_face();
  m["drop"] = move.is_drop();
  if (move.mid() != 0 && move.mid() != move.from()) {
    const Cell via = position.at(move.mid());
    m["via"] = position.square_text(move.mid());
    m["captured_via"] = is_piece(via) ? nlohmann::ordered_json(token(via)) : nlohmann::ordered_json(nullptr);
  }
  return m;
}

}  // namespace koma::lib
