// The search: mates found and proven, free material taken, the same answer at a fixed node
// count, and never a move the runtime would not play, over random positions of every variant.
#include <catch2/catch.hpp>

#include <random>

#include "search.h"
#include "variant_source.h"

using namespace koma;
using namespace koma::search;

namespace {

std::shared_ptr<const Variant> bundled(const std::string& slug) {
  lib::Result<lib::LoadedVariant> loaded = lib::load_variant(slug);
  REQUIRE(loaded.ok());
  return loaded->variant;
}

Position at(const std::shared_ptr<const Variant>& variant, const std::string& sfen) {
  Position position(variant);
  REQUIRE(position.set_sfen(sfen).ok());
  return position;
}

/// Whether the side to move, `attacker`, can force a win within `plies` plies (brute force,
/// every move of both sides, endings as status() judges them).
bool forced_win(Position& p, int plies, ir::Side attacker) {
  for (Move m : p.legal_moves()) {
    p.make(m);
    const GameStatus s = p.status();
    bool wins = s.ended && s.winner == attacker;
    if (!s.ended && plies > 1) {
      wins = true;
      for (Move reply : p.legal_moves()) {
        p.make(reply);
        const GameStatus after = p.status();
        const bool sub = after.ended ? after.winner == attacker : forced_win(p, plies - 2, attacker);
        p.unmake();
        if (!sub) {
          wins = false;
          break;
        }
      }
    }
    p.unmake();
    if (wins) return true;
  }
  return false;
}

Limits depth(int plies) {
  Limits limits;
  limits.depth = plies;
  return limits;
}

Limits nodes(std::uint64_t count) {
  Limits limits;
  limits.nodes = count;
  return limits;
}

Decision think(const std::shared_ptr<const Variant>& variant, Position& position, const Limits& limits) {
  Searcher searcher(variant, 4);
  Control control;
  return searcher.think(position, limits, control);
}

}  // namespace

TEST_CASE("a mate in one is played and scored as mate 1") {
  const auto shogi = bundled("shogi");
  Position position = at(shogi, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
  const Decision d = think(shogi, position, depth(3));
  REQUIRE(d.verdict == Verdict::move);
  CHECK(position.move_text(d.best) == "G*5b");
  CHECK(d.info.mate == std::optional<int>(1));
}

TEST_CASE("a mate in two is found: every reply to the move is mated") {
  const auto shogi = bundled("shogi");
  for (const char* sfen : {"7k1/9/8L/9/9/9/9/9/4K4 b GG 1", "6k2/9/6B2/9/9/9/9/9/4K4 b R 1"}) {
    INFO(sfen);
    Position position = at(shogi, sfen);
    REQUIRE_FALSE(forced_win(position, 1, ir::Side::sente));  // no mate in one
    const Decision d = think(shogi, position, depth(5));
    REQUIRE(d.verdict == Verdict::move);
    CHECK(d.info.mate == std::optional<int>(3));
    position.make(d.best);
    bool every_reply_mated = true;
    for (Move reply : position.legal_moves()) {
      position.make(reply);
      every_reply_mated = every_reply_mated && forced_win(position, 1, ir::Side::sente);
      position.unmake();
    }
    CHECK(every_reply_mated);
  }
}

TEST_CASE("a free piece is taken") {
  const auto shogi = bundled("shogi");
  Position position = at(shogi, "4k4/9/9/9/4b4/9/9/4R4/4K4 b - 1");
  const Decision d = think(shogi, position, depth(4));
  REQUIRE(d.verdict == Verdict::move);
  CHECK(position.move_text(d.best) == "5h5e");
  CHECK(d.info.score > 300);
}

TEST_CASE("a lost piece is saved rather than left to be taken") {
  const auto shogi = bundled("shogi");
  // Gote's rook attacks sente's bishop on 5e; sente moves it away (or defends it).
  Position position = at(shogi, "4k4/4r4/9/9/4B4/9/9/9/3K5 b - 1");
  const Decision d = think(shogi, position, depth(4));
  REQUIRE(d.verdict == Verdict::move);
  CHECK(d.info.score > -200);
}

TEST_CASE("the search leaves the position as it was given") {
  const auto shogi = bundled("shogi");
  Position position(shogi);
  position.make(position.parse_move("7g7f").value());
  const std::string sfen = position.sfen();
  const std::uint64_t hash = position.hash();
  think(shogi, position, nodes(3000));
  CHECK(position.sfen() == sfen);
  CHECK(position.hash() == hash);
  CHECK(position.history_size() == 1);
}

TEST_CASE("at a fixed node count the search is deterministic") {
  for (const char* slug : {"shogi", "kyoto-shogi", "chu-shogi"}) {
    INFO(slug);
    const auto variant = bundled(slug);
    Position position(variant);
    const Decision a = think(variant, position, nodes(4000));
    const Decision b = think(variant, position, nodes(4000));
    Searcher searcher(variant, 4);
    Control control;
    searcher.think(position, nodes(1500), control);
    searcher.clear();
    const Decision c = searcher.think(position, nodes(4000), control);
    CHECK(a.best == b.best);
    CHECK(a.info.nodes == b.info.nodes);
    CHECK(a.info.pv == b.info.pv);
    CHECK(a.info.score == b.info.score);
    CHECK(a.best == c.best);
    CHECK(a.info.nodes == c.info.nodes);
    CHECK(a.info.nodes == 4000);
  }
}

TEST_CASE("a position without a legal move resigns; a winning declaration declares") {
  const auto shogi = bundled("shogi");
  Position mated = at(shogi, "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1");
  CHECK(think(shogi, mated, depth(2)).verdict == Verdict::resign);
  Position declaring = at(shogi, "KRBGGGGSS/SSNNNNLLL/9/9/9/9/9/9/4k4 b L18P 1");
  REQUIRE(declaring.declare().ok());
  REQUIRE(declaring.declare()->winner == ir::Side::sente);
  CHECK(think(shogi, declaring, depth(2)).verdict == Verdict::win);
}

TEST_CASE("a certain mate is resigned, unless told to play on") {
  const auto shogi = bundled("shogi");
  // Sente's first move of a mate in two: gote to move is mated whatever it plays.
  Position position = at(shogi, "7k1/9/8L/9/9/9/9/9/4K4 b GG 1");
  position.make(think(shogi, position, depth(5)).best);
  Limits limits = depth(4);
  const Decision lost = think(shogi, position, limits);
  REQUIRE(lost.info.mate.has_value());
  CHECK(*lost.info.mate < 0);
  CHECK(lost.verdict == Verdict::resign);
  limits.resign_when_mated = false;
  const Decision played = think(shogi, position, limits);
  CHECK(played.verdict == Verdict::move);
  CHECK(!played.best.is_none());
}

TEST_CASE("every move chosen is legal, over random positions of every bundled variant") {
  std::mt19937_64 rng(20240611);
  for (const std::string& slug : lib::bundled_slugs()) {
    INFO(slug);
    const auto variant = bundled(slug);
    Searcher searcher(variant, 2);
    Control control;
    for (int game = 0; game < 4; ++game) {
      Position position(variant);
      const int plies = static_cast<int>(rng() % 60);
      for (int i = 0; i < plies && !position.status().ended; ++i) {
        const std::vector<Move> legal = position.legal_moves();
        position.make(legal[rng() % legal.size()]);
      }
      INFO(position.sfen());
      const std::string sfen = position.sfen();
      const Decision d = searcher.think(position, nodes(300), control);
      CHECK(position.sfen() == sfen);
      const std::vector<Move> legal = position.legal_moves();
      switch (d.verdict) {
        case Verdict::move:
          CHECK(std::find(legal.begin(), legal.end(), d.best) != legal.end());
          break;
        case Verdict::resign:
          CHECK((legal.empty() || position.status().ended || (d.info.mate && *d.info.mate < 0)));
          break;
        case Verdict::win:
          CHECK(position.declare().ok());
          CHECK(position.declare()->winner == position.side_to_move());
          break;
      }
    }
  }
}
