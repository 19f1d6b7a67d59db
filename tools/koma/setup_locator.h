// Points a diagnostic at one square of the starting position as written in engine.setup, by
// reading the SFEN board from the source line the setup's location names.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "ir/rules.h"

namespace koma::cli {

/// The 1-based column of the piece on (file, rank) in an SFEN board that starts at 1-based
/// `column` of `line` (after an optional opening quote), on a board `files` wide.
std::optional<std::uint32_t> column_of_square(std::string_view line, std::uint32_t column,
                                              int files, int file, int rank);

/// `setup_loc` narrowed to the square's piece when the source line can be read and scanned;
/// `setup_loc` unchanged otherwise.
ir::SourceLoc square_loc(const ir::SourceLoc& setup_loc, int files, int file, int rank);

}  // namespace koma::cli
