// Movement phrases: picks the reader (English or Betza) and writes atoms back as text.
#include "phrase.h"

#include <optional>
#include <utility>

#include "input_limits.h"
#include "phrase_codes.h"
#include "phrase_internal.h"

namespace koma::compiler {

namespace {

/// The words of a move to any square the opponent does not protect (ir::AtomKind::anywhere),
/// written as a whole phrase or as its last clause after "; " or "; or ".
constexpr std::string_view kAnywhere = "moves to any square not protected by the opponent";
/// The same move open to every empty square, the protection barring its captures only
/// (ir::AnywhereGuard::captures).
constexpr std::string_view kOpenAnywhere =
    "moves to any empty square, or captures any piece not protected by the opponent";

/// The words of an anywhere atom guarded by `guard`.
std::string_view anywhere_words(ir::AnywhereGuard guard) {
  return guard == ir::AnywhereGuard::captures ? kOpenAnywhere : kAnywhere;
}

std::string folded(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return out;
}

/// Where an anywhere clause starts in a phrase, and which guard its words say.
struct AnywhereClause {
  std::size_t cut = std::string::npos;  ///< the length of the text before it and its joint
  ir::AnywhereGuard guard = ir::AnywhereGuard::every_square;
};

/// The text before `words` at the end of `low` (its joint taken off), or npos when `low` does
/// not end so.
std::size_t clause_start(const std::string& low, std::string_view words) {
  if (low.size() < words.size() || low.compare(low.size() - words.size(), words.size(), words) != 0) {
    return std::string::npos;
  }
  std::string_view head = std::string_view(low).substr(0, low.size() - words.size());
  const std::size_t spaces = head.find_first_not_of(" \t\r\n");
  if (spaces == std::string_view::npos) return 0;
  for (std::string_view joint : {std::string_view("; or "), std::string_view("; ")}) {
    if (head.size() > joint.size() && head.substr(head.size() - joint.size()) == joint) {
      return head.size() - joint.size();
    }
  }
  return std::string::npos;
}

/// The anywhere clause of `text`, cut npos when it has none; a final full stop is allowed.
AnywhereClause anywhere_start(std::string_view text) {
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\n' || text.back() == '\r')) {
    text.remove_suffix(1);
  }
  if (!text.empty() && text.back() == '.') text.remove_suffix(1);
  const std::string low = folded(text);
  for (ir::AnywhereGuard guard : {ir::AnywhereGuard::every_square, ir::AnywhereGuard::captures}) {
    if (const std::size_t cut = clause_start(low, anywhere_words(guard)); cut != std::string::npos) return {cut, guard};
  }
  return {};
}

/// A last clause that speaks of protection or any empty square but is neither anywhere
/// phrase: an error at the clause's first word, or none.
std::optional<PhraseError> anywhere_near_miss(std::string_view text) {
  const std::string low = folded(text);
  const std::size_t semicolon = low.rfind(';');
  std::size_t start = semicolon == std::string::npos ? 0 : semicolon + 1;
  const std::string_view clause = std::string_view(low).substr(start);
  if (clause.find("protected") == std::string_view::npos && clause.find("any empty square") == std::string_view::npos) {
    return std::nullopt;
  }
  start = low.find_first_not_of(" \t\r\n", start);
  if (start != std::string::npos && low.compare(start, 3, "or ") == 0) start = low.find_first_not_of(" \t\r\n", start + 3);
  if (start == std::string::npos) start = text.size();
  return PhraseError{static_cast<std::uint32_t>(start), std::string(phrase::kPhraseSyntax),
                     "a move to unprotected squares reads '" + std::string(kAnywhere) + "' or '" +
                         std::string(kOpenAnywhere) + "'"};
}

}  // namespace

PhraseResult parse_movement(std::string_view text, const PieceMovesLookup& lookup) {
  if (const AnywhereClause clause = anywhere_start(text); clause.cut != std::string::npos) {
    PhraseResult result;
    if (text.substr(0, clause.cut).find_first_not_of(" \t\r\n") != std::string_view::npos) {
      result = parse_movement(text.substr(0, clause.cut), lookup);
      if (!result.errors.empty()) return result;
    }
    ir::MoveAtom atom;
    atom.kind = ir::AtomKind::anywhere;
    atom.guard = clause.guard;
    result.atoms.push_back(atom);
    return result;
  }
  if (std::optional<PhraseError> miss = anywhere_near_miss(text)) {
    PhraseResult result;
    result.errors.push_back(std::move(*miss));
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
  std::optional<ir::AnywhereGuard> anywhere;
  for (const ir::MoveAtom& a : input) {
    if (a.kind == ir::AtomKind::anywhere) {
      if (!anywhere || a.guard == ir::AnywhereGuard::captures) anywhere = a.guard;
    } else {
      atoms.push_back(a);
    }
  }
  if (anywhere) {
    const std::string words(anywhere_words(*anywhere));
    return atoms.empty() ? words : english(atoms) + "; " + words;
  }
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
