// Draws a BoardPicture as a standalone SVG document: grid, coordinates (file numbers across the
// top, rank letters down the right), pentagon pieces (gote's turned 180 degrees), and hands.
#pragma once

#include <string>
#include <string_view>

#include "board_picture.h"

namespace koma::cli {

/// The SVG document, UTF-8, ending in a newline.
std::string render_svg(const BoardPicture& picture);

/// `text` with &, <, >, " and ' replaced by XML entities.
std::string xml_escape(std::string_view text);

/// Number of Unicode code points in UTF-8 `text`.
std::size_t code_points(std::string_view text);

}  // namespace koma::cli
