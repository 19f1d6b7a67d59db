// validate's runtime checks: load, start position, immobile starting pieces, unreachable faces.
#include "runtime_checks.h"

#include <fmt/core.h>

#include "board_geometry.h"
#include "game.h"
#include "position_setup.h"

namespace koma::lib {

namespace {

using compiler::Code;
using compiler::Diagnostic;
using compiler::Severity;

ir::SourceLoc or_file(ir::SourceLoc loc, const std::string& path) {
  if (loc.file.empty()) loc.file = path;
  return loc;
}

Diagnostic make(Severity severity, Code code, std::string message, const ir::SourceLoc& loc) {
  Diagnostic d;
  d.severity = severity;
  d.code = code;
  d.message = std::move(message);
  d.loc = loc;
  return d;
}

void check_start_position(const std::shared_ptr<const Variant>& variant, const std::string& path,
                          compiler::DiagnosticSink& sink) {
  const ir::SourceLoc setup_loc = or_file(variant->rules().setup.loc, path);
  const Position start(variant);
  const GameStatus status = start.status();
  if (status.ended) {
    sink.report(make(Severity::error, Code::start_position_illegal,
                     fmt::format("the game is over before the first move ({})",
                                 describe_status(*variant, status)),
                     setup_loc));
  }
}

void check_immobile_pieces(const ir::RuleSet& rules, const std::string& path,
                           compiler::DiagnosticSink& sink) {
  for (const auto& placement : rules.setup.placements) {
    if (placement.piece >= rules.pieces.size()) continue;  // Variant::load reports it
    const ir::PieceType& type = rules.pieces[placement.piece];
    if (can_ever_move(type, rules.board, placement.file, placement.rank, placement.side)) continue;
    Diagnostic d = make(Severity::error, Code::piece_starts_dead,
                        fmt::format("{}'s {} starts on {}, where it can never move",
                                    rules.meta.side_names[static_cast<int>(placement.side)],
                                    type.name, square_name(placement.file, placement.rank)),
                        or_file(placement.loc.line > 0 ? placement.loc : rules.setup.loc, path));
    if (type.loc.line > 0) {
      d.notes.push_back({or_file(type.loc, path), fmt::format("'{}' is defined here", type.name)});
    }
    sink.report(std::move(d));
  }
}

void check_reachable_faces(const ir::RuleSet& rules, const std::string& path,
                           compiler::DiagnosticSink& sink) {
  for (const ir::PieceId id : unreachable_pieces(rules)) {
    const ir::PieceType& type = rules.pieces[id];
    sink.report(make(Severity::warning, Code::face_unreachable,
                     fmt::format("'{}' never appears in a game: no piece starts as it, and none "
                                 "promotes, flips or is captured into it",
                                 type.name),
                     or_file(type.loc, path)));
  }
}

}  // namespace

std::vector<ir::PieceId> unreachable_pieces(const ir::RuleSet& rules) {
  const std::size_t count = rules.pieces.size();
  std::vector<bool> seen(count, false);
  std::vector<ir::PieceId> queue;
  const auto visit = [&](ir::PieceId id) {
    if (id < count && !seen[id]) {
      seen[id] = true;
      queue.push_back(id);
    }
  };
  for (const auto& placement : rules.setup.placements) visit(placement.piece);
  for (const auto& hand : rules.setup.hands) {
    for (const auto& held : hand) visit(held.piece);
  }
  const bool captures_return = rules.drops.captured == ir::CaptureFate::to_hand &&
                               rules.drops.enabled;
  for (std::size_t next = 0; next < queue.size(); ++next) {
    const ir::PieceType& type = rules.pieces[queue[next]];
    if (type.promotion != ir::Promotion::none) visit(type.promotes_to);
    const ir::PieceId base = type.base_face == ir::kNoPiece ? queue[next] : type.base_face;
    const ir::PieceId taken = type.captured_as != ir::kNoPiece ? type.captured_as
                              : rules.pieces[base].captured_as != ir::kNoPiece ? rules.pieces[base].captured_as
                                                                                : base;
    if (captures_return) visit(taken);
  }
  std::vector<ir::PieceId> unreachable;
  for (std::size_t id = 0; id < count; ++id) {
    if (!seen[id]) unreachable.push_back(static_cast<ir::PieceId>(id));
  }
  return unreachable;
}

std::shared_ptr<const Variant> check_with_runtime(const ir::RuleSet& rules, const std::string& path,
                                                  compiler::DiagnosticSink& sink) {
  auto loaded = Variant::load(rules);
  if (!loaded && loaded.error().code == "ir-start-royal-capturable") {
    // The side not to move in check: a fault of engine.setup, located there.
    sink.report(make(Severity::error, Code::start_position_illegal, loaded.error().message,
                     or_file(rules.setup.loc, path)));
    return nullptr;
  }
  if (!loaded) {
    sink.report(make(Severity::error, Code::rules_not_playable,
                     fmt::format("the runtime cannot play these rules: {} [{}]",
                                 loaded.error().message, loaded.error().code),
                     or_file(rules.board.loc, path)));
    return nullptr;
  }
  check_immobile_pieces(rules, path, sink);
  check_reachable_faces(rules, path, sink);
  check_start_position(loaded.value(), path, sink);
  return loaded.value();
}

}  // namespace koma::lib
