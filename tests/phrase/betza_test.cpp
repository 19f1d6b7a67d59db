// Betza notation: the common pieces, direction modifiers, ranges, riders and capture modes.
#include <catch2/catch.hpp>

#include "support.h"

using namespace koma::test;

TEST_CASE("betza letters give the classic leapers and riders") {
  CHECK(parsed("W") == show({step(0, 1), step(0, -1), step(-1, 0), step(1, 0)}));
  CHECK(parsed("F") == show({step(-1, 1), step(1, 1), step(-1, -1), step(1, -1)}));
  CHECK(parsed("D") == show({step(0, 2), step(0, -2), step(-2, 0), step(2, 0)}));
  CHECK(parsed("A") == show({step(-2, 2), step(2, 2), step(-2, -2), step(2, -2)}));
  CHECK(parsed("N") == show({step(-1, 2), step(1, 2), step(-2, 1), step(2, 1), step(-2, -1),
                             step(2, -1), step(-1, -2), step(1, -2)}));
  CHECK(parsed("K") == show(king()));
  CHECK(parsed("R") == show(rook()));
  CHECK(parsed("B") == show(bishop()));
  CHECK(parsed("Q") == show(join(rook(), bishop())));
  CHECK(parsed("WW") == show(rook()));
  CHECK(parsed("R0") == show(rook()));
}

TEST_CASE("betza spells the shogi pieces") {
  CHECK(parsed("WfF") == show(gold()));
  CHECK(parsed("FfW") == show(silver()));
  CHECK(parsed("ffN") == show(knight()));
  CHECK(parsed("fR") == show(lance()));
  CHECK(parsed("fW") == show(pawn()));
  CHECK(parsed("RF") == show(dragon()));
  CHECK(parsed("BW") == show(horse()));
}

TEST_CASE("betza direction modifiers select the documented steps") {
  CHECK(parsed("vW") == show({step(0, 1), step(0, -1)}));
  CHECK(parsed("sW") == show({step(-1, 0), step(1, 0)}));
  CHECK(parsed("fsW") == show({step(0, 1), step(-1, 0), step(1, 0)}));
  CHECK(parsed("flF") == show({step(-1, 1)}));
  CHECK(parsed("lF") == show({step(-1, 1), step(-1, -1)}));
  CHECK(parsed("fbF") == show({step(-1, 1), step(1, 1), step(-1, -1), step(1, -1)}));
  CHECK(parsed("fN") == show({step(-1, 2), step(1, 2)}));
  CHECK(parsed("lN") == show({step(-2, 1), step(-2, -1)}));
  CHECK(parsed("fsN") == show({step(-2, 1), step(2, 1)}));
  CHECK(parsed("vN") == show({step(-1, 2), step(1, 2), step(-1, -2), step(1, -2)}));
  CHECK(parsed("sN") == show({step(-2, 1), step(2, 1), step(-2, -1), step(2, -1)}));
  CHECK(parsed("frN") == show({step(2, 1)}));
  CHECK(parsed("rfN") == show({step(1, 2)}));
  CHECK(parsed("fNsW") == show({step(-1, 2), step(1, 2), step(-1, 0), step(1, 0)}));
  CHECK(parsed("flfN") == show({step(-2, 1), step(-1, 2), step(1, 2)}));
  CHECK(parsed("lvN") == show({step(-1, 2), step(-1, -2)}));
}

TEST_CASE("betza digits limit a rider and doubled letters make one") {
  CHECK(parsed("R2") == show({slide(0, 1, 2), slide(0, -1, 2), slide(-1, 0, 2), slide(1, 0, 2)}));
  CHECK(parsed("W2") == parsed("R2"));
  CHECK(parsed("fR1") == show(pawn()));
  CHECK(parsed("ffNN") == show({slide(-1, 2), slide(1, 2)}));
  CHECK(parsed("N3") == parsed("NN3"));
}

TEST_CASE("betza m and c restrict a group to moving or capturing") {
  CHECK(parsed("mfWcfF") == show({step(0, 1, AtomMode::move_only),
                                  step(-1, 1, AtomMode::capture_only),
                                  step(1, 1, AtomMode::capture_only)}));
  CHECK(parsed("mcfW") == show(pawn()));
  CHECK(parsed("mfWcfW") == show(pawn()));
}

TEST_CASE("betza p and g read hops as Fairy-Stockfish does") {
  const AtomMode m = AtomMode::move_only, c = AtomMode::capture_only, both = AtomMode::move_or_capture;
  CHECK(parsed("mRcpR") == show({slide(0, 1, 0, m), slide(0, -1, 0, m), slide(-1, 0, 0, m), slide(1, 0, 0, m),
                                 hop(0, 1, c), hop(0, -1, c), hop(-1, 0, c), hop(1, 0, c)}));
  CHECK(parsed("pR") == show({hop(0, 1), hop(0, -1), hop(-1, 0), hop(1, 0)}));
  CHECK(parsed("pB2") == show({hop(-1, 1, both, 2), hop(1, 1, both, 2), hop(-1, -1, both, 2), hop(1, -1, both, 2)}));
  CHECK(parsed("gQ") == show({hop(0, 1, both, 0, 1), hop(0, -1, both, 0, 1), hop(-1, 0, both, 0, 1), hop(1, 0, both, 0, 1),
                              hop(-1, 1, both, 0, 1), hop(1, 1, both, 0, 1), hop(-1, -1, both, 0, 1),
                              hop(1, -1, both, 0, 1)}));
  CHECK(parsed("fpR") == show({hop(0, 1)}));
  // A hop and a slide along one line are different moves: neither subsumes the other.
  CHECK(parsed("RpR") == show(join(rook(), {hop(0, 1), hop(0, -1), hop(-1, 0), hop(1, 0)})));
}

TEST_CASE("betza hops are rejected where they mean nothing, n where koma cannot play it") {
  CHECK(parsed("pW").rfind("error: 0 betza-unsupported", 0) == 0);
  CHECK(parsed("nN").rfind("error: 0 betza-unsupported", 0) == 0);
  CHECK(parsed("WnN").rfind("error: 1 betza-unsupported", 0) == 0);
  CHECK(parsed("gR2").rfind("error: 2 betza-invalid", 0) == 0);
  CHECK(parsed("pgR").rfind("error: 1 betza-invalid", 0) == 0);
  CHECK(parsed("paW").rfind("error: 0 betza-unsupported", 0) == 0);
}

TEST_CASE("betza writes hops back as it reads them") {
  using koma::compiler::betza;
  for (const char* text : {"mRcpR", "pR", "mBcpB", "pB", "mRpRmFpB2", "mBpBmWpR2", "gQ", "fpR", "cpB3"}) {
    INFO("betza: " << text);
    const std::string written = betza(koma::compiler::parse_movement(text, shogi_lookup()).atoms);
    CHECK(parsed(written) == parsed(text));
  }
  CHECK(betza(koma::compiler::parse_movement("mRcpR", shogi_lookup()).atoms) == "mRcpR");
}

TEST_CASE("a phrase is betza only when it is one run of betza letters") {
  CHECK(parsed("Rook plus one-square king moves") == show(dragon()));  // spaces: English
  CHECK(parsed("fX").rfind("error: 0 unknown-word", 0) == 0);         // X is no Betza atom
  CHECK(parsed(" fW ") == show(pawn()));                              // outer spaces ignored
}

TEST_CASE("betza writes the shogi pieces in short canonical form") {
  using koma::compiler::betza;
  CHECK(betza(king()) == "K");
  CHECK(betza(gold()) == "WfF");
  CHECK(betza(silver()) == "fWF");
  CHECK(betza(knight()) == "ffN");
  CHECK(betza(lance()) == "fR");
  CHECK(betza(pawn()) == "fW");
  CHECK(betza(rook()) == "R");
  CHECK(betza(bishop()) == "B");
  CHECK(betza(dragon()) == "RF");
  CHECK(betza(horse()) == "BW");
  CHECK(betza(join(rook(), bishop())) == "Q");
}
