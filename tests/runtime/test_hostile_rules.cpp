// Rule sets and SFENs a hostile author could write are refused with error values, never by an
// assertion or an out-of-bounds read: oversized hands, promoted or royal faces in hand, a start
// position that leaves the side not to move in check.
#include <catch2/catch.hpp>

#include "brute.h"
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
  Position pos(variant_named("shogi"));
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

TEST_CASE("an SFEN needs each side's royal; only a game's start counts the pieces of a kind", "[hostile]") {
  Position pos(variant_named("shogi"));
  const auto no_king = pos.set_sfen("9/9/9/9/9/9/9/9/4K4 b - 1");
  REQUIRE_FALSE(no_king);
  CHECK(no_king.error().code == "sfen-missing-royal");
  std::string pawns = "ppppppppp/ppppppppp/ppppppppp/ppppppppp/ppppkpppp/ppppppppp/ppppppppp/ppppppppp/ppppKpppp";
  REQUIRE(pos.set_sfen(pawns + " b - 1"));
  const auto too_many = pos.check_start_material();
  REQUIRE(too_many);
  CHECK(too_many->code == "sfen-too-many-pieces");
  // Promoted faces count with their base: 18 pawns and tokins in all is the most a game has.
  REQUIRE(pos.set_sfen("4k4/9/9/9/9/9/9/9/4K4 b 9P9p 1"));
  CHECK_FALSE(pos.check_start_material());
  REQUIRE(pos.set_sfen("4k4/9/9/9/9/9/9/4+P4/4K4 b 9P9p 1"));
  CHECK(pos.check_start_material());
  CHECK(pos.is_ok());
}

TEST_CASE("an SFEN holds at most 511 pieces of a kind, all of which one hand can count", "[hostile]") {
  Position pos(variant_named("shogi"));
  REQUIRE(pos.set_sfen("4k4/9/9/9/9/9/9/P8/4K4 b 255P255p 1"));
  CHECK(pos.is_ok());
  bool agreed = true;
  std::string where;
  CHECK(brute_perft(pos, 2, agreed, where) == perft(pos, 2));
  CHECK(agreed);
  const std::string before = pos.sfen();
  const auto over = pos.set_sfen("4k4/9/9/9/9/9/9/P7+P/4K4 b 255P255p 1");
  REQUIRE_FALSE(over);
  CHECK(over.error().code == "sfen-too-many-pieces");
  CHECK(over.error().message.find("at most 511") != std::string::npos);
  CHECK(pos.sfen() == before);
}

TEST_CASE("a start with more than 511 pieces of a kind is refused at load", "[hostile]") {
  ir::RuleSet rules = standard_shogi();
  rules.setup.hands[0] = {{kPawn, 247}};
  rules.setup.hands[1] = {{kPawn, 246}};
  CHECK(load_error(rules).empty());  // 18 on the board: 511 in all
  rules.setup.hands[1] = {{kPawn, 247}};
  CHECK(load_error(rules) == "ir-bad-setup");
}

TEST_CASE("an SFEN with more pieces of a kind than the start is played like any other", "[hostile][sfen]") {
  // Four bishops (composed problems), and four of Kyoto's pawn/rook pair.
  for (const auto& [variant, sfen] : {std::pair<std::string, std::string>{"shogi", "4k4/9/9/9/9/9/9/9/BB2K2BB b - 1"},
                                      {"shogi", "4k4/9/9/9/9/9/9/9/B3K3B b 2Bb 1"},
                                      {"kyoto", "rpk2/5/5/5/2KPR b Pp 1"},
                                      {"kyoto", "rpk2/5/5/5/2KPR w - 1"}}) {
    INFO(variant << " " << sfen);
    Position pos(variant_named(variant));
    REQUIRE(pos.set_sfen(sfen));
    CHECK(pos.sfen() == sfen);
    CHECK(pos.is_ok());
    CHECK_FALSE(pos.legal_moves().empty());
    bool agreed = true;
    std::string where;
    const std::uint64_t brute = brute_perft(pos, 2, agreed, where);
    INFO("first disagreement at " << where);
    CHECK(agreed);
    CHECK(brute == perft(pos, 2));
    CHECK(pos.sfen() == sfen);
  }
  Position bishops(variant_named("shogi"));
  REQUIRE(bishops.set_sfen("4k4/9/9/9/9/9/9/9/BB2K2BB b - 1"));
  CHECK(perft(bishops, 1) == 47);  // king 5, outer bishops 8 + 3 promotions, inner 7 + 1 + 2
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
  // A piece that promotes one way may have two-leg moves; one that flips face may not.
  m.legs[1] = {{0, -1}, ir::AtomMode::move_or_capture};
  rules.pieces[kGold].leg_moves.clear();
  rules.pieces[kPawn].leg_moves = {m};
  CHECK(load_error(rules).empty());
  rules.pieces[kPawn].promotion = ir::Promotion::flip;
  CHECK(load_error(rules) == "ir-bad-legs");
  // Trading rules need a game without hands.
  ir::RuleSet trading = standard_shogi();
  trading.trade.pieces = {kGold};
  CHECK(load_error(trading) == "ir-bad-trade");
  trading.trade.pieces = {999};
  CHECK(load_error(trading) == "ir-bad-piece-id");
}
