// Betza notation: reading a subset of XBoard/Fairy-Stockfish Betza into atoms, and writing
// atoms as Betza. The subset is documented in variants/FORMAT-movement.md.
#include <algorithm>
#include <cstdlib>
#include <map>
#include <string>
#include <tuple>

#include "phrase_codes.h"
#include "phrase_geometry.h"
#include "phrase_internal.h"

namespace koma::compiler::phrase {
namespace {

constexpr std::string_view kModifierLetters = "fblrvshmc";
constexpr std::string_view kAtomLetters = "WFDNAHCZGKRBQ";

/// A leap shape: the larger and the smaller coordinate of its step.
struct Shape {
  int big;
  int small;
  char letter;
};

constexpr Shape kShapes[] = {
    {1, 0, 'W'}, {1, 1, 'F'}, {2, 0, 'D'}, {2, 1, 'N'}, {2, 2, 'A'},
    {3, 0, 'H'}, {3, 1, 'C'}, {3, 2, 'Z'}, {3, 3, 'G'},
};

enum class ShapeType : std::uint8_t { orthogonal, diagonal, oblique };

ShapeType type_of(const Shape& shape) {
  if (shape.small == 0) return ShapeType::orthogonal;
  return shape.small == shape.big ? ShapeType::diagonal : ShapeType::oblique;
}

const Shape* shape_of_letter(char letter) {
  for (const Shape& shape : kShapes) {
    if (shape.letter == letter) return &shape;
  }
  return nullptr;
}

const Shape* shape_of_offset(ir::Offset offset) {
  const int a = std::abs(offset.right);
  const int b = std::abs(offset.forward);
  for (const Shape& shape : kShapes) {
    if (shape.big == std::max(a, b) && shape.small == std::min(a, b)) return &shape;
  }
  return nullptr;
}

/// Every step of a shape, in a fixed order.
std::vector<ir::Offset> offsets_of(const Shape& shape) {
  std::vector<ir::Offset> out;
  for (int swap = 0; swap < 2; ++swap) {
    for (int sr : {1, -1}) {
      for (int sf : {1, -1}) {
        const int r = (swap == 0 ? shape.small : shape.big) * sr;
        const int f = (swap == 0 ? shape.big : shape.small) * sf;
        const ir::Offset o{static_cast<std::int8_t>(r), static_cast<std::int8_t>(f)};
        if (std::find(out.begin(), out.end(), o) == out.end()) out.push_back(o);
      }
    }
  }
  return out;
}

/// Component of `o` along the direction a letter names (f, b, l, r).
int along(char letter, ir::Offset o) {
  switch (letter) {
    case 'f': return o.forward;
    case 'b': return -o.forward;
    case 'r': return o.right;
    default: return -o.right;
  }
}
bool vertical(char letter) { return letter == 'f' || letter == 'b'; }

/// Whether a two-letter modifier is read as one token on this shape type.
bool is_pair(std::string_view pair, ShapeType type) {
  if (type == ShapeType::orthogonal) return false;
  const char x = pair[0];
  const char y = pair[1];
  const bool x_dir = std::string_view("fblr").find(x) != std::string_view::npos;
  const bool y_dir = std::string_view("fblr").find(y) != std::string_view::npos;
  if (x_dir && y_dir && vertical(x) != vertical(y)) return true;  // fl, lf, br, ...
  if (type != ShapeType::oblique) return false;
  if (x_dir && x == y) return true;                               // ff, bb, ll, rr
  if (x_dir && vertical(x) && y == 's') return true;              // fs, bs
  return x_dir && !vertical(x) && y == 'v';                       // lv, rv
}

/// Does the modifier token select step `o` of a shape of type `type`?
bool selects(std::string_view token, ShapeType type, ir::Offset o) {
  const bool vertical_major = std::abs(o.forward) > std::abs(o.right);
  const bool sideways_major = std::abs(o.right) > std::abs(o.forward);
  if (token.size() == 1) {
    const char c = token[0];
    if (c == 'v') return type == ShapeType::oblique ? vertical_major : o.forward != 0;
    if (c == 's') return type == ShapeType::oblique ? sideways_major : o.right != 0;
    return along(c, o) > 0;
  }
  const char x = token[0];
  const char y = token[1];
  if (y == 's') return along(x, o) > 0 && sideways_major;
  if (y == 'v') return along(x, o) > 0 && vertical_major;
  if (x == y) return along(x, o) > 0 && (vertical(x) ? vertical_major : sideways_major);
  const bool major = type != ShapeType::oblique || (vertical(x) ? vertical_major : sideways_major);
  return along(x, o) > 0 && along(y, o) > 0 && major;
}

/// Splits a directional modifier run into tokens, reading pairs greedily from the left.
std::vector<std::string> split_modifiers(std::string_view mods, ShapeType type) {
  std::vector<std::string> tokens;
  std::size_t i = 0;
  while (i < mods.size()) {
    if (i + 1 < mods.size() && is_pair(mods.substr(i, 2), type)) {
      tokens.emplace_back(mods.substr(i, 2));
      i += 2;
    } else {
      tokens.emplace_back(mods.substr(i, 1));
      ++i;
    }
  }
  return tokens;
}

/// The steps a directional modifier run selects on a shape (all of them when `mods` is empty).
std::vector<ir::Offset> selected(std::string_view mods, const Shape& shape) {
  std::vector<ir::Offset> out;
  const ShapeType type = type_of(shape);
  const std::vector<std::string> tokens = split_modifiers(mods, type);
  for (const ir::Offset& o : offsets_of(shape)) {
    const bool chosen = tokens.empty() || std::any_of(tokens.begin(), tokens.end(), [&](const auto& t) {
                          return selects(t, type, o);
                        });
    if (chosen) out.push_back(o);
  }
  return out;
}

/// A Betza group: the atom letters of one unit and what they expand to.
struct Component {
  char shape_letter;
  bool rider;
};

std::vector<Component> components_of(char letter) {
  switch (letter) {
    case 'K': return {{'W', false}, {'F', false}};
    case 'R': return {{'W', true}};
    case 'B': return {{'F', true}};
    case 'Q': return {{'W', true}, {'F', true}};
    default: return {{letter, false}};
  }
}

PhraseError betza_error(std::size_t offset, std::string message) {
  return PhraseError{static_cast<std::uint32_t>(offset), std::string(kBetzaInvalid),
                     std::move(message)};
}

}  // namespace

bool looks_like_betza(std::string_view text) {
  if (text.empty()) return false;
  bool has_atom = false;
  for (char c : text) {
    if (kAtomLetters.find(c) != std::string_view::npos) {
      has_atom = true;
    } else if (kModifierLetters.find(c) == std::string_view::npos && !(c >= '0' && c <= '9')) {
      return false;
    }
  }
  return has_atom;
}

// betza = { group }
// group = { modifier } atom [ same-atom ] [ digits ]
PhraseResult parse_betza(std::string_view text) {
  PhraseResult result;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t start = i;
    std::string directions;
    ir::AtomMode mode = ir::AtomMode::move_or_capture;
    bool move = false;
    bool capture = false;
    while (i < text.size() && kModifierLetters.find(text[i]) != std::string_view::npos) {
      const char c = text[i];
      if (c == 'h') {
        result.errors.push_back(betza_error(i, "Betza modifier 'h' (half) is not supported"));
        return result;
      }
      if (c == 'm') move = true;
      else if (c == 'c') capture = true;
      else directions += c;
      ++i;
    }
    if (i >= text.size() || kAtomLetters.find(text[i]) == std::string_view::npos) {
      if (i >= text.size()) {
        result.errors.push_back(betza_error(start, "Betza modifiers '" +
                                                       std::string(text.substr(start)) +
                                                       "' are not followed by an atom letter"));
      } else {
        result.errors.push_back(betza_error(i, "unexpected '" + std::string(1, text[i]) +
                                                   "' in Betza notation"));
      }
      return result;
    }
    if (move != capture) mode = move ? ir::AtomMode::move_only : ir::AtomMode::capture_only;
    const char letter = text[i++];
    bool doubled = false;
    if (i < text.size() && text[i] == letter) {
      if (letter == 'R' || letter == 'B' || letter == 'Q' || letter == 'K') {
        result.errors.push_back(betza_error(i - 1, "'" + std::string(2, letter) +
                                                       "' doubles a letter that is not a leap"));
        return result;
      }
      doubled = true;
      ++i;
    }
    bool has_range = false;
    unsigned range = 0;
    const std::size_t digits_at = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
      has_range = true;
      range = std::min(range * 10 + static_cast<unsigned>(text[i] - '0'), 1000u);
      ++i;
    }
    if (range > 255) {
      result.errors.push_back(betza_error(digits_at, "Betza range '" +
                                                         std::string(text.substr(digits_at, i - digits_at)) +
                                                         "' is out of range 0 to 255"));
      return result;
    }
    for (const Component& component : components_of(letter)) {
      const Shape& shape = *shape_of_letter(component.shape_letter);
      const std::vector<ir::Offset> steps = selected(directions, shape);
      if (steps.empty()) {
        result.errors.push_back(betza_error(start, "Betza modifiers '" + directions +
                                                       "' select no move of '" +
                                                       std::string(1, letter) + "'"));
        return result;
      }
      for (const ir::Offset& step : steps) {
        ir::MoveAtom atom = leap(step, mode);
        if (component.rider || doubled || (has_range && range != 1)) {
          atom.kind = ir::AtomKind::slide;
          atom.max_range = has_range ? static_cast<std::uint8_t>(range) : 0;
        }
        result.atoms.push_back(atom);
      }
    }
  }
  normalize(result.atoms);
  return result;
}

namespace {

/// The shortest modifier run (by greedy cover) selecting exactly `steps` of `shape`.
std::string modifiers_for(const std::vector<ir::Offset>& steps, const Shape& shape) {
  const std::vector<ir::Offset> all = offsets_of(shape);
  if (steps.size() == all.size()) return "";
  const ShapeType type = type_of(shape);
  auto contains = [&](const ir::Offset& o) {
    return std::find(steps.begin(), steps.end(), o) != steps.end();
  };
  std::vector<std::string> candidates = {"v", "s", "f", "b", "l", "r"};
  if (type == ShapeType::oblique) {
    for (const char* t : {"ff", "bb", "ll", "rr", "fs", "bs", "lv", "rv"}) candidates.emplace_back(t);
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
}  // namespace koma::compiler::phrase

namespace koma::compiler {

std::string betza(const std::vector<ir::MoveAtom>& input) {
  using namespace phrase;
  std::vector<ir::MoveAtom> atoms = input;
  normalize(atoms);
  // Groups: mode, kind, range, shape -> steps.
  using Key = std::tuple<int, int, int, int>;  // mode, slide?, range order, shape index
  std::map<Key, std::vector<ir::Offset>> groups;
  for (const ir::MoveAtom& atom : atoms) {
    const Shape* shape = shape_of_offset(atom.delta);
    if (shape == nullptr) return "";  // no letter for this step
    const int slide = atom.kind == ir::AtomKind::slide ? 0 : 1;
    const int range = atom.max_range == 0 ? 0 : 256 - atom.max_range;
    const int index = static_cast<int>(shape - kShapes);
    groups[{static_cast<int>(atom.mode), slide, range, index}].push_back(atom.delta);
  }
  std::string out;
  for (auto it = groups.begin(); it != groups.end(); ++it) {
    const auto [mode, slide, range_order, index] = it->first;
    const Shape& shape = kShapes[index];
    const std::uint8_t range = range_order == 0 ? 0 : static_cast<std::uint8_t>(256 - range_order);
    const std::string prefix = mode == static_cast<int>(ir::AtomMode::move_only)      ? "m"
                               : mode == static_cast<int>(ir::AtomMode::capture_only) ? "c"
                                                                                       : "";
    const std::string mods = modifiers_for(it->second, shape);
    const std::string digits = range == 0 ? "" : std::to_string(range);
    // A full W group with a full F group of the same kind is written K or Q.
    if (shape.letter == 'W' && mods.empty()) {
      auto partner = groups.find({mode, slide, range_order, 1});
      if (partner != groups.end() && partner->second.size() == 4) {
        out += prefix + (slide == 1 ? "K" : "Q" + digits);
        partner->second.clear();
        continue;
      }
    }
    if (it->second.empty()) continue;  // written with its partner
    out += prefix + mods;
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
