// `koma`: the command line. Parses arguments, runs one subcommand, turns failures into a
// one-line `koma: error: ...` on stderr and an exit status (1 bad input, 2 bad usage).
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli_error.h"
#include "commands.h"
#include "variant_source.h"
#include "did_you_mean.h"
#include "version.h"

namespace {

/// Flushes and closes standard output; a write that failed (a full disk, a closed pipe) turns
/// into an error message and a failing exit status, so no caller mistakes a lost report for
/// success.
int finish_output(int exit_code) {
  using namespace koma::cli;
  std::cout.flush();
  errno = 0;
  bool ok = std::fflush(stdout) == 0 && !std::ferror(stdout) && std::cout.good();
  int reason = errno;
  if (!ok && reason == 0) {
    // An earlier buffered write failed and its errno is gone: one more byte finds out why
    // (the output is incomplete already; a stray newline cannot make it worse).
    std::clearerr(stdout);
    if (std::fputc('\n', stdout) == EOF || std::fflush(stdout) != 0) reason = errno;
  }
  if (std::fclose(stdout) != 0 && ok) {
    ok = false;
    reason = errno;
  }
  if (ok) return exit_code;
  std::cerr << "koma: error: cannot write to standard output"
            << (reason != 0 ? std::string(": ") + std::strerror(reason) : std::string()) << "\n";
  return exit_code == kExitOk ? kExitFailure : exit_code;
}

int run(int argc, char** argv) {
  using namespace koma::cli;
  CLI::App app{"koma: a rules engine for the shogi family. Variants are Markdown files; koma "
               "compiles, checks, plays and draws them.",
               "koma"};
  app.set_version_flag("--version", version_line());
  app.require_subcommand(1);
  app.fallthrough(false);
  std::string slugs;
  for (const std::string& slug : bundled_slugs()) slugs += (slugs.empty() ? "" : ", ") + slug;
  if (slugs.empty()) slugs = "none found";
  app.footer("VARIANT is a bundled variant's slug (" + slugs + ") or a path to a .md file.\n"
             "Run 'koma COMMAND --help' for a command's options.");

  int exit_code = kExitOk;
  add_validate(app, exit_code);
  add_compile(app, exit_code);
  add_moves(app, exit_code);
  add_perft(app, exit_code);
  add_bench(app, exit_code);
  add_explain(app, exit_code);
  add_render(app, exit_code);
  add_play(app, exit_code);
  add_serve(app, exit_code);
  add_playground(app, exit_code);
  add_usi(app, exit_code);
  add_selfplay(app, exit_code);

  try {
    // CLI11 would call an unknown command a missing one; name it and suggest the closest.
    if (argc > 1 && argv[1][0] != '-') {
      std::vector<std::string> names;
      for (const CLI::App* command : app.get_subcommands({})) names.push_back(command->get_name());
      if (std::find(names.begin(), names.end(), argv[1]) == names.end()) {
        std::cerr << "koma: error: unknown command '" << argv[1] << "'"
                  << did_you_mean(argv[1], names) << " (run 'koma --help' for usage)\n";
        return kExitUsage;
      }
    }
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "koma: error: " << e.what() << " (run 'koma --help' for usage)\n";
    return kExitUsage;
  } catch (const CliError& e) {
    std::cerr << "koma: error: " << error_line(e) << "\n";
    return e.exit_code();
  } catch (const std::exception& e) {
    std::cerr << "koma: error: " << e.what() << "\n";
    return kExitFailure;
  }
  return exit_code;
}

}  // namespace

int main(int argc, char** argv) { return finish_output(run(argc, argv)); }
