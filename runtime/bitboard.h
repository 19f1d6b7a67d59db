// Bitboards: a set of board squares in one 64-bit word (boards of up to 64 squares) or in
// 128 bits (up to 128), and the tables of the bitboard tier of the move generator
// (movegen_bitboard.cpp), derived once per variant from its mailbox tables at the narrowest
// width its board fits; the tables and kernels are templates instantiated per width.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "ir/rules.h"
#include "variant.h"

namespace koma {

/// A set of board squares: bit (rank - 1) * files + (files - file), so that along any line of
/// the board the bit index moves the way the mailbox index does. Bitboard64 for boards of up
/// to 64 squares, Bitboard128 for the larger ones.
using Bitboard64 = std::uint64_t;
__extension__ typedef unsigned __int128 Bitboard128;

inline constexpr int kMaxBitboardSquares = 128;  ///< largest board the bitboard tier plays
inline constexpr int kMaxNarrowSquares = 64;  ///< largest board played with Bitboard64 sets
/// Most piece types the bitboard tier plays: each is its own attack kind (Tables::piece_bit).
inline constexpr int kMaxBitboardTypes = kMaxAttackKinds;

/// Number of set bits of a word (the processor's instruction where the build targets it).
inline int popcount64(std::uint64_t x) {
#if defined(__POPCNT__)
  return __builtin_popcountll(x);
#else
  x = x - ((x >> 1) & 0x5555555555555555u);
  x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
  return static_cast<int>((x * 0x0101010101010101u) >> 56);
#endif
}
/// Number of squares in a set.
inline int popcount(Bitboard64 b) { return popcount64(b); }
inline int popcount(Bitboard128 b) {
  const auto hi = static_cast<std::uint64_t>(b >> 64);
  return popcount64(static_cast<std::uint64_t>(b)) + (hi ? popcount64(hi) : 0);
}
/// The set moved by `delta` bit indices (towards higher ones when positive).
template <class B>
inline B shifted(B b, int delta) {
  return delta >= 0 ? b << delta : b >> -delta;
}
/// Index of the lowest square of a non-empty set.
inline int lowest(Bitboard64 b) { return __builtin_ctzll(b); }
inline int lowest(Bitboard128 b) {
  const auto lo = static_cast<std::uint64_t>(b);
  return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(static_cast<std::uint64_t>(b >> 64));
}
/// Index of the highest square of a non-empty set.
inline int highest(Bitboard64 b) { return 63 - __builtin_clzll(b); }
inline int highest(Bitboard128 b) {
  const auto hi = static_cast<std::uint64_t>(b >> 64);
  return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll(static_cast<std::uint64_t>(b));
}
/// Calls `f` with the bit index of each square of `set`, lowest first: a 128-bit set word by
/// word, so that the loop clears and scans 64-bit words.
template <class F>
inline void for_each_square(Bitboard64 set, F&& f) {
  for (; set; set &= set - 1) f(__builtin_ctzll(set));
}
template <class F>
inline void for_each_square(Bitboard128 set, F&& f) {
  for (auto lo = static_cast<std::uint64_t>(set); lo; lo &= lo - 1) f(__builtin_ctzll(lo));
  for (auto hi = static_cast<std::uint64_t>(set >> 64); hi; hi &= hi - 1) f(64 + __builtin_ctzll(hi));
}
/// Whether `f(cell[i])` holds for some bit index i of `set` (it stops at the first).
template <class F>
[[gnu::always_inline]] inline bool any_square(Bitboard64 set, const int* cell, F&& f) {
  for (; set; set &= set - 1) {
    if (f(cell[__builtin_ctzll(set)])) return true;
  }
  return false;
}
template <class F>
[[gnu::always_inline]] inline bool any_square(Bitboard128 set, const int* cell, F&& f) {
  return any_square(static_cast<Bitboard64>(set), cell, f) || any_square(static_cast<Bitboard64>(set >> 64), cell + 64, f);
}
/// The squares up to the lowest of `b` and that one, every square when `b` is empty: along a
/// rising ray, the squares a slide reaches when `b` are the ray's occupied squares.
template <class B>
inline B up_to_lowest(B b) {
  return b ^ (b - 1);
}
/// The set of the one square `index`.
template <class B>
inline B square_bit(int index) {
  return B{1} << index;
}

/// Where a slide's destinations from one square are looked up (RayLookup): `mask`, the squares
/// whose occupancy decides them (the line less its last square); `offset`, where the entries
/// of this square start; `low`, how many squares of the mask lie in the low 64 bits (128-bit
/// sets). The entry of an occupancy is the mask's occupied squares packed into the low bits of
/// an index, lowest square first (what the processor's PEXT instruction computes).
template <class Bitboard>
struct RaySquare {
  Bitboard mask = 0;
  std::uint32_t offset = 0;
  std::uint32_t low = 0;
};

/// Most entries the lookup tables of one variant's lines may hold together: past it the tier
/// runs the slides by computation alone (kernels without lookup).
inline constexpr std::size_t kMaxRayEntries = std::size_t{1} << 20;

/// One line of squares a slide runs along from each square (a slide direction and its range),
/// nearest square first in index order when `rising`, last when not.
template <class Bitboard>
struct Ray {
  int offset = 0;  ///< mailbox step
  int range = 0;   ///< most squares, 0 = unlimited
  bool rising = true;
  int unlimited = 0;  ///< index of the ray of the same step without a range (itself if none)
  std::vector<Bitboard> from;  ///< per bit index: the squares of the line
};

/// The slides of a piece along one line through its square, looked up together: one ray, or
/// two opposite rays of one range (BitTables::rays), whose destinations depend on the
/// occupancy of both.
template <class Bitboard>
struct Line {
  int rays[2] = {-1, -1};  ///< the second -1: a line of one ray
  std::vector<RaySquare<Bitboard>> square;  ///< per bit index: where its destinations are
  std::vector<Bitboard> attacks;  ///< the destinations, for every occupancy of every mask
};

/// The destinations RaySquare `at` gives over the occupied squares `occ`, the mask's squares
/// packed by PEXT (x86-64 processors with BMI2; kernels that call it run on those only).
#if defined(__x86_64__)
__attribute__((target("bmi2"))) inline Bitboard64 looked_up(const RaySquare<Bitboard64>& at, const Bitboard64* attacks, Bitboard64 occ) {
  return attacks[at.offset + __builtin_ia32_pext_di(occ, at.mask)];
}
__attribute__((target("bmi2"))) inline Bitboard128 looked_up(const RaySquare<Bitboard128>& at, const Bitboard128* attacks, Bitboard128 occ) {
  const std::uint64_t lo = __builtin_ia32_pext_di(static_cast<std::uint64_t>(occ), static_cast<std::uint64_t>(at.mask));
  const std::uint64_t hi =
      __builtin_ia32_pext_di(static_cast<std::uint64_t>(occ >> 64), static_cast<std::uint64_t>(at.mask >> 64));
  return attacks[at.offset + (lo | hi << at.low)];
}
#else
template <class Bitboard>
Bitboard looked_up(const RaySquare<Bitboard>&, const Bitboard*, Bitboard) = delete;
#endif

/// A slide of one piece type for one side, on one ray; the pointers are into
/// BitTables::rays (set once every ray is built).
template <class Bitboard>
struct BitSlide {
  int ray = 0;
  int back = 0;  ///< the unlimited ray of the opposite step
  ir::AtomMode mode = ir::AtomMode::move_or_capture;
  bool rising = true;
  const Bitboard* line = nullptr;    ///< per bit index: the ray's squares
  const Bitboard* beyond = nullptr;  ///< per bit index: the unlimited ray's squares
  const Bitboard* behind = nullptr;  ///< per bit index: the back ray's squares
  /// The squares the slide from bit index `s` reaches over the occupied squares `occ`.
  Bitboard attacks(int s, Bitboard occ) const {
    const Bitboard l = line[s];
    const Bitboard blockers = l & occ;
    if (rising) return l & up_to_lowest(blockers);
    if (!blockers) return l;
    return l & ~beyond[highest(blockers)];
  }
};

/// A hop of one piece type for one side: along a ray over the nearest piece (the screen), then
/// on as a slide from it, within the hop's range from its origin; the pointers are into
/// BitTables::rays (set once every ray is built). The tier plays no hop with a limit beyond
/// the screen (Step::beyond).
template <class Bitboard>
struct BitHop {
  int ray = 0;   ///< the unlimited ray of the step
  int near = 0;  ///< the ray of the step with the hop's range (`ray` when it has none)
  int back = 0;  ///< the unlimited ray of the opposite step
  ir::AtomMode mode = ir::AtomMode::move_or_capture;
  bool rising = true;
  const Bitboard* line = nullptr;    ///< per bit index: the unlimited ray's squares
  const Bitboard* within = nullptr;  ///< per bit index: the squares within the hop's range
  const Bitboard* behind = nullptr;  ///< per bit index: the back ray's squares
  /// The squares a hop from bit index `s` may end on over the occupied squares `occ`, whoever
  /// stands there: the empty squares past the screen and the first piece past them; 0 without
  /// a screen.
  Bitboard reach(int s, Bitboard occ) const {
    const Bitboard blockers = line[s] & occ;
    if (!blockers) return 0;
    const Bitboard past = line[rising ? lowest(blockers) : highest(blockers)];
    const Bitboard next = past & occ;
    Bitboard to = past;
    if (rising) {
      to &= up_to_lowest(next);
    } else if (next) {
      to &= ~line[highest(next)];
    }
    return to & within[s];
  }
};

/// The slides of one piece type along one Line, all of one mode, as the kernels that look
/// slides up play them (BitTables::lookup on, a processor with BMI2); the pointers are into
/// BitTables::lines (set once every line is built).
template <class Bitboard>
struct BitLine {
  int line = 0;
  ir::AtomMode mode = ir::AtomMode::move_or_capture;
  const RaySquare<Bitboard>* square = nullptr;
  const Bitboard* table = nullptr;
  /// The squares these slides from bit index `s` reach over the occupied squares `occ`.
  Bitboard looked_up(int s, Bitboard occ) const { return koma::looked_up(square[s], table, occ); }
};

/// One leap of a piece type for one side, played by every piece of the type at once.
template <class Bitboard>
struct BitLeap {
  int delta = 0;      ///< bit index difference from origin to destination
  Bitboard from = 0;  ///< origins from which it lands on the board
  /// Destinations where the zone rules let the move promote (optional and forced promotion).
  Bitboard promote = 0;
  /// Destinations where the move changes face, and where it keeps it, on alive squares (the
  /// promotion rule folded in; not used with Promotion::on_capture).
  Bitboard change = 0, keep = 0;
  ir::AtomMode mode = ir::AtomMode::move_or_capture;
};

/// How the generator plays the pieces of one type (the royal and pinned pieces aside), chosen
/// once from the type's movement.
enum class BitPlan : std::uint8_t {
  leaps,   ///< leaps only, few of them: each leap played by every piece of the type at once
  slides,  ///< slides only: piece by piece
  /// many leaps, all of them moving or taking, no slides, no Promotion::on_capture: piece by
  /// piece, counted from BitPiece::take_change and take_keep
  steps,
  pieces,  ///< leaps and slides, or many leaps of several modes: each piece's at once
  repeat,  ///< two of its atoms may reach one square, or it hops: piece by piece, one atom at a time
};
/// Most leaps of a type whose leaps are played type-wide (BitPlan::leaps): past it, one
/// shift and mask per leap costs more than the few pieces' leaps looked up square by square.
inline constexpr int kMaxTypeWideLeaps = 1;

/// Where the moves of one piece type change face, as far as the zone is concerned, chosen once
/// so that a type whose moves never or always change face reads no zone.
enum class BitFaces : std::uint8_t {
  zoned,   ///< by BitPiece::change and keep, from inside the zone or from outside it
  keep,    ///< never: no promotion, and every square alive
  change,  ///< always: flips on every move, and its other face alive everywhere
};

/// How one piece type of one side moves and changes face, as sets of squares. Aligned to a
/// power of two above its size, so that finding a type's entry is one shift.
template <class Bitboard>
struct alignas(512) BitPiece {
  BitPlan plan = BitPlan::leaps;
  std::vector<BitLeap<Bitboard>> leaps;
  std::vector<Bitboard> quiet;  ///< per bit index: leaps that may land on an empty square
  std::vector<Bitboard> take;   ///< per bit index: leaps that may take
  std::vector<Bitboard> reach;  ///< per bit index: squares from which a taking leap lands here
  std::vector<BitSlide<Bitboard>> slides;
  std::vector<BitLine<Bitboard>> lines;  ///< the same slides by line, to look up
  std::vector<int> reverse_slides;  ///< rays from a target back to this piece's taking slides
  /// Whether all its slides are of one mode (`slide_mode`): their squares are masked once.
  bool one_slide_mode = false;
  ir::AtomMode slide_mode = ir::AtomMode::move_or_capture;
  /// Per bit index, for a piece without slides: the squares from which some taking leap, and
  /// some taking slide on an empty board, of the other side reaches one of its leaps' squares.
  std::vector<Bitboard> guard_leapt, guard_slid;
  Bitboard alive = 0;         ///< squares it may stand on (not a forbidden dead end)
  Bitboard promoted_alive = 0;  ///< the same for the face it changes into
  /// [1 from inside the zone, 0 from outside it]: the squares a move of this piece changes face
  /// on, and those it keeps its face on, alive squares only (not used with Promotion::on_capture).
  Bitboard change[2] = {0, 0}, keep[2] = {0, 0};
  ir::Promotion promotion = ir::Promotion::none;
  BitFaces faces = BitFaces::zoned;
  /// A BitPlan::steps piece, or any piece of a variant counted by two plies
  /// (BitboardTables::two_plies): per bit index, `take` split into the squares a move from there
  /// changes face on (`take_change`) and those it keeps it on (`take_keep`), so that counting
  /// its moves reads neither the zone nor `faces`. Empty for other pieces.
  std::vector<Bitboard> take_change, take_keep;
  std::vector<BitHop<Bitboard>> hops;  ///< its hops (BitPlan::repeat), at most one per step
};
static_assert(sizeof(BitPiece<Bitboard64>) == 512 && sizeof(BitPiece<Bitboard128>) == 512,
              "a BitPiece fills its alignment exactly");

/// Most faces a side may drop in a variant whose last two plies perft counts by difference
/// (BitboardTables::two_plies): the faces its hand holds are kept per node.
inline constexpr std::size_t kMaxTwoPlyDrops = 16;

/// One face a hand piece may be dropped as by one side, with what cuts its squares down.
template <class Bitboard>
struct BitDrop {
  int hand = 0;         ///< the hand piece
  int face = 0;         ///< the face put on the board
  Bitboard ok = 0;      ///< the squares it may land on (Tables::drop_ok)
  int slot = -1;        ///< its per-file limit's slot (Tables::file_slot), -1 none
  int limit = 0;        ///< that limit (Tables::file_limit)
  bool mate = false;    ///< a drop of it may not mate (Tables::drop_mate)
};

/// The bitboard tier's tables at one width (`Bitboard`: Bitboard64 or Bitboard128).
template <class Bitboard>
struct BitTables {
  int squares = 0;                 ///< files * ranks
  std::vector<Bitboard> bit;       ///< per mailbox cell: its square's set, 0 off the board
  std::vector<std::uint8_t> index;  ///< per mailbox cell: its bit index, 0 off the board
  std::vector<int> cell;           ///< per bit index: the mailbox cell
  std::vector<Bitboard> one;       ///< per bit index: the set of that square alone
  Bitboard all = 0;                ///< every square
  std::vector<Ray<Bitboard>> rays;
  std::vector<Line<Bitboard>> lines;
  /// The lines' destinations are tabled by occupancy (Line::square, Line::attacks), for the
  /// kernels that look slides up: on where the processor runs them (best_count_kernel) and
  /// the tables hold at most kMaxRayEntries entries.
  bool lookup = false;
  std::vector<BitPiece<Bitboard>> pieces[2];        ///< [side][piece]
  /// Where every type leaps (BitboardTables::kLeaps), per cell code less one and bit index
  /// (at (c - 1) * squares + s): BitPiece::take_change and take_keep of that piece there, side
  /// by side, so that listing and counting its moves read one place; empty elsewhere.
  std::vector<std::array<Bitboard, 2>> leap_sets;
  Bitboard zone[2] = {0, 0};              ///< [side]
  /// [side]: where a move from inside the zone may promote, and where one from outside it may.
  Bitboard promote_inside[2] = {0, 0}, promote_outside[2] = {0, 0};
  std::vector<std::uint8_t> in_zone[2];  ///< [side][bit index]: 1 inside the side's zone, else 0
  std::uint64_t sliders[2] = {0, 0};      ///< [side]: piece types with a taking slide
  std::uint64_t royals = 0;               ///< the royal piece types
  /// [side][bit index]: the squares from which some taking slide of the side reaches that
  /// square on an empty board.
  std::vector<Bitboard> slid_from[2];
  /// [side][bit index]: the squares from which some taking leap of the side reaches that square.
  std::vector<Bitboard> leapt_from[2];
  /// [side]: every face of every hand piece, hand piece by hand piece (Tables::hand_pieces and
  /// drop_faces order), as the drops are generated.
  std::vector<BitDrop<Bitboard>> drops[2];
  std::vector<Bitboard> file;             ///< per file (1-based): its squares
  std::vector<Bitboard> file_of_bit;      ///< per bit index: the squares of its file
  std::uint64_t hoppers[2] = {0, 0};      ///< [side]: piece types with a taking hop
  /// [side][bit index]: the squares from which some taking hop of the side reaches that square
  /// over a screen, on a board empty but for the screen (filled where the variant has hops).
  std::vector<Bitboard> hopped_from[2];
  /// [side]: the ranks a royal of the side reaches to win (Tables::goal), none without the rule.
  Bitboard goal[2] = {0, 0};
  /// The slide attacks of ray `r` from bit index `s` over the occupied squares `occ`.
  Bitboard slide(int r, int s, Bitboard occ) const {
    const Ray<Bitboard>& ray = rays[static_cast<std::size_t>(r)];
    const Bitboard line = ray.from[static_cast<std::size_t>(s)];
    const Bitboard blockers = line & occ;
    if (ray.rising) return line & up_to_lowest(blockers);
    if (!blockers) return line;
    return line & ~rays[static_cast<std::size_t>(ray.unlimited)].from[static_cast<std::size_t>(highest(blockers))];
  }
  /// The nearest occupied square of ray `r` from `s`, or -1.
  int nearest(int r, int s, Bitboard occ) const {
    const Ray<Bitboard>& ray = rays[static_cast<std::size_t>(r)];
    const Bitboard blockers = ray.from[static_cast<std::size_t>(s)] & occ;
    if (!blockers) return -1;
    return ray.rising ? lowest(blockers) : highest(blockers);
  }
};

/// The bitboard tier's tables of a variant, built by Variant::load for a variant it covers:
/// at 64 bits for a board of up to kMaxNarrowSquares squares (`narrow`), else at 128 (`wide`).
struct BitboardTables {
  int width = 64;  ///< bits per set: 64 or 128
  /// Some piece hops: the kernels that play hops run (the others compile none of their tests).
  bool hops = false;
  /// perft counts its last two plies by difference (BitboardGenerator::two_plies): every type
  /// of either side moves by leaps that move or take (BitPiece::take_change and take_keep
  /// filled), a royal may be left attacked, no drop has a per-file limit, may not mate or is of
  /// a royal face, no face
  /// change makes a piece royal or ends it being one, and no ending is judged but a royal
  /// captured or reaching its ranks. A move then changes the other side's replies only through
  /// the square it empties, the square it fills and the piece it takes.
  bool two_plies = false;
  /// The column of the count kernels' table (movegen_bitboard.cpp) for these tables: 1 where
  /// the slides are looked up (BitTables::lookup), plus 2 with hops; kLeaps where `two_plies`
  /// (every type leaps, nothing guarded: BitboardGenerator::run_leaps counts and lists piece by piece).
  std::uint8_t kernels = 0;
  static constexpr std::uint8_t kLeaps = 4;
  BitTables<Bitboard64> narrow;   ///< filled when width is 64
  BitTables<Bitboard128> wide;    ///< filled when width is 128
  /// The tables at the width `B` (the one filled).
  template <class B>
  const BitTables<B>& of() const {
    if constexpr (sizeof(B) == sizeof(Bitboard64)) {
      return narrow;
    } else {
      return wide;
    }
  }
};

/// The kernels that count moves on the bitboard tier (perft's last ply), one per processor
/// level of x86-64, in increasing order; the best the processor runs is chosen at start-up,
/// so that one binary runs everywhere. Other builds have the one kernel of their target. With
/// v3_lookup the tier also lists moves with the slides looked up; with the others it lists
/// them as a baseline x86-64 processor does.
enum class CountKernel : std::uint8_t {
  portable,   ///< no popcount instruction
  popcnt,     ///< the popcount instruction
  v3,         ///< x86-64-v3 (AVX2, BMI1/2, LZCNT, POPCNT), slides computed
  v3_lookup,  ///< x86-64-v3, slides looked up with PEXT where the tables have lookup (fast PEXT only)
  native,     ///< the build's own target (not x86-64, or built for a given processor)
};
/// The kernel counting uses.
CountKernel count_kernel();
/// The best kernel the processor runs (the one counting starts with); the bitboard tables
/// hold the slides' lookup tables only where it is v3_lookup.
CountKernel best_count_kernel();
/// Makes counting use `kernel` from now on, for the whole process (tests run each kernel the
/// processor can); false, and no change, where the processor or the build cannot run it.
bool use_count_kernel(CountKernel kernel);
/// The kernel's name ("x86-64-v3+pext").
const char* count_kernel_name(CountKernel kernel);

/// The bitboard tables of a variant, or nothing when the tier does not cover its rules: moves
/// of two legs, hops limited beyond their screen or two hops of a piece along one step, the
/// trading rules, the extra promotions (PromotionRules::on_capture and
/// on_last_rank), movement
/// borrowed from the piece behind, or a board of more than kMaxBitboardSquares squares.
std::shared_ptr<const BitboardTables> build_bitboard_tables(const ir::RuleSet& r, const Tables& t);

}  // namespace koma
