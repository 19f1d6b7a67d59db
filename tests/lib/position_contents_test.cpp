// libkoma's view of a position's contents: pieces by square, hands, squares and pieces named
// in text, and the plain-text board.
#include <catch2/catch.hpp>

#include "support.h"

#include "board_picture.h"
#include "game_session.h"
#include "position_contents.h"
#include "variant_source.h"

using namespace koma;
using namespace koma::lib;
using koma::test::bundled;

TEST_CASE("a square named in USI gives the piece on it, with side and face") {
  const auto shogi = bundled("shogi");
  Position position(shogi);
  REQUIRE(position.set_sfen("4k4/9/9/9/9/9/9/1+B7/4K4 w 2Pg 12").ok());
  const int square = square_index(*shogi, "8h");
  REQUIRE(square >= 0);
  const std::optional<PieceInfo> horse = piece_at(position, square, kNativeDialect);
  REQUIRE(horse);
  CHECK(horse->symbol == "+B");
  CHECK(horse->promoted);
  CHECK(horse->side == ir::Side::sente);
  const std::optional<PieceInfo> king = piece_at(position, square_index(*shogi, "5a"), kNativeDialect);
  REQUIRE(king);
  CHECK(king->symbol == "k");
  CHECK_FALSE(king->promoted);
  CHECK(king->side == ir::Side::gote);
  CHECK_FALSE(piece_at(position, square_index(*shogi, "5e"), kNativeDialect));
  CHECK(square_index(*shogi, "0a") < 0);
  CHECK(square_index(*shogi, "5j") < 0);
  CHECK(square_index(*shogi, "5") < 0);
  CHECK(square_index(*shogi, "5aa") < 0);
}

TEST_CASE("the board's pieces come in SFEN order and the hands with their counts") {
  const auto shogi = bundled("shogi");
  Position position(shogi);
  REQUIRE(position.set_sfen("4k4/9/9/9/9/9/9/1+B7/4K4 w 2Pg 12").ok());
  const std::vector<SquarePiece> pieces = board_pieces(position, kNativeDialect);
  REQUIRE(pieces.size() == 3);
  CHECK(pieces[0].square == "5a");
  CHECK(pieces[1].square == "8h");
  CHECK(pieces[2].square == "5i");
  const std::vector<HandPiece> sente = hand_pieces(position, ir::Side::sente, kNativeDialect);
  REQUIRE(sente.size() == 1);
  CHECK(sente[0].symbol == "P");
  CHECK(sente[0].count == 2);
  const std::vector<HandPiece> gote = hand_pieces(position, ir::Side::gote, kNativeDialect);
  REQUIRE(gote.size() == 1);
  CHECK(gote[0].symbol == "G");
  CHECK(gote[0].count == 1);
}

TEST_CASE("a piece is named by its letter in either case, promoted with '+'") {
  const auto shogi = bundled("shogi");
  const std::optional<ir::PieceId> gold = piece_named(*shogi, "g", kNativeDialect);
  REQUIRE(gold);
  CHECK(shogi->rules().pieces[*gold].name == "Gold general");
  const std::optional<ir::PieceId> tokin = piece_named(*shogi, "+P", kNativeDialect);
  REQUIRE(tokin);
  CHECK(is_promoted_face(shogi->rules(), shogi->rules().pieces[*tokin]));
  CHECK_FALSE(piece_named(*shogi, "Q", kNativeDialect));
}

TEST_CASE("the board as text has a line per rank, the hands and the side to move") {
  const auto shogi = bundled("shogi");
  Position position(shogi);
  REQUIRE(position.set_sfen("4k4/9/9/9/9/9/9/1+B7/4K4 w 2Pg 12").ok());
  const std::string text = board_text(position, kNativeDialect);
  CHECK(text ==
        "gote hand: g\n"
        "  9  8  7  6  5  4  3  2  1\n"
        "  .  .  .  .  k  .  .  .  . a\n"
        "  .  .  .  .  .  .  .  .  . b\n"
        "  .  .  .  .  .  .  .  .  . c\n"
        "  .  .  .  .  .  .  .  .  . d\n"
        "  .  .  .  .  .  .  .  .  . e\n"
        "  .  .  .  .  .  .  .  .  . f\n"
        "  .  .  .  .  .  .  .  .  . g\n"
        "  . +B  .  .  .  .  .  .  . h\n"
        "  .  .  .  .  K  .  .  .  . i\n"
        "sente hand: 2P\n"
        "gote to move\n");
}
