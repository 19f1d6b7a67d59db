// `koma validate FILE...`: compile each file, run the runtime checks on what compiles, and
// report every diagnostic as GCC-style text, JSON or SARIF. Exit 1 when any file has an error.
#include <algorithm>
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

/// What was left out of the folders given, for the closing summary.
struct Skipped {
  std::vector<std::string> items;  ///< "NAME (why)"
  void add(const std::vector<std::string>& paths, std::string_view why) {
    for (const auto& path : paths) items.push_back(fmt::format("{} ({})", path, why));
  }
};

compiler::Diagnostic skipped_warning(const std::string& path) {
  compiler::Diagnostic d;
  d.severity = compiler::Severity::warning;
  d.code = compiler::Code::file_skipped;
  d.loc.file = path;
  d.message = fmt::format("'{}' is not checked: only files named like SLUG.md (lowercase letters, "
                          "digits and '-') are variant files; rename it to check it",
                          std::filesystem::path(path).filename().string());
  return d;
}

std::string summary(std::size_t files, std::size_t errors, std::size_t warnings,
                    const Skipped& skipped) {
  const auto plural = [](std::size_t n, std::string_view word) {
    return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
  };
  std::string out = fmt::format("koma: validated {}: {}, {}", plural(files, "file"),
                                plural(errors, "error"), plural(warnings, "warning"));
  if (!skipped.items.empty()) {
    out += fmt::format("; skipped {}:", skipped.items.size());
    for (const auto& item : skipped.items) out += "\n  " + item;
  }
  return out + "\n";
}

int run_validate(const ValidateArgs& args) {
  std::vector<compiler::Diagnostic> all;
  bool any_error = false;
  std::vector<std::string> paths;
  Skipped skipped;
  bool any_folder = false;
  std::size_t dropped_errors = 0, dropped_warnings = 0;  // counted by the lists, not kept
  for (const auto& argument : args.files) {
    std::error_code error;
    if (std::filesystem::is_directory(argument, error)) {
      any_folder = true;
      const FolderListing listing = unwrap(list_folder(argument));
      if (listing.variants.empty() && listing.misnamed.empty()) {
        throw CliError(fmt::format("no variant files in folder '{}'", argument));
      }
      paths.insert(paths.end(), listing.variants.begin(), listing.variants.end());
      for (const auto& path : listing.misnamed) all.push_back(skipped_warning(path));
      skipped.add(listing.misnamed, "not a lowercase slug name");
      skipped.add(listing.not_regular, "not a regular file");
      skipped.add(listing.documentation, "documentation");
      skipped.add(listing.folders, "a folder; folders are not searched");
    } else if (looks_like_path(argument)) {
      paths.push_back(argument);  // an unreadable file is a diagnostic like any other
    } else {
      paths.push_back(unwrap(resolve_variant_path(argument)));
    }
  }
  for (const auto& path : paths) {
    compiler::DiagnosticList diagnostics;
    const auto rules = compile_variant(path, diagnostics);
    if (rules && !diagnostics.has_errors()) check_with_runtime(*rules, path, diagnostics);
    any_error = any_error || !rules || diagnostics.has_errors();
    for (auto& d : diagnostics.items) all.push_back(std::move(d));
    dropped_errors += diagnostics.dropped_errors;
    dropped_warnings += diagnostics.dropped_warnings;
  }
  switch (args.format) {
    case Format::text: std::cerr << format_gcc(all); break;
    case Format::json: print_out(format_json(all)); break;
    case Format::sarif: print_out(format_sarif(all)); break;
  }
  if (any_folder) {
    const auto errors = static_cast<std::size_t>(std::count_if(
        all.begin(), all.end(), [](const auto& d) { return d.severity == compiler::Severity::error; }));
    const auto warnings = static_cast<std::size_t>(std::count_if(
        all.begin(), all.end(), [](const auto& d) { return d.severity == compiler::Severity::warning; }));
    std::cerr << summary(paths.size(), errors + dropped_errors, warnings + dropped_warnings,
                         skipped);
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
