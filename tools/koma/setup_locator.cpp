// Finds a square's piece inside the engine.setup text of a variant file.
#include "setup_locator.h"

#include <cctype>
#include <fstream>
#include <string>

namespace koma::cli {

std::optional<std::uint32_t> column_of_square(std::string_view line, std::uint32_t column,
                                              int files, int file, int rank) {
  if (column == 0 || column > line.size()) return std::nullopt;
  std::size_t i = column - 1;
  if (line[i] == '"' || line[i] == '\'') ++i;
  int at_rank = 1, at_file = files;
  while (i < line.size()) {
    const char c = line[i];
    const auto byte = static_cast<unsigned char>(c);
    if (c == '/') {
      ++at_rank;
      at_file = files;
      ++i;
    } else if (std::isdigit(byte)) {
      int run = 0;
      while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) {
        run = std::min(run * 10 + (line[i++] - '0'), 1000);
      }
      at_file -= run;
    } else if (c == '+' || std::isalpha(byte)) {
      const std::size_t start = i;
      if (c == '+') ++i;
      if (i >= line.size() || !std::isalpha(static_cast<unsigned char>(line[i]))) return std::nullopt;
      ++i;
      if (at_file == file && at_rank == rank) return static_cast<std::uint32_t>(start + 1);
      --at_file;
    } else {
      return std::nullopt;  // the end of the board field
    }
  }
  return std::nullopt;
}

ir::SourceLoc square_loc(const ir::SourceLoc& setup_loc, int files, int file, int rank) {
  if (setup_loc.line == 0 || setup_loc.file.empty()) return setup_loc;
  std::ifstream in(setup_loc.file, std::ios::binary);
  std::string line;
  for (std::uint32_t n = 0; n < setup_loc.line && std::getline(in, line); ++n) {
  }
  if (!in) return setup_loc;
  const auto column = column_of_square(line, setup_loc.column, files, file, rank);
  if (!column) return setup_loc;
  ir::SourceLoc narrowed = setup_loc;
  narrowed.column = *column;
  return narrowed;
}

}  // namespace koma::cli
