// The subcommands. Each add_* registers one on the app; when it runs, it stores its exit
// status in `exit_code` or throws CliError.
#pragma once

#include <CLI/CLI.hpp>

namespace koma::cli {

void add_validate(CLI::App& app, int& exit_code);
void add_compile(CLI::App& app, int& exit_code);
void add_moves(CLI::App& app, int& exit_code);
void add_perft(CLI::App& app, int& exit_code);
void add_bench(CLI::App& app, int& exit_code);
void add_explain(CLI::App& app, int& exit_code);
void add_render(CLI::App& app, int& exit_code);
void add_play(CLI::App& app, int& exit_code);
void add_serve(CLI::App& app, int& exit_code);
void add_playground(CLI::App& app, int& exit_code);
void add_usi(CLI::App& app, int& exit_code);
void add_selfplay(CLI::App& app, int& exit_code);

}  // namespace koma::cli
