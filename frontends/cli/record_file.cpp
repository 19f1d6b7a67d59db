// Record files as the commands open them (see record_file.h).
#include "record_file.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/core.h>

#include "cli_error.h"

namespace koma::cli {

namespace {

/// Most bytes in a record file (a 10,000-ply KIF has about 300 kB).
constexpr std::uintmax_t kMaxRecordBytes = std::uintmax_t{16} << 20;

}  // namespace

std::string read_record_file(const std::string& path) {
  // Only a regular file: a device or a FIFO could block or never end.
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (error) throw CliError(fmt::format("cannot read record '{}': {}", path, error.message()));
  if (!std::filesystem::is_regular_file(status)) {
    throw CliError(fmt::format("cannot read record '{}': it is not a regular file", path));
  }
  const std::uintmax_t size = std::filesystem::file_size(path, error);
  if (!error && size > kMaxRecordBytes) {
    throw CliError(fmt::format("record '{}' has {} bytes; a record has at most {}", path, size,
                               kMaxRecordBytes));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CliError(fmt::format("cannot read record '{}': {}", path, std::strerror(errno)));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string record_error(const lib::Error& error) {
  std::string at = error.line != 0 ? fmt::format("{}:{}", error.file, error.line) : error.file;
  if (error.line != 0 && error.column != 0) at += fmt::format(":{}", error.column);
  return fmt::format("{}: {} [{}]", at, error.message, error.code);
}

std::string extension_of(const std::string& path) {
  const std::string name = std::filesystem::path(path).filename().string();
  const std::size_t dot = name.rfind('.');
  std::string ext = dot == std::string::npos ? "" : name.substr(dot + 1);
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext;
}

}  // namespace koma::cli
