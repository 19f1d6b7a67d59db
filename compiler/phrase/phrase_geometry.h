// Phrase geometry: the eight compass directions as a bit mask, the direction class of any
// offset, and the small helpers the parsers and printers share to build and compare atoms.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/rules.h"

namespace koma::compiler::phrase {

/// A set of the eight directions, relative to the mover.
using DirMask = std::uint8_t;
inline constexpr DirMask kForward = 1;
inline constexpr DirMask kBackward = 2;
inline constexpr DirMask kLeft = 4;
inline constexpr DirMask kRight = 8;
inline constexpr DirMask kForwardLeft = 16;
inline constexpr DirMask kForwardRight = 32;
inline constexpr DirMask kBackwardLeft = 64;
inline constexpr DirMask kBackwardRight = 128;
inline constexpr DirMask kOrthogonal = kForward | kBackward | kLeft | kRight;
inline constexpr DirMask kDiagonal = kForwardLeft | kForwardRight | kBackwardLeft | kBackwardRight;
inline constexpr DirMask kAllDirections = kOrthogonal | kDiagonal;

/// The unit step of a single direction bit.
ir::Offset unit_step(DirMask direction);

/// The direction bits of `mask`, in bit order.
std::vector<DirMask> directions_of(DirMask mask);

/// The direction class of any non-zero offset: the direction it points most towards.
/// Rays map to their own direction; (1, 2) is forward, (2, 1) is right, (1, 1) forward-right.
DirMask direction_class(ir::Offset offset);

/// The direction bit of a unit step, or 0 when `offset` is not one.
DirMask unit_direction(ir::Offset offset);

/// How an English quantity turns directions into atoms.
struct Quantity {
  enum class Kind : std::uint8_t { one_step, up_to, unlimited };
  Kind kind = Kind::one_step;
  std::uint8_t range = 0;  ///< up_to: the most squares
  /// up_to, unlimited: the nearest square it may stop on, the ones before jumped (0: the first)
  std::uint8_t from = 0;
};

/// One atom per direction of `mask`, as `quantity` says, with `mode`.
std::vector<ir::MoveAtom> atoms_for(DirMask mask, Quantity quantity, ir::AtomMode mode);

/// A leap to `delta`.
ir::MoveAtom leap(ir::Offset delta, ir::AtomMode mode = ir::AtomMode::move_or_capture);

/// Same move (kind, delta, range, mode); locations are ignored.
bool same_move(const ir::MoveAtom& a, const ir::MoveAtom& b);

/// Same set of moves once both are normalized.
bool same_moves(std::vector<ir::MoveAtom> a, std::vector<ir::MoveAtom> b);

}  // namespace koma::compiler::phrase
