// perft's last two plies counted by difference (BitboardTables::two_plies), and the moves of
// such variants counted and listed piece by piece (BitboardGenerator::run_leaps): which variants the
// tables allow it for, and the same counts as the mailbox tier, which plays every move, over
// seeded random games of Dobutsu shogi and of variations on its rules.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <utility>
#include <vector>

#include "game.h"
#include "perft.h"
#include "perft_data.h"
#include "support/tier_check.h"
#include "support/variants.h"

using namespace koma;
using namespace koma::test;

namespace {

bool counts_two_plies(const Variant& v) { return v.tables().bitboard && v.tables().bitboard->two_plies; }

ir::EndRule ending(ir::EndKind kind, ir::Outcome outcome, std::uint16_t count = 0) {
  ir::EndRule e;
  e.kind = kind;
  e.outcome = outcome;
  e.count = count;
  return e;
}

/// The moves of standard shogi's piece `symbol`.
std::vector<ir::MoveAtom> shogi_moves(const std::string& symbol) {
  for (const ir::PieceType& p : standard_shogi().pieces) {
    if (p.symbol == symbol) return p.moves;
  }
  FAIL("no shogi piece " << symbol);
  return {};
}

std::shared_ptr<const Variant> loaded(ir::RuleSet rules) {
  auto v = Variant::load(std::move(rules));
  REQUIRE(v);
  return v.value();
}

/// Plays seeded random games from `start`, comparing with the mailbox tier's at every position
/// the count of the moves (BitboardGenerator::run_leaps), perft at depth 2 and at depth 3
/// (every fourth position), by difference and one ply at a time; returns the positions compared.
int compare_with_mailbox(const Position& start, int games, int plies, std::uint32_t seed) {
  std::mt19937 rng(seed);
  int compared = 0;
  for (int g = 0; g < games; ++g) {
    Position pos = start.clone();
    for (int ply = 0; ply < plies; ++ply) {
      INFO("game " << g << " ply " << ply << " at " << pos.sfen());
      REQUIRE(pos.tier() == Tier::bitboard);
      Position mailbox = pos.clone();
      REQUIRE(mailbox.set_tier(Tier::mailbox));
      CHECK(pos.count_legal() == generated(mailbox).size());
      const std::uint64_t two = perft(mailbox, 2);
      CHECK(perft(pos, 2) == two);
      CHECK(perft_one_ply(pos, 2) == two);
      if (ply % 4 == 0) {
        const std::uint64_t three = perft(mailbox, 3);
        CHECK(perft(pos, 3) == three);
        CHECK(perft_one_ply(pos, 3) == three);
      }
      ++compared;
      if (pos.status().ended) break;
      const std::vector<Move> moves = generated(pos);
      if (moves.empty()) break;
      pos.make(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
  }
  return compared;
}

}  // namespace

TEST_CASE("the tables count two plies by difference where replies change only with occupancy", "[bitboard][two-plies]") {
  CHECK(counts_two_plies(*variant_named("dobutsu")));
  // Such tables count and list moves piece by piece (BitboardGenerator::run_leaps).
  CHECK(variant_named("dobutsu")->tables().bitboard->kernels == BitboardTables::kLeaps);
  CHECK(variant_named("shogi")->tables().bitboard->kernels != BitboardTables::kLeaps);
  for (const char* name : {"shogi", "kyoto", "heian", "micro", "sho", "check", "cannon"}) {
    INFO(name);
    CHECK_FALSE(counts_two_plies(*variant_named(name)));
  }
  // Each of these makes a move change the replies otherwise: a royal that must stay safe, a
  // per-file drop limit, a slide, a face change that makes a piece royal, an ending on checks.
  ir::RuleSet guarded = dobutsu_shogi();
  guarded.royals.in_check = ir::RoyalInCheck::illegal;
  CHECK_FALSE(counts_two_plies(*loaded(guarded)));
  ir::RuleSet limited = dobutsu_shogi();
  limited.drops.restrictions = {{ir::DropRestrictionKind::two_per_file, 3, {}}};
  CHECK_FALSE(counts_two_plies(*loaded(limited)));
  ir::RuleSet sliding = dobutsu_shogi();
  sliding.pieces[1].moves = shogi_moves("R");
  CHECK_FALSE(counts_two_plies(*loaded(sliding)));
  ir::RuleSet crowned = dobutsu_shogi();
  crowned.pieces[4].royal = true;
  CHECK_FALSE(counts_two_plies(*loaded(crowned)));
  ir::RuleSet checking = dobutsu_shogi();
  checking.endings.push_back(ending(ir::EndKind::check_given, ir::Outcome::win, 3));
  CHECK_FALSE(counts_two_plies(*loaded(checking)));
}

TEST_CASE("two plies by difference count as the mailbox tier plays them", "[bitboard][two-plies]") {
  std::vector<std::pair<std::string, ir::RuleSet>> variations;
  variations.emplace_back("dobutsu", dobutsu_shogi());
  // A Chick may promote or not: two moves, and two replies' counts, per square of the far rank.
  ir::RuleSet optional = dobutsu_shogi();
  optional.pieces[3].promotion = ir::Promotion::optional;
  variations.emplace_back("optional promotion", std::move(optional));
  // The try wins on arrival, capturable or not.
  ir::RuleSet arrival = dobutsu_shogi();
  arrival.endings[1].unless_capturable = false;
  variations.emplace_back("try on arrival", std::move(arrival));
  // No try: the Lion plays its far rank as any square.
  ir::RuleSet no_try = dobutsu_shogi();
  no_try.endings.erase(no_try.endings.begin() + 1);
  variations.emplace_back("no try", std::move(no_try));
  // Dead squares: a Chick neither moves to nor is dropped on the far rank unpromoted.
  ir::RuleSet dead = dobutsu_shogi();
  dead.promotion.forbid_dead_end = true;
  dead.pieces[3].promotion = ir::Promotion::optional;
  dead.drops.restrictions = {{ir::DropRestrictionKind::dead_square, ir::kNoPiece, {}}};
  variations.emplace_back("dead squares", std::move(dead));
  // Either face dropped, and no ending judged on a move: the Lion is taken like any piece.
  ir::RuleSet plain = dobutsu_shogi();
  plain.drops.face = ir::DropFace::any_face;
  plain.endings = {ending(ir::EndKind::no_moves, ir::Outcome::loss)};
  variations.emplace_back("no move endings", std::move(plain));
  // Two Lions a side (the Elephants'): taking one is no win, and perft plays such positions'
  // moves until a side is down to one.
  ir::RuleSet two_lions = dobutsu_shogi();
  for (ir::Placement& p : two_lions.setup.placements) {
    if (p.piece == 2) p.piece = 0;
  }
  variations.emplace_back("two lions", std::move(two_lions));
  std::uint32_t seed = 20261207;
  for (auto& [name, rules] : variations) {
    INFO(name);
    const auto variant = loaded(std::move(rules));
    REQUIRE(counts_two_plies(*variant));
    const Position start(variant);
    CHECK(compare_with_mailbox(start, 40, 80, seed++) > 400);
  }
}

TEST_CASE("two plies by difference agree on the Dobutsu shogi perft rows", "[bitboard][two-plies][perft]") {
  int rows = 0;
  for (const PerftRow& row : read_perft_rows(KOMA_PERFT_DATA)) {
    if (row.slow || row.variant != "dobutsu" || row.depth < 2) continue;
    INFO(row.describe());
    Position pos(variant_named(row.variant));
    REQUIRE(pos.set_sfen(row.sfen).ok());
    CHECK(perft(pos, row.depth) == row.nodes);
    CHECK(perft_one_ply(pos, row.depth) == row.nodes);
    CHECK(perft_bounded(pos, row.depth, row.nodes * 2) == row.nodes);
    ++rows;
  }
  CHECK(rows >= 4);
}
