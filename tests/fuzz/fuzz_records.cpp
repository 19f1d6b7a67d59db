// libFuzzer target: game records. Byte 0 picks the reader ('c' CSA, 'k' KIF, anything else a
// USI move list), the rest is the record. A record is read or refused with a located error; one
// that reads is judged on standard shogi, and a judged game written back as a USI line reads and
// judges again to the same moves and verdict. The final position keeps the invariants.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "invariants.h"
#include "record.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace koma;
  if (size < 1 || size > 16384) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  const records::ReadResult read = data[0] == 'c'   ? records::read_csa(text)
                                   : data[0] == 'k' ? records::read_kif(text)
                                                    : records::read_usi(text);
  if (!read.record) {
    if (read.error.message.empty()) {
      std::fprintf(stderr, "invariant broken: a refused record without a message\n");
      std::abort();
    }
    return 0;
  }
  const auto& shogi = fuzz::bundled_variant("shogi");
  const records::JudgeResult first = records::judge(shogi, *read.record);
  if (!first.judged) return 0;
  const records::Judged& game = *first.judged;
  Position pos = game.start->clone();
  for (const Move m : game.moves) pos.make(m);
  fuzz::check_position(pos, /*with_children=*/false);

  // A USI line cannot say that a move was the wrong side's (a CSA sign): that foul has no
  // round trip.
  if (game.foul && game.foul->wrong_side) return 0;
  const std::string line = records::write_usi(game);
  const records::ReadResult again = records::read_usi(line);
  if (!again.record) fuzz::fail("the written USI line does not read: " + line, pos);
  const records::JudgeResult second = records::judge(shogi, *again.record);
  if (!second.judged) fuzz::fail("the written USI line does not judge: " + line, pos);
  if (second.judged->moves != game.moves) fuzz::fail("the USI round trip changed the moves", pos);
  if (second.judged->verdict.status.ended != game.verdict.status.ended ||
      second.judged->verdict.plies != game.verdict.plies) {
    fuzz::fail("the USI round trip changed the verdict", pos);
  }
  return 0;
}
