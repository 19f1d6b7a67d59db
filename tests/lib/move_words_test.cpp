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

/// A Chu shogi game from `sfen`.
Game chu(const std::string& sfen) {
  lib::Result<LoadedVariant> loaded = load_variant("chu-shogi");
  REQUIRE(loaded.ok());
  GameSetup setup;
  setup.sfen = sfen;
  lib::Result<Game> game = Game::start(loaded->variant, setup);
  REQUIRE(game.ok());
  return std::move(*game);
}

/// The legal move `usi` of `game` in `notation`, without side marks.
std::string words(const Game& game, const std::string& usi, records::Notation notation) {
  auto move = game.position().parse_move(usi);
  REQUIRE(move.ok());
  auto text = move_words(game.position(), *move, {notation, records::SideSigns::none});
  REQUIRE(text.ok());
  return *text;
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

TEST_CASE("Chu shogi: a promotion declined on leaving the zone is 不成 and =") {
  // Gote's Dragon king on 8i, in its zone, may promote as it leaves for 8g, or not.
  const Game game = chu("lf2gekgscfl/acrstxot1b1a/mq6hrvm/3p4pppp/3i2ppi3/12/4Nd6/1P1I3PIP2/P1PPdPP1PHPP/"
                        "MVRHD1QD1RVM/ACBGTOXTGB1A/LF1S1KE1SCFL w - 36");
  CHECK(words(game, "8i8g", records::Notation::japanese) == "８七龍王引不成");
  CHECK(words(game, "8i8g+", records::Notation::japanese) == "８七龍王引成");
  CHECK(words(game, "8i8g", records::Notation::western) == "D8ix8g=");
}

TEST_CASE("Chu shogi: the Lion's two steps, igui and pass in Western (Hodges) and Japanese notation") {
  const Game one = chu("k11/12/12/12/12/6p5/6N5/12/12/12/12/11K b - 1");
  // The origin only when another Lion could go there too.
  CHECK(words(one, "6g6f5e", records::Notation::western) == "Nx6f-5e");
  CHECK(words(one, "6g6f6g", records::Notation::western) == "Nx!6f");
  // A pass: out to an empty square and back.
  CHECK(words(one, "6g7h6g", records::Notation::western) == "N-7h-6g");
  CHECK(words(one, "6g7h6g", records::Notation::japanese) == "７八・６七獅子");
  CHECK(words(one, "6g6f5e", records::Notation::japanese) == "６六・５五獅子");
  CHECK(words(one, "6g6f6g", records::Notation::japanese) == "６六・６七獅子");
  // Two Lions beside the Pawn: the origin, and the JSA words after the squares.
  const Game two = chu("k11/12/12/12/12/5p6/4NN6/12/12/12/12/11K b - 1");
  CHECK(words(two, "7g7f7g", records::Notation::western) == "N7gx!7f");
  CHECK(words(two, "7g7f6e", records::Notation::western) == "N7gx7f-6e");
  CHECK(words(two, "7g7f6e", records::Notation::japanese) == "７六・６五獅子右");
  CHECK(words(two, "8g7f6e", records::Notation::japanese) == "７六・６五獅子左");
}
