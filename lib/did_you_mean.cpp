// "Did you mean" suggestions by case-insensitive Levenshtein distance.
#include "did_you_mean.h"

#include <algorithm>

#include "input_limits.h"
#include "names.h"

namespace koma::lib {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  return compiler::edit_distance(compiler::lower(a), compiler::lower(b));
}

std::optional<std::string> closest(std::string_view word,
                                   const std::vector<std::string>& candidates) {
  // A word far longer than any name is no typo of one (and would cost a long edit distance).
  if (word.size() > compiler::kMaxSuggestBytes) return std::nullopt;
  const std::size_t limit = std::max<std::size_t>(1, word.size() / 3);
  std::optional<std::string> best;
  std::size_t best_distance = limit + 1;
  for (const auto& candidate : candidates) {
    // A word that begins the candidate ("kyoto" for "kyoto-shogi") counts as one edit away.
    const bool is_prefix = !word.empty() && word.size() < candidate.size() &&
                           edit_distance(word, candidate.substr(0, word.size())) == 0;
    const std::size_t d = is_prefix ? 1 : edit_distance(word, candidate);
    if (d < best_distance) {
      best_distance = d;
      best = candidate;
    }
  }
  return best;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
  const auto best = closest(word, candidates);
  return best ? "; did you mean '" + *best + "'?" : std::string();
}

std::string did_you_mean(std::string_view word, const std::vector<Alias>& aliases) {
  std::vector<std::string> names;
  for (const auto& a : aliases) names.push_back(a.alias);
  const auto best = closest(word, names);
  if (!best) return "";
  for (const auto& a : aliases) {
    if (a.alias == *best) return "; did you mean '" + a.target + "'?";
  }
  return "";
}

}  // namespace koma::lib
