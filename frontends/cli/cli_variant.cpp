// Loading a variant for a subcommand.
#include "cli_variant.h"

#include <iostream>

#include <fmt/core.h>

#include "diagnostic_format.h"

namespace koma::cli {

LoadedVariant open_variant(const std::string& argument) {
  lib::Result<LoadedVariant> loaded = load_variant(argument);
  if (loaded) {
    if (!loaded->warnings.empty()) std::cerr << format_gcc(loaded->warnings);
    return std::move(loaded).value();
  }
  const lib::Error& error = loaded.error();
  if (error.diagnostics.empty()) throw CliError(error.message, kExitFailure, error.code);
  std::cerr << format_gcc(error.diagnostics);
  // Rules that compile but that the runtime's checks refuse "cannot be played".
  const std::optional<compiler::Code> code = compiler::code_from_spelling(error.code);
  const bool compiled = code && compiler::is_validate_code(*code);
  throw CliError(fmt::format("'{}' {}", error.file, compiled ? "cannot be played" : "does not compile"));
}

std::string error_line(const CliError& error) {
  const std::string message = error.what();
  if (error.code().empty() || message.ends_with("[" + error.code() + "]")) return message;
  return message + " [" + error.code() + "]";
}

}  // namespace koma::cli
