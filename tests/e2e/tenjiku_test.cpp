// Tenjiku shogi compiled from variants/tenjiku-shogi.md: 66 faces, XBoard's start position, the
// first ply counted by hand, the generals' range jumps by rank, promoted faces that take a
// general's rank, the Fire demon's and Lion hawk's movement.
#include <random>

#include "brute.h"
#include "bundled.h"
#include "random_games.h"

using namespace koma;
using e2e::has;
using e2e::texts;

namespace {

std::shared_ptr<const Variant> tenjiku() { return e2e::bundled("tenjiku-shogi"); }

Position at(const std::string& sfen) { return e2e::at(tenjiku(), sfen); }

constexpr const char* kStart =
    "lnficsgekgscifnl/a1c!c!1txql!ot1c!c!1a/s'v'bhdw!d!q'h!d!w!dhbv's'/mvrf!e!b!r!v!q!r!b!e!f!rvm/"
    "pppppppppppppppp/4d'6d'4/16/16/16/16/4D'6D'4/PPPPPPPPPPPPPPPP/MVRF!E!B!R!Q!V!R!B!E!F!RVM/"
    "S'V'BHDW!D!H!Q'D!W!DHBV'S'/A1C!C!1TOL!QXT1C!C!1A/LNFICSGKEGSCIFNL b - 1";

}  // namespace

TEST_CASE("tenjiku shogi starts from XBoard's position with 66 faces") {
  Position pos(tenjiku());
  CHECK(pos.sfen() == kStart);
  CHECK(pos.variant().rules().pieces.size() == 66);
  Position reread = at(pos.sfen());
  CHECK(reread.hash() == pos.hash());
}

TEST_CASE("tenjiku shogi's first ply, counted by hand") {
  // Pawns 14 (two stand behind their Dogs), Dogs 2 (forward; their backward diagonals hold
  // Pawns). Rank 4: Horned falcons 2 (a Lion jump two forward), Soaring eagles 4 (a Lion jump to
  // each forward diagonal's second square); the generals capture only, jumping lesser pieces:
  // the Great general 6 (5 up its file: Pawn, Vice general, Free eagle, Free king, Drunk
  // elephant; 1 Pawn up a diagonal), the Vice general 1, the Rook generals 1 each (a Pawn; gote's
  // Rook general of equal rank stops them), the Bishop generals 3 each; the Bishop and Rook
  // generals' 8 captures land in the zone and may promote: 8 more. Rank 3, to the four empty
  // squares of rank 2: Vertical soldiers 2, Bishops 2, Dragon horses 2, Dragon kings 2, Water
  // buffaloes 2. Rank 2: Chariot soldiers 4 (sideways), Blind tigers 2, the Kylin 1 (a jump
  // sideways). Rank 1: Ferocious leopards 2, Iron 2, Copper 2, Silver 2 generals.
  // 14 + 2 + 21 + 8 + 10 + 7 + 8 = 70.
  Position pos(tenjiku());
  CHECK(perft(pos, 1) == 70);
}

TEST_CASE("a tenjiku general jumps only pieces ranked below it") {
  // Sente's Rook general on 8p, its own Pawn on 8n; up the file gote's Dog (8k), Bishop general
  // (8g, the Rook general's equal) and Pawn (8c).
  const std::string rook = "15k/16/8p7/16/16/16/8b!7/16/16/16/8d'7/16/16/8P7/16/K7R!7 b - 1";
  std::vector<std::string> moves = texts(at(rook));
  CHECK(has(moves, "8p8o"));
  CHECK(has(moves, "8p8k"));
  CHECK_FALSE(has(moves, "8p8g"));
  CHECK_FALSE(has(moves, "8p8c"));
  CHECK_FALSE(has(moves, "8p8l"));  // a jump only captures
  // A Great general outranks the Bishop general and jumps it too.
  const std::string great = "15k/16/8p7/16/16/16/8b!7/16/16/16/8d'7/16/16/8P7/16/K7Q!7 b - 1";
  moves = texts(at(great));
  CHECK(has(moves, "8p8k"));
  CHECK(has(moves, "8p8g"));
  CHECK(has(moves, "8p8c"));
}

TEST_CASE("tenjiku's promoted falcon is a Bishop general, Fire demon and Lion hawk move as the summary draws them") {
  // Sente's promoted Horned falcon on 1p behind its own Pawn (2o), gote's Pawn on 5l; a Fire
  // demon on 8h and a Lion hawk on 12e on an otherwise empty board.
  const std::string sfen = "15k/16/16/16/4H!11/16/16/8D!7/16/16/16/11p4/16/16/14P1/K14+F! b - 1";
  const std::vector<std::string> moves = texts(at(sfen));
  CHECK(has(moves, "1p5l"));  // the Bishop general's rank lets it jump the Pawn
  CHECK(has(moves, "8h1h"));  // the Fire demon ranges sideways
  CHECK(has(moves, "8h1a"));  // and diagonally
  CHECK(has(moves, "8h8e"));  // three king steps reach three ranks up
  CHECK_FALSE(has(moves, "8h8d"));  // but it does not range vertically
  CHECK(has(moves, "12e12c"));  // the Lion hawk: two king steps
  CHECK_FALSE(has(moves, "12e12b"));
  CHECK(has(moves, "12e16a"));  // or a Bishop
}

TEST_CASE("seeded random tenjiku games agree with the brute-force generator, burns included") {
  // Every position of the games: the runtime's moves equal the slow generator's, which reads the
  // IR's movement, ranks and burning on its own; make and unmake restore SFEN and hash.
  test::play_random_games([] { return Position(tenjiku()); }, {4, 120, 21, false});
}

TEST_CASE("a tenjiku Fire demon burns the enemy pieces around where it stops, and burns itself next to an enemy one") {
  // Sente's Fire demon on 8h, gote's Pawns on 9f and 7f, gote's Fire demon on 3c.
  const std::string sfen = "15k/16/13d!2/16/16/7p1p6/16/8D!7/16/16/16/16/16/16/16/K15 b - 1";
  Position pos = at(sfen);
  pos.make(pos.parse_move("8h8g").value());
  CHECK(pos.sfen() == "15k/16/13d!2/16/16/16/8D!7/16/16/16/16/16/16/16/16/K15 w - 2");
  pos.unmake();
  CHECK(pos.sfen() == sfen);
  pos.make(pos.parse_move("8h4d").value());  // next to gote's Fire demon: the mover is burnt
  CHECK(pos.sfen() == "15k/16/13d!2/16/16/7p1p6/16/16/16/16/16/16/16/16/16/K15 w - 2");
}
