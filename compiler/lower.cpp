// Stage 5, lowering: pieces, then letters, rules, setup, then the cross-checks.
#include "lower.h"

#include "lower_context.h"
#include "validate.h"

namespace koma::compiler {

std::optional<ir::RuleSet> lower(const Document& doc, const ir::RuleSet* parent,
                                 DiagnosticSink& sink) {
  LowerContext ctx(doc, parent, sink);
  for (void (*step)(LowerContext&) : {lower_pieces, lower_letters, lower_rules, lower_setup,
                                      cross_check}) {
    step(ctx);
    if (ctx.failed) return std::nullopt;
  }
  return std::move(ctx.out);
}

}  // namespace koma::compiler
