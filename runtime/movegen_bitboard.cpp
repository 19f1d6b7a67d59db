// The bitboard tier of the legal move generator: the same legal moves as the mailbox
// generator (movegen.cpp), found with square sets. Occupancy is read from the position's sets
// (the tier keeps no piece lists) once per call; checkers and pins once per call from the
// guarded royal; each piece's targets are leap sets and slides to the nearest blocker; the
// royal's destinations are tested by asking the other side's pieces standing where a leap may
// come from; drops are the empty squares minus dead squares and full files. Counting (perft's
// last ply) adds up the sets instead of listing their moves, and where the variant's replies
// change with a move only through the squares it empties, fills and takes, perft's last two
// plies are counted by difference (BitboardGenerator::two_plies). The generator and its kernels
// are in movegen_bitboard.h; this file chooses the kernel and keeps the position's sets.
#include "movegen_bitboard.h"

namespace koma {

// The kernels of variants with hops are compiled in movegen_bitboard_hops.cpp.
namespace bitboard_kernels {
#if defined(__x86_64__) && !defined(__POPCNT__)
extern template std::size_t count_v3<Bitboard64, false, true>(BitboardGenerator<Bitboard64>&);
extern template std::size_t count_v3<Bitboard64, true, true>(BitboardGenerator<Bitboard64>&);
extern template std::size_t count_v3<Bitboard128, false, true>(BitboardGenerator<Bitboard128>&);
extern template std::size_t count_v3<Bitboard128, true, true>(BitboardGenerator<Bitboard128>&);
extern template std::size_t count_with_instruction<Bitboard64, true>(BitboardGenerator<Bitboard64>&);
extern template std::size_t count_with_instruction<Bitboard128, true>(BitboardGenerator<Bitboard128>&);
extern template std::size_t count_without_instruction<Bitboard64, true>(BitboardGenerator<Bitboard64>&);
extern template std::size_t count_without_instruction<Bitboard128, true>(BitboardGenerator<Bitboard128>&);
extern template bool list_v3<Bitboard64, true>(BitboardGenerator<Bitboard64>&, ListSink<Bitboard64, true>&);
extern template bool list_v3<Bitboard128, true>(BitboardGenerator<Bitboard128>&, ListSink<Bitboard128, true>&);
#endif
extern template bool list_plain<Bitboard64, true>(BitboardGenerator<Bitboard64>&, ListSink<Bitboard64>&);
extern template bool list_plain<Bitboard128, true>(BitboardGenerator<Bitboard128>&, ListSink<Bitboard128>&);
extern template std::size_t count_native<Bitboard64, true>(BitboardGenerator<Bitboard64>&);
extern template std::size_t count_native<Bitboard128, true>(BitboardGenerator<Bitboard128>&);
}  // namespace bitboard_kernels

using namespace bitboard_kernels;

namespace {

#if defined(__x86_64__) && !defined(__POPCNT__)
/// Whether the processor's PEXT is a fast instruction: not on AMD's processors of the families
/// before 19h (Excavator, Zen 1 and 2), which run it in microcode, many times slower than the
/// computed slides.
bool fast_pext() {
  return !__builtin_cpu_is("amdfam15h") && !__builtin_cpu_is("amdfam17h");
}

/// The best kernel the processor runs, read once.
CountKernel best_kernel() {
  __builtin_cpu_init();
#if defined(__clang__)
  // Clang's builtin names no LZCNT; every processor with BMI2 and AVX2 has it.
  const bool v3 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
                  __builtin_cpu_supports("popcnt");
#else
  const bool v3 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
                  __builtin_cpu_supports("lzcnt") && __builtin_cpu_supports("popcnt");
#endif
  if (v3) return fast_pext() ? CountKernel::v3_lookup : CountKernel::v3;
  return __builtin_cpu_supports("popcnt") ? CountKernel::popcnt : CountKernel::portable;
}
CountKernel best() {
  static const CountKernel kernel = best_kernel();
  return kernel;
}
/// The kernel in use: the best, unless use_count_kernel chose another. Set when the library
/// loads, so that each count reads it without a guard (before that it is the portable kernel,
/// which every processor runs).
CountKernel chosen_kernel = best();
CountKernel& chosen() { return chosen_kernel; }

/// The moves of `gen` into `list`; false where the tier does not play the position.
template <class Bitboard>
bool list_moves(BitboardGenerator<Bitboard>& gen, MoveList& list, const BitboardTables& tables) {
  const BitTables<Bitboard>& b = tables.of<Bitboard>();
  if (chosen() == CountKernel::v3_lookup && b.lookup) {
    ListSink<Bitboard, true> sink{list, b};
    return tables.hops ? list_v3<Bitboard, true>(gen, sink) : list_v3<Bitboard, false>(gen, sink);
  }
  // Tables of leaps only (BitboardTables::kLeaps) have no lookup.
  ListSink<Bitboard> sink{list, b};
  if (tables.kernels == BitboardTables::kLeaps) {
    gen.run_leaps(sink);
    return true;
  }
  return tables.hops ? list_plain<Bitboard, true>(gen, sink) : gen.template run<false>(sink);
}

/// BitboardGenerator::run_leaps counting, compiled for each processor level the counts are.
template <bool Instruction, class Bitboard>
std::size_t count_leaps(BitboardGenerator<Bitboard>& gen) {
  CountSink<Instruction, Bitboard> sink;
  gen.run_leaps(sink);
  return sink.n;
}
template <class Bitboard>
__attribute__((target("popcnt,bmi,bmi2,lzcnt,avx2"), flatten)) std::size_t count_leaps_v3(BitboardGenerator<Bitboard>& gen) {
  return count_leaps<true>(gen);
}
template <class Bitboard>
__attribute__((target("popcnt"), flatten)) std::size_t count_leaps_with_instruction(BitboardGenerator<Bitboard>& gen) {
  return count_leaps<true>(gen);
}
template <class Bitboard>
__attribute__((flatten)) std::size_t count_leaps_without_instruction(BitboardGenerator<Bitboard>& gen) {
  return count_leaps<false>(gen);
}

template <class Bitboard>
std::size_t count_moves(BitboardGenerator<Bitboard>& gen, const BitboardTables& tables) {
  // Per CountKernel below `native`, by the tables' column (BitboardTables::kernels: lookup and
  // hops, or leaps counted piece by piece): one load and a call. Rows of eight, so that the
  // row is found by a shift (the last three columns are never read).
  using Kernel = std::size_t (*)(BitboardGenerator<Bitboard>&);
  static constexpr Kernel kKernels[4][8] = {
      {count_without_instruction<Bitboard, false>, count_without_instruction<Bitboard, false>,
       count_without_instruction<Bitboard, true>, count_without_instruction<Bitboard, true>,
       count_leaps_without_instruction<Bitboard>},
      {count_with_instruction<Bitboard, false>, count_with_instruction<Bitboard, false>,
       count_with_instruction<Bitboard, true>, count_with_instruction<Bitboard, true>,
       count_leaps_with_instruction<Bitboard>},
      {count_v3<Bitboard, false, false>, count_v3<Bitboard, false, false>, count_v3<Bitboard, false, true>,
       count_v3<Bitboard, false, true>, count_leaps_v3<Bitboard>},
      {count_v3<Bitboard, false, false>, count_v3<Bitboard, true, false>, count_v3<Bitboard, false, true>,
       count_v3<Bitboard, true, true>, count_leaps_v3<Bitboard>},
  };
  return kKernels[static_cast<std::size_t>(chosen())][tables.kernels](gen);
}

/// BitboardGenerator::two_plies compiled for each processor level the counts are.
template <class Bitboard>
__attribute__((target("popcnt,bmi,bmi2,lzcnt,avx2"), flatten)) bool two_plies_v3(BitboardGenerator<Bitboard>& gen, TwoPlies& out) {
  return gen.template two_plies<CountSink<true, Bitboard>>(out);
}
template <class Bitboard>
__attribute__((target("popcnt"), flatten)) bool two_plies_with_instruction(BitboardGenerator<Bitboard>& gen, TwoPlies& out) {
  return gen.template two_plies<CountSink<true, Bitboard>>(out);
}
template <class Bitboard>
__attribute__((flatten)) bool two_plies_without_instruction(BitboardGenerator<Bitboard>& gen, TwoPlies& out) {
  return gen.template two_plies<CountSink<false, Bitboard>>(out);
}

template <class Bitboard>
bool count_two(BitboardGenerator<Bitboard>& gen, TwoPlies& out) {
  switch (chosen()) {
    case CountKernel::v3:
    case CountKernel::v3_lookup: return two_plies_v3(gen, out);
    case CountKernel::popcnt: return two_plies_with_instruction(gen, out);
    default: return two_plies_without_instruction(gen, out);
  }
}
#else
CountKernel best() { return CountKernel::native; }
CountKernel& chosen() {
  static CountKernel kernel = best();
  return kernel;
}

template <class Bitboard>
std::size_t count_moves(BitboardGenerator<Bitboard>& gen, const BitboardTables& tables) {
  if (tables.kernels == BitboardTables::kLeaps) {
    CountSink<true, Bitboard> sink;
    gen.run_leaps(sink);
    return sink.n;
  }
  if (tables.hops) return count_native<Bitboard, true>(gen);
  CountSink<true, Bitboard> sink;
  gen.template run<false>(sink);
  return sink.n;
}

template <class Bitboard>
bool list_moves(BitboardGenerator<Bitboard>& gen, MoveList& list, const BitboardTables& tables) {
  ListSink<Bitboard> sink{list, tables.of<Bitboard>()};
  if (tables.hops) return list_plain<Bitboard, true>(gen, sink);
  if (tables.kernels == BitboardTables::kLeaps) {
    gen.run_leaps(sink);
    return true;
  }
  return gen.template run<false>(sink);
}

template <class Bitboard>
bool count_two(BitboardGenerator<Bitboard>& gen, TwoPlies& out) {
  return gen.template two_plies<CountSink<true, Bitboard>>(out);
}
#endif

/// The sets of `pos`'s pieces at the width `Bitboard`, gathered from its board squares.
template <class Bitboard, class C>
SetArrays<Bitboard> gathered(const std::vector<int>& squares, const C* board, const Bitboard* bits) {
  SetArrays<Bitboard> sets{};
  for (int sq : squares) {
    const C c = board[static_cast<std::size_t>(sq)];
    if (!is_piece(c)) continue;
    sets.occupied[static_cast<std::size_t>(cell_side(c))] |= bits[sq];
    sets.pieces[static_cast<std::size_t>(c - 1)] |= bits[sq];
  }
  return sets;
}

}  // namespace

CountKernel count_kernel() { return chosen(); }

CountKernel best_count_kernel() { return best(); }

bool use_count_kernel(CountKernel kernel) {
  if (kernel > best() || (best() == CountKernel::native) != (kernel == CountKernel::native)) return false;
  chosen() = kernel;
  return true;
}

const char* count_kernel_name(CountKernel kernel) {
  switch (kernel) {
    case CountKernel::portable: return "portable";
    case CountKernel::popcnt: return "popcnt";
    case CountKernel::v3: return "x86-64-v3";
    case CountKernel::v3_lookup: return "x86-64-v3+pext";
    case CountKernel::native: return "native";
  }
  return "?";
}

template <class C>
bool BasicPosition<C>::set_tier(Tier tier) {
  if (tier == Tier::bitboard && !t_->bitboard) return false;
  if (tier == Tier::bitboard && !sets_.on()) {
    // The sets were not kept on the mailbox: gathered again from the board.
    sets_.mode = bitboard_mode();
    if (sets_.mode == BitSets::Mode::wide) sets_.wide_sets = gathered(t_->squares, board_.data(), bits<Bitboard128>());
    if (sets_.mode == BitSets::Mode::narrow) sets_.narrow_sets = gathered(t_->squares, board_.data(), bits<Bitboard64>());
  }
  if (tier == Tier::mailbox && sets_.on()) {
    sets_.mode = BitSets::Mode::off;
    rebuild_lists();  // the bitboard tier kept none
  }
  return true;
}

template <class C>
bool BasicPosition<C>::bitboards_ok() const {
  const auto same = [](const auto& a, const auto& b) { return a.occupied == b.occupied && a.pieces == b.pieces; };
  if (sets_.mode == BitSets::Mode::wide) return same(gathered(t_->squares, board_.data(), bits<Bitboard128>()), sets_.wide_sets);
  return same(gathered(t_->squares, board_.data(), bits<Bitboard64>()), sets_.narrow_sets);
}


template <class C>
template <class Bitboard>
void BasicPosition<C>::generate_bitboard(MoveList& list) const {
  BitboardGenerator<Bitboard> gen(*this);
  if (!gen.covers()) {
    generate_guarding_all(list);
    return;
  }
  list.reserve(t_->move_bound);
  if (!list_moves(gen, list, *t_->bitboard)) {
    list.clear();
    generate_special(list);
  }
}

template <class C>
template <class Bitboard>
std::size_t BasicPosition<C>::count_bitboard() const {
  BitboardGenerator<Bitboard> gen(*this);
  if (!gen.covers()) return count_guarding_all();
  return count_moves(gen, *t_->bitboard);
}

template <class C>
template <class Bitboard>
bool BasicPosition<C>::count_two_plies(TwoPlies& out) const {
  assert(t_->bitboard && t_->bitboard->two_plies && sets_.on());
  BitboardGenerator<Bitboard> gen(*this);
  return count_two(gen, out);
}

template void BasicPosition<std::uint8_t>::generate_bitboard<Bitboard64>(MoveList&) const;
template bool BasicPosition<std::uint8_t>::count_two_plies<Bitboard64>(TwoPlies&) const;
template bool BasicPosition<std::uint8_t>::count_two_plies<Bitboard128>(TwoPlies&) const;
template void BasicPosition<std::uint8_t>::generate_bitboard<Bitboard128>(MoveList&) const;
template std::size_t BasicPosition<std::uint8_t>::count_bitboard<Bitboard64>() const;
template std::size_t BasicPosition<std::uint8_t>::count_bitboard<Bitboard128>() const;
template <class C>
BitSets::Mode BasicPosition<C>::bitboard_mode() const {
  if (!t_->bitboard) return BitSets::Mode::off;
  return t_->bitboard->width == 128 ? BitSets::Mode::wide : BitSets::Mode::narrow;
}

// The members above at both cell widths.
template bool BasicPosition<std::uint8_t>::set_tier(Tier tier);
template bool BasicPosition<std::uint8_t>::bitboards_ok() const;
template BitSets::Mode BasicPosition<std::uint8_t>::bitboard_mode() const;
template bool BasicPosition<std::uint16_t>::set_tier(Tier tier);
template bool BasicPosition<std::uint16_t>::bitboards_ok() const;
template BitSets::Mode BasicPosition<std::uint16_t>::bitboard_mode() const;

}  // namespace koma
