// Claims and the move limit: declarations, agreed impasses, fouls in records, the move limit.
#include <catch2/catch.hpp>

#include "helpers.h"
#include "support/variants.h"

using namespace koma;
using namespace koma::test;

namespace {

/// Sente's king in the zone with R, B and eight tokins there (18 points, 10 pieces): `hand`
/// adds the rest.
std::string entered(const std::string& hand, char side = 'b') {
  return "+P+P+P+P+P+P+PRB/+P8/4K4/9/9/9/9/9/4k4 " + std::string(1, side) + " " + hand + " 1";
}

}  // namespace

TEST_CASE("a declaration with 28 points and 10 pieces in the zone wins for sente", "[judge]") {
  const Position pos = position("shogi", entered("10P4g4s4n4l"));
  const auto s = pos.declare();
  REQUIRE(s.ok());
  CHECK(s->ended);
  CHECK(s->rule == ir::EndKind::declaration);
  CHECK(s->winner == ir::Side::sente);
  CHECK(pos.count(pos.variant().rules().endings[5]).points[0] == 28);
}

TEST_CASE("a declaration one point short loses for the declarer", "[judge]") {
  const auto s = position("shogi", entered("9P4g4s4n4lp")).declare();
  REQUIRE(s.ok());
  CHECK(s->rule == ir::EndKind::declaration);
  CHECK(s->winner == ir::Side::gote);
}

TEST_CASE("gote needs 27 points to declare", "[judge]") {
  // The same material for gote, turned round: its king in ranks g-i.
  const std::string sfen = "4K4/9/9/9/9/9/4k4/+p8/br+p+p+p+p+p+p+p w 9p4G4S4N4LP 1";
  const auto s = position("shogi", sfen).declare();
  REQUIRE(s.ok());
  CHECK(s->winner == ir::Side::gote);
  const auto short_of = position("shogi", "4K4/9/9/9/9/9/4k4/+p8/br+p+p+p+p+p+p+p w 8p4G4S4N4L2P 1").declare();
  CHECK(short_of->winner == ir::Side::sente);
}

TEST_CASE("a declaration in check, with the king outside, or with nine pieces in the zone is wrong", "[judge]") {
  const auto checked = position("shogi", "+P+P+P+P+P+P+PRB/+P8/4K4/4r4/9/9/9/9/4k4 b 10P4g4s4n4l 1").declare();
  CHECK(checked->winner == ir::Side::gote);
  const auto outside = position("shogi", "+P+P+P+P+P+P+PRB/+P8/9/4K4/9/9/9/9/4k4 b 10P4g4s4n4l 1").declare();
  CHECK(outside->winner == ir::Side::gote);
  const auto nine = position("shogi", "+P+P+P+P+P+P+PRB/9/4K4/9/9/9/9/9/4k4 b 11P4g4s4n4l 1").declare();
  CHECK(nine->winner == ir::Side::gote);
}

TEST_CASE("a variant without a declaration rule refuses a declaration", "[judge]") {
  CHECK(position("kyoto", "pgkst/5/5/5/TSKGP b - 1").declare().error().code == "declaration-no-rule");
}

TEST_CASE("an agreed impasse counts every piece: below 24 loses, both at 24 or more replay", "[judge]") {
  const auto short_of = position("shogi", "9/4K4/9/9/9/9/9/4k4/9 b RB10Prb4g4s4n4l8p 1").agree_impasse();
  REQUIRE(short_of.ok());
  CHECK(short_of->rule == ir::EndKind::impasse);
  CHECK(short_of->winner == ir::Side::gote);
  const auto even = position("shogi", "9/4K4/9/9/9/9/9/4k4/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1").agree_impasse();
  CHECK_FALSE(even->winner.has_value());
  CHECK(even->outcome == ir::Outcome::replay);
  const auto outside = position("shogi", "9/9/9/4K4/9/9/9/4k4/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1").agree_impasse();
  CHECK(outside.error().code == "impasse-royal-outside");
}

TEST_CASE("the move limit ends the game once 500 moves have been played", "[judge]") {
  Position pos = position("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 500");
  CHECK_FALSE(pos.status().ended);
  play(pos, "7g7f");
  CHECK(pos.status().ended);
  CHECK(pos.status().rule == ir::EndKind::move_limit);
  CHECK(pos.status().outcome == ir::Outcome::replay);
  CHECK_FALSE(pos.status().winner.has_value());
}

TEST_CASE("each foul of a record is named and loses for its player", "[judge]") {
  const struct {
    const char* sfen;
    const char* move;
    Foul foul;
    ir::Side winner;
  } cases[] = {
      {"4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*5e", Foul::two_per_file, ir::Side::gote},
      {"4k4/9/9/9/9/9/9/9/4K4 b P 1", "P*1a", Foul::dead_end, ir::Side::gote},
      {"4k4/9/9/7N1/9/9/9/9/4K4 b - 1", "2d1b", Foul::dead_end, ir::Side::gote},
      {"7nk/7p1/9/7N1/9/9/9/9/4K4 b P 1", "P*1b", Foul::drop_mate, ir::Side::gote},
      {"3rk4/9/9/9/9/9/9/9/4K4 b - 1", "5i6i", Foul::king_in_check, ir::Side::gote},
      {"4r3k/9/9/9/9/9/8P/9/4K4 b - 1", "1g1f", Foul::king_in_check, ir::Side::gote},
      {"4k4/9/9/9/9/9/8P/9/4K4 w - 1", "1g1f", Foul::wrong_side, ir::Side::gote},
  };
  for (const auto& c : cases) {
    INFO(c.sfen << " " << c.move);
    const Position pos = position("shogi", c.sfen);
    REQUIRE_FALSE(pos.parse_move(c.move).ok());
    const auto s = pos.judge_foul(c.move);
    REQUIRE(s.ok());
    CHECK(s->rule == ir::EndKind::foul);
    CHECK(s->foul == c.foul);
    CHECK(s->winner == c.winner);
  }
}

TEST_CASE("an illegal move that breaks no named rule is no foul", "[judge]") {
  const Position pos = position("shogi", "4k4/9/9/9/9/9/8P/9/4K4 b - 1");
  CHECK(pos.judge_foul("1g1e").error().code == "move-illegal");  // a pawn does not go there
  CHECK(pos.judge_foul("5e5d").error().code == "move-illegal");  // no piece there
  CHECK(pos.judge_foul("P*5e").error().code == "move-illegal");  // nothing in hand
  CHECK(pos.judge_foul("1g").error().code == "move-malformed");
  CHECK(position("kyoto", "pgkst/5/5/5/TSKGP b - 1").judge_foul("3e3d").error().code == "foul-no-rule");
}

TEST_CASE("a piece that turns over on captures is no foul for the face it shows", "[judge]") {
  ir::RuleSet rules = micro_shogi();
  ir::EndRule foul;
  foul.kind = ir::EndKind::foul;
  foul.outcome = ir::Outcome::loss;
  rules.endings.push_back(foul);
  const auto variant = Variant::load(rules);
  REQUIRE(variant.ok());
  Position capture(*variant);
  REQUIRE(capture.set_sfen("k3/4/3p/3P/3K b - 1").ok());
  CHECK(capture.parse_move("1d1c+").ok());
  const auto kept = capture.judge_foul("1d1c");
  CHECK(kept.error().code == "move-illegal");
  CHECK(kept.error().message.find("changes face on every capture") != std::string::npos);
  Position quiet(*variant);
  REQUIRE(quiet.set_sfen("k3/4/4/3P/3K b - 1").ok());
  CHECK(quiet.parse_move("1d1c").ok());
  CHECK(quiet.judge_foul("1d1c+").error().message.find("cannot change face") != std::string::npos);
}

/// Whale shogi with the foul ending: an illegal move loses.
std::shared_ptr<const Variant> whale_with_fouls() {
  ir::RuleSet rules = whale_shogi();
  ir::EndRule foul;
  foul.kind = ir::EndKind::foul;
  rules.endings.push_back(foul);
  auto variant = Variant::load(std::move(rules));
  REQUIRE(variant.ok());
  return variant.value();
}

TEST_CASE("a board move past a per-file limit that binds moves is a foul of its own", "[judge]") {
  // File 4 holds two sente Dolphins; the far-rank Dolphin on 3a may not dive back to 4b.
  Position pos(whale_with_fouls());
  REQUIRE(pos.set_sfen("w2D2/4p1/2D3/6/2D3/5W b D 1").ok());
  REQUIRE_FALSE(pos.parse_move("3a4b").ok());
  REQUIRE(pos.parse_move("3a5c").ok());
  const auto s = pos.judge_foul("3a4b");
  REQUIRE(s.ok());
  CHECK(s->foul == Foul::two_per_file);
  CHECK(s->winner == ir::Side::gote);
  // A step along its own file does not add a Dolphin to the file.
  CHECK(pos.parse_move("4c4b").ok());
}

TEST_CASE("a drop on a rank the drop rules ban is a foul of its own, not a dead end", "[judge]") {
  // A Dolphin on the far rank can still move (it dives back), yet may not be dropped there.
  Position pos(whale_with_fouls());
  REQUIRE(pos.set_sfen("w5/6/6/6/6/5W b D 1").ok());
  REQUIRE_FALSE(pos.parse_move("D*3a").ok());
  REQUIRE(pos.parse_move("D*3b").ok());
  const auto s = pos.judge_foul("D*3a");
  REQUIRE(s.ok());
  CHECK(s->foul == Foul::banned_rank);
  CHECK(s->winner == ir::Side::gote);
}
