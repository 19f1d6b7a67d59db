// Phrase internals shared by the English and Betza readers and writers.
#pragma once

#include <string>
#include <string_view>

#include "phrase.h"

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

}  // namespace koma::compiler::phrase
