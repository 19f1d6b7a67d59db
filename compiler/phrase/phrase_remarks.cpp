// Phrase remarks: checking what a remark claims against the atoms the phrase describes.
#include "phrase_remarks.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "phrase_codes.h"

namespace koma::compiler::phrase {
namespace {

/// "'one step diagonally backward left'": one atom in words, for messages.
std::string describe(const ir::MoveAtom& atom) {
  std::string words = english({atom});
  if (!words.empty()) words[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(words[0])));
  return "'" + words + "'";
}

PhraseError contradiction(const Check& check, std::string message) {
  return PhraseError{check.offset, std::string(kPhraseContradiction), std::move(message)};
}

}  // namespace

std::optional<PhraseError> verify(const Check& check, const std::vector<ir::MoveAtom>& atoms) {
  const std::string quoted = "'" + check.text + "'";
  switch (check.kind) {
    case Check::Kind::excludes:
    case Check::Kind::only_class: {
      const bool wanted_inside = check.kind == Check::Kind::only_class;
      for (const ir::MoveAtom& atom : atoms) {
        const bool inside = (direction_class(atom.delta) & check.mask) != 0;
        if (inside != wanted_inside) {
          return contradiction(check, quoted + " contradicts the movement, which includes " +
                                          describe(atom));
        }
      }
      return std::nullopt;
    }
    case Check::Kind::jumps_over: {
      const bool leaps_over = std::any_of(atoms.begin(), atoms.end(), [](const ir::MoveAtom& a) {
        return a.kind == ir::AtomKind::leap &&
               std::max(std::abs(a.delta.right), std::abs(a.delta.forward)) > 1;
      });
      if (leaps_over) return std::nullopt;
      return contradiction(check, quoted + " contradicts the movement, which has no leap over a square");
    }
    case Check::Kind::equals: {
      if (same_moves(check.atoms, atoms)) return std::nullopt;
      std::vector<ir::MoveAtom> stated = check.atoms;
      normalize(stated);
      return contradiction(check, quoted + " means '" + english(stated) +
                                      "', but the phrase says '" + english(atoms) + "'");
    }
  }
  return std::nullopt;
}

}  // namespace koma::compiler::phrase
