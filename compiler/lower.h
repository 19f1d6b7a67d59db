// Stage 5, lowering: a resolved document (and its parent's RuleSet) to the rule IR, followed by
// the cross-checks. Stops after the first sub-stage that reports an error.
#pragma once

#include <optional>

#include "diagnostics.h"
#include "document.h"
#include "ir/rules.h"

namespace koma::compiler {

/// Builds the RuleSet `doc` describes on top of `parent` (nullptr: none). Returns nothing when
/// any error was reported.
std::optional<ir::RuleSet> lower(const Document& doc, const ir::RuleSet* parent,
                                 DiagnosticSink& sink);

/// Reads the movement phrases of `doc`'s pieces table (if set) and reports their errors only:
/// for a file whose front matter or other tables did not read, so that it cannot be lowered.
void check_movement(const Document& doc, DiagnosticSink& sink);

}  // namespace koma::compiler
