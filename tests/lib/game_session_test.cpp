// libkoma's games: set-up, play and undo with move data, the status with its rule's place, and
// errors as values with the runtime's codes.
#include <catch2/catch.hpp>

#include "support.h"

#include "game_session.h"
#include "support/variants.h"
#include "variant_source.h"

using namespace koma;
using namespace koma::lib;
using koma::test::bundled;

namespace {

lib::Result<Game> started(const std::string& slug, GameSetup setup = {}) {
  return Game::start(bundled(slug), setup);
}

}  // namespace

TEST_CASE("a game plays, describes and takes back moves") {
  lib::Result<Game> game = started("shogi");
  REQUIRE(game.ok());
  CHECK(game->legal_moves().size() == 30);
  lib::Result<MoveInfo> played = game->play("7g7f");
  REQUIRE(played.ok());
  CHECK(played->usi == "7g7f");
  CHECK(played->from == std::optional<std::string>("7g"));
  CHECK(played->to == "7f");
  CHECK(played->piece == "P");
  CHECK_FALSE(played->captured);
  CHECK_FALSE(played->drop);
  CHECK(game->sfen() == "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
  REQUIRE(game->play("3c3d").ok());
  REQUIRE(game->play("8h2b+").ok());
  const std::vector<MoveInfo> history = game->history();
  REQUIRE(history.size() == 3);
  CHECK(history[2].captured == std::optional<std::string>("B"));
  CHECK(history[2].promotion);
  lib::Result<MoveInfo> taken = game->undo();
  REQUIRE(taken.ok());
  CHECK(taken->usi == "8h2b+");
  CHECK(game->moves().size() == 2);
}

TEST_CASE("a game's copy is independent of it") {
  lib::Result<Game> game = started("kyoto-shogi");
  REQUIRE(game.ok());
  Game other = game->copy();
  REQUIRE(other.play(other.legal_moves().front().usi).ok());
  CHECK(game->moves().empty());
  CHECK(other.moves().size() == 1);
}

TEST_CASE("a drop is described with its piece and no origin") {
  lib::Result<Game> game = started("shogi", {.sfen = "4k4/9/9/9/9/9/9/9/4K4 b P 1", .moves = {}, .dialect = ""});
  REQUIRE(game.ok());
  lib::Result<MoveInfo> drop = game->play("P*5e");
  REQUIRE(drop.ok());
  CHECK(drop->drop);
  CHECK_FALSE(drop->from);
  CHECK(drop->piece == "P");
}

TEST_CASE("set-up errors carry the runtime's code and name the move") {
  lib::Result<Game> bad_sfen = started("shogi", {.sfen = "not an sfen", .moves = {}, .dialect = ""});
  REQUIRE_FALSE(bad_sfen.ok());
  CHECK(bad_sfen.error().code.starts_with("sfen-"));
  lib::Result<Game> bad_move = started("shogi", {.sfen = {}, .moves = {"7g7f 7g7f"}, .dialect = ""});
  REQUIRE_FALSE(bad_move.ok());
  CHECK(bad_move.error().message.starts_with("move 2 '7g7f' cannot be played"));
  lib::Result<Game> bad_dialect = started("kyoto-shogi", {.sfen = {}, .moves = {}, .dialect = "klingon"});
  REQUIRE_FALSE(bad_dialect.ok());
  CHECK(bad_dialect.error().code == "unknown-dialect");
  CHECK(bad_dialect.error().usage);
}

TEST_CASE("the status names the rule and where the variant's file states it") {
  lib::Result<Game> game = started("shogi", {.sfen = "4k4/4G4/4G4/9/9/9/9/9/4K4 w - 2", .moves = {}, .dialect = ""});
  REQUIRE(game.ok());
  const StatusInfo status = game->status();
  CHECK(status.ended);
  CHECK(status.rule == "checkmate");
  CHECK(status.winner == std::optional<std::string>("sente"));
  CHECK(status.rule_at.line > 0);
  CHECK(status.rule_at.file.ends_with("shogi.md"));
  CHECK(game->legal_moves().empty());
  lib::Result<MoveInfo> late = game->play("5a4a");
  REQUIRE_FALSE(late.ok());
  CHECK(late.error().code == "game-over");
  lib::Result<MoveInfo> nothing = game->undo();
  REQUIRE_FALSE(nothing.ok());
  CHECK(nothing.error().code == "no-move-to-undo");
}

TEST_CASE("a variant the runtime's checks refuse fails to load with the check's code and place") {
  compiler::Options options;
  options.variants_dir = variants_dir();
  lib::Result<LoadedVariant> loaded =
      load_variant_file(KOMA_SOURCE_DIR "/tests/bad-input/opponent-in-check.md", options);
  REQUIRE_FALSE(loaded.ok());
  CHECK(loaded.error().code == "start-position-illegal");
  CHECK(loaded.error().file.ends_with("opponent-in-check.md"));
  CHECK(loaded.error().line == 12);
  CHECK(loaded.error().column == 11);
  CHECK_FALSE(loaded.error().diagnostics.empty());
}

TEST_CASE("a three-leg move is described with both middle squares and what it takes there") {
  auto variant = Variant::load(koma::test::lion3_mechanisms());
  REQUIRE(variant.ok());
  lib::Result<Game> game = Game::start(variant.value(), {.sfen = "6k/7/7/1p5/1p5/1D5/K6 b - 1", .moves = {}, .dialect = ""});
  REQUIRE(game.ok());
  lib::Result<MoveInfo> played = game->play("6f6e6d6c");
  REQUIRE(played.ok());
  CHECK(played->via == std::optional<std::string>("6e"));
  CHECK(played->captured_via == std::optional<std::string>("P"));
  CHECK(played->via2 == std::optional<std::string>("6d"));
  CHECK(played->captured_via2 == std::optional<std::string>("P"));
  const nlohmann::ordered_json json = move_json(*played);
  CHECK(json["via2"] == "6d");
  CHECK(json["captured_via2"] == "P");
  // A two-leg move gives no second middle square.
  REQUIRE(game->undo().ok());
  lib::Result<MoveInfo> two = game->play("6f6e6d");
  REQUIRE(two.ok());
  CHECK(two->via == std::optional<std::string>("6e"));
  CHECK_FALSE(two->via2);
  CHECK_FALSE(move_json(*two).contains("via2"));
}
