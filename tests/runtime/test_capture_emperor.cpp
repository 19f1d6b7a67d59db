// Promotion by capturing (ir::PieceType::by_capture) and the move to any unprotected square
// (ir::AtomKind::anywhere) on the hand-built capture-and-emperor test variant: depth-1 counts
// worked out by hand, the protection rule, and seeded random games against the brute force.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "brute.h"
#include "helpers.h"
#include "random_games.h"
#include "support/variants.h"

using namespace koma;
using namespace koma::test;

namespace {

/// Seeded random games from `sfen`, each position's legal moves equal to the brute force's.
void random_games_from(const std::string& sfen, int games, int plies, std::uint32_t seed,
                       const std::string& variant = "capture-emperor") {
  play_random_games([&] { return position(variant, sfen); }, {games, plies, seed, false});
}

}  // namespace

TEST_CASE("a capture that must promote is listed promoted only", "[rules][capture-promotion]") {
  // Pawn takes Pawn (4e4d, promotion compulsory) plus five King moves.
  Position pos = position("capture-emperor", "3k3/7/7/3p3/3P3/7/3K3 b - 1");
  CHECK(pos.count_legal() == 6);
  CHECK(is_legal(pos, "4e4d+"));
  CHECK_FALSE(is_legal(pos, "4e4d"));
}

TEST_CASE("a capture that may promote is listed both ways", "[rules][capture-promotion]") {
  // Silver: 4d promoted or not, 5d, 3d, 5f, 3f; King five.
  Position pos = position("capture-emperor", "3k3/7/7/3p3/3S3/7/3K3 b - 1");
  CHECK(pos.count_legal() == 11);
  CHECK(is_legal(pos, "4e4d+"));
  CHECK(is_legal(pos, "4e4d"));
  CHECK_FALSE(is_legal(pos, "4e3d+"));  // no capture, no promotion (there is no zone)
}

TEST_CASE("a piece that promotes by capturing given kinds does not promote taking another", "[rules][capture-promotion]") {
  // The Pawn promotes taking a Pawn or a Silver, not a Gold.
  Position pos = position("capture-emperor", "3k3/7/7/3g3/3P3/7/3K3 b - 1");
  CHECK(pos.count_legal() == 6);
  CHECK(is_legal(pos, "4e4d"));
  CHECK_FALSE(is_legal(pos, "4e4d+"));
}

TEST_CASE("a royal promoting by capture becomes the Emperor", "[rules][capture-promotion][anywhere]") {
  // In check from the Pawn on 4f: take it (and promote), or step to 5g, 3g, 5f, 3f.
  Position pos = position("capture-emperor", "3k3/7/7/7/7/3p3/3K3 b - 1");
  CHECK(pos.in_check());
  CHECK(pos.count_legal() == 5);
  pos.make(*pos.parse_move("4g4f+"));
  CHECK(pos.sfen() == "3k3/7/7/7/7/3+K3/7 w - 2");
}

TEST_CASE("an Emperor goes to any square the opponent does not protect", "[rules][anywhere]") {
  // The gote King on 4a and Gold on 4b protect 5a 3a 4a 5b 4b 3b 5c 4c 3c: 49 - 1 - 9 squares.
  Position pos = position("capture-emperor", "3k3/3g3/7/7/7/7/3+K3 b - 1");
  CHECK(pos.count_legal() == 39);
  CHECK(is_legal(pos, "4g7a"));
  CHECK_FALSE(is_legal(pos, "4g4c"));
  CHECK_FALSE(is_legal(pos, "4g4b"));  // the Gold is protected by its King
  // A Pawn on 6e protects 6f but nothing protects it: 49 - 1 - 10 squares, 6e a capture.
  Position pawn = position("capture-emperor", "3k3/3g3/7/7/1p5/7/3+K3 b - 1");
  CHECK(pawn.count_legal() == 38);
  CHECK(is_legal(pawn, "4g6e"));
  CHECK_FALSE(is_legal(pawn, "4g6f"));
}

TEST_CASE("a slide through the Emperor's own square protects", "[rules][anywhere]") {
  // The gote Rook on 4a sees 4f only past the Emperor on 4e: 4f counts as protected.
  Position pos = position("capture-emperor", "k2r3/p6/7/7/3+K3/3p3/7 b - 1");
  CHECK_FALSE(is_legal(pos, "4e4f"));
  CHECK(is_legal(pos, "4e5f"));
}

TEST_CASE("an Emperor checks an unprotected royal, and mates a lone one", "[rules][anywhere]") {
  Position pos = position("capture-emperor", "3k3/7/7/7/7/7/3+K3 w - 1");
  CHECK(pos.in_check());
  CHECK(pos.count_legal() == 0);
  // Protected by the Gold, the King is not in check.
  CHECK_FALSE(position("capture-emperor", "3k3/3g3/7/7/7/7/3+K3 w - 1").in_check());
}

TEST_CASE("an Emperor protects every square of its side", "[rules][anywhere]") {
  // The gote Emperor protects every square but its own, which the Gold protects: the sente
  // Emperor has nowhere to go, and, protected by nothing, is in check from the other.
  Position pos = position("capture-emperor", "3+k3/3g3/7/7/7/7/3+K3 b - 1");
  CHECK(pos.in_check());
  CHECK(pos.count_legal() == 0);
}

TEST_CASE("random capture-and-emperor games agree with the brute force", "[random][capture-promotion][anywhere]") {
  random_games_from("rsgkgs1/ppppppp/7/7/7/PPPPPPP/1SGKGSR b - 1", 12, 160, 11);
  random_games_from("rsgkgs1/ppppppp/7/7/7/PPPPPPP/1SG+KGSR b - 1", 8, 100, 12);
  random_games_from("rsg+kgs1/ppppppp/7/7/7/PPPPPPP/1SG+KGSR b - 1", 8, 100, 13);
  random_games_from("2gk3/1p3p1/7/2+K4/7/1P3P1/2R4 w - 1", 8, 100, 14);
}

TEST_CASE("an Emperor guarding its captures only goes to any empty square", "[rules][anywhere]") {
  // The gote Emperor protects every square: the sente Emperor, by the first reading, has no
  // move, and the Rook only 6g and 5g (leaving rank g would leave the Emperor unprotected).
  const std::string sfen = "3+k3/3g3/7/7/7/7/R2+K3 b - 1";
  Position closed = position("capture-emperor", sfen);
  CHECK_FALSE(closed.in_check());
  CHECK(closed.count_legal() == 2);
  // By the second, it goes to the empty squares the gote Emperor cannot take it on, those the
  // Rook protects: 7a-7f and 6g 5g 3g 2g 1g; the Gold and the Emperor stay protected.
  Position open = position("capture-emperor-open", sfen);
  CHECK(open.count_legal() == 13);
  CHECK(is_legal(open, "4g7a"));
  CHECK(is_legal(open, "4g1g"));
  CHECK_FALSE(is_legal(open, "4g4c"));
  CHECK_FALSE(is_legal(open, "4g4b"));
  CHECK_FALSE(is_legal(open, "4g4a"));
  std::vector<Move> moves = open.legal_moves();
  std::sort(moves.begin(), moves.end());
  CHECK(moves == brute_legal_moves(open));
}

TEST_CASE("an open Emperor takes only unprotected pieces and checks as before", "[rules][anywhere]") {
  // No gote Emperor: a royal Emperor may not step into attack either way, so the counts agree.
  const std::string sfen = "3k3/3g3/7/7/1p5/7/3+K3 b - 1";
  Position open = position("capture-emperor-open", sfen);
  CHECK(open.count_legal() == position("capture-emperor", sfen).count_legal());
  CHECK(is_legal(open, "4g6e"));        // the unprotected Pawn
  CHECK_FALSE(is_legal(open, "4g4b"));  // the Gold, protected by its King
  CHECK_FALSE(is_legal(open, "4g6f"));  // empty, but the Pawn attacks it
  // An open Emperor attacks an empty square as its capture there would: a lone King is mated.
  Position lone = position("capture-emperor-open", "3k3/7/7/7/7/7/3+K3 w - 1");
  CHECK(lone.in_check());
  CHECK(lone.count_legal() == 0);
}

TEST_CASE("random games with an open Emperor agree with the brute force", "[random][anywhere]") {
  random_games_from("rsgkgs1/ppppppp/7/7/7/PPPPPPP/1SG+KGSR b - 1", 8, 100, 21, "capture-emperor-open");
  random_games_from("rsg+kgs1/ppppppp/7/7/7/PPPPPPP/1SG+KGSR b - 1", 8, 100, 22, "capture-emperor-open");
  random_games_from("2gk3/1p3p1/7/2+K4/7/1P3P1/2R4 w - 1", 8, 100, 23, "capture-emperor-open");
  random_games_from("3+k3/3g3/7/7/7/7/R2+K3 b - 1", 8, 100, 24, "capture-emperor-open");
}

TEST_CASE("load checks promotion by capturing and anywhere moves", "[rules][capture-promotion][anywhere]") {
  const ir::RuleSet base = capture_emperor_test();
  CHECK(load_code(base).empty());
  ir::RuleSet r = base;
  r.pieces[1].by_capture = ir::CapturePromotion::must;  // the Gold has no promoted face
  CHECK(load_code(r) == "ir-bad-promotion");
  r = base;
  r.pieces[4].by_capture_of = {3};  // names captures but does not promote by capturing
  CHECK(load_code(r) == "ir-bad-promotion");
  r = base;
  r.pieces[3].by_capture_of = {99};
  CHECK(load_code(r) == "ir-bad-piece-id");
  r = base;
  r.pieces[5].moves[0].delta = {0, 1};  // an anywhere atom has no step
  CHECK(load_code(r) == "ir-bad-atom");
  r = base;
  r.pieces[5].leg_moves.push_back({});
  r.pieces[5].leg_moves.back().legs = {ir::Leg{{0, 1}}, ir::Leg{{0, 1}}};
  CHECK(load_code(r) == "ir-bad-atom");
  r = base;
  r.pieces[1].moves[0].guard = ir::AnywhereGuard::captures;  // a guard on a step
  CHECK(load_code(r) == "ir-bad-atom");
  r = base;
  r.pieces[5].moves[0].guard = ir::AnywhereGuard::captures;
  CHECK(load_code(r).empty());
  r.pieces[5].moves[0].mode = ir::AtomMode::capture_only;  // nothing left to open
  CHECK(load_code(r) == "ir-bad-atom");
  r = base;
  ir::MoveAtom guarded = r.pieces[1].moves[0];
  guarded.guard = ir::AnywhereGuard::captures;
  r.pieces[4].rank_moves = {{{1}, {guarded}, {}}};  // a guard on a step, on rank 1
  CHECK(load_code(r) == "ir-bad-atom");
  r = base;
  r.movement.source = ir::MovementSource::friend_behind;
  CHECK(load_code(r) == "ir-bad-atom");
  r = base;
  r.pieces[4].rank_moves = {{{1}, {r.pieces[5].moves[0]}, {}}};
  CHECK(load_code(r) == "ir-bad-rank-moves");
}
