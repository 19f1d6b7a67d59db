// Moves in words: Japanese notation with the JSA words (右左直上引寄, 同, 打, 成/不成), Western
// notation, Japanese moves read back against the legal moves, and KI2 records.
#include <catch2/catch.hpp>

#include "notation.h"
#include "notation_tables.h"
#include "support/variants.h"

using namespace koma;
using namespace koma::records;

namespace {

/// Standard shogi with the Japanese names of its pieces (the KIF names of their letters).
std::shared_ptr<const Variant> named_shogi() {
  ir::RuleSet rules = test::standard_shogi();
  for (ir::PieceType& piece : rules.pieces) piece.native_name = std::string(format_name(kKifNames, piece.symbol));
  return Variant::load(std::move(rules)).value();
}

Position at(const std::string& sfen, const std::string& moves = "") {
  Position p(named_shogi());
  if (!sfen.empty()) REQUIRE(p.set_sfen(sfen));
  std::size_t start = 0;
  while (start < moves.size()) {
    const std::size_t end = std::min(moves.find(' ', start), moves.size());
    p.make(p.parse_move(moves.substr(start, end - start)).value());
    start = end + 1;
  }
  return p;
}

int last_to(const Position& p) { return p.last_move().is_none() ? -1 : p.last_move().to(); }

std::string japanese(const Position& p, const std::string& usi, SideSigns signs = SideSigns::pieces) {
  auto text = japanese_move(p, p.parse_move(usi).value(), last_to(p), signs);
  REQUIRE(text);
  return *text;
}

std::string western(const Position& p, const std::string& usi) { return western_move(p, p.parse_move(usi).value()); }

/// Every legal move of `p` reads back from its Japanese text as itself.
void reads_back(const Position& p) {
  for (const Move m : p.legal_moves()) {
    const std::string text = japanese_move(p, m, last_to(p)).value();
    auto read = read_japanese_move(p, text, last_to(p));
    INFO(text);
    REQUIRE(read);
    CHECK(*read == m);
  }
}

constexpr const char* kThreeWays = "4k4/9/9/4G4/5G3/4G4/9/9/4K4 b - 1";
constexpr const char* kStraight = "4k4/9/9/9/9/9/9/4GG3/4K4 b - 1";
constexpr const char* kRightUp = "4k4/9/9/9/9/9/5G3/3G1G3/4K4 b - 1";

}  // namespace

TEST_CASE("右 and 左 tell apart two golds going up to one square, as each side sees the board") {
  const Position start = at("");
  CHECK(japanese(start, "4i5h") == "☗５八金右");
  CHECK(japanese(start, "6i5h") == "☗５八金左");
  CHECK(japanese(start, "7g7f") == "☗７六歩");
  const Position gote = at("", "7g7f");
  CHECK(japanese(gote, "6a5b") == "☖５二金右");
  CHECK(japanese(gote, "4a5b", SideSigns::triangles) == "△５二金左");
  CHECK(japanese(gote, "3c3d", SideSigns::none) == "３四歩");
}

TEST_CASE("直 is a gold's straight step forward beside another; the other is 右") {
  const Position p = at(kStraight);
  CHECK(japanese(p, "5h5g") == "☗５七金直");
  CHECK(japanese(p, "4h5g") == "☗５七金右");
}

TEST_CASE("上, 寄 and 引 name the direction when it singles out the piece") {
  const Position p = at(kThreeWays);
  CHECK(japanese(p, "5f5e") == "☗５五金上");
  CHECK(japanese(p, "4e5e") == "☗５五金寄");
  CHECK(japanese(p, "5d5e") == "☗５五金引");
}

TEST_CASE("右上: the place and the direction together when neither alone is enough") {
  const Position p = at(kRightUp);
  CHECK(japanese(p, "4h5g") == "☗５七金右上");
  CHECK(japanese(p, "6h5g") == "☗５七金左");
  CHECK(japanese(p, "4g5g") == "☗５七金寄");
}

TEST_CASE("同 for the square of the move before, 打 only when a board piece could go there too") {
  CHECK(japanese(at("", "7g7f 3c3d 8h2b+"), "3a2b") == "☖同　銀");
  const Position p = at("4k4/9/9/9/9/9/9/4S4/4K4 b S 1");
  CHECK(japanese(p, "S*5g") == "☗５七銀打");
  CHECK(japanese(p, "5h5g") == "☗５七銀");
  CHECK(japanese(p, "S*1a") == "☗１一銀");
}

TEST_CASE("成 and 不成 where promotion is a choice, 成 where it is forced") {
  const Position p = at("", "7g7f 3c3d");
  CHECK(japanese(p, "8h2b+") == "☗２二角成");
  CHECK(japanese(p, "8h2b") == "☗２二角不成");
  CHECK(japanese(at("4k4/P8/9/9/9/9/9/9/4K4 b - 1"), "9b9a+") == "☗９一歩成");
  CHECK(japanese(p, "2g2f") == "☗２六歩");
}

TEST_CASE("a piece without a Japanese name is an error naming it") {
  Position p(Variant::load(test::standard_shogi()).value());
  auto text = japanese_move(p, p.parse_move("7g7f").value(), -1);
  REQUIRE_FALSE(text);
  CHECK(text.error().code == "notation-no-japanese-name");
  CHECK(text.error().message.find("'Pawn' (P)") != std::string::npos);
}

TEST_CASE("Western notation: the origin when two pieces could go, x, + and =, drops, promoted letters") {
  const Position start = at("");
  CHECK(western(start, "7g7f") == "P-7f");
  CHECK(western(start, "4i5h") == "G4i-5h");
  CHECK(western(start, "6i5h") == "G6i-5h");
  CHECK(western(start, "4i3h") == "G-3h");
  const Position p = at("", "7g7f 3c3d");
  CHECK(western(p, "8h2b+") == "Bx2b+");
  CHECK(western(p, "8h2b") == "Bx2b=");
  CHECK(western(at("4k4/9/9/9/4p4/9/9/9/+B3K4 b S 1"), "9i5e") == "+Bx5e");
  CHECK(western(at("4k4/9/9/9/4p4/9/9/9/+B3K4 b S 1"), "S*5f") == "S*5f");
}

TEST_CASE("every legal move reads back from its Japanese text") {
  reads_back(at(""));
  reads_back(at("", "7g7f 3c3d 8h2b+"));
  reads_back(at(kThreeWays));
  reads_back(at(kStraight));
  reads_back(at(kRightUp));
  reads_back(at("4k4/9/9/9/9/9/9/4S4/4K4 b S 1"));
}

TEST_CASE("Japanese moves are read with JSA digits, 竜 for 龍, and 不成 left unsaid") {
  const Position p = at("", "7g7f 3c3d");
  CHECK(read_japanese_move(p, "76歩", -1).error().code == "ki2-no-such-move");
  CHECK(p.move_text(read_japanese_move(p, "26歩", -1).value()) == "2g2f");
  CHECK(p.move_text(read_japanese_move(p, "▲２二角", -1).value()) == "8h2b");
  CHECK(p.move_text(read_japanese_move(p, "☗２二角成", -1).value()) == "8h2b+");
  const Position dragon = at("4k4/9/9/9/9/9/9/9/+R3K4 b - 1");
  CHECK(dragon.move_text(read_japanese_move(dragon, "９一竜", -1).value()) == "9i9a");
}

TEST_CASE("bad Japanese moves: unreadable, no such move, ambiguous, 同 with nothing before") {
  const Position start = at("");
  CHECK(read_japanese_move(start, "☗５八金", -1).error().code == "ki2-ambiguous");
  CHECK(read_japanese_move(start, "☗５五金", -1).error().code == "ki2-no-such-move");
  CHECK(read_japanese_move(start, "☗ＸＹ", -1).error().code == "ki2-move");
  CHECK(read_japanese_move(start, "☗７六歩x", -1).error().code == "ki2-move");
  CHECK(read_japanese_move(start, "☗同　歩", -1).error().code == "ki2-same-square");
  CHECK(read_japanese_move(start, "☗５八金直", -1).error().code == "ki2-no-such-move");
}

TEST_CASE("a KI2 record is read against the legal moves and judged: the closing line resigns") {
  const auto shogi = named_shogi();
  const ReadResult r = read_ki2(
      "手合割：平手\n先手：A\n\n▲７六歩    △３四歩    ▲２二角成  △同　銀\n*a comment\n"
      "▲４五角    △５二金右\nまで6手で後手の勝ち\n",
      shogi);
  REQUIRE(r.record);
  REQUIRE(r.record->moves.size() == 6);
  CHECK(r.record->moves[3].usi == "3a2b");
  CHECK(r.record->moves[3].text == "△同　銀");
  CHECK(r.record->moves[3].comments == std::vector<std::string>{"a comment"});
  CHECK(r.record->moves[4].usi == "B*4e");
  CHECK(r.record->moves[5].usi == "6a5b");
  CHECK(r.record->moves[5].line == 6);
  CHECK(r.record->end == RecordEnd::resign);
  const JudgeResult j = judge(shogi, *r.record);
  REQUIRE(j.judged);
  CHECK(j.judged->verdict.claim == RecordEnd::resign);
  CHECK(j.judged->verdict.winner == ir::Side::gote);
  std::string error;
  const std::string ki2 = write_ki2(*j.judged, error);
  CHECK(error.empty());
  CHECK(ki2.find("▲７六歩  △３四歩  ▲２二角成 △同　銀\n*a comment\n▲４五角  △５二金右\nまで6手で後手の勝ち\n") !=
        std::string::npos);
  const ReadResult again = read_ki2(ki2, shogi);
  REQUIRE(again.record);
  CHECK(again.record->moves.size() == 6);
}

TEST_CASE("bad KI2 moves are refused at their line with the move's text and a stable code") {
  const auto shogi = named_shogi();
  auto error = [&](const std::string& text) { return read_ki2(text, shogi).error; };
  const RecordError ambiguous = error("手合割：平手\n▲７六歩 △３四歩\n▲５八金\n");
  CHECK(ambiguous.line == 3);
  CHECK(ambiguous.code == "ki2-ambiguous");
  CHECK(ambiguous.message.find("'▲５八金'") != std::string::npos);
  CHECK(error("▲７六歩 △３四歩 ▲５五飛\n").code == "ki2-no-such-move");
  CHECK(error("▲７六歩 ▲２六歩\n").code == "wrong-side");
  CHECK(error("▲同　歩\n").code == "ki2-same-square");
  CHECK(error("▲７六歩\n変化：1手\n").code == "ki2-variation");
  CHECK(error("▲７六歩\n7g7f\n").code == "ki2-line");
}

TEST_CASE("a three-leg move is written with both middle squares, and every move reads back in both notations") {
  ir::RuleSet rules = test::lion3_mechanisms();
  const std::vector<std::string> names = {"玉将", "狛犬", "猟犬", "金将", "歩兵", "奔王", "と金"};
  REQUIRE(names.size() == rules.pieces.size());
  for (std::size_t i = 0; i < names.size(); ++i) rules.pieces[i].native_name = names[i];
  Position p(Variant::load(std::move(rules)).value());
  // The Dog on 6f behind two gote Pawns, and gote Pawns beside each other next to the Hound.
  REQUIRE(p.set_sfen("6k/7/7/1p3p1/1p2pp1/1D3H1/K6 b - 1"));
  CHECK(western(p, "6f6e6d6c") == "Dx6ex6d-6c");
  CHECK(western(p, "6f6e6d") == "Dx6ex6d");
  int three = 0;
  for (const Move m : p.legal_moves()) {
    const std::string jp = japanese_move(p, m, -1).value();
    const std::string west = western_move(p, m);
    INFO(p.move_text(m) << " " << jp << " " << west);
    three += m.is_three_legs();
    auto read = read_japanese_move(p, jp, -1);
    REQUIRE(read);
    CHECK(*read == m);
    auto back = read_western_move(p, west);
    REQUIRE(back);
    CHECK(*back == m);
  }
  CHECK(three > 0);
}
