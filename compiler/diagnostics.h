// Diagnostics: what the compiler (and `koma validate`) report, and the sink they go to.
// Every diagnostic has a location, a severity, a stable code from diagnostics.def, a message
// quoting what the author wrote, and notes pointing at second places where they matter.
#pragma once

#include <optional>
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
/// The code spelled `text` ("unknown-key"), if there is one.
std::optional<Code> code_from_spelling(std::string_view text);
/// True for codes that `koma validate` reports after running the runtime, not the compiler.
bool is_validate_code(Code code);

enum class Severity { error, warning, note };
/// "error", "warning" or "note".
std::string_view spelling(Severity severity);

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

/// A sink for tools and tests: keeps the first kMaxDiagnostics diagnostics and only counts the
/// rest, in one closing too-many-diagnostics note that it keeps up to date.
class DiagnosticList : public DiagnosticSink {
 public:
  void report(Diagnostic diagnostic) override;
  /// True when an error was reported, kept or not.
  bool has_errors() const;
  std::vector<Diagnostic> items;
  std::size_t dropped = 0;           ///< diagnostics counted but not kept
  std::size_t dropped_errors = 0;    ///< of them, errors
  std::size_t dropped_warnings = 0;  ///< of them, warnings
};

/// GCC's format, one line per diagnostic and per note:
///   FILE:LINE:COL: error: MESSAGE [code]
///   FILE:LINE:COL: note: MESSAGE
/// A location without a line prints as FILE: only. Ends with a newline.
std::string format_gcc(const Diagnostic& diagnostic);

}  // namespace koma::compiler
