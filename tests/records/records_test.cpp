// The record readers on small texts: what each reads, and where it says a record is broken.
#include <catch2/catch.hpp>

#include "notation_tables.h"
#include "record.h"
#include "support/variants.h"
#include "text_encoding.h"

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

TEST_CASE("KIF variations are read as a tree, each from the last line with its move") {
  const ReadResult r = read_kif(
      "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 投了\n"
      "変化：3手\n   3 ６六歩(67)\n   4 ８四歩(83)\n"
      "変化：4手\n   4 ４四歩(43)\n   5 投了\n"
      "変化：3手\n   3 ２六歩(27)\n"
      "変化：2手\n   2 同　歩(77)\n");
  REQUIRE(r.record);
  const Record& rec = *r.record;
  CHECK(rec.moves.size() == 3);
  CHECK(rec.end == RecordEnd::resign);
  REQUIRE(rec.moves[2].variations.size() == 2);  // 変化：3手 twice: two moves in the place of 3
  const RecordLine& first = rec.moves[2].variations[0];
  CHECK(first.line == 5);
  REQUIRE(first.moves.size() == 2);
  REQUIRE(first.moves[1].variations.size() == 1);  // 変化：4手 branches from the variation
  CHECK(first.moves[1].variations[0].moves[0].usi == "4c4d");
  CHECK(first.moves[1].variations[0].end == RecordEnd::resign);
  CHECK(rec.moves[2].variations[1].moves[0].usi == "2g2f");
  REQUIRE(rec.moves[1].variations.size() == 1);
  // 同 in a variation is the square of the move before it branches.
  CHECK(rec.moves[1].variations[0].moves[0].usi == "7g7f");
}

TEST_CASE("a broken KIF record is refused at its line") {
  CHECK(read_kif("手合割：九枚落ち\n").error.line == 1);
  CHECK(read_kif("   1 ７六歩(77)\n   3 ３四歩(33)\n").error.line == 2);
  CHECK(read_kif("   1 ７六歩\n").error.line == 1);
  CHECK(read_kif("   1 同　歩(77)\n").error.line == 1);
}

TEST_CASE("a game resigned before any move is written as a USI command that reads back") {
  const auto shogi = koma::Variant::load(koma::test::standard_shogi()).value();
  Record resigned;
  resigned.end = RecordEnd::resign;
  const JudgeResult judged = judge(shogi, resigned);
  REQUIRE(judged.judged);
  const std::string line = write_usi(*judged.judged);
  // The position command holds no `resign`, which no engine takes there.
  CHECK(line == "position startpos\nbestmove resign\n");
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

namespace {

/// The judge's answer to a record read from `text` by `reader`, on standard shogi.
template <typename Reader>
JudgeResult judge_text(Reader reader, const std::string& text) {
  const auto shogi = koma::Variant::load(koma::test::standard_shogi()).value();
  const ReadResult read = reader(text);
  REQUIRE(read.record);
  return judge(shogi, *read.record);
}

constexpr const char* kDiagramRows =
    "|v香v桂v銀v金v玉v金v銀v桂v香|一\n| ・v飛 ・ ・ ・ ・ ・v角 ・|二\n"
    "|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
    "| 歩 歩 歩 歩 歩 歩 歩 歩 歩|七\n| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八\n"
    "| 香 桂 銀 金 玉 金 銀 桂 香|九\n";

}  // namespace

TEST_CASE("a KIF with two 手合割 lines is refused at the second") {
  const ReadResult r = read_kif("手合割：平手\n手合割：香落ち\n   1 ７六歩(77)\n");
  REQUIRE_FALSE(r.record);
  CHECK(r.error.line == 2);
  CHECK(r.error.code == "kif-handicap-twice");
  CHECK(r.error.message.find("'香落ち'") != std::string::npos);
}

TEST_CASE("a KIF whose 手合割 is not its board diagram's position is refused at the 手合割") {
  const std::string diagram = std::string("後手の持駒：なし\n") + kDiagramRows + "先手の持駒：なし\n";
  const ReadResult wrong = read_kif("手合割：香落ち\n" + diagram + "   1 ７六歩(77)\n");
  REQUIRE_FALSE(wrong.record);
  CHECK(wrong.error.line == 1);
  CHECK(wrong.error.code == "kif-handicap-diagram");
  // A 手合割 that agrees with the diagram is fine.
  const ReadResult right = read_kif("手合割：平手\n" + diagram + "   1 ７六歩(77)\n");
  REQUIRE(right.record);
  CHECK(right.record->sfen == "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
}

TEST_CASE("an empty record file holds no game, but a header with no moves is a game") {
  for (const ReadResult& r : {read_kif(""), read_kif("\n\n# a comment\n"), read_csa(""), read_csa("'only\n"),
                              read_usi(""), read_usi(" \n\n")}) {
    REQUIRE_FALSE(r.record);
    CHECK(r.error.code == "empty-record");
    CHECK(r.error.line == 1);
    CHECK(r.error.message == "the record holds no game");
  }
  CHECK(read_kif("手合割：平手\n").record->moves.empty());
  CHECK(read_csa("V2.2\nPI\n+\n").record->moves.empty());
  CHECK(read_usi("position startpos").record->moves.empty());
}

TEST_CASE("a CSA version line is one koma reads") {
  for (const char* v : {"V2", "V2.1", "V2.2", "V3.0"}) {
    CHECK(read_csa(std::string(v) + "\nPI\n+\n+7776FU\n").record);
  }
  const ReadResult r = read_csa("V9.9\nPI\n+\n");
  REQUIRE_FALSE(r.record);
  CHECK(r.error.line == 1);
  CHECK(r.error.code == "csa-version");
  CHECK(r.error.message.find("'V9.9'") != std::string::npos);
}

TEST_CASE("a start with a piece that could never move is refused, in every format") {
  const JudgeResult usi = judge_text(read_usi, "sfen 4k3P/9/9/9/9/9/9/9/4K4 b - 1 moves 5i5h");
  REQUIRE_FALSE(usi.judged);
  CHECK(usi.error.code == "start-dead-piece");
  CHECK(usi.error.message.find("'P' on 1a") != std::string::npos);
  const JudgeResult knight = judge_text(read_usi, "position sfen 4k4/9/9/9/9/9/9/n8/4K4 b - 1");
  REQUIRE_FALSE(knight.judged);
  CHECK(knight.error.message.find("'n' on 9h") != std::string::npos);
  const JudgeResult csa = judge_text(read_csa,
      "P1 *  *  *  * -OU *  *  * +KY\nP2 * \nP3 * \nP4 * \nP5 * \nP6 * \nP7 * \nP8 * \n"
      "P9 *  *  *  * +OU\n+\n");
  REQUIRE_FALSE(csa.judged);
  CHECK(csa.error.code == "start-dead-piece");
  CHECK(csa.error.line == 10);
  std::string rows = kDiagramRows;
  // The pawn of 9g on 9a, in the place of gote's lance.
  rows.replace(rows.find("| 歩 歩"), std::string("| 歩 歩").size(), "| ・ 歩");
  rows.replace(rows.find("|v香v桂"), std::string("|v香v桂").size(), "| 歩v桂");
  const JudgeResult kif = judge_text(read_kif, "後手の持駒：なし\n" + rows + "先手の持駒：なし\n");
  REQUIRE_FALSE(kif.judged);
  CHECK(kif.error.code == "start-dead-piece");
  CHECK(kif.error.line == 2);
  // A pawn on the second rank and a knight on the third can still move.
  CHECK(judge_text(read_usi, "sfen 4k4/8P/7N1/9/9/9/9/9/4K4 b - 1").judged);
}

TEST_CASE("a first move by the side not to move is refused as such, not as moving twice") {
  const JudgeResult csa = judge_text(read_csa, "PI\n+\n-3334FU\n");
  REQUIRE_FALSE(csa.judged);
  CHECK(csa.error.code == "wrong-side");
  CHECK(csa.error.line == 3);
  CHECK(csa.error.message == "move 1 '-3334FU' is gote's, but sente is to move");
  const JudgeResult usi = judge_text(read_usi, "position startpos moves 3c3d");
  REQUIRE_FALSE(usi.judged);
  CHECK(usi.error.code == "wrong-side");
  CHECK(usi.error.message == "move 1 '3c3d' is gote's, but sente is to move");
  const JudgeResult kif = judge_text(read_kif, "手合割：香落ち\n   1 ７六歩(77)\n");
  REQUIRE_FALSE(kif.judged);
  CHECK(kif.error.code == "wrong-side");
  // A sign that is the side to move's, on the other side's piece, is no double move either.
  const JudgeResult sign = judge_text(read_csa, "PI\n+\n+7776FU\n-7675FU\n");
  REQUIRE_FALSE(sign.judged);
  CHECK(sign.error.code == "wrong-side");
  CHECK(sign.error.message == "move 2 '-7675FU' is gote's, but moves a piece of sente");
}

TEST_CASE("a side moving twice in a row stays the foul of moving twice") {
  for (const JudgeResult& j : {judge_text(read_csa, "PI\n+\n+7776FU\n+2726FU\n"),
                               judge_text(read_usi, "position startpos moves 7g7f 2g2f")}) {
    REQUIRE(j.judged);
    CHECK(j.judged->verdict.status.foul == koma::Foul::wrong_side);
    CHECK(j.judged->verdict.plies == 2);
  }
}

TEST_CASE("a BOM and CR-only line ends are read in every format") {
  const ReadResult usi = read_usi("\xEF\xBB\xBFposition startpos moves 7g7f 3c3d\r\n");
  REQUIRE(usi.record);
  CHECK(usi.record->moves.size() == 2);
  const ReadResult kif = read_kif("手合割：平手\r   1 ７六歩(77)\r   2 ３四歩(33)\r   3 投了\r");
  REQUIRE(kif.record);
  REQUIRE(kif.record->moves.size() == 2);
  CHECK(kif.record->moves[1].line == 3);
  CHECK(kif.record->end == RecordEnd::resign);
  const ReadResult csa = read_csa("V2.2\rPI\r+\r+7776FU\r-3334FU\r%TORYO\r");
  REQUIRE(csa.record);
  CHECK(csa.record->moves.size() == 2);
  CHECK(csa.record->end_line == 6);
  const ReadResult lines = read_usi("position startpos moves 7g7f\r3c3d\rresign");
  REQUIRE(lines.record);
  CHECK(lines.record->moves[1].line == 2);
}

TEST_CASE("a USI record may leave out `position`") {
  const ReadResult sfen = read_usi("sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1 moves 5i5h 5a5b");
  REQUIRE(sfen.record);
  CHECK(sfen.record->sfen == "4k4/9/9/9/9/9/9/9/4K4 b P 1");
  CHECK(sfen.record->moves.size() == 2);
  const ReadResult start = read_usi("startpos moves 7g7f");
  REQUIRE(start.record);
  CHECK(start.record->sfen.empty());
  CHECK(start.record->moves.size() == 1);
  CHECK(read_usi("position sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1").record->moves.empty());
  CHECK(read_usi("sfen").error.code == "usi-sfen");
}

TEST_CASE("a USI record ends its position command at the moves, and resign and win follow it") {
  const auto shogi = koma::Variant::load(koma::test::standard_shogi()).value();
  const JudgeResult judged = judge(shogi, read_usi("position startpos moves 7g7f 3c3d resign").record.value());
  REQUIRE(judged.judged);
  const std::string line = write_usi(*judged.judged);
  CHECK(line == "position startpos moves 7g7f 3c3d\nbestmove resign\n");
  const ReadResult again = read_usi(line);
  REQUIRE(again.record);
  CHECK(again.record->moves.size() == 2);
  CHECK(again.record->end == RecordEnd::resign);
  CHECK(again.record->end_line == 2);
  const ReadResult sfen_then_resign = read_usi("position sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1\nbestmove resign\n");
  REQUIRE(sfen_then_resign.record);
  CHECK(sfen_then_resign.record->sfen == "4k4/9/9/9/9/9/9/9/4K4 b P 1");
  CHECK(sfen_then_resign.record->end == RecordEnd::resign);
  CHECK(read_usi("7g7f bestmove 3c3d").error.code == "usi-end-word");
}

TEST_CASE("a record in Shift-JIS is read as the same text as in UTF-8") {
  const std::string utf8 = "手合割：平手\n   1 ７六歩(77)\n*角道を開ける\n";
  // The same text in CP932, byte by byte (as iconv -t CP932 writes it).
  const std::string sjis =
      "\x8e\xe8\x8d\x87\x8a\x84\x81\x46\x95\xbd\x8e\xe8\n   1 \x82\x56\x98\x5a\x95\xe0(77)\n"
      "*\x8a\x70\x93\xb9\x82\xf0\x8a\x4a\x82\xaf\x82\xe9\n";
  const DecodedText detected = decode_record(sjis, Encoding::detect);
  REQUIRE(detected.text);
  CHECK(*detected.text == utf8);
  CHECK(detected.found == Encoding::shift_jis);
  const DecodedText plain = decode_record(utf8, Encoding::detect);
  REQUIRE(plain.text);
  CHECK(*plain.text == utf8);
  CHECK(plain.found == Encoding::utf8);
  CHECK(decode_record(sjis, Encoding::shift_jis).text == utf8);
  std::string error;
  CHECK(to_shift_jis(utf8, error) == sjis);
  CHECK(error.empty());
}

TEST_CASE("bytes in neither encoding, or in the wrong one, are refused at their line") {
  // 0xFF is no byte of UTF-8, nor of Shift-JIS.
  const DecodedText neither = decode_record("PI\n*\x82\x56\xff\n", Encoding::detect);
  REQUIRE_FALSE(neither.text);
  CHECK(neither.error.line == 2);
  CHECK(neither.error.code == "encoding-unknown");
  CHECK(neither.error.message == "'*７\\xff' is neither UTF-8 nor Shift-JIS");
  const DecodedText not_utf8 = decode_record("V2.2\n\n'\x82\x56\n", Encoding::utf8);
  REQUIRE_FALSE(not_utf8.text);
  CHECK(not_utf8.error.line == 3);
  CHECK(not_utf8.error.code == "encoding-not-utf8");
  CHECK(not_utf8.error.message == "''\\x82V' is not UTF-8");
  const DecodedText not_sjis = decode_record("PI\r\n+\r\n'\xa0\r\n", Encoding::shift_jis);
  REQUIRE_FALSE(not_sjis.text);
  CHECK(not_sjis.error.line == 3);
  CHECK(not_sjis.error.code == "encoding-not-shift-jis");
  // A .kifu is UTF-8: its Shift-JIS is refused.
  CHECK(encoding_of_extension("kifu") == Encoding::utf8);
  CHECK(encoding_of_extension("kif") == Encoding::detect);
  // A long line is quoted by its end, where the bad byte is.
  const DecodedText long_line = decode_record("*" + std::string(100, 'a') + "\xff", Encoding::utf8);
  CHECK(long_line.error.message == "'..." + std::string(24, 'a') + "\\xff' is not UTF-8");
}

TEST_CASE("a record of UTF-8 and Shift-JIS lines is refused at the line that breaks the first") {
  const DecodedText sjis_later = decode_record("先手：谷川\n後手：\x8d\xb2\x93\xa1\n", Encoding::detect);
  REQUIRE_FALSE(sjis_later.text);
  CHECK(sjis_later.error.code == "encoding-mixed");
  CHECK(sjis_later.error.line == 2);
  CHECK(sjis_later.error.message == "'後手：\\x8d\\xb2\\x93\\xa1' is not UTF-8, but line 1 is");
  const DecodedText utf8_later = decode_record("先手：\x92\x4a\x90\xec\n*\n後手：佐藤\n", Encoding::detect);
  REQUIRE_FALSE(utf8_later.text);
  CHECK(utf8_later.error.code == "encoding-mixed");
  CHECK(utf8_later.error.line == 3);
  CHECK(utf8_later.error.message == "'後手：佐藤' is UTF-8, but line 1 is not");
  // Given the encoding, the bytes are read in it alone.
  CHECK_FALSE(decode_record("後手：佐藤\n後手：\x8d\xb2\x93\xa1\n", Encoding::utf8).error.code.empty());
}

TEST_CASE("a character with no Shift-JIS code is not written") {
  std::string error;
  CHECK_FALSE(to_shift_jis("*♔ wins", error));
  CHECK(error == "'♔' has no Shift-JIS code");
}

TEST_CASE("KIF headers, comments, times and the closing line are kept") {
  const ReadResult r = read_kif(
      "開始日時：1999/04/08\n棋戦：名人戦\n手合割：平手　　\n先手：谷川\n後手：佐藤\n持ち時間：各9時間\n"
      "手数----指手---------消費時間--\n*序盤\n   1 ７六歩(77)   ( 0:16/00:00:16)\n*角道を開ける\n*二行目\n"
      "   2 ３四歩(33)   (12:05/01:12:05)+\n   3 投了         ( 0:01/00:00:17)\n*終局\nまで2手で後手の勝ち\n");
  REQUIRE(r.record);
  const Record& rec = *r.record;
  REQUIRE(rec.headers.size() == 6);
  CHECK(rec.headers[0].key == "開始日時");
  CHECK(rec.headers[2].value == "平手");  // the full-width padding is not the value
  CHECK(rec.headers[5].line == 6);
  CHECK(rec.comments == std::vector<std::string>{"序盤"});
  CHECK(rec.moves[0].comments == std::vector<std::string>{"角道を開ける", "二行目"});
  CHECK(rec.moves[0].time.seconds == 16);
  CHECK(rec.moves[1].time.seconds == 725);
  CHECK(rec.moves[1].time.total == 4325);
  CHECK(rec.end_time.seconds == 1);
  CHECK(rec.end_comments == std::vector<std::string>{"終局"});
  CHECK(rec.summary == "まで2手で後手の勝ち");
}

TEST_CASE("a broken KIF header, time or header after the moves is refused at its line") {
  const ReadResult empty_key = read_kif("：平手\n   1 ７六歩(77)\n");
  CHECK(empty_key.error.code == "kif-header");
  CHECK(empty_key.error.line == 1);
  const ReadResult late = read_kif("   1 ７六歩(77)\n先手：谷川\n");
  CHECK(late.error.code == "kif-header-after-moves");
  CHECK(late.error.line == 2);
  CHECK(late.error.message == "the header '先手：谷川' comes after the moves");
  CHECK(read_kif("   1 ７六歩(77)   ( 0:61/00:01:01)\n").error.code == "kif-move-end");
  CHECK(read_kif("   1 ７六歩(77) ７七\n").error.code == "kif-move-end");
  CHECK(read_kif("   1 ７六歩(77)\n   2 投了 x\n").error.line == 2);
}

TEST_CASE("CSA names, headers, comments and times are kept") {
  const ReadResult r = read_csa("'start\nV2.2\nN+谷川\nN-佐藤\n$EVENT:名人戦, 第1局\n$NOTE:x\nPI\n+\n"
                                "+7776FU,T16\n'角道\n-3334FU\nT5\n%TORYO\nT1\n'end\n");
  REQUIRE(r.record);
  const Record& rec = *r.record;
  REQUIRE(rec.headers.size() == 4);
  CHECK(rec.headers[0].key == "先手");
  CHECK(rec.headers[0].value == "谷川");
  CHECK(rec.headers[2].key == "棋戦");
  CHECK(rec.headers[2].value == "名人戦, 第1局");
  CHECK(rec.headers[3].key == "$NOTE");
  CHECK(rec.comments == std::vector<std::string>{"start"});
  CHECK(rec.moves[0].time.seconds == 16);
  CHECK(rec.moves[0].comments == std::vector<std::string>{"角道"});
  CHECK(rec.moves[1].time.seconds == 5);
  CHECK(rec.end_time.seconds == 1);
  CHECK(rec.end_comments == std::vector<std::string>{"end"});
  CHECK(read_csa("PI\n+\nT5\n").error.code == "csa-time");
  CHECK(read_csa("PI\n+\n+7776FU,Tx\n").error.code == "csa-time");
  CHECK(read_csa("$EVENT\nPI\n+\n").error.code == "csa-header");
  CHECK(read_csa("PI\nNx\n+\n").error.line == 2);
}

TEST_CASE("the KIF and CSA writers write back the headers, comments and times") {
  const auto shogi = koma::Variant::load(koma::test::standard_shogi()).value();
  const Record rec = read_csa("V2.2\nN+谷川\n$EVENT:名人戦\n$NOTE:x\nPI\n+\n+7776FU\nT16\n'角道\n-3334FU\n%TORYO\n").record.value();
  const JudgeResult judged = judge(shogi, rec);
  REQUIRE(judged.judged);
  std::string error;
  CHECK(write_kif(*judged.judged, error) ==
        "先手：谷川\n棋戦：名人戦\n$NOTE：x\n手合割：平手\n手数----指手---------消費時間--\n"
        "   1 ７六歩(77)   ( 0:16/00:00:16)\n*角道\n   2 ３四歩(33)   ( 0:00/00:00:00)\n"
        "   3 投了         ( 0:00/00:00:16)\n");
  CHECK(write_csa(*judged.judged, error) ==
        "V2.2\nN+谷川\n$EVENT:名人戦\n$NOTE:x\nPI\n+\n+7776FU\nT16\n'*角道\n-3334FU\n%TORYO\n");
  // `'*` is a comment's mark, read without its star.
  CHECK(read_csa("PI\n+\n+7776FU\n'*角道\n").record->moves[0].comments == std::vector<std::string>{"角道"});
  CHECK(error.empty());
}

TEST_CASE("a variation from a move no line has, or a move after the end, is refused at its line") {
  const ReadResult missing = read_kif("   1 ７六歩(77)\n   2 ３四歩(33)\n変化：3手\n   3 ２六歩(27)\n");
  REQUIRE_FALSE(missing.record);
  CHECK(missing.error.code == "kif-variation-branch");
  CHECK(missing.error.line == 3);
  CHECK(read_kif("   1 ７六歩(77)\n変化：手\n").error.code == "kif-variation");
  const ReadResult after = read_kif("   1 ７六歩(77)\n   2 投了\n   3 ２六歩(27)\n");
  CHECK(after.error.code == "move-after-end");
  CHECK(after.error.line == 3);
  const ReadResult after_variation = read_kif("   1 ７六歩(77)\n   2 ３四歩(33)\n変化：2手\n   2 投了\n   3 ２六歩(27)\n");
  CHECK(after_variation.error.code == "move-after-end");
  CHECK(after_variation.error.line == 5);
  // A variation's moves must be legal, though the judge judges the main line.
  const JudgeResult illegal = judge_text(read_kif, "   1 ７六歩(77)\n   2 ３四歩(33)\n変化：2手\n   2 ３五歩(33)\n");
  REQUIRE_FALSE(illegal.judged);
  CHECK(illegal.error.code == "variation-move");
  CHECK(illegal.error.line == 4);
}

TEST_CASE("a JKF record is read with its headers, comments, times, end and forks") {
  const ReadResult r = read_jkf(R"({
  "header": {"先手": "谷川", "棋戦": "名人戦"},
  "initial": {"preset": "HIRATE"},
  "moves": [
    {"comments": ["序盤"]},
    {"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"},
     "time": {"now": {"m": 1, "s": 5}, "total": {"h": 0, "m": 1, "s": 5}}, "comments": ["角道"]},
    {"move": {"from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "FU"},
     "forks": [[{"move": {"from": {"x": 8, "y": 3}, "to": {"x": 8, "y": 4}, "piece": "FU"}}, {"special": "CHUDAN"}]]},
    {"move": {"from": {"x": 8, "y": 8}, "to": {"x": 2, "y": 2}, "piece": "KA", "promote": true, "capture": "KA"}},
    {"move": {"from": {"x": 3, "y": 1}, "same": true, "piece": "GI"}},
    {"move": {"to": {"x": 4, "y": 5}, "piece": "KA", "relative": "H"}},
    {"special": "TORYO", "comments": ["終局"]}
  ]
})");
  REQUIRE(r.record);
  const Record& rec = *r.record;
  CHECK(rec.headers.size() == 2);
  CHECK(rec.headers[0].key == "先手");
  CHECK(rec.headers[0].line == 2);
  CHECK(rec.comments == std::vector<std::string>{"序盤"});
  REQUIRE(rec.moves.size() == 5);
  CHECK(rec.moves[0].usi == "7g7f");
  CHECK(rec.moves[0].time.seconds == 65);
  CHECK(rec.moves[0].time.total == 65);
  CHECK(rec.moves[0].comments == std::vector<std::string>{"角道"});
  CHECK(rec.moves[2].usi == "8h2b+");
  CHECK(rec.moves[3].usi == "3a2b");
  CHECK(rec.moves[4].usi == "B*4e");
  REQUIRE(rec.moves[1].variations.size() == 1);
  CHECK(rec.moves[1].variations[0].moves[0].usi == "8c8d");
  CHECK(rec.moves[1].variations[0].end == RecordEnd::interrupt);
  CHECK(rec.end == RecordEnd::resign);
  CHECK(rec.end_comments == std::vector<std::string>{"終局"});
}

TEST_CASE("a JKF record koma writes reads back as the same tree") {
  const auto shogi = koma::Variant::load(koma::test::standard_shogi()).value();
  const Record rec = read_kif(
      "先手：甲\n手数----指手---------消費時間--\n*はじめ\n   1 ７六歩(77)   ( 0:03/00:00:03)\n"
      "   2 ３四歩(33)   ( 0:04/00:00:04)+\n*横歩\n   3 ２二角成(88) ( 0:01/00:00:04)\n   4 同　銀(31)   ( 0:02/00:00:06)\n"
      "   5 ４五角打     ( 0:05/00:00:09)\n   6 投了         ( 0:07/00:00:13)\n"
      "\n変化：2手\n   2 ８四歩(83)   ( 0:09/00:00:09)\n*居飛車\n   3 中断         ( 0:00/00:00:03)\n").record.value();
  const JudgeResult judged = judge(shogi, rec);
  REQUIRE(judged.judged);
  std::string error;
  const std::string jkf = write_jkf(*judged.judged, error);
  REQUIRE(error.empty());
  const ReadResult back = read_jkf(jkf);
  REQUIRE(back.record);
  const Record& b = *back.record;
  CHECK(b.headers.size() == 1);
  CHECK(b.comments == rec.comments);
  REQUIRE(b.moves.size() == rec.moves.size());
  for (std::size_t i = 0; i < b.moves.size(); ++i) {
    CHECK(b.moves[i].usi == rec.moves[i].usi);
    CHECK(b.moves[i].comments == rec.moves[i].comments);
    CHECK(b.moves[i].time.seconds == rec.moves[i].time.seconds);
    CHECK(b.moves[i].time.total == rec.moves[i].time.total);
  }
  REQUIRE(b.moves[1].variations.size() == 1);
  const RecordLine& fork = b.moves[1].variations[0];
  CHECK(fork.moves[0].usi == "8c8d");
  CHECK(fork.moves[0].comments == std::vector<std::string>{"居飛車"});
  CHECK(fork.end == RecordEnd::interrupt);
  CHECK(b.end == RecordEnd::resign);
  CHECK(b.end_time.seconds == 7);
  CHECK(jkf.find("\"same\": true") != std::string::npos);
  CHECK(jkf.find("\"relative\"") == std::string::npos);  // no move here needs one
  // ...and the KIF written from it is the KIF written from the record.
  const JudgeResult again = judge(shogi, b);
  REQUIRE(again.judged);
  CHECK(write_kif(*again.judged, error) == write_kif(*judged.judged, error));
}

TEST_CASE("JKF writes 右, 左, 直, 上, 引, 寄 and 打 as relative, and a board that is no preset as OTHER") {
  // The words come from Japanese notation, which needs the pieces' Japanese names.
  koma::ir::RuleSet rules = koma::test::standard_shogi();
  for (koma::ir::PieceType& piece : rules.pieces) piece.native_name = std::string(format_name(kKifNames, piece.symbol));
  const auto shogi = koma::Variant::load(std::move(rules)).value();
  Record rec;
  rec.sfen = "4k4/9/9/9/9/9/9/3G1G3/4K4 b P 1";
  rec.moves.push_back(RecordMove{"6h5h", 1, false, false, "", {}, {}, {}});
  const JudgeResult judged = judge(shogi, rec);
  REQUIRE(judged.judged);
  std::string error;
  const std::string jkf = write_jkf(*judged.judged, error);
  CHECK(jkf.find("\"relative\": \"L\"") != std::string::npos);  // ５八金左
  CHECK(jkf.find("\"preset\": \"OTHER\"") != std::string::npos);
  const ReadResult back = read_jkf(jkf);
  REQUIRE(back.record);
  CHECK(back.record->sfen == rec.sfen);
  CHECK(back.record->moves[0].usi == "6h5h");
}

TEST_CASE("a broken JKF record is refused at its line and column") {
  const ReadResult json = read_jkf("{\"moves\": [\n  {},\n  {\"move\": {\"to\": {\"x\": 7 \"y\": 6}}}\n]}");
  CHECK(json.error.code == "jkf-json");
  CHECK(json.error.line == 3);
  CHECK(json.error.column == 27);
  const ReadResult piece = read_jkf("{\"moves\": [{},\n {\"move\": {\"to\": {\"x\": 5, \"y\": 5}, \"piece\": \"XX\"}}]}");
  CHECK(piece.error.code == "jkf-piece");
  CHECK(piece.error.line == 2);
  CHECK(piece.error.column == 45);
  CHECK(piece.error.message.find("'XX'") != std::string::npos);
  CHECK(read_jkf("{\"moves\": [], \"moves\": []}").error.code == "jkf-json");  // a key twice
  CHECK(read_jkf("{\"moves\": [],}").error.code == "jkf-json");                 // a trailing comma
  CHECK(read_jkf("{\"moves\": [{}], \"extra\": 1}").error.code == "jkf-key");
  CHECK(read_jkf("{\"moves\": [{}, {\"special\": \"RESIGN\"}]}").error.code == "jkf-special");
  CHECK(read_jkf("{\"moves\": [{}, {\"move\": {\"to\": {\"x\": 0, \"y\": 5}, \"piece\": \"FU\"}}]}").error.code == "jkf-number");
  CHECK(read_jkf("{\"moves\": [{}, {\"move\": {\"same\": true, \"piece\": \"FU\"}}]}").error.code == "jkf-same");
  CHECK(read_jkf("{\"moves\": [{}, {\"special\": \"TORYO\"}, {\"special\": \"TORYO\"}]}").error.code == "move-after-end");
  CHECK(read_jkf("{\"initial\": {\"preset\": \"XX\"}, \"moves\": []}").error.code == "jkf-preset");
  CHECK(read_jkf("[1]").error.code == "jkf-type");
  CHECK(read_jkf(std::string(600, '[') + std::string(600, ']')).error.code == "jkf-json");
}

TEST_CASE("a JKF move of the side that has just moved is marked, as a CSA sign is") {
  const ReadResult r = read_jkf("{\"moves\": [{}, {\"move\": {\"color\": 0, \"from\": {\"x\": 7, \"y\": 7}, \"to\": {\"x\": 7, \"y\": 6}, \"piece\": \"FU\"}},"
                                " {\"move\": {\"color\": 0, \"from\": {\"x\": 2, \"y\": 7}, \"to\": {\"x\": 2, \"y\": 6}, \"piece\": \"FU\"}}]}");
  REQUIRE(r.record);
  CHECK_FALSE(r.record->moves[0].wrong_side);
  CHECK(r.record->moves[1].wrong_side);
}

TEST_CASE("a CSA file of several games is read game by game, a problem located in its game") {
  const std::string two = "V2.2\nN+甲\nPI\n+\n+7776FU\n%TORYO\n/\nPI\n+\n+2726FU\n-3334FU\n/\n";
  const GamesRead games = read_csa_games(two);
  REQUIRE(games.games.size() == 2);
  CHECK(games.games[0].moves.size() == 1);
  CHECK(games.games[0].end == RecordEnd::resign);
  CHECK(games.games[1].moves.size() == 2);
  CHECK(games.games[1].moves[1].line == 11);
  CHECK(games.games[1].headers.empty());
  const ReadResult one = read_csa(two);
  CHECK(one.error.code == "csa-several-games");
  CHECK(one.error.line == 7);
  const GamesRead broken = read_csa_games("PI\n+\n+7776FU\n/\nPI\n+\n+77XXFU\n");
  CHECK(broken.games.empty());
  CHECK(broken.game == 2);
  CHECK(broken.error.line == 7);
  CHECK(read_csa_games("PI\n+\n/\n/\nPI\n+\n").game == 2);  // an empty game between two
  CHECK(read_csa_games("PI\n+\n+7776FU\n").games.size() == 1);
  CHECK(read_csa_games("PI\n+\n+77XXFU\n").game == 0);  // a file of one game
  CHECK(read_csa_games("PI\n+\n+77XXFU\n/\nPI\n+\n").game == 1);
}
