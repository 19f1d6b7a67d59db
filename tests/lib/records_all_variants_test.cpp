// Game records of every bundled variant: seeded random games, biased towards captures,
// promotions, drops and two-leg moves, written in every record format and read back to the same
// moves, final position and result; a format that cannot hold a variant refuses it as
// record-unwritable, and the formats each variant is expected to allow are listed here.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "notation.h"
#include "records_io.h"
#include "support.h"
#include "variant_source.h"

using namespace koma;
using namespace koma::lib;
using koma::test::bundled;

namespace {

constexpr RecordFormat kFormats[] = {RecordFormat::usi, RecordFormat::kif, RecordFormat::ki2, RecordFormat::csa,
                                     RecordFormat::jkf};

using Formats = std::set<RecordFormat>;
const Formats kUsiOnly = {RecordFormat::usi};
const Formats kUsiKi2 = {RecordFormat::usi, RecordFormat::ki2};
const Formats kAll = {RecordFormat::usi, RecordFormat::kif, RecordFormat::ki2, RecordFormat::csa, RecordFormat::jkf};

/// The formats each bundled variant's games are written in, and why the others refuse them.
/// KIF, CSA and JKF name only standard shogi's pieces on 9×9; KI2 any piece with a Japanese name.
const std::map<std::string, Formats> kExpectedFormats = {
    {"annan-shogi", kAll},
    {"cannon-shogi", kUsiOnly},  // the cannons have no Japanese name
    {"check-shogi", kAll},
    {"chu-shogi", kUsiKi2},
    {"dai-dai-shogi", kUsiOnly},  // most pieces have no Japanese name
    {"dai-shogi", kUsiKi2},
    {"dobutsu-shogi", kUsiKi2},
    {"euroshogi", kUsiKi2},
    {"goro-goro-plus-shogi", kUsiKi2},
    {"goro-goro-shogi", kUsiKi2},
    {"heian-shogi", kUsiKi2},
    {"judkins-shogi", kUsiKi2},
    {"kyoto-shogi", kUsiKi2},
    {"maka-dai-dai-shogi", kUsiKi2},
    {"micro-shogi", kUsiKi2},
    {"minishogi", kUsiKi2},
    {"okisaki-shogi", kUsiKi2},
    {"sho-shogi", kUsiKi2},
    {"shogi", kAll},
    {"tai-shogi", kUsiOnly},  // the file gives its pieces no Japanese names
    {"taikyoku-shogi", kUsiKi2},
    {"tenjiku-shogi", kUsiKi2},
    {"tori-shogi", kUsiKi2},
    {"wa-shogi", kUsiOnly},  // the promoted faces have no Japanese name
    {"whale-shogi", kUsiOnly},  // the Dolphin has no Japanese name
    {"yari-shogi", kUsiKi2},
};

/// How much a random game prefers a move: captures, promotions, drops and two-leg moves first.
int weight(const MoveInfo& m) {
  return 1 + 6 * (m.captured.has_value() || m.captured_via.has_value()) + 6 * m.promotion + 2 * m.drop +
         6 * m.via.has_value();
}

/// A seeded random game of up to `plies` moves from the variant's start, biased by `weight`.
Game random_game(const std::shared_ptr<const Variant>& variant, int plies, std::uint32_t seed) {
  std::mt19937 rng(seed);
  lib::Result<Game> game = Game::start(variant);
  REQUIRE(game.ok());
  for (int ply = 0; ply < plies; ++ply) {
    const std::vector<MoveInfo> moves = game->legal_moves();
    if (moves.empty()) break;
    std::vector<int> weights;
    for (const MoveInfo& m : moves) weights.push_back(weight(m));
    const MoveInfo& chosen = moves[std::discrete_distribution<std::size_t>(weights.begin(), weights.end())(rng)];
    REQUIRE(game->play(chosen.usi).ok());
  }
  return std::move(*game);
}

std::vector<std::string> usi_moves(const Game& game) {
  std::vector<std::string> out;
  for (const MoveInfo& m : game.history()) out.push_back(m.usi);
  return out;
}

/// Writes `game` in `format` and reads it back: the same moves, position and result; written
/// again from the record judged (as `koma play --record --to` does), the same text. Returns why
/// the format refuses the game (record-unwritable), or "" when it holds it.
std::string round_trip(const Game& game, RecordFormat format) {
  const lib::Result<std::string> text = write_record(game, format);
  if (!text) {
    CHECK(text.error().code == "record-unwritable");
    CHECK_FALSE(text.error().message.empty());
    return text.error().message;
  }
  INFO("the record:\n" << *text);
  const std::string file = "game." + std::string(record_format_name(format));
  const lib::Result<RecordGame> back = load_record(game.variant_ptr(), *text, format, "", file);
  if (!back) FAIL_CHECK(back.error().code << " at line " << back.error().line << ": " << back.error().message);
  if (!back) return "";
  CHECK(usi_moves(back->game) == usi_moves(game));
  CHECK(back->game.sfen() == game.sfen());
  const StatusInfo status = game.status();
  CHECK((back->result.result != "unfinished") == status.ended);
  CHECK(back->result.rule == status.rule);
  CHECK(back->result.winner == status.winner);
  const lib::Result<records::Record> record = read_record(*text, format, file, game.variant_ptr());
  REQUIRE(record.ok());
  const lib::Result<records::Judged> judged = judge_record(game.variant_ptr(), *record, kNativeDialect, file);
  REQUIRE(judged.ok());
  const lib::Result<std::string> again = write_record(*judged, format, kNativeDialect);
  REQUIRE(again.ok());
  CHECK(*again == *text);
  return "";
}

#ifdef KOMA_SANITIZED_TESTS
constexpr std::uint32_t kGames = 1;  // the sanitizer build runs ten times slower
#else
constexpr std::uint32_t kGames = 3;
#endif

}  // namespace

TEST_CASE("every bundled variant's random games come back from every record format that holds them") {
  const std::vector<std::string> slugs = bundled_slugs();
  REQUIRE(slugs.size() == kExpectedFormats.size());
  for (const std::string& slug : slugs) {
    REQUIRE(kExpectedFormats.count(slug) == 1);
    const auto variant = bundled(slug);
    for (std::uint32_t g = 0; g < kGames; ++g) {
      const Game game = random_game(variant, 200, 1000 * g + static_cast<std::uint32_t>(slug.size()));
      for (const RecordFormat format : kFormats) {
        INFO(slug << " game " << g << " (" << game.moves().size() << " plies) as " << record_format_name(format));
        const std::string refusal = round_trip(game, format);
        INFO("refused: " << refusal);
        CHECK(refusal.empty() == (kExpectedFormats.at(slug).count(format) == 1));
      }
    }
  }
}

TEST_CASE("a KI2 record that gives no start starts at the variant's own, when it has a closing line too") {
  const auto mini = bundled("minishogi");
  const lib::Result<RecordGame> read =
      load_record(mini, "▲５三歩　△１三歩\nまで2手で後手の勝ち\n", RecordFormat::ki2, "", "g.ki2");
  REQUIRE(read.ok());
  CHECK(read->game.start_sfen() == Position(mini).sfen());
  CHECK(read->game.moves().size() == 2);
  CHECK(read->result.rule == "resignation");
  CHECK(read->result.winner == std::optional<std::string>("gote"));
}

TEST_CASE("a drop Japanese notation cannot tell from another piece's of the same name is refused") {
  // Tori shogi as it would be if both quails were named 鶉.
  std::ifstream file(KOMA_SOURCE_DIR "/variants/tori-shogi.md");
  std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  for (const std::string quail : {"左鶉", "右鶉"}) text.replace(text.find("(" + quail + ")"), quail.size() + 2, "(鶉)");
  const lib::Result<lib::LoadedVariant> loaded = lib::load_variant_text(text, "tori-shogi.md", {});
  REQUIRE(loaded.ok());
  Position position(loaded->variant);
  REQUIRE(position.set_sfen("3k3/7/7/7/7/7/3K3 b LR 1"));
  const Move drop = position.parse_move("L*4d").value();
  const auto words = records::japanese_move(position, drop, -1);
  REQUIRE_FALSE(words.ok());
  CHECK(words.error().code == "notation-ambiguous-name");
  CHECK(words.error().message == "a drop of 'Left quail' reads as one of 'Right quail' too: both are named 鶉");
}

TEST_CASE("KIF, CSA and JKF refuse a move of two steps, which they could only write as another move") {
  // Shogi whose silver generals have Lion power: every piece still has its KIF and CSA name.
  std::ifstream file(KOMA_SOURCE_DIR "/variants/shogi.md");
  std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const std::string silver = "| Silver general (銀) | 2 | One square diagonally, or straight forward | S |";
  REQUIRE(text.find(silver) != std::string::npos);
  text.replace(text.find(silver), silver.size(), "| Silver general (銀) | 2 | Lion power | S |");
  const lib::Result<lib::LoadedVariant> loaded = lib::load_variant_text(text, "lion-silver.md", {});
  REQUIRE(loaded.ok());
  // The silver takes the pawn on 5f and goes on to 5e: as ５五銀(57) it would read as the jump there.
  lib::Result<Game> game = Game::start(loaded->variant, GameSetup{"4k4/9/9/9/9/4p4/4S4/9/4K4 b - 1", {"5g5f5e"}, ""});
  REQUIRE(game.ok());
  for (const RecordFormat format : {RecordFormat::kif, RecordFormat::csa, RecordFormat::jkf}) {
    INFO(record_format_name(format));
    const lib::Result<std::string> written = write_record(*game, format);
    REQUIRE_FALSE(written.ok());
    CHECK(written.error().code == "record-unwritable");
    CHECK(written.error().message.find("cannot record move 1 '5g5f5e', a move of two steps") != std::string::npos);
  }
  // USI and KI2 say both steps, and read back as the same game.
  for (const RecordFormat format : {RecordFormat::usi, RecordFormat::ki2}) CHECK(round_trip(*game, format).empty());
}

TEST_CASE("a KI2 record of a game set up where KIF cannot draw the board is refused, saying why") {
  lib::Result<Game> game = Game::start(bundled("tori-shogi"), GameSetup{"3k3/7/7/7/7/7/3K3 b LR 1", {"L*4d"}, ""});
  REQUIRE(game.ok());
  const lib::Result<std::string> ki2 = write_record(*game, RecordFormat::ki2);
  REQUIRE_FALSE(ki2.ok());
  CHECK(ki2.error().code == "record-unwritable");
  CHECK(ki2.error().message ==
        "cannot write ki2: KI2 gives a start other than the variant's own as KIF's board diagram, and the piece 'F' "
        "has no KIF name");
}

TEST_CASE("KIF and JKF write a declined promotion as such when the move carries the trading rules' mark") {
  // Shogi without drops whose silvers the Lion-trading rules protect: a pawn that takes one is marked.
  compiler::Options options;
  options.variants_dir = KOMA_SOURCE_DIR "/variants";
  const lib::Result<lib::LoadedVariant> loaded = lib::load_variant_text(
      "---\ntitle: Trading Shogi\nslug: trading-shogi\nparent: shogi\ndrops:\n  enabled: false\n  captured: removed\n"
      "  restrictions: []\ntrading:\n  pieces: [Silver general]\n---\n\n# Trading Shogi\n",
      "trading-shogi.md", options);
  REQUIRE(loaded.ok());
  lib::Result<Game> game = Game::start(loaded->variant, GameSetup{"4k4/9/4s4/4P4/9/9/9/9/4K4 b - 1", {"5d5c"}, ""});
  REQUIRE(game.ok());
  REQUIRE(game->moves()[0].has_mid());
  const lib::Result<std::string> kif = write_record(*game, RecordFormat::kif);
  REQUIRE(kif.ok());
  CHECK(kif->find("   1 ５三歩不成(54)\n") != std::string::npos);
  const lib::Result<std::string> jkf = write_record(*game, RecordFormat::jkf);
  REQUIRE(jkf.ok());
  CHECK(jkf->find("\"promote\": false") != std::string::npos);
  for (const RecordFormat format : kFormats) CHECK(round_trip(*game, format).empty());
}
