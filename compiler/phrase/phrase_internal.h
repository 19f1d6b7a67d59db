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

/// A Lion power clause: "Lion power [of two steps] [D]", "Lion power of three steps [D]",
/// "Lion power of three steps in a line".
struct LionPower {
  DirMask mask = kAllDirections;  ///< the directions it goes along
  int steps = 2;                  ///< two or three
  bool in_line = false;           ///< along each direction of `mask` only, even all eight

  /// Whether it reaches the whole square around the piece (all eight directions, not in a line).
  bool area() const { return mask == kAllDirections && !in_line; }
};

/// A Lion power's leaps and multi-leg moves (phrase_legs.cpp). Along each direction u of a line
/// power: the leaps u, 2u (and 3u), a capture on u then a step on or back, a step out and back,
/// and for three steps the three-leg moves through u and 0 or 2u. The area power leaps to every
/// square within two (three) king steps; after a capture its next step goes in any direction,
/// and for three steps each of its first two steps may take.
std::vector<ir::MoveAtom> lion_power_atoms(const LionPower& power);
std::vector<ir::LegMove> lion_power_legs(const LionPower& power);
/// The two-leg moves of "captures without moving D": a step that takes along each direction of
/// `mask`, then the step back to the origin.
std::vector<ir::LegMove> igui_legs(DirMask mask);

/// The two-leg moves of one Betza group, `letter` an atom letter W, F or K: the first leg's
/// direction modifiers and mode, the second leg's ("", "f", "b" or "v": all, on, back, both)
/// and mode. Returns an error message, or "" with `out` extended.
std::string betza_legs_of(char letter, std::string_view first_dirs, ir::AtomMode first_mode,
                          std::string_view second_dirs, ir::AtomMode second_mode,
                          std::vector<ir::LegMove>& out);

/// Sorts multi-leg moves (two-leg moves first) and drops duplicates.
void normalize_legs(std::vector<ir::LegMove>& legs);

}  // namespace koma::compiler::phrase
