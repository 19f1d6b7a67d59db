// What `koma explain` says about a piece: its movement in English and Betza, how its face
// changes, and its movement diagram, as text and as JSON.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "error.h"
#include "ir/rules.h"

namespace koma::lib {

/// The piece named `wanted`: by its name (any case and spacing), its symbol or its native
/// name; `unknown-piece` with a suggestion otherwise.
Result<ir::PieceId> find_piece(const ir::RuleSet& rules, const std::string& wanted);

/// How the piece's face changes (promotion, flip, drop faces), one line each.
std::vector<std::string> face_lines(const ir::RuleSet& rules, ir::PieceId id);

/// The rows of the piece's movement diagram, without their line ends.
std::vector<std::string> diagram_rows(const ir::PieceType& type);

/// The text `koma explain` prints for one piece, ending with its diagram.
std::string explain_piece(const ir::RuleSet& rules, ir::PieceId id);

/// One piece of `koma explain --format json`: name, symbol, English, Betza, faces, diagram.
nlohmann::ordered_json piece_json(const ir::RuleSet& rules, ir::PieceId id);

}  // namespace koma::lib
