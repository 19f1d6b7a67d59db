// The position options shared by moves, perft and render.
#include "position_args.h"

namespace koma::cli {

void add_position_options(CLI::App& command, PositionArgs& args) {
  command.add_option("--sfen", args.sfen, "Start from this SFEN instead of the start position");
  command.add_option("--moves", args.moves,
                     "Moves (USI) to play first, in order; several words or one quoted list")
      ->expected(0, -1);
  command.add_option("--dialect", args.dialect,
                     "Spelling of pieces in moves and SFEN output (e.g. lishogi, fsf for Kyoto); "
                     "input is read in this one first, then in the others");
}

}  // namespace koma::cli
