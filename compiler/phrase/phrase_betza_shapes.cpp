// Betza geometry: leap shapes, their steps, and the steps direction modifiers select.
#include "phrase_betza_shapes.h"

#include <algorithm>
#include <cstdlib>

namespace koma::compiler::phrase {
namespace {

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

}  // namespace

const std::vector<Shape> kShapes = {
    {1, 0, 'W'}, {1, 1, 'F'}, {2, 0, 'D'}, {2, 1, 'N'}, {2, 2, 'A'},
    {3, 0, 'H'}, {3, 1, 'C'}, {3, 2, 'Z'}, {3, 3, 'G'},
};

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

/// Does the modifier token select step `o` of a shape of type `type`?
bool selects(std::string_view token, ShapeType type, ir::Offset o) {
  const bool vertical_major = std::abs(o.forward) > std::abs(o.right);
  const bool sideways_major = std::abs(o.right) > std::abs(o.forward);
  if (token.size() == 1) {
    const char c = token[0];
    if (c == 'v') return type == ShapeType::oblique ? vertical_major : o.forward != 0;
    if (c == 's') return type == ShapeType::oblique ? sideways_major : o.right != 0;
    // On an oblique atom a lone f, b, l or r names the two steps mostly in that direction
    // (`fN` is the shogi knight), as XBoard and Fairy-Stockfish read it.
    if (type == ShapeType::oblique) return along(c, o) > 0 && (vertical(c) ? vertical_major : sideways_major);
    return along(c, o) > 0;
  }
  const char x = token[0];
  const char y = token[1];
  if (y == 's') return along(x, o) > 0 && sideways_major;
  if (y == 'v') return along(x, o) > 0 && vertical_major;
  if (x == y) return along(x, o) > 0 && (vertical(x) ? vertical_major : sideways_major);
  // A vertical and a horizontal letter: one diagonal, or on an oblique atom the one step whose
  // major direction is the second letter's (`frN` = (2, 1), `rfN` = (1, 2)), as Fairy-Stockfish
  // reads it.
  const bool major = type != ShapeType::oblique || (vertical(y) ? vertical_major : sideways_major);
  return along(x, o) > 0 && along(y, o) > 0 && major;
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

}  // namespace koma::compiler::phrase
