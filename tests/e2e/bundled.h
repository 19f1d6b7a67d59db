// Helpers of the end-to-end tests that read one bundled variant closely: the variant compiled
// from variants/ once, positions of it from SFEN, and legal moves as USI texts.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "compiler.h"
#include "game.h"

namespace koma::e2e {

/// The bundled variant `slug`, compiled from variants/SLUG.md without a diagnostic and loaded,
/// once per test binary.
inline std::shared_ptr<const Variant> bundled(const std::string& slug) {
  static std::map<std::string, std::shared_ptr<const Variant>> loaded_once;
  std::shared_ptr<const Variant>& variant = loaded_once[slug];
  if (!variant) {
    compiler::DiagnosticList diagnostics;
    compiler::Options options;
    options.variants_dir = KOMA_VARIANTS_DIR;
    auto rules = compiler::compile_file(std::string(KOMA_VARIANTS_DIR) + "/" + slug + ".md", diagnostics, options);
    REQUIRE(diagnostics.items.empty());
    REQUIRE(rules.has_value());
    auto loaded = Variant::load(std::move(*rules));
    REQUIRE(loaded.ok());
    variant = loaded.value();
  }
  return variant;
}

/// A position of `variant` set from `sfen`, which must be valid.
inline Position at(const std::shared_ptr<const Variant>& variant, const std::string& sfen) {
  Position pos(variant);
  const auto set = pos.set_sfen(sfen);
  INFO(sfen << ": " << (set.ok() ? std::string() : set.error().message));
  REQUIRE(set.ok());
  return pos;
}

/// The legal moves of `pos` as texts.
inline std::vector<std::string> texts(const Position& pos) {
  std::vector<std::string> out;
  for (Move m : pos.legal_moves()) out.push_back(pos.move_text(m));
  return out;
}

/// Whether `list` holds `text`.
inline bool has(const std::vector<std::string>& list, const std::string& text) {
  return std::find(list.begin(), list.end(), text) != list.end();
}

/// The row of a USI rank on a square board: a..z, then aa..jj.
inline int usi_row(const std::string& square) {
  std::size_t i = 0;
  while (i < square.size() && square[i] >= '0' && square[i] <= '9') ++i;
  const std::string rank = square.substr(i);
  return rank.size() == 1 ? rank[0] - 'a' : 26 + (rank[0] - 'a');
}

/// An SFEN of `pieces` (USI square to letter, lowercase for gote) on an otherwise empty board
/// of `size` files and ranks, `side` to move.
inline std::string board_sfen(int size, const std::map<std::string, std::string>& pieces, char side = 'b') {
  std::vector<std::vector<std::string>> cells(static_cast<std::size_t>(size), std::vector<std::string>(static_cast<std::size_t>(size)));
  for (const auto& [square, letter] : pieces) {
    cells[static_cast<std::size_t>(usi_row(square))][static_cast<std::size_t>(size - std::stoi(square))] = letter;
  }
  std::string out;
  for (std::size_t rank = 0; rank < cells.size(); ++rank) {
    int run = 0;
    for (const std::string& cell : cells[rank]) {
      if (cell.empty()) {
        ++run;
        continue;
      }
      if (run > 0) out += std::to_string(run);
      run = 0;
      out += cell;
    }
    if (run > 0) out += std::to_string(run);
    out += rank + 1 < cells.size() ? "/" : "";
  }
  return out + " " + side + " - 1";
}

/// The legal moves of `pos` that start on `square` (USI texts).
inline std::vector<std::string> moves_from(const Position& pos, const std::string& square) {
  std::vector<std::string> out;
  for (const std::string& m : texts(pos)) {
    // "1a" is not the start of "1aa...": a rank's letters end where a file's digits begin.
    if (m.rfind(square, 0) == 0 && (m.size() == square.size() || m[square.size()] < 'a' || m[square.size()] > 'z')) {
      out.push_back(m);
    }
  }
  return out;
}

}  // namespace koma::e2e
