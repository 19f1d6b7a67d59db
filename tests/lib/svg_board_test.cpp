// Board pictures from SFEN and their SVG: labels, sides, hands, escaping.
#include <catch2/catch.hpp>

#include "board_picture.h"
#include "svg_board.h"

using namespace koma;
using namespace koma::lib;

namespace {

/// A 3x3 game with a King (玉), a Pawn (歩) promoting to a Tokin (と), and a Rook without kanji.
ir::RuleSet tiny_rules() {
  ir::RuleSet rules;
  rules.meta.title = "Tiny";
  rules.meta.cell_size = 30;
  rules.board.files = 3;
  rules.board.ranks = 3;
  const auto piece = [](std::string name, std::string native_name, std::string symbol) {
    ir::PieceType type;
    type.name = std::move(name);
    type.native_name = std::move(native_name);
    type.symbol = std::move(symbol);
    return type;
  };
  ir::PieceType pawn = piece("Pawn", "歩", "P");
  pawn.promotion = ir::Promotion::optional;
  pawn.promotes_to = 2;
  rules.pieces = {piece("King", "玉", "K"), pawn, piece("Tokin", "と", "+P"), piece("Rook", "", "R")};
  return rules;
}

}  // namespace

TEST_CASE("an SFEN becomes cells labelled with kanji, or the symbol where none is given") {
  const auto result = picture_from_sfen(tiny_rules(), "k1+p/3/R1K w 2Pr 5", "T");
  REQUIRE(result.picture);
  const BoardPicture& p = *result.picture;
  CHECK(p.files == 3);
  CHECK(p.cell_size == 30);
  CHECK(p.to_move == ir::Side::gote);
  REQUIRE(p.cells.size() == 4);
  CHECK(p.cells[0].file == 3);
  CHECK(p.cells[0].rank == 1);
  CHECK(p.cells[0].label == "玉");
  CHECK(p.cells[0].side == ir::Side::gote);
  CHECK(p.cells[1].file == 1);
  CHECK(p.cells[1].label == "と");
  CHECK(p.cells[1].promoted);
  CHECK(p.cells[2].label == "R");
  CHECK(p.cells[2].side == ir::Side::sente);
  CHECK(p.cells[3].file == 1);
  CHECK(p.cells[3].rank == 3);
  REQUIRE(p.hands[0].size() == 1);
  CHECK(p.hands[0][0].label == "歩");
  CHECK(p.hands[0][0].count == 2);
  REQUIRE(p.hands[1].size() == 1);
  CHECK(p.hands[1][0].label == "R");
  CHECK(p.hands[1][0].count == 1);
}

TEST_CASE("a letter with a mark is one piece on the board and in hand") {
  ir::RuleSet rules = tiny_rules();
  rules.pieces[3].symbol = "R'";
  const auto result = picture_from_sfen(rules, "k1r'/3/R'1K w 2R'r' 5", "T");
  INFO(result.error);
  REQUIRE(result.picture);
  const BoardPicture& p = *result.picture;
  REQUIRE(p.cells.size() == 4);
  CHECK(p.cells[1].file == 1);
  CHECK(p.cells[1].label == "R'");
  CHECK(p.cells[1].side == ir::Side::gote);
  CHECK(p.cells[2].file == 3);
  CHECK(p.cells[2].side == ir::Side::sente);
  REQUIRE(p.hands[0].size() == 1);
  CHECK(p.hands[0][0].count == 2);
  REQUIRE(p.hands[1].size() == 1);
  CHECK(p.hands[1][0].symbol == "R'");
  CHECK_FALSE(picture_from_sfen(rules, "k1r/3/R'1K w - 5", "T").picture);
}

TEST_CASE("an SFEN naming a piece the variant lacks is refused with a reason") {
  const auto result = picture_from_sfen(tiny_rules(), "k1x/3/2K b - 1", "T");
  CHECK_FALSE(result.picture);
  CHECK(result.error.find("unknown piece") != std::string::npos);
}

TEST_CASE("xml escaping covers the five special characters") {
  CHECK(xml_escape("a<b & \"c\" 'd'>") == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;");
}

TEST_CASE("the svg has a title, coordinates, one piece group per piece and turns gote's pieces") {
  const auto result = picture_from_sfen(tiny_rules(), "k2/3/2K b P 1", "Tiny <start> & more");
  REQUIRE(result.picture);
  const std::string svg = render_svg(*result.picture);
  CHECK(svg.find("<title>Tiny &lt;start&gt; &amp; more</title>") != std::string::npos);
  CHECK(svg.find("<svg xmlns=\"http://www.w3.org/2000/svg\"") != std::string::npos);
  std::size_t groups = 0;
  for (auto at = svg.find("<g class=\"piece"); at != std::string::npos;
       at = svg.find("<g class=\"piece", at + 1)) {
    ++groups;
  }
  CHECK(groups == 3);  // two kings and the pawn in hand
  CHECK(svg.find("class=\"piece gote\" transform=\"rotate(180") != std::string::npos);
  CHECK(svg.find(">c</text>") != std::string::npos);  // rank letters down to c
  CHECK(svg.find(">3</text>") != std::string::npos);  // file numbers up to 3
  CHECK(svg.ends_with("</svg>\n"));
}

TEST_CASE("a game without drops draws no hands") {
  auto result = picture_from_sfen(tiny_rules(), "k2/3/2K b - 1", "T");
  REQUIRE(result.picture);
  CHECK(render_svg(*result.picture).find("hand-label") != std::string::npos);
  result.picture->show_hands = false;
  CHECK(render_svg(*result.picture).find("hand-label") == std::string::npos);
}

TEST_CASE("code points count multi-byte characters once") {
  CHECK(code_points("と金") == 2);
  CHECK(code_points("+P") == 2);
}
