// Movement phrases: plain English ("One step diagonally, or one step forward") or Betza
// ("fWF") to movement atoms, and atoms back to canonical English and Betza.
// The vocabulary is one list (phrase_words.def); the grammar, the Betza subset and the rule that
// tells them apart are written in variants/FORMAT-movement.md.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/rules.h"

namespace koma::compiler {

/// A problem inside a phrase, at a 0-based byte offset into the phrase text.
struct PhraseError {
  std::uint32_t offset = 0;
  std::string code;        ///< a spelling from diagnostics.def ("unknown-word")
  std::string message;     ///< quotes the word; may end with "did you mean 'X'?"
};

/// Looks up the atoms of a piece named in a phrase ("Gold General movement", "Rook plus ...").
/// Returns nullptr when no such piece is known; the name is matched case-insensitively.
using PieceMovesLookup = std::function<const std::vector<ir::MoveAtom>*(std::string_view name)>;

struct PhraseResult {
  std::vector<ir::MoveAtom> atoms;  ///< canonical (see normalize); empty when there are errors
  std::vector<ir::LegMove> legs;    ///< multi-leg moves ("Lion power", Betza's `a`), sorted
  ir::Burning burning;              ///< "burns ..." clauses (English only; no location)
  std::vector<PhraseError> errors;  ///< empty on success; every error found, in text order
};

/// Parses a movement phrase, English or Betza. Atom locations are left empty (the caller
/// knows where the cell is).
PhraseResult parse_movement(std::string_view text, const PieceMovesLookup& lookup);

/// Canonical form: a slide of range 1 becomes a leap, a move-only and a capture-only copy of
/// one atom merge, duplicates and atoms another atom subsumes go, and the rest are sorted
/// (unlimited slides, longer ranges, leaps; then mode; then direction, forward first).
void normalize(std::vector<ir::MoveAtom>& atoms);

/// Canonical English for a set of atoms; parse_movement(english(a)) == normalized a for every
/// non-empty set. Riders of steps longer than one square have no English wording and are
/// written in Betza (or "" when Betza has no letter either). The empty set gives "".
std::string english(const std::vector<ir::MoveAtom>& atoms);

/// Betza notation for a set of atoms; parse_movement(betza(a)) == normalized a. Returns "" when
/// some atom has no Betza letter (a step longer than three squares) or the set is empty.
std::string betza(const std::vector<ir::MoveAtom>& atoms);

/// English for atoms and multi-leg moves: english(atoms) when there are none; moves that are a
/// Lion power are written "Lion power ..." ("Lion power of three steps in a line"); others are
/// written in Betza (or "" when Betza has no letter for them, as for any three-leg move).
std::string english(const std::vector<ir::MoveAtom>& atoms, const std::vector<ir::LegMove>& legs);

/// english(atoms, legs) followed by the burning clause of `burning`, if any (", and burns every
/// enemy piece next to the square where it stops and every enemy piece that stops next to it");
/// parse_movement reads it back to the same atoms, legs and burning.
std::string english(const std::vector<ir::MoveAtom>& atoms, const std::vector<ir::LegMove>& legs,
                    const ir::Burning& burning);

/// Betza for atoms and two-leg moves (Betza 2.0's `a`: "KNADcaKmabK", the Lion); "" when some
/// atom or two-leg move has no Betza spelling, or there is a three-leg move.
std::string betza(const std::vector<ir::MoveAtom>& atoms, const std::vector<ir::LegMove>& legs);

}  // namespace koma::compiler
