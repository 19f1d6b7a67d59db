// Diagnostics: what the compiler (and `koma validate`) report, and the sink they go to.
// Every diagnostic has a location, a severity, a stable code from diagnostics.def, a message
// quoting what the author wrote, and notes pointing at second places where they matter.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ir/rules.h"

namespace koma::compiler {

/// Every diagnostic kind, from the one list in diagnostics.def.
enum class Code {
#define KOMA_DIAGNOSTIC(name, spelling, summary) name,
#include "diagnostics.def"
#undef KOMA_DIAGNOSTIC
};

/// The stable kebab-case spelling of a code ("unknown-key").
std::string_view spelling(Code code);
/// One line saying what the code means.
std::string_view summary(Code code);
/// Every code, in declaration order.
const std::vector<Code>& all_codes();

enum class Severity { error, warning, note };

/// A second place that matters to a diagnostic ("the table row says ...").
struct Note {
  ir::SourceLoc loc;
  std::string message;
};

struct Diagnostic {
  Severity severity = Severity::error;
  Code code{};
  std::string message;
  ir::SourceLoc loc;
  std::vector<Note> notes;
};

/// Where diagnostics go. Libraries report here and never print.
class DiagnosticSink {
 public:
  virtual ~DiagnosticSink() = default;
  virtual void report(Diagnostic diagnostic) = 0;
};

/// A sink that keeps everything, for tools and tests.
class DiagnosticList : public DiagnosticSink {
 public:
  void report(Diagnostic diagnostic) override { items.push_back(std::move(diagnostic)); }
  bool has_errors() const;
  std::vector<Diagnostic> items;
};

}  // namespace koma::compiler
