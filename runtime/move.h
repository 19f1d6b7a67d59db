// Move: a legal move packed in 32 bits, and MoveList: a list of them that grows without bound.
#pragma once

#include <cassert>
#include <cstdint>
#include <cstddef>

namespace koma {

/// Most mailbox cells a two-leg move's first leg may cross (Variant::load refuses more).
inline constexpr int kMaxLegOffset = 63;

/// The eight king steps as (file, row) mailbox displacements, files to the right and rows down
/// the mailbox: a three-leg move names its first two steps by their index here.
struct KingDirection {
  int file;
  int row;
};
inline constexpr KingDirection kKingDirections[8] = {{-1, -1}, {0, -1}, {1, -1}, {-1, 0},
                                                     {1, 0},   {-1, 1}, {0, 1},  {1, 1}};

/// Mailbox cells a Move's squares can name.
inline constexpr int kMoveSquares = 2048;

/// A move, packed in 32 bits. Layout (low to high):
///   bits  0-10  to square (runtime mailbox index, see Variant::square)
///   bits 11-21  from square, or the piece type dropped for a drop (the face put on the board)
///   bit  22     drop
///   bit  23     the moving piece changes face (promotion or flip)
///   bits 24-31  a two-leg move's middle square (where its first leg ends) as 128 plus its
///               displacement from the origin (kMaxLegOffset either way, so 65 to 191); 128 for
///               a one-leg move's own origin when it changes the trading rules' square (so that
///               make takes the path that keeps it, see Position::generate_special); for a
///               three-leg move, 192 plus 8 times the direction of its first step plus that of
///               its second (kKingDirections: the middle squares need the board's width, see
///               Variant::middle_squares); else zero
/// Square indices belong to the Variant that made the move; Position converts to and from text.
/// The zero value is "no move" and is never legal.
class Move {
 public:
  constexpr Move() = default;
  static constexpr Move board(int from, int to, bool change_face) {
    assert(from >= 0 && from < kMoveSquares && to >= 0 && to < kMoveSquares);
    return Move(static_cast<std::uint32_t>(to) | static_cast<std::uint32_t>(from) << 11 |
                (change_face ? kChangeBit : 0u));
  }
  /// A move of two legs through `mid` (a board square, at most kMaxLegOffset cells from
  /// `from`; `from` itself marks a one-leg move).
  static constexpr Move legs(int from, int mid, int to, bool change_face) {
    assert(mid - from >= -kMaxLegOffset && mid - from <= kMaxLegOffset);
    return Move(board(from, to, change_face).bits_ | static_cast<std::uint32_t>(mid - from + kMidZero) << 24);
  }
  /// A move of three legs whose first two are king steps: kKingDirections[first] from `from`,
  /// then kKingDirections[second] from there, then to `to`.
  static constexpr Move legs3(int from, int first, int second, int to, bool change_face) {
    assert(first >= 0 && first < 8 && second >= 0 && second < 8);
    return Move(board(from, to, change_face).bits_ |
                static_cast<std::uint32_t>(kThreeLegs + 8 * first + second) << 24);
  }
  static constexpr Move drop(int piece, int to) {
    return Move(static_cast<std::uint32_t>(to) | static_cast<std::uint32_t>(piece) << 11 |
                kDropBit);
  }
  /// This board move, changing face.
  constexpr Move changing_face() const { return Move(bits_ | kChangeBit); }
  constexpr int to() const { return static_cast<int>(bits_ & 0x7FF); }
  constexpr int from() const { return static_cast<int>(bits_ >> 11 & 0x7FF); }
  /// The piece type put on the board by a drop.
  constexpr int dropped() const { return from(); }
  /// The middle square of a two-leg move, the origin of a marked one-leg move, else 0; not for
  /// a three-leg move, whose middle squares Variant::middle_squares gives.
  constexpr int mid() const {
    assert(!is_three_legs());
    const int code = static_cast<int>(bits_ >> 24);
    return code == 0 ? 0 : from() + code - kMidZero;
  }
  /// A move of three legs (see legs3).
  constexpr bool is_three_legs() const { return bits_ >> 24 >= kThreeLegs; }
  /// A three-leg move's first and second steps, as indices into kKingDirections.
  constexpr int first_step() const { return static_cast<int>((bits_ >> 24) - kThreeLegs) >> 3; }
  constexpr int second_step() const { return static_cast<int>((bits_ >> 24) - kThreeLegs) & 7; }
  /// Whether the move carries a middle square (a two-leg, three-leg or marked one-leg move).
  constexpr bool has_mid() const { return bits_ >> 24 != 0; }
  constexpr bool is_drop() const { return (bits_ & kDropBit) != 0; }
  constexpr bool changes_face() const { return (bits_ & kChangeBit) != 0; }
  /// A one-leg board move that keeps its face and carries no middle square (make's fast path).
  constexpr bool is_step() const { return bits_ >> 22 == 0; }
  /// A one-leg board move that changes face and carries no middle square (make's second fast
  /// path: a flip or a promotion, to an empty square when the caller finds it so).
  constexpr bool is_face_step() const { return bits_ >> 22 == kChangeBit >> 22; }
  constexpr std::uint32_t raw() const { return bits_; }
  constexpr bool is_none() const { return bits_ == 0; }
  friend constexpr bool operator==(Move, Move) = default;
  friend constexpr bool operator<(Move a, Move b) { return a.bits_ < b.bits_; }

 private:
  static constexpr std::uint32_t kDropBit = 1u << 22;
  static constexpr std::uint32_t kChangeBit = 1u << 23;
  static constexpr int kMidZero = 128;  ///< the middle-square code of a zero displacement
  static constexpr unsigned kThreeLegs = 192;  ///< the first middle-square code of a three-leg move
  static_assert(kMidZero + kMaxLegOffset < static_cast<int>(kThreeLegs));
  constexpr explicit Move(std::uint32_t bits) : bits_(bits) {}
  std::uint32_t bits_ = 0;
};

/// Moves a MoveList holds in place; a list reserved for more moves grows onto the heap.
/// The shipped variants' generators fit in it (their Tables::move_bound).
inline constexpr std::size_t kInlineMoves = 16384;

/// A list of moves, filled by the generator, with no bound on its length. A generator makes
/// room for the most moves it can push (reserve) once, so that push is a plain store. The
/// first kInlineMoves live in the list itself, left uninitialised (a list lives on the stack
/// of every perft node): only [0, size) is read.
class MoveList {
 public:
  MoveList() {}  // NOLINT: storage deliberately not initialised
  MoveList(const MoveList&) = delete;
  MoveList& operator=(const MoveList&) = delete;
  ~MoveList() {
    if (data_ != moves_) ::operator delete[](data_);
  }
  /// Makes room for `n` more moves.
  void reserve(std::size_t n) {
    if (n > static_cast<std::size_t>(limit_ - end_)) [[unlikely]] grow(n);
  }
  /// Appends a move; room for it was reserved.
  void push(Move m) {
    assert(end_ < limit_);
    *end_++ = m;
  }
  std::size_t size() const { return static_cast<std::size_t>(end_ - data_); }
  bool empty() const { return end_ == data_; }
  Move operator[](std::size_t i) const { return data_[i]; }
  const Move* begin() const { return data_; }
  const Move* end() const { return end_; }
  void clear() { end_ = data_; }

 private:
  /// Moves the list to the heap with room for `n` more moves, left uninitialised as the
  /// inline moves are: a bound of many moves on a large board costs only the moves pushed.
  [[gnu::cold, gnu::noinline]] void grow(std::size_t n);
  Move* data_ = moves_;
  Move* end_ = moves_;
  Move* limit_ = moves_ + kInlineMoves;
  union {
    Move moves_[kInlineMoves];
  };
};

}  // namespace koma
