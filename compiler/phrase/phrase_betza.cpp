// Betza reader: a subset of XBoard/Fairy-Stockfish Betza notation to atoms. The subset, and the
// rule that tells Betza from English, are documented in variants/FORMAT-movement.md.
#include <algorithm>
#include <string>

#include "phrase_betza_shapes.h"
#include "phrase_codes.h"
#include "phrase_geometry.h"
#include "phrase_internal.h"

namespace koma::compiler::phrase {
namespace {

constexpr std::string_view kModifierLetters = "fblrvshmcapgn";
constexpr std::string_view kAtomLetters = "WFDNAHCZGKRBQ";

/// What an atom letter stands for: a leap shape, and whether it rides (R, B, Q).
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

PhraseError unsupported(std::size_t offset, std::string message) {
  return PhraseError{static_cast<std::uint32_t>(offset), std::string(kBetzaUnsupported),
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
// group = { modifier } atom [ same-atom ] [ digits ]   (modifier p or g: a hop, see FORMAT-movement.md)
PhraseResult parse_betza(std::string_view text) {
  PhraseResult result;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t start = i;
    std::string directions;
    ir::AtomMode mode = ir::AtomMode::move_or_capture;
    bool move = false;
    bool capture = false;
    // `p` hops over one screen and lands beyond it, `g` lands just beyond it (the grasshopper).
    char hop = 0;
    std::size_t hop_at = 0;
    // Betza 2.0's `a` (again) ends the first leg's modifiers: "caK", "fmabW".
    bool two_legs = false;
    std::string first_dirs;
    ir::AtomMode first_mode = ir::AtomMode::move_only;
    while (i < text.size() && kModifierLetters.find(text[i]) != std::string_view::npos) {
      const char c = text[i];
      if (c == 'a') {
        if (two_legs) {
          result.errors.push_back(betza_error(i, "a move has at most two legs (one 'a')"));
          return result;
        }
        two_legs = true;
        first_dirs = directions;
        if (capture) first_mode = move ? ir::AtomMode::move_or_capture : ir::AtomMode::capture_only;
        directions.clear();
        move = capture = false;
        ++i;
        continue;
      }
      if (c == 'h') {
        result.errors.push_back(betza_error(i, "Betza modifier 'h' (half) is not supported"));
        return result;
      }
      if (c == 'n') {
        result.errors.push_back(unsupported(i, "Betza modifier 'n' (a lame leaper, blocked on its way) is not supported"));
        return result;
      }
      if (c == 'p' || c == 'g') {
        if (hop != 0 && hop != c) {
          result.errors.push_back(betza_error(i, "a move hops with 'p' or 'g', not both"));
          return result;
        }
        hop = c;
        hop_at = i;
        ++i;
        continue;
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
    const bool rides = letter == 'R' || letter == 'B' || letter == 'Q' || doubled || (has_range && range != 1);
    if (hop != 0) {
      if (two_legs) {
        result.errors.push_back(unsupported(hop_at, "a hop ('" + std::string(1, hop) + "') has one leg; it takes no 'a'"));
        return result;
      }
      if (!rides) {
        result.errors.push_back(unsupported(hop_at, "'" + std::string(1, hop) + "' hops along a line: it modifies a rider (R, B, Q or a doubled letter), not the leap '" +
                                                       std::string(1, letter) + "'"));
        return result;
      }
      if (hop == 'g' && has_range) {
        result.errors.push_back(betza_error(digits_at, "a grasshopper ('g') lands just beyond the screen; it takes no range"));
        return result;
      }
    }
    if (two_legs) {
      if (doubled || has_range) {
        result.errors.push_back(betza_error(start, "a two-leg move ('a') takes a single step, not a rider or a range"));
        return result;
      }
      const std::string error = betza_legs_of(letter, first_dirs, first_mode, directions, mode, result.legs);
      if (!error.empty()) {
        result.errors.push_back(betza_error(start, error));
        return result;
      }
      continue;
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
        if (hop != 0) {
          // A range counts the whole path from the origin, screen included, as Fairy-Stockfish
          // reads it (`pR2` jumps an adjacent screen only); `g` stops just beyond the screen.
          atom.kind = ir::AtomKind::hop;
          atom.max_range = static_cast<std::uint8_t>(has_range ? range : 0);
          atom.beyond = hop == 'g' ? 1 : 0;
        } else if (component.rider || doubled || (has_range && range != 1)) {
          atom.kind = ir::AtomKind::slide;
          atom.max_range = has_range ? static_cast<std::uint8_t>(range) : 0;
        }
        result.atoms.push_back(atom);
      }
    }
  }
  normalize(result.atoms);
  normalize_legs(result.legs);
  return result;
}

}  // namespace koma::compiler::phrase
