// Draws movement atoms on an empty board as text.
#include "movement_diagram.h"

#include <algorithm>
#include <cstdlib>

#include <fmt/core.h>

namespace koma::lib {

namespace {

/// What reaches one square.
struct Reach {
  bool leap = false;
  bool slide = false;
  bool move = false;     ///< some atom may move there
  bool capture = false;  ///< some atom may capture there
  bool again = false;    ///< a multi-leg move may take here and go on
};

char mark(const Reach& reach) {
  if (reach.again) return kMarkAgain;
  if (!reach.move && !reach.capture) return kMarkEmpty;
  if (reach.move && reach.capture) return reach.leap ? kMarkLeap : kMarkSlide;
  return reach.move ? kMarkMoveOnly : kMarkCaptureOnly;
}

}  // namespace

int diagram_size(const std::vector<ir::MoveAtom>& atoms) {
  int radius = 3;
  for (const auto& atom : atoms) {
    radius = std::max({radius, std::abs(atom.delta.right) + 1, std::abs(atom.delta.forward) + 1});
  }
  return 2 * std::min(radius, 8) + 1;
}

std::string movement_diagram(const std::vector<ir::MoveAtom>& atoms, const std::string& symbol,
                             int size) {
  return movement_diagram(atoms, {}, symbol, size);
}

std::string movement_diagram(const std::vector<ir::MoveAtom>& atoms, const std::vector<ir::LegMove>& legs,
                             const std::string& symbol, int size) {
  const int centre = size / 2;
  std::vector<Reach> squares(static_cast<std::size_t>(size * size));
  const auto at = [&](int row, int column) -> Reach* {
    if (row < 0 || row >= size || column < 0 || column >= size) return nullptr;
    return &squares[static_cast<std::size_t>(row * size + column)];
  };
  for (const auto& atom : atoms) {
    if (atom.kind == ir::AtomKind::area) {
      // An area move reaches every square within its king steps (on an empty board).
      for (int row = centre - atom.max_range; row <= centre + atom.max_range; ++row) {
        for (int column = centre - atom.max_range; column <= centre + atom.max_range; ++column) {
          Reach* reach = row == centre && column == centre ? nullptr : at(row, column);
          if (reach == nullptr) continue;
          reach->slide = true;
          if (atom.mode != ir::AtomMode::capture_only) reach->move = true;
          if (atom.mode != ir::AtomMode::move_only) reach->capture = true;
        }
      }
      continue;
    }
    if (atom.kind == ir::AtomKind::hook) {
      // A hook move reaches its line and, from each square of it, both lines at right angles.
      const int dr = atom.delta.right, df = atom.delta.forward;
      const auto mark = [&](int right, int forward) {
        Reach* reach = at(centre - forward, centre + right);
        if (reach == nullptr) return false;
        reach->slide = true;
        if (atom.mode != ir::AtomMode::capture_only) reach->move = true;
        if (atom.mode != ir::AtomMode::move_only) reach->capture = true;
        return true;
      };
      for (int k = 1; mark(k * dr, k * df); ++k) {
        for (int j = 1; mark(k * dr - j * df, k * df + j * dr); ++j) {}
        for (int j = 1; mark(k * dr + j * df, k * df - j * dr); ++j) {}
      }
      continue;
    }
    if (atom.delta.right == 0 && atom.delta.forward == 0) continue;
    const int repeats = atom.kind == ir::AtomKind::leap ? 1
                        : atom.max_range == 0          ? size
                                                       : atom.max_range;
    // A hop lands beyond a screen, two steps out at the nearest; a slide that jumps its first
    // squares stops from its nearest square on.
    for (int step = atom.kind == ir::AtomKind::hop ? 2 : std::max(1, int{atom.min_range}); step <= repeats; ++step) {
      Reach* reach = at(centre - step * atom.delta.forward, centre + step * atom.delta.right);
      if (reach == nullptr) break;
      (atom.kind == ir::AtomKind::leap ? reach->leap : reach->slide) = true;
      if (atom.mode != ir::AtomMode::capture_only) reach->move = true;
      if (atom.mode != ir::AtomMode::move_only) reach->capture = true;
    }
  }
  // The middle squares where a multi-leg move may take and go on: a first leg's end, and a
  // three-leg move's second leg's end (off the origin).
  for (const ir::LegMove& m : legs) {
    const ir::Offset a = m.legs[0].delta;
    if (m.legs[0].mode != ir::AtomMode::move_only) {
      if (Reach* reach = at(centre - a.forward, centre + a.right)) reach->again = true;
    }
    const int right = a.right + m.legs[1].delta.right, forward = a.forward + m.legs[1].delta.forward;
    if (m.third && m.legs[1].mode != ir::AtomMode::move_only && (right != 0 || forward != 0)) {
      if (Reach* reach = at(centre - forward, centre + right)) reach->again = true;
    }
  }
  std::string out;
  for (int row = 0; row < size; ++row) {
    std::string line;
    for (int column = 0; column < size; ++column) {
      if (row == centre && column == centre) {
        // A promoted marked token ("+F'") takes one column more than a square: written whole.
        line += fmt::format("{:>2}", symbol);
      } else {
        line += ' ';
        line += mark(*at(row, column));
      }
    }
    out += line + "\n";
  }
  return out;
}

std::string movement_legend(bool legs) {
  std::string out = fmt::format("{} step or leap, {} slide, {} move only, {} capture only", kMarkLeap,
                                kMarkSlide, kMarkMoveOnly, kMarkCaptureOnly);
  if (legs) {
    out += fmt::format(", {} step, or take and go on from here (a square further, or back), or step out and back",
                       kMarkAgain);
  }
  return out;
}

}  // namespace koma::lib
