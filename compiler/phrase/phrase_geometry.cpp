// Phrase geometry: direction masks, direction classes and atom helpers (see phrase_geometry.h).
#include "phrase_geometry.h"

#include <cstdlib>

#include "phrase.h"

namespace koma::compiler::phrase {

ir::Offset unit_step(DirMask direction) {
  switch (direction) {
    case kForward: return {0, 1};
    case kBackward: return {0, -1};
    case kLeft: return {-1, 0};
    case kRight: return {1, 0};
    case kForwardLeft: return {-1, 1};
    case kForwardRight: return {1, 1};
    case kBackwardLeft: return {-1, -1};
    default: return {1, -1};
  }
}

std::vector<DirMask> directions_of(DirMask mask) {
  std::vector<DirMask> out;
  for (unsigned bit = 1; bit <= 128; bit <<= 1) {
    if ((mask & bit) != 0) out.push_back(static_cast<DirMask>(bit));
  }
  return out;
}

DirMask direction_class(ir::Offset offset) {
  const int r = offset.right;
  const int f = offset.forward;
  if (f > std::abs(r)) return kForward;
  if (-f > std::abs(r)) return kBackward;
  if (r > std::abs(f)) return kRight;
  if (-r > std::abs(f)) return kLeft;
  if (f > 0) return r > 0 ? kForwardRight : kForwardLeft;
  if (f < 0) return r > 0 ? kBackwardRight : kBackwardLeft;
  return 0;
}

DirMask unit_direction(ir::Offset offset) {
  if (std::abs(offset.right) > 1 || std::abs(offset.forward) > 1) return 0;
  return direction_class(offset);
}

ir::MoveAtom leap(ir::Offset delta, ir::AtomMode mode) {
  ir::MoveAtom atom;
  atom.kind = ir::AtomKind::leap;
  atom.delta = delta;
  atom.mode = mode;
  return atom;
}

std::vector<ir::MoveAtom> atoms_for(DirMask mask, Quantity quantity, ir::AtomMode mode) {
  std::vector<ir::MoveAtom> out;
  for (DirMask direction : directions_of(mask)) {
    ir::MoveAtom atom = leap(unit_step(direction), mode);
    if (quantity.kind == Quantity::Kind::unlimited) {
      atom.kind = ir::AtomKind::slide;
    } else if (quantity.kind == Quantity::Kind::up_to && quantity.range > 1) {
      atom.kind = ir::AtomKind::slide;
      atom.max_range = quantity.range;
    }
    if (quantity.from > 1) atom.min_range = quantity.from;
    out.push_back(atom);
  }
  return out;
}

bool same_move(const ir::MoveAtom& a, const ir::MoveAtom& b) {
  return a.kind == b.kind && a.delta == b.delta && a.max_range == b.max_range && a.mode == b.mode &&
         a.min_range == b.min_range && a.passes == b.passes;
}

bool same_moves(std::vector<ir::MoveAtom> a, std::vector<ir::MoveAtom> b) {
  normalize(a);
  normalize(b);
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!same_move(a[i], b[i])) return false;
  }
  return true;
}

}  // namespace koma::compiler::phrase
