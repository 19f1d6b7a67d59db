// The variant compiler's public face: a Markdown variant file in, a RuleSet or diagnostics out.
// Stages (one file each): source -> front matter -> Markdown tables -> phrases -> AST ->
// resolve (parent, names) -> lower -> IR. Nothing here prints; diagnostics go to a sink.
//
// What a caller may use (installed as <koma/compiler/compiler.h>, CMake target koma::compiler):
// compile_file and compile_source below, with a DiagnosticList (diagnostics.h) collecting every
// diagnostic as a value (location, severity, stable code, message, notes); format_gcc prints
// one as compilers do. The RuleSet they return goes to koma::Variant::load (runtime/game.h).
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "diagnostics.h"
#include "ir/rules.h"

namespace koma::compiler {

struct Options {
  /// Folder holding bundled variants, where `parent: SLUG` is looked up as SLUG.md.
  std::string variants_dir;
  /// Whether `parent: SLUG` may be looked up in a folder (the child's own folder or
  /// variants_dir); empty: every folder. A refused folder is skipped as if it held no variants,
  /// so a diagnostic tells nothing of what it holds.
  std::function<bool(const std::filesystem::path& folder)> may_search;
};

/// Reads and compiles the file at `path`. Returns the RuleSet only when no error was reported.
std::optional<ir::RuleSet> compile_file(const std::string& path, DiagnosticSink& sink,
                                        const Options& options);

/// Compiles `text` as if read from `path` (used in locations and for parent lookup).
std::optional<ir::RuleSet> compile_source(std::string_view text, const std::string& path,
                                          DiagnosticSink& sink, const Options& options);

}  // namespace koma::compiler
