// Range captures and slides that pass pieces on the hand-built range capturers test game: where
// they go, what a range capture removes (own pieces too, enemy ones to the hand), the check they
// give, an own royal passed, taking back exactly, and the load-time checks.
#include <catch2/catch.hpp>

#include "brute.h"
#include "helpers.h"
#include "support/variants.h"

using namespace koma;
using namespace koma::test;

namespace {

/// Plays `text` on `pos`, checks the SFEN after it, takes it back and checks SFEN and key.
void play_and_take_back(Position& pos, const std::string& text, const std::string& after) {
  const std::string before = pos.sfen();
  const std::uint64_t hash = pos.hash();
  play(pos, text);
  CHECK(pos.is_ok());
  CHECK(pos.sfen() == after);
  Position fresh(variant_named("range-capturers"));
  REQUIRE(fresh.set_sfen(after).ok());
  CHECK(fresh.hash() == pos.hash());  // the key kept by the move is the key of its position
  pos.unmake();
  CHECK(pos.is_ok());
  CHECK(pos.sfen() == before);
  CHECK(pos.hash() == hash);
}

/// range_capturers with 150 more types, stepping forward, letters of one or two marks: more
/// types than one-byte cells hold.
ir::RuleSet range_capturers_wide() {
  ir::RuleSet r = range_capturers();
  for (const char* marks : {"'", "!", "''", "'!", "!'", "!!"}) {
    for (char c = 'A'; c <= 'Z'; ++c) {
      if (c == 'K') continue;
      ir::PieceType p;
      p.symbol = std::string(1, c) + marks;
      p.name = "Filler " + p.symbol;
      p.moves = {ir::MoveAtom{}};
      p.moves[0].delta = {0, 1};
      r.pieces.push_back(std::move(p));
    }
  }
  return r;
}

ir::MoveAtom atom(ir::AtomKind kind, int right, int forward) {
  ir::MoveAtom a;
  a.kind = kind;
  a.delta = {static_cast<std::int8_t>(right), static_cast<std::int8_t>(forward)};
  return a;
}

}  // namespace

TEST_CASE("a range capture passes pieces of lower rank of either side and stops before its equals", "[range-capture]") {
  // The General (rank 2) on 4d: up file 4 it passes its own Pawn on 4c and may take the Pawn on
  // 4b or go on to 4a; down to 1g it stops before its own King (rank 1, passed: no square
  // beyond); towards 7a three squares; the other lines are open: 2 + 3 + 3 + 3 + 3 + 3 + 3 + 2.
  const Position pos = position("range-capturers", "1k5/3p3/3P3/3G3/7/7/6K b - 1");
  CHECK(moves_from(pos, "4d") == 22);
  CHECK(is_legal(pos, "4d4b"));
  CHECK(is_legal(pos, "4d4a"));
  CHECK_FALSE(is_legal(pos, "4d4c"));  // its own Pawn
  // A Vice of the same rank on 4b blocks the General, enemy or not.
  const Position blocked = position("range-capturers", "1k5/3v3/3P3/3G3/7/7/6K b - 1");
  CHECK(moves_from(blocked, "4d") == 20);
  CHECK_FALSE(is_legal(blocked, "4d4b"));
  CHECK_FALSE(is_legal(blocked, "4d4a"));
}

TEST_CASE("a range capture removes every piece it passes, own ones too, and takes back exactly", "[range-capture]") {
  Position pos = position("range-capturers", "1k5/3p3/3P3/3G3/7/7/6K b - 1");
  // To 4a: the own Pawn on 4c leaves the game, the enemy Pawn on 4b goes to the hand; the
  // General then attacks the King on 6a along rank a (the King ranks lower).
  play_and_take_back(pos, "4d4a", "1k1G3/7/7/7/7/7/6K w P 2");
  play(pos, "4d4a");
  CHECK(pos.in_check());
  pos.unmake();
  // Taking the Pawn on 4b: the own Pawn passed is removed, the Pawn taken is in hand.
  play_and_take_back(pos, "4d4b", "1k5/3G3/7/7/7/7/6K w P 2");
  // A plain slide over empty squares removes nothing.
  play_and_take_back(pos, "4d7g", "1k5/3p3/3P3/7/7/7/G5K w - 2");
}

TEST_CASE("where another atom reaches the same square, the move is the range capture its mode allows", "[range-capture]") {
  // The Vice leaps two squares forward and range-captures orthogonally, capturing only: its
  // leap to the empty 4b leaves the Pawn on 4c; its capture on 4b is a range capture, which
  // removes the Pawn it passes.
  Position leap = position("range-capturers", "7/k6/3p3/3V3/7/7/6K b - 1");
  play_and_take_back(leap, "4d4b", "7/k2V3/3p3/7/7/7/6K w - 2");
  Position take = position("range-capturers", "7/k2p3/3p3/3V3/7/7/6K b - 1");
  play_and_take_back(take, "4d4b", "7/k2V3/7/7/7/7/6K w 2P 2");
}

TEST_CASE("a range capture checks over the pieces it passes, which cannot block it", "[range-capture]") {
  // The General on 4d passes the gote Pawn on 4b and takes the King on 4a: the King must step
  // off the General's lines (to 5a, 3a, 5b or 3b); the Pawn stepping to 4c blocks nothing.
  const Position pos = position("range-capturers", "3k3/3p3/7/3G3/7/7/6K w - 1");
  CHECK(pos.in_check());
  CHECK(pos.legal_moves().size() == 4);
  CHECK_FALSE(is_legal(pos, "4b4c"));
}

TEST_CASE("a range capture may not pass, and so remove, its own royal under the check rule", "[range-capture]") {
  // The General on 4g passes its own King on 4e (of lower rank) only to remove it: 4g4f alone
  // goes up file 4.
  const Position pos = position("range-capturers", "k6/7/7/7/3K3/7/3G3 b - 1");
  CHECK(is_legal(pos, "4g4f"));
  CHECK_FALSE(is_legal(pos, "4g4d"));
  CHECK_FALSE(is_legal(pos, "4g4a"));
  // Where royals may be left attacked, the move is legal and the King is gone.
  ir::RuleSet r = range_capturers();
  r.royals.in_check = ir::RoyalInCheck::legal;
  auto loaded = Variant::load(std::move(r));
  REQUIRE(loaded.ok());
  Position open(loaded.value());
  REQUIRE(open.set_sfen("k6/7/7/7/3K3/7/3G3 b - 1").ok());
  REQUIRE(is_legal(open, "4g4d"));
  play(open, "4g4d");
  CHECK(open.royal_count(0) == 0);
  CHECK(open.is_ok());
}

TEST_CASE("a slide that passes up to two pieces lands on any square up to the piece after them", "[range-capture]") {
  // The Dragon on 4d: towards 1a it passes its own Pawn on 3c, may take the Pawn on 2b or pass
  // it too and stop on 1a; towards 1g it passes its own King and meets the edge; two open lines
  // of three squares and four steps: 2 + 2 + 3 + 3 + 4.
  Position pos = position("range-capturers", "1k5/5p1/4P2/3D3/7/7/6K b - 1");
  CHECK(moves_from(pos, "4d") == 14);
  CHECK(is_legal(pos, "4d2b"));
  CHECK(is_legal(pos, "4d1a"));
  // It takes nothing it passes.
  play_and_take_back(pos, "4d1a", "1k4D/5p1/4P2/7/7/7/6K w - 2");
  play_and_take_back(pos, "4d2b", "1k5/5D1/4P2/7/7/7/6K w P 2");
  // From 7g: past the Pawns on 6f and 5e it takes the Pawn on 4d, the third piece, and goes no
  // further; its steps go to 7f and 6g.
  const Position far = position("range-capturers", "k6/5p1/7/3p3/2P4/1P5/D5K b - 1");
  CHECK(moves_from(far, "7g") == 3);
  CHECK(is_legal(far, "7g4d"));
  CHECK_FALSE(is_legal(far, "7g3c"));
  CHECK_FALSE(is_legal(far, "7g2b"));
}

TEST_CASE("a King may not stand where a slide passing pieces reaches it", "[range-capture]") {
  // The gote Dragon on 7a reaches 4d past the Pawns on 6b and 5c: the King on 3d may not step to
  // 4d, but may step to 4e, off the line.
  const Position pos = position("range-capturers", "d6/1P5/2P4/4K2/7/7/6k b - 1");
  CHECK_FALSE(is_legal(pos, "3d4d"));
  CHECK(is_legal(pos, "3d4e"));
  // On 4d the King is in check.
  const Position check = position("range-capturers", "d6/1P5/2P4/3K3/7/7/6k b - 1");
  CHECK(check.in_check());
}

TEST_CASE("range captures and slides passing pieces play on the mailbox and are checked at load", "[range-capture][load]") {
  const auto variant = variant_named("range-capturers");
  CHECK(variant->tier() == Tier::mailbox);
  CHECK(variant->tables().has_sweeps);
  CHECK_FALSE(variant_named("shogi")->tables().has_sweeps);
  CHECK(load_code(range_capturers()).empty());
  ir::RuleSet unranked = range_capturers();
  unranked.pieces[1].rank = 0;  // the General
  CHECK(load_code(unranked) == "ir-bad-jump");
  ir::RuleSet no_pass = range_capturers();
  for (ir::MoveAtom& a : no_pass.pieces[3].moves) a.passes = 0;  // the Dragon
  CHECK(load_code(no_pass) == "ir-bad-jump");
  ir::RuleSet by_rank = range_capturers();
  by_rank.pieces[4].rank_moves.push_back({{1}, {atom(ir::AtomKind::range_capture, 0, 1)}, {}});
  CHECK(load_code(by_rank) == "ir-bad-jump");
  ir::RuleSet passing_by_rank = range_capturers();
  passing_by_rank.pieces[4].rank_moves.push_back({{1}, {atom(ir::AtomKind::pass_slide, 0, 1)}, {}});
  passing_by_rank.pieces[4].rank_moves.back().moves[0].passes = 1;
  CHECK(load_code(passing_by_rank) == "ir-bad-jump");
  ir::RuleSet borrowed = range_capturers();
  borrowed.movement.source = ir::MovementSource::friend_behind;
  CHECK(load_code(borrowed) == "ir-bad-jump");
  ir::RuleSet traded = range_capturers();
  traded.drops.enabled = false;
  traded.drops.captured = ir::CaptureFate::removed;
  traded.trade.pieces = {2};
  CHECK(load_code(traded) == "ir-bad-jump");
}

TEST_CASE("range captures and slides passing pieces play the same on two-byte cells", "[range-capture][many-types]") {
  auto loaded = Variant::load(range_capturers_wide());
  REQUIRE(loaded.ok());
  REQUIRE(loaded.value()->tables().wide_cells);
  Position pos(loaded.value());
  REQUIRE(pos.set_sfen("1k5/3p3/3P3/3G3/7/7/6K b - 1").ok());
  CHECK(moves_from(pos, "4d") == 22);
  const std::uint64_t hash = pos.hash();
  play(pos, "4d4a");
  CHECK(pos.sfen() == "1k1G3/7/7/7/7/7/6K w P 2");
  CHECK(pos.is_ok());
  pos.unmake();
  CHECK(pos.hash() == hash);
  for (const char* sfen : {"1vgkd2/ppppppp/7/7/7/PPPPPPP/2DKGV1 b - 1", "1k5/5p1/4P2/3D3/7/7/6K b - 1",
                           "3k3/3p3/7/3G3/7/7/6K w - 1"}) {
    INFO(sfen);
    REQUIRE(pos.set_sfen(sfen).ok());
    bool agreed = true;
    std::string where;
    const std::uint64_t brute = brute_perft(pos, 2, agreed, where);
    INFO(where);
    CHECK(agreed);
    CHECK(brute == perft(pos, 2));
  }
}
