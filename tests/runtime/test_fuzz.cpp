// Text a user types never breaks the runtime: mutated SFENs and moves either parse into a
// consistent position / legal move or come back as an error value.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "helpers.h"

using namespace koma;
using namespace koma::test;

namespace {

std::string mutate(std::string s, std::mt19937& rng) {
  static const std::string kAlphabet = "0123456789/+-* abcdefghijklmnopqrstuvwxyzKRBGSNLPTQJWFC";
  const int edits = std::uniform_int_distribution<int>(1, 3)(rng);
  for (int e = 0; e < edits; ++e) {
    const std::size_t at = s.empty() ? 0 : std::uniform_int_distribution<std::size_t>(0, s.size() - 1)(rng);
    const char ch = kAlphabet[std::uniform_int_distribution<std::size_t>(0, kAlphabet.size() - 1)(rng)];
    switch (std::uniform_int_distribution<int>(0, 2)(rng)) {
      case 0: if (!s.empty()) s[at] = ch; break;
      case 1: s.insert(s.begin() + static_cast<std::ptrdiff_t>(at), ch); break;
      default: if (!s.empty()) s.erase(at, 1); break;
    }
  }
  return s;
}

}  // namespace

TEST_CASE("mutated SFENs and moves parse into consistent positions or return errors", "[fuzz]") {
  const std::vector<std::pair<std::string, std::string>> seeds = {
      {"shogi", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"},
      {"kyoto", "p1k1t/5/2s2/5/T1K1P b GSg 1"},
      {"heian", "lnsgkgsnl/9/ppppppppp/9/9/PPPPPPPPP/9/LNSGKGSNL b - 1"},
      {"toy12", "6k5/12/12/3P8/12/12/12/4f7/12/12/12/5K6 b PQJWFp 1"}};
  std::mt19937 rng(7);
  for (const auto& [variant, sfen] : seeds) {
    Position pos(variant_named(variant));
    for (int i = 0; i < 3000; ++i) {
      const std::string text = mutate(sfen, rng);
      INFO(variant << " `" << text << "`");
      const auto r = pos.set_sfen(text, kAnyDialect);
      if (!r.ok()) {
        CHECK_FALSE(r.error().code.empty());
        CHECK(r.error().offset <= text.size());
        continue;
      }
      REQUIRE(pos.is_ok());
      const std::vector<Move> moves = pos.legal_moves();
      for (Move m : moves) {
        const std::string move = mutate(pos.move_text(m), rng);
        const auto parsed = pos.parse_move(move, kAnyDialect);
        if (parsed.ok()) CHECK(std::find(moves.begin(), moves.end(), *parsed) != moves.end());
        else CHECK((parsed.error().code == "move-malformed" || parsed.error().code == "move-illegal"));
      }
      (void)pos.status();
      CHECK(perft(pos, 1) == moves.size());
    }
  }
}

TEST_CASE("mutated moves of three legs parse into legal moves or return errors", "[fuzz][three-legs]") {
  // A position with three-leg moves of both powers: mutated texts have one to three middle squares.
  Position pos(variant_named("lion3-mechanisms"));
  REQUIRE(pos.set_sfen("6k/7/7/1p3p1/1p2pp1/1D3H1/K6 b - 1").ok());
  const std::vector<Move> moves = pos.legal_moves();
  std::mt19937 rng(11);
  int four = 0;
  for (int round = 0; round < 6; ++round) {
    for (Move m : moves) {
      four += round == 0 && m.is_three_legs();
      const std::string move = mutate(pos.move_text(m), rng);
      INFO("`" << move << "`");
      const auto parsed = pos.parse_move(move, kAnyDialect);
      if (parsed.ok()) CHECK(std::find(moves.begin(), moves.end(), *parsed) != moves.end());
      else CHECK((parsed.error().code == "move-malformed" || parsed.error().code == "move-illegal"));
    }
  }
  CHECK(four > 0);
}
