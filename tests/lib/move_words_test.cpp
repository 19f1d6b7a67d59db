// libkoma's moves in words: the notation names front ends read, a move in each notation with
// 同 from the position's last move, a game's legal moves and history, and the errors as values.
#include <algorithm>

#include <catch2/catch.hpp>

#include "game_session.h"
#include "move_words.h"
#include "position_setup.h"
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

TEST_CASE("Chu shogi: every move in Japanese and Western notation reads back as itself") {
  for (const std::string sfen : {"k11/12/12/12/12/5p6/4NN6/12/12/12/12/11K b - 1",
                                 "k11/12/12/12/12/5pp5/5+H+H5/12/12/12/12/11K b - 1",
                                 "k11/12/12/12/12/4nn6/5P6/12/12/12/12/11K w - 1"}) {
    const Game game = chu(sfen);
    for (const MoveInfo& info : game.legal_moves()) {
      for (const records::Notation notation : {records::Notation::japanese, records::Notation::western}) {
        const std::string text = words(game, info.usi, notation);
        auto read = parse_in_any_dialect(game.position(), game.variant(), text, kNativeDialect);
        INFO(sfen << " " << info.usi << " " << text);
        REQUIRE(read.ok());
        CHECK(*read == info.move);
      }
    }
  }
}

TEST_CASE("Chu shogi: two steps through an empty square, and a pass through any, read as the move") {
  const Game game = chu("kg10/12/12/12/12/5p6/6N5/12/12/12/12/10GK b - 1");
  auto read = [&](const std::string& text) {
    auto move = parse_in_any_dialect(game.position(), game.variant(), text, kNativeDialect);
    REQUIRE(move.ok());
    return game.position().move_text(*move);
  };
  CHECK(read("N-6f-5e") == "6g5e");
  CHECK(read("６六・５五獅子") == "6g5e");
  CHECK(read("N-5g-6g") == read("N-7h-6g"));
  CHECK(read("５七・６七獅子") == read("N-7h-6g"));
  CHECK(read("Nx!7f") == "6g7f6g");
  CHECK(read("N6gx7f-8e") == "6g7f8e");
  auto illegal = parse_in_any_dialect(game.position(), game.variant(), "N-9g", kNativeDialect);
  REQUIRE_FALSE(illegal.ok());
  CHECK(illegal.error().code == "western-no-such-move");
  const Game two = chu("k11/12/12/12/12/5p6/4NN6/12/12/12/12/11K b - 1");
  auto either = parse_in_any_dialect(two.position(), two.variant(), "N-7e", kNativeDialect);
  REQUIRE_FALSE(either.ok());
  CHECK(either.error().code == "western-ambiguous");
}

TEST_CASE("moves in words are played, and a word no move fits is the reader's error") {
  const Game game = chu("kg10/12/12/12/12/5p6/6N5/12/12/12/12/10GK b - 1");
  auto usi = usi_of_moves(game.position(), {"Nx!7f", "☖１１二金将", "N-5g-6g", "G-12b", "☗６六・５五獅子", "11b12a"},
                          kNativeDialect);
  REQUIRE(usi.ok());
  CHECK(*usi == std::vector<std::string>{"6g7f6g", "11a11b", "6g7h6g", "11b12b", "6g5e", "11b12a"});
  auto wrong = usi_of_moves(game.position(), {"Nx!7f", "☖９九金将"}, kNativeDialect);
  REQUIRE_FALSE(wrong.ok());
  CHECK(wrong.error().code == "ki2-no-such-move");
  CHECK(wrong.error().message.rfind("move 2 '☖９九金将' cannot be played: ", 0) == 0);
}
