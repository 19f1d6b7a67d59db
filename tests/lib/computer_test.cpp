// libkoma's computer opponent: a legal move found the same way every time at a node budget,
// mates found and reported, strength levels, limits checked, the game left as it was.
#include <catch2/catch.hpp>

#include <algorithm>

#include "computer.h"
#include "variant_source.h"

using namespace koma;
using namespace koma::lib;

namespace {

Game started(const std::string& slug, GameSetup setup = {}) {
  lib::Result<LoadedVariant> loaded = load_variant(slug);
  REQUIRE(loaded.ok());
  lib::Result<Game> game = Game::start(loaded->variant, setup);
  REQUIRE(game.ok());
  return std::move(*game);
}

bool is_legal(const Game& game, const MoveInfo& move) {
  const std::vector<MoveInfo> legal = game.legal_moves();
  return std::any_of(legal.begin(), legal.end(), [&](const MoveInfo& m) { return m.usi == move.usi; });
}

}  // namespace

TEST_CASE("the computer plays a legal move, the same one at the same node budget") {
  for (const char* slug : {"shogi", "minishogi", "kyoto-shogi", "chu-shogi"}) {
    INFO(slug);
    Game game = started(slug);
    const std::string before = game.sfen();
    lib::Result<ThinkResult> first = think(game, {.depth = 0, .nodes = 3000, .milliseconds = 0, .level = 0});
    REQUIRE(first.ok());
    CHECK(first->verdict == "move");
    REQUIRE(first->move);
    CHECK(is_legal(game, *first->move));
    CHECK(first->nodes <= 3000);
    CHECK(first->depth >= 1);
    REQUIRE_FALSE(first->pv.empty());
    CHECK(first->pv.front() == first->move->text);
    CHECK(game.sfen() == before);
    lib::Result<ThinkResult> second = think(game, {.depth = 0, .nodes = 3000, .milliseconds = 0, .level = 0});
    REQUIRE(second.ok());
    CHECK(second->move->usi == first->move->usi);
    CHECK(second->score == first->score);
    CHECK(second->pv == first->pv);
    CHECK(second->nodes == first->nodes);
  }
}

TEST_CASE("the computer finds a mate in one and says so") {
  Game game = started("shogi", {.sfen = "4k4/9/4G4/9/9/9/9/9/4K4 b G 1", .moves = {}, .dialect = ""});
  lib::Result<ThinkResult> thought = think(game, {.depth = 3, .nodes = 0, .milliseconds = 0, .level = 0});
  REQUIRE(thought.ok());
  REQUIRE(thought->move);
  CHECK(thought->move->usi == "G*5b");
  CHECK(thought->mate == std::optional<int>(1));
  CHECK(thought->pv == std::vector<std::string>{"G*5b"});
  REQUIRE(game.play("G*5b").ok());
  lib::Result<ThinkResult> after = think(game);
  REQUIRE_FALSE(after.ok());
  CHECK(after.error().code == "game-over");
}

TEST_CASE("the computer resigns a certain mate and still names its best defence") {
  // Gote's king can only step to 2a, where G*2b mates.
  Game game = started("shogi", {.sfen = "8k/9/7G1/9/9/9/9/9/K8 w G 1", .moves = {}, .dialect = ""});
  lib::Result<ThinkResult> thought = think(game, {.depth = 4, .nodes = 0, .milliseconds = 0, .level = 0});
  REQUIRE(thought.ok());
  CHECK(thought->verdict == "resign");
  CHECK(thought->mate == std::optional<int>(-2));
  REQUIRE(thought->move);
  CHECK(thought->move->usi == "1a2a");
  CHECK(thought->pv == std::vector<std::string>{"1a2a", "G*2b"});
  REQUIRE(thought->ponder);
  CHECK(thought->ponder->usi == "G*2b");
}

TEST_CASE("strength levels are node budgets; explicit limits override them") {
  lib::Result<ThinkLimits> standard = resolve_limits({});
  REQUIRE(standard.ok());
  CHECK(standard->level == kDefaultLevel);
  CHECK(standard->nodes == kLevelTable[kDefaultLevel - 1].nodes);
  lib::Result<ThinkLimits> weakest = resolve_limits({.depth = 0, .nodes = 0, .milliseconds = 0, .level = 1});
  REQUIRE(weakest.ok());
  CHECK(weakest->depth == 1);
  lib::Result<ThinkLimits> mixed = resolve_limits({.depth = 0, .nodes = 123, .milliseconds = 0, .level = 6});
  REQUIRE(mixed.ok());
  CHECK(mixed->nodes == 123);
  lib::Result<ThinkLimits> exact = resolve_limits({.depth = 2, .nodes = 0, .milliseconds = 0, .level = 0});
  REQUIRE(exact.ok());
  CHECK(exact->nodes == 0);
  CHECK(exact->level == 0);
  for (int i = 1; i < kLevels; ++i) {
    const Level& weaker = kLevelTable[static_cast<std::size_t>(i - 1)];
    const Level& stronger = kLevelTable[static_cast<std::size_t>(i)];
    CHECK((stronger.nodes == 0 ? stronger.depth > weaker.depth : weaker.nodes == 0 || stronger.nodes > weaker.nodes));
  }
  Game game = started("minishogi");
  lib::Result<ThinkResult> weak = think(game, {.depth = 0, .nodes = 0, .milliseconds = 0, .level = 1});
  REQUIRE(weak.ok());
  CHECK(weak->depth == 1);
  lib::Result<ThinkResult> levelled = think(game, {.depth = 0, .nodes = 0, .milliseconds = 0, .level = 3});
  REQUIRE(levelled.ok());
  CHECK(levelled->nodes <= 2000);
}

TEST_CASE("the computer refuses limits that mean nothing") {
  Game game = started("shogi");
  lib::Result<ThinkResult> level = think(game, {.depth = 0, .nodes = 0, .milliseconds = 0, .level = 9});
  REQUIRE_FALSE(level.ok());
  CHECK(level.error().code == "think-bad-level");
  lib::Result<ThinkResult> nodes = think(game, {.depth = 0, .nodes = -5, .milliseconds = 0, .level = 0});
  REQUIRE_FALSE(nodes.ok());
  CHECK(nodes.error().code == "think-bad-limit");
  CHECK(nodes.error().usage);
}

TEST_CASE("the computer stops at its time limit") {
  Game game = started("chu-shogi");
  lib::Result<ThinkResult> thought = think(game, {.depth = 0, .nodes = 0, .milliseconds = 100, .level = 0});
  REQUIRE(thought.ok());
  REQUIRE(thought->move);
  CHECK(thought->milliseconds < 1000);
}

TEST_CASE("the computer writes its moves in the game's spelling") {
  Game game = started("kyoto-shogi", {.sfen = {}, .moves = {}, .dialect = "fsf"});
  lib::Result<ThinkResult> thought = think(game, {.depth = 2, .nodes = 0, .milliseconds = 0, .level = 0});
  REQUIRE(thought.ok());
  REQUIRE(thought->move);
  CHECK(thought->pv.front() == thought->move->text);
  const nlohmann::ordered_json json = think_json(*thought);
  CHECK(json["verdict"] == "move");
  CHECK(json["move"]["usi"] == thought->move->text);
  CHECK(json["pv"].size() == thought->pv.size());
}
