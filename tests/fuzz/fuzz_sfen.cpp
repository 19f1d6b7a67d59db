// libFuzzer target: SFEN text. The first byte picks a bundled variant, the rest is the SFEN.
// An SFEN is either refused with an error value (leaving the position unchanged) or read into
// a position that keeps every invariant of invariants.h.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "invariants.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace koma;
  if (size < 1 || size > 4096) return 0;
  const auto& variants = fuzz::bundled_variants();
  const auto& variant = variants[data[0] % variants.size()];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  Position pos(variant);
  const std::string before = pos.sfen();
  const std::uint64_t hash = pos.hash();
  const auto read = pos.set_sfen(text, kAnyDialect);
  if (!read) {
    if (read.error().code.empty() || read.error().message.empty()) fuzz::fail("an error without code or message", pos);
    if (read.error().message.size() > 400) fuzz::fail("an error message longer than 400 bytes", pos);
    if (pos.sfen() != before || pos.hash() != hash) fuzz::fail("a refused SFEN changed the position", pos);
    return 0;
  }
  fuzz::check_position(pos);
  return 0;
}
