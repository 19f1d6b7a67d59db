// Maka-dai-dai shogi compiled from variants/maka-dai-dai-shogi.md: 97 faces on 19×19, the first
// ply counted by hand, hook movers, promotion by capture, the King that becomes an Emperor, the
// Emperor's move to any empty square and its guarded captures, the mirrored Deva and Dark spirit, and seeded random
// games against the brute-force generator.
#include <random>

#include "brute.h"
#include "bundled.h"
#include "random_games.h"

using namespace koma;
using e2e::has;
using e2e::texts;

namespace {

std::shared_ptr<const Variant> maka() { return e2e::bundled("maka-dai-dai-shogi"); }

Position at(const std::string& sfen) { return e2e::at(maka(), sfen); }

constexpr const char* kStart =
    "le'uyicsgj'ki'gsciyue'l/a1c'1m'1d!ftetfs!1n'1c'1a/1o'1a'1b'1wxl!ow1b'1a'1o'1/"
    "y'1n1x'1f's'g'w!w'd'f'1x'1n1y'/rr'mf!v!bhdh!qc!dhbv!f!ml'r/ppppppppppppppppppp/5p'7p'5/19/19/19/19/19/"
    "5P'7P'5/PPPPPPPPPPPPPPPPPPP/RL'MF!V!BHDC!QH!DHBV!F!MR'R/Y'1N1X'1F'D'W'W!G'S'F'1X'1N1Y'/"
    "1O'1A'1B'1WOL!XW1B'1A'1O'1/A1C'1N'1S!FTETFD!1M'1C'1A/LE'UYICSGI'KJ'GSCIYUE'L b - 1";

/// Plays `games` seeded random games of up to `plies` plies from `sfen`. At every position the
/// runtime's moves equal the slow generator's, which reads the IR's hooks, Emperor and promotion
/// by capture on its own; make and unmake restore SFEN and hash.
void random_games(const std::string& sfen, unsigned seed, int games, int plies) {
  test::play_random_games([&] { return at(sfen); }, {games, plies, seed, false});
}

}  // namespace

TEST_CASE("maka-dai-dai shogi starts from the shogivar set-up with 97 faces") {
  Position pos(maka());
  CHECK(pos.sfen() == kStart);
  CHECK(pos.variant().rules().pieces.size() == 97);
  Position reread = at(pos.sfen());
  CHECK(reread.hash() == pos.hash());
}

TEST_CASE("maka-dai-dai shogi's first ply, counted by hand") {
  // Sente's ranks 1-7; rank 7 holds the Go-betweens on 14 and 6, rank 5 and rank 1 are full.
  // Pawns 17 (files 14 and 6 stand behind their Go-betweens); Go-betweens 2 (forward).
  // Rank 5, backward only (rank 6 is full): Left chariot 1 (18p), Right chariot 1 (2p), each
  // Dragon horse 3 (13o: 14p 15q 16r; 7o: 6p 5q 4r). Rank 4: Donkeys 1 each (a step sideways;
  // their jumps land on own pieces), Violent oxen 3 each (one square back and to either side),
  // She-devil 2 (diagonally back right: 7q, 6r). Rank 3: Old rats 1 each (back), Angry boars 4
  // each, Blind bears 1 each (back), the Evil wolf on 12 1 (13q) and on 8 1 (7q), the Kylin 1 (a
  // jump to 13q); the Lion and the Phoenix are hemmed in. Rank 2: Reverse chariots 1 each, the
  // Chinese cock 2 (sideways), the Coiled serpent 1 (13q), the Ferocious leopards 1 each (13q,
  // 7q), the Reclining dragon 2 (7q, 6r). Rank 1: Earth generals 1 each, Stone generals 2 each,
  // Iron generals 2 each, Copper generals 1 each, Silver generals 1 each.
  // 17 + 2 + 8 + 10 + 15 + 9 + 14 = 75.
  Position pos(maka());
  CHECK(perft(pos, 1) == 75);
}

TEST_CASE("a maka-dai-dai hook mover turns once on an empty square, and its capture promotes") {
  // Sente's Hook mover on 10j; gote's Pawn on 10e, sente's Pawn on 5j.
  const std::string hook = "18k/19/19/19/9p9/19/19/19/19/9H!4P4/19/19/19/19/19/19/19/19/K18 b - 1";
  std::vector<std::string> moves = texts(at(hook));
  CHECK(has(moves, "10j6e"));   // right to 6j, then up
  CHECK(has(moves, "10j6a"));   // right to 6j, then up to the far rank
  CHECK(has(moves, "10j18s"));  // down, then left
  CHECK_FALSE(has(moves, "10j5e"));  // the Pawn on 5j and the capture on 10e close both routes
  CHECK(has(moves, "10j10e+"));  // the capture ends the move and must promote
  CHECK_FALSE(has(moves, "10j10e"));
  CHECK_FALSE(has(moves, "10j10d"));
  // The Capricorn hooks along the diagonals: to 10f by 12h or 8h, which no Bishop reaches.
  const std::string capricorn = "18k/19/19/19/19/19/19/19/19/9C!9/19/19/19/19/19/19/19/19/K18 b - 1";
  moves = texts(at(capricorn));
  CHECK(has(moves, "10j10f"));
  CHECK(has(moves, "10j14j"));
  CHECK_FALSE(has(moves, "10j10i"));
}

TEST_CASE("a maka-dai-dai King that captures becomes the Emperor, and only a capture promotes") {
  // Sente's King on 10j, gote's Pawn on 10i; sente's Pawn on 5b, next to the far rank.
  const std::string sfen = "18k/14P4/19/19/19/19/19/19/9p9/9K9/19/19/19/19/19/19/19/19/19 b - 1";
  Position pos = at(sfen);
  const std::vector<std::string> moves = texts(pos);
  CHECK(has(moves, "10j10i+"));
  CHECK_FALSE(has(moves, "10j10i"));
  CHECK(has(moves, "10j9j"));
  CHECK_FALSE(has(moves, "10j9j+"));
  CHECK(has(moves, "5b5a"));  // the Pawn may stand on the far rank unpromoted
  CHECK_FALSE(has(moves, "5b5a+"));
  pos.make(pos.parse_move("10j10i+").value());
  CHECK(pos.sfen() == "18k/14P4/19/19/19/19/19/19/9+K9/19/19/19/19/19/19/19/19/19/19 w - 2");
}

TEST_CASE("the maka-dai-dai Emperor goes to any empty square and takes only unprotected pieces") {
  // Sente's Emperor on 10j. Gote: King 1a, Lance 10a (its file runs through the Emperor's
  // square), Gold 5d protecting its Pawn on 5e, an unprotected Pawn on 14e.
  const std::string sfen = "9l8k/19/19/14g4/5p8p4/19/19/19/19/9+K9/19/19/19/19/19/19/19/19/19 b - 1";
  const std::vector<std::string> moves = texts(at(sfen));
  CHECK(has(moves, "10j1s"));    // any empty square, however far
  CHECK(has(moves, "10j11p"));
  CHECK(has(moves, "10j10p"));   // the Lance sees it, but a move to an empty square is free
  CHECK(has(moves, "10j14f"));   // as are the squares the Pawns and the Gold guard
  CHECK(has(moves, "10j4e"));
  CHECK(has(moves, "10j5f"));
  CHECK(has(moves, "10j14e"));   // takes the unprotected Pawn
  CHECK_FALSE(has(moves, "10j5e"));   // the Gold protects its Pawn
  CHECK(has(moves, "10j5d"));    // nothing protects the Gold
  CHECK(has(moves, "10j1a"));    // nor the King
  CHECK(has(moves, "10j10a"));
  // 361 squares less its own and the five pieces' are empty; four of the five are captures.
  CHECK(moves.size() == 355 + 4);
}

TEST_CASE("a maka-dai-dai Emperor facing another Emperor goes anywhere empty, and takes it when nothing guards it") {
  // An Emperor protects every piece of its side but itself.
  const std::string alone = "9+k9/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/9+K9 b - 1";
  const std::vector<std::string> moves = texts(at(alone));
  CHECK(moves.size() == 359 + 1);
  CHECK(has(moves, "10s10a"));
  CHECK(has(moves, "10s10b"));
  // Gote's Gold on 10b guards its Emperor: sente's has the empty squares only.
  const std::string guarded = "9+k9/9g9/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/9+K9 b - 1";
  const std::vector<std::string> quiet = texts(at(guarded));
  CHECK(quiet.size() == 358);
  CHECK_FALSE(has(quiet, "10s10a"));
  CHECK_FALSE(has(quiet, "10s10b"));
}

TEST_CASE("maka-dai-dai captures promote wherever they happen, a Lion's too") {
  // Sente's Lion on 10j with gote's Pawn on 10i; sente's Dragon king on 3j (it does not promote)
  // with gote's Pawn on 3i; sente's Pawn on 16j with gote's Dragon king on 16i.
  const std::string sfen = "18k/19/19/19/19/19/19/19/3d5p6p2/3P5L!6D2/19/19/19/19/19/19/19/19/K18 b - 1";
  const std::vector<std::string> moves = texts(at(sfen));
  CHECK(has(moves, "10j10i10j+"));  // igui promotes to the Furious fiend
  CHECK_FALSE(has(moves, "10j10i10j"));
  CHECK(has(moves, "10j10i10h+"));
  CHECK(has(moves, "10j10h"));  // a jump that takes nothing
  CHECK_FALSE(has(moves, "10j10h+"));
  CHECK(has(moves, "3j3i"));
  CHECK_FALSE(has(moves, "3j3i+"));
  CHECK(has(moves, "16j16i+"));  // any capture promotes: no list of pieces to take
}

TEST_CASE("the maka-dai-dai Deva and Dark spirit step to their own left and right") {
  // Sente's Deva on 10j and gote's on 10e; sente's Dark spirit on 4o.
  const std::string sfen = "18k/19/19/19/9i'9/19/19/19/19/9I'9/19/19/19/19/15J'3/19/19/19/K18 b - 1";
  Position pos = at(sfen);
  std::vector<std::string> moves = texts(pos);
  std::vector<std::string> deva;
  for (const std::string& m : moves) {
    if (m.rfind("10j", 0) == 0) deva.push_back(m);
  }
  std::sort(deva.begin(), deva.end());
  CHECK(deva == std::vector<std::string>{"10j11i", "10j11j", "10j9i", "10j9k"});
  CHECK(has(moves, "4o3o"));
  CHECK(has(moves, "4o5p"));
  CHECK_FALSE(has(moves, "4o5o"));
  const std::string gote = "18k/19/19/19/9i'9/19/19/19/19/19/19/19/19/19/19/19/19/19/K18 w - 1";
  moves = texts(at(gote));
  CHECK(has(moves, "10e9e"));   // gote's left is sente's right
  CHECK(has(moves, "10e11d"));  // and its diagonal back right is up and to sente's left
  CHECK(has(moves, "10e9f"));
  CHECK(has(moves, "10e11f"));
  CHECK_FALSE(has(moves, "10e11e"));
}

TEST_CASE("the maka-dai-dai Donkey, Free bear and Furious fiend move as the shogivar table gives them") {
  // Sente's Donkey on 10j between its Pawns on 10i and 10k; a Free bear on 16e behind its Pawns
  // on 17d and 15d; a Furious fiend on 4o below its Pawn on 4n.
  const std::string sfen =
      "18k/19/19/2P1P14/3+B'15/19/19/19/9P9/9Y'9/9P9/19/19/15P3/15+L!3/19/19/19/K18 b - 1";
  const std::vector<std::string> moves = texts(at(sfen));
  CHECK(has(moves, "10j10h"));  // the Donkey jumps two forward
  CHECK(has(moves, "10j10l"));  // and, as the table has it, two backward
  CHECK(has(moves, "10j9j"));
  CHECK_FALSE(has(moves, "10j9i"));
  CHECK(has(moves, "16e18c"));  // the Free bear jumps two diagonally forward
  CHECK(has(moves, "16e14c"));
  CHECK_FALSE(has(moves, "16e19b"));  // its forward slides are blocked
  CHECK(has(moves, "16e13e"));  // it ranges sideways
  CHECK_FALSE(has(moves, "16e16f"));
  CHECK(has(moves, "4o4m"));  // the Lion's jump over its own Pawn
  CHECK_FALSE(has(moves, "4o4l"));  // the Lion dog's three squares do not jump
  CHECK(has(moves, "4o7r"));
  CHECK(has(moves, "4o1o"));
}

TEST_CASE("seeded random maka-dai-dai games agree with the brute-force generator") {
  random_games(Position(maka()).sfen(), 19, 6, 150);
}

TEST_CASE("seeded random maka-dai-dai games with an Emperor, hook movers and Lions agree with the brute-force generator") {
  // Sente's Emperor on 10s against gote's King and Prince; each side's Hook mover, Capricorn,
  // Lion, Gold and a Furious fiend or Buddhist spirit, and five Pawns.
  random_games("9k9/3g5l!5h!3/19/5c!7+l!5/1p3p3p3p3p1/9+e9/19/19/19/19/19/19/19/1P3P3P3P3P1/5C!7+J'5/19/"
               "3G5L!5H!3/19/9+K9 b - 1",
               23, 6, 100);
}
