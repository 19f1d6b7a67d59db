// Command-line glue for positions: the --sfen/--moves/--dialect and --tier options.
#pragma once

#include <CLI/CLI.hpp>

#include "cli_error.h"
#include "position_setup.h"

namespace koma::cli {

/// Adds --sfen, --moves and --dialect to `command`, filling `args`.
void add_position_options(CLI::App& command, PositionArgs& args);
/// Adds --tier (mailbox or bitboard: the move generator's tier) to `command`, filling `tier`.
void add_tier_option(CLI::App& command, std::string& tier);
/// Puts `position` on the tier named `tier`; a CliError when the variant has no bitboard tier.
void choose_tier(Position& position, const std::string& tier);

}  // namespace koma::cli
