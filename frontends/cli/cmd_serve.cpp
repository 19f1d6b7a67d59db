// `koma serve`: answers JSON requests, one a line on stdin, one answer a line on stdout, until
// stdin ends. Answers are flushed whenever no further request is already waiting.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "cli_error.h"
#include "commands.h"
#include "serve.h"

namespace koma::cli {

namespace {

/// Reads one line (without its newline or a trailing '\r') into `line`, keeping at most
/// kMaxRequestBytes + 1 bytes of it so a longer one is recognised without holding it all.
/// Returns false at the end of input.
bool read_request(std::streambuf& in, std::string& line) {
  line.clear();
  int c = 0;
  bool any = false;
  while ((c = in.sbumpc()) != std::char_traits<char>::eof()) {
    any = true;
    if (c == '\n') break;
    if (line.size() <= kMaxRequestBytes) line.push_back(static_cast<char>(c));
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return any;
}

int run_serve(ServeOptions access) {
  std::ios::sync_with_stdio(false);
  std::streambuf& in = *std::cin.rdbuf();
  Server server(std::move(access));
  std::string line;
  while (read_request(in, line)) {
    if (line.find_first_not_of(" \t") == std::string::npos) continue;  // blank lines
    std::cout << server.answer(line) << '\n';
    if (in.in_avail() <= 0) std::cout.flush();
    if (!std::cout) return kExitFailure;  // the reader went away
  }
  std::cout.flush();
  return std::cout ? kExitOk : kExitFailure;
}

}  // namespace

void add_serve(CLI::App& app, int& exit_code) {
  CLI::App* command = app.add_subcommand(
      "serve", "Answer JSON requests (moves, play, status, perft, validate...), one a line on "
               "stdin, one answer a line on stdout; variants are compiled once.");
  struct ServeArgs {
    std::vector<std::string> allowed;
    bool any_path = false;
  };
  auto args = std::make_shared<ServeArgs>();
  command->add_option("--allow", args->allowed,
                      "A folder whose variant files clients may name by path (repeatable); "
                      "otherwise only the bundled variants and variant text sent in a request")
      ->check(CLI::ExistingDirectory);
  command->add_flag("--any-path", args->any_path,
                    "Let clients name any variant file this process can read (trusted clients only)");
  command->callback([args, &exit_code] {
    ServeOptions access;
    access.any_path = args->any_path;
    for (const std::string& folder : args->allowed) {
      std::error_code error;
      const std::filesystem::path canonical = std::filesystem::canonical(folder, error);
      if (error) throw CliError(fmt::format("cannot use folder '{}': {}", folder, error.message()));
      access.folders.push_back(canonical);
    }
    exit_code = run_serve(std::move(access));
  });
}

}  // namespace koma::cli
