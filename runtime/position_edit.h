// Position's piece bookkeeping (put, remove, shift, add_hand, put_back_burned), defined inline
// for make and unmake's hot paths; included by the files that play moves or set positions up.
#pragma once

#include "position.h"

namespace koma {

template <class C>
template <typename BasicPosition<C>::Sets S>
inline void BasicPosition<C>::gained(int side, Cell c) {
  const int kind = t_->cell_line[c];
  if (keeps_lists<S>() && on_board_[side][static_cast<std::size_t>(kind)]++ != 0) return;
  present_[side] |= std::uint64_t{1} << kind;
}

template <class C>
template <typename BasicPosition<C>::Sets S>
inline void BasicPosition<C>::lost(int side, Cell c) {
  const int kind = t_->cell_line[c];
  if (keeps_lists<S>()) {
    if (--on_board_[side][static_cast<std::size_t>(kind)] == 0) present_[side] &= ~(std::uint64_t{1} << kind);
    return;
  }
  // The bitboard tier: a kind is a type, whose pieces of a side are the set of one cell.
  edit_sets<S>([&](auto& sets, const auto*) {
    if (!sets.pieces[static_cast<std::size_t>(c - 1)]) present_[side] &= ~(std::uint64_t{1} << kind);
  });
}

template <class C>
template <bool Hash, typename BasicPosition<C>::Sets S>
inline void BasicPosition<C>::put(int square, Cell c) {
  const std::size_t sq = static_cast<std::size_t>(square);
  const int side = cell_side(c), piece = cell_piece(c);
  board_[sq] = c;
  edit_sets<S>([&](auto& sets, const auto* bits) {
    sets.occupied[static_cast<std::size_t>(side)] |= bits[sq];
    sets.pieces[static_cast<std::size_t>(c - 1)] |= bits[sq];
  });
  if (keeps_lists<S>()) {
    plist_[side][static_cast<std::size_t>(pcount_[side])] = static_cast<std::int16_t>(square);
    pindex_[sq] = static_cast<std::uint16_t>(pcount_[side]);
    if (const int slot = t_->file_slot[static_cast<std::size_t>(piece)]; slot >= 0) {
      ++file_count_[static_cast<std::size_t>(slot)][side][static_cast<std::size_t>(t_->file_of[sq])];
    }
  }
  ++pcount_[side];
  gained<S>(side, c);
  if (t_->royal[static_cast<std::size_t>(piece)]) {
    royal_[side] = square;
    ++royal_count_[side];
  } else {
    ++nonroyal_[side];
  }
  if constexpr (Hash) hash_ ^= t_->board_key[c * static_cast<std::size_t>(t_->cells) + sq];
}

template <class C>
template <bool Hash, typename BasicPosition<C>::Sets S>
inline void BasicPosition<C>::remove(int square) {
  const std::size_t sq = static_cast<std::size_t>(square);
  const Cell c = board_[sq];
  const int side = cell_side(c), piece = cell_piece(c);
  board_[sq] = kEmpty;
  edit_sets<S>([&](auto& sets, const auto* bits) {
    sets.occupied[static_cast<std::size_t>(side)] &= ~bits[sq];
    sets.pieces[static_cast<std::size_t>(c - 1)] &= ~bits[sq];
  });
  --pcount_[side];
  if (keeps_lists<S>()) {
    const std::int16_t last = plist_[side][static_cast<std::size_t>(pcount_[side])];
    plist_[side][pindex_[sq]] = last;
    pindex_[static_cast<std::size_t>(last)] = pindex_[sq];
    if (const int slot = t_->file_slot[static_cast<std::size_t>(piece)]; slot >= 0) {
      --file_count_[static_cast<std::size_t>(slot)][side][static_cast<std::size_t>(t_->file_of[sq])];
    }
  }
  lost<S>(side, c);
  if (t_->royal[static_cast<std::size_t>(piece)]) {
    if (--royal_count_[side] == 0) {
      royal_[side] = 0;
    } else if (royal_[side] == square) {
      // Another royal remains (several royals per side): point at it.
      any_piece(side, [&](int other) {
        const bool royal = t_->royal[static_cast<std::size_t>(cell_piece(board_[static_cast<std::size_t>(other)]))];
        if (royal) royal_[side] = other;
        return royal;
      });
    }
  } else {
    --nonroyal_[side];
  }
  if constexpr (Hash) hash_ ^= t_->board_key[c * static_cast<std::size_t>(t_->cells) + sq];
}

template <class C>
template <bool Hash, typename BasicPosition<C>::Sets S>
inline void BasicPosition<C>::shift(int from, int to) {
  const Tables& t = *t_;
  const std::size_t f = static_cast<std::size_t>(from), d = static_cast<std::size_t>(to);
  const Cell c = board_[f];
  const int side = cell_side(c);
  if constexpr (Hash) {
    const std::uint64_t* keys = t.board_key.data() + c * static_cast<std::size_t>(t.cells);
    hash_ ^= keys[f] ^ keys[d];
  }
  if (keeps_lists<S>()) {
    if (const int slot = t.cell_slot[c]; slot >= 0) {
      auto& files = file_count_[static_cast<std::size_t>(slot)][side];
      --files[static_cast<std::size_t>(t.file_of[f])];
      ++files[static_cast<std::size_t>(t.file_of[d])];
    }
    const std::uint16_t i = pindex_[f];
    plist_[side][i] = static_cast<std::int16_t>(to);
    pindex_[d] = i;
  }
  board_[f] = kEmpty;
  board_[d] = c;
  edit_sets<S>([&](auto& sets, const auto* bits) {
    const auto both = bits[f] | bits[d];
    sets.occupied[static_cast<std::size_t>(side)] ^= both;
    sets.pieces[static_cast<std::size_t>(c - 1)] ^= both;
  });
  if (royal_[side] == from) royal_[side] = to;  // only a royal's square is ever named there
}

template <class C>
template <bool Hash, typename BasicPosition<C>::Sets S>
inline void BasicPosition<C>::turn(int square, Cell into) {
  const Tables& t = *t_;
  const std::size_t sq = static_cast<std::size_t>(square);
  const Cell c = board_[sq];
  const int side = cell_side(c), piece = cell_piece(c), next = cell_piece(into);
  if (t.royal[static_cast<std::size_t>(piece)] != t.royal[static_cast<std::size_t>(next)]) {
    remove<Hash, S>(square);  // a face that becomes royal, or stops being one: its royal square
    put<Hash, S>(square, into);
    return;
  }
  if constexpr (Hash) {
    const std::size_t cells = static_cast<std::size_t>(t.cells);
    hash_ ^= t.board_key[c * cells + sq] ^ t.board_key[into * cells + sq];
  }
  if (keeps_lists<S>()) {
    const std::size_t file = static_cast<std::size_t>(t.file_of[sq]);
    if (const int slot = t.cell_slot[c]; slot >= 0) --file_count_[static_cast<std::size_t>(slot)][side][file];
    if (const int slot = t.cell_slot[into]; slot >= 0) ++file_count_[static_cast<std::size_t>(slot)][side][file];
  }
  board_[sq] = into;
  edit_sets<S>([&](auto& sets, const auto* bits) {
    sets.pieces[static_cast<std::size_t>(c - 1)] ^= bits[sq];
    sets.pieces[static_cast<std::size_t>(into - 1)] ^= bits[sq];
  });
  if (t.cell_line[c] != t.cell_line[into]) {
    lost<S>(side, c);
    gained<S>(side, into);
  }
}

template <class C>
template <bool Hash, typename BasicPosition<C>::Sets S, bool Plain>
__attribute__((always_inline)) inline void BasicPosition<C>::shift_turn(int from, int to, Cell into) {
  const Tables& t = *t_;
  const std::size_t f = static_cast<std::size_t>(from), d = static_cast<std::size_t>(to);
  const Cell c = board_[f];
  const int side = cell_side(c);
  if (!Plain && t.royal[static_cast<std::size_t>(cell_piece(c))] != t.royal[static_cast<std::size_t>(cell_piece(into))]) [[unlikely]] {
    shift_then_turn<Hash, S>(from, to, into);
    return;
  }
  if constexpr (Hash) {
    const std::size_t cells = static_cast<std::size_t>(t.cells);
    hash_ ^= t.board_key[c * cells + f] ^ t.board_key[into * cells + d];
  }
  if (keeps_lists<S>()) {
    if (const int slot = t.cell_slot[c]; slot >= 0) {
      --file_count_[static_cast<std::size_t>(slot)][side][static_cast<std::size_t>(t.file_of[f])];
    }
    if (const int slot = t.cell_slot[into]; slot >= 0) {
      ++file_count_[static_cast<std::size_t>(slot)][side][static_cast<std::size_t>(t.file_of[d])];
    }
    const std::uint16_t i = pindex_[f];
    plist_[side][i] = static_cast<std::int16_t>(to);
    pindex_[d] = i;
  }
  board_[f] = kEmpty;
  board_[d] = into;
  edit_sets<S>([&](auto& sets, const auto* bits) {
    sets.occupied[static_cast<std::size_t>(side)] ^= bits[f] | bits[d];
    sets.pieces[static_cast<std::size_t>(c - 1)] ^= bits[f];
    sets.pieces[static_cast<std::size_t>(into - 1)] ^= bits[d];
  });
  if (t.cell_line[c] != t.cell_line[into]) {
    lost<S>(side, c);
    gained<S>(side, into);
  }
  if (royal_[side] == from) royal_[side] = to;
}

template <class C>
template <bool Hash, typename BasicPosition<C>::Sets S>
__attribute__((noinline)) void BasicPosition<C>::shift_then_turn(int from, int to, Cell into) {
  shift<Hash, S>(from, to);
  turn<Hash, S>(to, into);
}

template <class C>
template <class F>
inline void BasicPosition<C>::put_back_burned(F&& each) {
  const int n = burned_.back().square;
  burned_.pop_back();
  for (int i = 0; i < n; ++i) {
    const Burnt b = burned_.back();
    burned_.pop_back();
    put<false, Sets::skip>(b.square, b.cell);
    each(b.cell);
  }
}

template <class C>
template <bool Hash>
inline void BasicPosition<C>::add_hand(int side, int piece, int delta) {
  std::uint16_t& count = hand_[idx(side, piece)];
  if constexpr (Hash) {
    const std::uint64_t* keys =
        t_->hand_key.data() + static_cast<std::size_t>(side * t_->piece_count + piece) * kHandKeyStride;
    hash_ ^= keys[count] ^ keys[static_cast<std::uint16_t>(count + delta)];
  }
  count = static_cast<std::uint16_t>(count + delta);
  nonroyal_[side] += delta;
}

}  // namespace koma
