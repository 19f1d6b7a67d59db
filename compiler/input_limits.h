// The compiler's input limits, one list: each is refused early with its own diagnostic code and
// documented in variants/FORMAT.md ("Limits").
#pragma once

#include "ir/quoted_text.h"

#include <cstddef>

namespace koma::compiler {

/// Most bytes in a variant file (file-too-large).
inline constexpr std::size_t kMaxFileBytes = 1 << 20;
/// Most rows in one Markdown table (too-many-rows); the runtime plays at most 511 piece types.
inline constexpr std::size_t kMaxTableRows = 256;
/// Most columns in one Markdown table, counted on its delimiter row (too-many-columns).
inline constexpr std::size_t kMaxTableColumns = 32;
/// Most body cells (rows times columns) in all the tables of one file (too-many-cells).
inline constexpr std::size_t kMaxTableCells = 8192;
/// Most bytes in one movement phrase or Betza string (phrase-too-long).
inline constexpr std::size_t kMaxPhraseBytes = 512;
/// Most nested YAML collections in the front matter (yaml-too-deep).
inline constexpr std::size_t kMaxYamlDepth = 32;
/// Most values (scalars, lists and mappings, keys included) in the front matter, each alias
/// counted as a copy of what it names (yaml-too-large).
inline constexpr std::size_t kMaxYamlValues = 4096;
/// Most bytes of text in the front matter's values, each alias counted as a copy (yaml-too-large).
inline constexpr std::size_t kMaxYamlBytes = kMaxFileBytes;
/// Most variant files in one chain of `parent:`, the file compiled included (parent-too-deep).
inline constexpr std::size_t kMaxParentChain = 16;
/// Most diagnostics a DiagnosticList keeps; the rest are counted (too-many-diagnostics).
inline constexpr std::size_t kMaxDiagnostics = 100;
/// Most bytes of a value quoted in a message (ir/quoted_text.h); longer values end with "...".
using ir::kMaxQuotedBytes;
/// Longest word given a "did you mean" suggestion (longer ones are not typos of a name).
inline constexpr std::size_t kMaxSuggestBytes = 64;

}  // namespace koma::compiler
