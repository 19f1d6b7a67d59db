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

}  // namespace koma::test
