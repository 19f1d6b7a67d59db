// Reading tests/data/perft.txt: one perft count per row with its source.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "game.h"

namespace koma::test {

/// One row: `variant | depth | nodes | fast/slow | sfen | source`.
struct PerftRow {
  int line = 0;
  std::string variant, sfen, source;
  int depth = 0;
  std::uint64_t nodes = 0;
  bool slow = false;
  std::string describe() const;
};

std::vector<PerftRow> read_perft_rows(const std::string& path);
/// The hand-built variant a row names ("shogi", "kyoto", "heian", "toy12").
std::shared_ptr<const Variant> variant_named(const std::string& name);

}  // namespace koma::test
