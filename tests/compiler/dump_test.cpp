// The IR dump: enum spellings round-trip and every part of a hand-built RuleSet shows.
#include <catch2/catch.hpp>

#include "ir/dump.h"

using namespace koma::ir;

TEST_CASE("enum spellings round-trip through from_name") {
  CHECK(from_name<Outcome>("replay") == Outcome::replay);
  CHECK(from_name<EndKind>("perpetual_check") == EndKind::perpetual_check);
  CHECK(from_name<DropFace>("any_face") == DropFace::any_face);
  CHECK(from_name<SuffixStyle>("plus_minus") == SuffixStyle::plus_minus);
  CHECK(all_names<AtomKind>() == "leap, slide, hop, jump, area, anywhere, hook, range_capture, pass_slide");
  CHECK_FALSE(from_name<Outcome>("lose").has_value());
  CHECK(all_names<CaptureFate>() == "to_hand, removed");
  CHECK(all_names<DropRestrictionKind>() == "dead_square, two_per_file, drop_mate, banned_ranks");
  CHECK(all_names<EndSubject>() == "both, checker, completer, sente, gote");
  CHECK(all_names<Promotion>() == "none, optional, forced, flip, on_capture");
  CHECK(all_names<CapturePromotion>() == "none, may, must");
}

TEST_CASE("the dump shows promotion by capturing and an anywhere move") {
  PieceType king;
  king.symbol = "K";
  king.promotion = Promotion::optional;
  king.promotes_to = 1;
  king.by_capture = CapturePromotion::may;
  king.by_capture_of = {0};
  king.by_capture_loc = {"t.md", 3, 4};
  PieceType emperor;
  emperor.symbol = "E";
  emperor.moves.push_back({AtomKind::anywhere, {0, 0}, 0, AtomMode::capture_only, {}});
  RuleSet r;
  r.pieces = {king, emperor};
  const std::string text = dump(r);
  CHECK(text.find("\n  by-capture may of 0 (K) @t.md:3:4\n") != std::string::npos);
  CHECK(text.find("\n    move anywhere unprotected capture_only @-\n") != std::string::npos);
}

TEST_CASE("the dump names an anywhere move whose protection bars its captures only") {
  CHECK(all_names<AnywhereGuard>() == "every_square, captures");
  PieceType emperor;
  emperor.symbol = "E";
  emperor.moves.push_back({AtomKind::anywhere, {0, 0}, 0, AtomMode::move_or_capture, {"t.md", 5, 6}});
  emperor.moves.back().guard = AnywhereGuard::captures;
  RuleSet r;
  r.pieces = {emperor};
  CHECK(dump(r).find("\n    move anywhere unprotected move_or_capture guard captures @t.md:5:6\n") != std::string::npos);
}

TEST_CASE("the dump lists pieces, rules, endings, setup and dialects") {
  RuleSet rules;
  rules.meta.title = "Tiny";
  rules.board.files = 3;
  rules.board.ranks = 4;
  PieceType king;
  king.name = "King";
  king.symbol = "K";
  king.royal = true;
  king.moves.push_back({AtomKind::leap, {1, -1}, 0, AtomMode::move_or_capture, {"t.md", 5, 3}});
  PieceType rook;
  rook.name = "Rook";
  rook.native_name = "飛";
  rook.symbol = "R";
  rook.moves.push_back({AtomKind::slide, {0, 1}, 2, AtomMode::move_only, {}});
  rook.promotion = Promotion::flip;
  rook.promotes_to = 0;
  rules.pieces = {king, rook};
  rules.drops.restrictions.push_back({DropRestrictionKind::two_per_file, 1, {}});
  EndRule impasse;
  impasse.kind = EndKind::impasse;
  impasse.outcome = Outcome::win;
  impasse.points = {0, 5};
  impasse.threshold = {24, 24};
  rules.endings.push_back(impasse);
  rules.setup.placements.push_back({2, 4, 0, Side::sente, {}});
  rules.setup.hands[1].push_back({1, 2});
  rules.dialects.push_back({"fsf", {"K", "+R"}, SuffixStyle::plus_minus, {}});
  const std::string text = dump(rules);
  CHECK(text.find("title \"Tiny\"\n") != std::string::npos);
  CHECK(text.find("board files 3 ranks 4 @-\n") != std::string::npos);
  CHECK(text.find("piece 0 \"King\" @-\n") != std::string::npos);
  CHECK(text.find("  royal yes\n") != std::string::npos);
  CHECK(text.find("    move leap right +1 forward -1 move_or_capture @t.md:5:3\n") !=
        std::string::npos);
  CHECK(text.find("  native \"飛\"\n") != std::string::npos);
  CHECK(text.find("  promotion flip to 0 (K)\n") != std::string::npos);
  CHECK(text.find("    move slide right +0 forward +1 range 2 move_only @-\n") !=
        std::string::npos);
  CHECK(text.find("  restriction two_per_file piece 1 (R) max 1 @-\n") != std::string::npos);
  CHECK(text.find("ending impasse win @-\n") != std::string::npos);
  CHECK(text.find("  points K=0 R=5\n") != std::string::npos);
  CHECK(text.find("  place sente 0 (K) file 2 rank 4 @-\n") != std::string::npos);
  CHECK(text.find("  hand gote 1 (R) count 2\n") != std::string::npos);
  CHECK(text.find("dialect \"fsf\" suffix plus_minus @-\n  symbol 0 (K) \"K\"\n  symbol 1 (R) \"+R\"\n") !=
        std::string::npos);
  CHECK(dump(rules) == text);
}
