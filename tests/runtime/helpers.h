// Small helpers shared by the runtime tests.
#pragma once

#include <string>

#include "game.h"
#include "perft_data.h"

namespace koma::test {

/// A position of a hand-built variant set from an SFEN that must parse.
inline Position position(const std::string& variant, const std::string& sfen) {
  Position pos(variant_named(variant));
  const auto r = pos.set_sfen(sfen);
  if (!r.ok()) throw std::runtime_error("test SFEN rejected: " + r.error().message);
  return pos;
}

/// Whether `text` parses to a legal move in the given spelling.
inline bool is_legal(const Position& pos, const std::string& text, int dialect = kNativeDialect) {
  return pos.parse_move(text, dialect).ok();
}

/// Plays a move that must be legal.
inline void play(Position& pos, const std::string& text) {
  const auto m = pos.parse_move(text);
  if (!m.ok()) throw std::runtime_error("test move rejected: " + m.error().message);
  pos.make(*m);
}

/// The number of legal moves of `pos` from the square written `from` ("5e").
inline int moves_from(const Position& pos, const std::string& from) {
  int n = 0;
  for (Move m : pos.legal_moves()) n += pos.move_text(m).rfind(from, 0) == 0;
  return n;
}

/// The error code of loading `r`, empty when it loads.
inline std::string load_code(ir::RuleSet r) {
  auto loaded = Variant::load(std::move(r));
  return loaded ? std::string() : loaded.error().code;
}

}  // namespace koma::test
