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

}  // namespace koma::e2e
