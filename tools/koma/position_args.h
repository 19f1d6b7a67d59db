// Command-line glue for positions: the --sfen/--moves/--dialect options and the JSON form of
// a game's status.
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "position_setup.h"

namespace koma::cli {

/// Adds --sfen, --moves and --dialect to `command`, filling `args`.
void add_position_options(CLI::App& command, PositionArgs& args);

/// {"rule": "checkmate", "winner": "gote" | null, "outcome": "loss", "text": "..."}.
nlohmann::ordered_json status_json(const Variant& variant, const GameStatus& status);

}  // namespace koma::cli
