// The --format option shared by subcommands: text for people, json (and sarif for validate)
// for programs.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace koma::cli {

enum class Format { text, json, sarif };

/// Adds `--format` to `command`, accepting text and json, plus sarif when `with_sarif`.
/// `format` is set when the command line is parsed.
void add_format_option(CLI::App& command, Format& format, bool with_sarif = false);

/// Writes `text` to stdout as is.
void print_out(const std::string& text);

}  // namespace koma::cli
