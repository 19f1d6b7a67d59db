// "Did you mean" suggestions by case-insensitive Levenshtein distance.
#include "did_you_mean.h"

#include <algorithm>
#include <cctype>

namespace koma::cli {

namespace {
char fold(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }
}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Optimal string alignment: Levenshtein plus swaps of two adjacent characters.
  const std::size_t width = b.size() + 1;
  std::vector<std::size_t> d((a.size() + 1) * width);
  const auto at = [&](std::size_t i, std::size_t j) -> std::size_t& { return d[i * width + j]; };
  for (std::size_t i = 0; i <= a.size(); ++i) at(i, 0) = i;
  for (std::size_t j = 0; j <= b.size(); ++j) at(0, j) = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = fold(a[i - 1]) == fold(b[j - 1]) ? 0 : 1;
      at(i, j) = std::min({at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost});
      if (i > 1 && j > 1 && fold(a[i - 1]) == fold(b[j - 2]) && fold(a[i - 2]) == fold(b[j - 1])) {
        at(i, j) = std::min(at(i, j), at(i - 2, j - 2) + 1);
      }
    }
  }
  return at(a.size(), b.size());
}

std::optional<std::string> closest(std::string_view word,
                                   const std::vector<std::string>& candidates) {
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

}  // namespace koma::cli
