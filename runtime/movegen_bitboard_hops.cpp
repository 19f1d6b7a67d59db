// The bitboard tier's kernels for variants with hops, compiled apart from the others
// (movegen_bitboard.cpp) so that those are compiled as though hops did not exist.
#include "movegen_bitboard.h"

namespace koma::bitboard_kernels {

#if defined(__x86_64__) && !defined(__POPCNT__)
template std::size_t count_v3<Bitboard64, false, true>(BitboardGenerator<Bitboard64>&);
template std::size_t count_v3<Bitboard64, true, true>(BitboardGenerator<Bitboard64>&);
template std::size_t count_v3<Bitboard128, false, true>(BitboardGenerator<Bitboard128>&);
template std::size_t count_v3<Bitboard128, true, true>(BitboardGenerator<Bitboard128>&);
template std::size_t count_with_instruction<Bitboard64, true>(BitboardGenerator<Bitboard64>&);
template std::size_t count_with_instruction<Bitboard128, true>(BitboardGenerator<Bitboard128>&);
template std::size_t count_without_instruction<Bitboard64, true>(BitboardGenerator<Bitboard64>&);
template std::size_t count_without_instruction<Bitboard128, true>(BitboardGenerator<Bitboard128>&);
template bool list_v3<Bitboard64, true>(BitboardGenerator<Bitboard64>&, ListSink<Bitboard64, true>&);
template bool list_v3<Bitboard128, true>(BitboardGenerator<Bitboard128>&, ListSink<Bitboard128, true>&);
#endif
template bool list_plain<Bitboard64, true>(BitboardGenerator<Bitboard64>&, ListSink<Bitboard64>&);
template bool list_plain<Bitboard128, true>(BitboardGenerator<Bitboard128>&, ListSink<Bitboard128>&);
template std::size_t count_native<Bitboard64, true>(BitboardGenerator<Bitboard64>&);
template std::size_t count_native<Bitboard128, true>(BitboardGenerator<Bitboard128>&);

}  // namespace koma::bitboard_kernels
