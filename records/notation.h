// Moves in words, for any variant: Japanese notation (☗７六歩, ☖同　銀, ▲５二金右上成) with the
// JSA words that tell two pieces of a kind apart, Western (Hodges) notation (P-7f, Bx2b+, G6i-5h),
// and KI2 records, whose moves are Japanese notation read back against the legal moves.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "game.h"
#include "record.h"

namespace koma::records {

/// The mark before a move in Japanese notation.
enum class SideSigns {
  pieces,     ///< ☗ sente, ☖ gote
  triangles,  ///< ▲ sente, △ gote (KI2 files)
  none,       ///< no mark
};

/// The Japanese name of every piece type of `variant`, by piece id: its native name (of
/// alternatives such as "王/玉", the one KIF writes, else the first); "" where it has none.
std::vector<std::string> japanese_names(const Variant& variant);

/// A legal move of `position` in Japanese notation: sign, square (同　 when it is
/// `previous_to`, the square the move before went to; -1: none), piece, 右/左/直/上/引/寄 when
/// another piece of that name could go there too, 打 when a board move of that name could
/// also reach the square, 成 for a one-way promotion, 不成 for a declined one; a move of two
/// steps (a Lion's, an igui, a pass) as its squares, ６八・５七獅子, then the same words. Error
/// `notation-no-japanese-name` when the piece has no Japanese name, `notation-ambiguous-name`
/// for a drop that another piece type of the same name could make too.
Result<std::string> japanese_move(const Position& position, Move move, int previous_to,
                                  SideSigns signs = SideSigns::pieces);

/// Whether the legal board move `move` keeps its face where a move the same way that changes it
/// is legal too (a declined promotion, 不成), whatever marks either carries.
bool declines_promotion(const Position& position, Move move);

/// A legal move of `position` in Western notation: the variant's piece token, its origin when
/// another piece with that token could go there too, `-` or `x`, the square, `+` for a
/// promotion, `=` for a declined one; drops `S*5e`; two steps `Nx6e-5e`, an igui `Nx!6e`
/// (Hodges), a pass the two steps `N-8g-7f`.
std::string western_move(const Position& position, Move move);

/// The ways koma writes a move.
enum class Notation { usi, japanese, western };

/// A legal move of `position` in `notation` (usi: the variant's own USI spelling).
Result<std::string> move_in(const Position& position, Move move, Notation notation, int previous_to,
                            SideSigns signs = SideSigns::pieces);

/// Reads a move in Japanese notation (sign optional; 同, 右左中直上引寄 (行 and 入 as 上), 打,
/// 成, 不成 (生); two steps ６六・５五, through an empty square the move there, a pass through any)
/// against the legal moves of `position`; `previous_to` as for japanese_move.
/// Codes: ki2-move (not a move in Japanese notation), ki2-same-square (同 with no move before),
/// ki2-no-such-move (no legal move fits), ki2-ambiguous (more than one fits).
Result<Move> read_japanese_move(const Position& position, std::string_view text, int previous_to);

/// Reads a move in Western notation (as western_move writes it; `-` and `x` alike, the origin
/// optional, two steps through an empty square as the move there, a pass through any empty
/// square beside the piece) against the legal moves of
/// `position`. Codes: western-move (not a move in Western notation), western-no-such-move,
/// western-ambiguous.
Result<Move> read_western_move(const Position& position, std::string_view text);

/// Reads a KI2 record of `variant`: headers, comments and a board diagram as KIF, then moves
/// in Japanese notation (▲７六歩　△同　歩), several a line, each read against the legal moves
/// where it is made; the closing まで line gives the end (の勝ち: the side to move resigned,
/// 千日手, 持将棋, 中断). Variations are refused (ki2-variation).
ReadResult read_ki2(std::string_view text, const std::shared_ptr<const Variant>& variant);

/// The game as KI2: the KIF headers and start, the moves six a line, the closing line. A game
/// with a foul or with variations cannot be written (an error message).
std::string write_ki2(const Judged& game, std::string& error);

}  // namespace koma::records
