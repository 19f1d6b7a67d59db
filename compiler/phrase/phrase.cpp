// Movement phrases: picks the reader (English or Betza) and writes atoms back as text.
#include "phrase.h"

#include "input_limits.h"
#include "phrase_codes.h"
#include "phrase_internal.h"

namespace koma::compiler {

namespace {

/// The words of a move to any square the opponent does not protect (ir::AtomKind::anywhere),
/// written as a whole phrase or as its last clause after "; " or "; or ".
constexpr std::string_view kAnywhere = "moves to any square not protected by the opponent";

std::string folded(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return out;
}

/// The length of `text` before its anywhere clause (and the clause's joint), or npos when it
/// has none; a final full stop is allowed.
std::size_t anywhere_start(std::string_view text) {
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\n' || text.back() == '\r')) {
    text.remove_suffix(1);
  }
  if (!text.empty() && text.back() == '.') text.remove_suffix(1);
  const std::string low = folded(text);
  if (low.size() < kAnywhere.size() || low.compare(low.size() - kAnywhere.size(), kAnywhere.size(), kAnywhere) != 0) {
    return std::string::npos;
  }
  std::string_view head = std::string_view(low).substr(0, low.size() - kAnywhere.size());
  const std::size_t spaces = head.find_first_not_of(" \t\r\n");
  if (spaces == std::string_view::npos) return 0;
  for (std::string_view joint : {std::string_view("; or "), std::string_view("; ")}) {
    if (head.size() > joint.size() && head.substr(head.size() - joint.size()) == joint) {
      return head.size() - joint.size();
    }
  }
  return std::string::npos;
}

}  // namespace

PhraseResult parse_movement(std::string_view text, const PieceMovesLookup& lookup) {
  if (const std::size_t cut = anywhere_start(text); cut != std::string::npos) {
    PhraseResult result;
    if (text.substr(0, cut).find_first_not_of(" \t\r\n") != std::string_view::npos) {
      result = parse_movement(text.substr(0, cut), lookup);
      if (!result.errors.empty()) return result;
    }
    ir::MoveAtom atom;
    atom.kind = ir::AtomKind::anywhere;
    result.atoms.push_back(atom);
    return result;
  }
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
  std::vector<ir::MoveAtom> atoms;
  bool anywhere = false;
  for (const ir::MoveAtom& a : input) {
    if (a.kind == ir::AtomKind::anywhere) {
      anywhere = true;
    } else {
      atoms.push_back(a);
    }
  }
  if (anywhere) return atoms.empty() ? std::string(kAnywhere) : english(atoms) + "; " + std::string(kAnywhere);
  normalize(atoms);
  std::string out;
  if (phrase::english_words(atoms, out)) return out;
  return betza(atoms);  // riders of longer steps have no English wording
}

std::string english(const std::vector<ir::MoveAtom>& atoms, const std::vector<ir::LegMove>& legs,
                    const ir::Burning& burning) {
  std::string out = english(atoms, legs);
  if (!burning.any()) return out;
  std::string clause = "burns every enemy piece ";
  if (burning.on_stop) clause += "next to the square where it stops";
  if (burning.on_stop && burning.on_arrival) clause += " and every enemy piece ";
  if (burning.on_arrival) clause += "that stops next to it";
  if (out.empty()) {
    clause[0] = 'B';
    return clause;
  }
  return out + ", and " + clause;
}

}  // namespace koma::compiler
