// Multi-leg moves in phrases: Lion power (of two or three steps) in English, Betza 2.0's `a`
// (again) groups, and both written back.
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

ir::Offset times(ir::Offset o, int k) {
  return {static_cast<std::int8_t>(k * o.right), static_cast<std::int8_t>(k * o.forward)};
}

ir::LegMove leg_move(ir::Offset a, ir::AtomMode ma, ir::Offset b, ir::AtomMode mb) {
  ir::LegMove m;
  m.legs[0] = {a, ma};
  m.legs[1] = {b, mb};
  return m;
}

/// A three-leg move whose last leg `c` may move or capture.
ir::LegMove leg_move(ir::Offset a, ir::AtomMode ma, ir::Offset b, ir::AtomMode mb, ir::Offset c) {
  ir::LegMove m = leg_move(a, ma, b, mb);
  m.third = ir::Leg{c, ir::AtomMode::move_or_capture};
  return m;
}

/// The two three-leg moves through the steps a, b, c that take on a middle square: taking on the
/// first and going on (taking again or not), or stepping to an empty first square and taking on
/// the second. A path that takes on neither is a leap or a pass. The second form is left out
/// when `a` and `b` come back to the origin, which is empty.
void add_three_legs(ir::Offset a, ir::Offset b, ir::Offset c, std::vector<ir::LegMove>& out) {
  out.push_back(leg_move(a, ir::AtomMode::capture_only, b, ir::AtomMode::move_or_capture, c));
  if (a.right + b.right != 0 || a.forward + b.forward != 0) {
    out.push_back(leg_move(a, ir::AtomMode::move_only, b, ir::AtomMode::capture_only, c));
  }
}

auto leg_key(const ir::LegMove& m) {
  const ir::Leg& third = m.third ? *m.third : m.legs[1];
  return std::make_tuple(m.third.has_value(), m.legs[0].delta.forward, m.legs[0].delta.right,
                         static_cast<int>(m.legs[0].mode), m.legs[1].delta.forward, m.legs[1].delta.right,
                         static_cast<int>(m.legs[1].mode), third.delta.forward, third.delta.right,
                         static_cast<int>(third.mode));
}

bool leg_less(const ir::LegMove& a, const ir::LegMove& b) { return leg_key(a) < leg_key(b); }

bool same_legs(std::vector<ir::LegMove> a, std::vector<ir::LegMove> b) {
  normalize_legs(a);
  normalize_legs(b);
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (leg_key(a[i]) != leg_key(b[i])) return false;
  }
  return true;
}

/// Whether every move of `part` is one of `whole`'s (both normalized).
bool includes(const std::vector<ir::LegMove>& whole, const std::vector<ir::LegMove>& part) {
  return std::includes(whole.begin(), whole.end(), part.begin(), part.end(), leg_less);
}

/// The Lion powers whose multi-leg moves `legs` are together, if they are: at most an area power
/// (of three or two steps), then line powers of three and of two steps, each along the
/// directions the ones before do not cover ("Lion power, or Lion power of three steps in a line").
std::optional<std::vector<LionPower>> lion_powers_of(std::vector<ir::LegMove> legs) {
  normalize_legs(legs);
  std::vector<LionPower> powers;
  std::vector<ir::LegMove> covered;
  const auto take = [&](const LionPower& power) {
    powers.push_back(power);
    const std::vector<ir::LegMove> more = lion_power_legs(power);
    covered.insert(covered.end(), more.begin(), more.end());
    normalize_legs(covered);
  };
  for (int steps : {3, 2}) {
    const LionPower area{kAllDirections, steps, false};
    if (includes(legs, lion_power_legs(area))) {
      take(area);
      break;
    }
  }
  for (int steps : {3, 2}) {
    LionPower line{0, steps, true};
    for (DirMask d : directions_of(kAllDirections)) {
      const std::vector<ir::LegMove> along = lion_power_legs({d, steps, true});
      if (includes(legs, along) && !includes(covered, along)) line.mask = static_cast<DirMask>(line.mask | d);
    }
    if (line.mask == kAllDirections && steps == 2) {
      // Two steps along all eight lines have no words of their own: two halves.
      take({kOrthogonal, steps, true});
      take({kDiagonal, steps, true});
    } else if (line.mask != 0) {
      take(line);
    }
  }
  if (powers.empty() || !same_legs(covered, legs)) return std::nullopt;
  return powers;
}

/// The words of a Lion power: "Lion power straight forward", "Lion power of three steps in a line".
std::string lion_power_words(const LionPower& power) {
  std::string out = "Lion power";
  if (power.steps == 3) out += " of three steps";
  if (power.in_line && power.mask == kAllDirections) out += " in a line";
  else if (power.mask != kAllDirections) out += ' ' + direction_words(power.mask);
  return out;
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

std::vector<ir::MoveAtom> lion_power_atoms(const LionPower& power) {
  std::vector<ir::MoveAtom> atoms;
  if (power.area()) {
    for (int r = -power.steps; r <= power.steps; ++r) {
      for (int f = -power.steps; f <= power.steps; ++f) {
        if (r != 0 || f != 0) atoms.push_back(leap({static_cast<std::int8_t>(r), static_cast<std::int8_t>(f)}, ir::AtomMode::move_or_capture));
      }
    }
  } else {
    for (DirMask d : directions_of(power.mask)) {
      for (int k = 1; k <= power.steps; ++k) atoms.push_back(leap(times(unit_step(d), k), ir::AtomMode::move_or_capture));
    }
  }
  normalize(atoms);
  return atoms;
}

std::vector<ir::LegMove> lion_power_legs(const LionPower& power) {
  std::vector<ir::LegMove> legs;
  const std::vector<DirMask> all = directions_of(kAllDirections);
  for (DirMask d : directions_of(power.mask)) {
    const ir::Offset u = unit_step(d);
    if (power.area()) {
      for (DirMask e : all) legs.push_back(leg_move(u, ir::AtomMode::capture_only, unit_step(e), ir::AtomMode::move_or_capture));
    } else {
      legs.push_back(leg_move(u, ir::AtomMode::capture_only, u, ir::AtomMode::move_or_capture));
      legs.push_back(leg_move(u, ir::AtomMode::capture_only, neg(u), ir::AtomMode::move_or_capture));
    }
    legs.push_back(leg_move(u, ir::AtomMode::move_only, neg(u), ir::AtomMode::move_or_capture));
    if (power.steps != 3) continue;
    if (power.area()) {
      for (DirMask e : all) {
        for (DirMask g : all) add_three_legs(u, unit_step(e), unit_step(g), legs);
      }
    } else {
      // Along the line: out to u, back to the origin or on to 2u, then a step on or back that
      // goes neither behind the origin nor beyond 3u.
      add_three_legs(u, neg(u), u, legs);
      add_three_legs(u, u, u, legs);
      add_three_legs(u, u, neg(u), legs);
    }
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
  std::sort(legs.begin(), legs.end(), leg_less);
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
    const bool back = !m.third && m.legs[1].delta == neg(m.legs[0].delta) &&
                      m.legs[0].mode == ir::AtomMode::capture_only && m.legs[1].mode == ir::AtomMode::move_or_capture;
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
  const std::optional<std::vector<LionPower>> powers = lion_powers_of(legs);
  if (!powers) return betza(atoms, legs);
  std::vector<ir::MoveAtom> rest = atoms;
  normalize(rest);
  std::vector<ir::MoveAtom> leaps;
  for (const LionPower& power : *powers) {
    const std::vector<ir::MoveAtom> more = lion_power_atoms(power);
    leaps.insert(leaps.end(), more.begin(), more.end());
  }
  normalize(leaps);
  for (const ir::MoveAtom& a : leaps) {
    const auto it = std::find_if(rest.begin(), rest.end(), [&](const ir::MoveAtom& b) {
      return b.kind == a.kind && b.delta == a.delta && b.mode == a.mode && b.max_range == a.max_range;
    });
    if (it != rest.end()) {
      rest.erase(it);
      continue;
    }
    // A leap the other atoms cover (a slide along the same step) is not among them, and comes
    // back when they are read together.
    std::vector<ir::MoveAtom> with = atoms;
    with.push_back(a);
    if (!same_moves(with, atoms)) return betza(atoms, legs);
  }
  std::string out;
  if (!rest.empty()) {
    out = english(rest);
    out += ", or ";
  }
  for (std::size_t i = 0; i < powers->size(); ++i) {
    if (i > 0) out += ", or ";
    out += lion_power_words((*powers)[i]);
  }
  return out;
}

std::string betza(const std::vector<ir::MoveAtom>& atoms, const std::vector<ir::LegMove>& legs) {
  // Betza has no spelling for a move of three legs (one 'a' joins two).
  if (std::any_of(legs.begin(), legs.end(), [](const ir::LegMove& m) { return m.third.has_value(); })) return "";
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
