// Stage 5a, resolve: find and compile the variant named by `parent:`, detecting missing
// parents and cycles. The child is then lowered on top of the parent's RuleSet.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "compiler.h"
#include "front_matter.h"

namespace koma::compiler {

/// Compiles a file on behalf of resolve_parent; `chain` holds the files being compiled.
using CompileFn = std::function<std::optional<ir::RuleSet>(
    const std::string& path, std::vector<std::string>& chain)>;

/// Where `parent: SLUG` is read from: SLUG.md next to the child, else in options.variants_dir.
/// Reports missing-parent (with the closest known slug), parent-cycle or parent-too-deep (past
/// kMaxParentChain files in `chain`) and returns nothing;
/// also returns nothing when the parent itself has errors (reported by `compile`).
std::optional<ir::RuleSet> resolve_parent(const Located<std::string>& parent,
                                          const std::string& child_path, const Options& options,
                                          std::vector<std::string>& chain, DiagnosticSink& sink,
                                          const CompileFn& compile);

/// The canonical form of a path, for comparing files in the chain.
std::string canonical_path(const std::string& path);

}  // namespace koma::compiler
