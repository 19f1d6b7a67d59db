// The bitboard tier of the move generator: which hand-built variants it plays, the same moves
// and counts as the mailbox tier over seeded random games, and every fast perft row on both.
#include <catch2/catch.hpp>

#include <map>

#include "game.h"
#include "perft_data.h"
#include "support/variants.h"
#include "support/tier_check.h"

using namespace koma;
using namespace koma::test;

TEST_CASE("the bitboard tier plays the variants whose rules it covers, the mailbox the rest", "[bitboard]") {
  const std::map<std::string, Tier> expected = {
      {"shogi", Tier::bitboard},   {"kyoto", Tier::bitboard},  {"heian", Tier::bitboard},
      {"micro", Tier::bitboard},   {"dobutsu", Tier::bitboard}, {"sho", Tier::bitboard},
      {"check", Tier::bitboard},   {"toy12", Tier::mailbox},   {"annan", Tier::mailbox},
      {"cannon", Tier::bitboard},   {"whale", Tier::mailbox},   {"wa", Tier::bitboard},
      {"jumping", Tier::mailbox},  {"hook-movers", Tier::mailbox}, {"range-capturers", Tier::mailbox}};
  for (const auto& [name, tier] : expected) {
    INFO(name);
    const auto variant = variant_named(name);
    CHECK(variant->tier() == tier);
    Position pos(variant);
    CHECK(pos.tier() == tier);
    CHECK(pos.set_tier(Tier::bitboard) == (tier == Tier::bitboard));
    CHECK(pos.tier() == tier);
    CHECK(pos.set_tier(Tier::mailbox));
    CHECK(pos.tier() == Tier::mailbox);
  }
}

TEST_CASE("a position keeps its tier through set_sfen and copies", "[bitboard]") {
  Position pos(variant_named("shogi"));
  REQUIRE(pos.set_tier(Tier::mailbox));
  REQUIRE(pos.set_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1").ok());
  CHECK(pos.tier() == Tier::mailbox);
  CHECK(pos.clone().tier() == Tier::mailbox);
}

TEST_CASE("back on the bitboard tier, a position gathers its sets again", "[bitboard]") {
  Position pos(variant_named("shogi"));
  REQUIRE(pos.set_tier(Tier::mailbox));
  const auto play = [&pos](const char* text) {
    const Result<Move> m = pos.parse_move(text);
    REQUIRE(m.ok());
    pos.make(m.value());
  };
  for (const char* m : {"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"}) play(m);
  REQUIRE(pos.set_tier(Tier::bitboard));
  CHECK(pos.is_ok());
  check_tiers_agree(pos);
  play("B*5e");
  CHECK(pos.is_ok());
  check_tiers_agree(pos);
}

TEST_CASE("copies keep the bitboard sets on that tier and gather them when put back on it", "[bitboard]") {
  Position pos(variant_named("shogi"));
  const auto play = [](Position& p, const char* text) {
    const Result<Move> m = p.parse_move(text);
    REQUIRE(m.ok());
    p.make(m.value());
  };
  for (const char* m : {"7g7f", "3c3d", "8h2b+"}) play(pos, m);
  Position copy = pos.clone();  // on the bitboard tier: the sets come along
  CHECK(copy.is_ok());
  play(copy, "3a2b");
  CHECK(copy.is_ok());
  check_tiers_agree(copy);
  REQUIRE(pos.set_tier(Tier::mailbox));
  play(pos, "3a2b");
  Position mailbox = pos.clone();  // on the mailbox tier the sets are not copied
  REQUIRE(mailbox.set_tier(Tier::bitboard));
  CHECK(mailbox.is_ok());
  play(mailbox, "B*4e");
  CHECK(mailbox.is_ok());
  check_tiers_agree(mailbox);
}

TEST_CASE("bitboard and mailbox tiers agree on every position of seeded random games", "[bitboard]") {
  for (const char* name : {"shogi", "kyoto", "heian", "micro", "dobutsu", "sho", "check", "cannon"}) {
    INFO(name);
    const Position start(variant_named(name));
    CHECK(random_tier_games(start, 20, 160, 20261201) > 200);
  }
}

TEST_CASE("bitboard and mailbox tiers agree on the positions of the perft rows", "[bitboard]") {
  for (const PerftRow& row : read_perft_rows(KOMA_PERFT_DATA)) {
    Position pos(variant_named(row.variant));
    if (pos.tier() != Tier::bitboard) continue;
    INFO(row.describe());
    REQUIRE(pos.set_sfen(row.sfen).ok());
    check_tiers_agree(pos);
    random_tier_games(pos, 4, 60, static_cast<std::uint32_t>(row.line));
  }
}

TEST_CASE("every fast perft row gives its count on the mailbox tier too", "[bitboard][perft]") {
  int bitboard_rows = 0;
  for (const PerftRow& row : read_perft_rows(KOMA_PERFT_DATA)) {
    if (row.slow) continue;
    INFO(row.describe());
    Position pos(variant_named(row.variant));
    REQUIRE(pos.set_sfen(row.sfen).ok());
    bitboard_rows += pos.tier() == Tier::bitboard;
    REQUIRE(pos.set_tier(Tier::mailbox));
    CHECK(perft(pos, row.depth) == row.nodes);
  }
  CHECK(bitboard_rows > 20);
}

TEST_CASE("the bitboard tier plays hops: two screens pin, an open line takes no piece, a hop check", "[bitboard][hops]") {
  const auto cannon = variant_named("cannon");
  REQUIRE(cannon->tier() == Tier::bitboard);
  // sfen, the legal moves on both tiers (the mailbox tier is the reference).
  const std::pair<const char*, std::size_t> positions[] = {
      // A Silver cannon on 5a, a pawn and the Gold between it and the King: the Gold keeps the
      // file (5g), or leaves none.
      {"k3a4/9/9/9/4p4/9/9/4G4/4K4 b - 1", 5},
      // A Gold cannon on an open file: no piece may stand between, no drop there.
      {"k3u4/9/9/9/9/9/9/3G5/4K4 b P 1", 78},
      // The same with the pawn the only screen: a check by a hop (the mailbox counts it).
      {"k3a4/9/9/9/4p4/9/9/9/4K4 b G 1", 10},
      // A Flying cannon two squares away on a diagonal, the square between empty.
      {"k8/9/9/9/9/9/2+a6/9/3GK4 b - 1", 7},
      // The King may not step onto the file past the screen.
      {"k3a4/9/9/9/4p4/9/9/9/5K3 b - 1", 3},
  };
  for (const auto& [sfen, moves] : positions) {
    INFO(sfen);
    Position pos(cannon);
    REQUIRE(pos.set_sfen(sfen).ok());
    CHECK(check_tiers_agree(pos) == moves);
  }
}

TEST_CASE("bitboard and mailbox tiers agree on cannon shogi with shogi's drop rules", "[bitboard][hops]") {
  // Pawn drops may not mate here: a pawn dropped as a cannon's screen may mate as well.
  ir::RuleSet rules = cannon_shogi();
  rules.drops.restrictions = standard_shogi().drops.restrictions;
  auto loaded = Variant::load(std::move(rules));
  REQUIRE(loaded);
  const Position start(loaded.value());
  CHECK(start.tier() == Tier::bitboard);
  CHECK(random_tier_games(start, 12, 160, 20261207) > 200);
}
