// Words and names: case folding, trimming, and "did you mean" suggestions by edit distance.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace koma::compiler {

/// ASCII lower case (other bytes unchanged).
std::string lower(std::string_view text);

/// `text` without leading and trailing ASCII whitespace.
std::string_view trim(std::string_view text);

/// True when `a` and `b` are equal ignoring ASCII case.
bool same_name(std::string_view a, std::string_view b);

/// Edit distance counting insertions, deletions, substitutions and a swap of two
/// neighbouring characters ("titel") as one edit each. Case-sensitive.
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The candidate closest to `word` by case-insensitive edit distance, if one is within a third
/// of the word's length (clamped to 1..3 edits).
std::optional<std::string> closest(std::string_view word, const std::vector<std::string>& candidates);

/// "; did you mean 'X'?" for the closest candidate, or "" when none is close.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

/// `text` as messages write it (ir::visible_text): control characters as \xNN, cut to
/// kMaxQuotedBytes at a character boundary, with an ellipsis when longer.
std::string shorten(std::string_view text);
/// `text` in single quotes, for messages; shortened like shorten().
std::string quote(std::string_view text);

}  // namespace koma::compiler
