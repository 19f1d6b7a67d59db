// More piece types than attack masks have bits: types share attack kinds, and every type,
// those past the 64th included, moves, checks and drops as itself.
#include <catch2/catch.hpp>

#include "brute.h"
#include "helpers.h"
#include "perft.h"
#include "support/variants.h"

using namespace koma;
using namespace koma::test;

namespace {

/// Many of the 70 types on the board, types 60 to 69 among them, and type 69 and 64 in hand.
const std::string kMixed = "4k4/p!q!r!1m!n!o!2/a'b'c'd'e'f'g'h'i'/9/9/9/I!J!K!L!M!N!O!P!Q!/9/4K4 b ZR!2m! 1";

}  // namespace

TEST_CASE("a variant of 70 piece types loads with fewer attack kinds", "[many-types]") {
  const auto v = variant_named("many-types");
  CHECK(v->tables().piece_count == 70);
  // Nine sets of leaps, less those a slide of the type covers; seven of slide and hop
  // directions (the rooks of range 2 share the rooks' kind, their range their own).
  CHECK(v->tables().leap_kinds >= 9);
  CHECK(v->tables().leap_kinds < 64);
  CHECK(v->tables().line_kinds == 7);
  CHECK(v->tables().present_base == 0);  // kinds by sets: present_ counts each line kind
  CHECK(v->tier() == Tier::mailbox);
  Position pos(v);
  CHECK(pos.set_sfen(kMixed).ok());
  CHECK(pos.sfen() == kMixed);
  CHECK(pos.is_ok());
}

TEST_CASE("70 piece types play the moves the brute-force generator finds", "[many-types]") {
  Position pos = position("many-types", kMixed);
  bool agreed = true;
  std::string where;
  const std::uint64_t brute = brute_perft(pos, 2, agreed, where);
  INFO(where);
  CHECK(agreed);
  CHECK(brute == perft(pos, 2));
  // Drops of the 69th type and of the 64th, from gote's hand, are among the moves.
  CHECK(is_legal(pos, "R!*5e"));
  play(pos, "R!*5e");
  CHECK(is_legal(pos, "M!*5d"));
}

TEST_CASE("types past the 64th give check by their own leaps, slides and hops", "[many-types]") {
  // Type 64 (M!): a pawn with side slides of range 2; type 66 (O!): a silver with range 4.
  CHECK(position("many-types", "4k4/9/9/4m!4/4K4/9/9/9/9 b - 1").in_check());
  CHECK(position("many-types", "4k4/9/9/9/2m!1K4/9/9/9/9 b - 1").in_check());
  CHECK_FALSE(position("many-types", "4k4/9/9/9/m!3K4/9/9/9/9 b - 1").in_check());
  CHECK(position("many-types", "4k4/9/9/9/o!3K4/9/9/9/9 b - 1").in_check());
  // Type 60 (I!) hops forward over any one screen.
  CHECK(position("many-types", "4k4/9/4i!4/4A4/9/9/4K4/9/9 b - 1").in_check());
  CHECK_FALSE(position("many-types", "4k4/9/4i!4/9/9/9/4K4/9/9 b - 1").in_check());
  // The check rule binds moves: the King may not step along the range-4 slide of type 66.
  const Position pos = position("many-types", "4k4/9/9/9/o!8/4K4/9/9/9 b - 1");
  CHECK_FALSE(is_legal(pos, "5f5e"));
  CHECK(is_legal(pos, "5f5g"));
}

TEST_CASE("more than 64 attack kinds are refused with their counts", "[many-types]") {
  const auto loaded = Variant::load(too_many_kinds_test());
  REQUIRE_FALSE(loaded.ok());
  CHECK(loaded.error().code == "ir-too-many-attack-kinds");
  CHECK(loaded.error().message.find("70 distinct sets of leaps and 1 of slide") != std::string::npos);
  // Classes of atoms do not fit either: each of the 69 leaps has a set of types of its own.
  CHECK(loaded.error().message.find("69 classes of leaps") != std::string::npos);
}

TEST_CASE("more types than the bitboard sets hold play on the mailbox tier, with no special rule", "[many-types]") {
  // The 70 types with their hops taken away: no rule of their own keeps them off the bitboard
  // tier, whose sets hold a set per type of 64 types.
  ir::RuleSet r = many_types_test();
  for (ir::PieceType& p : r.pieces) {
    std::erase_if(p.moves, [](const ir::MoveAtom& a) { return a.kind == ir::AtomKind::hop; });
  }
  const auto loaded = Variant::load(std::move(r));
  REQUIRE(loaded.ok());
  const std::shared_ptr<const Variant> v = *loaded;
  CHECK(v->tables().piece_count == 70);
  CHECK(v->tier() == Tier::mailbox);
  Position pos(v);
  REQUIRE(pos.set_sfen(kMixed).ok());
  bool agreed = true;
  std::string where;
  const std::uint64_t brute = brute_perft(pos, 2, agreed, where);
  CHECK(agreed);
  CHECK(brute == perft(pos, 2));
  CHECK(pos.is_ok());
}

namespace {

/// many_types_test with 100 more types, letters of two marks (A'' to Z!!, K apart), each moving
/// as the type 69 places before it: 170 types, more than one-byte cells hold.
ir::RuleSet wide_cells_test() {
  ir::RuleSet r = many_types_test();
  r.meta.slug = "wide-cells-test";
  for (const char* marks : {"''", "'!", "!'", "!!"}) {
    for (char c = 'A'; c <= 'Z'; ++c) {
      if (c == 'K') continue;
      const std::string symbol = std::string(1, c) + marks;
      ir::PieceType p = r.pieces[r.pieces.size() - 69];
      p.name = "Type " + symbol;
      p.symbol = symbol;
      r.pieces.push_back(std::move(p));
    }
  }
  return r;
}

/// Types past the 127th on the board and in both hands, beside some of the first 70.
const std::string kWide = "4k4/2a''1z!!q!3/9/1c'!6y!!/9/9/3A!'N'4/9/4K4 b 2M''Z!!p!a'' 1";

}  // namespace

TEST_CASE("more types than one-byte cells hold play on two-byte cells", "[many-types]") {
  const auto loaded = Variant::load(wide_cells_test());
  REQUIRE(loaded.ok());
  const std::shared_ptr<const Variant> v = *loaded;
  CHECK(v->tables().piece_count == 170);
  CHECK(v->tables().wide_cells);
  CHECK_FALSE(variant_named("many-types")->tables().wide_cells);
  Position pos(v);
  REQUIRE(pos.set_sfen(kWide).ok());
  CHECK(pos.sfen() == kWide);
  CHECK(pos.is_ok());
  // Off the board is the wall, whatever the width; the 170th type is a piece of its own.
  CHECK(pos.at(0) == kWall);
  int gote_last = 0;
  for (int sq : v->tables().squares) {
    const Cell c = pos.at(sq);
    gote_last += is_piece(c) && cell_piece(c) == 169 && cell_side(c) == 1;
  }
  CHECK(gote_last == 1);  // z!!
  bool agreed = true;
  std::string where;
  const std::uint64_t brute = brute_perft(pos, 2, agreed, where);
  INFO(where);
  CHECK(agreed);
  CHECK(brute == perft(pos, 2));
  CHECK(perft_full(pos, 2) == perft(pos, 2));
  // A drop of the 170th type, a capture of it, and both taken back.
  play(pos, "Z!!*5e");
  CHECK(pos.is_ok());
  pos.unmake();
  CHECK(pos.sfen() == kWide);
  CHECK(pos.is_ok());
}
