// Hand-built rule sets for runtime tests: the IR of bundled variants written directly in C++,
// so a runtime failure never hides behind a compiler failure.
#pragma once

#include "ir/rules.h"

namespace koma::test {

/// Standard shogi under JSA rules: 9x9, zone 3, optional promotion, drops of the base face,
/// two pawns on a file, pawn-drop mate and dead-square drops forbidden, dead-end moves illegal.
ir::RuleSet standard_shogi();
/// Kyoto shogi: 5x5, every non-king piece flips after each move, drops of either face on any
/// empty square, no zone, moves to dead squares legal; native letters are lishogi's, with a
/// "fsf" dialect.
ir::RuleSet kyoto_shogi();
/// Micro shogi: 4 files x 5 ranks, every non-king piece turns over when it captures and only
/// then, drops of either face on any empty square, no zone; letters are Fairy-Stockfish's.
ir::RuleSet micro_shogi();
/// Heian shogi: 9 files x 8 ranks, shogi's small pieces promoting to gold-moving faces in the
/// far three ranks, no drops, captured pieces removed, checkmate and bare king (reply draws).
ir::RuleSet heian_shogi();
/// A 12x12 toy variant: long leaps, limited-range and duplicated slides, move-only and
/// capture-only atoms, forced promotion, drops with the dead-square rule.
ir::RuleSet toy_large();

/// Dobutsu shogi: 3x4, the Lion may be left attacked (RoyalInCheck::legal), capturing it wins,
/// and a Lion on the far rank that the reply cannot or does not capture wins; drops anywhere.
ir::RuleSet dobutsu_shogi();
/// Sho shogi: shogi without drops plus the Drunk Elephant, which promotes to the Crown Prince, a
/// second royal; the check rule applies only to a side's last royal.
ir::RuleSet sho_shogi();
/// Check shogi: standard shogi where the first check wins.
ir::RuleSet check_shogi();
/// Annan shogi: standard shogi where a piece with a piece of its own side directly behind it
/// moves as that piece; no forced promotion, drops anywhere but for nifu and pawn-drop mate;
/// the pawns of the Rook's and Bishop's files start a square further forward.
ir::RuleSet annan_shogi();
/// Cannon shogi (Fairy-Stockfish's definition): standard shogi with five pawns that also step
/// sideways and four cannons that hop over one screen (ir::AtomKind::hop), each promoting to a
/// flying cannon; no two-pawn rule and no pawn-drop mate rule.
ir::RuleSet cannon_shogi();
/// Whale shogi, 6x6: a Dolphin (a Pawn) that slides diagonally backward from the far rank
/// (ir::RankMovement), a Porpoise captured as a Killer Whale (PieceType::captured_as), at most
/// two Dolphins per file by drops and by moves, no Dolphin drop on the far rank or drop mate.
ir::RuleSet whale_shogi();
/// Wa shogi, 11x11: seventeen kinds of piece, fourteen promoting, with shogi's drop rules.
ir::RuleSet wa_shogi();
/// Standard shogi with Tenjiku's range-jumping generals (ir::AtomKind::jump; King rank 2, Great
/// General 3, Vice General 2 with a three-step area move, Rook General 1), a free jumper that
/// also moves beyond what it passes, a Fire Demon (three-step area move) and a two-step area mover.
ir::RuleSet jumping_shogi();
/// The capture-and-emperor test variant (tests/data/capture-emperor-test.md), 7x7, no zone and
/// no drops: the King must promote by capturing to an Emperor that moves to any square the
/// opponent does not protect (ir::AtomKind::anywhere); a Silver may promote by capturing; a
/// Pawn must promote when it captures a Pawn or a Silver, and only then.
ir::RuleSet capture_emperor_test();
/// capture_emperor_test with the Emperor's protection barring its captures only: it goes to any
/// empty square (ir::AnywhereGuard::captures).
ir::RuleSet capture_emperor_open_test();
/// A 16x16 test of long move lists: a King, a Ghost that moves anywhere the opponent does not
/// protect and may promote anywhere to a Ghost of the same move, and 24 queens (A to Z but G
/// and K), all droppable; kings only at the start.
ir::RuleSet many_moves_test();
/// A 9x9 test of more piece types than attack masks have bits: the King and 69 types (A to Z but
/// K, A' to Z', A! to R!) that combine nine sets of leaps (by index % 9) with eight sets of slides
/// and hops (by index / 9), some of one set differing in range by type; drops as in shogi.
ir::RuleSet many_types_test();
/// many_types_test with each of the 69 types leaping to one square of its own: 70 leap kinds.
ir::RuleSet too_many_kinds_test();
/// A 9x9 test of more attack kinds than masks have bits, even shared by sets: the King and 76
/// types (as many_types_test's, then S! to Y!), type i leaping by the bits of i to seven squares
/// (76 sets) and, by i % 8, sliding forward, sliding diagonally with a range by type, hopping,
/// sliding past its first square, range-jumping (rank 1), making area or hook moves, or from
/// type 72 on, every eighth, moving anywhere unprotected; drops as in shogi.
ir::RuleSet wide_kinds_test();
/// Tenjiku's rule mechanisms on a 7x7 board without drops (tests/data/tenjiku-mechanisms.md):
/// a Lion promoting to a Lion Hawk, a Falcon with forward Lion power promoting to a Queen, and
/// a Chariot promoting to a Tetrarch that captures on its eight neighbours without moving and
/// slides jumping its first square (diagonally from two squares on, sideways two or three).
ir::RuleSet tenjiku_mechanisms();
/// Tenjiku's burning on a 7x7 board without drops (tests/data/tenjiku-burning.md): a Demon that
/// makes area moves of two steps and slides diagonally, and burns where it stops and what stops
/// next to it; King, Gold, Pawn promoting to Tokin.
ir::RuleSet tenjiku_burning();
/// Hook movers on a 7x7 board with drops (tests/data/hook-movers.md): a Hook Mover (orthogonal
/// hook moves) and a Goblin (diagonal hook moves and one step orthogonally) a side.
ir::RuleSet hook_movers();
/// Range captures and slides that pass pieces on a 7x7 board with drops
/// (tests/data/range-capturers.md): a General (rank 2) that range-captures in every direction,
/// a Vice (rank 2) that slides diagonally, leaps two squares forward and range-captures
/// orthogonally capturing only, a Dragon that steps orthogonally and slides diagonally past up
/// to two pieces; King (rank 1), Pawn promoting to Tokin.
ir::RuleSet range_capturers();

/// Tenjiku's two-leg mechanisms on Taikyoku shogi's 36x36 board without drops: 260 pieces a
/// side (a King, Lions, Falcons with forward Lion power, Chariots promoting to Tetrarchs that
/// capture without moving, Queens, Jumpers leaping four squares straight, and Pawns).
ir::RuleSet taikyoku_mechanisms();

/// Three-leg moves (a Lion power of three steps) on 7x7 with drops: a Dog with the area power
/// (every square within three, and two or three steps taking on the way) that promotes by
/// capturing a Gold to a Free king, a Hound with the power along each of the eight lines,
/// Golds, Pawns promoting to Tokins in a two-rank zone, and Kings.
ir::RuleSet lion3_mechanisms();

}  // namespace koma::test
