// Compiler behaviour in small cases: locations, inheritance, name matching, notes.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "compiler.h"
#include "support.h"

using namespace koma;

namespace {

struct Compiled {
  std::optional<ir::RuleSet> rules;
  compiler::DiagnosticList diagnostics;
};

Compiled compile(const std::string& text, const std::string& name = "case.md") {
  Compiled out;
  out.rules = compiler::compile_source(text, std::string(KOMA_TEST_DIR) + "/" + name,
                                       out.diagnostics, test::bundled_options());
  return out;
}

const std::string kTiny = test::kTinyFront + test::kTinyBody;

}  // namespace

TEST_CASE("a small variant without a parent compiles to the rules it states") {
  const Compiled c = compile(kTiny);
  REQUIRE(c.diagnostics.items.empty());
  REQUIRE(c.rules);
  CHECK(c.rules->board.files == 3);
  CHECK(c.rules->pieces.size() == 2);
  CHECK(c.rules->pieces[0].royal);
  CHECK(c.rules->pieces[1].moves.size() == 1);
  CHECK(c.rules->pieces[1].moves[0].delta == ir::Offset{0, 1});
  CHECK(c.rules->pieces[1].moves[0].loc.line == 17);
  CHECK(c.rules->pieces[1].moves[0].loc.column == 10);
  CHECK(c.rules->setup.placements.size() == 4);
  CHECK(c.rules->setup.to_move == ir::Side::sente);
  CHECK(c.rules->promotion.zone_depth == 1);
  CHECK(c.rules->promotion.forbid_dead_end);
  CHECK(c.rules->drops.restrictions.empty());
}

TEST_CASE("a phrase error points at the word inside its table cell") {
  std::string text = kTiny;
  text.replace(text.find("One square forward"), 18, "One sqare forward");
  const Compiled c = compile(text);
  REQUIRE(c.diagnostics.items.size() == 1);
  const auto& d = c.diagnostics.items[0];
  CHECK(d.code == compiler::Code::unknown_word);
  CHECK(d.loc.line == 17);
  CHECK(d.loc.column == 14);
  CHECK(d.message.find("'sqare'") != std::string::npos);
}

TEST_CASE("a child overrides one promotion key and keeps the parent's others") {
  const Compiled c = compile(R"(---
title: Child
slug: child
parent: shogi
promotion:
  on_leave: false
---
)");
  for (const auto& d : c.diagnostics.items) UNSCOPED_INFO(compiler::format_gcc(d));
  REQUIRE(c.rules);
  CHECK_FALSE(c.rules->promotion.on_leave);
  CHECK(c.rules->promotion.on_enter);
  CHECK(c.rules->promotion.zone_depth == 3);
  CHECK(c.rules->pieces.size() == 14);
  CHECK(c.rules->meta.title == "Child");
  CHECK(c.rules->meta.parent == "shogi");
  CHECK(c.rules->meta.win_text == "Checkmate the opponent's King");
  CHECK(c.rules->drops.restrictions.size() == 3);
  CHECK(c.rules->endings.size() == 8);
}

TEST_CASE("a child pieces table keeps the parent's letters and native names by piece name") {
  const Compiled c = compile(R"(---
title: Child
slug: child
parent: shogi
endings:
  - {kind: checkmate, outcome: loss}
engine:
  topology: {type: grid, rows: 3, cols: 3}
  setup: "k1p/3/P1K"
---

| Piece | Movement |
|---|---|
| King | One square any direction |
| Pawn | One square forward |

| Piece | Promotes to |
|---|---|
| Pawn | Dragon king movement |
)");
  for (const auto& d : c.diagnostics.items) UNSCOPED_INFO(compiler::format_gcc(d));
  // "Dragon king" is not a piece of the child (nor a standard shape), so its movement cannot
  // be named.
  REQUIRE(c.diagnostics.items.size() == 1);
  CHECK(c.diagnostics.items[0].code == compiler::Code::unknown_piece_in_phrase);
  const Compiled fixed = compile(R"(---
title: Child
slug: child
parent: shogi
endings:
  - {kind: checkmate, outcome: loss}
engine:
  topology: {type: grid, rows: 3, cols: 3}
  setup: "k1p/3/P1K"
---

| Piece | Movement |
|---|---|
| King | One square any direction |
| Pawn | One square forward |

| Piece | Promotes to |
|---|---|
| Pawn | One square any direction |
)");
  for (const auto& d : fixed.diagnostics.items) UNSCOPED_INFO(compiler::format_gcc(d));
  REQUIRE(fixed.rules);
  REQUIRE(fixed.rules->pieces.size() == 3);
  CHECK(fixed.rules->pieces[0].symbol == "K");
  CHECK(fixed.rules->pieces[0].royal);
  CHECK(fixed.rules->pieces[1].native_name == "歩");
  CHECK(fixed.rules->pieces[2].name == "Promoted Pawn");
  CHECK(fixed.rules->pieces[2].symbol == "+P");
  CHECK(fixed.rules->pieces[2].base_face == 1);
  CHECK(fixed.rules->pieces[1].promotion == ir::Promotion::optional);
  CHECK(fixed.rules->pieces[1].promotes_to == 2);
  // The parent's restrictions name Pawn, which the child has.
  REQUIRE(fixed.rules->drops.restrictions.size() == 3);
  CHECK(fixed.rules->drops.restrictions[1].piece == 1);
}

TEST_CASE("the Kyoto seed's setup fails at the setup line with a note at each table row") {
  const std::string path = std::string(KOMA_TEST_DIR) + "/fail/fail_kyoto_seed_setup.md";
  compiler::DiagnosticList list;
  CHECK_FALSE(compiler::compile_file(path, list, test::bundled_options()));
  REQUIRE(list.items.size() == 2);
  for (const auto& d : list.items) {
    CHECK(d.code == compiler::Code::setup_contradicts_table);
    CHECK(d.loc.line == 26);
    REQUIRE(d.notes.size() == 1);
    CHECK(d.notes[0].message.find("the starting-position table says") != std::string::npos);
  }
  CHECK(list.items[0].notes[0].loc.line == 47);
  CHECK(list.items[1].notes[0].loc.line == 48);
  CHECK(list.items[1].loc.column > list.items[0].loc.column);
}

TEST_CASE("a YAML error is reported at the file line yaml-cpp's 0-based mark points to") {
  const Compiled c = compile("---\ntitle: [unclosed\nslug: x\n---\n");
  REQUIRE(c.diagnostics.items.size() == 1);
  CHECK(c.diagnostics.items[0].code == compiler::Code::yaml_syntax);
  CHECK(c.diagnostics.items[0].loc.line >= 2);
  CHECK(c.diagnostics.items[0].loc.line <= 4);
}

TEST_CASE("invalid UTF-8 is reported at the first bad byte") {
  const Compiled c = compile("---\ntitle: ok\n---\nab\xC3\x28");
  REQUIRE(c.diagnostics.items.size() == 1);
  CHECK(c.diagnostics.items[0].code == compiler::Code::invalid_utf8);
  CHECK(c.diagnostics.items[0].loc.line == 4);
  CHECK(c.diagnostics.items[0].loc.column == 3);
  CHECK(compile("---\n\xED\xA0\x80\n---\n").diagnostics.items.at(0).code ==
        compiler::Code::invalid_utf8);  // a surrogate
  CHECK(compile("---\n\xC0\xAF\n---\n").diagnostics.items.at(0).code ==
        compiler::Code::invalid_utf8);  // an overlong
}

TEST_CASE("the did-you-mean for an unknown key names the closest known key") {
  const Compiled c = compile("---\ntitle: x\nslug: x\nparent: shogi\nendigns: []\n---\n");
  REQUIRE(c.diagnostics.items.size() == 1);
  CHECK(c.diagnostics.items[0].code == compiler::Code::unknown_key);
  CHECK(c.diagnostics.items[0].loc.line == 5);
  CHECK(c.diagnostics.items[0].message.find("did you mean 'endings'?") != std::string::npos);
}

TEST_CASE("a misspelt column of a table of pieces is matched against every column such tables have") {
  // Without its 'Movement' column the table reads as a promotion or letters table, whose own
  // columns are far from 'Movment'.
  for (const char* header : {"| Piece | Movment | Promotes to |\n|---|---|---|\n| King | One square any direction | - |\n",
                             "| Piece | Movment | Letter |\n|---|---|---|\n| King | One square any direction | K |\n"}) {
    const Compiled c = compile(test::kTinyFront + "---\n\n" + header);
    REQUIRE(!c.diagnostics.items.empty());
    CHECK(c.diagnostics.items[0].code == compiler::Code::unknown_column);
    CHECK(c.diagnostics.items[0].message.find("did you mean 'Movement'?") != std::string::npos);
  }
}

TEST_CASE("parentheses after a movement phrase in 'Promotes to' are a checked remark, not a name") {
  const auto with_promotion = [](const std::string& cell) {
    return test::kTinyFront + "---\n\n| Piece | Movement | Promotes to | Letter |\n|---|---|---|---|\n"
           "| King | One square any direction | - | K |\n| Pawn | One square forward | " + cell + " | P |\n";
  };
  const Compiled holds = compile(with_promotion("Any distance forward (not backward)"));
  REQUIRE(holds.rules);
  const ir::PieceType& face = holds.rules->pieces.at(holds.rules->pieces[1].promotes_to);
  CHECK(face.name == "Promoted Pawn");
  CHECK(face.moves.size() == 1);
  const Compiled wrong = compile(with_promotion("Any distance forward (not forward)"));
  REQUIRE(wrong.diagnostics.items.size() == 1);
  CHECK(wrong.diagnostics.items[0].code == compiler::Code::phrase_contradiction);
  // Parentheses that are no remark still name the promoted face, after a phrase or a piece.
  for (const char* cell : {"Any distance forward (Tokin)", "King (Tokin)"}) {
    const Compiled named = compile(with_promotion(cell));
    REQUIRE(named.rules);
    CHECK(named.rules->pieces.at(named.rules->pieces[1].promotes_to).name == "Tokin");
  }
}

TEST_CASE("a phrase names a piece whose name has an apostrophe, and not its own piece") {
  const auto with_rows = [](const std::string& rows) {
    return test::kTinyFront + "---\n\n| Piece | Movement | Letter |\n|---|---|---|\n"
           "| King | One square any direction | K |\n" + rows;
  };
  for (const char* apostrophe : {"'", "\u2019"}) {
    const std::string name = std::string("Swallow") + apostrophe + "s wings";
    const Compiled c = compile(with_rows("| Pawn | One square forward | P |\n| " + name +
                                         " | Any distance sideways | S |\n| Tengu | " + name +
                                         " movement | T |\n"));
    INFO(name);
    REQUIRE(c.diagnostics.items.empty());
    CHECK(c.rules->pieces.at(3).moves.size() == c.rules->pieces.at(2).moves.size());
  }
  const Compiled self = compile(with_rows("| Pawn | One square forward (Pawn movement) | P |\n"));
  REQUIRE(self.diagnostics.items.size() == 1);
  CHECK(self.diagnostics.items[0].code == compiler::Code::unknown_piece_in_phrase);
  CHECK(self.diagnostics.items[0].message.find("cannot borrow its own movement") != std::string::npos);
}

TEST_CASE("a phrase names the standard shapes without a piece of that name in the game") {
  std::string front = test::kTinyFront;
  front.replace(front.find("royal: [King]"), 13, "royal: [Emperor]");
  const Compiled c = compile(front + "---\n\n| Piece | Movement | Letter |\n|---|---|---|\n"
                             "| Emperor | moves like a King | K |\n"
                             "| Pawn | Gold general movement | P |\n"
                             "| Dragon | Any distance orthogonally plus one-square king moves | D |\n"
                             "| Horse | Bishop plus King movement | H |\n");
  INFO((c.diagnostics.items.empty() ? std::string() : c.diagnostics.items[0].message));
  REQUIRE(c.diagnostics.items.empty());
  CHECK(c.rules->pieces.at(0).moves.size() == 8);
  CHECK(c.rules->pieces.at(1).moves.size() == 6);
  CHECK(c.rules->pieces.at(2).moves.size() == 8);  // four slides, four diagonal steps
  CHECK(c.rules->pieces.at(3).moves.size() == 8);
  // A piece of the game with a standard shape's name lends its own movement.
  const Compiled own = compile(kTiny + "| Gold general | One square forward | G |\n"
                                       "| Silver | Gold movement | S |\n");
  REQUIRE(own.rules);
  CHECK(own.rules->pieces.at(3).moves.size() == 1);
}

TEST_CASE("two variants naming each other as parent are a parent cycle") {
  const auto dir = std::filesystem::temp_directory_path() / "koma-parent-cycle-test";
  std::filesystem::create_directories(dir);
  const auto write = [&](const std::string& name, const std::string& parent) {
    std::ofstream(dir / (name + ".md"))
        << "---\ntitle: " << name << "\nslug: " << name << "\nparent: " << parent << "\n---\n";
  };
  write("cycle-a", "cycle-b");
  write("cycle-b", "cycle-a");
  compiler::DiagnosticList list;
  const std::string a = (dir / "cycle-a.md").string();
  CHECK_FALSE(compiler::compile_file(a, list, test::bundled_options()));
  REQUIRE(list.items.size() == 1);
  CHECK(list.items[0].code == compiler::Code::parent_cycle);
  CHECK(list.items[0].loc.file == (dir / "cycle-b.md").string());
  CHECK(list.items[0].loc.line == 4);
  CHECK(list.items[0].notes.size() == 2);
  std::filesystem::remove_all(dir);
}

TEST_CASE("the Kyoto seed exactly as given fails at its setup line with notes at the table rows") {
  // The document as its author wrote it: no letters for its own faces and a setup string with
  // King and Silver swapped and a Lance where its table puts the Tokin.
  const std::string path = std::string(KOMA_TEST_DIR) + "/seeds/kyoto-shogi-as-given.md";
  compiler::DiagnosticList list;
  CHECK_FALSE(compiler::compile_file(path, list, test::bundled_options()));
  std::vector<const compiler::Diagnostic*> setup;
  for (const auto& d : list.items) {
    if (d.code == compiler::Code::setup_contradicts_table) setup.push_back(&d);
  }
  REQUIRE(setup.size() == 2);
  for (const auto* d : setup) {
    CHECK(d->loc.line == 15);
    REQUIRE(d->notes.size() == 1);
  }
  CHECK(setup[0]->notes[0].loc.line == 36);
  CHECK(setup[0]->notes[0].message.find("Pawn · Gold General · King · Silver General · Tokin") !=
        std::string::npos);
  CHECK(setup[1]->notes[0].loc.line == 37);
  // Its one other problem: Tokin's shogi letter '+P' cannot hold where Pawn turns into Rook.
  REQUIRE(list.items.size() == 3);
  CHECK(list.items[0].code == compiler::Code::missing_letter);
  CHECK(list.items[0].loc.line == 57);
}

TEST_CASE("the Heian seed as given fails on its win line and its 'no drops', pointing at the inherited rules") {
  // Without rule keys of its own it inherits Shogi's endings and drops, which its own words deny.
  const std::string path = std::string(KOMA_TEST_DIR) + "/seeds/heian-shogi-as-given.md";
  compiler::DiagnosticList list;
  CHECK_FALSE(compiler::compile_file(path, list, test::bundled_options()));
  REQUIRE(list.items.size() == 2);
  CHECK(list.items[0].code == compiler::Code::win_contradicts_endings);
  CHECK(list.items[0].loc.line == 7);
  REQUIRE(list.items[0].notes.size() == 1);
  CHECK(list.items[0].notes[0].message == "the endings are inherited from here");
  CHECK(list.items[0].notes[0].loc.file.find("shogi.md") != std::string::npos);
  CHECK(list.items[1].code == compiler::Code::special_contradicts_rules);
  CHECK(list.items[1].loc.line == 8);
}

TEST_CASE("a letter with a mark (' or !) names a kind in the pieces table and the setup") {
  std::string text = kTiny;
  text.replace(text.find("\"k1p/3/P1K b - 1\""), 17, "\"k1p'/3/P'1K b 2P!p - 1\"");
  text.replace(text.find("b 2P!p - 1"), 10, "b 2P!p 1");
  text += "| Pawn two | One square forward | P' |\n| Pawn three | One square forward | P! |\n";
  const Compiled c = compile(text);
  for (const auto& d : c.diagnostics.items) UNSCOPED_INFO(compiler::format_gcc(d));
  REQUIRE(c.diagnostics.items.empty());
  REQUIRE(c.rules);
  CHECK(c.rules->pieces[2].symbol == "P'");
  CHECK(c.rules->pieces[3].symbol == "P!");
  REQUIRE(c.rules->setup.placements.size() == 4);
  CHECK(c.rules->setup.placements[1].piece == 2);
  CHECK(c.rules->setup.placements[1].side == ir::Side::gote);
  CHECK(c.rules->setup.placements[2].piece == 2);
  CHECK(c.rules->setup.placements[2].side == ir::Side::sente);
  REQUIRE(c.rules->setup.hands[0].size() == 1);
  CHECK(c.rules->setup.hands[0][0].piece == 3);
  CHECK(c.rules->setup.hands[0][0].count == 2);
  CHECK(c.rules->setup.hands[1][0].piece == 1);
}

TEST_CASE("letters take up to three marks, each the letter's before it, in the tables and the setup") {
  std::string text = kTiny;
  // Gote's King, then a P'' and a P'!; sente's P!!! before its Pawn and King; P!' and P' in hand.
  text.replace(text.find("\"k1p/3/P1K b - 1\""), 17, "\"kp''p'!/3/P!!!PK b P!'2P' 1\"");
  text += "| Pawn two | One square forward | P' |\n| Pawn three | One square forward | P'' |\n"
          "| Pawn four | One square forward | P'! |\n| Pawn five | One square forward | P!' |\n"
          "| Pawn six | One square forward | P!!! |\n";
  const Compiled c = compile(text);
  for (const auto& d : c.diagnostics.items) UNSCOPED_INFO(compiler::format_gcc(d));
  REQUIRE(c.diagnostics.items.empty());
  REQUIRE(c.rules);
  CHECK(c.rules->pieces[3].symbol == "P''");
  CHECK(c.rules->pieces[6].symbol == "P!!!");
  REQUIRE(c.rules->setup.placements.size() == 6);
  CHECK(c.rules->setup.placements[1].piece == 3);  // p'' on 2a
  CHECK(c.rules->setup.placements[1].file == 2);
  CHECK(c.rules->setup.placements[2].piece == 4);  // p'! on 1a
  CHECK(c.rules->setup.placements[3].piece == 6);  // P!!! on 3c
  CHECK(c.rules->setup.placements[3].side == ir::Side::sente);
  CHECK(c.rules->setup.placements[4].piece == 1);  // then the plain Pawn
  REQUIRE(c.rules->setup.hands[0].size() == 2);

  // A fourth mark, and a character that is no mark, are refused at the cell that has them.
  for (const std::string& letter : {std::string("P''!'"), std::string("P'?")}) {
    std::string bad = text;
    bad.replace(bad.find("| P!' |"), 7, "| " + letter + " |");
    const Compiled refused = compile(bad);
    REQUIRE_FALSE(refused.diagnostics.items.empty());
    const compiler::Diagnostic& d = refused.diagnostics.items[0];
    CHECK(d.code == compiler::Code::invalid_letter);
    CHECK(d.message.find(letter) != std::string::npos);
    const std::size_t line_start = bad.rfind('\n', bad.find("| " + letter + " |")) + 1;
    CHECK(d.loc.line == static_cast<std::uint32_t>(std::count(bad.begin(), bad.begin() + line_start, '\n') + 1));
    CHECK(d.loc.column == bad.find("| " + letter + " |") - line_start + 3);
  }
}
