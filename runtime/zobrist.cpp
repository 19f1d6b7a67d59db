// Zobrist keys: one per (piece, side, square), per (side, hand piece, count), and the side to move.
#include "variant_build.h"

namespace koma::detail {

namespace {

/// splitmix64: deterministic Zobrist keys.
std::uint64_t next_key(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace

void build_keys(Tables& t) {
  std::uint64_t state = 0x6B6F6D61u;  // fixed seed: keys are stable across runs
  const std::size_t n = static_cast<std::size_t>(t.piece_count);
  const std::size_t cells = static_cast<std::size_t>(t.cells);
  t.board_key.assign((2 * n + 1) * cells, 0);
  for (std::size_t code = 1; code <= 2 * n; ++code) {
    for (int sq : t.squares) t.board_key[code * cells + static_cast<std::size_t>(sq)] = next_key(state);
  }
  t.hand_key.assign(2 * n * kHandKeyStride, 0);
  for (std::size_t i = 0; i < 2 * n; ++i) {
    for (std::size_t c = 1; c < kHandKeyStride; ++c) t.hand_key[i * kHandKeyStride + c] = next_key(state);
  }
  t.side_key = next_key(state);
  t.trade_key.assign(cells, 0);
  for (int sq : t.squares) t.trade_key[static_cast<std::size_t>(sq)] = next_key(state);
}

}  // namespace koma::detail
