// Moves in words for every front end: USI, Japanese (☗７六歩, ☖同　銀) or Western (P-7f, Bx2b+)
// notation, with the side marks Japanese moves carry.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "error.h"
#include "game.h"
#include "notation.h"

namespace koma::lib {

class Game;

/// How moves are written: a notation and, for Japanese moves, their side marks.
struct Wording {
  records::Notation notation = records::Notation::usi;
  records::SideSigns signs = records::SideSigns::pieces;
};

/// "usi", "japanese" or "western"; `unknown-notation` (a usage error) otherwise.
Result<records::Notation> notation_named(std::string_view name);
/// "pieces" (☗☖), "triangles" (▲△) or "none"; `unknown-signs` (a usage error) otherwise.
Result<records::SideSigns> signs_named(std::string_view name);
/// The name notation_named reads.
std::string notation_name(records::Notation notation);

/// A legal move of `position` in words (usi: in the spelling `dialect`); 同 refers to the
/// square the position's last move went to. `notation-no-japanese-name` when the piece has no
/// Japanese name.
Result<std::string> move_words(const Position& position, Move move, const Wording& wording,
                               int dialect = kNativeDialect);

/// Every legal move of the game's position in words, in the order of Game::legal_moves.
Result<std::vector<std::string>> legal_move_words(const Game& game, const Wording& wording);

/// Each move played in the game in words, read in the position it was played in.
Result<std::vector<std::string>> history_words(const Game& game, const Wording& wording);

}  // namespace koma::lib
