// What every fuzz target checks on each position it reaches, beyond "no crash": the legal-move
// count agrees three ways, every move's text reads back to that move, SFEN and make/unmake
// round trips restore the position and its hash. A broken invariant aborts with a message,
// which libFuzzer records as a finding.
#pragma once

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "compiler.h"
#include "game.h"

namespace koma::fuzz {

[[noreturn]] inline void fail(const std::string& what, const Position& pos) {
  std::fprintf(stderr, "invariant broken: %s\n  position: %s\n", what.c_str(), pos.sfen().c_str());
  std::abort();
}

/// Checks `pos` and, when `with_children`, every position one legal move away.
inline void check_position(Position& pos, bool with_children = true) {
  if (!pos.is_ok()) fail("is_ok", pos);
  const std::string sfen = pos.sfen();
  const std::uint64_t hash = pos.hash();

  Position copy = pos.clone();
  if (!copy.set_sfen(sfen)) fail("its own SFEN is rejected", pos);
  if (copy.sfen() != sfen) fail("SFEN round trip changed the text to " + copy.sfen(), pos);
  if (copy.hash() != hash) fail("SFEN round trip changed the hash", pos);

  const std::vector<Move> moves = pos.legal_moves();
  const std::size_t counted = pos.count_legal();
  if (moves.size() != counted) fail("legal_moves() and count_legal() disagree", pos);
  // Perft stops where the bare-king rule or a rule judged on the last move (a royal captured or
  // arrived, checks given) has ended the game.
  const bool ended = pos.bare_status() || pos.move_status(pos.checks_given());
  const std::uint64_t expected = ended ? 0 : counted;
  if (perft(pos, 1) != expected) fail("perft 1 differs from the legal-move count", pos);

  for (const Move m : moves) {
    const std::string text = pos.move_text(m);
    const auto parsed = pos.parse_move(text);
    if (!parsed || !(*parsed == m)) fail("move text '" + text + "' does not read back", pos);
    for (int d = 0; d < static_cast<int>(pos.variant().rules().dialects.size()); ++d) {
      const std::string spelled = pos.move_text(m, d);
      const auto back = pos.parse_move(spelled, d);
      if (!back || !(*back == m)) fail("dialect move text '" + spelled + "' does not read back", pos);
    }
    if (!with_children) continue;
    pos.make(m);
    if (!pos.is_ok()) fail("is_ok after " + text, pos);
    Position child = pos.clone();
    if (!child.set_sfen(pos.sfen()) || child.hash() != pos.hash()) {
      fail("child SFEN round trip after " + text, pos);
    }
    pos.unmake();
    if (pos.sfen() != sfen || pos.hash() != hash) fail("make/unmake of " + text + " changed the position", pos);
  }
}

/// The bundled variants (every SLUG.md of the source tree's variants/), compiled and loaded once.
inline const std::vector<std::shared_ptr<const Variant>>& bundled_variants() {
  static const std::vector<std::shared_ptr<const Variant>> variants = [] {
    std::vector<std::string> paths;
    for (const auto& entry : std::filesystem::directory_iterator(KOMA_SOURCE_DIR "/variants")) {
      const std::string stem = entry.path().stem().string();
      if (entry.path().extension() == ".md" && !stem.empty() && stem[0] >= 'a' && stem[0] <= 'z') {
        paths.push_back(entry.path().string());
      }
    }
    std::sort(paths.begin(), paths.end());
    std::vector<std::shared_ptr<const Variant>> out;
    compiler::Options options;
    options.variants_dir = KOMA_SOURCE_DIR "/variants";
    for (const auto& path : paths) {
      compiler::DiagnosticList diagnostics;
      auto rules = compiler::compile_file(path, diagnostics, options);
      if (!rules) continue;
      auto loaded = Variant::load(std::move(*rules));
      if (loaded) out.push_back(loaded.value());
    }
    if (out.empty()) {
      std::fprintf(stderr, "no bundled variant compiles\n");
      std::abort();
    }
    return out;
  }();
  return variants;
}

/// The bundled variant with this slug (its rules' meta.slug); aborts when there is none.
inline const std::shared_ptr<const Variant>& bundled_variant(const std::string& slug) {
  for (const auto& variant : bundled_variants()) {
    if (variant->rules().meta.slug == slug) return variant;
  }
  std::fprintf(stderr, "no bundled variant '%s'\n", slug.c_str());
  std::abort();
}

}  // namespace koma::fuzz
