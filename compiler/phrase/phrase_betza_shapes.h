// Betza geometry: the leap shapes behind the atom letters and what direction modifiers select
// on them. Shared by the Betza reader (phrase_betza.cpp) and writer (phrase_betza_writer.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ir/rules.h"

namespace koma::compiler::phrase {

/// A leap shape: the larger and the smaller coordinate of its step, and its Betza letter.
struct Shape {
  int big;
  int small;
  char letter;
};

/// W F D N A H C Z G, in this order.
extern const std::vector<Shape> kShapes;

enum class ShapeType : std::uint8_t { orthogonal, diagonal, oblique };

ShapeType type_of(const Shape& shape);
const Shape* shape_of_letter(char letter);
const Shape* shape_of_offset(ir::Offset offset);

/// Every step of a shape, in a fixed order.
std::vector<ir::Offset> offsets_of(const Shape& shape);

/// Does the directional modifier token ("f", "fl", "ff", "fs", ...) select step `o`?
bool selects(std::string_view token, ShapeType type, ir::Offset o);

/// The steps a directional modifier run selects on a shape (all of them when `mods` is empty);
/// letters are split into tokens greedily from the left, pairs first.
std::vector<ir::Offset> selected(std::string_view mods, const Shape& shape);

}  // namespace koma::compiler::phrase
