// What stands where: the pieces of a position by square, the hands, a square named in USI, a
// piece named by its letter, and the position as a plain-text board, in a game's spelling.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game.h"

namespace koma::lib {

/// A piece standing on a square (or named by its letter).
struct PieceInfo {
  ir::PieceId id = 0;       ///< its type in the rules
  std::string symbol;       ///< its SFEN letter in the spelling asked for; lowercase for gote
  std::string name;         ///< the English name ("Gold General")
  std::string label;        ///< the name in the original script for its side ("金"), else `symbol`
  ir::Side side = ir::Side::sente;
  bool promoted = false;    ///< a promoted face (another face promotes to it, or its letter has '+')
};

/// A piece and the square it stands on (USI, "7g").
struct SquarePiece {
  std::string square;
  PieceInfo piece;
};

/// Pieces of one kind in a hand: the letter it is dropped with (uppercase) and how many.
struct HandPiece {
  ir::PieceId id = 0;
  std::string symbol;
  int count = 0;
};

/// The mailbox square of a USI square name ("7g", "12a"), or -1 when it names no square.
int square_index(const Variant& variant, std::string_view text);

/// The piece of type `id` for `side`, its letter in the spelling `dialect`.
PieceInfo piece_info(const Variant& variant, ir::PieceId id, ir::Side side, int dialect);

/// The piece on mailbox square `square`; empty when none stands there.
std::optional<PieceInfo> piece_at(const Position& position, int square, int dialect);

/// Every piece on the board, in SFEN order (rank a first, high file first).
std::vector<SquarePiece> board_pieces(const Position& position, int dialect);

/// The pieces in `side`'s hand, in piece order.
std::vector<HandPiece> hand_pieces(const Position& position, ir::Side side, int dialect);

/// The piece type whose letter is `symbol` (either case, an optional '+') in the spelling
/// `dialect`, else in any spelling the variant reads; empty when none.
std::optional<ir::PieceId> piece_named(const Variant& variant, std::string_view symbol, int dialect);

/// The position as text: file numbers, one line per rank (letters, '.' for an empty square,
/// the rank's letter at the end), gote's hand above and sente's below when pieces go to hand,
/// and the side to move. Each line ends in a newline.
std::string board_text(const Position& position, int dialect);

}  // namespace koma::lib
