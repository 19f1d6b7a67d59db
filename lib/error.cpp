// Errors from compiler diagnostics.
#include "error.h"

#include <fmt/core.h>

namespace koma::lib {

Error compile_error(const std::string& path, std::vector<compiler::Diagnostic> diagnostics) {
  Error error("compile-failed", fmt::format("'{}' does not compile", path));
  error.file = path;
  for (const compiler::Diagnostic& d : diagnostics) {
    if (d.severity != compiler::Severity::error) continue;
    error.code = std::string(compiler::spelling(d.code));
    error.message = d.message;
    if (!d.loc.file.empty()) error.file = d.loc.file;
    error.line = d.loc.line;
    error.column = d.loc.column;
    break;
  }
  error.diagnostics = std::move(diagnostics);
  return error;
}

}  // namespace koma::lib
