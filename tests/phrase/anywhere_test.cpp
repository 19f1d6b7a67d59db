// The move to any square the opponent does not protect (ir::AtomKind::anywhere): read as a
// whole phrase or a last clause, written back in the same words.
#include <catch2/catch.hpp>

#include "support.h"

using namespace koma;
using namespace koma::test;

namespace {

MoveAtom anywhere() {
  MoveAtom a;
  a.kind = AtomKind::anywhere;
  return a;
}

/// The atoms of `text`, which must read.
Atoms atoms_of(std::string_view text) {
  const compiler::PhraseResult r = compiler::parse_movement(text, shogi_lookup());
  REQUIRE(r.errors.empty());
  return r.atoms;
}

}  // namespace

TEST_CASE("a move to any unprotected square reads as a phrase and as a last clause") {
  const Atoms alone = atoms_of("Moves to any square not protected by the opponent.");
  REQUIRE(alone.size() == 1);
  CHECK(alone[0].kind == AtomKind::anywhere);
  CHECK(alone[0].mode == AtomMode::move_or_capture);
  const Atoms with = atoms_of("One square forward; or moves to any square not protected by the opponent");
  REQUIRE(with.size() == 2);
  CHECK(with[0].kind == AtomKind::leap);
  CHECK(with[1].kind == AtomKind::anywhere);
  CHECK(atoms_of("Gold general movement; moves to any square not protected by the opponent").size() == 7);
}

TEST_CASE("a move to any unprotected square is written back as it reads") {
  CHECK(compiler::english({anywhere()}) == "moves to any square not protected by the opponent");
  const std::string text = compiler::english({step(0, 1), anywhere()});
  CHECK(text == "One step forward; moves to any square not protected by the opponent");
  const Atoms back = atoms_of(text);
  REQUIRE(back.size() == 2);
  CHECK(back[1].kind == AtomKind::anywhere);
}

TEST_CASE("an error in the clause before the anywhere move points into it") {
  const compiler::PhraseResult r =
      compiler::parse_movement("One square sidewise; moves to any square not protected by the opponent", shogi_lookup());
  REQUIRE_FALSE(r.errors.empty());
  CHECK(r.errors[0].offset >= 11);
  CHECK(r.errors[0].offset < 19);
}

TEST_CASE("a move to any empty square, its captures guarded, reads and is written back") {
  const std::string words = "moves to any empty square, or captures any piece not protected by the opponent";
  const Atoms alone = atoms_of("Moves to any empty square, or captures any piece not protected by the opponent.");
  REQUIRE(alone.size() == 1);
  CHECK(alone[0].kind == AtomKind::anywhere);
  CHECK(alone[0].mode == AtomMode::move_or_capture);
  CHECK(alone[0].guard == AnywhereGuard::captures);
  CHECK(atoms_of("Moves to any square not protected by the opponent")[0].guard == AnywhereGuard::every_square);
  const Atoms with = atoms_of("One square forward; or " + words);
  REQUIRE(with.size() == 2);
  CHECK(with[1].guard == AnywhereGuard::captures);
  MoveAtom open = anywhere();
  open.guard = AnywhereGuard::captures;
  CHECK(compiler::english({open}) == words);
  const Atoms back = atoms_of(compiler::english({step(0, 1), open}));
  REQUIRE(back.size() == 2);
  CHECK(back[1].guard == AnywhereGuard::captures);
}

TEST_CASE("a near miss of an anywhere phrase is an error at its clause") {
  for (const std::string text : {"moves to any empty square or captures any piece not protected by the opponent",
                                 "moves to any square not protected by its opponent",
                                 "moves to any empty square"}) {
    INFO(text);
    const compiler::PhraseResult r = compiler::parse_movement(text, shogi_lookup());
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].code == "phrase-syntax");
    CHECK(r.errors[0].offset == 0);
  }
  const compiler::PhraseResult r = compiler::parse_movement(
      "One step forward; or moves to any empty square, or captures any piece protected by nobody", shogi_lookup());
  REQUIRE(r.errors.size() == 1);
  CHECK(r.errors[0].code == "phrase-syntax");
  CHECK(r.errors[0].offset == 21);
}
