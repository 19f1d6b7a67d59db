// Atoms to canonical English: groups atoms by distance and mode and names their directions
// with the fewest words parse_movement reads back to the same atoms.
#include <cstdlib>
#include <map>
#include <tuple>

#include "phrase_geometry.h"
#include "phrase_internal.h"
#include "phrase_lexer.h"

namespace koma::compiler::phrase {
namespace {

/// Appends `part` to `out`, after `separator` when both are non-empty.
void join(std::string& out, const std::string& part, const char* separator) {
  if (part.empty()) return;
  if (!out.empty()) out += separator;
  out += part;
}

}  // namespace

/// Words for a set of directions: "orthogonally or diagonally forward", "in any direction".
std::string direction_words(DirMask mask) {
  if (mask == kAllDirections) return "in any direction";
  const DirMask ortho = mask & kOrthogonal;
  DirMask diag = mask & kDiagonal;
  std::string ortho_words;
  if (ortho == kOrthogonal) {
    ortho_words = "orthogonally";
  } else {
    const bool with_diagonals = diag != 0;
    if (ortho & kForward) join(ortho_words, with_diagonals ? "straight forward" : "forward", " or ");
    if (ortho & kBackward) join(ortho_words, with_diagonals ? "straight backward" : "backward", " or ");
    if ((ortho & (kLeft | kRight)) == (kLeft | kRight)) join(ortho_words, "sideways", " or ");
    else if (ortho & kLeft) join(ortho_words, "left", " or ");
    else if (ortho & kRight) join(ortho_words, "right", " or ");
  }
  std::string diag_words;
  if (diag == kDiagonal) {
    diag_words = "diagonally";
  } else {
    const std::pair<DirMask, const char*> pairs[] = {
        {kForwardLeft | kForwardRight, "diagonally forward"},
        {kBackwardLeft | kBackwardRight, "diagonally backward"},
        {kForwardLeft | kBackwardLeft, "diagonally left"},
        {kForwardRight | kBackwardRight, "diagonally right"},
        {kForwardLeft, "diagonally forward left"},
        {kForwardRight, "diagonally forward right"},
        {kBackwardLeft, "diagonally backward left"},
        {kBackwardRight, "diagonally backward right"},
    };
    for (const auto& [bits, words] : pairs) {
      if ((diag & bits) == bits) {
        join(diag_words, words, " or ");
        diag = static_cast<DirMask>(diag & ~bits);
      }
    }
  }
  if (ortho == kOrthogonal || diag_words.empty()) {
    std::string out = ortho_words;
    join(out, diag_words, " or ");
    return out;
  }
  std::string out = diag_words;
  join(out, ortho_words, " or ");
  return out;
}

namespace {

std::string mode_words(ir::AtomMode mode) {
  switch (mode) {
    case ir::AtomMode::move_only: return " without capturing";
    case ir::AtomMode::capture_only: return " capturing only";
    default: return "";
  }
}

std::string quantity_words(const ir::MoveAtom& atom) {
  if (atom.kind == ir::AtomKind::leap) return "one step";
  if (atom.min_range > 1 && atom.max_range == 0) return number_word(atom.min_range) + " or more squares";
  if (atom.min_range > 1) return number_word(atom.min_range) + " to " + number_word(atom.max_range) + " squares";
  if (atom.max_range == 0) return "any distance";
  return "up to " + number_word(atom.max_range) + " squares";
}

}  // namespace

bool english_words(const std::vector<ir::MoveAtom>& atoms, std::string& out) {
  // Steps and slides along the eight directions, grouped by distance and mode, in atom order.
  std::vector<std::pair<ir::MoveAtom, DirMask>> rays;
  // Longer leaps: along a line (distance, mode) -> directions; oblique (|f|, |r|, mode) -> steps.
  std::map<std::tuple<int, int>, DirMask> line_leaps;
  std::map<std::tuple<int, int, int>, std::vector<ir::Offset>> oblique_leaps;
  // Range jumps by mode, and the area move (reach_words, below).
  std::map<int, DirMask> jumps;
  std::map<int, DirMask> hooks;  // hook moves by mode
  std::map<int, DirMask> sweeps;  // range captures by mode
  std::map<std::pair<int, int>, DirMask> passes;  // slides that pass pieces by (pieces, mode)
  std::string reach;
  for (const ir::MoveAtom& atom : atoms) {
    if (atom.kind == ir::AtomKind::hop) return false;  // hops are written in Betza
    if (atom.kind == ir::AtomKind::jump) {
      if (atom.max_range != 0 || unit_direction(atom.delta) == 0) return false;  // no wording
      DirMask& mask = jumps[static_cast<int>(atom.mode)];
      mask = static_cast<DirMask>(mask | unit_direction(atom.delta));
      continue;
    }
    if (atom.kind == ir::AtomKind::range_capture) {
      if (atom.max_range != 0 || unit_direction(atom.delta) == 0) return false;  // no wording
      DirMask& mask = sweeps[static_cast<int>(atom.mode)];
      mask = static_cast<DirMask>(mask | unit_direction(atom.delta));
      continue;
    }
    if (atom.kind == ir::AtomKind::pass_slide) {
      if (atom.max_range != 0 || atom.passes == 0 || unit_direction(atom.delta) == 0) return false;  // no wording
      DirMask& mask = passes[{-int{atom.passes}, static_cast<int>(atom.mode)}];
      mask = static_cast<DirMask>(mask | unit_direction(atom.delta));
      continue;
    }
    if (atom.kind == ir::AtomKind::hook) {
      if (atom.max_range != 0 || unit_direction(atom.delta) == 0) return false;  // no wording
      DirMask& mask = hooks[static_cast<int>(atom.mode)];
      mask = static_cast<DirMask>(mask | unit_direction(atom.delta));
      continue;
    }
    if (atom.kind == ir::AtomKind::area) {
      join(reach, "up to " + number_word(atom.max_range) + " king steps, each to an empty square" + mode_words(atom.mode),
           ", or ");
      continue;
    }
    const DirMask unit = unit_direction(atom.delta);
    if (unit != 0) {
      if (!rays.empty() && rays.back().first.kind == atom.kind &&
          rays.back().first.max_range == atom.max_range && rays.back().first.mode == atom.mode &&
          rays.back().first.min_range == atom.min_range) {
        rays.back().second = static_cast<DirMask>(rays.back().second | unit);
      } else {
        rays.emplace_back(atom, unit);
      }
      continue;
    }
    if (atom.kind == ir::AtomKind::slide) return false;  // riders of longer steps
    const int r = std::abs(atom.delta.right);
    const int f = std::abs(atom.delta.forward);
    const int mode = static_cast<int>(atom.mode);
    if (r == 0 || f == 0 || r == f) {
      const ir::Offset sign{static_cast<std::int8_t>((atom.delta.right > 0) - (atom.delta.right < 0)),
                            static_cast<std::int8_t>((atom.delta.forward > 0) - (atom.delta.forward < 0))};
      DirMask& mask = line_leaps[{mode, std::max(r, f)}];
      mask = static_cast<DirMask>(mask | unit_direction(sign));
    } else {
      oblique_leaps[{mode, f, r}].push_back(atom.delta);
    }
  }
  std::string text;
  for (const auto& [atom, mask] : rays) {
    join(text, quantity_words(atom) + " " + direction_words(mask) + mode_words(atom.mode), ", or ");
  }
  for (const auto& [key, mask] : line_leaps) {
    const auto [mode, distance] = key;
    join(text,
         "jumps " + number_word(static_cast<std::uint32_t>(distance)) + " squares " +
             direction_words(mask) + mode_words(static_cast<ir::AtomMode>(mode)),
         ", or ");
  }
  for (const auto& entry : oblique_leaps) {
    // Plain variables, not structured bindings: C++20 lets lambdas capture those only from
    // clang 16 on.
    const auto& steps = entry.second;
    const auto mode = std::get<0>(entry.first);
    const auto f = std::get<1>(entry.first);
    const auto r = std::get<2>(entry.first);
    // Split by forward sign; each part is a product of vertical and horizontal signs, unless the
    // forward and backward parts have the same horizontal signs, when they are one phrase.
    auto sides = [&](int forward_sign) {
      int bits = 0;
      for (const ir::Offset& o : steps) {
        if ((o.forward > 0 ? 1 : -1) == forward_sign) bits |= o.right > 0 ? 2 : 1;
      }
      return bits;
    };
    const int ahead = sides(1);
    const int behind = sides(-1);
    auto side_words = [](int bits) {
      return bits == 3 ? std::string("sideways") : bits == 2 ? std::string("right") : std::string("left");
    };
    auto leg = [&](const std::string& vertical, int bits) {
      join(text,
           "jumps " + number_word(static_cast<std::uint32_t>(f)) + " " + vertical + " and " +
               number_word(static_cast<std::uint32_t>(r)) + " " + side_words(bits) +
               mode_words(static_cast<ir::AtomMode>(mode)),
           ", or ");
    };
    if (ahead != 0 && ahead == behind) {
      leg("forward or backward", ahead);
    } else {
      if (ahead != 0) leg("forward", ahead);
      if (behind != 0) leg("backward", behind);
    }
  }
  for (const auto& [mode, mask] : jumps) {
    join(text, "jumps over any number of pieces of lower rank " + direction_words(mask) +
                   mode_words(static_cast<ir::AtomMode>(mode)), ", or ");
  }
  for (const auto& [mode, mask] : sweeps) {
    join(text, "jumps over and removes any number of pieces of lower rank " + direction_words(mask) +
                   mode_words(static_cast<ir::AtomMode>(mode)), ", or ");
  }
  for (const auto& [key, mask] : passes) {
    join(text, "jumps over up to " + number_word(static_cast<std::uint32_t>(-key.first)) + " pieces " +
                   direction_words(mask) + mode_words(static_cast<ir::AtomMode>(key.second)), ", or ");
  }
  for (const auto& [mode, mask] : hooks) {
    join(text, "hook move " + direction_words(mask) + mode_words(static_cast<ir::AtomMode>(mode)), ", or ");
  }
  if (!reach.empty()) join(text, reach, ", or ");
  if (!text.empty()) text[0] = static_cast<char>(text[0] - 'a' + 'A');
  out = text;
  return true;
}

}  // namespace koma::compiler::phrase
