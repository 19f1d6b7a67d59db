// The position options shared by moves, perft and render, and the tier option of perft and bench.
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

void add_tier_option(CLI::App& command, std::string& tier) {
  command.add_option("--tier", tier,
                     "Move generator: bitboard (the default where it covers the variant's rules) "
                     "or mailbox (every variant; the reference)")
      ->check(CLI::IsMember({"mailbox", "bitboard"}));
}

void choose_tier(Position& position, const std::string& tier) {
  if (!position.set_tier(tier == "bitboard" ? Tier::bitboard : Tier::mailbox)) {
    throw CliError("the bitboard tier does not cover this variant's rules; it plays on the mailbox",
                   kExitUsage, "tier-not-covered");
  }
}

}  // namespace koma::cli
