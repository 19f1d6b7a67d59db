// `koma serve`: answers JSON requests, one a line on stdin, one answer a line on stdout, until
// stdin ends. Answers are flushed whenever no further request is already waiting.
#include <cstdio>
#include <iostream>
#include <string>

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

int run_serve() {
  std::ios::sync_with_stdio(false);
  std::streambuf& in = *std::cin.rdbuf();
  Server server;
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
  command->callback([&exit_code] { exit_code = run_serve(); });
}

}  // namespace koma::cli
