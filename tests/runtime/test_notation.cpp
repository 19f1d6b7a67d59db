// SFEN and USI text: strict parsing with codes and offsets, canonical printing, dialects.
#include <catch2/catch.hpp>

#include "helpers.h"
#include "support/variants.h"

using namespace koma;
using namespace koma::test;

namespace {

Error sfen_error(const std::string& variant, const std::string& sfen) {
  Position pos(variant_named(variant));
  const std::string before = pos.sfen();
  const auto r = pos.set_sfen(sfen);
  REQUIRE_FALSE(r.ok());
  CHECK(pos.sfen() == before);  // unchanged on error
  return r.error();
}

}  // namespace

TEST_CASE("SFEN errors carry a stable code and the offset of the offending text", "[sfen]") {
  Error e = sfen_error("shogi", "lnsgkgsnl/1r5b/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
  CHECK(e.code == "sfen-bad-rank");
  CHECK(e.offset == 10);
  e = sfen_error("shogi", "lnsgkgsnl/1r5b1/ppppXpppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
  CHECK(e.code == "sfen-bad-piece");
  CHECK(e.offset == 20);
  e = sfen_error("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1");
  CHECK(e.code == "sfen-bad-side");
  CHECK(e.offset == 58);
  e = sfen_error("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2K 1");
  CHECK(e.code == "sfen-bad-hand");
  CHECK(e.offset == 60);
  e = sfen_error("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P2 1");
  CHECK(e.code == "sfen-bad-hand");
  e = sfen_error("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0");
  CHECK(e.code == "sfen-bad-move-number");
  e = sfen_error("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b");
  CHECK(e.code == "sfen-fields");
  e = sfen_error("shogi", "lnsgkgsnk/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
  CHECK(e.code == "sfen-too-many-royals");
  CHECK(e.offset == 8);
  e = sfen_error("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1");
  CHECK(e.code == "sfen-bad-rank");
  e = sfen_error("shogi", "4k4/4R4/9/9/9/9/9/9/4K4 b - 1");
  CHECK(e.code == "sfen-royal-capturable");
  e = sfen_error("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN10 b - 1");
  CHECK(e.code == "sfen-bad-rank");
}

TEST_CASE("SFEN hands are written in R B G S N L P order and read in any order", "[sfen]") {
  Position pos(variant_named("shogi"));
  REQUIRE(pos.set_sfen("4k4/9/9/9/9/9/9/9/4K4 b PLNSGBR2p3lg 7").ok());
  CHECK(pos.sfen() == "4k4/9/9/9/9/9/9/9/4K4 b RBGSNLPg3l2p 7");
  REQUIRE(pos.set_sfen("4k4/9/9/9/9/9/9/9/4K4 w - 1").ok());
  CHECK(pos.sfen() == "4k4/9/9/9/9/9/9/9/4K4 w - 1");
}

namespace {

/// Standard shogi whose Silver is S', promoted +S', and whose Knight is N!: marked letters.
std::shared_ptr<const Variant> marked_shogi() {
  ir::RuleSet rules = standard_shogi();
  rules.pieces[4].symbol = "S'";
  rules.pieces[10].symbol = "+S'";
  rules.pieces[5].symbol = "N!";
  auto loaded = Variant::load(std::move(rules));
  REQUIRE(loaded.ok());
  return loaded.value();
}

}  // namespace

TEST_CASE("a letter with a mark (' or !) is one token on the board, in hand and in drops", "[sfen][usi]") {
  Position pos(marked_shogi());
  CHECK(pos.sfen() == "ln!s'gkgs'n!l/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LN!S'GKGS'N!L b - 1");
  const std::string sfen = "4k4/9/4+s'4/9/9/9/9/4+S'4/4K4 b 2S'N!PGs'n!2p 5";
  REQUIRE(pos.set_sfen(sfen).ok());
  CHECK(pos.sfen() == "4k4/9/4+s'4/9/9/9/9/4+S'4/4K4 b GP2S'N!2ps'n! 5");
  Position again(marked_shogi());
  REQUIRE(again.set_sfen(pos.sfen()).ok());
  CHECK(again.sfen() == pos.sfen());
  CHECK(again.hash() == pos.hash());
  const Move drop = *pos.parse_move("S'*5e");
  CHECK(pos.move_text(drop) == "S'*5e");
  CHECK(*pos.parse_move("N!*5e") == Move::drop(5, drop.to()));
  CHECK(pos.parse_move("S*5e").error().code == "move-malformed");
  CHECK(pos.parse_move("S'!*5e").error().code == "move-malformed");
}

namespace {

/// Standard shogi whose Silver is S'!', promoted +S'!', whose Knight is N!! and Lance L':
/// letters of two and three marks beside one of one.
std::shared_ptr<const Variant> three_marked_shogi() {
  ir::RuleSet rules = standard_shogi();
  rules.pieces[4].symbol = "S'!'";
  rules.pieces[10].symbol = "+S'!'";
  rules.pieces[5].symbol = "N!!";
  rules.pieces[6].symbol = "L'";
  auto loaded = Variant::load(std::move(rules));
  REQUIRE(loaded.ok());
  return loaded.value();
}

}  // namespace

TEST_CASE("letters of two and three marks are one token on the board, in hand and in USI", "[sfen][usi]") {
  Position pos(three_marked_shogi());
  CHECK(pos.sfen() ==
        "l'n!!s'!'gkgs'!'n!!l'/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/L'N!!S'!'GKGS'!'N!!L' b - 1");
  // A promoted three-mark piece on each side, marked pieces in both hands, counts before them.
  const std::string sfen = "4k4/9/4+s'!'4/9/9/9/9/4+S'!'4/4K4 b 2S'!'N!!L'Ps'!'2n!! 9";
  REQUIRE(pos.set_sfen(sfen).ok());
  const std::string written = pos.sfen();
  Position again(three_marked_shogi());
  REQUIRE(again.set_sfen(written).ok());
  CHECK(again.sfen() == written);
  CHECK(again.hash() == pos.hash());
  CHECK(written.find("2S'!'") != std::string::npos);
  CHECK(written.find("2n!!") != std::string::npos);
  // USI: drops of each, a move of the dropped piece, and back again.
  const Move drop = *pos.parse_move("S'!'*5e");
  CHECK(pos.move_text(drop) == "S'!'*5e");
  CHECK(*pos.parse_move("N!!*5e") == Move::drop(5, drop.to()));
  CHECK(pos.parse_move("S'!*5e").error().code == "move-malformed");
  CHECK(pos.parse_move("S'!'!*5e").error().code == "move-malformed");
  pos.make(drop);
  pos.make(*pos.parse_move("N!!*1a"));  // gote's drop, uppercase as USI writes every drop
  CHECK(pos.sfen().find("/4S'!'4/") != std::string::npos);
  CHECK(pos.sfen().rfind("4k3n!!/", 0) == 0);
  const Move step = *pos.parse_move("5e5d");
  CHECK(pos.move_text(step) == "5e5d");
  pos.make(step);
  Position replayed(three_marked_shogi());
  REQUIRE(replayed.set_sfen(pos.sfen()).ok());
  CHECK(replayed.sfen() == pos.sfen());
  CHECK(replayed.hash() == pos.hash());
  pos.unmake();
  pos.unmake();
  pos.unmake();
  CHECK(pos.sfen() == written);
}

TEST_CASE("a bad marked token is refused where it starts", "[sfen]") {
  const auto refused = [](const std::string& sfen) {
    Position pos(marked_shogi());
    const std::string before = pos.sfen();
    const auto r = pos.set_sfen(sfen);
    REQUIRE_FALSE(r.ok());
    CHECK(pos.sfen() == before);
    return r.error();
  };
  Error e = refused("lnsgkgsnl/9/9/9/9/9/9/9/4K4 b - 1");  // the unmarked letters are gone
  CHECK(e.code == "sfen-bad-piece");
  CHECK(e.offset == 1);
  e = refused("ln!s''gkgs'n!l/9/9/9/9/9/9/9/4K4 b - 1");  // the marks stay with their letter: no piece
  CHECK(e.code == "sfen-bad-piece");
  CHECK(e.offset == 3);
  CHECK(e.message == "'s''' is not a piece of this variant");
  e = refused("ln!s!gkgs'n!l/9/9/9/9/9/9/9/4K4 b - 1");  // the wrong mark
  CHECK(e.code == "sfen-bad-piece");
  CHECK(e.offset == 3);
  CHECK(e.message == "'s!' is not a piece of this variant");
  e = refused("'4k4/9/9/9/9/9/9/9/4K4 b - 1");  // a mark without a letter
  CHECK(e.code == "sfen-bad-piece");
  CHECK(e.offset == 0);
  e = refused("4k4/9/9/9/9/9/9/9/4K4 b PS 1");
  CHECK(e.code == "sfen-bad-hand");
  CHECK(e.offset == 25);
  e = refused("4k4/9/9/9/9/9/9/9/4K4 b S'' 1");
  CHECK(e.code == "sfen-bad-hand");
  CHECK(e.offset == 24);
  CHECK(e.message == "'S''' cannot be in hand");
}

TEST_CASE("a symbol is '+' at most, one letter, then three marks at most", "[variant]") {
  for (const char* bad : {"S''''", "'S", "S'!'!", "+'S", "s'", "S?", "S'?", "++S", "SS", "S'S"}) {
    INFO(bad);
    ir::RuleSet rules = standard_shogi();
    rules.pieces[4].symbol = bad;
    CHECK(Variant::load(rules).error().code == "ir-bad-symbol");
  }
  for (const char* good : {"S'", "S!", "+S'", "S''", "S'!", "S!'!", "+S!!!"}) {
    INFO(good);
    ir::RuleSet rules = standard_shogi();
    rules.pieces[4].symbol = good;
    CHECK(Variant::load(rules).ok());
  }
}

TEST_CASE("kyoto SFEN round-trips between the lishogi and fsf spellings", "[sfen][kyoto]") {
  Position pos(variant_named("kyoto"));
  const int fsf = pos.variant().dialect("fsf");
  REQUIRE(fsf >= 0);
  CHECK(pos.variant().dialect("lishogi") == kNativeDialect);
  CHECK(pos.variant().dialect("nope") == kUnknownDialect);
  CHECK(pos.sfen() == "pgkst/5/5/5/TSKGP b - 1");
  CHECK(pos.sfen(fsf) == "p+nks+l/5/5/5/+LSK+NP b - 1");
  REQUIRE(pos.set_sfen("p+nks+l/5/5/5/+LSK+NP b - 1", fsf).ok());
  CHECK(pos.sfen() == "pgkst/5/5/5/TSKGP b - 1");
  REQUIRE(pos.set_sfen("2k2/5/5/5/2K2 b TGSPtgsp 1").ok());
  CHECK(pos.sfen(fsf) == "2k2/5/5/5/2K2 b SNLPsnlp 1");
  REQUIRE(pos.set_sfen("2k2/5/5/5/2K2 b SNLPsnlp 1", fsf).ok());
  CHECK(pos.sfen() == "2k2/5/5/5/2K2 b GSPTgspt 1");
  REQUIRE(pos.set_sfen("p+nks+l/5/5/5/+LSK+NP b - 1", kAnyDialect).ok());
  CHECK(pos.sfen() == "pgkst/5/5/5/TSKGP b - 1");
  CHECK(pos.set_sfen("p+nks+l/5/5/5/+LSK+NP b - 1").error().code == "sfen-bad-piece");
}

TEST_CASE("kyoto moves are written with each dialect's suffix and drop letters", "[usi][kyoto]") {
  Position pos(variant_named("kyoto"));
  const int fsf = pos.variant().dialect("fsf");
  const Move tokin = *pos.parse_move("5e5d+");
  CHECK(pos.move_text(tokin, fsf) == "5e5d-");
  CHECK(*pos.parse_move("5e5d-", fsf) == tokin);
  CHECK(*pos.parse_move("5e5d-", kAnyDialect) == tokin);
  CHECK_FALSE(pos.parse_move("5e5d+", fsf).ok());
  const Move pawn = *pos.parse_move("1e1d+");
  CHECK(pos.move_text(pawn, fsf) == "1e1d+");
  const Move king = *pos.parse_move("3e3d");
  CHECK(pos.move_text(king, fsf) == "3e3d");
  REQUIRE(pos.set_sfen("2k2/5/5/5/2K2 b P 1").ok());
  const Move rook = *pos.parse_move("R*3c");
  CHECK(pos.move_text(rook, fsf) == "+P*3c");
  CHECK(*pos.parse_move("+P*3c", fsf) == rook);
  CHECK(*pos.parse_move("+P*3c", kAnyDialect) == rook);
  CHECK(pos.move_text(*pos.parse_move("P*3c")) == "P*3c");
}

TEST_CASE("move parsing tells malformed text from illegal moves and names the move", "[usi]") {
  Position pos(variant_named("shogi"));
  for (const char* bad : {"7g7", "7g", "", "0g7f", "7g7f*", "7z7f", "X*5e", "P*5", "7g7f=", "10a9a"}) {
    INFO(bad);
    const auto r = pos.parse_move(bad);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().code == "move-malformed");
  }
  const auto illegal = pos.parse_move("7g7e");
  REQUIRE_FALSE(illegal.ok());
  CHECK(illegal.error().code == "move-illegal");
  CHECK(illegal.error().message.find("'7g7e'") != std::string::npos);
  CHECK(pos.parse_move("7g7f+").error().code == "move-illegal");
  CHECK(pos.parse_move("P*5e").error().code == "move-illegal");
  CHECK(pos.move_text(*pos.parse_move("7g7f")) == "7g7f");
}

TEST_CASE("a NUL byte in move or SFEN text is text, never its end", "[usi][sfen]") {
  using namespace std::string_literals;
  Position pos(variant_named("shogi"));
  for (const std::string& bad : {"7g7f\0"s, "7g7f\0x"s, "7g7f+\0"s, "\07g7f"s, "P*5e\0"s, "7g\07f"s}) {
    INFO(quoted(bad));
    const auto r = pos.parse_move(bad);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().code == "move-malformed");
    CHECK_FALSE(pos.parse_move(bad, kAnyDialect).ok());
  }
  play(pos, "7g7f");
  play(pos, "3c3d");
  CHECK_FALSE(pos.parse_move("8h2b\0"s).ok());
  CHECK(pos.parse_move("8h2b").ok());
  const std::string sfen = "4k4/9/9/9/9/9/9/9/4K4 b P 1";
  for (std::size_t at : {std::size_t{0}, std::size_t{4}, std::size_t{23}, std::size_t{24}, std::size_t{25},
                         std::size_t{26}, sfen.size()}) {
    std::string text = sfen;
    text.insert(at, 1, '\0');
    INFO(quoted(text));
    CHECK_FALSE(pos.set_sfen(text).ok());
  }
}

TEST_CASE("a quoted text shows control characters as \\xNN and never ends at a NUL", "[usi]") {
  using namespace std::string_literals;
  CHECK(quoted("7g\0" "7f\x1b[2J\tx"s) == "'7g\\x007f\\x1b[2J\tx'");
  // Escapes count against the limit: 200 NULs quote as 20 escapes and "...".
  const std::string nuls = quoted(std::string(200, '\0'));
  CHECK(nuls.size() == kMaxQuotedBytes + 2 + 3);
  CHECK(quoted(std::string(kMaxQuotedBytes, 'a')).size() == kMaxQuotedBytes + 2);
  Position pos(variant_named("shogi"));
  const auto r = pos.parse_move("7g7f\0"s);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message.find('\0') == std::string::npos);
  CHECK(r.error().message.find("7g7f\\x00") != std::string::npos);
  const auto foul = pos.judge_foul("zz\0"s);
  REQUIRE_FALSE(foul.ok());
  CHECK(foul.error().message.find('\0') == std::string::npos);
}

TEST_CASE("12x12 squares use two-digit files and ranks up to l", "[usi]") {
  Position pos(variant_named("toy12"));
  const std::vector<Move> moves = pos.legal_moves();
  bool two_digits = false;
  for (Move m : moves) {
    const std::string text = pos.move_text(m);
    two_digits |= text.rfind("12", 0) == 0 || text.rfind("11", 0) == 0 || text.rfind("10", 0) == 0;
    CHECK(*pos.parse_move(text) == m);
  }
  CHECK(two_digits);
}

TEST_CASE("rule sets the runtime cannot run are rejected with codes", "[variant]") {
  ir::RuleSet small = standard_shogi();
  small.board.files = 2;
  small.setup.placements.clear();
  CHECK(Variant::load(small).error().code == "ir-board-size");
  ir::RuleSet big = standard_shogi();
  big.board = {37, 9, {}};
  CHECK(Variant::load(big).error().code == "ir-board-size");
  ir::RuleSet demoting = standard_shogi();
  demoting.pieces[0].promotion = ir::Promotion::optional;  // the King would promote to a Gold
  demoting.pieces[0].promotes_to = 3;
  CHECK(Variant::load(demoting).error().code == "ir-bad-promotion");
  ir::RuleSet royal_hand = standard_shogi();
  royal_hand.pieces[3].base_face = 0;  // a captured Gold would go to hand as a King
  CHECK(Variant::load(royal_hand).error().code == "ir-bad-promotion");
  ir::RuleSet no_ranks = standard_shogi();
  no_ranks.endings.push_back({});
  no_ranks.endings.back().kind = ir::EndKind::royal_reaches;
  CHECK(Variant::load(no_ranks).error().code == "ir-bad-ending");
  ir::RuleSet target = standard_shogi();
  target.pieces[7].promotes_to = 99;
  CHECK(Variant::load(target).error().code == "ir-bad-piece-id");
  ir::RuleSet none = standard_shogi();
  none.pieces[7].promotes_to = ir::kNoPiece;
  CHECK(Variant::load(none).error().code == "ir-bad-promotion");
  ir::RuleSet symbol = standard_shogi();
  symbol.pieces[7].symbol = symbol.pieces[1].symbol;
  CHECK(Variant::load(symbol).error().code == "ir-bad-symbol");
  ir::RuleSet dialect = kyoto_shogi();
  dialect.dialects[0].symbols.pop_back();
  CHECK(Variant::load(dialect).error().code == "ir-bad-dialect");
  CHECK(Variant::load(toy_large()).ok());
}

TEST_CASE("duplicated and subsumed atoms give each move once", "[variant]") {
  ir::RuleSet rules = standard_shogi();
  rules.pieces[1].moves.push_back(rules.pieces[1].moves[0]);  // rook: a second forward slide
  rules.pieces[3].moves.push_back(rules.pieces[3].moves[0]);  // gold: a second forward step
  auto v = Variant::load(rules);
  REQUIRE(v.ok());
  Position dup(v.value());
  Position plain(variant_named("shogi"));
  CHECK(perft(dup, 3) == perft(plain, 3));
}

TEST_CASE("legal move texts are the legal moves' texts in their order, in any spelling", "[usi]") {
  const std::pair<const char*, const char*> cases[] = {
      {"shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
      {"shogi", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"},
      {"kyoto", "p1k1t/5/2s2/5/T1K1P b GSg 1"},
      {"annan", "lnsgkgsnl/7b1/pppprpppp/4p4/2B6/9/PPPPSPPPP/7R1/LN1GKGSNL b P 30"}};
  for (const auto& [variant, sfen] : cases) {
    INFO(variant << " " << sfen);
    const Position pos = position(variant, sfen);
    const int spellings = static_cast<int>(pos.variant().rules().dialects.size());
    for (int dialect = kNativeDialect; dialect < spellings; ++dialect) {
      std::vector<std::string> expected;
      for (Move m : pos.legal_moves()) expected.push_back(pos.move_text(m, dialect));
      CHECK(pos.legal_move_texts(dialect) == expected);
    }
    CHECK(pos.legal_move_texts().size() == pos.count_legal());
  }
}
