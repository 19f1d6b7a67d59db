// Rule sets and SFENs a hostile author could write are refused with error values, never by an
// assertion or an out-of-bounds read: oversized hands, promoted or royal faces in hand, a start
// position that leaves the side not to move in check.
#include <catch2/catch.hpp>

#include "helpers.h"
#include "support/variants.h"

using namespace koma;
using namespace koma::test;

namespace {

constexpr ir::PieceId kPawn = 7, kTokin = 13, kKing = 0;

std::string load_error(const ir::RuleSet& rules) {
  const auto loaded = Variant::load(rules);
  return loaded ? std::string() : loaded.error().code;
}

}  // namespace

TEST_CASE("a setup hand whose counts sum past 255 of one type is refused at load", "[hostile]") {
  ir::RuleSet rules = standard_shogi();
  rules.setup.hands[0] = {{kPawn, 255}, {kPawn, 255}, {kPawn, 255}};
  CHECK(load_error(rules) == "ir-bad-setup");
  rules.setup.hands[0] = {{kPawn, 200}, {kPawn, 55}};
  REQUIRE(load_error(rules).empty());
  const Position start(Variant::load(rules).value());
  CHECK(start.hand_count(0, kPawn) == 255);
  CHECK(start.is_ok());
}

TEST_CASE("a promoted face or a royal piece in a setup hand is refused at load", "[hostile]") {
  ir::RuleSet rules = standard_shogi();
  rules.setup.hands[1] = {{kTokin, 1}};
  CHECK(load_error(rules) == "ir-bad-setup");
  rules.setup.hands[1] = {{kKing, 1}};
  CHECK(load_error(rules) == "ir-bad-setup");
}

TEST_CASE("a start position leaving the side not to move in check is refused at load", "[hostile]") {
  ir::RuleSet rules = standard_shogi();
  // Sente's rook faces gote's king on an open file, and it is sente's turn.
  rules.setup.placements.clear();
  rules.setup.placements.push_back({5, 1, kKing, ir::Side::gote, {}});
  rules.setup.placements.push_back({5, 9, kKing, ir::Side::sente, {}});
  rules.setup.placements.push_back({5, 5, 1, ir::Side::sente, {}});
  rules.setup.to_move = ir::Side::sente;
  CHECK(load_error(rules) == "ir-start-royal-capturable");
  rules.setup.to_move = ir::Side::gote;
  CHECK(load_error(rules).empty());
}

TEST_CASE("an SFEN leaving the side not to move in check is refused by the same rule", "[hostile]") {
  Position pos(variant_named("shogi"));
  const std::string before = pos.sfen();
  const auto r = pos.set_sfen("4k4/9/9/9/4R4/9/9/9/4K4 b - 1");
  REQUIRE_FALSE(r);
  CHECK(r.error().code == "sfen-royal-capturable");
  CHECK(pos.sfen() == before);
  CHECK(pos.set_sfen("4k4/9/9/9/4R4/9/9/9/4K4 w - 1"));
  CHECK_FALSE(pos.check_side_not_to_move());
}

TEST_CASE("SFEN hands past 255 of one type are refused however they are split", "[hostile]") {
  ir::RuleSet rules = standard_shogi();
  rules.setup.hands[0] = {{kPawn, 255}};
  rules.setup.hands[1] = {{kPawn, 255}};
  Position pos(Variant::load(rules).value());
  const auto split = pos.set_sfen("4k4/9/9/9/9/9/9/9/4K4 b 200P56P 1");
  REQUIRE_FALSE(split);
  CHECK(split.error().code == "sfen-bad-hand");
  const auto huge = pos.set_sfen("4k4/9/9/9/9/9/9/9/4K4 b 999999P 1");
  REQUIRE_FALSE(huge);
  CHECK(huge.error().message.find("'999999P'") != std::string::npos);
  REQUIRE(pos.set_sfen("4k4/9/9/9/9/9/9/9/4K4 b 200P55P 1"));
  CHECK(pos.hand_count(0, kPawn) == 255);
  CHECK(pos.is_ok());
}

TEST_CASE("an SFEN needs each side's royal and no more pieces of a kind than the game has", "[hostile]") {
  Position pos(variant_named("shogi"));
  const auto no_king = pos.set_sfen("9/9/9/9/9/9/9/9/4K4 b - 1");
  REQUIRE_FALSE(no_king);
  CHECK(no_king.error().code == "sfen-missing-royal");
  std::string pawns = "ppppppppp/ppppppppp/ppppppppp/ppppppppp/ppppkpppp/ppppppppp/ppppppppp/ppppppppp/ppppKpppp";
  const auto too_many = pos.set_sfen(pawns + " b - 1");
  REQUIRE_FALSE(too_many);
  CHECK(too_many.error().code == "sfen-too-many-pieces");
  // Promoted faces count with their base: 18 pawns and tokins in all is the most.
  CHECK(pos.set_sfen("4k4/9/9/9/9/9/9/9/4K4 b 9P9p 1"));
  CHECK_FALSE(pos.set_sfen("4k4/9/9/9/9/9/9/4+P4/4K4 b 9P9p 1"));
}

TEST_CASE("quoted text in SFEN and move errors is cut short", "[hostile]") {
  Position pos(variant_named("shogi"));
  const std::string long_text(100000, 'x');
  const auto sfen = pos.set_sfen(long_text);
  REQUIRE_FALSE(sfen);
  CHECK(sfen.error().message.size() < 300);
  const auto move = pos.parse_move(long_text + "*5e");
  REQUIRE_FALSE(move);
  CHECK(move.error().message.size() < 300);
}

TEST_CASE("two-leg moves and trading rules the runtime cannot play are refused at load", "[hostile]") {
  constexpr ir::PieceId kGold = 3;
  ir::RuleSet rules = standard_shogi();
  REQUIRE(rules.pieces[kGold].promotion == ir::Promotion::none);
  ir::LegMove m;
  m.legs[0] = {{0, 1}, ir::AtomMode::capture_only};
  m.legs[1] = {{0, 1}, ir::AtomMode::move_or_capture};
  // The Gold captures one step forward, but not two: the second leg would capture where no
  // leap of the piece does.
  rules.pieces[kGold].leg_moves = {m};
  CHECK(load_error(rules) == "ir-bad-legs");
  m.legs[1] = {{0, -1}, ir::AtomMode::move_or_capture};  // igui: back to the origin
  rules.pieces[kGold].leg_moves = {m};
  CHECK(load_error(rules).empty());
  m.legs[1] = {{0, 0}, ir::AtomMode::move_or_capture};
  rules.pieces[kGold].leg_moves = {m};
  CHECK(load_error(rules) == "ir-bad-legs");
  // A piece that promotes may not have two-leg moves.
  m.legs[1] = {{0, -1}, ir::AtomMode::move_or_capture};
  rules.pieces[kGold].leg_moves.clear();
  rules.pieces[kPawn].leg_moves = {m};
  CHECK(load_error(rules) == "ir-bad-legs");
  // Trading rules need a game without hands.
  ir::RuleSet trading = standard_shogi();
  trading.trade.pieces = {kGold};
  CHECK(load_error(trading) == "ir-bad-trade");
  trading.trade.pieces = {999};
  CHECK(load_error(trading) == "ir-bad-piece-id");
}
