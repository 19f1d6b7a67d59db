// Boards past 16x16, up to Taikyoku shogi's 36x36: more than 256 pieces a side, squares on
// ranks past z (aa to jj), two-leg moves whose middle square is kept as a displacement, the
// brute-force generator's moves at positions of seeded random games.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "brute.h"
#include "random_games.h"
#include "helpers.h"
#include "usi_square.h"
#include "support/variants.h"

using namespace koma;
using namespace koma::test;

TEST_CASE("rank letters run a to z, then doubled to jj on a 36-rank board", "[big]") {
  CHECK(rank_letters(1) == "a");
  CHECK(rank_letters(26) == "z");
  CHECK(rank_letters(27) == "aa");
  CHECK(rank_letters(36) == "jj");
  for (int rank = 1; rank <= 36; ++rank) {
    const std::string text = rank_letters(rank);
    std::size_t i = 0;
    CHECK(read_rank_letters(text, i, 36) == rank);
    CHECK(i == text.size());
  }
  // A doubled letter is one rank only where the board has more than 26 ranks.
  std::size_t i = 0;
  CHECK(read_rank_letters("aa", i, 26) == 1);
  CHECK(i == 1);
  i = 0;
  CHECK(read_rank_letters("kk", i, 36) == 11);  // no rank 37
  CHECK(i == 1);
}

TEST_CASE("a 36x36 position names its far squares and holds more than 256 pieces a side", "[big]") {
  const std::shared_ptr<const Variant> v = variant_named("taikyoku-mechanisms");
  Position pos(v);
  REQUIRE(pos.is_ok());
  CHECK(pos.square_text(v->square(36, 36)) == "36jj");
  CHECK(pos.square_text(v->square(1, 27)) == "1aa");
  CHECK(pos.square_text(v->square(12, 26)) == "12z");
  std::size_t i = 0;
  CHECK(read_usi_square(*v, "36jj", i) == v->square(36, 36));
  int sente = 0;
  for (int rank = 1; rank <= 36; ++rank) {
    for (int file = 1; file <= 36; ++file) {
      const Cell c = pos.at(v->square(file, rank));
      if (is_piece(c) && cell_side(c) == 0) ++sente;
    }
  }
  CHECK(sente == 260);
  // The SFEN round-trips with its 36-square ranks.
  Position copy(v);
  REQUIRE(copy.set_sfen(pos.sfen()).ok());
  CHECK(copy.sfen() == pos.sfen());
  CHECK(copy.hash() == pos.hash());
}

TEST_CASE("a two-leg move's middle square round-trips through Move and USI text on a far rank", "[big]") {
  const std::shared_ptr<const Variant> v = variant_named("taikyoku-mechanisms");
  // A sente Lion on 18hh (rank 34) with a gote Pawn on 18gg in front of it.
  std::string board = "k35/";
  for (int rank = 2; rank <= 32; ++rank) board += "36/";
  Position pos = position("taikyoku-mechanisms", board + "18p17/18L17/36/35K b - 1");
  const Move m = Move::legs(v->square(18, 34), v->square(18, 33), v->square(17, 32), false);
  CHECK(m.mid() == v->square(18, 33));
  CHECK(m.from() == v->square(18, 34));
  CHECK(m.to() == v->square(17, 32));
  CHECK(pos.move_text(m) == "18hh18gg17ff");
  const auto parsed = pos.parse_move("18hh18gg17ff");
  REQUIRE(parsed.ok());
  CHECK(*parsed == m);
  // Every displacement up and down the mailbox keeps its square; a marked one-leg move keeps its origin.
  for (int d : {-kMaxLegOffset, -45, -1, 1, 44, kMaxLegOffset}) {
    const int from = 1000;
    CHECK(Move::legs(from, from + d, 1500, true).mid() == from + d);
  }
  CHECK(Move::legs(2047, 2047, 2046, false).mid() == 2047);
  CHECK(Move::legs(2047, 2047, 2046, false).from() == 2047);
  CHECK(Move::board(2047, 2046, true).to() == 2046);
  CHECK(!Move::board(2047, 2046, false).has_mid());
  CHECK(Move::board(2047, 2046, false).is_step());
  CHECK(Move::drop(63, 2047).dropped() == 63);
  CHECK(Move::drop(63, 2047).to() == 2047);
}

TEST_CASE("moves on a 36x36 board equal the brute-force generator's in seeded random games", "[big][random]") {
  std::mt19937 rng(36);
  bool two_legs = false, far_mid = false;
  for (int g = 0; g < games_in_this_build(2); ++g) {
    Position pos(variant_named("taikyoku-mechanisms"));
    for (int ply = 0; ply < 40; ++ply) {
      INFO("game " << g << " ply " << ply << " at " << pos.sfen());
      REQUIRE(pos.is_ok());
      const std::vector<Move> moves = pos.legal_moves();
      std::vector<Move> sorted = moves;
      std::sort(sorted.begin(), sorted.end());
      REQUIRE(sorted == brute_legal_moves(pos));
      const std::string sfen = pos.sfen();
      const std::uint64_t hash = pos.hash();
      for (Move m : moves) {
        const std::string text = pos.move_text(m);
        REQUIRE(*pos.parse_move(text) == m);
        if (m.has_mid() && m.mid() != m.from()) {
          two_legs = true;
          far_mid = far_mid || pos.variant().tables().rank_of[static_cast<std::size_t>(m.mid())] > 26;
        }
        pos.make(m);
        REQUIRE(pos.is_ok());
        pos.unmake();
        REQUIRE(pos.sfen() == sfen);
        REQUIRE(pos.hash() == hash);
      }
      if (pos.status().ended) break;
      pos.make(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
  }
  CHECK(two_legs);
  CHECK(far_mid);
}

TEST_CASE("boards past 36x36 and first legs past a Move's reach are refused", "[big][variant]") {
  ir::RuleSet big = taikyoku_mechanisms();
  big.board = {37, 37, {}};
  big.setup.placements.clear();
  CHECK(Variant::load(big).error().code == "ir-board-size");
  // A first leg three ranks forward on the 44-cell rows of a 36-file board crosses more cells
  // than a Move keeps.
  ir::RuleSet far = taikyoku_mechanisms();
  ir::LegMove leg = far.pieces[1].leg_moves[0];
  leg.legs[0].delta = {0, 3};
  far.pieces[1].leg_moves.push_back(leg);
  ir::MoveAtom leap = far.pieces[1].moves[0];
  leap.delta = {0, 3};
  far.pieces[1].moves.push_back(leap);  // the first leg's capture is one of the Lion's leaps
  const auto loaded = Variant::load(far);
  REQUIRE(!loaded.ok());
  CHECK(loaded.error().code == "ir-leap-too-long");
  CHECK(loaded.error().message.find("first leg") != std::string::npos);
}
