// Diagnostics as text for people and CI: GCC style, a JSON array, and SARIF 2.1.0.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "diagnostics.h"

namespace koma::lib {

/// Most diagnostics format_gcc prints; the rest are counted in one closing line.
inline constexpr std::size_t kMaxPrintedDiagnostics = 100;

/// compiler::format_gcc for each: `file:line:col: error: message [code]`, then its notes; past
/// kMaxPrintedDiagnostics, one line says how many more there are. A too-many-diagnostics note
/// (a file's count of what it did not keep) is always printed and not counted.
std::string format_gcc(const std::vector<compiler::Diagnostic>& diagnostics);

/// A JSON array of {file, line, column, severity, code, message, notes: [...]}.
nlohmann::ordered_json diagnostics_json(const std::vector<compiler::Diagnostic>& diagnostics);

/// diagnostics_json(), indented, ending with a newline.
std::string format_json(const std::vector<compiler::Diagnostic>& diagnostics);

/// A SARIF 2.1.0 log with one run; rules list the codes that occur, in declaration order.
/// Columns count Unicode code points (the run says columnKind "unicodeCodePoints"): byte
/// columns are converted by reading the line from the file, and kept when it cannot be read.
std::string format_sarif(const std::vector<compiler::Diagnostic>& diagnostics);

}  // namespace koma::lib
