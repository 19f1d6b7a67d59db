// Stage 1, source text: file reading, UTF-8 validation and byte-offset locations.
#include "source.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "input_limits.h"

namespace koma::compiler {
namespace {

/// Length of the valid UTF-8 sequence at `i`, or 0 when the bytes there are not one.
std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;   // no overlong forms
    if (lead == 0xED) high = 0x9F;  // no surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;  // nothing past U+10FFFF
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    const unsigned char c = byte(i + k);
    const unsigned char min = k == 1 ? low : 0x80;
    const unsigned char max = k == 1 ? high : 0xBF;
    if (c < min || c > max) return 0;
  }
  return length;
}

}  // namespace

std::optional<std::string> read_file_bytes(const std::string& path, DiagnosticSink& sink) {
  const auto fail = [&](Code code, std::string message) {
    report_error(sink, code, make_loc(path, 0, 0), std::move(message));
    return std::nullopt;
  };
  if (path.find('\0') != std::string::npos) {
    return fail(Code::file_unreadable, "cannot open a file whose name holds a NUL byte");
  }
  // Only a regular file is a variant file: a device, a FIFO or a folder could block, never end
  // or not be text at all.
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    return fail(Code::file_unreadable, "cannot open '" + path + "': " + std::strerror(errno));
  }
  if (!S_ISREG(info.st_mode)) {
    return fail(Code::file_unreadable, "cannot read '" + path + "': " +
                                           (S_ISDIR(info.st_mode) ? "it is a folder"
                                                                  : "it is not a regular file"));
  }
  if (info.st_size > static_cast<off_t>(kMaxFileBytes)) {
    return fail(Code::file_too_large, "'" + path + "' has " + std::to_string(info.st_size) +
                                          " bytes; a variant file has at most " +
                                          std::to_string(kMaxFileBytes));
  }
  std::FILE* in = std::fopen(path.c_str(), "rb");
  if (in == nullptr) {
    return fail(Code::file_unreadable, "cannot open '" + path + "': " + std::strerror(errno));
  }
  // Read at most one byte past the limit: the file may have grown since stat().
  std::string bytes(kMaxFileBytes + 1, '\0');
  const std::size_t got = std::fread(bytes.data(), 1, bytes.size(), in);
  const bool failed = std::ferror(in) != 0;
  const int read_errno = errno;
  std::fclose(in);
  if (failed) {
    return fail(Code::file_unreadable, "cannot read '" + path + "': " + std::strerror(read_errno));
  }
  if (got > kMaxFileBytes) {
    return fail(Code::file_too_large, "'" + path + "' has more than " +
                                          std::to_string(kMaxFileBytes) +
                                          " bytes, the most a variant file may have");
  }
  bytes.resize(got);
  bytes.shrink_to_fit();  // a chain of parents keeps each file's bytes while it compiles
  return bytes;
}

std::optional<Source> make_source(std::string_view text, const std::string& path,
                                  DiagnosticSink& sink) {
  if (text.size() > kMaxFileBytes) {
    report_error(sink, Code::file_too_large, make_loc(path, 0, 0),
                 "the file has " + std::to_string(text.size()) + " bytes; a variant file has at most " +
                     std::to_string(kMaxFileBytes));
    return std::nullopt;
  }
  // A UTF-8 byte order mark, which some editors write, is not part of the text.
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '\0') {
      report_error(sink, Code::nul_byte, location_of(text, i, path),
                   "the file holds a NUL byte (0x00); a variant file is text");
      return std::nullopt;
    }
    if (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n')) {
      report_error(sink, Code::line_endings, location_of(text, i, path),
                   "a line ends with a lone carriage return (CR); save the file with LF or "
                   "CRLF line endings");
      return std::nullopt;
    }
    const std::size_t length = utf8_sequence_length(text, i);
    if (length == 0) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(text[i]));
      report_error(sink, Code::invalid_utf8, location_of(text, i, path),
                   std::string("byte ") + hex + " is not valid UTF-8; save the file as UTF-8");
      return std::nullopt;
    }
    i += length;
  }
  return Source{path, std::string(text)};
}

ir::SourceLoc location_of(std::string_view text, std::size_t offset, const std::string& path) {
  std::uint32_t line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  return make_loc(path, line, static_cast<std::uint32_t>(offset - line_start + 1));
}

ir::SourceLoc make_loc(const std::string& path, std::uint32_t line, std::uint32_t column) {
  ir::SourceLoc loc;
  loc.file = path;
  loc.line = line;
  loc.column = column;
  return loc;
}

void report_error(DiagnosticSink& sink, Code code, const ir::SourceLoc& loc, std::string message,
                  std::vector<Note> notes) {
  Diagnostic diagnostic;
  diagnostic.severity = Severity::error;
  diagnostic.code = code;
  diagnostic.loc = loc;
  diagnostic.message = std::move(message);
  diagnostic.notes = std::move(notes);
  sink.report(std::move(diagnostic));
}

}  // namespace koma::compiler
