// Taikyoku shogi compiled from variants/taikyoku-shogi.md: 209 kinds and 404 faces on 36×36, the
// first ply counted by hand, a range capture and a slide that passes pieces on small positions,
// the forced promotion of the far eleven ranks, and seeded random games against the brute-force
// generator.
#include <map>

#include "brute.h"
#include "bundled.h"
#include "random_games.h"

using namespace koma;
using e2e::has;
using e2e::texts;

namespace {

std::shared_ptr<const Variant> taikyoku() { return e2e::bundled("taikyoku-shogi"); }

Position at(const std::string& sfen) { return e2e::at(taikyoku(), sfen); }

constexpr const char* kStart =
    "iw!r!'w'f!'r'!tbr''f''ewf!f'r'rg'k'kg'lr'f'f!c'ef''r''btl'f!'w'r!'t!i/r!!f!!t''f'''f''!r!f'!'mr'''r'"
    "'!sg!r'!'r'!!ng!'s!dn's!s'b!r'!!r'!'g!sr''!r'''mf'!'r!f''!f'''t''w'!r!!/g!!s''r!''r!'!af!''r!!'r!!!b"
    "'w!'f!'!uop'w!!f!!'c!p!k!c!f!!'w!!p'ouf!'!w!'b'l''l!f!''ar!'!r!''s''g!!/s!'v!c''p''c'!p'!ho'cs'''s''"
    "!g'''l'!f!!!g'!i'w'''v''gw'''i'g'!f!!!l'!g'''s''!s'''co'hp'!c'!p''c''v!s!'/s'!'c!'a'fs'!!l!'m'v'!s!'"
    "'l!!c!!c'''u'a!i!g''g''!d''d'!g''!g''i!a!u'c'''c!!l!!s!''v'!m'l!'s'!!fa'c!'s'!'/w''!w''i''s'!p!'w'!'"
    "i'!i!'l'!'p!!l'!!s!!!b'!w'!!i'''p'''h!l!''g'!'c''!k''i'''w'!!b'!s!!!l'!!p!!l'!'i!'i'!w'!'p!'s'!l''!w"
    "''w''!/t'!v!'i''!d!'l!'!i'!'a''e'w!''l!!'o!h''n!o''i!!i'!!t'c'!'p''!t'i'!!i!!e!w!'!h''o!l!!'w!''e'a'"
    "'i'!'l!'!d!'i''!v!'t'!/e''v'e'!h'!w!!'c'!!c!''s!!'b!'b!!o'!i!''b'''o!'s!'!c!'!e!'e!!i!'!e!'c!'!s!'!o"
    "!'b'''i!''o'!b!!b!'s!!'c!''c'!!w!!'h'!e'!b''e''/c!!'s!!v!!w!!!i!!'m!f'!!h!'o!!o'''e'''b''!t!'e''!t!!"
    "b'!'i!!!g'!!g!''i!!!b'!'t!!e''!t!'b''!e'''o'''o!!h!'f'!!m!i!!'w!!!v!!s!!c!!'/g!'!d!!vl'''o''!v'''v''"
    "!c!!!d'd!o'!'h'f'!p'!'v'!'e'!!o'!!o!''l!!!o'!!e'!!v'!'p'!'f'!h'o'!'d!d'c!!!v''!v'''o''!l'''vd!!e'!'/"
    "pppppppppppppppppppppppppppppppppppp/5d'''4g!!'3d'''6d'''3g!!'4d'''5/36/36/36/36/36/36/36/36/36/36/3"
    "6/36/5D'''4G!!'3D'''6D'''3G!!'4D'''5/PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPP/E'!'D!!VL'''O''!V'''V''!C!"
    "!!D'D!O'!'H'F'!P'!'V'!'E'!!O'!!L!!!O!''O'!!E'!!V'!'P'!'F'!H'O'!'D!D'C!!!V''!V'''O''!L'''VD!!G!'!/C!!"
    "'S!!V!!W!!!I!!'M!F'!!H!'O!!O'''E'''B''!T!'E''!T!!B'!'I!!!G!''G'!!I!!!B'!'T!!E''!T!'B''!E'''O'''O!!H!"
    "'F'!!M!I!!'W!!!V!!S!!C!!'/E''B''E'!H'!W!!'C'!!C!''S!!'B!'B!!O'!I!''B'''O!'S!'!C!'!E!'I!'!E!!E!'C!'!S"
    "!'!O!'B'''I!''O'!B!!B!'S!!'C!''C'!!W!!'H'!E'!V'E''/T'!V!'I''!D!'L!'!I'!'A''E'W!''L!!'O!H''W!'!E!I!!I"
    "'!!T'P''!C'!'T'I'!!I!!O''N!H''O!L!!'W!''E'A''I'!'L!'!D!'I''!V!'T'!/W''!W''L''!S'!P!'W'!'I'!I!'L'!'P!"
    "!L'!!S!!!B'!W'!!I'''K''C''!G'!'L!''H!P'''I'''W'!!B'!S!!!L'!!P!!L'!'I!'I'!W'!'P!'S'!I''W''W''!/S'!'C!"
    "'A'FS'!!L!'M'V'!S!''L!!C!!C'''U'A!I!G''G''!D'!D''G''!G''I!A!U'C'''C!!L!!S!''V'!M'L!'S'!!FA'C!'S'!'/S"
    "!'V!C''P''C'!P'!HO'CS'''S''!G'''L'!F!!!G'!I'W'''GV''W'''I'G'!F!!!L'!G'''S''!S'''CO'HP'!C'!P''C''V!S!"
    "'/G!!S''R!''R!'!AF!''L!L''B'W!'F!'!UOP'W!!F!!'C!K!P!C!F!!'W!!P'OUF!'!W!'B'R!!!R!!'F!''AR!'!R!''S''G!"
    "!/R!!W'!T''F'''F''!R!F'!'MR'''R''!SG!R'!'R'!!B!S'S!N'DS!G!'NR'!!R'!'G!SR''!R'''MF'!'R!F''!F'''T''F!!"
    "R!!/IT!R!'W'F!'L'TBR''F''EC'F!F'R'LG'KK'G'RR'F'F!WEF''R''BTR'!F!'W'R!'W!I b - 1";

/// An SFEN of `pieces` (USI square to letter, lowercase for gote) on an otherwise empty board.
std::string board(const std::map<std::string, std::string>& pieces, char side = 'b') {
  return e2e::board_sfen(36, pieces, side);
}

/// The legal moves of `pos` that start on `square`.
std::vector<std::string> from(const Position& pos, const std::string& square) { return e2e::moves_from(pos, square); }

}  // namespace

TEST_CASE("taikyoku shogi starts from the project's set-up with 209 kinds and 404 faces") {
  Position pos(taikyoku());
  CHECK(pos.sfen() == kStart);
  CHECK(pos.variant().rules().pieces.size() == 404);
  CHECK(pos.variant().rules().setup.placements.size() == 804);
  Position reread = at(pos.sfen());
  CHECK(reread.hash() == pos.hash());
}

TEST_CASE("taikyoku shogi's first ply, counted by hand") {
  // Sente's ranks 1-11 are full (36 pieces each, the Pawns on rank 11); rank 12 holds its four
  // Dogs (files 31, 22, 15, 6) and two Go-betweens (files 26, 11); ranks 13-24 are empty.
  // Ranks count from sente's side, files 36-1 from sente's left.
  // - Pawns: 36, less the six behind the rank-12 pieces: 30.
  // - Dogs: one step forward or diagonally forward, all empty: 3 each, 12. Go-betweens: one step
  //   forward (backward is a Pawn): 2.
  // - Leaps past rank 11: the Horned hawks (rank 10, files 25 and 12) jump two forward to rank
  //   12: 2. The Lion dog (10, file 19) jumps three forward and three diagonally forward to rank
  //   13: 3; the Roaring dog (10, file 18) likewise: 3. The Great master (9, file 19) jumps three
  //   forward to 19-12 and diagonally forward to 16-12 (22-12 is a Dog): 1 + 1 = 2. The Free
  //   eagle (8, file 18) slides diagonally forward from its fourth square: to the left 22-12 is a
  //   Dog, to the right 14-12 then on up to 1-25: 14. The Flying eagles' diagonal leaps (10,
  //   files 24 and 13) land on the Go-betweens and Dogs, every other jump of ranks 1-10 on an own
  //   piece (the Treacherous fox's and Wooden dove's jumped slides stop on one too).
  // - Range captures, passing every own piece of lower rank and taking each enemy piece of
  //   lower rank, stopping before one of rank at least its own (ranks: King and Crown prince 4,
  //   Great general 3, Vice general 2, Angle, Flying and Fierce generals 1); sideways and backward
  //   lines hold no empty square, and every passing line ends on the board edge or before a royal:
  //   - Great general (on rank 4, file 19): forward the 14 empty squares 19-12 to 19-25, then
  //     gote's ten pieces on 19-26 to 19-35 (its Vice general among them), stopping before its
  //     Crown prince on 19-36: 24. Diagonally forward: 10-13 to 1-22 (past the Go-between on
  //     11-12) and 27-12 to 36-21, 10 each: 44.
  //   - Vice general (on rank 4, file 18): 10-12 to 1-21 and 27-13 to 36-22: 20.
  //   - Fierce dragons (on rank 4, files 21 and 16): 13-12 to 1-24 (13) and 29-12 to 36-19 (8);
  //     8-12 to 1-19 (8) and 24-12 to 36-24 (13): 21 each, 42.
  //   - Angle generals (on rank 3, files 32 and 5): towards the middle, the 14 empty squares
  //     23-12 to 10-25, then gote's nine pieces on 9-26 to 1-34, up to the edge: 23 (and the
  //     mirror image); the other forward diagonal leaves the board at once: 23 each, 46.
  //   - Flying generals (on rank 3, files 31 and 6): forward past an own Dog (31-12), the 12 empty
  //     squares 31-13 to 31-24, then gote's nine pieces on 31-25 to 31-33, stopping before its
  //     Flying general on 31-34: 21 each, 42.
  //   44 + 20 + 42 + 46 + 42 = 194.
  // - The Gold birds (on rank 5, files 20 and 17) pass up to three pieces diagonally forward, but the
  //   squares they pass are all full: 0. Hooks and Lions find no empty square.
  // 30 + 14 + (2 + 3 + 3 + 2 + 14) + 194 = 262.
  Position pos(taikyoku());
  CHECK(perft(pos, 1) == 262);
  CHECK(from(pos, "19gg").size() == 44);  // the Great general
  CHECK(from(pos, "18cc").size() == 14);  // the Free eagle
  CHECK(from(pos, "31hh").size() == 21);  // a Flying general
}

TEST_CASE("the taikyoku Great general removes every piece of lower rank it passes") {
  // Sente's Great general (G, rank 3) on 18r; on its file forward an own Pawn (18q), gote's
  // Pawn (18o) and Vice general (18m, rank 2), then gote's Great general (18k, rank 3, not
  // lower: it stops before it). Forward: 18p, 18o, 18n, 18m, 18l: 5.
  const std::string sfen = board({{"18r", "G"}, {"18q", "P"}, {"18o", "p"}, {"18m", "v''"}, {"18k", "g"},
                                  {"1jj", "K"}, {"36a", "k"}});
  Position pos = at(sfen);
  const std::vector<std::string> general = from(pos, "18r");
  for (const char* m : {"18r18p", "18r18o", "18r18n", "18r18m", "18r18l"}) CHECK(has(general, m));
  CHECK_FALSE(has(general, "18r18q"));
  CHECK_FALSE(has(general, "18r18k"));
  pos.make(pos.parse_move("18r18l").value());
  std::string after = board({{"18l", "G"}, {"18k", "g"}, {"1jj", "K"}, {"36a", "k"}}, 'w');
  after.back() = '2';  // the move number
  CHECK(pos.sfen() == after);
}

TEST_CASE("the taikyoku Gold bird slides past up to three pieces diagonally forward") {
  // Sente's Gold bird (G''!) on 18r. Its forward diagonal to the right: own Pawn 17q, empty 16p,
  // gote's Pawns 15o and 14n, empty 13m, own Pawn 12l, empty 11k. It passes three pieces and
  // stops at the fourth: 16p, 15o (taking), 14n (taking), 13m; not 12l nor 11k.
  Position pos = at(board({{"18r", "G''!"}, {"17q", "P"}, {"15o", "p"}, {"14n", "p"}, {"12l", "P"},
                           {"1jj", "K"}, {"36a", "k"}}));
  const std::vector<std::string> bird = from(pos, "18r");
  for (const char* m : {"18r16p", "18r15o", "18r14n", "18r13m"}) CHECK(has(bird, m));
  for (const char* m : {"18r17q", "18r12l", "18r11k", "18r11k+"}) CHECK_FALSE(has(bird, m));
  pos.make(pos.parse_move("18r14n").value());
  // It took the Pawn it landed on, and only that one.
  std::string after =
      board({{"14n", "G''!"}, {"17q", "P"}, {"15o", "p"}, {"12l", "P"}, {"1jj", "K"}, {"36a", "k"}}, 'w');
  after.back() = '2';
  CHECK(pos.sfen() == after);
}

TEST_CASE("the taikyoku Flying general promotes to a Flying crocodile of rank 1, which range-captures too") {
  const ir::PieceType* crocodile = nullptr;
  for (const ir::PieceType& p : taikyoku()->rules().pieces) {
    if (p.name == "Flying crocodile") crocodile = &p;
  }
  REQUIRE(crocodile != nullptr);
  CHECK(crocodile->rank == 1);
  // Sente's Flying general (F!'') on 18m steps into the zone: 18l is outside, 18k inside.
  Position general = at(board({{"18m", "F!''"}, {"1jj", "K"}, {"36a", "k"}}));
  CHECK(has(from(general, "18m"), "18m18l"));
  CHECK(has(from(general, "18m"), "18m18k+"));
  CHECK_FALSE(has(from(general, "18m"), "18m18k"));
  // A Flying crocodile on 18r behind an own Pawn (18q), gote's Pawn on 18o and gote's Great
  // general on 18m (rank 3: not passed). Forward: 18p, 18o, 18n: 3 (its slide is blocked at 18q).
  const std::vector<std::string> forward =
      from(at(board({{"18r", "+F!''"}, {"18q", "P"}, {"18o", "p"}, {"18m", "g"}, {"1jj", "K"}, {"36a", "k"}})), "18r");
  for (const char* m : {"18r18p", "18r18o", "18r18n"}) CHECK(has(forward, m));
  for (const char* m : {"18r18q", "18r18m"}) CHECK_FALSE(has(forward, m));
}

TEST_CASE("a taikyoku piece that ends a move in the far eleven ranks must promote") {
  // Sente's Pawn on 5l steps to 5k, the eleventh rank from the far edge: only "5l5k+".
  Position pos = at(board({{"5l", "P"}, {"5m", "P"}, {"1jj", "K"}, {"36a", "k"}}));
  const std::vector<std::string> pawn = from(pos, "5l");
  CHECK(pawn == std::vector<std::string>{"5l5k+"});
  CHECK(from(pos, "5m").empty());
}

TEST_CASE("seeded random taikyoku shogi games agree with the brute-force generator") {
  // Half the moves are captures where there are any, so that range captures remove pieces.
  test::play_random_games([] { return Position(taikyoku()); }, {2, 30, 41, true});
}
