// Command-line glue for positions: the --sfen/--moves/--dialect options.
#pragma once

#include <CLI/CLI.hpp>

#include "cli_error.h"
#include "position_setup.h"

namespace koma::cli {

/// Adds --sfen, --moves and --dialect to `command`, filling `args`.
void add_position_options(CLI::App& command, PositionArgs& args);

}  // namespace koma::cli
