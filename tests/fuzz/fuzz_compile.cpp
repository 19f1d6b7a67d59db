// libFuzzer target: variant files. The input is compiled as a Markdown variant; diagnostics are
// located and coded; rules that compile either load into the runtime or are refused with an
// error value, and a start position that loads keeps every invariant of invariants.h.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "invariants.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace koma;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  compiler::Options options;
  options.variants_dir = KOMA_SOURCE_DIR "/variants";
  compiler::DiagnosticList diagnostics;
  auto rules = compiler::compile_source(text, "fuzz.md", diagnostics, options);
  for (const compiler::Diagnostic& d : diagnostics.items) {
    if (d.message.empty() || d.loc.file.empty()) {
      std::fprintf(stderr, "invariant broken: a diagnostic without message or file\n");
      std::abort();
    }
    if (d.message.size() > 2000) {
      std::fprintf(stderr, "invariant broken: a %zu-byte message: %.200s\n", d.message.size(), d.message.c_str());
      std::abort();
    }
  }
  if (!rules) return 0;
  if (diagnostics.has_errors()) {
    std::fprintf(stderr, "invariant broken: rules returned despite errors\n");
    std::abort();
  }
  auto loaded = Variant::load(std::move(*rules));
  if (!loaded) return 0;
  Position pos(loaded.value());
  fuzz::check_position(pos);
  return 0;
}
