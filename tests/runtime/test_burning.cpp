// Burning (ir::PieceType::burns) on the hand-built Tenjiku burning rule set: the pieces a move
// burns, actively and passively, taken back exactly; burns as check; the load-time checks.
#include <catch2/catch.hpp>

#include "helpers.h"
#include "support/variants.h"

using namespace koma;
using namespace koma::test;

namespace {

/// The SFEN after the move `text`, checked to come back exactly (SFEN, hash) on unmake.
std::string after(const std::string& sfen, const std::string& text) {
  Position pos = position("tenjiku-burning", sfen);
  const std::uint64_t hash = pos.hash();
  auto m = pos.parse_move(text);
  REQUIRE(m.ok());
  pos.make(*m);
  REQUIRE(pos.is_ok());
  const std::string out = pos.sfen();
  Position again = position("tenjiku-burning", out);
  CHECK(again.hash() == pos.hash());  // the key of the burnt position is the one SFEN gives
  pos.unmake();
  REQUIRE(pos.is_ok());
  CHECK(pos.sfen() == sfen);
  CHECK(pos.hash() == hash);
  return out;
}

}  // namespace

TEST_CASE("a Demon burns every enemy piece next to the square where it stops", "[burning]") {
  CHECK(after("k6/7/7/2ppp2/7/3D3/K6 b - 1", "4f4e") == "k6/7/7/7/3D3/7/K6 w - 2");
  // Taking the enemy Demon, it burns the Pawns next to it.
  CHECK(after("3k3/2p1p2/3d3/7/3D3/2P1P2/3K3 b - 1", "4e4c") == "3k3/7/3D3/7/7/2P1P2/3K3 w - 2");
}

TEST_CASE("a piece that stops next to an enemy Demon is burnt, a Demon too, which then burns nothing", "[burning]") {
  CHECK(after("3k3/7/7/3p3/7/3D3/K6 w - 1", "4d4e") == "3k3/7/7/7/7/3D3/K6 b - 2");
  CHECK(after("3k3/2p1p2/3d3/7/3D3/2P1P2/3K3 b - 1", "4e5d") == "3k3/2p1p2/3d3/7/7/2P1P2/3K3 w - 2");
  // Next to its own Demon a piece is not burnt.
  CHECK(after("3k3/2p1p2/3d3/7/3D3/2P1P2/3K3 b - 1", "3f3e") == "3k3/2p1p2/3d3/7/3DP2/2P4/3K3 w - 2");
}

TEST_CASE("a King may not stop next to an enemy Demon nor where a Demon's move would burn it", "[burning]") {
  Position pos = position("tenjiku-burning", "4k2/7/7/7/7/1d5/K3D2 b - 1");
  CHECK(pos.in_check());
  REQUIRE(pos.legal_moves().size() == 1);
  CHECK(pos.move_text(pos.legal_moves()[0]) == "7g6f");
  CHECK(!pos.parse_move("7g7f").ok());
  // On 4f the gote Demon would take the sente one on 4e and burn the King.
  Position two = position("tenjiku-burning", "3k3/2p1p2/3d3/7/3D3/2P1P2/3K3 b - 1");
  CHECK(!two.parse_move("4g4f").ok());
  CHECK(two.parse_move("4g5g").ok());
}

TEST_CASE("a royal a Demon's move could burn is in check, and mated when every escape burns", "[burning]") {
  Position pos = position("tenjiku-burning", "k6/7/7/2ppp2/7/3D3/K6 b - 1");
  pos.make(*pos.parse_move("4f4e"));
  CHECK(pos.in_check());
  CHECK(pos.legal_moves().empty());
  CHECK(pos.status().ended);
  CHECK(pos.status().rule == ir::EndKind::checkmate);
  // A setup where the side not to move could be burnt is refused.
  Position bad = position("tenjiku-burning", "k6/7/7/2ppp2/7/3D3/K6 b - 1");
  auto r = bad.set_sfen("k6/7/2ppp2/7/3D3/7/K6 b - 1");
  REQUIRE(!r.ok());
  CHECK(r.error().code == "sfen-royal-capturable");
}

TEST_CASE("burning plays on the mailbox tier only and needs a variant without drops", "[burning]") {
  Position pos = position("tenjiku-burning", "k6/7/7/2ppp2/7/3D3/K6 b - 1");
  CHECK(pos.tier() == Tier::mailbox);
  CHECK(!pos.set_tier(Tier::bitboard));
  ir::RuleSet r = tenjiku_burning();
  r.drops.enabled = true;
  auto loaded = Variant::load(std::move(r));
  REQUIRE(!loaded);
  CHECK(loaded.error().code == "ir-bad-burning");
}

TEST_CASE("the foul judge counts a royal burnt by its own move as one left in check", "[burning]") {
  ir::RuleSet r = tenjiku_burning();
  r.endings.push_back(ir::EndRule{});
  r.endings.back().kind = ir::EndKind::foul;
  auto loaded = Variant::load(std::move(r));
  REQUIRE(loaded);
  Position pos(loaded.value());
  REQUIRE(pos.set_sfen("4k2/7/7/7/7/1d5/K3D2 b - 1").ok());
  // 7f is next to the gote Demon: the King would be burnt there.
  const auto foul = pos.judge_foul("7g7f");
  REQUIRE(foul.ok());
  CHECK(foul->foul == Foul::king_in_check);
  CHECK(foul->winner == ir::Side::gote);
}
