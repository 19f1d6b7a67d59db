// Development tool: compiles variant files, prints their diagnostics (GCC format), optionally
// the IR dump, and the mean compile time over N runs.
//   compile_bench [--dump] [--runs N] FILE...
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "compiler.h"
#include "ir/dump.h"

int main(int argc, char** argv) {
  bool dump = false;
  int runs = 200;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--dump") {
      dump = true;
    } else if (arg == "--runs" && i + 1 < argc) {
      runs = std::max(1, std::atoi(argv[++i]));
    } else {
      files.push_back(arg);
    }
  }
  koma::compiler::Options options;
  options.variants_dir = KOMA_VARIANTS_DIR;
  int status = 0;
  for (const std::string& file : files) {
    koma::compiler::DiagnosticList list;
    const auto rules = koma::compiler::compile_file(file, list, options);
    for (const auto& d : list.items) std::fputs(koma::compiler::format_gcc(d).c_str(), stdout);
    if (!rules) {
      status = 1;
      continue;
    }
    if (dump) std::fputs(koma::ir::dump(*rules).c_str(), stdout);
    const auto start = std::chrono::steady_clock::now();
    for (int r = 0; r < runs; ++r) {
      koma::compiler::DiagnosticList quiet;
      (void)koma::compiler::compile_file(file, quiet, options);
    }
    const std::chrono::duration<double, std::milli> total = std::chrono::steady_clock::now() - start;
    std::printf("%s: %.3f ms per compile (mean of %d)\n", file.c_str(), total.count() / runs, runs);
  }
  return status;
}
