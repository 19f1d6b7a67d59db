// Chu shogi compiled from variants/chu-shogi.md: perft equal to shogiops's move generator
// (counted as tools/oracle counts it), the Lion's three-square USI moves, the Lion-trading
// square in the SFEN and the key, and promotion on captures and on the far rank.
#include "bundled.h"

using namespace koma;
using e2e::has;
using e2e::texts;

namespace {

std::shared_ptr<const Variant> chu() { return e2e::bundled("chu-shogi"); }

Position at(const std::string& sfen) { return e2e::at(chu(), sfen); }

}  // namespace

TEST_CASE("chu shogi's perft equals shogiops's move generator from the start and the middle game") {
  // tools/oracle/perft.txt checks these against shogiops 0.18.0 itself (one move per distinct
  // result and moving piece; a finished game has no children); the third-field squares are
  // Lion-trading squares.
  struct Row {
    const char* sfen;
    std::uint64_t d1, d2, d3;
  };
  const Row rows[] = {
      {"lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
       36, 1296, 48315},
      {"l2sgk1gsrf1/f2ct1eto1cl/m4x4vm/ppbq1ppn3p/3pp2p2p1/12/7P4/6P1Q3/PP1IPP2PPPP/MV1B6M1/A3D1XTDRVA/1S2OKEGSCFL b 1b 119",
       64, 5326, 346963},
      {"lfcsgekg2fl/a1b1tx2cs1a/mv1d1q2t2m/pp1pppo1d1pp/4H7/12/12/3P3PI2P/PP2PP2P1P1/MVR1Q2X1CVM/A1BDTO1T3A/LFCSGKEG2FL w 8e 70",
       60, 4370, 273358},
      {"l2sgk1gsrfl/f2ctxeto1ca/m7d1vm/ppbq1ppnpp1p/3pp2pN1p1/12/7P4/6P1I3/PP1IPP2PPPP/MV1B2Q3M1/A3D1XTDRVA/1S2OKEGSCFL w - 112",
       84, 8597, 690018},
      {"lfcsgekgscfl/a1b1txot1bva/mvrhdq1dhr1m/pppppppppppp/3in7/6N1i3/12/3I4I3/PPPPPPPPPPPP/MVRHD1QDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 10",
       51, 2960, 157784},
      {"lf1sgek2c1l/a2ctxo+Ds1fa/mvr2qd3vm/pp1p1pp4R/2pi6p1/12/12/1P10/P1+b3PP2PP/MVR1DNQ4M/A1B+h1OXr3V/LF1SGKEGSCFL b - 61",
       118, 9732, 1155373},
      {"lfcs1ekgs3/a1b2g1t2fl/mvrh1+D3r1m/ppp1p2pp3/9ppp/12/12/1PP9/P4O1PXPPM/MVR4CHRVA/AC2S1E3F1/LF+d2KTGS1BL b - 135",
       78, 4690, 359187},
  };
  for (const Row& row : rows) {
    INFO(row.sfen);
    Position pos = at(row.sfen);
    CHECK(pos.sfen() == row.sfen);
    CHECK(perft(pos, 1) == row.d1);
    CHECK(perft(pos, 2) == row.d2);
    CHECK(perft_full(pos, 2) == row.d2);  // every leaf made and unmade: two-leg moves too
    if (row.d3 < 400000) CHECK(perft(pos, 3) == row.d3);
  }
}

TEST_CASE("a lion's double move is written with its middle square and read back") {
  // Sente's Lion on 6g, gote Pawns on 6f and 5f, an empty square 7g beside it.
  Position pos = at("11k/12/12/12/12/6pp4/6N5/12/12/12/12/K11 b - 1");
  const std::vector<std::string> moves = texts(pos);
  CHECK(has(moves, "6g6f5f"));  // takes both Pawns
  CHECK(has(moves, "6g6f6g"));  // igui: takes the Pawn on 6f without moving
  CHECK(has(moves, "6g6e"));    // a plain jump over the Pawn
  CHECK(has(moves, "6g6f6e"));  // takes 6f, lands on 6e
  CHECK(has(moves, "6g5f6g"));  // igui on the diagonal
  // One pass, written through the first empty square it finds, read through any empty one.
  const auto passes = std::count_if(moves.begin(), moves.end(), [](const std::string& m) {
    return m.size() == 6 && m.substr(0, 2) == "6g" && m.substr(4, 2) == "6g" && m.substr(2, 2) != "6f" &&
           m.substr(2, 2) != "5f";
  });
  CHECK(passes == 1);
  const Result<Move> pass_a = pos.parse_move("6g7g6g");
  const Result<Move> pass_b = pos.parse_move("6g7h6g");
  REQUIRE(pass_a.ok());
  REQUIRE(pass_b.ok());
  CHECK(pass_a.value() == pass_b.value());
  for (Move m : pos.legal_moves()) {
    const Result<Move> back = pos.parse_move(pos.move_text(m));
    REQUIRE(back.ok());
    CHECK(back.value() == m);
  }
  // Playing and taking back restores the position and its key.
  const std::string before = pos.sfen();
  const std::uint64_t key = pos.hash();
  pos.make(pos.parse_move("6g6f5f").value());
  CHECK(pos.sfen() == "11k/12/12/12/12/7N4/12/12/12/12/12/K11 w - 2");
  CHECK(pos.is_ok());
  pos.unmake();
  CHECK(pos.sfen() == before);
  CHECK(pos.hash() == key);
  // 6e is not a square the Lion's first step reaches.
  CHECK_FALSE(pos.parse_move("6g6e6g").ok());
}

TEST_CASE("a lion taken by another piece limits the reply, and the square is in the SFEN and the key") {
  // Sente's Gold on 6g can take gote's Lion on 6f; gote's Gold on 3f could then take sente's
  // Lion on 3g only if that were the square of the first capture.
  Position pos = at("11k/12/12/12/12/6n2g2/6G2N2/12/12/12/12/K11 b - 1");
  pos.make(pos.parse_move("6g6f").value());
  CHECK(pos.trade_square() != 0);
  CHECK(pos.sfen() == "11k/12/12/12/12/6G2g2/9N2/12/12/12/12/K11 w 6f 2");
  CHECK_FALSE(has(texts(pos), "3f3g"));
  // The same board without the trading square is another position, with another key.
  Position plain = at("11k/12/12/12/12/6G2g2/9N2/12/12/12/12/K11 w - 2");
  CHECK(plain.hash() != pos.hash());
  CHECK(has(texts(plain), "3f3g"));
  Position reread = at(pos.sfen());
  CHECK(reread.hash() == pos.hash());
  // A square off the board is refused; an empty one is read (a Falcon may take a Lion on its
  // first step and go on).
  Position bad(chu());
  CHECK_FALSE(bad.set_sfen("11k/12/12/12/12/6G2g2/9N2/12/12/12/12/K11 w 13f 2").ok());
  CHECK_FALSE(bad.set_sfen("11k/12/12/12/12/6G2g2/9N2/12/12/12/12/K11 w P 2").ok());
  CHECK(bad.set_sfen("11k/12/12/12/12/6G2g2/9N2/12/12/12/12/K11 w 5f 2").ok());
}

TEST_CASE("a lion may not take a protected lion two squares away unless its first step took more than a pawn") {
  // Gote's Lion on 6e is protected by the Gold on 6d; sente's Lion on 6g.
  Position quiet = at("11k/12/12/6g5/6n5/12/6N5/12/12/12/12/K11 b - 1");
  CHECK_FALSE(has(texts(quiet), "6g6e"));
  // Through a Pawn on 6f: still refused; through a Silver: allowed.
  CHECK_FALSE(has(texts(at("11k/12/12/6g5/6n5/6p5/6N5/12/12/12/12/K11 b - 1")), "6g6f6e"));
  CHECK(has(texts(at("11k/12/12/6g5/6n5/6s5/6N5/12/12/12/12/K11 b - 1")), "6g6f6e"));
  // Unprotected, the jump is allowed.
  CHECK(has(texts(at("11k/12/12/12/6n5/12/6N5/12/12/12/12/K11 b - 1")), "6g6e"));
}

TEST_CASE("a bare king loses on its turn unless a lone attacker stands next to it; two bare kings draw") {
  // Counts from shogiops 0.18.0 (tools/oracle/perft.txt).
  { Position p = at("10k1/10G1/12/12/12/12/12/12/12/12/12/K11 w - 1"); CHECK(perft(p, 4) == 974); }
  { Position p = at("10k1/9G2/12/12/12/12/12/12/12/12/12/K11 b - 1"); CHECK(perft(p, 4) == 620); }
  { Position p = at("10k1/12/9pP1/12/12/12/12/12/12/12/12/K11 b - 1"); CHECK(perft(p, 4) == 936); }
  { Position p = at("11k/10g1/12/12/12/6S5/5g6/12/12/12/1p10/K11 b - 1"); CHECK(perft(p, 4) == 18796); }
  // Gote to move, its King alone, sente's Gold two squares away: bared.
  const GameStatus bared = at("10k1/12/10G1/12/12/12/12/12/12/12/12/K11 w - 1").status();
  CHECK(bared.ended);
  CHECK(bared.rule == ir::EndKind::bare_king);
  CHECK(bared.winner == ir::Side::sente);
  // A Pawn on the far rank cannot move and does not count: two bare Kings.
  const GameStatus draw = at("P9k1/12/12/12/12/12/12/12/12/12/12/K11 w - 1").status();
  CHECK(draw.ended);
  CHECK_FALSE(draw.winner.has_value());
}

TEST_CASE("chu promotion: entering the zone, capturing in it, and pawns on the far rank") {
  // Sente's Gold on 6e (rank 5, outside the four-rank zone) and Pawns on 3b and 9d.
  Position pos = at("11k/9P2/12/3P2p5/6G5/12/12/12/12/12/12/K11 b - 1");
  const std::vector<std::string> moves = texts(pos);
  CHECK(has(moves, "6e6d+"));   // entering
  CHECK(has(moves, "6e6d"));    // never forced
  CHECK(has(moves, "3b3a+"));   // a Pawn on the far rank
  CHECK(has(moves, "3b3a"));
  CHECK_FALSE(has(moves, "9d9c+"));  // a quiet move within the zone
  // Within the zone, a capture allows promotion.
  Position inside = at("11k/12/6p5/6G5/12/12/12/12/12/12/12/K11 b - 1");
  CHECK(has(texts(inside), "6d6c+"));
  CHECK_FALSE(has(texts(inside), "6d5c+"));
}

TEST_CASE("chu shogi's random games keep every move's make, unmake, key and text exact") {
  // Seeded random games; at every position each legal move is played and taken back: the
  // position after it is consistent (its key recomputed equal), its SFEN reads back to the same
  // position and key, and taking it back restores the position and key.
  std::uint32_t seed = 12345;
  const auto next = [&](std::size_t n) {
    seed ^= seed << 13, seed ^= seed >> 17, seed ^= seed << 5;
    return static_cast<std::size_t>(seed % n);
  };
  int positions = 0;
  for (int game = 0; game < 8; ++game) {
    Position pos(chu());
    for (int ply = 0; ply < 200 && !pos.status().ended; ++ply) {
      const std::vector<Move> moves = pos.legal_moves();
      REQUIRE_FALSE(moves.empty());
      const std::string before = pos.sfen();
      const std::uint64_t key = pos.hash();
      for (Move m : moves) {
        INFO(before << " " << pos.move_text(m));
        UndoRecord undo;
        const std::string text = pos.move_text(m);
        const Result<Move> back = pos.parse_move(text);
        REQUIRE(back.ok());
        CHECK(back.value() == m);
        pos.do_move(m, undo);
        CHECK(pos.is_ok());
        Position reread(chu());
        REQUIRE(reread.set_sfen(pos.sfen()).ok());
        CHECK(reread.hash() == pos.hash());
        pos.undo_move(undo);
        CHECK(pos.hash() == key);
        CHECK(pos.sfen() == before);
      }
      ++positions;
      // Captures first, as in the oracle's random games, so that Lions meet.
      std::vector<Move> captures;
      for (Move m : moves) {
        if ((m.mid() != 0 && m.mid() != m.from() && is_piece(pos.at(m.mid()))) ||
            (m.to() != m.from() && is_piece(pos.at(m.to())))) {
          captures.push_back(m);
        }
      }
      const std::vector<Move>& pool = !captures.empty() && next(3) != 0 ? captures : moves;
      pos.make(pool[next(pool.size())]);
    }
  }
  CHECK(positions > 100);
}
