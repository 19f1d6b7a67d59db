// Stage 6, cross-checks on a lowered RuleSet: royals, Count cells and the starting-position
// table against engine.setup, and the win: line against the endings.
#pragma once

#include "lower_context.h"

namespace koma::compiler {

/// Runs every cross-check, reporting through `ctx`.
void cross_check(LowerContext& ctx);

}  // namespace koma::compiler
