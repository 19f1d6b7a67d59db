// Phrase internals shared by the English and Betza readers and writers.
#pragma once

#include <string>
#include <string_view>

#include "phrase.h"
#include "phrase_geometry.h"

namespace koma::compiler::phrase {

/// True when `text` is to be read as Betza: one run of ASCII letters and digits, no spaces,
/// every lowercase letter a Betza modifier, every uppercase letter a Betza atom.
bool looks_like_betza(std::string_view text);

/// Reads Betza; error offsets are relative to `text`.
PhraseResult parse_betza(std::string_view text);

/// Reads English; error offsets are relative to `text`.
PhraseResult parse_english(std::string_view text, const PieceMovesLookup& lookup);

/// English for `atoms`, or nothing when some atom has no English wording (a rider whose step
/// is not a single square); `atoms` must be normalized.
bool english_words(const std::vector<ir::MoveAtom>& atoms, std::string& out);

/// Words for a set of directions: "orthogonally or diagonally forward", "in any direction".
std::string direction_words(DirMask mask);

/// Lion power along the directions of `mask` (phrase_legs.cpp): the leaps (one and two squares
/// along each direction; every square within two for all eight) and the two-leg moves (a capture
/// then a step on or back, and a step out and back; after a capture, a step in any direction for
/// all eight).
std::vector<ir::MoveAtom> lion_power_atoms(DirMask mask);
std::vector<ir::LegMove> lion_power_legs(DirMask mask);
/// The two-leg moves of "captures without moving D": a step that takes along each direction of
/// `mask`, then the step back to the origin.
std::vector<ir::LegMove> igui_legs(DirMask mask);

/// The two-leg moves of one Betza group, `letter` an atom letter W, F or K: the first leg's
/// direction modifiers and mode, the second leg's ("", "f", "b" or "v": all, on, back, both)
/// and mode. Returns an error message, or "" with `out` extended.
std::string betza_legs_of(char letter, std::string_view first_dirs, ir::AtomMode first_mode,
                          std::string_view second_dirs, ir::AtomMode second_mode,
                          std::vector<ir::LegMove>& out);

/// Sorts two-leg moves and drops duplicates.
void normalize_legs(std::vector<ir::LegMove>& legs);

}  // namespace koma::compiler::phrase
