// Draws a BoardPicture as a standalone SVG document: grid, coordinates (file numbers across the
// top, rank letters down the right), pentagon pieces (gote's turned 180 degrees), and hands.
#pragma once

#include <string>
#include <string_view>

#include "board_picture.h"
#include "error.h"
#include "game.h"

namespace koma::lib {

/// Where render_svg puts things, in SVG user units (its viewBox starts at 0 0).
struct SvgLayout {
  double cell = 40;                 ///< side of a square
  double margin = 24;               ///< room for coordinates
  double hand_band = 44;            ///< height of each hand's strip
  double board_x = 0, board_y = 0;  ///< top left corner of the board (file `files`, rank 1)
  double width = 0, height = 0;     ///< the whole picture
  double hand_middle[2] = {0, 0};   ///< [side]: the y of the middle of that side's hand strip
  double hand_first_x = 0;          ///< x of the centre of a hand's first piece
  double hand_step = 0;             ///< x from one hand piece's centre to the next
  double hand_piece = 0;            ///< width of a piece in hand
};

/// The layout render_svg draws `picture` with.
SvgLayout svg_layout(const BoardPicture& picture);

/// The SVG document, UTF-8, ending in a newline.
std::string render_svg(const BoardPicture& picture);

/// `position` drawn as an SVG document titled `title` (`render-failed` when it cannot be).
Result<std::string> position_svg(const Position& position, const std::string& title);

/// `text` with &, <, >, " and ' replaced by XML entities.
std::string xml_escape(std::string_view text);

/// Number of Unicode code points in UTF-8 `text`.
std::size_t code_points(std::string_view text);

}  // namespace koma::lib
