// An ASCII picture of where a piece moves: an empty square board with the piece in the centre,
// forward up, each reachable square marked by how it is reached.
#pragma once

#include <string>
#include <vector>

#include "ir/rules.h"

namespace koma::lib {

/// Marks, strongest first when several atoms reach one square.
inline constexpr char kMarkLeap = 'o';         ///< a leap or step (move or capture)
inline constexpr char kMarkSlide = '*';        ///< along a slide (move or capture)
inline constexpr char kMarkMoveOnly = 'm';     ///< move to an empty square only
inline constexpr char kMarkCaptureOnly = 'x';  ///< capture only
inline constexpr char kMarkAgain = '!';        ///< take here and step again (a multi-leg move)
inline constexpr char kMarkEmpty = '.';

/// The diagram on a `size` x `size` board (odd), the piece drawn as `symbol` (at most two
/// characters wide) in the centre. Each square is two characters wide; rows end in '\n'.
std::string movement_diagram(const std::vector<ir::MoveAtom>& atoms, const std::string& symbol,
                             int size);
/// The same with a piece's multi-leg moves: the squares where a first leg, or a three-leg move's
/// second leg, may take a piece and the move goes on are marked kMarkAgain.
std::string movement_diagram(const std::vector<ir::MoveAtom>& atoms, const std::vector<ir::LegMove>& legs,
                             const std::string& symbol, int size);

/// One line explaining the marks; `legs`: with the two-leg mark.
std::string movement_legend(bool legs = false);

/// The diagram size that shows every leap with room for slides: 7, or more for long leaps.
int diagram_size(const std::vector<ir::MoveAtom>& atoms);

}  // namespace koma::lib
