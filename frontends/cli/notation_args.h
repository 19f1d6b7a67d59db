// Command-line glue for moves in words: the --notation and --signs options.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "cli_error.h"
#include "game.h"

namespace koma::cli {

/// What --notation and --signs said.
struct NotationArgs {
  std::string notation = "usi";  ///< usi, japanese or western
  std::string signs = "pieces";  ///< pieces (☗☖), triangles (▲△) or none
};

/// Adds --notation and --signs to `command`, filling `args`.
void add_notation_options(CLI::App& command, NotationArgs& args);

/// A legal move of `position` in the notation asked for (同: the square of the position's last
/// move); a CliError `MESSAGE [CODE]` when it cannot be written (a piece without a Japanese name).
std::string move_words(const Position& position, Move move, const NotationArgs& args);

}  // namespace koma::cli
