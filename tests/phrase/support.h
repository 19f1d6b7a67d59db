// Test helpers: atoms written by hand (never through the parser), the pieces of standard shogi
// as a lookup, and a printable form of atom sets for failure messages.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "phrase.h"

namespace koma::test {

using ir::AtomKind;
using ir::AtomMode;
using ir::AnywhereGuard;
using ir::MoveAtom;
using Atoms = std::vector<MoveAtom>;

inline MoveAtom step(int right, int forward, AtomMode mode = AtomMode::move_or_capture) {
  MoveAtom atom;
  atom.kind = AtomKind::leap;
  atom.delta = {static_cast<std::int8_t>(right), static_cast<std::int8_t>(forward)};
  atom.mode = mode;
  return atom;
}

inline MoveAtom slide(int right, int forward, int range = 0,
                      AtomMode mode = AtomMode::move_or_capture) {
  MoveAtom atom = step(right, forward, mode);
  atom.kind = AtomKind::slide;
  atom.max_range = static_cast<std::uint8_t>(range);
  return atom;
}

/// A hop along (right, forward): `range` over the whole path, `beyond` past the screen (0: any).
inline MoveAtom hop(int right, int forward, AtomMode mode = AtomMode::move_or_capture, int range = 0, int beyond = 0) {
  MoveAtom a = step(right, forward, mode);
  a.kind = AtomKind::hop;
  a.max_range = static_cast<std::uint8_t>(range);
  a.beyond = static_cast<std::uint8_t>(beyond);
  return a;
}

/// A range jump along (right, forward) over pieces of lower rank.
inline MoveAtom jump(int right, int forward, AtomMode mode = AtomMode::move_or_capture) {
  MoveAtom a = step(right, forward, mode);
  a.kind = AtomKind::jump;
  return a;
}

/// A hook move along (right, forward): a slide that may turn 90 degrees once.
inline MoveAtom hook(int right, int forward, AtomMode mode = AtomMode::move_or_capture) {
  MoveAtom a = step(right, forward, mode);
  a.kind = AtomKind::hook;
  return a;
}

/// A range capture along (right, forward): a range jump removing what it passes.
inline MoveAtom range_capture(int right, int forward, AtomMode mode = AtomMode::move_or_capture) {
  MoveAtom a = step(right, forward, mode);
  a.kind = AtomKind::range_capture;
  return a;
}

/// A slide along (right, forward) that may pass up to `passes` pieces.
inline MoveAtom pass_slide(int right, int forward, int passes, AtomMode mode = AtomMode::move_or_capture) {
  MoveAtom a = step(right, forward, mode);
  a.kind = AtomKind::pass_slide;
  a.passes = static_cast<std::uint8_t>(passes);
  return a;
}

/// An area move of up to `steps` king steps.
inline MoveAtom area(int steps, AtomMode mode = AtomMode::move_or_capture) {
  MoveAtom a = step(0, 0, mode);
  a.kind = AtomKind::area;
  a.max_range = static_cast<std::uint8_t>(steps);
  return a;
}

inline Atoms join(Atoms a, const Atoms& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

inline Atoms king() {
  return {step(0, 1), step(0, -1), step(-1, 0), step(1, 0),
          step(-1, 1), step(1, 1), step(-1, -1), step(1, -1)};
}
inline Atoms gold() {
  return {step(0, 1), step(0, -1), step(-1, 0), step(1, 0), step(-1, 1), step(1, 1)};
}
inline Atoms silver() { return {step(0, 1), step(-1, 1), step(1, 1), step(-1, -1), step(1, -1)}; }
inline Atoms knight() { return {step(-1, 2), step(1, 2)}; }
inline Atoms lance() { return {slide(0, 1)}; }
inline Atoms pawn() { return {step(0, 1)}; }
inline Atoms rook() { return {slide(0, 1), slide(0, -1), slide(-1, 0), slide(1, 0)}; }
inline Atoms bishop() { return {slide(-1, 1), slide(1, 1), slide(-1, -1), slide(1, -1)}; }
inline Atoms dragon() { return join(rook(), {step(-1, 1), step(1, 1), step(-1, -1), step(1, -1)}); }
inline Atoms horse() { return join(bishop(), {step(0, 1), step(0, -1), step(-1, 0), step(1, 0)}); }

/// Canonical, printable form of an atom set: "leap(0,1) slide(1,0)/2 ..." after normalize.
inline std::string show(Atoms atoms) {
  compiler::normalize(atoms);
  std::ostringstream out;
  for (const MoveAtom& a : atoms) {
    out << (a.kind == AtomKind::leap    ? "leap("
            : a.kind == AtomKind::slide ? "slide("
            : a.kind == AtomKind::hop   ? "hop("
            : a.kind == AtomKind::jump  ? "jump("
            : a.kind == AtomKind::hook  ? "hook("
            : a.kind == AtomKind::range_capture ? "range_capture("
            : a.kind == AtomKind::pass_slide    ? "pass_slide("
                                        : "area(")
        << int(a.delta.right)
        << ',' << int(a.delta.forward) << ')';
    if (a.max_range != 0) out << '/' << int(a.max_range);
    if (a.beyond != 0) out << '>' << int(a.beyond);
    if (a.passes != 0) out << '~' << int(a.passes);
    if (a.mode == AtomMode::move_only) out << 'm';
    if (a.mode == AtomMode::capture_only) out << 'c';
    out << ' ';
  }
  return out.str();
}

/// The pieces of standard shogi by name (lowercase keys), built by hand.
inline const std::map<std::string, Atoms>& shogi_pieces() {
  static const std::map<std::string, Atoms> kPieces = {
      {"king", king()},     {"gold general", gold()}, {"gold", gold()},
      {"silver general", silver()}, {"knight", knight()}, {"lance", lance()},
      {"pawn", pawn()},     {"rook", rook()},         {"bishop", bishop()},
      {"dragon king", dragon()},   {"dragon horse", horse()},   {"tokin", gold()},
  };
  return kPieces;
}

/// A lookup over shogi_pieces(), case-insensitive.
inline compiler::PieceMovesLookup shogi_lookup() {
  return [](std::string_view name) -> const Atoms* {
    std::string key(name);
    std::transform(key.begin(), key.end(), key.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    auto it = shogi_pieces().find(key);
    return it == shogi_pieces().end() ? nullptr : &it->second;
  };
}

/// Parses with the shogi lookup and returns the canonical printable atoms, or the errors.
inline std::string parsed(std::string_view text) {
  compiler::PhraseResult result = compiler::parse_movement(text, shogi_lookup());
  if (!result.errors.empty()) {
    std::ostringstream out;
    out << "error:";
    for (const auto& e : result.errors) out << ' ' << e.offset << ' ' << e.code << ' ' << e.message;
    return out.str();
  }
  return show(result.atoms);
}

/// The same atoms (step, kind, mode and range) and the same multi-leg moves, third legs
/// included, in the same order.
inline bool same_movement(const compiler::PhraseResult& a, const compiler::PhraseResult& b) {
  if (a.atoms.size() != b.atoms.size() || a.legs.size() != b.legs.size()) return false;
  for (std::size_t i = 0; i < a.atoms.size(); ++i) {
    if (!(a.atoms[i].delta == b.atoms[i].delta) || a.atoms[i].kind != b.atoms[i].kind ||
        a.atoms[i].mode != b.atoms[i].mode || a.atoms[i].max_range != b.atoms[i].max_range) {
      return false;
    }
  }
  const auto same_leg = [](const ir::Leg& x, const ir::Leg& y) { return x.delta == y.delta && x.mode == y.mode; };
  for (std::size_t i = 0; i < a.legs.size(); ++i) {
    const ir::LegMove& x = a.legs[i];
    const ir::LegMove& y = b.legs[i];
    if (!same_leg(x.legs[0], y.legs[0]) || !same_leg(x.legs[1], y.legs[1])) return false;
    if (x.third.has_value() != y.third.has_value() || (x.third && !same_leg(*x.third, *y.third))) return false;
  }
  return true;
}

/// A phrase parsed without a piece table, its errors logged to the next failure's message.
inline compiler::PhraseResult read_phrase(const std::string& text) {
  compiler::PhraseResult r = compiler::parse_movement(text, nullptr);
  for (const compiler::PhraseError& e : r.errors) UNSCOPED_INFO(text << ": " << e.message);
  return r;
}

}  // namespace koma::test
