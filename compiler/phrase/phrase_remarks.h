// Phrase remarks: the checkable claims a movement phrase makes about itself ("(not diag.
// backward)", "— forward only", "(Gold General movement)", "only", "(jumps over)").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "phrase.h"
#include "phrase_geometry.h"

namespace koma::compiler::phrase {

/// A remark that must agree with the atoms the whole phrase describes.
struct Check {
  enum class Kind : std::uint8_t {
    excludes,    ///< "(not diag. backward)": no atom's direction class is in `mask`
    only_class,  ///< "— forward only": every atom's direction class is in `mask`
    equals,      ///< "(Gold General movement)", "only", ": explanation": exactly `atoms`
    jumps_over,  ///< "(jumps over)": some atom leaps over a square
  };
  Kind kind = Kind::excludes;
  DirMask mask = 0;
  std::vector<ir::MoveAtom> atoms;
  std::uint32_t offset = 0;  ///< where the remark starts: "(", the dash, ":" or "only"
  std::string text;          ///< the remark as written, for messages
};

/// The phrase-contradiction error `check` raises against the phrase's `atoms` (normalized),
/// or nothing when the remark holds.
std::optional<PhraseError> verify(const Check& check, const std::vector<ir::MoveAtom>& atoms);

}  // namespace koma::compiler::phrase
