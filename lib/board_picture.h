// What a board image shows, independent of how it is drawn: squares with labelled pieces, the
// two hands, and the captions. Built from a RuleSet and an SFEN.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/rules.h"

namespace koma::lib {

/// A piece drawn on a square.
struct PictureCell {
  int file = 0;            ///< 1-based, 1 = rightmost
  int rank = 0;            ///< 1-based, 1 = top
  std::string label;       ///< what is written on it (kanji where known, else the symbol)
  ir::Side side = ir::Side::sente;
  bool promoted = false;   ///< drawn in the promoted colour
};

/// Pieces of one kind in a hand.
struct PictureHandItem {
  std::string label;
  int count = 0;
  std::string symbol;  ///< the piece type's own symbol (sente's, uppercase)
};

struct BoardPicture {
  int files = 9;
  int ranks = 9;
  int cell_size = 40;                   ///< pixels per square
  std::string title;                    ///< the SVG <title>
  std::string side_names[2] = {"sente", "gote"};
  std::vector<PictureCell> cells;
  std::vector<PictureHandItem> hands[2];  ///< indexed by Side
  bool show_hands = true;                 ///< false when captures never reach a hand
  ir::Side to_move = ir::Side::sente;
};

/// Whether `type` is a promoted face: another face promotes to it one way, or its symbol has '+'.
bool is_promoted_face(const ir::RuleSet& rules, const ir::PieceType& type);

/// What a piece of `side` is labelled with: its kanji, or its symbol. A name with alternatives
/// ("王/玉") gives gote the first and sente the last, as shogi diagrams do with the two kings.
std::string piece_label(const ir::PieceType& type, ir::Side side);

/// Builds the picture of `sfen` (written in the rules' own symbols). Returns an error message
/// when the SFEN cannot be read.
struct PictureResult {
  std::optional<BoardPicture> picture;
  std::string error;
};
PictureResult picture_from_sfen(const ir::RuleSet& rules, const std::string& sfen,
                                const std::string& title);

}  // namespace koma::lib
