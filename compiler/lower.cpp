// Stage 5, lowering: pieces, then letters, rules, setup, then the cross-checks.
#include "lower.h"

#include "lower_context.h"
#include "validate.h"

namespace koma::compiler {

std::optional<ir::RuleSet> lower(const Document& doc, const ir::RuleSet* parent,
                                 DiagnosticSink& sink) {
  LowerContext ctx(doc, parent, sink);
  lower_pieces(ctx);
  if (ctx.failed()) return std::nullopt;
  // A missing letter makes only the setup tokens meant for it unreadable, so the rules, the
  // setup and the cross-checks still run and one compile reports every problem; any other
  // letter error stops here.
  lower_letters(ctx);
  const std::size_t letter_errors = ctx.error_count;
  if (letter_errors != ctx.missing_letters) return std::nullopt;
  for (void (*step)(LowerContext&) : {lower_rules, lower_setup}) {
    step(ctx);
    if (ctx.error_count != letter_errors) return std::nullopt;
  }
  cross_check(ctx);
  if (ctx.failed()) return std::nullopt;
  return std::move(ctx.out);
}

void check_movement(const Document& doc, DiagnosticSink& sink) {
  if (!doc.pieces) return;
  LowerContext ctx(doc, nullptr, sink);
  check_piece_movement(ctx);
}

}  // namespace koma::compiler
