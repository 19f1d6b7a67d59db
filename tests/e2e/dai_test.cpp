// Dai shogi compiled from variants/dai-shogi.md: its letters with marks in the SFEN, perft from
// the start (the first ply counted by hand and by HaChu), compulsory promotion where a piece
// could never move again, promotion on moves within and out of the zone, and no Lion trading.
#include "bundled.h"

using namespace koma;
using e2e::has;
using e2e::texts;

namespace {

std::shared_ptr<const Variant> dai() { return e2e::bundled("dai-shogi"); }

Position at(const std::string& sfen) { return e2e::at(dai(), sfen); }

constexpr const char* kStart =
    "lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wxl!ow1a'1x'1/rf'mvbhdqdhbvmf'r/ppppppppppppppp/4p'5p'4/15/15/15/"
    "4P'5P'4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/1X'1A'1WOL!XW1A'1X'1/A1C'1F1TET1F1C'1A/LNUICSGKGSCIUNL b - 1";

}  // namespace

TEST_CASE("dai shogi starts from HaChu's position, its extra kinds written with marks") {
  Position pos(dai());
  CHECK(pos.sfen() == kStart);
  CHECK(pos.variant().rules().pieces.size() == 55);
  Position reread = at(pos.sfen());
  CHECK(reread.hash() == pos.hash());
}

TEST_CASE("dai shogi's perft from the start") {
  // Ply 1 by hand: 13 Pawns (two stand behind their Go-betweens), 2 Go-betweens; rank 4: Rooks 2,
  // Flying dragons 6, Side movers 2, Dragon horses 4; rank 3: Violent oxen 6, Angry boars 6,
  // Evil wolves 2, Kirin 2, Lion 2 (jumps to the two empty squares of rank 2 near it), Phoenix 0;
  // rank 2: Reverse chariots 2, Ferocious leopards 2, Blind tigers 2; rank 1: Knights 4, Stone
  // generals 4, Iron generals 2, Copper generals 4, Silver generals 2, Gold generals 2: 71, as
  // HaChu 0.21 lists them. Ply 2: no piece reaches the other side's, and gote's 71 mirror sente's
  // (HaChu: 5041). Ply 3: HaChu's lists, position by position, hold the same moves (a Lion's
  // pass counted once) but for 142 captures in the zone that decline promotion, which HaChu omits
  // where it judges declining pointless (tools/oracle/hachu.py): 357,836 + 142.
  Position pos(dai());
  CHECK(perft(pos, 1) == 71);
  CHECK(perft(pos, 2) == 71 * 71);
  CHECK(perft_full(pos, 2) == 71 * 71);
  CHECK(perft(pos, 3) == 357978);
}

TEST_CASE("a dai piece that could never move again must promote; others choose") {
  // Sente's Knight on 8d, Evil wolf on 5b, Pawn on 3b, Gold on 10e; gote's King in the corner.
  Position pos = at("k14/10W1P2/15/7N7/5G9/15/15/15/15/15/15/15/15/15/14K b - 1");
  const std::vector<std::string> moves = texts(pos);
  CHECK(has(moves, "8d9b+"));  // the far two ranks are dead squares for a Knight
  CHECK_FALSE(has(moves, "8d9b"));
  CHECK(has(moves, "3b3a+"));
  CHECK_FALSE(has(moves, "3b3a"));
  CHECK(has(moves, "5b5a+"));  // an Evil wolf can still move sideways
  CHECK(has(moves, "5b5a"));
  CHECK(has(moves, "5b4b+"));  // a move within the zone may promote
  CHECK(has(moves, "10e10f+"));  // and a move out of it
  CHECK(has(moves, "10e10f"));
}

TEST_CASE("dai shogi has no Lion-trading square: a Lion may be taken back anywhere") {
  // Sente's Gold takes gote's Lion on 6f; gote's Gold on 3f may then take sente's Lion on 3g.
  Position pos = at("14k/15/15/15/15/9l!2g2/9G2L!2/15/15/15/15/15/15/15/K14 b - 1");
  pos.make(pos.parse_move("6g6f").value());
  CHECK(pos.trade_square() == 0);
  CHECK(has(texts(pos), "3f3g"));
}
