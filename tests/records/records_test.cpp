// The record readers on small texts: what each reads, and where it says a record is broken.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include "record.h"
#include "support/variants.h"

using namespace koma::records;

TEST_CASE("a USI line gives its SFEN, its moves and a final resign or win") {
  const ReadResult r = read_usi("position sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1 moves 5i5h 5a5b win\n");
  REQUIRE(r.record);
  CHECK(r.record->sfen == "4k4/9/9/9/9/9/9/9/4K4 b P 1");
  REQUIRE(r.record->moves.size() == 2);
  CHECK(r.record->moves[1].usi == "5a5b");
  CHECK(r.record->end == RecordEnd::declare);
  CHECK(read_usi("position startpos moves 7g7f resign").record->end == RecordEnd::resign);
  CHECK(read_usi("7g7f 3c3d").record->moves.size() == 2);
}

TEST_CASE("a USI line with a word after resign, or a position of neither kind, is refused") {
  CHECK_FALSE(read_usi("position startpos moves resign 7g7f").record);
  CHECK_FALSE(read_usi("position fen x").record);
}

TEST_CASE("CSA moves become USI moves, promotions seen from the piece that arrives") {
  const ReadResult r = read_csa("V2.2\nPI\n+\n+7776FU,T3\n-3334FU\n+8822UM\n-3122GI\n+0045KA\n%TORYO\n");
  REQUIRE(r.record);
  CHECK(r.record->sfen == "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
  REQUIRE(r.record->moves.size() == 5);
  CHECK(r.record->moves[2].usi == "8h2b+");
  CHECK(r.record->moves[4].usi == "B*4e");
  CHECK(r.record->end == RecordEnd::resign);
}

TEST_CASE("CSA handicaps remove pieces from PI, and a move of the wrong sign is marked") {
  const ReadResult r = read_csa("PI82HI\n-\n-3334FU\n-3344FU\n");
  REQUIRE(r.record);
  CHECK(r.record->sfen == "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
  CHECK_FALSE(r.record->moves[0].wrong_side);
  CHECK(r.record->moves[1].wrong_side);
}

TEST_CASE("a broken CSA record is refused at its line") {
  const ReadResult r = read_csa("PI\n+\n+7776FU\n+77XXFU\n");
  REQUIRE_FALSE(r.record);
  CHECK(r.error.line == 4);
  CHECK(read_csa("PI\n+\n%RESIGN\n").error.line == 3);
  CHECK(read_csa("+7776FU\n").error.line == 1);
}

TEST_CASE("KIF moves read 同, 成, 不成 and 打, and the handicap sets the start") {
  const ReadResult r = read_kif(
      "手合割：香落ち\n手数----指手---------消費時間--\n   1 ３四歩(33)   ( 0:01/00:00:01)\n"
      "   2 ７六歩(77)\n   3 ８八角成(22)\n   4 同　銀不成(79)\n   5 ５五角打\n   6 中断\n");
  REQUIRE(r.record);
  CHECK(r.record->sfen == "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
  REQUIRE(r.record->moves.size() == 5);
  CHECK(r.record->moves[2].usi == "2b8h+");
  CHECK(r.record->moves[3].usi == "7i8h");
  CHECK(r.record->moves[4].usi == "B*5e");
  CHECK(r.record->end == RecordEnd::interrupt);
}

TEST_CASE("KIF reading stops at the first variation") {
  const ReadResult r = read_kif("   1 ７六歩(77)\n   2 投了\n\n変化：2手\n   2 ３四歩(33)\n");
  REQUIRE(r.record);
  CHECK(r.record->moves.size() == 1);
  CHECK(r.record->end == RecordEnd::resign);
}

TEST_CASE("a broken KIF record is refused at its line") {
  CHECK(read_kif("手合割：九枚落ち\n").error.line == 1);
  CHECK(read_kif("   1 ７六歩(77)\n   3 ３四歩(33)\n").error.line == 2);
  CHECK(read_kif("   1 ７六歩\n").error.line == 1);
  CHECK(read_kif("   1 同　歩(77)\n").error.line == 1);
}

TEST_CASE("a game resigned before any move is written as a USI line that reads back") {
  const auto shogi = koma::Variant::load(koma::test::standard_shogi()).value();
  Record resigned;
  resigned.end = RecordEnd::resign;
  const JudgeResult judged = judge(shogi, resigned);
  REQUIRE(judged.judged);
  const std::string line = write_usi(*judged.judged);
  CHECK(line == "position startpos moves resign\n");
  const ReadResult again = read_usi(line);
  REQUIRE(again.record);
  CHECK(again.record->moves.empty());
  CHECK(again.record->end == RecordEnd::resign);
}

TEST_CASE("a record whose start has more of a kind of piece than the game is refused") {
  const auto shogi = koma::Variant::load(koma::test::standard_shogi()).value();
  Record four_bishops = read_usi("position sfen 4k4/9/9/9/9/9/9/9/BB2K2BB b - 1 moves 9i8h").record.value();
  const JudgeResult refused = judge(shogi, four_bishops);
  CHECK_FALSE(refused.judged);
  CHECK(refused.error.message.find("the game starts with 2") != std::string::npos);
  Record two_bishops = read_usi("position sfen 4k4/9/9/9/9/9/9/9/B3K3B b - 1 moves 9i8h").record.value();
  CHECK(judge(shogi, two_bishops).judged);
}
