// Repetition and perpetual check: whom the outcome applies to, and judging in linear time.
#include <catch2/catch.hpp>


#include "helpers.h"
#include "support/variants.h"

using namespace koma;
using namespace koma::test;

namespace {

/// Shogi whose repetition ending is replaced by one with this outcome and subject.
std::shared_ptr<const Variant> shogi_with_repetition(ir::Outcome outcome, ir::EndSubject subject) {
  ir::RuleSet rules = standard_shogi();
  for (ir::EndRule& e : rules.endings) {
    if (e.kind == ir::EndKind::repetition) {
      e.outcome = outcome;
      e.subject = subject;
    }
  }
  auto loaded = Variant::load(std::move(rules));
  REQUIRE(loaded.ok());
  return loaded.value();
}

/// Plays the rook shuffle from the start three times: the start position occurs the fourth
/// time after gote's last move.
GameStatus after_fourfold(const std::shared_ptr<const Variant>& variant) {
  Position pos(variant);
  for (int i = 0; i < 3; ++i) {
    for (const char* m : {"2h3h", "8b7b", "3h2h", "7b8b"}) {
      CHECK_FALSE(pos.status().ended);
      play(pos, m);
    }
  }
  CHECK(pos.occurrences() == 4);
  return pos.status();
}

}  // namespace

TEST_CASE("a repetition that loses for the side completing it gives the win to the other", "[rules][repetition]") {
  const GameStatus s = after_fourfold(shogi_with_repetition(ir::Outcome::loss, ir::EndSubject::completer));
  CHECK(s.ended);
  CHECK(s.rule == ir::EndKind::repetition);
  CHECK(s.outcome == ir::Outcome::loss);
  CHECK(s.winner == ir::Side::sente);  // gote's move completed it
}

TEST_CASE("a repetition may lose for a fixed side whoever completes it", "[rules][repetition]") {
  CHECK(after_fourfold(shogi_with_repetition(ir::Outcome::loss, ir::EndSubject::sente)).winner == ir::Side::gote);
  CHECK(after_fourfold(shogi_with_repetition(ir::Outcome::loss, ir::EndSubject::gote)).winner == ir::Side::sente);
  CHECK(after_fourfold(shogi_with_repetition(ir::Outcome::win, ir::EndSubject::gote)).winner == ir::Side::gote);
}

TEST_CASE("a repetition that applies to both sides has no winner", "[rules][repetition]") {
  const GameStatus s = after_fourfold(shogi_with_repetition(ir::Outcome::draw, ir::EndSubject::both));
  CHECK(s.ended);
  CHECK(s.outcome == ir::Outcome::draw);
  CHECK_FALSE(s.winner.has_value());
}

TEST_CASE("taking moves back takes their occurrences back", "[rules][repetition]") {
  Position pos(variant_named("shogi"));
  for (int i = 0; i < 3; ++i) {
    for (const char* m : {"2h3h", "8b7b", "3h2h", "7b8b"}) play(pos, m);
  }
  CHECK(pos.occurrences() == 4);
  CHECK(pos.status().ended);
  pos.unmake();
  CHECK(pos.occurrences() == 3);  // the position before gote's last move, seen three times
  play(pos, "7b8b");
  CHECK(pos.occurrences() == 4);
  for (int i = 0; i < 12; ++i) pos.unmake();
  CHECK(pos.occurrences() == 1);
  CHECK_FALSE(pos.status().ended);
}

TEST_CASE("every position of a 10,000-ply game is judged from the records make() keeps", "[rules][repetition]") {
  // Shogi without its repetition endings and move limit, so that every position is judged in
  // full and none ends the game.
  ir::RuleSet rules = standard_shogi();
  std::erase_if(rules.endings, [](const ir::EndRule& e) {
    return e.kind == ir::EndKind::repetition || e.kind == ir::EndKind::perpetual_check ||
           e.kind == ir::EndKind::move_limit;
  });
  auto variant = Variant::load(std::move(rules));
  REQUIRE(variant.ok());
  Position pos(variant.value());
  int ended = 0;
  for (int ply = 0; ply < 10000; ++ply) {
    static const char* const kCycle[] = {"2h3h", "8b7b", "3h2h", "7b8b"};
    play(pos, kCycle[ply % 4]);
    ended += pos.status().ended;
  }
  CHECK(ended == 0);
  CHECK(pos.occurrences() == 2501);
}
