// Tai shogi compiled from variants/tai-shogi.md: 93 kinds and 130 faces on 25×25, the first ply
// counted by hand, the Emperor that starts the game, the Crown prince and the Drunk elephant
// that become royals by capturing, pieces of two- and three-mark letters, the pieces the diagrams
// give where the table differs, and seeded random games against the brute-force generator.
#include <map>
#include <random>

#include "brute.h"
#include "bundled.h"
#include "random_games.h"

using namespace koma;
using e2e::has;
using e2e::texts;

namespace {

std::shared_ptr<const Variant> tai() { return e2e::bundled("tai-shogi"); }

Position at(const std::string& sfen) { return e2e::at(tai(), sfen); }

constexpr const char* kStart =
    "lw'''w'!f'l!'d'!rhdqgd'kd!gqdhrd'!l!'f'w'!t'l/as'!s'''np!f'!bf!'w!'f''sr''k'l'!sf''w!'f!'bf'!p!ns'''s'!a/"
    "s!'w!!r!'v'c'b's!!g!'b'!ts'g!n'w'b!tb'!g!'s!!b'c'v'r!'w!!s!'/"
    "s''!w!fn!s!c''h''o'r'!p'g''xl'og'!p'o''o'h''c''e!w''fw!s''!/"
    "r!v!w''!e'uyico!c'!r'h'ec!r'c'!o!ciyue'w''!b''l!/h!f!e''d''f!!mvv''s''p''a'wl''wa'p''s''v''vmf!!d''e''f!h!/"
    "ppppppppppppppppppppppppp/7g'9g'7/25/25/25/25/25/25/25/25/25/7G'9G'7/PPPPPPPPPPPPPPPPPPPPPPPPP/"
    "H!F!E''D''F!!MVV''S''P''A'WL''WA'P''S''V''VMF!!D''E''F!H!/L!B''W''!E'UYICO!C'!R'C!EH'R'C'!O!CIYUE'W''!V!R!/"
    "S''!W!FW''E!C''H''O'O''P'G'!OL'XG''P'R'!O'H''C''S!N!FW!S''!/"
    "S!'W!!R!'V'C'B'S!!G!'B'!TB!W'N'G!S'TB'!G!'S!!B'C'V'R!'W!!S!'/"
    "AS'!S'''NP!F'!BF!'W!'F''SL'!K'R''SF''W!'F!'BF'!P!NS'''S'!A/LT'W'!F'L!'D'!RHDQGD!KD'GQDHRD'!L!'F'W'!W'''L b - 1";

/// An SFEN of `pieces` (USI square to letter, lowercase for gote) on an otherwise empty board.
std::string board(const std::map<std::string, std::string>& pieces, char side = 'b') {
  return e2e::board_sfen(25, pieces, side);
}

/// The legal moves of `pos` that start on `square`.
std::vector<std::string> from(const Position& pos, const std::string& square) { return e2e::moves_from(pos, square); }

/// Plays `games` seeded random games of up to `plies` plies from `sfen`. At every position the
/// runtime's moves equal the slow generator's, which reads the IR's hooks, Emperor and promotion
/// by capture on its own; make and unmake restore SFEN and hash.
void random_games(const std::string& sfen, unsigned seed, int games, int plies) {
  // Half the moves are captures where there are any, so that promotions and royals change.
  test::play_random_games([&] { return at(sfen); }, {games, plies, seed, true});
}

}  // namespace

TEST_CASE("tai shogi starts from the shogivar set-up with 93 kinds and 130 faces") {
  Position pos(tai());
  CHECK(pos.sfen() == kStart);
  CHECK(pos.variant().rules().pieces.size() == 130);
  Position reread = at(pos.sfen());
  CHECK(reread.hash() == pos.hash());
}

TEST_CASE("tai shogi's first ply, counted by hand") {
  // Sente's ranks 1-7 are full (25 pieces each, the Pawns on rank 7); its Go-betweens stand on
  // rank 8, files 18 and 8. No piece of ranks 1-6 has a square of its own to go to but by
  // jumping past rank 7:
  // - Pawns: 25, less the two on files 18 and 8 behind their Go-betweens: 23.
  // - Go-betweens: one square forward each (backward is a Pawn): 2.
  // - The Donkeys on rank 6 (files 22 and 4) jump two forward over their Pawns to rank 8: 2.
  //   Their other moves (a jump back, a step sideways) land on own pieces.
  // - Every other jump stops short of rank 8: the Lion, Kylin and Phoenix on rank 4 reach rank 6,
  //   the Horned falcons' forward Lion power (rank 4) too, the Knights and Poisonous snakes on
  //   rank 2 reach rank 4; slides and hooks meet an own piece at once, and no piece can pass by
  //   stepping out and back, every square around it being full.
  // - The Emperor (13y) goes to any empty square: 625 squares less 354 pieces = 271. It takes
  //   nothing: gote's Emperor protects each of gote's other pieces, and gote's Emperor itself
  //   is protected by its Crown prince, one square in front of it.
  // 23 + 2 + 2 + 271 = 298.
  Position pos(tai());
  CHECK(perft(pos, 1) == 298);
  CHECK(from(pos, "13y").size() == 271);
}

TEST_CASE("the tai Turtle-snake moves as its diagram draws it, the Vermillion sparrow's image back to front") {
  // Sente's Turtle-snake on 13m, an empty board but the Crown princes on 20a and 20y (off its
  // lines). One square forward (13l); straight backward 12 squares (13n-13y); each forward
  // diagonal 12 squares (to 25a and 1a); each backward diagonal up to two squares: 4.
  // 1 + 12 + 12 + 12 + 4 = 41.
  const std::vector<std::string> turtle = from(at(board({{"13m", "T'"}, {"20a", "k'"}, {"20y", "K'"}})), "13m");
  CHECK(turtle.size() == 41);
  CHECK(has(turtle, "13m13l"));
  CHECK_FALSE(has(turtle, "13m13k"));
  CHECK(has(turtle, "13m13y"));
  CHECK(has(turtle, "13m1a"));
  CHECK(has(turtle, "13m15o"));
  CHECK_FALSE(has(turtle, "13m16p"));
  // The Vermillion sparrow (V!) the other way: 12 forward, one back, the same diagonals.
  const std::vector<std::string> sparrow = from(at(board({{"13m", "V!"}, {"20a", "k'"}, {"20y", "K'"}})), "13m");
  CHECK(sparrow.size() == 41);
  CHECK(has(sparrow, "13m13a"));
  CHECK(has(sparrow, "13m13n"));
  CHECK_FALSE(has(sparrow, "13m13o"));
}

TEST_CASE("the tai Peacock hooks along its forward diagonals and steps two squares back") {
  // Sente's Peacock (P') on 13m, the Crown princes on 20a and 20y (squares of the other colour).
  // Write a square as (file, row from the top); the Peacock is on (13, 13). Its forward-left leg
  // runs along file + row = 26 to (13 + k, 13 - k), k = 1..12; turning there it runs along the
  // line file - row = 2k, both ways, a line of 25 - 2k squares (the corner among them): the
  // lines k = 1..12 hold 23 + 21 + ... + 1 = 144 squares. The forward-right leg likewise gives
  // the lines file + row = 26 - 2j, j = 1..12: 144 more. Line 2k and line 26 - 2j cross on
  // (13 + k - j, 13 - k - j), on the board when k + j <= 12: 11 + 10 + ... + 1 = 66 squares
  // counted twice. Backward: up to two squares along each backward diagonal, none on those
  // lines: 4. 144 + 144 - 66 + 4 = 226.
  const Position pos = at(board({{"13m", "P'"}, {"20a", "k'"}, {"20y", "K'"}}));
  const std::vector<std::string> peacock = from(pos, "13m");
  CHECK(peacock.size() == 226);
  CHECK(has(peacock, "13m25a"));   // the forward-left leg to its end
  CHECK(has(peacock, "13m16n"));   // one square forward left to 14l, then back left: 15m, 16n
  CHECK(has(peacock, "13m13k"));   // 14l then forward right, or 12l then forward left: one move
  CHECK(has(peacock, "13m11o"));   // two squares diagonally backward
  CHECK_FALSE(has(peacock, "13m10p"));
  CHECK_FALSE(has(peacock, "13m13l"));
}

TEST_CASE("the tai Poisonous snake jumps forward and diagonally back, and turns into a Hook mover by capturing") {
  // Sente's Poisonous snake (P!) on 13m with its Pawn on 13l; gote's Pawn on 11o.
  // A jump forward over the Pawn (13k), a step to either side (12m, 14m), the backward
  // diagonal jumps (15o, and 11o, a capture that must promote): 5.
  const std::string sfen = board({{"13m", "P!"}, {"13l", "P"}, {"11o", "p"}, {"20a", "k'"}, {"20y", "K'"}});
  const Position pos = at(sfen);
  const std::vector<std::string> snake = from(pos, "13m");
  CHECK(snake.size() == 5);
  CHECK(has(snake, "13m13k"));
  CHECK(has(snake, "13m15o"));
  CHECK(has(snake, "13m11o+"));
  CHECK_FALSE(has(snake, "13m11o"));
  CHECK_FALSE(has(snake, "13m14n"));
  Position played = at(sfen);
  played.make(played.parse_move("13m11o+").value());
  CHECK(played.sfen().find("+P!") != std::string::npos);
}

TEST_CASE("a tai Crown prince that captures becomes an Emperor, and stays royal") {
  // Sente's Crown prince on 13m takes gote's Pawn on 13l; gote has only its Crown prince (20a).
  Position pos = at(board({{"13m", "K'"}, {"13l", "p"}, {"20a", "k'"}}));
  const std::vector<std::string> prince = from(pos, "13m");
  CHECK(prince.size() == 8);
  CHECK(has(prince, "13m13l+"));
  CHECK_FALSE(has(prince, "13m13l"));
  pos.make(pos.parse_move("13m13l+").value());
  std::string emperor_at_13l = board({{"13l", "+K'"}, {"20a", "k'"}}, 'w');
  emperor_at_13l.back() = '2';  // the move number
  CHECK(pos.sfen() == emperor_at_13l);
  pos.make(pos.parse_move("20a20b").value());
  // 625 squares less the two pieces are empty; the lone Crown prince of gote is unguarded.
  const std::vector<std::string> emperor = from(pos, "13l");
  CHECK(emperor.size() == 623 + 1);
  CHECK(has(emperor, "13l20b"));
  pos.make(pos.parse_move("13l20b").value());
  CHECK(pos.status().ended);
  CHECK(pos.status().winner == ir::Side::sente);
}

TEST_CASE("a tai Drunk elephant that captures is a second Crown prince: the side lives on without its Emperor") {
  // Sente: Emperor on 13y, Drunk elephant on 5m below gote's Pawn on 5l. Gote: Crown prince on
  // 20a, and a Rook on 13a whose file runs down to sente's Emperor.
  const std::string sfen = board({{"13y", "K"}, {"5m", "E"}, {"5l", "p"}, {"20a", "k'"}, {"13a", "r"}});
  Position pos = at(sfen);
  CHECK(has(from(pos, "5m"), "5m5l+"));
  pos.make(pos.parse_move("5m5l+").value());
  pos.make(pos.parse_move("13a13y+").value());  // the Rook takes the Emperor and promotes
  CHECK_FALSE(pos.status().ended);
  // Without the promotion the Emperor was the last royal.
  Position other = at(sfen);
  other.make(other.parse_move("5m4m").value());
  other.make(other.parse_move("13a13y+").value());
  CHECK(other.status().ended);
  CHECK(other.status().winner == ir::Side::gote);
}

TEST_CASE("the tai Flying dragon promotes to a Dragon king, as the diagram has it") {
  // Sente's Flying dragon (F') on 13m takes gote's Pawn on 11k (two squares diagonally forward
  // right) and moves on as a Dragon king: any distance orthogonally, one square diagonally.
  Position pos = at(board({{"13m", "F'"}, {"11k", "p"}, {"20a", "k'"}, {"20y", "K'"}}));
  const std::vector<std::string> dragon = from(pos, "13m");
  CHECK(dragon.size() == 8);
  CHECK(has(dragon, "13m11k+"));
  pos.make(pos.parse_move("13m11k+").value());
  pos.make(pos.parse_move("20a19a").value());
  // From 11k: 10 squares up, 14 down, 10 to the right, 14 to the left, and four diagonal steps.
  const std::vector<std::string> moves = from(pos, "11k");
  CHECK(moves.size() == 10 + 14 + 10 + 14 + 4);
  CHECK(has(moves, "11k11a"));
  CHECK(has(moves, "11k1k"));
  CHECK_FALSE(has(moves, "11k9i"));
}

TEST_CASE("the tai Emperor takes only what the opponent does not protect") {
  // Sente's Emperor on 13y. Gote: Crown prince on 1a, a Gold on 5d guarding its Pawn on 5e, a
  // lone Pawn on 20e.
  const std::vector<std::string> moves =
      from(at(board({{"13y", "K"}, {"1a", "k'"}, {"5d", "g"}, {"5e", "p"}, {"20e", "p"}})), "13y");
  // 625 squares less its own and the four pieces' are empty; the Pawn on 20e, the Gold and the
  // Crown prince are unguarded.
  CHECK(moves.size() == 620 + 3);
  CHECK(has(moves, "13y20e"));
  CHECK(has(moves, "13y5d"));
  CHECK(has(moves, "13y1a"));
  CHECK_FALSE(has(moves, "13y5e"));
}

TEST_CASE("seeded random tai shogi games agree with the brute-force generator") {
  random_games(kStart, 25, 3, 80);
}

TEST_CASE("seeded random tai games with Emperors, Crown princes, hook movers and Lions agree with the brute-force generator") {
  // Each side's Emperor and Crown prince, Hook mover, Capricorn, Peacock, Lion, Horned falcon,
  // Soaring eagle, Poisonous snake, Drunk elephant, Dark spirit, three-mark pieces and Pawns.
  random_games(board({{"13y", "K"}, {"12y", "K'"}, {"13a", "k"}, {"14a", "k'"},
                      {"5u", "H'"}, {"21u", "C!"}, {"9t", "P'"}, {"13t", "L'"}, {"17t", "H''"},
                      {"11t", "S'''"}, {"15t", "P!"}, {"13w", "E"}, {"10w", "D'"}, {"16w", "S''!"},
                      {"3r", "P"}, {"8r", "P"}, {"13r", "P"}, {"18r", "P"}, {"23r", "P"},
                      {"21e", "h'"}, {"5e", "c!"}, {"17f", "p'"}, {"13f", "l'"}, {"9f", "h''"},
                      {"15f", "s'''"}, {"11f", "p!"}, {"13c", "e"}, {"16c", "d'"}, {"10c", "s''!"},
                      {"23h", "p"}, {"18h", "p"}, {"13h", "p"}, {"8h", "p"}, {"3h", "p"}}),
               29, 3, 80);
}
