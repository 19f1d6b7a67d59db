// Two-leg moves in phrases: Lion power in English, Betza 2.0's `a` (again) groups, and both
// written back.
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "phrase_betza_shapes.h"
#include "phrase_internal.h"

namespace koma::compiler::phrase {
namespace {

ir::Offset neg(ir::Offset o) {
  return {static_cast<std::int8_t>(-o.right), static_cast<std::int8_t>(-o.forward)};
}

ir::LegMove leg_move(ir::Offset a, ir::AtomMode ma, ir::Offset b, ir::AtomMode mb) {
  ir::LegMove m;
  m.legs[0] = {a, ma};
  m.legs[1] = {b, mb};
  return m;
}

auto leg_key(const ir::LegMove& m) {
  return std::make_tuple(m.legs[0].delta.forward, m.legs[0].delta.right, static_cast<int>(m.legs[0].mode),
                         m.legs[1].delta.forward, m.legs[1].delta.right, static_cast<int>(m.legs[1].mode));
}

bool same_legs(std::vector<ir::LegMove> a, std::vector<ir::LegMove> b) {
  normalize_legs(a);
  normalize_legs(b);
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (leg_key(a[i]) != leg_key(b[i])) return false;
  }
  return true;
}

/// The directions whose Lion power `legs` is, if they are Lion power.
std::optional<DirMask> lion_power_of(const std::vector<ir::LegMove>& legs) {
  DirMask mask = 0;
  for (const ir::LegMove& m : legs) mask = static_cast<DirMask>(mask | unit_direction(m.legs[0].delta));
  if (mask == 0 || !same_legs(legs, lion_power_legs(mask))) return std::nullopt;
  return mask;
}

std::string mode_prefix(ir::AtomMode mode, bool first) {
  switch (mode) {
    case ir::AtomMode::move_only: return "m";
    case ir::AtomMode::capture_only: return "c";
    case ir::AtomMode::move_or_capture: return first ? "mc" : "";
  }
  return "";
}

}  // namespace

std::vector<ir::MoveAtom> lion_power_atoms(DirMask mask) {
  std::vector<ir::MoveAtom> atoms;
  if (mask == kAllDirections) {
    for (int r = -2; r <= 2; ++r) {
      for (int f = -2; f <= 2; ++f) {
        if (r != 0 || f != 0) atoms.push_back(leap({static_cast<std::int8_t>(r), static_cast<std::int8_t>(f)}, ir::AtomMode::move_or_capture));
      }
    }
  } else {
    for (DirMask d : directions_of(mask)) {
      const ir::Offset u = unit_step(d);
      atoms.push_back(leap(u, ir::AtomMode::move_or_capture));
      atoms.push_back(leap({static_cast<std::int8_t>(2 * u.right), static_cast<std::int8_t>(2 * u.forward)},
                           ir::AtomMode::move_or_capture));
    }
  }
  normalize(atoms);
  return atoms;
}

std::vector<ir::LegMove> lion_power_legs(DirMask mask) {
  std::vector<ir::LegMove> legs;
  const std::vector<DirMask> all = directions_of(kAllDirections);
  for (DirMask d : directions_of(mask)) {
    const ir::Offset u = unit_step(d);
    if (mask == kAllDirections) {
      for (DirMask e : all) legs.push_back(leg_move(u, ir::AtomMode::capture_only, unit_step(e), ir::AtomMode::move_or_capture));
    } else {
      legs.push_back(leg_move(u, ir::AtomMode::capture_only, u, ir::AtomMode::move_or_capture));
      legs.push_back(leg_move(u, ir::AtomMode::capture_only, neg(u), ir::AtomMode::move_or_capture));
    }
    legs.push_back(leg_move(u, ir::AtomMode::move_only, neg(u), ir::AtomMode::move_or_capture));
  }
  normalize_legs(legs);
  return legs;
}

std::vector<ir::LegMove> igui_legs(DirMask mask) {
  std::vector<ir::LegMove> legs;
  for (DirMask d : directions_of(mask)) {
    const ir::Offset u = unit_step(d);
    legs.push_back(leg_move(u, ir::AtomMode::capture_only, neg(u), ir::AtomMode::move_or_capture));
  }
  normalize_legs(legs);
  return legs;
}

void normalize_legs(std::vector<ir::LegMove>& legs) {
  std::sort(legs.begin(), legs.end(), [](const ir::LegMove& a, const ir::LegMove& b) { return leg_key(a) < leg_key(b); });
  legs.erase(std::unique(legs.begin(), legs.end(),
                         [](const ir::LegMove& a, const ir::LegMove& b) { return leg_key(a) == leg_key(b); }),
             legs.end());
}

std::string betza_legs_of(char letter, std::string_view first_dirs, ir::AtomMode first_mode,
                          std::string_view second_dirs, ir::AtomMode second_mode,
                          std::vector<ir::LegMove>& out) {
  if (letter != 'W' && letter != 'F' && letter != 'K') {
    return std::string("a two-leg move ('a') takes the atom W, F or K, not '") + letter + "'";
  }
  for (char c : second_dirs) {
    if (c != 'f' && c != 'b' && c != 'v') {
      return std::string("the second leg's direction is 'f' (on), 'b' (back) or 'v' (either), not '") + c + "'";
    }
  }
  const bool on = second_dirs.empty() || second_dirs.find_first_of("fv") != std::string_view::npos;
  const bool back = second_dirs.empty() || second_dirs.find_first_of("bv") != std::string_view::npos;
  std::vector<ir::Offset> firsts, all;
  for (char shape : letter == 'K' ? std::string("WF") : std::string(1, letter)) {
    for (const ir::Offset& o : selected(first_dirs, *shape_of_letter(shape))) firsts.push_back(o);
    for (const ir::Offset& o : offsets_of(*shape_of_letter(shape))) all.push_back(o);
  }
  if (firsts.empty()) return "the first leg's modifiers '" + std::string(first_dirs) + "' select no step";
  for (const ir::Offset& a : firsts) {
    for (const ir::Offset& b : all) {
      const bool take = second_dirs.empty() || (on && b == a) || (back && b == neg(a));
      if (take) out.push_back(leg_move(a, first_mode, b, second_mode));
    }
  }
  return "";
}

}  // namespace koma::compiler::phrase

namespace koma::compiler {

using namespace phrase;

std::string english(const std::vector<ir::MoveAtom>& atoms, const std::vector<ir::LegMove>& all_legs) {
  if (all_legs.empty()) return english(atoms);
  const std::vector<ir::LegMove>& legs = all_legs;
  // Captures without moving alone (no Lion power) are said last.
  DirMask igui = 0;
  bool only_igui = true;
  for (const ir::LegMove& m : legs) {
    const bool back = m.legs[1].delta == neg(m.legs[0].delta) && m.legs[0].mode == ir::AtomMode::capture_only &&
                      m.legs[1].mode == ir::AtomMode::move_or_capture;
    const DirMask d = back ? unit_direction(m.legs[0].delta) : 0;
    only_igui = only_igui && d != 0 && !(igui & d);
    igui = static_cast<DirMask>(igui | d);
  }
  if (only_igui) {
    std::string out = english(atoms);
    if (out.empty() && !atoms.empty()) return betza(atoms, legs);
    if (!out.empty()) out += ", or ";
    out += "captures without moving";
    if (igui != kAllDirections) out += ' ' + direction_words(igui);
    return out;
  }
  const std::optional<DirMask> mask = lion_power_of(legs);
  std::vector<ir::MoveAtom> rest = atoms;
  normalize(rest);
  if (!mask) return betza(atoms, legs);
  const std::vector<ir::MoveAtom> power = lion_power_atoms(*mask);
  for (const ir::MoveAtom& a : power) {
    const auto it = std::find_if(rest.begin(), rest.end(), [&](const ir::MoveAtom& b) {
      return b.kind == a.kind && b.delta == a.delta && b.mode == a.mode && b.max_range == a.max_range;
    });
    if (it == rest.end()) return betza(atoms, legs);
    rest.erase(it);
  }
  std::string out;
  if (!rest.empty()) {
    out = english(rest);
    out += ", or ";
  }
  out += "Lion power";
  if (*mask != kAllDirections) {
    out += ' ';
    out += direction_words(*mask);
  }
  return out;
}

std::string betza(const std::vector<ir::MoveAtom>& atoms, const std::vector<ir::LegMove>& legs) {
  std::string out = betza(atoms);
  if (legs.empty() || (out.empty() && !atoms.empty())) return out;
  // (first mode, second mode, relation, first-leg shape) -> first steps; relation: 0 any,
  // 1 on, 2 back, 3 either.
  std::map<std::tuple<int, int, int, char>, std::vector<ir::Offset>> groups;
  std::map<std::tuple<int, int, std::int8_t, std::int8_t>, std::vector<ir::Offset>> seconds;
  for (const ir::LegMove& m : legs) {
    seconds[{static_cast<int>(m.legs[0].mode), static_cast<int>(m.legs[1].mode), m.legs[0].delta.right,
             m.legs[0].delta.forward}]
        .push_back(m.legs[1].delta);
  }
  for (const auto& entry : seconds) {
    // Plain variables, not structured bindings: lambdas capture those only from clang 16 on.
    const auto& key = entry.first;
    const std::vector<ir::Offset>& bs = entry.second;
    const ir::Offset a{std::get<2>(key), std::get<3>(key)};
    const Shape* shape = shape_of_offset(a);
    if (shape == nullptr || (shape->letter != 'W' && shape->letter != 'F')) return "";
    std::set<std::pair<int, int>> set;
    for (const ir::Offset& b : bs) set.emplace(b.right, b.forward);
    int relation = -1;
    if (set.size() == 8 && std::all_of(bs.begin(), bs.end(), [](ir::Offset b) { return std::abs(b.right) <= 1 && std::abs(b.forward) <= 1; })) relation = 0;
    else if (set == std::set<std::pair<int, int>>{{a.right, a.forward}}) relation = 1;
    else if (set == std::set<std::pair<int, int>>{{-a.right, -a.forward}}) relation = 2;
    else if (set == std::set<std::pair<int, int>>{{a.right, a.forward}, {-a.right, -a.forward}}) relation = 3;
    if (relation < 0) return "";
    groups[{std::get<0>(key), std::get<1>(key), relation, shape->letter}].push_back(a);
  }
  static const char* const kRelation[] = {"", "f", "b", "v"};
  // Groups whose first leg captures come first ("caKmabK"), as the Lion is usually written.
  std::vector<decltype(groups)::iterator> order;
  for (auto it = groups.begin(); it != groups.end(); ++it) {
    if (std::get<0>(it->first) == static_cast<int>(ir::AtomMode::capture_only)) order.push_back(it);
  }
  for (auto it = groups.begin(); it != groups.end(); ++it) {
    if (std::get<0>(it->first) != static_cast<int>(ir::AtomMode::capture_only)) order.push_back(it);
  }
  for (auto it : order) {
    if (it->second.empty()) continue;
    const auto [m1, m2, relation, letter] = it->first;
    const std::string prefix = mode_prefix(static_cast<ir::AtomMode>(m1), true);
    std::string second = kRelation[relation];
    second += mode_prefix(static_cast<ir::AtomMode>(m2), false);
    // The group's text after its first-leg direction modifiers: "ca" "v" "W".
    const auto tail = [&](char atom) {
      std::string t = prefix;
      t += 'a';
      t += second;
      t += atom;
      return t;
    };
    // A full W group with a full F group of the same legs is written K.
    const auto partner = groups.find({m1, m2, relation, letter == 'W' ? 'F' : 'W'});
    const bool king = it->second.size() == 4 && partner != groups.end() && partner->second.size() == 4;
    if (relation == 0 && !king) return "";  // a second leg anywhere is said only by K
    if (king) {
      out += tail('K');
      partner->second.clear();
      continue;
    }
    std::vector<ir::Offset> steps = it->second;
    std::string mods;
    // Each first step on its own, with its one-token modifier, so that any subset reads back.
    for (const ir::Offset& a : steps) {
      std::string token;
      const Shape& shape = *shape_of_letter(letter);
      for (const char* t : {"f", "b", "l", "r", "fl", "fr", "bl", "br"}) {
        const std::vector<ir::Offset> got = selected(t, shape);
        if (got.size() == 1 && got[0] == a) {
          token = t;
          break;
        }
      }
      if (token.empty()) return "";
      mods += token;
    }
    if (steps.size() == 4) mods.clear();
    // One token that selects exactly these steps ("f" for both forward diagonals) is shorter.
    for (const char* t : {"f", "b", "l", "r", "v", "s"}) {
      std::vector<ir::Offset> got = selected(t, *shape_of_letter(letter));
      if (got.size() == steps.size() && std::all_of(got.begin(), got.end(), [&](const ir::Offset& o) {
            return std::find(steps.begin(), steps.end(), o) != steps.end();
          })) {
        mods = t;
        break;
      }
    }
    // A run of tokens may read as fewer steps ("fl" + "r"): write one group per step then.
    const std::vector<ir::Offset> back = selected(mods, *shape_of_letter(letter));
    if (!mods.empty() && back.size() != steps.size()) {
      for (const ir::Offset& a : steps) {
        for (const char* t : {"f", "b", "l", "r", "fl", "fr", "bl", "br"}) {
          const std::vector<ir::Offset> got = selected(t, *shape_of_letter(letter));
          if (got.size() == 1 && got[0] == a) {
            out += t;
            out += tail(letter);
            break;
          }
        }
      }
      continue;
    }
    out += mods;
    out += tail(letter);
  }
  return out;
}

}  // namespace koma::compiler
