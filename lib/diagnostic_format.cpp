// Renders compiler::Diagnostic lists as GCC-style text, JSON and SARIF.
#include "diagnostic_format.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <optional>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "source.h"
#include "version.h"

namespace koma::lib {

using Json = nlohmann::ordered_json;

namespace {

Json location_json(const ir::SourceLoc& loc) {
  return Json{{"file", loc.file}, {"line", loc.line}, {"column", loc.column}};
}

std::string_view sarif_level(compiler::Severity severity) {
  switch (severity) {
    case compiler::Severity::error: return "error";
    case compiler::Severity::warning: return "warning";
    case compiler::Severity::note: return "note";
  }
  return "none";
}

/// A URI reference for a path: relative paths stay relative (to the folder koma ran in),
/// absolute ones become file: URIs; characters outside the unreserved set are percent-encoded.
std::string uri_for(const std::string& path) {
  std::string out = path.starts_with('/') ? "file://" : "";
  for (const char c : path) {
    const auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) || std::strchr("-._~/", c) != nullptr) {
      out += c;
    } else {
      out += fmt::format("%{:02X}", static_cast<unsigned>(byte));
    }
  }
  return out;
}

/// Converts 1-based byte columns to 1-based code-point columns, reading each file once.
class CodePointColumns {
 public:
  std::uint32_t column(const ir::SourceLoc& loc) {
    auto it = files_.find(loc.file);
    if (it == files_.end()) {
      compiler::DiagnosticList ignored;
      it = files_.emplace(loc.file, compiler::read_file_bytes(loc.file, ignored)).first;
    }
    if (!it->second) return loc.column;
    const std::string& text = *it->second;
    std::size_t start = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    for (std::uint32_t line = 1; line < loc.line; ++line) {
      start = text.find('\n', start);
      if (start == std::string::npos) return loc.column;
      ++start;
    }
    const std::size_t end = std::min(text.size(), start + loc.column - 1);
    std::uint32_t points = 1;
    for (std::size_t i = start; i < end; ++i) {
      if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++points;
    }
    return points;
  }

 private:
  std::map<std::string, std::optional<std::string>> files_;
};

Json sarif_location(const ir::SourceLoc& loc, CodePointColumns& columns) {
  Json physical{{"artifactLocation", {{"uri", uri_for(loc.file)}}}};
  if (loc.line > 0) {
    Json region{{"startLine", loc.line}};
    if (loc.column > 0) region["startColumn"] = columns.column(loc);
    physical["region"] = region;
  }
  return Json{{"physicalLocation", physical}};
}

}  // namespace

std::string format_gcc(const std::vector<compiler::Diagnostic>& diagnostics) {
  std::string out;
  std::size_t shown = 0, rest = 0, rest_errors = 0;
  for (const compiler::Diagnostic& d : diagnostics) {
    // A file's count of what it did not keep is always printed, and not counted as shown.
    if (d.code == compiler::Code::too_many_diagnostics) {
      out += compiler::format_gcc(d);
    } else if (shown < kMaxPrintedDiagnostics) {
      out += compiler::format_gcc(d);
      ++shown;
    } else {
      ++rest;
      if (d.severity == compiler::Severity::error) ++rest_errors;
    }
  }
  if (rest > 0) {
    out += fmt::format("koma: {} more diagnostics not shown ({} of them errors); the first {} are "
                       "above\n",
                       rest, rest_errors, shown);
  }
  return out;
}

nlohmann::ordered_json diagnostics_json(const std::vector<compiler::Diagnostic>& diagnostics) {
  Json list = Json::array();
  for (const auto& d : diagnostics) {
    Json item = location_json(d.loc);
    item["severity"] = compiler::spelling(d.severity);
    item["code"] = compiler::spelling(d.code);
    item["message"] = d.message;
    Json notes = Json::array();
    for (const auto& note : d.notes) {
      Json n = location_json(note.loc);
      n["message"] = note.message;
      notes.push_back(n);
    }
    item["notes"] = notes;
    list.push_back(item);
  }
  return list;
}

std::string format_json(const std::vector<compiler::Diagnostic>& diagnostics) {
  return diagnostics_json(diagnostics).dump(2) + "\n";
}

std::string format_sarif(const std::vector<compiler::Diagnostic>& diagnostics) {
  // Rules: the codes that occur, in declaration order; results refer to them by index.
  std::vector<compiler::Code> used;
  for (const compiler::Code code : compiler::all_codes()) {
    const bool occurs = std::any_of(diagnostics.begin(), diagnostics.end(),
                                    [&](const compiler::Diagnostic& d) { return d.code == code; });
    if (occurs) used.push_back(code);
  }
  Json rules = Json::array();
  for (const compiler::Code code : used) {
    rules.push_back(Json{{"id", compiler::spelling(code)},
                         {"shortDescription", {{"text", compiler::summary(code)}}}});
  }
  Json results = Json::array();
  CodePointColumns columns;
  for (const auto& d : diagnostics) {
    const auto index = std::find(used.begin(), used.end(), d.code) - used.begin();
    Json result{{"ruleId", compiler::spelling(d.code)},
                {"ruleIndex", index},
                {"level", sarif_level(d.severity)},
                {"message", {{"text", d.message}}},
                {"locations", Json::array({sarif_location(d.loc, columns)})}};
    if (!d.notes.empty()) {
      Json related = Json::array();
      int id = 0;
      for (const auto& note : d.notes) {
        Json location = sarif_location(note.loc, columns);
        location["id"] = id++;
        location["message"] = {{"text", note.message}};
        related.push_back(location);
      }
      result["relatedLocations"] = related;
    }
    results.push_back(result);
  }
  Json driver{{"name", "koma"},
              {"version", version()},
              {"rules", rules}};
  Json log{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
           {"version", "2.1.0"},
           {"runs", Json::array({Json{{"tool", {{"driver", driver}}},
                                                {"columnKind", "unicodeCodePoints"},
                                                {"results", results}}})}};
  return log.dump(2) + "\n";
}

}  // namespace koma::lib
