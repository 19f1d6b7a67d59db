// Suggestions for misspelt names.
#include <catch2/catch.hpp>

#include "did_you_mean.h"

using namespace koma::lib;

TEST_CASE("edit distance counts insertions, deletions and substitutions, ignoring case") {
  CHECK(edit_distance("kitten", "sitting") == 3);
  CHECK(edit_distance("Silver", "silver") == 0);
  CHECK(edit_distance("", "abc") == 3);
  CHECK(edit_distance("shgoi", "shogi") == 1);
}

TEST_CASE("a close misspelling gets a suggestion and a distant word none") {
  const std::vector<std::string> slugs{"heian-shogi", "kyoto-shogi", "shogi"};
  CHECK(did_you_mean("kyotoshogi", slugs) == "; did you mean 'kyoto-shogi'?");
  CHECK(did_you_mean("shgoi", slugs) == "; did you mean 'shogi'?");
  CHECK(did_you_mean("chess", slugs).empty());
}
