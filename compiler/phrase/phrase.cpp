// Movement phrases: picks the reader (English or Betza) and writes atoms back as text.
#include "phrase.h"

#include "input_limits.h"
#include "phrase_codes.h"
#include "phrase_internal.h"

namespace koma::compiler {

PhraseResult parse_movement(std::string_view text, const PieceMovesLookup& lookup) {
  std::size_t first = 0;
  std::size_t last = text.size();
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (first < last && space(text[first])) ++first;
  while (last > first && space(text[last - 1])) --last;
  const std::string_view trimmed = text.substr(first, last - first);
  if (trimmed.empty()) {
    PhraseResult result;
    result.errors.push_back(PhraseError{0, std::string(phrase::kPhraseEmpty),
                                        "empty movement phrase"});
    return result;
  }
  if (trimmed.size() > kMaxPhraseBytes) {
    PhraseResult result;
    result.errors.push_back(PhraseError{static_cast<std::uint32_t>(first),
                                        std::string(phrase::kPhraseTooLong),
                                        "the movement phrase has " + std::to_string(trimmed.size()) +
                                            " bytes; at most " + std::to_string(kMaxPhraseBytes) +
                                            " are read"});
    return result;
  }
  if (phrase::looks_like_betza(trimmed)) {
    PhraseResult result = phrase::parse_betza(trimmed);
    for (PhraseError& error : result.errors) error.offset += static_cast<std::uint32_t>(first);
    if (!result.errors.empty()) {
      result.atoms.clear();
      result.legs.clear();
    }
    return result;
  }
  return phrase::parse_english(text, lookup);
}

std::string english(const std::vector<ir::MoveAtom>& input) {
  std::vector<ir::MoveAtom> atoms = input;
  normalize(atoms);
  std::string out;
  if (phrase::english_words(atoms, out)) return out;
  return betza(atoms);  // riders of longer steps have no English wording
}

}  // namespace koma::compiler
