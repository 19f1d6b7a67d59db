// The variant and position a subcommand works on, from libkoma, with the compiler's diagnostics
// printed to stderr as the command's own.
#pragma once

#include <string>

#include "cli_error.h"
#include "position_setup.h"
#include "variant_source.h"

namespace koma::cli {

/// load_variant(argument); prints its diagnostics (GCC style) to stderr, warnings included, and
/// throws CliError when it fails.
LoadedVariant open_variant(const std::string& argument);

}  // namespace koma::cli
