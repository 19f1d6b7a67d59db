// The one way a subcommand fails: a CliError carries the one-line message main() prints as
// `koma: error: MESSAGE` and the exit status.
#pragma once

#include <stdexcept>
#include <string>

namespace koma::cli {

/// Exit statuses shared by every subcommand.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  ///< bad input (variant, SFEN, move) or failed check
inline constexpr int kExitUsage = 2;    ///< malformed command line

/// Thrown by subcommands; caught and printed by main().
class CliError : public std::runtime_error {
 public:
  explicit CliError(const std::string& message, int exit_code = kExitFailure)
      : std::runtime_error(message), exit_code_(exit_code) {}
  int exit_code() const { return exit_code_; }

 private:
  int exit_code_;
};

}  // namespace koma::cli
