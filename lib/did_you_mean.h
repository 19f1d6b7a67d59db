// "Did you mean" suggestions: the closest candidate to a misspelt name.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace koma::lib {

/// Edit distance (insertions, deletions, substitutions, adjacent swaps), ignoring ASCII case.
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The candidate closest to `word`, if one is close enough to be a plausible misspelling
/// (at most a third of the word's length, and at least 1, edits away) or begins with it.
std::optional<std::string> closest(std::string_view word, const std::vector<std::string>& candidates);

/// "; did you mean 'X'?" for the closest candidate, or "" when none is close.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

/// A name something can be called by, and the name to suggest for it.
struct Alias {
  std::string alias;   ///< "Silver" (a word of the full name, a symbol, ...)
  std::string target;  ///< "Silver General"
};

/// "; did you mean 'TARGET'?" for the alias closest to `word`, or "" when none is close.
std::string did_you_mean(std::string_view word, const std::vector<Alias>& aliases);

}  // namespace koma::lib
