// What `koma explain` says about a piece: its movement in English and Betza, how its face
// changes, and its movement diagram, as text and as JSON.
#include "piece_explanation.h"

#include <sstream>

#include <fmt/core.h>

#include "board_geometry.h"
#include "did_you_mean.h"
#include "ir/dump.h"
#include "movement_diagram.h"
#include "names.h"
#include "phrase.h"

namespace koma::lib {

namespace {

std::string label(const ir::RuleSet& rules, ir::PieceId id) {
  const ir::PieceType& type = rules.pieces[id];
  return fmt::format("{} ({})", type.name, type.symbol);
}

/// Whether some square would leave this piece unable to move while dead ends are forbidden.
bool can_be_stranded(const ir::RuleSet& rules, const ir::PieceType& type) {
  if (!rules.promotion.forbid_dead_end) return false;
  for (std::uint8_t rank = 1; rank <= rules.board.ranks; ++rank) {
    for (std::uint8_t file = 1; file <= rules.board.files; ++file) {
      if (!can_ever_move(type, rules.board, file, rank, ir::Side::sente)) return true;
    }
  }
  return false;
}

std::string zone_text(const ir::RuleSet& rules) {
  const int depth = rules.promotion.zone_depth;
  if (depth == 0) return "";
  return depth == 1 ? " on the far rank" : fmt::format(" in the far {} ranks", depth);
}

}  // namespace

/// How the piece's face changes, and where its other faces come from.
std::vector<std::string> face_lines(const ir::RuleSet& rules, ir::PieceId id) {
  const ir::PieceType& type = rules.pieces[id];
  std::vector<std::string> lines;
  const bool has_target = type.promotes_to < rules.pieces.size();
  // With no zone, a piece that promotes by capturing promotes only so.
  const bool by_capture_only = type.by_capture != ir::CapturePromotion::none && rules.promotion.zone_depth == 0;
  switch (by_capture_only ? ir::Promotion::none : type.promotion) {
    case ir::Promotion::none:
      if (!by_capture_only) lines.push_back("promotion: none");
      break;
    case ir::Promotion::optional:
      if (has_target) {
        lines.push_back(fmt::format("promotion: may promote to {}{}{}",
                                    label(rules, type.promotes_to), zone_text(rules),
                                    can_be_stranded(rules, type)
                                        ? "; must where it could never move again"
                                        : ""));
      }
      break;
    case ir::Promotion::forced:
      if (has_target) {
        lines.push_back(fmt::format("promotion: must promote to {}{}",
                                    label(rules, type.promotes_to), zone_text(rules)));
      }
      break;
    case ir::Promotion::flip:
      if (has_target) {
        lines.push_back(
            fmt::format("flip: turns into {} after every move", label(rules, type.promotes_to)));
      }
      break;
    case ir::Promotion::on_capture:
      if (has_target) {
        lines.push_back(fmt::format("flip: turns into {} after every capture, and only then",
                                    label(rules, type.promotes_to)));
      }
      break;
  }
  if (type.by_capture != ir::CapturePromotion::none && has_target) {
    std::string of;
    for (std::size_t k = 0; k < type.by_capture_of.size(); ++k) {
      of += (k == 0 ? " when it captures " : " or ") + label(rules, type.by_capture_of[k]);
    }
    lines.push_back(fmt::format("promotion by capturing: {} promote to {}{}",
                                type.by_capture == ir::CapturePromotion::must ? "must" : "may",
                                label(rules, type.promotes_to), of));
  }
  for (std::size_t other = 0; other < rules.pieces.size(); ++other) {
    const ir::PieceType& from = rules.pieces[other];
    if (from.promotes_to != id || !ir::promotes_one_way(from.promotion)) {
      continue;
    }
    lines.push_back(fmt::format("promoted from: {}", label(rules, static_cast<ir::PieceId>(other))));
  }
  if (type.base_face < rules.pieces.size() && type.base_face != id) {
    lines.push_back(fmt::format("when captured: becomes {}", label(rules, type.base_face)));
  }
  const bool is_base_face = type.base_face == ir::kNoPiece || type.base_face == id;
  if (is_base_face && has_target && type.promotion != ir::Promotion::none &&
      rules.drops.enabled && rules.drops.face == ir::DropFace::any_face) {
    lines.push_back(fmt::format("drop: from hand as {} or {}", label(rules, id),
                                label(rules, type.promotes_to)));
  }
  return lines;
}

/// The rows of the piece's movement diagram, without their line ends.
std::vector<std::string> diagram_rows(const ir::PieceType& type) {
  const std::string diagram = movement_diagram(type.moves, type.leg_moves, type.symbol, diagram_size(type.moves));
  std::vector<std::string> rows;
  for (std::size_t begin = 0; begin < diagram.size();) {
    const std::size_t end = diagram.find('\n', begin);
    rows.push_back(diagram.substr(begin, end - begin));
    begin = end + 1;
  }
  return rows;
}

std::string explain_piece(const ir::RuleSet& rules, ir::PieceId id) {
  const ir::PieceType& type = rules.pieces[id];
  std::string out = type.name;
  if (!type.native_name.empty()) out += " " + type.native_name;
  out += fmt::format("  [{}]{}\n", type.symbol, type.royal ? "  royal" : "");
  out += fmt::format("  moves: {}\n", compiler::english(type.moves, type.leg_moves, type.burns));
  out += fmt::format("  betza: {}\n", compiler::betza(type.moves, type.leg_moves));
  for (const auto& line : face_lines(rules, id)) out += "  " + line + "\n";
  out += "\n";
  for (const std::string& row : diagram_rows(type)) out += "   " + row + "\n";
  return out;
}

nlohmann::ordered_json piece_json(const ir::RuleSet& rules, ir::PieceId id) {
  const ir::PieceType& type = rules.pieces[id];
  const auto symbol_of = [&](ir::PieceId other) {
    return other < rules.pieces.size() ? nlohmann::ordered_json(rules.pieces[other].symbol)
                                       : nlohmann::ordered_json(nullptr);
  };
  return {{"name", type.name},
          {"native_name", type.native_name},
          {"symbol", type.symbol},
          {"royal", type.royal},
          {"english", compiler::english(type.moves, type.leg_moves, type.burns)},
          {"betza", compiler::betza(type.moves, type.leg_moves)},
          {"promotion", ir::name(type.promotion)},
          {"promotes_to", type.promotion == ir::Promotion::none ? nlohmann::ordered_json(nullptr)
                                                                : symbol_of(type.promotes_to)},
          {"captured_as", symbol_of(type.base_face == ir::kNoPiece ? id : type.base_face)},
          {"diagram", diagram_rows(type)}};
}

Result<ir::PieceId> find_piece(const ir::RuleSet& rules, const std::string& wanted) {
  std::vector<Alias> aliases;
  for (std::size_t id = 0; id < rules.pieces.size(); ++id) {
    const ir::PieceType& type = rules.pieces[id];
    if (compiler::same_name(type.name, wanted) || compiler::same_name(type.symbol, wanted) ||
        (!type.native_name.empty() && type.native_name == wanted)) {
      return static_cast<ir::PieceId>(id);
    }
    aliases.push_back({type.name, type.name});
    std::istringstream words(type.name);
    for (std::string word; words >> word;) aliases.push_back({word, type.name});
  }
  return Error("unknown-piece", fmt::format("no piece {} in {}{}", compiler::quote(wanted), rules.meta.title,
                                            did_you_mean(wanted, aliases)));
}

}  // namespace koma::lib
