// libFuzzer target: USI move text. Byte 0 picks a bundled variant, byte 1 a number of plies
// (0-15) played from the start with the following bytes choosing among the legal moves; the
// rest is move text, parsed in every spelling. A move that parses is legal and its text reads
// back to it; the positions reached keep every invariant of invariants.h.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "invariants.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace koma;
  if (size < 2 || size > 4096) return 0;
  const auto& variants = fuzz::bundled_variants();
  const auto& variant = variants[data[0] % variants.size()];
  Position pos(variant);
  std::size_t at = 2;
  for (int ply = 0; ply < (data[1] & 15) && at < size; ++ply, ++at) {
    if (pos.status().ended) break;
    const std::vector<Move> moves = pos.legal_moves();
    if (moves.empty()) break;
    pos.make(moves[data[at] % moves.size()]);
  }
  fuzz::check_position(pos, /*with_children=*/false);
  const std::string_view text(reinterpret_cast<const char*>(data + at), size - at);
  const std::vector<Move> legal = pos.legal_moves();
  for (int dialect = kNativeDialect; dialect < static_cast<int>(variant->rules().dialects.size()); ++dialect) {
    const auto parsed = pos.parse_move(text, dialect);
    if (!parsed) {
      const std::string& code = parsed.error().code;
      if (code != "move-malformed" && code != "move-illegal") fuzz::fail("unexpected error code " + code, pos);
      if (parsed.error().message.size() > 400) fuzz::fail("an error message longer than 400 bytes", pos);
      continue;
    }
    if (std::find(legal.begin(), legal.end(), *parsed) == legal.end()) {
      fuzz::fail("parse_move accepted an illegal move", pos);
    }
    const auto again = pos.parse_move(pos.move_text(*parsed, dialect), dialect);
    if (!again || !(*again == *parsed)) fuzz::fail("a parsed move's text does not read back", pos);
  }
  return 0;
}
