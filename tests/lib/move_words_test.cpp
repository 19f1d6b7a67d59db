// libkoma's moves in words: the notation names front ends read, a move in each notation with
// 同 from the position's last move, a game's legal moves and history, and the errors as values.
#include <algorithm>

#include <catch2/catch.hpp>

#include "game_session.h"
#include "move_words.h"
#include "variant_source.h"

using namespace koma;
using namespace koma::lib;

namespace {

Game shogi(const std::vector<std::string>& moves = {}) {
  lib::Result<LoadedVariant> loaded = load_variant("shogi");
  REQUIRE(loaded.ok());
  GameSetup setup;
  setup.moves = moves;
  lib::Result<Game> game = Game::start(loaded->variant, setup);
  REQUIRE(game.ok());
  return std::move(*game);
}

Move legal(const Game& game, const std::string& usi) {
  auto move = game.position().parse_move(usi);
  REQUIRE(move.ok());
  return *move;
}

}  // namespace

TEST_CASE("notation and signs names are read, and others are usage errors") {
  CHECK(*notation_named("japanese") == records::Notation::japanese);
  CHECK(*notation_named("western") == records::Notation::western);
  CHECK(*notation_named("usi") == records::Notation::usi);
  CHECK(notation_name(records::Notation::western) == "western");
  auto bad = notation_named("kanji");
  REQUIRE_FALSE(bad);
  CHECK(bad.error().code == "unknown-notation");
  CHECK(bad.error().usage);
  CHECK(*signs_named("triangles") == records::SideSigns::triangles);
  auto bad_signs = signs_named("arrows");
  REQUIRE_FALSE(bad_signs);
  CHECK(bad_signs.error().code == "unknown-signs");
}

TEST_CASE("a move in words, with 同 from the position's last move") {
  const Game game = shogi({"7g7f", "3c3d"});
  const Move bishop = legal(game, "8h2b+");
  CHECK(*move_words(game.position(), bishop, {records::Notation::japanese, records::SideSigns::pieces}) == "☗２二角成");
  CHECK(*move_words(game.position(), bishop, {records::Notation::western, records::SideSigns::pieces}) == "Bx2b+");
  CHECK(*move_words(game.position(), bishop, {}) == "8h2b+");
  const Game after = shogi({"7g7f", "3c3d", "8h2b+"});
  const Move silver = legal(after, "3a2b");
  CHECK(*move_words(after.position(), silver, {records::Notation::japanese, records::SideSigns::triangles}) == "△同　銀");
  CHECK(*move_words(after.position(), silver, {records::Notation::japanese, records::SideSigns::none}) == "同　銀");
}

TEST_CASE("a game's legal moves and history in words") {
  const Game game = shogi({"7g7f", "3c3d", "8h2b+", "3a2b"});
  const Wording japanese{records::Notation::japanese, records::SideSigns::pieces};
  auto history = history_words(game, japanese);
  REQUIRE(history.ok());
  CHECK(*history == std::vector<std::string>{"☗７六歩", "☖３四歩", "☗２二角成", "☖同　銀"});
  auto legal_words = legal_move_words(game, japanese);
  REQUIRE(legal_words.ok());
  const std::vector<MoveInfo> moves = game.legal_moves();
  REQUIRE(legal_words->size() == moves.size());
  for (std::size_t i = 0; i < moves.size(); ++i) {
    CHECK((*legal_words)[i] == *move_words(game.position(), moves[i].move, japanese));
  }
  // The bishop taken is dropped; no bishop on the board could go to ５五 instead.
  CHECK(std::find(legal_words->begin(), legal_words->end(), "☗５五角") != legal_words->end());
}
