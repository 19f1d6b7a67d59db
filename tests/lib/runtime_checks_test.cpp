// validate's checks that read the IR alone: pieces that can never move, faces nothing reaches.
#include <catch2/catch.hpp>

#include "board_geometry.h"
#include "runtime_checks.h"

using namespace koma;
using namespace koma::lib;

namespace {

ir::PieceType piece_with(std::string name, std::vector<ir::Offset> steps) {
  ir::PieceType type;
  type.name = std::move(name);
  for (const auto& step : steps) {
    ir::MoveAtom atom;
    atom.delta = step;
    type.moves.push_back(atom);
  }
  return type;
}

}  // namespace

TEST_CASE("a forward-only piece is stuck on the far rank, for each side its own far rank") {
  const ir::PieceType pawn = piece_with("Pawn", {{0, 1}});
  const ir::Board board{};  // 9x9
  CHECK_FALSE(can_ever_move(pawn, board, 5, 1, ir::Side::sente));
  CHECK(can_ever_move(pawn, board, 5, 2, ir::Side::sente));
  CHECK_FALSE(can_ever_move(pawn, board, 5, 9, ir::Side::gote));
  CHECK(can_ever_move(pawn, board, 5, 1, ir::Side::gote));
}

TEST_CASE("a knight is stuck on the two far ranks but not beside the edge") {
  const ir::PieceType knight = piece_with("Knight", {{-1, 2}, {1, 2}});
  const ir::Board board{};
  CHECK_FALSE(can_ever_move(knight, board, 5, 2, ir::Side::sente));
  CHECK(can_ever_move(knight, board, 1, 3, ir::Side::sente));
  CHECK(can_ever_move(knight, board, 9, 3, ir::Side::sente));
  CHECK(square_name(9, 2) == "9b");
}

TEST_CASE("faces are reachable from the start through promotion and capture, others are not") {
  ir::RuleSet rules;
  rules.pieces = {piece_with("King", {{0, 1}}), piece_with("Pawn", {{0, 1}}),
                  piece_with("Tokin", {{0, 1}}), piece_with("Rook", {{0, 1}}),
                  piece_with("Dragon", {{0, 1}})};
  rules.pieces[1].promotion = ir::Promotion::optional;
  rules.pieces[1].promotes_to = 2;
  rules.pieces[2].base_face = 1;
  rules.pieces[3].promotion = ir::Promotion::optional;
  rules.pieces[3].promotes_to = 4;
  rules.setup.placements = {{5, 9, 0, ir::Side::sente, {}}, {5, 1, 0, ir::Side::gote, {}},
                            {5, 7, 1, ir::Side::sente, {}}};
  CHECK(unreachable_pieces(rules) == std::vector<ir::PieceId>{3, 4});
  rules.setup.hands[1] = {{3, 1}};
  CHECK(unreachable_pieces(rules).empty());
}

TEST_CASE("a face a capture puts in hand instead of the captured piece is reachable, the captured one's own is not needed") {
  ir::RuleSet rules;
  rules.pieces = {piece_with("King", {{0, 1}}), piece_with("Porpoise", {{1, 0}}), piece_with("Orca", {{0, 1}})};
  rules.setup.placements = {{3, 6, 0, ir::Side::sente, {}}, {3, 1, 0, ir::Side::gote, {}},
                            {4, 6, 1, ir::Side::sente, {}}};
  CHECK(unreachable_pieces(rules) == std::vector<ir::PieceId>{2});
  rules.pieces[1].captured_as = 2;
  CHECK(unreachable_pieces(rules).empty());
}

TEST_CASE("a piece moves by its movement for the rank it stands on") {
  const ir::Board board{6, 6, {}};
  ir::PieceType dolphin = piece_with("Dolphin", {{0, 1}});
  CHECK_FALSE(can_ever_move(dolphin, board, 3, 1, ir::Side::sente));
  dolphin.rank_moves.push_back({{1}, dolphin.moves, {}});
  dolphin.rank_moves[0].moves[0].delta = {1, -1};
  CHECK(can_ever_move(dolphin, board, 3, 1, ir::Side::sente));
  CHECK(can_ever_move(dolphin, board, 3, 6, ir::Side::gote));
}
