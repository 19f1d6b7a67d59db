// The bundled variant files compile without a diagnostic, and the compiled rules give the same
// perft counts as the hand-built IR of tests/support on every position of tests/data/perft.txt
// for that variant (shallow depths), and the published counts where the row is that shallow.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "compiler.h"
#include "game.h"
#include "support/variants.h"

using namespace koma;

namespace {

struct Row {
  std::string variant, sfen;
  int depth = 0;
  std::uint64_t nodes = 0;
};

/// The rows of tests/data/perft.txt: variant | depth | nodes | fast/slow | sfen | source.
std::vector<Row> perft_rows() {
  std::vector<Row> rows;
  std::ifstream in(KOMA_PERFT_DATA);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cells;
    std::stringstream ss(line);
    for (std::string cell; std::getline(ss, cell, '|');) {
      const auto first = cell.find_first_not_of(' ');
      const auto last = cell.find_last_not_of(' ');
      cells.push_back(first == std::string::npos ? "" : cell.substr(first, last - first + 1));
    }
    if (cells.size() != 6) continue;
    rows.push_back({cells[0], cells[4], std::stoi(cells[1]), std::stoull(cells[2])});
  }
  return rows;
}

std::shared_ptr<const Variant> compiled(const std::string& slug) {
  compiler::DiagnosticList diagnostics;
  compiler::Options options;
  options.variants_dir = KOMA_VARIANTS_DIR;
  auto rules = compiler::compile_file(std::string(KOMA_VARIANTS_DIR) + "/" + slug + ".md",
                                      diagnostics, options);
  for (const auto& d : diagnostics.items) UNSCOPED_INFO(compiler::format_gcc(d));
  REQUIRE(diagnostics.items.empty());
  REQUIRE(rules.has_value());
  auto loaded = Variant::load(std::move(*rules));
  INFO((loaded ? std::string() : loaded.error().message));
  REQUIRE(loaded.ok());
  return loaded.value();
}

std::shared_ptr<const Variant> hand_built(ir::RuleSet rules) {
  auto loaded = Variant::load(std::move(rules));
  REQUIRE(loaded.ok());
  return loaded.value();
}

/// Compares perft of the compiled and the hand-built variant on each row's position, at the
/// row's depth when its count is small and at the deepest depth under `budget` leaves otherwise.
void check_same_perft(const std::string& slug, const std::string& data_name, ir::RuleSet reference,
                      std::uint64_t budget) {
  const auto mine = compiled(slug);
  const auto theirs = hand_built(std::move(reference));
  Position start_mine(mine);
  Position start_theirs(theirs);
  CHECK(start_mine.sfen() == start_theirs.sfen());
  int checked = 0;
  for (const Row& row : perft_rows()) {
    if (row.variant != data_name) continue;
    INFO(slug << " at " << row.sfen);
    Position a(mine);
    Position b(theirs);
    REQUIRE(a.set_sfen(row.sfen).ok());
    REQUIRE(b.set_sfen(row.sfen).ok());
    for (int depth = 1; depth <= row.depth; ++depth) {
      const std::uint64_t expected = perft(b, depth);
      if (expected > budget) break;
      INFO("depth " << depth);
      CHECK(perft(a, depth) == expected);
      if (depth == row.depth) CHECK(expected == row.nodes);
      ++checked;
    }
  }
  CHECK(checked > 0);
}

}  // namespace

TEST_CASE("compiled shogi plays like the hand-built shogi IR") {
  check_same_perft("shogi", "shogi", test::standard_shogi(), 200000);
}

TEST_CASE("compiled kyoto shogi plays like the hand-built kyoto IR") {
  check_same_perft("kyoto-shogi", "kyoto", test::kyoto_shogi(), 200000);
}

TEST_CASE("compiled heian shogi plays like the hand-built heian IR") {
  check_same_perft("heian-shogi", "heian", test::heian_shogi(), 200000);
}

TEST_CASE("compiled kyoto shogi reads the Fairy-Stockfish letters of its fsf dialect") {
  const auto variant = compiled("kyoto-shogi");
  const int fsf = variant->dialect("fsf");
  REQUIRE(fsf >= 0);
  Position pos(variant);
  REQUIRE(pos.set_sfen("p+nks+l/5/5/5/+LSK+NP b - 1", fsf).ok());
  CHECK(pos.sfen() == "pgkst/5/5/5/TSKGP b - 1");
  CHECK(pos.sfen(fsf) == "p+nks+l/5/5/5/+LSK+NP b - 1");
}

TEST_CASE("compiled micro shogi plays like the hand-built micro IR") {
  check_same_perft("micro-shogi", "micro", test::micro_shogi(), 200000);
}

TEST_CASE("compiled whale shogi plays like the hand-built whale IR") {
  check_same_perft("whale-shogi", "whale", test::whale_shogi(), 200000);
}

TEST_CASE("the compiled capture-and-emperor test file plays like its hand-built IR") {
  check_same_perft("../tests/data/capture-emperor-test", "capture-emperor", test::capture_emperor_test(), 200000);
}

TEST_CASE("the compiled Tenjiku burning test file plays like its hand-built IR") {
  check_same_perft("../tests/data/tenjiku-burning", "tenjiku-burning", test::tenjiku_burning(), 200000);
}

TEST_CASE("compiled wa shogi plays like the hand-built wa IR") {
  check_same_perft("wa-shogi", "wa", test::wa_shogi(), 200000);
}

TEST_CASE("the bundled variants reproduce Fairy-Stockfish's start-position perft") {
  // Counts from ffish 0.7.10 (tools/oracle/perft.txt checks them against the oracle itself,
  // deeper); here they guard the compiled files without the oracle installed.
  struct Expected {
    const char* slug;
    int depth;
    std::uint64_t nodes;
  };
  for (const Expected& e : {Expected{"minishogi", 4, 35401}, Expected{"judkins-shogi", 4, 118345},
                            Expected{"goro-goro-shogi", 4, 67517}, Expected{"goro-goro-plus-shogi", 3, 44436},
                            Expected{"euroshogi", 3, 15424},
                            Expected{"okisaki-shogi", 3, 48211}, Expected{"yari-shogi", 4, 158404},
                            Expected{"micro-shogi", 5, 71328}, Expected{"tori-shogi", 4, 103857}}) {
    INFO(e.slug);
    Position start(compiled(e.slug));
    CHECK(perft(start, e.depth) == e.nodes);
  }
}

TEST_CASE("minishogi and judkins shogi refuse the pawn-drop mates that Fairy-Stockfish's perft counts") {
  // The first such leaves below the start (tools/oracle/perft.txt), and the positions after
  // each drop: check with no move out of it, so the drop mates, which shogi's rules, followed
  // by both files, forbid.
  struct Case {
    const char* slug;
    const char* sfen;
    const char* drop;
    const char* after;
  };
  for (const Case& c : {Case{"minishogi", "rbs1g/3rk/1B3/P2S1/KG3 b P 7", "P*1c", "rbs1g/3rk/1B2P/P2S1/KG3 w - 8"},
                        Case{"judkins-shogi", "1bnsgk/5p/6/6/2+r3/K1SNBR w gp 6", "P*6e", "1bnsgk/5p/6/6/p1+r3/K1SNBR b g 7"}}) {
    INFO(c.slug);
    Position pos(compiled(c.slug));
    REQUIRE(pos.set_sfen(c.sfen).ok());
    const auto drop = pos.parse_move(c.drop);
    REQUIRE_FALSE(drop.ok());
    CHECK(drop.error().code == "move-illegal");
    Position mated(compiled(c.slug));
    REQUIRE(mated.set_sfen(c.after).ok());
    CHECK(mated.in_check());
    CHECK(mated.legal_moves().empty());
  }
}

TEST_CASE("the compiled hook movers test file plays like its hand-built IR") {
  check_same_perft("../tests/data/hook-movers", "hook-movers", test::hook_movers(), 200000);
}

TEST_CASE("the compiled range capturers test file plays like its hand-built IR") {
  check_same_perft("../tests/data/range-capturers", "range-capturers", test::range_capturers(), 200000);
}
