// Shared state of the lowering stage (document + parent RuleSet -> RuleSet): the output being
// built, error reporting, and piece-name lookup. Internal to the compiler.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diagnostics.h"
#include "document.h"
#include "ir/rules.h"

namespace koma::compiler {

struct LowerContext {
  LowerContext(const Document& document, const ir::RuleSet* parent_rules, DiagnosticSink& out_sink)
      : doc(document), parent(parent_rules), sink(out_sink) {}

  const Document& doc;
  const ir::RuleSet* parent;  ///< the parent variant, compiled; nullptr without one
  DiagnosticSink& sink;
  ir::RuleSet out;
  std::size_t error_count = 0;  ///< errors reported so far, so a step can tell its own
  std::size_t missing_letters = 0;  ///< missing-letter errors among error_count
  bool setup_incomplete = false;  ///< the setup skipped unspelled tokens; table checks skip it
  /// out.pieces[i] came from the parent unchanged (no pieces table in this file).
  bool inherited_pieces = false;
  /// Where each piece type's promotion or face pair is stated (pieces of this file only).
  std::map<ir::PieceId, ir::SourceLoc> promotion_loc;

  /// Whether any error has been reported.
  bool failed() const { return error_count != 0; }

  /// Some piece type has no letter (already reported): a setup token nobody spells may be
  /// meant for it, so it is not reported again and the setup counts as incomplete.
  bool unspelled() const { return missing_letters != 0; }

  void error(Code code, const ir::SourceLoc& loc, std::string message,
             std::vector<Note> notes = {});

  /// The piece type `name` names: an exact case-insensitive match, else the one piece type
  /// whose name starts with `name` followed by a space ("Gold" for "Gold General").
  /// Reports unknown-piece or ambiguous-piece at `loc` and returns nothing when there is none.
  std::optional<ir::PieceId> find_piece(std::string_view name, const ir::SourceLoc& loc);

  /// Like find_piece, without reporting.
  std::optional<ir::PieceId> lookup_piece(std::string_view name) const;

  /// The parent's piece type with exactly this name (case-insensitive), if any.
  const ir::PieceType* parent_piece(std::string_view name) const;

  /// Maps a parent piece id onto this variant's pieces by name; reports unknown-piece at
  /// `loc` with a note when the piece is gone.
  std::optional<ir::PieceId> from_parent(ir::PieceId id, const ir::SourceLoc& loc,
                                         std::string_view what);
};

/// Pieces: the pieces table's rows with their movement, promoted faces, face pairs and royals.
void lower_pieces(LowerContext& ctx);
/// The pieces table's rows and their movement phrases only, nothing that needs the front
/// matter or the other tables. Contract: doc.pieces is set.
void check_piece_movement(LowerContext& ctx);
/// Letters: the native symbol of every piece type and each dialect's symbols.
void lower_letters(LowerContext& ctx);
/// Board, promotion rules, drops, endings and metadata from the front matter and the parent.
void lower_rules(LowerContext& ctx);
/// The starting position from engine.setup.
void lower_setup(LowerContext& ctx);

}  // namespace koma::compiler
