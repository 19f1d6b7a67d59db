// `koma explain VARIANT [PIECE]`: each piece's name, symbol, movement in canonical English and
// in Betza, how its face changes, and a diagram of where it moves.
#include <algorithm>
#include <sstream>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "board_geometry.h"
#include "cli_error.h"
#include "commands.h"
#include "did_you_mean.h"
#include "ir/dump.h"
#include "movement_diagram.h"
#include "names.h"
#include "output_format.h"
#include "phrase.h"
#include "variant_source.h"

namespace koma::cli {

namespace {

struct ExplainArgs {
  std::string variant;
  std::string piece;
  Format format = Format::text;
};

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

/// How the piece's face changes, and where its other faces come from.
std::vector<std::string> face_lines(const ir::RuleSet& rules, ir::PieceId id) {
  const ir::PieceType& type = rules.pieces[id];
  std::vector<std::string> lines;
  const bool has_target = type.promotes_to < rules.pieces.size();
  switch (type.promotion) {
    case ir::Promotion::none: lines.push_back("promotion: none"); break;
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
  out += fmt::format("  moves: {}\n", compiler::english(type.moves, type.leg_moves));
  out += fmt::format("  betza: {}\n", compiler::betza(type.moves, type.leg_moves));
  for (const auto& line : face_lines(rules, id)) out += "  " + line + "\n";
  out += "\n";
  for (const std::string& row : diagram_rows(type)) out += "   " + row + "\n";
  return out;
}

ir::PieceId find_piece(const ir::RuleSet& rules, const std::string& wanted) {
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
  throw CliError(fmt::format("no piece {} in {}{}", compiler::quote(wanted), rules.meta.title,
                             did_you_mean(wanted, aliases)));
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
          {"english", compiler::english(type.moves, type.leg_moves)},
          {"betza", compiler::betza(type.moves, type.leg_moves)},
          {"promotion", ir::name(type.promotion)},
          {"promotes_to", type.promotion == ir::Promotion::none ? nlohmann::ordered_json(nullptr)
                                                                : symbol_of(type.promotes_to)},
          {"captured_as", symbol_of(type.base_face == ir::kNoPiece ? id : type.base_face)},
          {"diagram", diagram_rows(type)}};
}

/// Whether some piece shown has two-leg moves (the legend then explains their mark).
bool any_legs(const ir::RuleSet& rules, const std::vector<ir::PieceId>& ids) {
  return std::any_of(ids.begin(), ids.end(), [&](ir::PieceId id) { return !rules.pieces[id].leg_moves.empty(); });
}

int run_explain(const ExplainArgs& args) {
  const LoadedVariant loaded = load_variant(args.variant);
  const ir::RuleSet& rules = loaded.variant->rules();
  std::vector<ir::PieceId> ids;
  if (!args.piece.empty()) {
    ids.push_back(find_piece(rules, args.piece));
  } else {
    for (std::size_t id = 0; id < rules.pieces.size(); ++id) ids.push_back(static_cast<ir::PieceId>(id));
  }
  if (args.format == Format::json) {
    nlohmann::ordered_json pieces = nlohmann::ordered_json::array();
    for (const ir::PieceId id : ids) pieces.push_back(piece_json(rules, id));
    nlohmann::ordered_json out{{"variant", rules.meta.title},
                               {"pieces", pieces},
                               {"legend", movement_legend(any_legs(rules, ids))}};
    print_out(out.dump(2) + "\n");
    return kExitOk;
  }
  std::string out;
  for (const ir::PieceId id : ids) out += (out.empty() ? "" : "\n") + explain_piece(rules, id);
  out += "\n" + movement_legend(any_legs(rules, ids)) + "\n";
  print_out(out);
  return kExitOk;
}

}  // namespace

void add_explain(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<ExplainArgs>();
  CLI::App* command = app.add_subcommand(
      "explain",
      "Describe a variant's pieces (or one): name, symbol, movement in English and Betza, "
      "promotion or flip, and a diagram of the squares it reaches on an empty board.");
  command->add_option("VARIANT", args->variant, "Bundled slug or variant file (.md)")->required();
  command->add_option("PIECE", args->piece, "A piece's name or symbol (case ignored)");
  add_format_option(*command, args->format);
  command->callback([args, &exit_code] { exit_code = run_explain(*args); });
}

}  // namespace koma::cli
