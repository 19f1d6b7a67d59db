// Spellings and summaries of diagnostic codes (from diagnostics.def) and GCC-style formatting.
#include "diagnostics.h"

#include <array>

#include "input_limits.h"

namespace koma::compiler {
namespace {

struct CodeInfo {
  std::string_view spelling;
  std::string_view summary;
  bool validate;
};

#define KOMA_DIAGNOSTIC(name, text, meaning) CodeInfo{text, meaning, false},
#define KOMA_VALIDATE_DIAGNOSTIC(name, text, meaning) CodeInfo{text, meaning, true},
constexpr std::array kCodeInfo = {
#include "diagnostics.def"
};
#undef KOMA_VALIDATE_DIAGNOSTIC
#undef KOMA_DIAGNOSTIC

const CodeInfo& info(Code code) { return kCodeInfo.at(static_cast<std::size_t>(code)); }

std::string location(const ir::SourceLoc& loc) {
  std::string out = loc.file.empty() ? std::string("<input>") : loc.file;
  out += ':';
  if (loc.line != 0) {
    out += std::to_string(loc.line) + ':' + std::to_string(loc.column == 0 ? 1 : loc.column) + ':';
  }
  return out;
}

}  // namespace

std::string_view spelling(Code code) { return info(code).spelling; }
std::string_view summary(Code code) { return info(code).summary; }
bool is_validate_code(Code code) { return info(code).validate; }

const std::vector<Code>& all_codes() {
  static const std::vector<Code> codes = [] {
    std::vector<Code> out;
    for (std::size_t i = 0; i < kCodeInfo.size(); ++i) out.push_back(static_cast<Code>(i));
    return out;
  }();
  return codes;
}

std::optional<Code> code_from_spelling(std::string_view text) {
  for (std::size_t i = 0; i < kCodeInfo.size(); ++i) {
    if (kCodeInfo[i].spelling == text) return static_cast<Code>(i);
  }
  return std::nullopt;
}

std::string_view spelling(Severity severity) {
  switch (severity) {
    case Severity::error: return "error";
    case Severity::warning: return "warning";
    case Severity::note: return "note";
  }
  return "error";
}

void DiagnosticList::report(Diagnostic diagnostic) {
  if (items.size() < kMaxDiagnostics) {
    items.push_back(std::move(diagnostic));
    return;
  }
  ++dropped;
  if (diagnostic.severity == Severity::error) ++dropped_errors;
  if (diagnostic.severity == Severity::warning) ++dropped_warnings;
  if (dropped == 1) {
    Diagnostic note;
    note.severity = Severity::note;
    note.code = Code::too_many_diagnostics;
    note.loc.file = diagnostic.loc.file;
    items.push_back(std::move(note));
  }
  items.back().message = std::to_string(dropped) + " more diagnostics not shown (" +
                         std::to_string(dropped_errors) +
                         " of them errors); koma reports at most " +
                         std::to_string(kMaxDiagnostics) + " for one file";
}

bool DiagnosticList::has_errors() const {
  if (dropped_errors > 0) return true;
  for (const Diagnostic& d : items) {
    if (d.severity == Severity::error) return true;
  }
  return false;
}

std::string format_gcc(const Diagnostic& diagnostic) {
  std::string out = location(diagnostic.loc) + ' ' + std::string(spelling(diagnostic.severity)) +
                    ": " + diagnostic.message + " [" + std::string(spelling(diagnostic.code)) +
                    "]\n";
  for (const Note& note : diagnostic.notes) {
    out += location(note.loc) + " note: " + note.message + '\n';
  }
  return out;
}

}  // namespace koma::compiler
