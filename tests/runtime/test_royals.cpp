// Royal pieces beyond shogi's one King under the check rule: royals that may be captured,
// several royals per side, royals made by promotion, and the endings judged on the last move.
#include <catch2/catch.hpp>

#include "helpers.h"
#include "support/variants.h"

using namespace koma;
using namespace koma::test;

TEST_CASE("a lion may step into attack, and capturing it ends the game", "[rules][royals]") {
  Position pos = position("dobutsu", "gle/1c1/1C1/ELG b - 1");
  play(pos, "2d1c");
  CHECK(is_legal(pos, "2a1b"));  // next to the sente Lion: legal when royals may be attacked
  play(pos, "2a1b");
  CHECK_FALSE(pos.status().ended);
  play(pos, "1c1b");  // the Lion takes the Lion
  const GameStatus s = pos.status();
  CHECK(s.ended);
  CHECK(s.rule == ir::EndKind::royal_captured);
  CHECK(s.winner == ir::Side::sente);
  CHECK(perft(pos, 2) == 0);
}

TEST_CASE("the try wins at once when no reply can take the lion, else after a reply that does not",
          "[rules][royals]") {
  Position safe = position("dobutsu", "3/1L1/l2/3 b - 1");
  play(safe, "2b2a");
  CHECK(safe.status().ended);
  CHECK(safe.status().rule == ir::EndKind::royal_reaches);
  CHECK(safe.status().winner == ir::Side::sente);

  Position attacked = position("dobutsu", "g2/1L1/2l/3 b - 1");
  play(attacked, "2b2a");  // the gote Giraffe on 3a could take it
  CHECK_FALSE(attacked.status().ended);
  play(attacked, "1c2c");  // gote lets it stand
  CHECK(attacked.status().ended);
  CHECK(attacked.status().winner == ir::Side::sente);
}

TEST_CASE("with two royals either may be left attacked, the last one may not", "[rules][royals]") {
  // Sente has a King and a Crown Prince; the gote Rook attacks the Prince on 5e.
  Position two = position("sho", "4k4/9/9/9/r3+E4/9/9/9/4K4 b - 1");
  CHECK(two.royal_count(0) == 2);
  CHECK(is_legal(two, "5i4i"));  // leaves the Prince attacked
  CHECK_FALSE(two.check_rule_applies(ir::Side::sente));
  play(two, "5i4i");
  play(two, "9e5e");  // the Rook takes the Prince
  CHECK_FALSE(two.status().ended);
  CHECK(two.royal_count(0) == 1);
  CHECK(two.check_rule_applies(ir::Side::sente));
  // One royal left: it may not step into the Rook's line.
  CHECK_FALSE(is_legal(two, "4i5i"));
}

TEST_CASE("a drunk elephant promoting in the zone becomes a second royal", "[rules][royals]") {
  Position pos = position("sho", "4k4/9/9/4E4/9/9/9/9/4K4 b - 1");
  play(pos, "5d5c+");
  CHECK(pos.royal_count(0) == 2);
  CHECK(pos.is_ok());
  CHECK(pos.sfen() == "4k4/9/4+E4/9/9/9/9/9/4K4 w - 2");
}

TEST_CASE("taking back a promotion to a royal face leaves one royal again", "[rules][royals]") {
  Position pos = position("sho", "4k4/9/9/4E4/9/9/9/9/4K4 b - 1");
  const std::string sfen = pos.sfen();
  const std::uint64_t hash = pos.hash();
  play(pos, "5d5c+");
  REQUIRE(pos.royal_count(0) == 2);
  pos.unmake();
  CHECK(pos.royal_count(0) == 1);
  CHECK(pos.square_text(pos.royal_square(0)) == "5i");
  CHECK(pos.is_ok());
  CHECK(pos.sfen() == sfen);
  CHECK(pos.hash() == hash);
}

TEST_CASE("a captured royal face goes to hand as its base face", "[rules][royals]") {
  ir::RuleSet rules = sho_shogi();
  rules.drops.enabled = true;
  rules.drops.captured = ir::CaptureFate::to_hand;
  auto v = Variant::load(rules);
  REQUIRE(v.ok());
  Position pos(v.value());
  REQUIRE(pos.set_sfen("4k4/9/9/9/r3+E4/9/9/9/4K4 w - 1").ok());
  play(pos, "9e5e");
  CHECK(pos.sfen() == "4k4/9/9/9/4r4/9/9/9/4K4 b e 2");
  CHECK(pos.is_ok());
}

TEST_CASE("in check shogi the first check wins and ends the tree", "[rules][royals]") {
  Position pos = position("check", "4k4/9/9/9/9/9/9/9/4K4 b G 1");
  play(pos, "G*5b");
  const GameStatus s = pos.status();
  CHECK(s.ended);
  CHECK(s.rule == ir::EndKind::check_given);
  CHECK(s.winner == ir::Side::sente);
  CHECK(perft(pos, 1) == 0);
}

TEST_CASE("an SFEN may leave the other side's royal attacked only where the check rule allows",
          "[sfen][royals]") {
  Position lion(variant_named("dobutsu"));
  CHECK(lion.set_sfen("1l1/1L1/3/3 b - 1").ok());
  Position king(variant_named("shogi"));
  CHECK(king.set_sfen("4k4/4R4/9/9/9/9/9/9/4K4 b - 1").error().code == "sfen-royal-capturable");
}
