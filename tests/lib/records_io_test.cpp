// libkoma's records: the format chosen by name, file name or content, a record read into a
// judged game with its result, and a game written back as a record.
#include <catch2/catch.hpp>

#include "support.h"

#include "records_io.h"
#include "variant_source.h"

using namespace koma;
using namespace koma::lib;
using koma::test::bundled;

TEST_CASE("a record's format is found by name, by file name and by its text") {
  CHECK(*record_format_named("KIFU") == RecordFormat::kif);
  CHECK(*record_format_named("csa") == RecordFormat::csa);
  CHECK(record_format_named("pgn").error().code == "unknown-record-format");
  CHECK(record_format_of_path("games/a.KIF") == RecordFormat::kif);
  CHECK(record_format_of_path("a.csa") == RecordFormat::csa);
  CHECK(record_format_of_path("a.txt") == RecordFormat::usi);
  CHECK(guess_record_format("手合割：平手\n   1 ７六歩(77)\n") == RecordFormat::kif);
  CHECK(guess_record_format("V2.2\nPI\n+\n+7776FU\n") == RecordFormat::csa);
  CHECK(guess_record_format("position startpos moves 7g7f\n") == RecordFormat::usi);
  CHECK(guess_record_format("7g7f 3c3d\n") == RecordFormat::usi);
}

TEST_CASE("a record read and judged gives its game and result, and writes back") {
  const auto shogi = bundled("shogi");
  lib::Result<RecordGame> read = load_record(shogi, "V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n", std::nullopt, "", "g.csa");
  REQUIRE(read.ok());
  CHECK(read->game.moves().size() == 2);
  CHECK(read->result.result == "win");
  CHECK(read->result.rule == "resignation");
  CHECK(read->result.winner == std::optional<std::string>("gote"));
  CHECK(read->result.plies == 2);
  const lib::Result<std::string> usi = write_record(read->game, RecordFormat::usi);
  REQUIRE(usi.ok());
  CHECK(*usi == "position startpos moves 7g7f 3c3d\n");
  const lib::Result<std::string> kif = write_record(read->game, RecordFormat::kif);
  REQUIRE(kif.ok());
  lib::Result<RecordGame> again = load_record(shogi, *kif, std::nullopt, "", "g.kif");
  REQUIRE(again.ok());
  CHECK(again->game.sfen() == read->game.sfen());
}

TEST_CASE("a bad record is an error with its code, file and line") {
  const auto shogi = bundled("shogi");
  lib::Result<RecordGame> read = load_record(shogi, "7g7f 7g7f\n", RecordFormat::usi, "", "g.usi");
  REQUIRE_FALSE(read.ok());
  CHECK(read.error().code == "move-illegal");
  CHECK(read.error().file == "g.usi");
  CHECK(read.error().line == 1);
  CHECK(load_record(shogi, "7g7f\n", RecordFormat::usi, "nonsense", "g.usi").error().code == "unknown-dialect");
}

TEST_CASE("a game with pieces outside standard shogi cannot be written as KIF") {
  const auto chu = bundled("chu-shogi");
  lib::Result<Game> game = Game::start(chu);
  REQUIRE(game.ok());
  const lib::Result<std::string> kif = write_record(*game, RecordFormat::kif);
  REQUIRE_FALSE(kif.ok());
  CHECK(kif.error().code == "record-unwritable");
}

TEST_CASE("a USI record of a game where a Demon burns is judged, burnt pieces gone, and writes back") {
  lib::Result<lib::LoadedVariant> loaded =
      lib::load_variant_file(std::string(KOMA_SOURCE_DIR) + "/tests/data/tenjiku-burning.md", {});
  REQUIRE(loaded.ok());
  const std::string text = "position sfen k6/7/7/2ppp2/7/3D3/K6 b - 1 moves 4f4e\n";
  lib::Result<RecordGame> read = load_record(loaded->variant, text, RecordFormat::usi, "", "g.usi");
  REQUIRE(read.ok());
  CHECK(read->game.sfen() == "k6/7/7/7/3D3/7/K6 w - 2");  // the three Pawns burnt
  CHECK(read->result.result == "win");
  CHECK(read->result.rule == "checkmate");  // every square of the gote King can be burnt
  const lib::Result<std::string> usi = write_record(read->game, RecordFormat::usi);
  REQUIRE(usi.ok());
  CHECK(*usi == text);
  // A King that stops next to an enemy Demon would be burnt: the record's move is illegal.
  lib::Result<RecordGame> bad =
      load_record(loaded->variant, "position sfen 4k2/7/7/7/7/1d5/K3D2 b - 1 moves 7g7f\n", RecordFormat::usi, "", "g.usi");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().code == "move-illegal");
}
