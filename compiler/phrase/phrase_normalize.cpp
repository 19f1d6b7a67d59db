// Canonical atom sets: merging, subsumption and ordering of movement atoms.
#include <algorithm>
#include <tuple>

#include "phrase.h"
#include "phrase_geometry.h"

namespace koma::compiler {
namespace {

/// True when every move `inner` allows, `outer` allows too (same delta).
bool subsumes(const ir::MoveAtom& outer, const ir::MoveAtom& inner) {
  if (!(outer.delta == inner.delta)) return false;
  if (outer.mode != inner.mode && outer.mode != ir::AtomMode::move_or_capture) return false;
  // A hop lands beyond a screen, where no leap or slide along its line goes.
  if ((outer.kind == ir::AtomKind::hop) != (inner.kind == ir::AtomKind::hop)) return false;
  // A range jump takes no piece of its rank or higher, which a leap or slide may take; an area
  // move only covers a narrower one.
  // A hook move is none of those either.
  // A range capture removes what it passes, and a slide that passes pieces goes where no other
  // atom does: each covers only one of its own kind (passing no fewer pieces).
  const auto reach = [](const ir::MoveAtom& a) {
    return a.kind == ir::AtomKind::jump || a.kind == ir::AtomKind::area || a.kind == ir::AtomKind::hook ||
           a.kind == ir::AtomKind::range_capture || a.kind == ir::AtomKind::pass_slide;
  };
  if (reach(outer) || reach(inner)) {
    return outer.kind == inner.kind && inner.passes <= outer.passes &&
           (outer.max_range == 0 || (inner.max_range != 0 && inner.max_range <= outer.max_range));
  }
  // A slide that jumps its first squares stops where another does not, and jumps what blocks it.
  if (outer.min_range != inner.min_range) return false;
  if (outer.kind == ir::AtomKind::leap) return inner.kind == ir::AtomKind::leap;
  if (inner.kind == ir::AtomKind::leap) return true;  // a slide's first step is the leap
  const bool beyond = outer.beyond == 0 || (inner.beyond != 0 && inner.beyond <= outer.beyond);
  return beyond && (outer.max_range == 0 || (inner.max_range != 0 && inner.max_range <= outer.max_range));
}

auto order_key(const ir::MoveAtom& a) {
  // Unlimited slides first, then shorter ranges, then leaps, then hops (the same way); by mode;
  // then by direction.
  const int kind = a.kind == ir::AtomKind::slide ? 0 : a.kind == ir::AtomKind::leap ? 1 : static_cast<int>(a.kind);
  const int range = a.kind != ir::AtomKind::leap && a.max_range == 0 ? 0 : 256 - a.max_range;
  return std::make_tuple(kind, int{a.min_range}, range, a.beyond == 0 ? 0 : 256 - a.beyond, -int{a.passes},
                         static_cast<int>(a.mode), -a.delta.forward, a.delta.right);
}

}  // namespace

void normalize(std::vector<ir::MoveAtom>& atoms) {
  for (ir::MoveAtom& atom : atoms) {
    // A slide limited to one repetition is a leap.
    if (atom.kind == ir::AtomKind::slide && atom.max_range == 1) {
      atom.kind = ir::AtomKind::leap;
      atom.max_range = 0;
    }
    if (atom.kind == ir::AtomKind::leap) atom.max_range = 0;
    if (atom.kind != ir::AtomKind::hop) atom.beyond = 0;
    if (atom.kind != ir::AtomKind::pass_slide) atom.passes = 0;
    if (atom.kind != ir::AtomKind::slide || atom.min_range == 1) atom.min_range = 0;
  }
  // A move-only and a capture-only copy of the same atom make one that does both.
  for (std::size_t i = 0; i < atoms.size(); ++i) {
    for (std::size_t j = 0; j < atoms.size(); ++j) {
      if (atoms[i].mode == ir::AtomMode::move_only && atoms[j].mode == ir::AtomMode::capture_only &&
          atoms[i].kind == atoms[j].kind && atoms[i].delta == atoms[j].delta &&
          atoms[i].max_range == atoms[j].max_range && atoms[i].beyond == atoms[j].beyond &&
          atoms[i].min_range == atoms[j].min_range && atoms[i].passes == atoms[j].passes) {
        atoms[i].mode = ir::AtomMode::move_or_capture;
      }
    }
  }
  std::stable_sort(atoms.begin(), atoms.end(), [](const ir::MoveAtom& a, const ir::MoveAtom& b) {
    return order_key(a) < order_key(b);
  });
  // Keep an atom only when no atom kept before it subsumes it; the order puts the wider first.
  std::vector<ir::MoveAtom> kept;
  for (const ir::MoveAtom& atom : atoms) {
    const bool covered = std::any_of(kept.begin(), kept.end(), [&](const ir::MoveAtom& k) {
      return subsumes(k, atom);
    });
    if (!covered) kept.push_back(atom);
  }
  atoms = std::move(kept);
}

}  // namespace koma::compiler
