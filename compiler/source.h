// Stage 1, source text: read a variant file and check it is UTF-8; map byte offsets to
// line:column locations.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diagnostics.h"
#include "ir/rules.h"

namespace koma::compiler {

/// A whole variant file as bytes, known to be valid UTF-8.
struct Source {
  std::string path;  ///< as given, used in every location
  std::string text;  ///< the file's bytes
};

/// Reads `path`; reports file-unreadable and returns nothing when it cannot.
std::optional<std::string> read_file_bytes(const std::string& path, DiagnosticSink& sink);

/// Checks `text` is UTF-8 (no overlongs, surrogates or code points past U+10FFFF). On failure
/// reports invalid-utf8 at the first bad byte's line:column and returns nothing.
std::optional<Source> make_source(std::string_view text, const std::string& path,
                                  DiagnosticSink& sink);

/// The location of byte `offset` in `text` (1-based line and byte column).
ir::SourceLoc location_of(std::string_view text, std::size_t offset, const std::string& path);

/// Builds a location from 1-based numbers.
ir::SourceLoc make_loc(const std::string& path, std::uint32_t line, std::uint32_t column);

/// Reports one error with optional notes.
void report_error(DiagnosticSink& sink, Code code, const ir::SourceLoc& loc, std::string message,
                  std::vector<Note> notes = {});

}  // namespace koma::compiler
