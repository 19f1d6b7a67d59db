// Dai-dai shogi compiled from variants/dai-dai-shogi.md: 85 faces on 17×17, the shogivar
// summary's asymmetrical start position, the first ply counted by hand, hook movers, promotion by
// capturing, the Lion dog, the Furious fiend and the Poisonous snake.
#include <algorithm>
#include <iterator>
#include <random>

#include "brute.h"
#include "bundled.h"
#include "random_games.h"

using namespace koma;
using e2e::has;
using e2e::texts;

namespace {

std::shared_ptr<const Variant> dai_dai() { return e2e::bundled("dai-dai-shogi"); }

Position at(const std::string& sfen) { return e2e::at(dai_dai(), sfen); }

constexpr const char* kStart =
    "lud!rm'dt'r!kl!qq'hyzjl/ap!n'b!f!q!ogk'gxc'p'o!no'a/1b1b'1h'1sg!s1w1f'1v1/"
    "t!w!s!e'i's'icg'cis'i'w'n!e!d'/r'mv'a'ev!fty'tfv!ea'v'ml'/ppppppppppppppppp/5h!5h!5/17/17/17/"
    "5H!5H!5/PPPPPPPPPPPPPPPPP/L'MV'A'EV!FTY'TFV!EA'V'MR'/D'E!N!W'I'S'ICG'CIS'I'E'S!W!T!/"
    "1V1F'1W1SG!S1H'1B'1B1/AO'NO!P'C'XGK'GOQ!F!B!N'P!A/LJZYHQ'QL!KR!T'DM'RD!UL b - 1";

/// The moves of `pos` that start on `square`.
std::vector<std::string> from(const Position& pos, const std::string& square) {
  std::vector<std::string> out;
  for (const std::string& text : texts(pos))
    if (text.compare(0, square.size(), square) == 0) out.push_back(text);
  return out;
}

}  // namespace

TEST_CASE("dai-dai shogi starts from the shogivar position with 85 faces") {
  Position pos(dai_dai());
  CHECK(pos.sfen() == kStart);
  CHECK(pos.variant().rules().pieces.size() == 85);  // 64 kinds, 21 promoted faces
  Position reread = at(pos.sfen());
  CHECK(reread.hash() == pos.hash());
}

TEST_CASE("dai-dai shogi's first ply, counted by hand") {
  // Sente's ranks from the back (rank 1). Rank 1 is walled in by rank 2 and moves nothing.
  // Rank 2 (files 17 to 1), to the empty squares of rank 3 (files 17, 15, 13, 11, 7, 5, 3, 1):
  // Reverse chariots 1 each (up the file to rank 3), Old kite hawk 2 (its forward diagonals),
  // Lion 4 (15c, 17c, 13c and the pass through 15c), Old rat 2 (two squares diagonally forward,
  // stopped by rank 4), Prancing stag 1, Cat sword 2, Phoenix 1 (its jumps land on own pieces),
  // Gold generals 1 each, Neighbouring king 0, Kylin 0, Rushing bird 2, Flying dragon 0, Blind
  // monkey 2, Lion dog 1 (forward), Poisonous snake 0: 21. Rank 3: Vertical mover 2, Water
  // buffalo 2, Flying horse 2, Enchanted badger 2 (sideways; the rest are hemmed in): 8. Rank 4,
  // backward into rank 3: Blue dragon 1 (17c), Fragrant elephant 2 and White elephant 2 (their
  // backward diagonals), White tiger 1 (1c): 6. Rank 5 is walled in. Pawns 15 (two stand behind
  // the Howling dogs); Howling dogs 4 each (up to gote's dog on the same file, which they take): 8.
  // 0 + 21 + 8 + 6 + 15 + 8 = 58.
  Position pos(dai_dai());
  CHECK(perft(pos, 1) == 58);
}

TEST_CASE("a dai-dai Hook mover turns one corner on an empty square and stops at a piece") {
  // Sente's Hook mover on 9i, its own Pawns on 9g and 7i, gote's Pawn on 9h.
  const Position pos = at("16k/17/17/17/17/17/8P8/8p8/8U1P6/17/17/17/17/17/17/17/K16 b - 1");
  const std::vector<std::string> moves = from(pos, "9i");
  // Left along rank i then up or down: files 10-17, every rank but 17q (sente's King): 135.
  // Right to 8i, then up or down file 8: 17. Down file 9 (8), and from there sideways over
  // files 1-7 (7 each): 64. Up: only the capture on 9h, which ends the move. 135 + 17 + 64 + 1.
  CHECK(moves.size() == 217);
  CHECK(has(moves, "9i9h"));
  CHECK_FALSE(has(moves, "9i9g"));
  CHECK(has(moves, "9i8a"));  // right one square, then up the whole file
  CHECK(has(moves, "9i1q"));  // down to 9q, then across
  CHECK_FALSE(has(moves, "9i5e"));  // both corners' routes are blocked
  CHECK_FALSE(has(moves, "9i6i"));  // 7i blocks the rank, and no leg may pass it
  CHECK_FALSE(has(moves, "9i17q"));
}

TEST_CASE("a dai-dai Long-nosed goblin hooks diagonally and steps orthogonally") {
  // Sente's Goblin on 9i, its own Pawn on 8h, gote's Pawn on 10h.
  const Position pos = at("16k/17/17/17/17/17/17/7p1P7/8J8/17/17/17/17/17/17/17/K16 b - 1");
  const std::vector<std::string> moves = from(pos, "9i");
  CHECK(has(moves, "9i9h"));
  CHECK_FALSE(has(moves, "9i9g"));
  CHECK(has(moves, "9i10h"));  // the capture ends the move
  CHECK_FALSE(has(moves, "9i11g"));
  CHECK(has(moves, "9i4h"));  // two squares down to 7k, then up the other diagonal
  CHECK_FALSE(has(moves, "9i7g"));  // only the blocked diagonal leads there
  CHECK_FALSE(has(moves, "9i8g"));  // a hook stays on its colour
}

TEST_CASE("a dai-dai piece with a promoted face promotes whenever it captures, and must") {
  // Sente's Cat sword on 9i, gote's Pawn on 8h; sente's Pawn on 5e under gote's Pawn on 5d.
  Position pos = at("16k/17/17/12p4/12P4/17/17/9p7/8C'8/17/17/17/17/17/17/17/K16 b - 1");
  const std::vector<std::string> moves = texts(pos);
  CHECK(has(moves, "9i8h+"));
  CHECK_FALSE(has(moves, "9i8h"));
  CHECK(has(moves, "9i10h"));  // a move that takes nothing does not promote
  CHECK_FALSE(has(moves, "9i10h+"));
  CHECK(has(moves, "5e5d"));  // the Pawn has no promoted face
  CHECK_FALSE(has(moves, "5e5d+"));
  pos.make(pos.parse_move("9i8h+").value());
  CHECK(pos.sfen() == "16k/17/17/12p4/12P4/17/17/9+C'7/17/17/17/17/17/17/17/17/K16 w - 2");
}

TEST_CASE("a dai-dai Lion promotes to the Furious fiend by any capture, igui included") {
  // Sente's Lion on 9i, gote's Pawns on 9h and 8h.
  const Position pos = at("16k/17/17/17/17/17/17/8pp7/8N8/17/17/17/17/17/17/17/K16 b - 1");
  const std::vector<std::string> moves = from(pos, "9i");
  CHECK(has(moves, "9i9h9i+"));  // taking without moving
  CHECK(has(moves, "9i9h8h+"));  // both Pawns
  CHECK_FALSE(has(moves, "9i9h9i"));
  CHECK(has(moves, "9i10j9i"));  // the pass takes nothing
  CHECK(has(moves, "9i9g"));  // the jump over 9h
  CHECK_FALSE(has(moves, "9i9f"));
  // The Furious fiend moves as the Lion or as the Lion dog: up to three squares, not jumping.
  const Position fiend = at("16k/17/17/17/17/17/17/8p8/8+N8/17/17/17/17/17/17/17/K16 b - 1");
  const std::vector<std::string> fiend_moves = from(fiend, "9i");
  CHECK(has(fiend_moves, "9i9h9i"));  // already promoted: no suffix
  CHECK(has(fiend_moves, "9i12l"));
  CHECK(has(fiend_moves, "9i9l"));
  CHECK_FALSE(has(fiend_moves, "9i9m"));
  CHECK_FALSE(has(fiend_moves, "9i9f"));  // 9h stops the slide; the Lion's jump reaches 9g only
}

TEST_CASE("the dai-dai Lion dog slides up to three squares, the Poisonous snake jumps") {
  // Sente's Lion dog on 9i behind its own Pawn on 9g.
  const Position dog = at("16k/17/17/17/17/17/8P8/17/8N'8/17/17/17/17/17/17/17/K16 b - 1");
  std::vector<std::string> moves = from(dog, "9i");
  CHECK(moves.size() == 22);  // 3 in each of seven lines, 1 up to the Pawn
  CHECK(has(moves, "9i9h"));
  CHECK_FALSE(has(moves, "9i9f"));
  CHECK(has(moves, "9i6f"));
  CHECK_FALSE(has(moves, "9i5e"));
  // Sente's Poisonous snake on 9i behind its own Pawn on 9h.
  const Position snake = at("16k/17/17/17/17/17/17/8P8/8P!8/17/17/17/17/17/17/17/K16 b - 1");
  moves = from(snake, "9i");
  std::sort(moves.begin(), moves.end());
  CHECK(moves == std::vector<std::string>{"9i10i", "9i11k", "9i7k", "9i8i", "9i9g"});
}

TEST_CASE("a dai-dai Eastern barbarian that captures becomes a Lion") {
  // Sente's Eastern barbarian on 9i takes gote's Pawn two squares ahead on 9g.
  Position pos = at("16k/17/17/17/17/17/8p8/17/8E'8/17/17/17/17/17/17/17/K16 b - 1");
  pos.make(pos.parse_move("9i9g+").value());
  pos.make(pos.parse_move("1a2a").value());
  const std::vector<std::string> moves = from(pos, "9g");
  CHECK(has(moves, "9g9e"));  // a Lion's jump
  CHECK(has(moves, "9g10h9g"));  // and its pass
  CHECK(moves.size() == 25);  // 24 squares within two, one pass
}

TEST_CASE("seeded random dai-dai games agree with the brute-force generator") {
  // Every position of the games: the runtime's moves equal the slow generator's, which reads the
  // IR's hooks, Lion moves and promotions by capturing on its own; make and unmake restore SFEN
  // and hash. Half the time a promotion is played when there is one, so promoted faces come into
  // play.
  const int promotions = test::play_random_games([] { return Position(dai_dai()); }, {8, 300, 17, true});
  CHECK(promotions > 0);  // the games' captures promote, so the generators agree on them too
}
