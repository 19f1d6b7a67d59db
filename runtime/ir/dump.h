// The IR's canonical text: enum spellings (the one list both the dump and the variant format
// use) and dump(), a deterministic, readable listing of every field of a RuleSet.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ir/rules.h"

namespace koma::ir {

/// Spellings of the IR enums, as the enumerator names ("move_or_capture", "any_face").
/// Each returns "" for a value outside the enum.
std::string_view name(Side value);
std::string_view name(AtomKind value);
std::string_view name(AtomMode value);
std::string_view name(Promotion value);
std::string_view name(DropFace value);
std::string_view name(CaptureFate value);
std::string_view name(DropRestrictionKind value);
std::string_view name(EndKind value);
std::string_view name(EndSubject value);
std::string_view name(Outcome value);
std::string_view name(SuffixStyle value);
std::string_view name(RoyalInCheck value);
std::string_view name(MovementSource value);
std::string_view name(CapturePromotion value);
std::string_view name(AnywhereGuard value);

/// The enumerator of E spelled `text`, if any (inverse of name()).
template <class E>
std::optional<E> from_name(std::string_view text) {
  for (unsigned i = 0; i < 256; ++i) {
    const E value = static_cast<E>(i);
    const std::string_view spelled = name(value);
    if (spelled.empty()) break;
    if (spelled == text) return value;
  }
  return std::nullopt;
}

/// Every spelling of E, in declaration order, joined with ", " (for messages).
template <class E>
std::string all_names() {
  std::string out;
  for (unsigned i = 0; i < 256; ++i) {
    const std::string_view spelled = name(static_cast<E>(i));
    if (spelled.empty()) break;
    if (!out.empty()) out += ", ";
    out += spelled;
  }
  return out;
}

/// A canonical text form of everything in `rules`: one item per line, fields in a fixed order,
/// pieces referred to by index and symbol, locations as @FILE:LINE:COL. Deterministic.
std::string dump(const RuleSet& rules);

}  // namespace koma::ir
