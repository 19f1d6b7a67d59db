// `koma explain VARIANT [PIECE]`: each piece's name, symbol, movement in canonical English and
// in Betza, how its face changes, and a diagram of where it moves.
#include <algorithm>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli_error.h"
#include "commands.h"
#include "movement_diagram.h"
#include "output_format.h"
#include "piece_explanation.h"
#include "cli_variant.h"

namespace koma::cli {

namespace {

struct ExplainArgs {
  std::string variant;
  std::string piece;
  Format format = Format::text;
};

/// Whether some piece shown has two-leg moves (the legend then explains their mark).
bool any_legs(const ir::RuleSet& rules, const std::vector<ir::PieceId>& ids) {
  return std::any_of(ids.begin(), ids.end(), [&](ir::PieceId id) { return !rules.pieces[id].leg_moves.empty(); });
}

int run_explain(const ExplainArgs& args) {
  const LoadedVariant loaded = open_variant(args.variant);
  const ir::RuleSet& rules = loaded.variant->rules();
  std::vector<ir::PieceId> ids;
  if (!args.piece.empty()) {
    ids.push_back(unwrap(find_piece(rules, args.piece)));
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
