// `koma compile FILE`: the compiled IR in its canonical readable form (the dump the golden
// tests use); diagnostics as validate prints them.
#include <iostream>

#include "cli_error.h"
#include "commands.h"
#include "diagnostic_format.h"
#include "ir/dump.h"
#include "output_format.h"
#include "variant_source.h"

namespace koma::cli {

namespace {

struct CompileArgs {
  std::string file;
};

int run_compile(const CompileArgs& args) {
  const std::string path = unwrap(resolve_variant_path(args.file));
  compiler::DiagnosticList diagnostics;
  const auto rules = compile_variant(path, diagnostics);
  std::cerr << format_gcc(diagnostics.items);
  if (!rules || diagnostics.has_errors()) return kExitFailure;
  print_out(ir::dump(*rules));
  return kExitOk;
}

}  // namespace

void add_compile(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<CompileArgs>();
  CLI::App* command = app.add_subcommand(
      "compile", "Compile a variant file and print its rule IR in canonical readable form.");
  command->add_option("FILE", args->file, "Variant file (.md) or bundled slug")->required();
  command->callback([args, &exit_code] { exit_code = run_compile(*args); });
}

}  // namespace koma::cli
