// The hand-built rule sets declared in variants.h.
#include "variants.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

namespace koma::test {

namespace {

using ir::AtomKind;
using ir::AtomMode;
using ir::MoveAtom;
using ir::PieceId;
using ir::Promotion;

MoveAtom step(int right, int forward, AtomMode mode = AtomMode::move_or_capture) {
  MoveAtom a;
  a.kind = AtomKind::leap;
  a.delta = {static_cast<std::int8_t>(right), static_cast<std::int8_t>(forward)};
  a.mode = mode;
  return a;
}

MoveAtom slide(int right, int forward, int range = 0) {
  MoveAtom a = step(right, forward);
  a.kind = AtomKind::slide;
  a.max_range = static_cast<std::uint8_t>(range);
  return a;
}

/// A hop along (right, forward) over one screen; `range` limits the whole path.
MoveAtom hop(int right, int forward, AtomMode mode, int range = 0) {
  MoveAtom a = step(right, forward, mode);
  a.kind = AtomKind::hop;
  a.max_range = static_cast<std::uint8_t>(range);
  return a;
}

/// A range jump along (right, forward) over pieces of lower rank than the mover's.
MoveAtom jump(int right, int forward, AtomMode mode = AtomMode::capture_only) {
  MoveAtom a = step(right, forward, mode);
  a.kind = AtomKind::jump;
  return a;
}

/// An area move of up to `steps` king steps.
MoveAtom area(int steps) {
  MoveAtom a = step(0, 0);
  a.kind = AtomKind::area;
  a.max_range = static_cast<std::uint8_t>(steps);
  return a;
}

/// A range capture along (right, forward): a range jump that removes every piece it passes.
MoveAtom range_capture(int right, int forward, AtomMode mode = AtomMode::move_or_capture) {
  MoveAtom a = step(right, forward, mode);
  a.kind = AtomKind::range_capture;
  return a;
}

/// A slide along (right, forward) that may pass up to `passes` pieces.
MoveAtom pass_slide(int right, int forward, int passes) {
  MoveAtom a = step(right, forward);
  a.kind = AtomKind::pass_slide;
  a.passes = static_cast<std::uint8_t>(passes);
  return a;
}

/// A hook move along the single step (right, forward): a slide that may turn 90 degrees once.
MoveAtom hook(int right, int forward) {
  MoveAtom a = step(right, forward);
  a.kind = AtomKind::hook;
  return a;
}

using Atoms = std::vector<MoveAtom>;

Atoms operator+(Atoms a, const Atoms& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

Atoms king() {
  Atoms out;
  for (int r = -1; r <= 1; ++r) {
    for (int f = -1; f <= 1; ++f) {
      if (r != 0 || f != 0) out.push_back(step(r, f));
    }
  }
  return out;
}
Atoms gold() { return {step(0, 1), step(-1, 1), step(1, 1), step(-1, 0), step(1, 0), step(0, -1)}; }
Atoms silver() { return {step(0, 1), step(-1, 1), step(1, 1), step(-1, -1), step(1, -1)}; }
Atoms knight() { return {step(-1, 2), step(1, 2)}; }
Atoms lance() { return {slide(0, 1)}; }
Atoms pawn() { return {step(0, 1)}; }
Atoms rook() { return {slide(0, 1), slide(0, -1), slide(1, 0), slide(-1, 0)}; }
Atoms bishop() { return {slide(1, 1), slide(1, -1), slide(-1, 1), slide(-1, -1)}; }
Atoms diagonal_steps() { return {step(1, 1), step(1, -1), step(-1, 1), step(-1, -1)}; }
Atoms orthogonal_steps() { return {step(0, 1), step(0, -1), step(1, 0), step(-1, 0)}; }

ir::PieceType piece(std::string name, std::string symbol, Atoms moves, bool royal = false) {
  ir::PieceType p;
  p.name = std::move(name);
  p.symbol = std::move(symbol);
  p.moves = std::move(moves);
  p.royal = royal;
  return p;
}

void promotes(ir::RuleSet& r, PieceId from, PieceId to, Promotion mode) {
  r.pieces[from].promotion = mode;
  r.pieces[from].promotes_to = to;
}

ir::EndRule ending(ir::EndKind kind, ir::Outcome outcome, std::uint16_t count = 0) {
  ir::EndRule e;
  e.kind = kind;
  e.outcome = outcome;
  e.count = count;
  if (kind == ir::EndKind::perpetual_check) e.subject = ir::EndSubject::checker;
  return e;
}

/// Fills r.setup from the board field of an SFEN in r's own symbols (test data only).
void set_board(ir::RuleSet& r, const std::string& board) {
  int rank = 1, file = r.board.files;
  for (std::size_t i = 0; i < board.size(); ++i) {
    const char ch = board[i];
    if (ch == '/') {
      ++rank;
      file = r.board.files;
    } else if (std::isdigit(static_cast<unsigned char>(ch))) {
      int n = ch - '0';
      while (i + 1 < board.size() && std::isdigit(static_cast<unsigned char>(board[i + 1]))) {
        n = n * 10 + (board[++i] - '0');
      }
      file -= n;
    } else {
      std::string tok;
      if (ch == '+') tok += board[i++];
      const char letter = board[i];
      tok += static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
      PieceId id = ir::kNoPiece;
      for (std::size_t k = 0; k < r.pieces.size(); ++k) {
        if (r.pieces[k].symbol == tok) id = static_cast<PieceId>(k);
      }
      if (id == ir::kNoPiece) throw std::logic_error("unknown piece in test setup: " + tok);
      const ir::Side side = std::islower(static_cast<unsigned char>(letter)) ? ir::Side::gote : ir::Side::sente;
      r.setup.placements.push_back({static_cast<std::uint8_t>(file), static_cast<std::uint8_t>(rank), id, side, {}});
      --file;
    }
  }
}

}  // namespace

ir::RuleSet standard_shogi() {
  ir::RuleSet r;
  r.meta.title = "Shogi";
  r.meta.slug = "shogi";
  r.board = {9, 9, {}};
  enum : PieceId { K, R, B, G, S, N, L, P, D, H, PS, PN, PL, PP };
  r.pieces = {piece("King", "K", king(), true),
              piece("Rook", "R", rook()),
              piece("Bishop", "B", bishop()),
              piece("Gold General", "G", gold()),
              piece("Silver General", "S", silver()),
              piece("Knight", "N", knight()),
              piece("Lance", "L", lance()),
              piece("Pawn", "P", pawn()),
              piece("Dragon", "+R", rook() + diagonal_steps()),
              piece("Horse", "+B", bishop() + orthogonal_steps()),
              piece("Promoted Silver", "+S", gold()),
              piece("Promoted Knight", "+N", gold()),
              piece("Promoted Lance", "+L", gold()),
              piece("Tokin", "+P", gold())};
  const PieceId pairs[][2] = {{R, D}, {B, H}, {S, PS}, {N, PN}, {L, PL}, {P, PP}};
  for (const auto& pr : pairs) {
    promotes(r, pr[0], pr[1], Promotion::optional);
    r.pieces[pr[1]].base_face = pr[0];
  }
  r.promotion.zone_depth = 3;
  r.promotion.forbid_dead_end = true;
  r.drops.face = ir::DropFace::base_only;
  r.drops.restrictions = {{ir::DropRestrictionKind::dead_square, ir::kNoPiece, {}},
                          {ir::DropRestrictionKind::two_per_file, P, {}},
                          {ir::DropRestrictionKind::drop_mate, P, {}}};
  ir::EndRule impasse = ending(ir::EndKind::impasse, ir::Outcome::replay);
  impasse.points = {0, 5, 5, 1, 1, 1, 1, 1, 5, 5, 1, 1, 1, 1};
  impasse.threshold = {24, 24};
  ir::EndRule declaration = ending(ir::EndKind::declaration, ir::Outcome::win);
  declaration.points = impasse.points;
  declaration.threshold = {28, 27};
  declaration.min_pieces_in_zone = 10;
  r.endings = {ending(ir::EndKind::checkmate, ir::Outcome::loss), ending(ir::EndKind::no_moves, ir::Outcome::loss),
               ending(ir::EndKind::perpetual_check, ir::Outcome::loss, 4),
               ending(ir::EndKind::repetition, ir::Outcome::replay, 4), impasse, declaration,
               ending(ir::EndKind::move_limit, ir::Outcome::replay, 500),
               ending(ir::EndKind::foul, ir::Outcome::loss)};
  set_board(r, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL");
  r.notation = "usi";
  return r;
}

ir::RuleSet kyoto_shogi() {
  ir::RuleSet r;
  r.meta.title = "Kyoto Shogi";
  r.meta.slug = "kyoto-shogi";
  r.board = {5, 5, {}};
  enum : PieceId { K, T, L, S, B, G, N, P, R };
  r.pieces = {piece("King", "K", king(), true), piece("Tokin", "T", gold()),
              piece("Lance", "L", lance()),     piece("Silver General", "S", silver()),
              piece("Bishop", "B", bishop()),   piece("Gold General", "G", gold()),
              piece("Knight", "N", knight()),   piece("Pawn", "P", pawn()),
              piece("Rook", "R", rook())};
  const PieceId pairs[][2] = {{T, L}, {S, B}, {G, N}, {P, R}};
  for (const auto& pr : pairs) {
    promotes(r, pr[0], pr[1], Promotion::flip);
    promotes(r, pr[1], pr[0], Promotion::flip);
    r.pieces[pr[1]].base_face = pr[0];
  }
  r.promotion.zone_depth = 0;
  r.promotion.forbid_dead_end = false;
  r.drops.face = ir::DropFace::any_face;
  r.endings = {ending(ir::EndKind::checkmate, ir::Outcome::loss), ending(ir::EndKind::no_moves, ir::Outcome::loss),
               ending(ir::EndKind::repetition, ir::Outcome::draw, 3)};
  set_board(r, "pgkst/5/5/5/TSKGP");
  r.notation = "lishogi";
  r.suffix = ir::SuffixStyle::plus_on_change;
  ir::Dialect fsf;
  fsf.name = "fsf";
  fsf.symbols = {"K", "+L", "L", "S", "+S", "+N", "N", "P", "+P"};
  fsf.suffix = ir::SuffixStyle::plus_minus;
  r.dialects = {fsf};
  return r;
}

ir::RuleSet micro_shogi() {
  ir::RuleSet r;
  r.meta.title = "Micro Shogi";
  r.meta.slug = "micro-shogi";
  r.board = {4, 5, {}};
  enum : PieceId { K, R, G, L, S, B, T, P, N };
  r.pieces = {piece("King", "K", king(), true), piece("Rook", "R", rook()),
              piece("Gold General", "+R", gold()), piece("Lance", "L", lance()),
              piece("Silver General", "+L", silver()), piece("Bishop", "B", bishop()),
              piece("Tokin", "+B", gold()), piece("Pawn", "P", pawn()),
              piece("Knight", "+P", knight())};
  const PieceId pairs[][2] = {{R, G}, {L, S}, {B, T}, {P, N}};
  for (const auto& pr : pairs) {
    promotes(r, pr[0], pr[1], Promotion::on_capture);
    promotes(r, pr[1], pr[0], Promotion::on_capture);
    r.pieces[pr[1]].base_face = pr[0];
  }
  r.promotion.zone_depth = 0;
  r.promotion.forbid_dead_end = false;
  r.drops.face = ir::DropFace::any_face;
  r.endings = {ending(ir::EndKind::checkmate, ir::Outcome::loss), ending(ir::EndKind::no_moves, ir::Outcome::loss),
               ending(ir::EndKind::repetition, ir::Outcome::replay, 4)};
  set_board(r, "kb+r+l/p3/4/3P/+L+RBK");
  r.notation = "fsf";
  r.suffix = ir::SuffixStyle::plus_minus;
  return r;
}

ir::RuleSet heian_shogi() {
  ir::RuleSet r;
  r.meta.title = "Heian Shogi";
  r.meta.slug = "heian-shogi";
  r.board = {9, 8, {}};
  enum : PieceId { K, G, S, N, L, P, PS, PN, PL, PP };
  r.pieces = {piece("King", "K", king(), true),
              piece("Gold General", "G", gold()),
              piece("Silver General", "S", silver()),
              piece("Knight", "N", knight()),
              piece("Lance", "L", lance()),
              piece("Pawn", "P", pawn()),
              piece("Promoted Silver", "+S", gold()),
              piece("Promoted Knight", "+N", gold()),
              piece("Promoted Lance", "+L", gold()),
              piece("Tokin", "+P", gold())};
  const PieceId pairs[][2] = {{S, PS}, {N, PN}, {L, PL}, {P, PP}};
  for (const auto& pr : pairs) {
    promotes(r, pr[0], pr[1], Promotion::optional);
    r.pieces[pr[1]].base_face = pr[0];
  }
  r.promotion.zone_depth = 3;
  r.promotion.forbid_dead_end = true;
  r.drops.enabled = false;
  r.drops.captured = ir::CaptureFate::removed;
  ir::EndRule bare = ending(ir::EndKind::bare_king, ir::Outcome::loss);
  bare.bare_reply_draws = true;
  r.endings = {ending(ir::EndKind::checkmate, ir::Outcome::loss), bare,
               ending(ir::EndKind::no_moves, ir::Outcome::loss)};
  set_board(r, "lnsgkgsnl/9/ppppppppp/9/9/PPPPPPPPP/9/LNSGKGSNL");
  return r;
}

ir::RuleSet toy_large() {
  ir::RuleSet r;
  r.meta.title = "Toy Twelve";
  r.meta.slug = "toy-twelve";
  r.board = {12, 12, {}};
  enum : PieceId { K, Q, J, W, F, P, C, PP };
  // Q: queen-like slides plus a duplicated one-step atom; J: jumps three straight or (2,2);
  // W: slides at most two squares orthogonally, and again with range 3 forward (overlap);
  // F: soldier that moves straight and captures diagonally forward; P: pawn promoting by force.
  r.pieces = {piece("King", "K", king(), true),
              piece("Queen", "Q", rook() + bishop() + Atoms{step(0, 1), slide(0, 1, 1)}),
              piece("Jumper", "J", {step(0, 3), step(0, -3), step(3, 0), step(-3, 0), step(2, 2), step(-2, 2),
                                    step(2, -2), step(-2, -2)}),
              piece("Walker", "W", {slide(0, 1, 2), slide(0, -1, 2), slide(1, 0, 2), slide(-1, 0, 2),
                                    slide(0, 1, 3), step(0, 2)}),
              piece("Footman", "F", {step(0, 1, AtomMode::move_only), step(1, 1, AtomMode::capture_only),
                                     step(-1, 1, AtomMode::capture_only)}),
              piece("Pawn", "P", pawn()),
              piece("Crab", "C", knight() + Atoms{step(-1, -1), step(1, -1)}),
              piece("Promoted Pawn", "+P", gold() + Atoms{step(0, 3)})};
  promotes(r, P, PP, Promotion::forced);
  r.pieces[PP].base_face = P;
  r.promotion.zone_depth = 4;
  r.promotion.forbid_dead_end = true;
  r.drops.restrictions = {{ir::DropRestrictionKind::dead_square, ir::kNoPiece, {}},
                          {ir::DropRestrictionKind::two_per_file, P, {}}};
  r.endings = {ending(ir::EndKind::checkmate, ir::Outcome::loss), ending(ir::EndKind::no_moves, ir::Outcome::loss)};
  set_board(r, "cjwfqkwfjc2/12/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/12/2CFJWKQFWJC");
  return r;
}

ir::RuleSet dobutsu_shogi() {
  ir::RuleSet r;
  r.meta.title = "Dobutsu Shogi";
  r.meta.slug = "dobutsu-shogi";
  r.board = {3, 4, {}};
  enum : PieceId { L, G, E, C, H };
  r.pieces = {piece("Lion", "L", king(), true), piece("Giraffe", "G", orthogonal_steps()),
              piece("Elephant", "E", diagonal_steps()), piece("Chick", "C", pawn()),
              piece("Hen", "+C", gold())};
  promotes(r, C, H, Promotion::forced);
  r.pieces[H].base_face = C;
  r.promotion.zone_depth = 1;
  r.promotion.forbid_dead_end = false;
  r.royals.in_check = ir::RoyalInCheck::legal;
  ir::EndRule reaches = ending(ir::EndKind::royal_reaches, ir::Outcome::win);
  reaches.ranks = {1};
  reaches.unless_capturable = true;
  r.endings = {ending(ir::EndKind::royal_captured, ir::Outcome::loss), reaches,
               ending(ir::EndKind::no_moves, ir::Outcome::loss),
               ending(ir::EndKind::repetition, ir::Outcome::draw, 3)};
  set_board(r, "gle/1c1/1C1/ELG");
  return r;
}

ir::RuleSet sho_shogi() {
  ir::RuleSet r = standard_shogi();
  r.meta.title = "Sho Shogi";
  r.meta.slug = "sho-shogi";
  const auto e = static_cast<PieceId>(r.pieces.size());
  Atoms drunk;
  for (const MoveAtom& a : king()) {
    if (!(a.delta.right == 0 && a.delta.forward == -1)) drunk.push_back(a);
  }
  r.pieces.push_back(piece("Drunk Elephant", "E", drunk));
  r.pieces.push_back(piece("Crown Prince", "+E", king(), true));
  promotes(r, e, static_cast<PieceId>(e + 1), Promotion::optional);
  r.pieces[e + 1].base_face = e;
  r.drops.enabled = false;
  r.drops.captured = ir::CaptureFate::removed;
  r.drops.restrictions.clear();
  r.royals.in_check = ir::RoyalInCheck::illegal_for_last;
  r.endings = {ending(ir::EndKind::royal_captured, ir::Outcome::loss),
               ending(ir::EndKind::checkmate, ir::Outcome::loss), ending(ir::EndKind::no_moves, ir::Outcome::loss)};
  r.setup.placements.clear();
  set_board(r, "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL");
  return r;
}

ir::RuleSet check_shogi() {
  ir::RuleSet r = standard_shogi();
  r.meta.title = "Check Shogi";
  r.meta.slug = "check-shogi";
  r.endings = {ending(ir::EndKind::check_given, ir::Outcome::win, 1), ending(ir::EndKind::no_moves, ir::Outcome::loss)};
  return r;
}

ir::RuleSet annan_shogi() {
  ir::RuleSet r = standard_shogi();
  r.meta.title = "Annan Shogi";
  r.meta.slug = "annan-shogi";
  r.movement.source = ir::MovementSource::friend_behind;
  r.promotion.forbid_dead_end = false;
  const PieceId pawn_id = 7;
  r.drops.restrictions = {{ir::DropRestrictionKind::two_per_file, pawn_id, {}},
                          {ir::DropRestrictionKind::drop_mate, pawn_id, {}}};
  r.setup.placements.clear();
  set_board(r, "lnsgkgsnl/1r5b1/p1ppppp1p/1p5p1/9/1P5P1/P1PPPPP1P/1B5R1/LNSGKGSNL");
  return r;
}

ir::RuleSet cannon_shogi() {
  ir::RuleSet r = standard_shogi();
  r.meta.title = "Cannon Shogi";
  r.meta.slug = "cannon-shogi";
  const auto lines = [](bool diagonal, AtomMode mode, int kind, int range) {
    std::vector<MoveAtom> out;
    for (int dr = -1; dr <= 1; ++dr) {
      for (int df = -1; df <= 1; ++df) {
        if ((dr == 0 && df == 0) || ((dr != 0 && df != 0) != diagonal)) continue;
        MoveAtom a = kind == 0 ? slide(dr, df) : hop(dr, df, mode, range);
        a.mode = mode;
        if (kind == 2) a = step(dr, df, mode);
        out.push_back(a);
      }
    }
    return out;
  };
  const AtomMode m = AtomMode::move_only, c = AtomMode::capture_only, both = AtomMode::move_or_capture;
  const PieceId pawn_id = 7;
  r.pieces[pawn_id].moves = {step(0, 1), step(-1, 0), step(1, 0)};
  const Atoms flying_rook = lines(false, m, 0, 0) + lines(false, both, 1, 0) + lines(true, m, 2, 0) + lines(true, both, 1, 2);
  const Atoms flying_bishop = lines(true, m, 0, 0) + lines(true, both, 1, 0) + lines(false, m, 2, 0) + lines(false, both, 1, 2);
  const struct {
    const char* name;
    const char* symbol;
    Atoms moves;
    const Atoms* promoted;
  } cannons[] = {{"Gold Cannon", "U", lines(false, m, 0, 0) + lines(false, c, 1, 0), &flying_rook},
                 {"Silver Cannon", "A", lines(false, both, 1, 0), &flying_rook},
                 {"Copper Cannon", "C", lines(true, m, 0, 0) + lines(true, c, 1, 0), &flying_bishop},
                 {"Iron Cannon", "I", lines(true, both, 1, 0), &flying_bishop}};
  for (const auto& k : cannons) {
    const PieceId base = static_cast<PieceId>(r.pieces.size());
    r.pieces.push_back(piece(k.name, k.symbol, k.moves));
    r.pieces.push_back(piece(std::string("Flying ") + k.name, std::string("+") + k.symbol, *k.promoted));
    promotes(r, base, static_cast<PieceId>(base + 1), Promotion::optional);
    r.pieces[base + 1u].base_face = base;
  }
  r.drops.restrictions = {{ir::DropRestrictionKind::dead_square, ir::kNoPiece, {}}};
  for (ir::EndRule& e : r.endings) {
    if (!e.points.empty()) e.points.resize(r.pieces.size(), 1);
  }
  r.setup.placements.clear();
  set_board(r, "lnsgkgsnl/1rci1uab1/p1p1p1p1p/9/9/9/P1P1P1P1P/1BAU1ICR1/LNSGKGSNL");
  return r;
}

ir::RuleSet whale_shogi() {
  ir::RuleSet r;
  r.meta.title = "Whale Shogi";
  r.meta.slug = "whale-shogi";
  r.board = {6, 6, {}};
  enum : PieceId { W, P, H, G, N, B, D, K };
  MoveAtom jump = step(0, 2);
  r.pieces = {piece("White Whale", "W", king(), true),
              piece("Porpoise", "P", {step(1, 0), step(-1, 0)}),
              piece("Humpback", "H", {step(1, 1), step(-1, 1), step(1, -1), step(-1, -1), step(0, -1)}),
              piece("Grey Whale", "G", {slide(0, 1), slide(1, -1), slide(-1, -1)}),
              piece("Narwhal", "N", {jump, step(1, 0), step(-1, 0), step(0, -1)}),
              piece("Blue Whale", "B", {step(0, 1), step(1, 1), step(-1, 1), step(0, -1)}),
              piece("Dolphin", "D", pawn()),
              piece("Killer Whale", "K", rook() + Atoms{step(1, 1), step(-1, 1), step(1, -1), step(-1, -1)})};
  r.pieces[D].rank_moves = {{{1}, {slide(1, -1), slide(-1, -1)}, {}}};
  r.pieces[P].captured_as = K;
  r.promotion.zone_depth = 0;
  ir::DropRestriction banned{ir::DropRestrictionKind::banned_ranks, D, {}};
  banned.ranks = {1};
  ir::DropRestriction per_file{ir::DropRestrictionKind::two_per_file, D, {}};
  per_file.max_per_file = 2;
  per_file.moves_too = true;
  r.drops.restrictions = {banned, per_file, {ir::DropRestrictionKind::drop_mate, D, {}}};
  r.endings = {ending(ir::EndKind::checkmate, ir::Outcome::loss), ending(ir::EndKind::no_moves, ir::Outcome::loss),
               ending(ir::EndKind::repetition, ir::Outcome::draw, 4)};
  set_board(r, "bnpwgh/dddddd/6/6/DDDDDD/HGWPNB");
  return r;
}

ir::RuleSet wa_shogi() {
  ir::RuleSet r;
  r.meta.title = "Wa Shogi";
  r.meta.slug = "wa-shogi";
  r.board = {11, 11, {}};
  const Atoms sideways = {step(1, 0), step(-1, 0)};
  const Atoms forward_diagonals = {step(1, 1), step(-1, 1)};
  const Atoms back_diagonals = {step(1, -1), step(-1, -1)};
  const Atoms vertical_slides = {slide(0, 1), slide(0, -1)};
  const Atoms eagle = vertical_slides + sideways + Atoms{slide(1, 1, 3), slide(-1, 1, 3)} + back_diagonals;
  const Atoms fox = Atoms{step(0, 1), step(0, -1), step(0, 2), step(0, -2), step(2, 2), step(-2, 2), step(2, -2),
                          step(-2, -2)} +
                    diagonal_steps();
  const Atoms falcon = bishop() + pawn();
  const Atoms wings = Atoms{step(0, 1), step(0, -1), slide(1, 0), slide(-1, 0)};
  const Atoms goose = Atoms{step(0, 1), step(0, -1)} + forward_diagonals;
  const Atoms crow = pawn() + back_diagonals;
  // Base pieces in the file's order, then the promoted faces of the promoting ones.
  r.pieces = {piece("Crane King", "K", king(), true), piece("Cloud Eagle", "E", eagle),
              piece("Treacherous Fox", "X", fox), piece("Flying Falcon", "F", falcon),
              piece("Running Rabbit", "R", Atoms{slide(0, 1), step(0, -1)} + diagonal_steps()),
              piece("Violent Stag", "V", silver()), piece("Violent Wolf", "L", gold()),
              piece("Swallow's Wings", "S", wings), piece("Flying Goose", "G", goose),
              piece("Flying Cock", "C", sideways + forward_diagonals), piece("Strutting Crow", "W", crow),
              piece("Swooping Owl", "U", crow), piece("Blind Dog", "D", Atoms{step(0, -1)} + sideways + forward_diagonals),
              piece("Climbing Monkey", "M", goose), piece("Liberated Horse", "H", {slide(0, 1), slide(0, -1, 2)}),
              piece("Oxcart", "O", lance()), piece("Sparrow Pawn", "P", pawn())};
  const struct {
    PieceId base;
    const char* name;
    Atoms moves;
  } promoted[] = {{3, "Tenacious Falcon", vertical_slides + sideways + bishop()},
                  {4, "Promoted Rabbit", fox},
                  {5, "Roaming Boar", pawn() + sideways + diagonal_steps()},
                  {6, "Bear's Eyes", king()},
                  {7, "Gliding Swallow", rook()},
                  {8, "Promoted Goose", wings},
                  {9, "Raiding Falcon", vertical_slides + sideways + forward_diagonals},
                  {10, "Promoted Crow", falcon},
                  {11, "Promoted Owl", eagle},
                  {12, "Promoted Dog", gold()},
                  {13, "Promoted Monkey", silver()},
                  {14, "Heavenly Horse", {step(1, 2), step(-1, 2), step(1, -2), step(-1, -2)}},
                  {15, "Plodding Ox", king()},
                  {16, "Golden Bird", gold()}};
  for (const auto& face : promoted) {
    const PieceId id = static_cast<PieceId>(r.pieces.size());
    r.pieces.push_back(piece(face.name, "+" + r.pieces[face.base].symbol, face.moves));
    promotes(r, face.base, id, Promotion::optional);
    r.pieces[id].base_face = face.base;
  }
  r.promotion.zone_depth = 3;
  r.drops.restrictions = {{ir::DropRestrictionKind::dead_square, ir::kNoPiece, {}},
                          {ir::DropRestrictionKind::two_per_file, 16, {}},
                          {ir::DropRestrictionKind::drop_mate, 16, {}}};
  r.endings = {ending(ir::EndKind::checkmate, ir::Outcome::loss), ending(ir::EndKind::no_moves, ir::Outcome::loss),
               ending(ir::EndKind::repetition, ir::Outcome::replay, 4), ending(ir::EndKind::perpetual_check, ir::Outcome::loss, 4)};
  set_board(r, "hmucvklgwdo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODWGLKVCUMH");
  return r;
}

ir::RuleSet jumping_shogi() {
  ir::RuleSet r = standard_shogi();
  r.meta.title = "Jumping Shogi";
  r.meta.slug = "jumping-shogi";
  const auto lines = [](bool orthogonal, bool diagonal, AtomKind kind, AtomMode mode) {
    Atoms out;
    for (int dr = -1; dr <= 1; ++dr) {
      for (int df = -1; df <= 1; ++df) {
        if ((dr == 0 && df == 0) || (dr != 0 && df != 0 ? !diagonal : !orthogonal)) continue;
        out.push_back(kind == AtomKind::jump ? jump(dr, df, mode) : slide(dr, df));
      }
    }
    return out;
  };
  // Tenjiku's order, Great General 3, Vice General 2, Rook General 1, the rest 0; the King
  // ranks 2 here (Tenjiku: 4), so that a Great General may take it by a jump.
  r.pieces[0].rank = 2;
  const PieceId gg = static_cast<PieceId>(r.pieces.size());
  r.pieces.push_back(piece("Great General", "E", lines(true, true, AtomKind::slide, {}) +
                                                     lines(true, true, AtomKind::jump, AtomMode::capture_only)));
  r.pieces.push_back(piece("Vice General", "V", lines(false, true, AtomKind::slide, {}) +
                                                    lines(false, true, AtomKind::jump, AtomMode::capture_only) + Atoms{area(3)}));
  r.pieces.push_back(piece("Rook General", "C", lines(true, false, AtomKind::slide, {}) +
                                                    lines(true, false, AtomKind::jump, AtomMode::capture_only)));
  // A range jump that may also move beyond the pieces it passes (the other reading), and a
  // piece of area moves alone, one of them Lion-like.
  r.pieces.push_back(piece("Free Jumper", "J", lines(false, true, AtomKind::jump, AtomMode::move_or_capture) +
                                                   Atoms{step(0, 1), step(0, -1)}));
  r.pieces.push_back(piece("Fire Demon", "F", {area(3)}));
  r.pieces.push_back(piece("Area Lion", "A", {area(2)}));
  r.pieces[gg].rank = 3;
  r.pieces[gg + 1u].rank = 2;
  r.pieces[gg + 2u].rank = 1;
  r.pieces[gg + 3u].rank = 2;
  for (ir::EndRule& e : r.endings) {
    if (!e.points.empty()) e.points.resize(r.pieces.size(), 1);
  }
  r.setup.placements.clear();
  set_board(r, "lnsgkgsnl/1rvecfjab/ppppppppp/9/9/9/PPPPPPPPP/BAJFCEVR1/LNSGKGSNL");
  return r;
}

ir::RuleSet capture_emperor_test() {
  ir::RuleSet r;
  r.meta.title = "Capture and Emperor Test";
  r.meta.slug = "capture-emperor-test";
  r.board = {7, 7, {}};
  enum : PieceId { K, G, S, P, R, E, PS, T };
  MoveAtom anywhere;
  anywhere.kind = AtomKind::anywhere;
  r.pieces = {piece("King", "K", king(), true),   piece("Gold general", "G", gold()),
              piece("Silver general", "S", silver()), piece("Pawn", "P", pawn()),
              piece("Rook", "R", rook()),          piece("Emperor", "+K", {anywhere}, true),
              piece("Promoted silver", "+S", gold()), piece("Tokin", "+P", gold())};
  promotes(r, K, E, Promotion::optional);
  promotes(r, S, PS, Promotion::optional);
  promotes(r, P, T, Promotion::optional);
  r.pieces[E].base_face = K;
  r.pieces[PS].base_face = S;
  r.pieces[T].base_face = P;
  r.pieces[K].by_capture = ir::CapturePromotion::must;
  r.pieces[S].by_capture = ir::CapturePromotion::may;
  r.pieces[P].by_capture = ir::CapturePromotion::must;
  r.pieces[P].by_capture_of = {P, S};
  r.promotion.zone_depth = 0;
  r.drops.enabled = false;
  r.drops.captured = ir::CaptureFate::removed;
  r.endings = {ending(ir::EndKind::checkmate, ir::Outcome::loss), ending(ir::EndKind::no_moves, ir::Outcome::loss),
               ending(ir::EndKind::repetition, ir::Outcome::draw, 4)};
  set_board(r, "rsgkgs1/ppppppp/7/7/7/PPPPPPP/1SGKGSR");
  return r;
}

ir::RuleSet capture_emperor_open_test() {
  ir::RuleSet r = capture_emperor_test();
  r.meta.slug = "capture-emperor-open-test";
  r.pieces[5].moves[0].guard = ir::AnywhereGuard::captures;
  return r;
}

namespace {

/// The symbols of the 69 types after the King: A to Z but K, then A' to Z', then A! to R!.
std::vector<std::string> many_type_symbols() {
  std::vector<std::string> out;
  for (char c = 'A'; c <= 'Z'; ++c) {
    if (c != 'K') out.push_back(std::string(1, c));
  }
  for (char c = 'A'; c <= 'Z'; ++c) out.push_back(std::string(1, c) + "'");
  for (char c = 'A'; c <= 'R'; ++c) out.push_back(std::string(1, c) + "!");
  return out;
}

/// The leaps of the many-types test's type `i`, by i % 9.
Atoms many_type_leaps(int i) {
  switch (i % 9) {
    case 1: return pawn();
    case 2: return gold();
    case 3: return silver();
    case 4: return knight();
    case 5: return king();
    case 6: return diagonal_steps();
    case 7: return {step(0, 2), step(0, -2)};
    case 8: return {step(-1, 0), step(1, 0)};
    default: return {};
  }
}

/// The slides and hops of the many-types test's type `i`, by i / 9; some ranges differ by type.
Atoms many_type_lines(int i) {
  switch (i / 9) {
    case 1: return lance();
    case 2: return rook();
    case 3: return bishop();
    case 4: return {slide(0, 1, 2), slide(0, -1, 2), slide(1, 0, 2), slide(-1, 0, 2)};
    case 5: return {slide(1, 1, 2 + i % 3), slide(-1, -1, 2 + i % 3)};
    case 6: return {hop(0, 1, AtomMode::move_or_capture), hop(0, -1, AtomMode::capture_only, 2 + i % 4)};
    case 7: return {slide(1, 0, 2 + i % 4), slide(-1, 0, 2 + i % 4)};
    default: return {};
  }
}

}  // namespace

ir::RuleSet many_types_test() {
  ir::RuleSet r;
  r.meta.title = "Many Types Test";
  r.meta.slug = "many-types-test";
  r.board = {9, 9, {}};
  r.pieces = {piece("King", "K", king(), true)};
  const std::vector<std::string> symbols = many_type_symbols();
  for (int i = 1; i <= 69; ++i) {
    const std::string& symbol = symbols[static_cast<std::size_t>(i - 1)];
    r.pieces.push_back(piece("Type " + symbol, symbol, many_type_leaps(i) + many_type_lines(i)));
  }
  r.promotion.zone_depth = 0;
  r.endings = {ending(ir::EndKind::checkmate, ir::Outcome::loss), ending(ir::EndKind::no_moves, ir::Outcome::loss)};
  set_board(r, "4k4/9/9/9/9/9/9/9/4K4");
  return r;
}

ir::RuleSet too_many_kinds_test() {
  ir::RuleSet r = many_types_test();
  r.meta.slug = "too-many-kinds-test";
  // Type i leaps to one square of its own: with the King, 70 sets of capturing leaps.
  int i = 1;
  for (int right = -4; right <= 4 && i <= 69; ++right) {
    for (int forward = -4; forward <= 4 && i <= 69; ++forward) {
      if (right == 0 && forward == 0) continue;
      r.pieces[static_cast<std::size_t>(i++)].moves = {step(right, forward)};
    }
  }
  return r;
}

namespace {

/// The leaps of the wide-kinds test's type `i`: one of seven per bit of i.
Atoms wide_kind_leaps(int i) {
  const Atoms leaps = {step(0, 1), step(1, 1), step(-1, 0), step(0, -2), step(2, 1), step(-2, -1), step(1, -1)};
  Atoms out;
  for (std::size_t b = 0; b < leaps.size(); ++b) {
    if ((i >> b) & 1) out.push_back(leaps[b]);
  }
  return out;
}

/// A slide along (right, forward) that jumps its first `first - 1` squares, up to `range`.
MoveAtom skip(int right, int forward, int first, int range = 0) {
  MoveAtom a = slide(right, forward, range);
  a.min_range = static_cast<std::uint8_t>(first);
  return a;
}

/// The other atoms of the wide-kinds test's type `i`, by i % 8; some ranges differ by type.
Atoms wide_kind_lines(int i) {
  MoveAtom anywhere;
  anywhere.kind = AtomKind::anywhere;
  switch (i % 8) {
    case 1: return lance();
    case 2: return {slide(1, 1, 2 + i % 3), slide(-1, -1, 2 + i % 3)};
    case 3: return {hop(0, 1, AtomMode::move_or_capture), hop(-1, 0, AtomMode::capture_only, 3)};
    case 4: return {skip(1, 0, 2), skip(-1, 0, 2, 4)};
    case 5: return {jump(0, 1), jump(0, -1, AtomMode::move_or_capture)};
    case 6: return {area(2)};
    case 7: return {hook(0, 1)};
    default: return i >= 72 ? Atoms{anywhere} : Atoms{};
  }
}

}  // namespace

ir::RuleSet wide_kinds_test() {
  ir::RuleSet r;
  r.meta.title = "Wide Kinds Test";
  r.meta.slug = "wide-kinds-test";
  r.board = {9, 9, {}};
  r.pieces = {piece("King", "K", king(), true)};
  std::vector<std::string> symbols = many_type_symbols();
  for (char c = 'S'; c <= 'Y'; ++c) symbols.push_back(std::string(1, c) + "!");
  for (int i = 1; i <= 76; ++i) {
    const std::string& symbol = symbols[static_cast<std::size_t>(i - 1)];
    r.pieces.push_back(piece("Type " + symbol, symbol, wide_kind_leaps(i) + wide_kind_lines(i)));
    if (i % 8 == 5) r.pieces.back().rank = 1;  // range jumps pass the unranked pieces
  }
  r.promotion.zone_depth = 0;
  r.endings = {ending(ir::EndKind::checkmate, ir::Outcome::loss), ending(ir::EndKind::no_moves, ir::Outcome::loss)};
  set_board(r, "4k4/9/9/9/9/9/9/9/4K4");
  return r;
}

ir::RuleSet many_moves_test() {
  ir::RuleSet r;
  r.meta.title = "Many Moves Test";
  r.meta.slug = "many-moves-test";
  r.board = {16, 16, {}};
  MoveAtom anywhere;
  anywhere.kind = AtomKind::anywhere;
  anywhere.mode = AtomMode::move_only;
  r.pieces = {piece("King", "K", king(), true), piece("Ghost", "G", {anywhere}),
              piece("Promoted Ghost", "+G", {anywhere})};
  promotes(r, 1, 2, Promotion::optional);
  r.pieces[2].base_face = 1;
  for (char c = 'A'; c <= 'Z'; ++c) {
    if (c != 'G' && c != 'K') r.pieces.push_back(piece(std::string("Queen ") + c, std::string(1, c), rook() + bishop()));
  }
  r.promotion.zone_depth = 16;
  r.endings = {ending(ir::EndKind::checkmate, ir::Outcome::loss), ending(ir::EndKind::no_moves, ir::Outcome::loss)};
  set_board(r, "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/15K");
  return r;
}

namespace {

ir::LegMove leg_move(int r1, int f1, AtomMode m1, int r2, int f2, AtomMode m2) {
  ir::LegMove m;
  m.legs[0] = {{static_cast<std::int8_t>(r1), static_cast<std::int8_t>(f1)}, m1};
  m.legs[1] = {{static_cast<std::int8_t>(r2), static_cast<std::int8_t>(f2)}, m2};
  return m;
}

/// Lion power along the king steps `dirs`: leaps to one and two squares, a capture on the first
/// square then one more step (any step with `all`, else on or back), and a pass.
void lion_power(ir::PieceType& p, const std::vector<std::pair<int, int>>& dirs, bool all) {
  for (auto [r, f] : dirs) {
    if (!all) p.moves.push_back(step(r, f)), p.moves.push_back(step(2 * r, 2 * f));
    if (all) {
      for (auto [r2, f2] : dirs) p.leg_moves.push_back(leg_move(r, f, AtomMode::capture_only, r2, f2, AtomMode::move_or_capture));
    } else {
      p.leg_moves.push_back(leg_move(r, f, AtomMode::capture_only, r, f, AtomMode::move_or_capture));
      p.leg_moves.push_back(leg_move(r, f, AtomMode::capture_only, -r, -f, AtomMode::move_or_capture));
    }
    p.leg_moves.push_back(leg_move(r, f, AtomMode::move_only, -r, -f, AtomMode::move_or_capture));
  }
  if (!all) return;
  for (int r = -2; r <= 2; ++r) {
    for (int f = -2; f <= 2; ++f) {
      if (r != 0 || f != 0) p.moves.push_back(step(r, f));
    }
  }
}

std::vector<std::pair<int, int>> king_dirs() {
  std::vector<std::pair<int, int>> out;
  for (int r = -1; r <= 1; ++r) {
    for (int f = -1; f <= 1; ++f) {
      if (r != 0 || f != 0) out.push_back({r, f});
    }
  }
  return out;
}

}  // namespace

ir::RuleSet tenjiku_mechanisms() {
  ir::RuleSet r;
  r.meta.title = "Tenjiku Mechanisms";
  r.meta.slug = "tenjiku-mechanisms";
  r.board = {7, 7, {}};
  enum : PieceId { K, L, F, C, P, LH, Q, T, G };
  r.pieces = {piece("King", "K", king(), true), piece("Lion", "L", {}), piece("Falcon", "F", {}),
              piece("Chariot", "C", {slide(0, 1), slide(0, -1), step(1, 0), step(-1, 0)}), piece("Pawn", "P", pawn()),
              piece("Lion Hawk", "+L", bishop()), piece("Queen", "+F", rook() + bishop()), piece("Tetrarch", "+C", {}),
              piece("Tokin", "+P", gold())};
  lion_power(r.pieces[L], king_dirs(), true);
  lion_power(r.pieces[LH], king_dirs(), true);
  r.pieces[F].moves = {slide(0, -1), slide(1, 0), slide(-1, 0), slide(1, 1), slide(-1, 1), slide(1, -1), slide(-1, -1)};
  lion_power(r.pieces[F], {{0, 1}}, false);
  // The Tetrarch takes on its eight neighbours without moving (a first leg that takes, a
  // second that comes back), and slides diagonally from the second square on and sideways two
  // or three squares, jumping the first square.
  r.pieces[T].moves = bishop() + Atoms{slide(1, 0, 3), slide(-1, 0, 3)};
  for (ir::MoveAtom& a : r.pieces[T].moves) a.min_range = 2;
  for (auto [dr, df] : king_dirs()) r.pieces[T].leg_moves.push_back(leg_move(dr, df, AtomMode::capture_only, -dr, -df, AtomMode::move_only));
  promotes(r, L, LH, Promotion::optional);
  promotes(r, F, Q, Promotion::optional);
  promotes(r, C, T, Promotion::optional);
  promotes(r, P, G, Promotion::optional);
  r.pieces[LH].base_face = L;
  r.pieces[Q].base_face = F;
  r.pieces[T].base_face = C;
  r.pieces[G].base_face = P;
  r.promotion.zone_depth = 2;
  r.drops.enabled = false;
  r.drops.captured = ir::CaptureFate::removed;
  r.endings = {ending(ir::EndKind::checkmate, ir::Outcome::loss), ending(ir::EndKind::no_moves, ir::Outcome::loss),
               ending(ir::EndKind::repetition, ir::Outcome::draw, 4)};
  set_board(r, "c1fkl1c/ppppppp/7/7/7/PPPPPPP/C1LKF1C");
  return r;
}

ir::RuleSet tenjiku_burning() {
  ir::RuleSet r;
  r.meta.title = "Tenjiku Burning";
  r.meta.slug = "tenjiku-burning";
  r.board = {7, 7, {}};
  enum : PieceId { K, D, G, P, T };
  r.pieces = {piece("King", "K", king(), true), piece("Demon", "D", bishop() + Atoms{area(2)}),
              piece("Gold", "G", gold()), piece("Pawn", "P", pawn()), piece("Tokin", "+P", gold())};
  r.pieces[D].burns.on_stop = true;
  r.pieces[D].burns.on_arrival = true;
  promotes(r, P, T, Promotion::optional);
  r.pieces[T].base_face = P;
  r.promotion.zone_depth = 2;
  r.drops.enabled = false;
  r.drops.captured = ir::CaptureFate::removed;
  r.endings = {ending(ir::EndKind::checkmate, ir::Outcome::loss), ending(ir::EndKind::no_moves, ir::Outcome::loss),
               ending(ir::EndKind::repetition, ir::Outcome::draw, 4)};
  set_board(r, "1gkdg2/ppppppp/7/7/7/PPPPPPP/2GDKG1");
  return r;
}

ir::RuleSet hook_movers() {
  ir::RuleSet r;
  r.meta.title = "Hook Movers";
  r.meta.slug = "hook-movers";
  r.board = {7, 7, {}};
  enum : PieceId { K, H, G, P, T };
  r.pieces = {piece("King", "K", king(), true),
              piece("Hook Mover", "H", {hook(0, 1), hook(0, -1), hook(1, 0), hook(-1, 0)}),
              piece("Goblin", "G", {hook(1, 1), hook(1, -1), hook(-1, 1), hook(-1, -1), step(0, 1), step(0, -1),
                                    step(1, 0), step(-1, 0)}),
              piece("Pawn", "P", pawn()), piece("Tokin", "+P", gold())};
  promotes(r, P, T, Promotion::optional);
  r.pieces[T].base_face = P;
  r.promotion.zone_depth = 2;
  r.drops.restrictions = {{ir::DropRestrictionKind::dead_square, ir::kNoPiece, {}},
                          {ir::DropRestrictionKind::two_per_file, P, {}},
                          {ir::DropRestrictionKind::drop_mate, P, {}}};
  r.endings = {ending(ir::EndKind::checkmate, ir::Outcome::loss), ending(ir::EndKind::no_moves, ir::Outcome::loss),
               ending(ir::EndKind::repetition, ir::Outcome::draw, 4)};
  set_board(r, "h1gk3/pp5/7/7/7/5PP/3KG1H");
  return r;
}

ir::RuleSet range_capturers() {
  ir::RuleSet r;
  r.meta.title = "Range Capturers";
  r.meta.slug = "range-capturers";
  r.board = {7, 7, {}};
  enum : PieceId { K, G, V, D, P, T };
  Atoms general, vice = {step(0, 2)}, dragon = orthogonal_steps();
  for (auto [dr, df] : king_dirs()) general.push_back(range_capture(dr, df));
  for (auto [dr, df] : king_dirs()) {
    if (dr == 0 || df == 0) vice.push_back(range_capture(dr, df, AtomMode::capture_only));
    if (dr != 0 && df != 0) vice.push_back(slide(dr, df));
    if (dr != 0 && df != 0) dragon.push_back(pass_slide(dr, df, 2));
  }
  r.pieces = {piece("King", "K", king(), true), piece("General", "G", general), piece("Vice", "V", vice),
              piece("Dragon", "D", dragon), piece("Pawn", "P", pawn()), piece("Tokin", "+P", gold())};
  // The Kings rank below the General and the Vice, which may take them, and pass (and so
  // remove) their own; the Dragon and the Pawns rank lowest.
  r.pieces[K].rank = 1;
  r.pieces[G].rank = 2;
  r.pieces[V].rank = 2;
  promotes(r, P, T, Promotion::optional);
  r.pieces[T].base_face = P;
  r.promotion.zone_depth = 2;
  r.drops.restrictions = {{ir::DropRestrictionKind::dead_square, ir::kNoPiece, {}},
                          {ir::DropRestrictionKind::two_per_file, P, {}}};
  r.endings = {ending(ir::EndKind::checkmate, ir::Outcome::loss), ending(ir::EndKind::no_moves, ir::Outcome::loss),
               ending(ir::EndKind::repetition, ir::Outcome::draw, 4)};
  set_board(r, "1vgkd2/ppppppp/7/7/7/PPPPPPP/2DKGV1");
  return r;
}

ir::RuleSet taikyoku_mechanisms() {
  ir::RuleSet r;
  r.meta.title = "Taikyoku Mechanisms";
  r.meta.slug = "taikyoku-mechanisms";
  r.board = {36, 36, {}};
  enum : PieceId { K, L, F, C, P, J, Q, LH, FQ, T, G };
  r.pieces = {piece("King", "K", king(), true), piece("Lion", "L", {}), piece("Falcon", "F", {}),
              piece("Chariot", "C", {slide(0, 1), slide(0, -1), step(1, 0), step(-1, 0)}), piece("Pawn", "P", pawn()),
              piece("Jumper", "J", {step(0, 4), step(0, -4), step(4, 0), step(-4, 0), step(1, 1), step(-1, 1)}),
              piece("Queen", "Q", rook() + bishop()), piece("Lion Hawk", "+L", bishop()),
              piece("Free Falcon", "+F", rook() + bishop()), piece("Tetrarch", "+C", {}), piece("Tokin", "+P", gold())};
  lion_power(r.pieces[L], king_dirs(), true);
  lion_power(r.pieces[LH], king_dirs(), true);
  r.pieces[F].moves = {slide(0, -1), slide(1, 0), slide(-1, 0), slide(1, 1), slide(-1, 1), slide(1, -1), slide(-1, -1)};
  lion_power(r.pieces[F], {{0, 1}}, false);
  r.pieces[T].moves = bishop() + Atoms{slide(1, 0, 3), slide(-1, 0, 3)};
  for (auto [dr, df] : king_dirs()) r.pieces[T].leg_moves.push_back(leg_move(dr, df, AtomMode::capture_only, -dr, -df, AtomMode::move_only));
  promotes(r, L, LH, Promotion::optional);
  promotes(r, F, FQ, Promotion::optional);
  promotes(r, C, T, Promotion::optional);
  promotes(r, P, G, Promotion::optional);
  r.pieces[LH].base_face = L;
  r.pieces[FQ].base_face = F;
  r.pieces[T].base_face = C;
  r.pieces[G].base_face = P;
  r.promotion.zone_depth = 11;
  r.drops.enabled = false;
  r.drops.captured = ir::CaptureFate::removed;
  r.endings = {ending(ir::EndKind::checkmate, ir::Outcome::loss), ending(ir::EndKind::no_moves, ir::Outcome::loss)};
  // Per side, from the back: a full rank with the King, five ranks of Pawns, a full rank of
  // Chariots and Jumpers, and eight Lions, Falcons and Queens in front (36 + 180 + 36 + 8).
  const std::string back = "cjcjcjcjcjcjcjcjckcjcjcjcjcjcjcjcjcj";
  const std::string line = "jcjcjcjcjcjcjcjcjcjcjcjcjcjcjcjcjcjc";
  const std::string front = "3l3f3q3l3l3f3q3l4";
  std::string board = back + "/";
  for (int i = 0; i < 5; ++i) board += std::string(36, 'p') + "/";
  board += line + "/" + front + "/";
  for (int i = 0; i < 20; ++i) board += "36/";
  std::string upper = front + "/" + line + "/";
  for (int i = 0; i < 5; ++i) upper += std::string(36, 'p') + "/";
  upper += back;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  board += upper;
  set_board(r, board);
  return r;
}

namespace {

ir::LegMove three_leg_move(std::pair<int, int> a, AtomMode ma, std::pair<int, int> b, AtomMode mb, std::pair<int, int> c) {
  ir::LegMove m = leg_move(a.first, a.second, ma, b.first, b.second, mb);
  m.third = ir::Leg{{static_cast<std::int8_t>(c.first), static_cast<std::int8_t>(c.second)}, AtomMode::move_or_capture};
  return m;
}

/// The three-leg moves of the step sequences `paths`: taking on the first middle square (and
/// perhaps the second), or passing the first and taking on the second (not at the origin).
void add_three_legs(ir::PieceType& p, const std::vector<std::array<std::pair<int, int>, 3>>& paths) {
  for (const auto& [a, b, c] : paths) {
    p.leg_moves.push_back(three_leg_move(a, AtomMode::capture_only, b, AtomMode::move_or_capture, c));
    if (a.first + b.first != 0 || a.second + b.second != 0) {
      p.leg_moves.push_back(three_leg_move(a, AtomMode::move_only, b, AtomMode::capture_only, c));
    }
  }
}

/// A Lion power of three steps: every square within three (`line`: on the eight lines, one to
/// three squares along), the two-step power (area or on each line) and the three-leg moves.
void lion_power3(ir::PieceType& p, bool line) {
  lion_power(p, king_dirs(), !line);
  // lion_power leaps to every square within two (area) or one and two along each line.
  for (int r = -3; r <= 3; ++r) {
    for (int f = -3; f <= 3; ++f) {
      const bool far = std::max(std::abs(r), std::abs(f)) == 3;
      const bool on_line = r == 0 || f == 0 || std::abs(r) == std::abs(f);
      if (far && (!line || on_line)) p.moves.push_back(step(r, f));
    }
  }
  std::vector<std::array<std::pair<int, int>, 3>> paths;
  for (auto a : king_dirs()) {
    if (line) {
      // Positions along the line after each step: 1, then 0 or 2, then one more step within 0..3.
      for (int k2 : {0, 2}) {
        for (int k3 : {k2 - 1, k2 + 1}) {
          if (k3 < 0 || k3 > 3) continue;
          paths.push_back({a, std::pair{(k2 - 1) * a.first, (k2 - 1) * a.second}, std::pair{(k3 - k2) * a.first, (k3 - k2) * a.second}});
        }
      }
    } else {
      for (auto b : king_dirs()) {
        for (auto c : king_dirs()) paths.push_back({a, b, c});
      }
    }
  }
  add_three_legs(p, paths);
}

}  // namespace

ir::RuleSet lion3_mechanisms() {
  ir::RuleSet r;
  r.meta.title = "Lion3 Mechanisms";
  r.meta.slug = "lion3-mechanisms";
  r.board = {7, 7, {}};
  enum : PieceId { K, D, H, G, P, FK, T };
  r.pieces = {piece("King", "K", king(), true), piece("Dog", "D", {}), piece("Hound", "H", {}),
              piece("Gold", "G", gold()), piece("Pawn", "P", pawn()), piece("Free King", "+D", rook() + bishop()),
              piece("Tokin", "+P", gold())};
  lion_power3(r.pieces[D], false);
  lion_power3(r.pieces[H], true);
  promotes(r, D, FK, Promotion::optional);
  promotes(r, P, T, Promotion::optional);
  r.pieces[FK].base_face = D;
  r.pieces[T].base_face = P;
  r.pieces[D].by_capture = ir::CapturePromotion::must;
  r.pieces[D].by_capture_of = {G};
  r.promotion.zone_depth = 2;
  r.endings = {ending(ir::EndKind::checkmate, ir::Outcome::loss), ending(ir::EndKind::no_moves, ir::Outcome::loss),
               ending(ir::EndKind::repetition, ir::Outcome::draw, 4)};
  set_board(r, "ghdkdhg/ppppppp/7/7/7/PPPPPPP/GHDKDHG");
  return r;
}

}  // namespace koma::test
