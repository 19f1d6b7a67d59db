// The one way a subcommand fails: a CliError carries the one-line message main() prints as
// `koma: error: MESSAGE` and the exit status.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

#include "error.h"

namespace koma::cli {

// The command speaks libkoma's words.
using namespace koma::lib;

/// Exit statuses shared by every subcommand.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  ///< bad input (variant, SFEN, move) or failed check
inline constexpr int kExitUsage = 2;    ///< malformed command line

/// Thrown by subcommands; caught and printed by main() as `koma: error: MESSAGE [CODE]`.
class CliError : public std::runtime_error {
 public:
  explicit CliError(const std::string& message, int exit_code = kExitFailure, std::string code = "")
      : std::runtime_error(message), exit_code_(exit_code), code_(std::move(code)) {}
  int exit_code() const { return exit_code_; }
  /// The library's stable code ("" when the command has none to give).
  const std::string& code() const { return code_; }

 private:
  int exit_code_;
  std::string code_;
};

/// The line main() prints for `error`: its message, then its code in brackets unless the
/// message already ends with it.
std::string error_line(const CliError& error);

/// The value of `result`, or a CliError with its message and code (kExitUsage for a usage
/// error).
template <class T>
T unwrap(lib::Result<T> result) {
  if (!result) {
    throw CliError(result.error().message, result.error().usage ? kExitUsage : kExitFailure,
                   result.error().code);
  }
  return std::move(result).value();
}

}  // namespace koma::cli
