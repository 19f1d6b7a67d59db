// The readings the bundled files offer with a Lion power of three steps: Dai-dai shogi's Lion
// dog along the lines, and Maka-dai-dai and Tai shogi's second Teaching king. Each file is
// compiled with the phrase its prose gives put in the table, as an author would; it must
// compile without a diagnostic and play as the brute-force generator reads its IR.
#include <algorithm>
#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

#include "brute.h"
#include "bundled.h"
#include "random_games.h"

using namespace koma;
using e2e::has;
using e2e::texts;

namespace {

/// The bundled file `slug` with table rows replaced (each row's text, then what replaces it),
/// compiled without a diagnostic and loaded.
std::shared_ptr<const Variant> reading(const std::string& slug, const std::vector<std::pair<std::string, std::string>>& rows) {
  const std::string path = std::string(KOMA_VARIANTS_DIR) + "/" + slug + ".md";
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  std::string source = text.str();
  for (const auto& [row, with] : rows) {
    const std::size_t at = source.find(row);
    REQUIRE(at != std::string::npos);
    REQUIRE(source.find(row, at + 1) == std::string::npos);
    source.replace(at, row.size(), with);
  }
  compiler::DiagnosticList diagnostics;
  compiler::Options options;
  options.variants_dir = KOMA_VARIANTS_DIR;
  auto rules = compiler::compile_source(source, path, diagnostics, options);
  std::string said;
  for (const auto& d : diagnostics.items) said += std::string(compiler::spelling(d.code)) + ": " + d.message + "\n";
  INFO(said);
  REQUIRE(diagnostics.items.empty());
  REQUIRE(rules.has_value());
  auto loaded = Variant::load(std::move(*rules));
  REQUIRE(loaded.ok());
  return loaded.value();
}

/// The moves of `pos` that start on `square`.
std::vector<std::string> from(const Position& pos, const std::string& square) {
  std::vector<std::string> out;
  for (const std::string& text : texts(pos)) {
    if (text.compare(0, square.size(), square) == 0 && text.find_first_of("0123456789", square.size()) == square.size()) {
      out.push_back(text);
    }
  }
  return out;
}

/// Whether the piece named `name` has three-leg moves.
bool has_three_legs(const Variant& v, const std::string& name) {
  for (const ir::PieceType& p : v.rules().pieces) {
    if (p.name != name) continue;
    return std::any_of(p.leg_moves.begin(), p.leg_moves.end(), [](const ir::LegMove& m) { return m.third.has_value(); });
  }
  return false;
}

/// Dai-dai shogi with the Lion dog of the other accounts, and the Furious fiend moving as the
/// Lion or as that Lion dog.
std::shared_ptr<const Variant> dai_dai_lines() {
  static const std::shared_ptr<const Variant> v = reading(
      "dai-dai-shogi",
      {{"| Lion dog | 1 | Up to three squares in any direction | must | N' |",
        "| Lion dog | 1 | Lion power of three steps in a line | must | N' |"},
       {"| Lion | Furious fiend | Lion power, or up to three squares in any direction |",
        "| Lion | Furious fiend | Lion power, or Lion power of three steps in a line |"}});
  return v;
}

}  // namespace

TEST_CASE("dai-dai shogi's Lion dog with a Lion's power along each line") {
  // Sente's Lion dog on 9i, gote Pawns on 9h and 9g: it takes both and goes on, or comes back.
  const Position pos = e2e::at(dai_dai_lines(), "16k/17/17/17/17/17/8p8/8p8/8N'8/17/17/17/17/17/17/17/K16 b - 1");
  const std::vector<std::string> moves = from(pos, "9i");
  // Its captures promote, and must (the file's `Promotes by capturing`).
  CHECK(has(moves, "9i9h9g9f+"));  // both taken, then on
  CHECK_FALSE(has(moves, "9i9h9g9f"));
  CHECK(has(moves, "9i9h9g9h+"));  // both taken, ending where the first stood
  CHECK(has(moves, "9i9h9g+"));    // the two-leg move
  CHECK(has(moves, "9i9h9i+"));    // 9h taken without moving
  CHECK(has(moves, "9i9f"));       // the jump over both, taking nothing
  CHECK_FALSE(has(moves, "9i9h9g8f+"));  // off the line
  CHECK_FALSE(has(moves, "9i9e"));       // four squares
  // Leaps of one to three squares along the eight lines: 24. Taking 9h, then on to 9g or back:
  // 2. The pass: 1. Three legs, taking 9h and 9g: on to 9f or back to 9h, 2.
  CHECK(moves.size() == 24 + 2 + 1 + 2);
  // The promoted Lion moves as both: a Lion's area power and the Lion dog's lines.
  const Position fiend = e2e::at(dai_dai_lines(), "16k/17/17/17/17/17/8p8/8p8/8+N8/17/17/17/17/17/17/17/K16 b - 1");
  const std::vector<std::string> fm = from(fiend, "9i");
  CHECK(has(fm, "9i9h9g9f"));
  CHECK(has(fm, "9i9h8g"));
  CHECK(has(fm, "9i10g"));
  CHECK_FALSE(has(fm, "9i9h9g8f"));
}

TEST_CASE("seeded random dai-dai games with the Lion dog's three-step reading agree with the brute-force generator") {
  const std::string sfen =
      "8k8/17/5p3n'3p3/4p1p1p1p1p4/17/17/17/17/17/17/17/17/17/4P1P1P1P1P4/5P3N'3P3/17/8K8 b - 1";
  const int promotions = test::play_random_games([&] { return e2e::at(dai_dai_lines(), sfen); }, {6, 120, 21, true});
  CHECK(promotions > 0);
}

TEST_CASE("maka-dai-dai and tai shogi's second Teaching king: a Free king or a Lion power of three steps") {
  const std::shared_ptr<const Variant> maka =
      reading("maka-dai-dai-shogi", {{"| Deva | Teaching king (教王) | Any distance in any direction |",
                                      "| Deva | Teaching king (教王) | Any distance in any direction, or Lion power of three steps |"}});
  CHECK(has_three_legs(*maka, "Teaching king"));
  // Sente's Teaching king on 10j, gote Pawns on 10i and 9i, both next to it and to each other.
  const Position pos = e2e::at(maka, "9k9/19/19/19/19/19/19/19/9pp8/9+I'9/19/19/19/19/19/19/19/19/9K9 b - 1");
  const std::vector<std::string> moves = from(pos, "10j");
  CHECK(has(moves, "10j10i9i10j"));  // both taken without moving
  CHECK(has(moves, "10j10i9i8h"));   // both taken, then on
  CHECK(has(moves, "10j10i9i"));     // the two-leg move
  CHECK(has(moves, "10j12g"));       // a jump of three
  CHECK(has(moves, "10j1j"));        // the Free king's slide
  CHECK_FALSE(has(moves, "10j12f"));
  test::play_random_games(
      [&] {
        return e2e::at(maka, "9k9/19/19/5g7+i'5/1p3p3p3p3p1/19/19/19/19/19/19/19/19/19/1P3P3P3P3P1/5G7+I'5/19/19/9K9 b - 1");
      },
      {4, 100, 25, false});
  const std::shared_ptr<const Variant> tai =
      reading("tai-shogi", {{"| Deva | Teaching king | Any distance in any direction |",
                             "| Deva | Teaching king | Any distance in any direction, or Lion power of three steps |"}});
  CHECK(has_three_legs(*tai, "Teaching king"));
  CHECK_FALSE(has_three_legs(*e2e::bundled("tai-shogi"), "Teaching king"));
}
