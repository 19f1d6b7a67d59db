// `koma validate FILE...`: compile each file, run the runtime checks on what compiles, and
// report every diagnostic as GCC-style text, JSON or SARIF. Exit 1 when any file has an error.
#include <filesystem>
#include <iostream>

#include <fmt/core.h>

#include "cli_error.h"
#include "commands.h"
#include "diagnostic_format.h"
#include "output_format.h"
#include "runtime_checks.h"
#include "variant_source.h"

namespace koma::cli {

namespace {

struct ValidateArgs {
  std::vector<std::string> files;
  Format format = Format::text;
};

int run_validate(const ValidateArgs& args) {
  std::vector<compiler::Diagnostic> all;
  bool any_error = false;
  std::vector<std::string> paths;
  for (const auto& argument : args.files) {
    std::error_code error;
    if (std::filesystem::is_directory(argument, error)) {
      const auto found = variant_files_in(argument);
      if (found.empty()) throw CliError(fmt::format("no variant files in folder '{}'", argument));
      paths.insert(paths.end(), found.begin(), found.end());
    } else if (looks_like_path(argument)) {
      paths.push_back(argument);  // an unreadable file is a diagnostic like any other
    } else {
      paths.push_back(resolve_variant_path(argument));
    }
  }
  for (const auto& path : paths) {
    compiler::DiagnosticList diagnostics;
    const auto rules = compile_variant(path, diagnostics);
    if (rules && !diagnostics.has_errors()) check_with_runtime(*rules, path, diagnostics);
    any_error = any_error || !rules || diagnostics.has_errors();
    for (auto& d : diagnostics.items) all.push_back(std::move(d));
  }
  switch (args.format) {
    case Format::text: std::cerr << format_gcc(all); break;
    case Format::json: print_out(format_json(all)); break;
    case Format::sarif: print_out(format_sarif(all)); break;
  }
  return any_error ? kExitFailure : kExitOk;
}

}  // namespace

void add_validate(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<ValidateArgs>();
  CLI::App* command = app.add_subcommand(
      "validate",
      "Compile variant files and check what needs the runtime: the rules load, the start "
      "position is legal, no piece starts where it can never move, every piece type can "
      "appear. A folder stands for its variant files (lowercase SLUG.md). Exit status 0 when no "
      "file has an error, 1 otherwise.");
  command
      ->add_option("FILE", args->files,
                   "Variant files (.md), bundled slugs, or folders (every SLUG.md in them)")
      ->required();
  add_format_option(*command, args->format, true);
  command->callback([args, &exit_code] { exit_code = run_validate(*args); });
}

}  // namespace koma::cli
