// One test per rule: drops, promotion, Kyoto flips and drops, Heian bare king, endings.
#include <catch2/catch.hpp>

#include <algorithm>

#include "helpers.h"
#include "support/variants.h"

using namespace koma;
using namespace koma::test;

TEST_CASE("shogi forbids a pawn drop on a file holding an own unpromoted pawn", "[rules]") {
  Position pos = position("shogi", "4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
  CHECK_FALSE(is_legal(pos, "P*5e"));
  CHECK(pos.parse_move("P*5e").error().code == "move-illegal");
  CHECK(is_legal(pos, "P*4e"));
  Position tokin = position("shogi", "4k4/9/9/9/9/9/4+P4/9/4K4 b P 1");
  CHECK(is_legal(tokin, "P*5e"));
}

TEST_CASE("shogi forbids a pawn drop that mates but allows one that only checks", "[rules]") {
  Position mate = position("shogi", "7nk/7p1/9/7N1/9/9/9/9/4K4 b P 1");
  CHECK_FALSE(is_legal(mate, "P*1b"));
  CHECK(is_legal(mate, "P*1c"));
  Position escape = position("shogi", "7nk/9/9/7N1/9/9/9/9/4K4 b P 1");
  CHECK(is_legal(escape, "P*1b"));
  Position pushed = position("shogi", "7nk/7p1/8P/7N1/9/9/9/9/4K4 b - 1");
  CHECK(is_legal(pushed, "1c1b"));  // mate by a pawn move is fine
  pushed.make(*pushed.parse_move("1c1b"));
  CHECK(pushed.status().ended);
  CHECK(pushed.status().rule == ir::EndKind::checkmate);
  CHECK(pushed.status().winner == ir::Side::sente);
}

TEST_CASE("shogi pieces may not be dropped where they could never move", "[rules]") {
  Position pos = position("shogi", "4k4/9/9/9/9/9/9/9/4K4 b NLPnlp 1");
  CHECK_FALSE(is_legal(pos, "P*3a"));
  CHECK_FALSE(is_legal(pos, "L*3a"));
  CHECK_FALSE(is_legal(pos, "N*3a"));
  CHECK_FALSE(is_legal(pos, "N*3b"));
  CHECK(is_legal(pos, "N*3c"));
  CHECK(is_legal(pos, "L*3b"));
  pos.make(*pos.parse_move("N*3c"));
  CHECK_FALSE(is_legal(pos, "P*3i"));
  CHECK_FALSE(is_legal(pos, "N*3h"));
  CHECK(is_legal(pos, "N*3g"));
}

TEST_CASE("shogi promotion is optional in the zone and forced where the piece would be dead", "[rules]") {
  Position pos = position("shogi", "4k4/2P6/9/P4N3/9/9/9/9/4K4 b - 1");
  CHECK(is_legal(pos, "9d9c"));
  CHECK(is_legal(pos, "9d9c+"));
  CHECK(is_legal(pos, "7b7a+"));
  CHECK_FALSE(is_legal(pos, "7b7a"));
  CHECK(is_legal(pos, "4d3b+"));
  CHECK_FALSE(is_legal(pos, "4d3b"));
}

TEST_CASE("shogi pieces may promote when they leave the zone and not outside it", "[rules]") {
  Position pos = position("shogi", "k8/9/4S4/9/1S7/9/9/9/4K4 b - 1");
  CHECK(is_legal(pos, "5c4d"));
  CHECK(is_legal(pos, "5c4d+"));
  CHECK(is_legal(pos, "8e8d"));
  CHECK_FALSE(is_legal(pos, "8e8d+"));
}

TEST_CASE("kyoto pieces flip after every move and the king never does", "[rules][kyoto]") {
  Position pos(variant_named("kyoto"));
  play(pos, "1e1d+");
  CHECK(pos.sfen() == "pgkst/5/5/4R/TSKG1 w - 2");
  play(pos, "3a3b");
  CHECK(pos.sfen() == "pg1st/2k2/5/4R/TSKG1 b - 3");
  play(pos, "1d1a+");
  CHECK(pos.sfen() == "pg1sP/2k2/5/5/TSKG1 w T 4");
}

TEST_CASE("kyoto pieces in hand may be dropped on either face on any empty square", "[rules][kyoto]") {
  Position pos = position("kyoto", "4k/5/5/5/2K2 b G 1");
  const std::vector<Move> moves = pos.legal_moves();
  const auto drops = std::count_if(moves.begin(), moves.end(), [](Move m) { return m.is_drop(); });
  CHECK(drops == 2 * 23);
  CHECK(is_legal(pos, "G*3a"));
  CHECK(is_legal(pos, "N*3a"));  // a knight on the last rank: no restriction in Kyoto
  CHECK(is_legal(pos, "+N*3a", pos.variant().dialect("fsf")));
  CHECK(is_legal(pos, "N*3a", pos.variant().dialect("fsf")));
}

TEST_CASE("kyoto pieces may move onto a square where their new face cannot move", "[rules][kyoto]") {
  Position pos = position("kyoto", "k4/3T1/5/5/4K b - 1");
  REQUIRE(is_legal(pos, "2b2a+"));
  play(pos, "2b2a+");
  CHECK(pos.sfen() == "k2L1/5/5/5/4K w - 2");
}

TEST_CASE("a per-file drop limit of two allows a second own pawn on a file but not a third", "[rules]") {
  ir::RuleSet rules = standard_shogi();
  for (ir::DropRestriction& d : rules.drops.restrictions) {
    if (d.kind == ir::DropRestrictionKind::two_per_file) d.max_per_file = 2;
  }
  auto variant = Variant::load(std::move(rules));
  REQUIRE(variant.ok());
  Position pos(variant.value());
  REQUIRE(pos.set_sfen("4k4/9/9/9/9/9/4P4/9/4K4 b 2P 1").ok());
  CHECK(pos.parse_move("P*5e").ok());   // one own pawn on file 5: a second is allowed
  pos.make(*pos.parse_move("P*5e"));
  pos.make(*pos.parse_move("5a4a"));
  CHECK_FALSE(pos.parse_move("P*5c").ok());  // two already: no third
  CHECK(pos.parse_move("P*4c").ok());
  // Promoted pawns do not count, as in nifu.
  REQUIRE(pos.set_sfen("4k4/9/9/9/9/4+P4/4P4/9/4K4 b P 1").ok());
  CHECK(pos.parse_move("P*5c").ok());
}

TEST_CASE("micro pieces turn over when they capture and only then, both ways", "[rules][micro]") {
  // Sente: king 1e, rook 4c, gold (the rook's other face) 3e; gote: king 4a, pawns 4b and 3c.
  Position pos = position("micro", "k3/p3/Rp2/4/1+R1K b - 1");
  CHECK(is_legal(pos, "4c4b+"));      // the rook captures: it turns into its gold face
  CHECK_FALSE(is_legal(pos, "4c4b"));
  CHECK(is_legal(pos, "4c4d"));       // a plain move keeps the face
  CHECK_FALSE(is_legal(pos, "4c4d+"));
  CHECK(is_legal(pos, "4c3c+"));
  play(pos, "4c4b+");
  CHECK(pos.sfen().rfind("k3/+R3/1p2/4/1+R1K w P", 0) == 0);
  play(pos, "4a4b");                  // the king takes the gold; gote's hand gets a rook
  CHECK(pos.sfen().rfind("4/k3/1p2/4/1+R1K b P", 0) == 0);
  CHECK(pos.hand_count(1, 1) == 1);
  // A promoted face that captures turns back: the gold on 3e takes on 3d as a rook.
  Position back = position("micro", "k3/4/4/1p2/1+R1K b - 1");
  CHECK(is_legal(back, "3e3d-"));
  CHECK_FALSE(is_legal(back, "3e3d"));
  CHECK(is_legal(back, "3e2d"));      // a plain move of the gold keeps it gold
  CHECK_FALSE(is_legal(back, "3e2d-"));
}

TEST_CASE("micro drops take either face, even where the piece cannot move", "[rules][micro]") {
  Position pos = position("micro", "k3/4/4/4/3K b P 1");
  CHECK(is_legal(pos, "P*3a"));
  CHECK(is_legal(pos, "+P*3a"));
  CHECK(is_legal(pos, "+P*3b"));
}

TEST_CASE("heian bare king: baring the last piece wins unless the bared side bares back at once", "[rules][heian]") {
  Position won = position("heian", "4k4/9/9/9/9/9/4P4/4K4 w - 1");
  GameStatus s = won.status();
  CHECK(s.ended);
  CHECK(s.rule == ir::EndKind::bare_king);
  CHECK(s.winner == ir::Side::sente);

  Position reply = position("heian", "9/4k4/4P4/9/9/9/9/4K4 w - 1");
  CHECK_FALSE(reply.status().ended);
  play(reply, "5b5c");
  s = reply.status();
  CHECK(s.ended);
  CHECK(s.rule == ir::EndKind::bare_king);
  CHECK_FALSE(s.winner.has_value());
  CHECK(s.outcome == ir::Outcome::draw);

  Position missed = position("heian", "9/4k4/4P4/9/9/9/9/4K4 w - 1");
  play(missed, "5b4b");
  s = missed.status();
  CHECK(s.ended);
  CHECK(s.winner == ir::Side::sente);

  Position bared = position("heian", "9/4k4/9/4g4/4P4/9/9/4K4 b - 1");
  play(bared, "5e5d");
  CHECK(bared.status().ended);
  CHECK(bared.status().winner == ir::Side::sente);
}

TEST_CASE("heian captures remove pieces from the game and there are no drops", "[rules][heian]") {
  Position pos = position("heian", "4k4/9/9/4g4/4P4/9/9/4K4 b - 1");
  play(pos, "5e5d");
  CHECK(pos.sfen() == "4k4/9/9/4P4/9/9/9/4K4 w - 2");
}

TEST_CASE("checkmate ends the game with a win for the mating side", "[rules]") {
  Position pos = position("shogi", "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1");
  CHECK(pos.in_check());
  CHECK(pos.legal_moves().empty());
  const GameStatus s = pos.status();
  CHECK(s.ended);
  CHECK(s.rule == ir::EndKind::checkmate);
  CHECK(s.winner == ir::Side::sente);
}

TEST_CASE("a pinned piece may move only along the pin and a check must be answered", "[rules]") {
  Position pinned = position("shogi", "4k4/9/9/9/4r4/9/4G4/9/4K4 b - 1");
  CHECK_FALSE(is_legal(pinned, "5g4g"));
  CHECK(is_legal(pinned, "5g5f"));
  Position check = position("shogi", "4k4/9/9/9/4r4/9/9/9/4K4 b G 1");
  CHECK(is_legal(check, "G*5f"));
  CHECK_FALSE(is_legal(check, "G*4f"));
  CHECK_FALSE(is_legal(check, "5i5h"));
  CHECK(is_legal(check, "5i4i"));
}

TEST_CASE("fourfold repetition in shogi is a replay and perpetual check loses", "[rules]") {
  Position pos(variant_named("shogi"));
  for (int i = 0; i < 3; ++i) {
    for (const char* m : {"2h3h", "8b7b", "3h2h", "7b8b"}) {
      CHECK_FALSE(pos.status().ended);
      play(pos, m);
    }
  }
  GameStatus s = pos.status();
  CHECK(s.ended);
  CHECK(s.rule == ir::EndKind::repetition);
  CHECK(s.outcome == ir::Outcome::replay);
  CHECK_FALSE(s.winner.has_value());

  Position checks = position("shogi", "8k/9/R8/9/9/9/9/9/4K4 b - 1");
  play(checks, "9c9a");
  for (int i = 0; i < 3; ++i) {
    for (const char* m : {"1a1b", "9a9b", "1b1a", "9b9a"}) {
      CHECK_FALSE(checks.status().ended);
      play(checks, m);
    }
  }
  s = checks.status();
  CHECK(s.ended);
  CHECK(s.rule == ir::EndKind::perpetual_check);
  CHECK(s.winner == ir::Side::gote);
}

TEST_CASE("threefold repetition in kyoto is a draw", "[rules][kyoto]") {
  Position pos = position("kyoto", "k4/5/5/5/4K b - 1");
  for (int i = 0; i < 2; ++i) {
    for (const char* m : {"1e1d", "5a5b", "1d1e", "5b5a"}) {
      CHECK_FALSE(pos.status().ended);
      play(pos, m);
    }
  }
  const GameStatus s = pos.status();
  CHECK(s.ended);
  CHECK(s.rule == ir::EndKind::repetition);
  CHECK(s.outcome == ir::Outcome::draw);
}

TEST_CASE("a side with no legal move that is not in check loses by the no-moves rule", "[rules]") {
  Position pos = position("shogi", "8k/9/8S/9/9/9/9/9/4K2R1 w - 1");
  CHECK_FALSE(pos.in_check());
  CHECK(pos.legal_moves().empty());
  const GameStatus s = pos.status();
  CHECK(s.ended);
  CHECK(s.rule == ir::EndKind::no_moves);
  CHECK(s.winner == ir::Side::sente);
}

TEST_CASE("the hash covers hand counts and the side to move", "[rules]") {
  Position a = position("shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 1");
  Position b = position("shogi", "4k4/9/9/9/9/9/9/9/4K4 b 2P 1");
  Position c = position("shogi", "4k4/9/9/9/9/9/9/9/4K4 w P 1");
  Position d = position("shogi", "4k4/9/9/9/9/9/9/9/4K4 b p 1");
  CHECK(a.hash() != b.hash());
  CHECK(a.hash() != c.hash());
  CHECK(a.hash() != d.hash());
  CHECK(a.hash() == position("shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 9").hash());
}

TEST_CASE("zone flags decide promotion on entering, within and leaving the zone", "[rules]") {
  ir::RuleSet rules = standard_shogi();
  rules.promotion.on_leave = false;
  rules.promotion.on_within = false;
  auto v = Variant::load(rules);
  REQUIRE(v.ok());
  Position pos(v.value());
  REQUIRE(pos.set_sfen("k8/9/4S4/9/2S6/9/9/9/4K4 b - 1").ok());
  CHECK(is_legal(pos, "5c4d"));
  CHECK_FALSE(is_legal(pos, "5c4d+"));  // leaving
  CHECK_FALSE(is_legal(pos, "5c4b+"));  // within
  CHECK(is_legal(pos, "7e7d"));
  REQUIRE(pos.set_sfen("k8/9/9/2S6/9/9/9/9/4K4 b - 1").ok());
  CHECK(is_legal(pos, "7d7c+"));  // entering
}

TEST_CASE("a captured promoted piece goes to the captor's hand as its base face", "[rules]") {
  Position pos = position("shogi", "4k4/9/9/9/4+r4/4G4/9/9/4K4 b - 1");
  play(pos, "5f5e");
  CHECK(pos.sfen() == "4k4/9/9/9/4G4/9/9/9/4K4 w R 2");
  pos.unmake();
  CHECK(pos.sfen() == "4k4/9/9/9/4+r4/4G4/9/9/4K4 b - 1");
}

TEST_CASE("a piece captured as another goes to the captor's hand as that piece, and back on unmake", "[rules]") {
  // Whale shogi: the Porpoise (id 1) is captured as a Killer Whale (id 7).
  Position pos = position("whale", "w2D2/4p1/2D3/6/2D3/5W b D 1");
  pos.make(*pos.parse_move("3a2b"));
  CHECK(pos.hand_count(0, 7) == 1);
  CHECK(pos.hand_count(0, 1) == 0);
  CHECK(pos.sfen() == "w5/4D1/2D3/6/2D3/5W w DK 2");
  pos.unmake();
  CHECK(pos.hand_count(0, 7) == 0);
  CHECK(pos.sfen() == "w2D2/4p1/2D3/6/2D3/5W b D 1");
}

TEST_CASE("a piece moves by its movement for the rank it stands on, and is not dropped on banned ranks", "[rules]") {
  // The Dolphin steps forward; on its far rank it slides diagonally back, and checks so.
  Position pos = position("whale", "w5/6/6/5W/6/3dD1 b DP 1");
  CHECK(pos.in_check());
  CHECK(is_legal(pos, "2f2e"));
  CHECK_FALSE(is_legal(pos, "1d2e"));  // still on the Dolphin's line
  Position drops = position("whale", "w5/6/6/6/6/5W b D 1");
  CHECK_FALSE(is_legal(drops, "D*3a"));
  CHECK(is_legal(drops, "D*3b"));
}
