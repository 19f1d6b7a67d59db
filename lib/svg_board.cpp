// SVG output for board pictures: plain elements, no scripts, sized from the cell size.
#include "svg_board.h"

#include <algorithm>

#include <fmt/core.h>

#include "usi_square.h"

namespace koma::lib {

namespace {

constexpr const char* kBoardFill = "#f2d69a";
constexpr const char* kPieceFill = "#fbecc8";
constexpr const char* kInk = "#222222";
constexpr const char* kPromotedInk = "#b00000";
constexpr double kHandFirst = 1.9;  ///< cells from the hand's left edge to its first piece
constexpr double kHandStep = 0.95;  ///< cells between pieces in hand

double font_size(std::string_view label, double cell) {
  const std::size_t n = code_points(label);
  return cell * (n <= 1 ? 0.5 : n == 2 ? 0.36 : 0.26);
}

/// A pentagon piece of width `size` centred at (cx, cy), pointing up (or down for gote).
std::string piece_svg(double cx, double cy, double size, const std::string& label, ir::Side side,
                      bool promoted) {
  const double h = size / 2;
  const auto x = [&](double f) { return cx + (f - 0.5) * size; };
  const auto y = [&](double f) { return cy + (f - 0.5) * size; };
  std::string out = fmt::format("<g class=\"piece {}\"", side == ir::Side::sente ? "sente" : "gote");
  if (side == ir::Side::gote) out += fmt::format(" transform=\"rotate(180 {:.1f} {:.1f})\"", cx, cy);
  out += ">";
  out += fmt::format(
      "<polygon points=\"{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}\" "
      "fill=\"{}\" stroke=\"{}\" stroke-width=\"1\"/>",
      x(0.5), y(0.06), x(0.8), y(0.2), x(0.9), y(0.94), x(0.1), y(0.94), x(0.2), y(0.2),
      kPieceFill, kInk);
  out += fmt::format(
      "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"{:.1f}\" text-anchor=\"middle\" "
      "dominant-baseline=\"central\" fill=\"{}\">{}</text>",
      cx, cy + h * 0.12, font_size(label, size), promoted ? kPromotedInk : kInk,
      xml_escape(label));
  out += "</g>\n";
  return out;
}

std::string hand_svg(const BoardPicture& picture, const SvgLayout& l, ir::Side side) {
  const int s = static_cast<int>(side);
  const double mid = l.hand_middle[s];
  std::string out = fmt::format(
      "<text class=\"hand-label\" x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"{:.1f}\" "
      "dominant-baseline=\"central\" fill=\"{}\">{} {}</text>\n",
      l.board_x, mid, l.cell * 0.28, kInk, side == ir::Side::sente ? "\u2617" : "\u2616",
      xml_escape(picture.side_names[s]));
  const double piece = l.hand_piece;
  double x = l.hand_first_x;
  for (const auto& item : picture.hands[s]) {
    out += piece_svg(x, mid, piece, item.label, side, false);
    if (item.count > 1) {
      out += fmt::format(
          "<text class=\"hand-count\" x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"{:.1f}\" "
          "dominant-baseline=\"central\" fill=\"{}\">{}</text>\n",
          x + piece * 0.5, mid + piece * 0.25, l.cell * 0.3, kInk, item.count);
    }
    x += l.hand_step;
  }
  return out;
}

}  // namespace

SvgLayout svg_layout(const BoardPicture& picture) {
  SvgLayout l;
  l.cell = picture.cell_size;
  l.margin = l.cell * 0.6;
  l.hand_band = picture.show_hands ? l.cell * 1.1 : l.cell * 0.3;
  l.board_x = l.margin;
  l.board_y = l.hand_band + l.margin;
  const std::size_t widest_hand = std::max(picture.hands[0].size(), picture.hands[1].size());
  const double hand_width = kHandFirst * l.cell + static_cast<double>(widest_hand) * kHandStep * l.cell;
  l.width = l.board_x + std::max(picture.files * l.cell, hand_width) + l.margin;
  l.height = l.board_y + picture.ranks * l.cell + l.margin * 0.5 + l.hand_band;
  l.hand_middle[static_cast<int>(ir::Side::gote)] = l.hand_band / 2;
  l.hand_middle[static_cast<int>(ir::Side::sente)] =
      l.board_y + picture.ranks * l.cell + l.margin * 0.5 + l.hand_band / 2;
  l.hand_first_x = l.board_x + l.cell * kHandFirst;
  l.hand_step = l.cell * kHandStep;
  l.hand_piece = l.cell * 0.72;
  return l;
}

std::size_t code_points(std::string_view text) {
  std::size_t n = 0;
  for (const char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  }
  return n;
}

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string render_svg(const BoardPicture& picture) {
  const SvgLayout l = svg_layout(picture);
  std::string out = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0:.0f}\" height=\"{1:.0f}\" "
      "viewBox=\"0 0 {0:.0f} {1:.0f}\" font-family=\"serif\" role=\"img\">\n"
      "<title>{2}</title>\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n",
      l.width, l.height, xml_escape(picture.title));

  if (picture.show_hands) out += hand_svg(picture, l, ir::Side::gote);
  const double board_w = picture.files * l.cell, board_h = picture.ranks * l.cell;
  out += fmt::format(
      "<rect class=\"board\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" "
      "fill=\"{}\" stroke=\"{}\" stroke-width=\"2\"/>\n",
      l.board_x, l.board_y, board_w, board_h, kBoardFill, kInk);
  out += fmt::format("<g class=\"grid\" stroke=\"{}\" stroke-width=\"1\">\n", kInk);
  for (int i = 1; i < picture.files; ++i) {
    const double x = l.board_x + i * l.cell;
    out += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\"/>\n", x,
                       l.board_y, l.board_y + board_h);
  }
  for (int i = 1; i < picture.ranks; ++i) {
    const double y = l.board_y + i * l.cell;
    out += fmt::format("<line x1=\"{1:.1f}\" y1=\"{0:.1f}\" x2=\"{2:.1f}\" y2=\"{0:.1f}\"/>\n", y,
                       l.board_x, l.board_x + board_w);
  }
  out += "</g>\n";

  // Coordinates: file numbers (highest on the left) above, rank letters (a at the top) right.
  const double coordinate_size = l.cell * 0.3;
  out += fmt::format("<g class=\"coordinates\" font-size=\"{:.1f}\" fill=\"{}\" "
                     "text-anchor=\"middle\" dominant-baseline=\"central\">\n",
                     coordinate_size, kInk);
  for (int file = 1; file <= picture.files; ++file) {
    const double x = l.board_x + (picture.files - file + 0.5) * l.cell;
    out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n", x, l.board_y - l.margin / 2,
                       file);
  }
  for (int rank = 1; rank <= picture.ranks; ++rank) {
    const double y = l.board_y + (rank - 0.5) * l.cell;
    out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n",
                       l.board_x + board_w + l.margin / 2, y, rank_letters(rank));
  }
  out += "</g>\n";

  for (const auto& cell : picture.cells) {
    const double cx = l.board_x + (picture.files - cell.file + 0.5) * l.cell;
    const double cy = l.board_y + (cell.rank - 0.5) * l.cell;
    out += piece_svg(cx, cy, l.cell * 0.92, cell.label, cell.side, cell.promoted);
  }
  if (picture.show_hands) {
    out += hand_svg(picture, l, ir::Side::sente);
  }
  out += "</svg>\n";
  return out;
}

Result<std::string> position_svg(const Position& position, const std::string& title) {
  // The picture is read from the native spelling, whose symbols the piece types carry.
  const std::string sfen = position.sfen(kNativeDialect);
  const PictureResult result = picture_from_sfen(position.variant().rules(), sfen, title);
  if (!result.picture) {
    return Error("render-failed", fmt::format("cannot draw position '{}': {}", sfen, result.error));
  }
  return render_svg(*result.picture);
}

}  // namespace koma::lib
