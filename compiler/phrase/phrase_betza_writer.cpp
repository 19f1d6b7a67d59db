// Betza writer: atoms to the shortest Betza string of the supported subset that reads back to
// the same atoms.
#include <algorithm>
#include <cstdlib>
#include <map>
#include <string>
#include <tuple>

#include "phrase.h"
#include "phrase_betza_shapes.h"

namespace koma::compiler {
namespace {

using namespace phrase;

/// The shortest modifier run (by greedy cover) selecting exactly `steps` of `shape`.
std::string modifiers_for(const std::vector<ir::Offset>& steps, const Shape& shape) {
  const std::vector<ir::Offset> all = offsets_of(shape);
  if (steps.size() == all.size()) return "";
  const ShapeType type = type_of(shape);
  auto contains = [&](const ir::Offset& o) {
    return std::find(steps.begin(), steps.end(), o) != steps.end();
  };
  // On oblique atoms a lone f, b, l, r is left out: original Betza reads `fN` as four leaps,
  // XBoard as two; the doubled `ffN` reads as two everywhere.
  std::vector<std::string> candidates = {"v", "s"};
  if (type == ShapeType::oblique) {
    for (const char* t : {"ff", "bb", "ll", "rr", "fs", "bs", "lv", "rv"}) candidates.emplace_back(t);
  } else {
    for (const char* t : {"f", "b", "l", "r"}) candidates.emplace_back(t);
  }
  std::vector<std::string> singles;
  if (type != ShapeType::orthogonal) {
    for (const char* t : {"fl", "fr", "bl", "br", "lf", "rf", "lb", "rb"}) singles.emplace_back(t);
  } else {
    singles = {"f", "b", "l", "r"};
  }
  candidates.insert(candidates.end(), singles.begin(), singles.end());

  auto exact = [&](const std::string& mods) {
    const std::vector<ir::Offset> got = selected(mods, shape);
    return got.size() == steps.size() && std::all_of(got.begin(), got.end(), contains);
  };
  // Greedy cover with tokens that select only wanted steps.
  std::vector<std::string> tokens;
  std::vector<ir::Offset> covered;
  while (covered.size() < steps.size()) {
    std::string best;
    std::size_t best_gain = 0;
    for (const std::string& token : candidates) {
      std::size_t gain = 0;
      bool inside = true;
      for (const ir::Offset& o : all) {
        if (!selects(token, type, o)) continue;
        if (!contains(o)) inside = false;
        else if (std::find(covered.begin(), covered.end(), o) == covered.end()) ++gain;
      }
      if (inside && gain > best_gain) {
        best = token;
        best_gain = gain;
      }
    }
    tokens.push_back(best);
    for (const ir::Offset& o : all) {
      if (selects(best, type, o) && std::find(covered.begin(), covered.end(), o) == covered.end()) {
        covered.push_back(o);
      }
    }
  }
  // Tokens run together can read differently ("fr" + "v" reads as "fr", "v"): try other orders.
  std::sort(tokens.begin(), tokens.end());
  do {
    std::string mods;
    for (const std::string& token : tokens) mods += token;
    if (exact(mods)) return mods;
  } while (std::next_permutation(tokens.begin(), tokens.end()));
  // Last resort: one token per step, which always reads back.
  std::string mods;
  for (const ir::Offset& o : steps) {
    for (const std::string& token : singles) {
      if (selects(token, type, o)) {
        mods += token;
        break;
      }
    }
  }
  return mods;
}

}  // namespace

std::string betza(const std::vector<ir::MoveAtom>& input) {
  std::vector<ir::MoveAtom> atoms = input;
  normalize(atoms);
  // Groups: mode, kind, range, shape -> steps.
  using Key = std::tuple<int, int, int, int>;  // mode, slide?, range order, shape index
  std::map<Key, std::vector<ir::Offset>> groups;
  for (const ir::MoveAtom& atom : atoms) {
    // Betza has no letter for range jumps, area moves, hook moves, range captures or slides that
    // pass pieces.
    if (atom.kind == ir::AtomKind::jump || atom.kind == ir::AtomKind::area || atom.kind == ir::AtomKind::hook ||
        atom.kind == ir::AtomKind::range_capture || atom.kind == ir::AtomKind::pass_slide) {
      return "";
    }
    if (atom.min_range > 1) return "";  // nor for slides that jump their first squares
    const Shape* shape = shape_of_offset(atom.delta);
    if (shape == nullptr) return "";  // no letter for this step
    // Hops ride only along single steps (pR, pB, gQ).
    // Hops ride single steps; Betza writes a range (p) or a grasshopper (g), not both.
    if (atom.kind == ir::AtomKind::hop && (std::abs(atom.delta.right) > 1 || std::abs(atom.delta.forward) > 1)) return "";
    if (atom.kind == ir::AtomKind::hop && atom.beyond > 1) return "";
    if (atom.kind == ir::AtomKind::hop && atom.beyond == 1 && atom.max_range != 0) return "";
    const int slide = atom.kind == ir::AtomKind::slide ? 0 : atom.kind == ir::AtomKind::leap ? 1 : 2;
    // A grasshopper is kept apart from the hops by a range order of its own (-1).
    const int range = atom.kind == ir::AtomKind::hop && atom.beyond == 1 ? -1 : atom.max_range == 0 ? 0 : 256 - atom.max_range;
    const int index = static_cast<int>(shape - kShapes.data());
    groups[{static_cast<int>(atom.mode), slide, range, index}].push_back(atom.delta);
  }
  std::string out;
  for (auto it = groups.begin(); it != groups.end(); ++it) {
    const auto [mode, slide, range_order, index] = it->first;
    const Shape& shape = kShapes[index];
    const bool grasshopper = slide == 2 && range_order == -1;
    const std::uint8_t range = range_order <= 0 ? 0 : static_cast<std::uint8_t>(256 - range_order);
    const std::string prefix = mode == static_cast<int>(ir::AtomMode::move_only)      ? "m"
                               : mode == static_cast<int>(ir::AtomMode::capture_only) ? "c"
                                                                                       : "";
    const std::string mods = modifiers_for(it->second, shape);
    // A hop is `p`, with its range from the origin, or `g` when it lands just beyond the screen.
    const bool hop = slide == 2;
    const std::string hopper = !hop ? "" : grasshopper ? "g" : "p";
    const std::string digits = range == 0 ? "" : std::to_string(range);
    // A full W group with a full F group of the same kind is written K or Q.
    if (shape.letter == 'W' && mods.empty()) {
      auto partner = groups.find({mode, slide, range_order, 1});
      if (partner != groups.end() && partner->second.size() == 4) {
        out += prefix + hopper + (slide == 1 ? "K" : "Q" + digits);
        partner->second.clear();
        continue;
      }
    }
    if (it->second.empty()) continue;  // written with its partner
    out += prefix + hopper + mods;
    if (slide == 1) {
      out += shape.letter;
    } else if (shape.letter == 'W' || shape.letter == 'F') {
      out += (shape.letter == 'W' ? "R" : "B") + digits;
    } else {
      out += range == 0 ? std::string(2, shape.letter) : std::string(1, shape.letter) + digits;
    }
  }
  return out;
}

}  // namespace koma::compiler
