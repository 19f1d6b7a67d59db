// Position state: setup, piece bookkeeping, make/unmake with exact undo, attacks, is_ok.
#include "position.h"
#include "position_edit.h"

#include <cassert>
#include <utility>

namespace koma {

namespace {

/// The per-cell square sets of the tables `b` at their width, null without tables.
const void* bit_table(const BitboardTables* b) {
  if (!b) return nullptr;
  return b->width == 128 ? static_cast<const void*>(b->wide.bit.data()) : b->narrow.bit.data();
}

}  // namespace

template <class C>
BasicPosition<C>::BasicPosition(std::shared_ptr<const Variant> variant)
    : variant_(std::move(variant)),
      t_(&variant_->tables()),
      bits_(bit_table(t_->bitboard.get())) {
  sets_.mode = bitboard_mode();
  const std::size_t cells = static_cast<std::size_t>(t_->cells);
  board_.use(cells, kWall);
  pindex_.use(cells, 0);
  for (auto& list : plist_) list.use(t_->squares.size(), 0);
  clear();
  const ir::Setup& s = variant_->rules().setup;
  for (const ir::Placement& p : s.placements) {
    put(variant_->square(p.file, p.rank), make_cell(static_cast<int>(p.side), p.piece));
  }
  for (int side = 0; side < 2; ++side) {
    for (const ir::HandCount& h : s.hands[side]) add_hand(side, h.piece, h.count);
  }
  side_ = static_cast<int>(s.to_move);
  move_number_ = 1;
  hash_ = compute_hash();
  start_records();
}

namespace {

/// The start position of `variant` at the cell width its tables choose.
std::variant<Position::Narrow, std::unique_ptr<Position::Wide>> at_width(std::shared_ptr<const Variant> variant) {
  if (variant->tables().wide_cells) return std::make_unique<Position::Wide>(std::move(variant));
  return std::variant<Position::Narrow, std::unique_ptr<Position::Wide>>(std::in_place_type<Position::Narrow>, std::move(variant));
}

}  // namespace

Position::Position(std::shared_ptr<const Variant> variant) : p_(at_width(std::move(variant))) {}

template <class C>
void BasicPosition<C>::start_records() {
  records_ = std::make_shared<RepetitionRecords>();
  records_->plies.assign(1, PlyRecord{});
  records_->last_seen.emplace(hash_, 0);
}

template <class C>
void BasicPosition<C>::clear() {
  board_.fill(kWall);
  for (int sq : t_->squares) board_[static_cast<std::size_t>(sq)] = kEmpty;
  hand_.fill(0);
  pcount_ = {0, 0};
  royal_ = {0, 0};
  royal_count_ = {0, 0};
  nonroyal_ = {0, 0};
  on_board_ = {};
  present_ = {t_->present_base, t_->present_base};
  sets_.clear();
  file_count_ = {};
  history_.clear();
  burned_.clear();
  side_ = 0;
  trade_ = 0;
  move_number_ = 1;
  hash_ = 0;
}

template <class C>
std::uint64_t BasicPosition<C>::compute_hash() const {
  std::uint64_t h = side_ ? t_->side_key : 0;
  if (trade_ != 0) h ^= t_->trade_key[static_cast<std::size_t>(trade_)];
  const std::size_t cells = static_cast<std::size_t>(t_->cells);
  for (int sq : t_->squares) {
    const Cell c = board_[static_cast<std::size_t>(sq)];
    if (is_piece(c)) h ^= t_->board_key[c * cells + static_cast<std::size_t>(sq)];
  }
  for (int side = 0; side < 2; ++side) {
    for (int p = 0; p < t_->piece_count; ++p) {
      h ^= t_->hand_key[static_cast<std::size_t>(side * t_->piece_count + p) * kHandKeyStride + hand_[idx(side, p)]];
    }
  }
  return h;
}

template <class C>
void BasicPosition<C>::do_move(Move m, UndoRecord& undo) {
  // The wide sets first: the 128-bit tier pays one test, as it did before the narrow one.
  // The bitboard tier's paths are out of line, so that the mailbox's keeps its few registers.
  if constexpr (kBitboards) {
    if (sets_.mode == BitSets::Mode::wide) return do_move_in<BitSets::Mode::wide>(m, undo);
    if (sets_.mode == BitSets::Mode::narrow) return do_move_in<BitSets::Mode::narrow>(m, undo);
  }
  do_move_as<Sets::skip>(m, undo);
}

template <class C>
void BasicPosition<C>::undo_move(const UndoRecord& undo) {
  if constexpr (kBitboards) {
    if (sets_.mode == BitSets::Mode::wide) return undo_move_in<BitSets::Mode::wide>(undo);
    if (sets_.mode == BitSets::Mode::narrow) return undo_move_in<BitSets::Mode::narrow>(undo);
  }
  undo_move_as<Sets::skip>(undo);
}

template <class C>
template <BitSets::Mode M>
constexpr typename BasicPosition<C>::Sets BasicPosition<C>::sets_of() {
  if constexpr (M == BitSets::Mode::wide) return Sets::wide;
  if constexpr (M == BitSets::Mode::narrow) return Sets::narrow;
  return Sets::skip;
}

template <class C>
template <BitSets::Mode M>
void BasicPosition<C>::do_move_in(Move m, UndoRecord& undo) {
  assert(sets_.mode == M);
  do_move_as<sets_of<M>()>(m, undo);
}

template <class C>
template <BitSets::Mode M>
void BasicPosition<C>::undo_move_in(const UndoRecord& undo) {
  assert(sets_.mode == M);
  undo_move_as<sets_of<M>()>(undo);
}

template <class C>
template <typename BasicPosition<C>::Sets S>
void BasicPosition<C>::do_move_as(Move m, UndoRecord& undo) {
  undo.move = m;
  undo.hash = hash_;
  if (m.is_step() && board_[static_cast<std::size_t>(m.to())] == kEmpty) {
    undo.kind = UndoRecord::Kind::step;
    // The key in one sum, kept in a register: shift() would store it before the side's key.
    const Tables& t = *t_;
    const std::size_t from = static_cast<std::size_t>(m.from()), to = static_cast<std::size_t>(m.to());
    const std::uint64_t* keys = t.board_key.data() + board_[from] * static_cast<std::size_t>(t.cells);
    hash_ ^= keys[from] ^ keys[to] ^ t.side_key;
    shift<false, S>(m.from(), m.to());
    side_ ^= 1;
    ++move_number_;
    return;
  }
  if (m.is_face_step() && board_[static_cast<std::size_t>(m.to())] == kEmpty) return do_face_step<S>(m, undo);
  undo.kind = UndoRecord::Kind::other;
  do_other_move<S>(m, undo);
}

template <class C>
template <typename BasicPosition<C>::Sets S, bool Plain>
inline void BasicPosition<C>::play_face_step(Move m, UndoRecord& undo, Cell moved, Cell into) {
  const Tables& t = *t_;
  const std::size_t from = static_cast<std::size_t>(m.from()), to = static_cast<std::size_t>(m.to());
  undo.kind = UndoRecord::Kind::face_step;
  undo.moved = moved;
  // The key in one sum, as for a plain step.
  const std::size_t cells = static_cast<std::size_t>(t.cells);
  hash_ ^= t.board_key[moved * cells + from] ^ t.board_key[into * cells + to] ^ t.side_key;
  shift_turn<false, S, Plain>(m.from(), m.to(), into);
  side_ ^= 1;
  ++move_number_;
}

template <class C>
template <typename BasicPosition<C>::Sets S>
void BasicPosition<C>::do_face_step(Move m, UndoRecord& undo) {
  const Cell moved = board_[static_cast<std::size_t>(m.from())];
  const Cell plain = static_cast<Cell>(t_->plain_turn[moved]);
  if (plain == 0) [[unlikely]] return do_royal_face_step<S>(m, undo);
  play_face_step<S, true>(m, undo, moved, plain);
}

template <class C>
template <typename BasicPosition<C>::Sets S>
void BasicPosition<C>::do_royal_face_step(Move m, UndoRecord& undo) {
  const Cell moved = board_[static_cast<std::size_t>(m.from())];
  const Cell into = make_cell(side_, t_->promotes_to[static_cast<std::size_t>(cell_piece(moved))]);
  play_face_step<S, false>(m, undo, moved, into);
}

template <class C>
template <typename BasicPosition<C>::Sets S, bool Plain>
inline void BasicPosition<C>::take_back_face_step(const UndoRecord& undo) {
  side_ ^= 1;
  --move_number_;
  shift_turn<false, S, Plain>(undo.move.to(), undo.move.from(), static_cast<Cell>(undo.moved));
  hash_ = undo.hash;
}

template <class C>
template <typename BasicPosition<C>::Sets S>
void BasicPosition<C>::undo_face_step(const UndoRecord& undo) {
  // Royal both ways or neither, as do_face_step found.
  if (t_->plain_turn[undo.moved] == 0) [[unlikely]] return undo_royal_face_step<S>(undo);
  take_back_face_step<S, true>(undo);
}

template <class C>
template <typename BasicPosition<C>::Sets S>
void BasicPosition<C>::undo_royal_face_step(const UndoRecord& undo) {
  take_back_face_step<S, false>(undo);
}

template <class C>
template <typename BasicPosition<C>::Sets S>
void BasicPosition<C>::undo_move_as(const UndoRecord& undo) {
  if (undo.kind == UndoRecord::Kind::step) {
    const Move m = undo.move;
    if (!m.is_step()) __builtin_unreachable();  // as do_move found it: no face change to unpack
    side_ ^= 1;
    --move_number_;
    shift<false, S>(m.to(), m.from());
    hash_ = undo.hash;
    return;
  }
  if (undo.kind == UndoRecord::Kind::face_step) return undo_face_step<S>(undo);
  undo_other_move<S>(undo);
}

template <class C>
void BasicPosition<C>::make(Move m) {
  const int mover = side_;
  UndoRecord undo;
  do_move(m, undo);
  undo.gave_check = in_check();
  history_.push_back(undo);
  std::vector<PlyRecord>& plies = records_->plies;
  PlyRecord record;
  record.quiet = plies.back().quiet;
  if (!undo.gave_check) ++record.quiet[static_cast<std::size_t>(mover)];
  const auto index = static_cast<std::int32_t>(plies.size());
  if (auto [seen, first] = records_->last_seen.try_emplace(hash_, index); !first) {
    record.previous = seen->second;
    record.occurrences = plies[static_cast<std::size_t>(seen->second)].occurrences + 1;
    seen->second = index;
  }
  plies.push_back(record);
  assert(is_ok());
}

template <class C>
void BasicPosition<C>::unmake() {
  assert(!history_.empty());
  std::vector<PlyRecord>& plies = records_->plies;
  if (const std::int32_t previous = plies.back().previous; previous >= 0) {
    records_->last_seen[hash_] = previous;
  } else {
    records_->last_seen.erase(hash_);
  }
  plies.pop_back();
  undo_move(history_.back());
  history_.pop_back();
  assert(is_ok());
}

template <class C>
bool BasicPosition<C>::attacked(int square, int by_side, int ignore) const {
  const std::array<std::uint64_t, kCellCodes>& bits = t_->piece_bit[static_cast<std::size_t>(by_side)];
  for (const AttackLeap& a : t_->attack_leaps[by_side]) {
    if (a.mask & bits[board_[static_cast<std::size_t>(square - a.offset)]]) return true;
  }
  const std::uint64_t present = present_[static_cast<std::size_t>(by_side)];
  for (const AttackSlide& a : t_->attack_slides[by_side]) {
    if (!(a.mask & present)) continue;
    int s = square - a.offset;
    while (board_[static_cast<std::size_t>(s)] == kEmpty || s == ignore) s -= a.offset;
    const Cell c = board_[static_cast<std::size_t>(s)];
    if (!(a.mask & bits[c])) continue;
    if (!a.limited) return true;
    const int n = (square - s) / a.offset;
    const int range = a.range[static_cast<std::size_t>(cell_piece(c))];
    if (range == 0 || n <= range) return true;
  }
  // Hops, then range jumps, area moves and pieces that move anywhere unprotected
  // (hop_attacked), only in variants that have them.
  return !t_->attack_hops[by_side].empty() && hop_attacked(square, by_side, ignore, ignore);
}

bool hop_reaches(const AttackHop& h, unsigned c, const std::array<std::uint64_t, kCellCodes>& bits, int distance, int beyond) {
  if (!(h.mask & bits[c])) return false;
  const std::size_t p = static_cast<std::size_t>(cell_piece(c));
  return (h.range[p] == 0 || distance <= h.range[p]) && (h.beyond[p] == 0 || beyond <= h.beyond[p]);
}

template <class C>
bool BasicPosition<C>::hop_attacked(int square, int by_side, int a, int b) const {
  const std::array<std::uint64_t, kCellCodes>& bits = t_->piece_bit[static_cast<std::size_t>(by_side)];
  const std::uint64_t present = present_[static_cast<std::size_t>(by_side)];
  const auto empty = [&](int s) { return board_[static_cast<std::size_t>(s)] == kEmpty || s == a || s == b; };
  for (const AttackHop& h : t_->attack_hops[by_side]) {
    if (!(h.mask & present)) continue;
    int screen = square - h.offset;
    while (empty(screen)) screen -= h.offset;
    if (board_[static_cast<std::size_t>(screen)] == kWall) continue;
    int s = screen - h.offset;
    while (empty(s)) s -= h.offset;
    if (hop_reaches(h, board_[static_cast<std::size_t>(s)], bits, (square - s) / h.offset, (square - screen) / h.offset)) {
      return true;
    }
  }
  return t_->after_hops && after_hops_attacked(square, by_side, a, b);
}

template <class C>
bool BasicPosition<C>::royal_attacked(int side) const {
  if (t_->royal_special) return royal_attacked_special(side);
  return royal_attacked_by<false>(side);
}

template <class C>
bool BasicPosition<C>::royal_attacked_special(int side) const {
  if (t_->burns && burn_threat(side)) return true;
  return t_->acting ? royal_attacked_by<true>(side) : royal_attacked_by<false>(side);
}

template <class C>
template <bool kBorrow>
bool BasicPosition<C>::royal_attacked_by(int side) const {
  auto hit = [&](int sq) { return kBorrow ? attacked_borrowed(sq, side ^ 1) : attacked(sq, side ^ 1); };
  if (royal_count_[side] <= 1) return royal_[side] != 0 && hit(royal_[side]);
  return any_piece(side, [&](int sq) {
    return t_->royal[static_cast<std::size_t>(cell_piece(board_[static_cast<std::size_t>(sq)]))] && hit(sq);
  });
}

template bool BasicPosition<std::uint8_t>::royal_attacked_by<true>(int) const;
template bool BasicPosition<std::uint8_t>::royal_attacked_by<false>(int) const;
template bool BasicPosition<std::uint16_t>::royal_attacked_by<true>(int) const;
template bool BasicPosition<std::uint16_t>::royal_attacked_by<false>(int) const;

template <class C>
bool BasicPosition<C>::in_check() const { return royal_attacked(side_); }

template <class C>
bool BasicPosition<C>::check_rule_applies(ir::Side side) const {
  const int n = royal_count_[static_cast<int>(side)];
  switch (t_->royal_in_check) {
    case ir::RoyalInCheck::illegal: return n > 0;
    case ir::RoyalInCheck::legal: return false;
    case ir::RoyalInCheck::illegal_for_last: return n == 1;
  }
  return false;
}

template <class C>
std::optional<Error> BasicPosition<C>::check_side_not_to_move() const {
  const int them = side_ ^ 1;
  if (!check_rule_applies(static_cast<ir::Side>(them)) || !royal_attacked(them)) return std::nullopt;
  const std::string where = royal_count_[them] == 1 ? " on " + square_text(royal_[them]) : "";
  return Error{"royal-capturable",
               variant_->rules().meta.side_names[them] + ", not to move, is in check: its royal" +
                   where + " could be taken",
               0};
}

template <class C>
void BasicPosition<C>::rebuild_lists() {
  pcount_ = {0, 0};
  file_count_ = {};
  on_board_ = {};
  for (int sq : t_->squares) {
    const Cell c = board_[static_cast<std::size_t>(sq)];
    if (!is_piece(c)) continue;
    const int side = cell_side(c);
    ++on_board_[side][t_->cell_line[c]];
    plist_[side][static_cast<std::size_t>(pcount_[side])] = static_cast<std::int16_t>(sq);
    pindex_[static_cast<std::size_t>(sq)] = static_cast<std::uint16_t>(pcount_[side]++);
    if (const int slot = t_->cell_slot[c]; slot >= 0) {
      ++file_count_[static_cast<std::size_t>(slot)][side][static_cast<std::size_t>(t_->file_of[static_cast<std::size_t>(sq)])];
    }
  }
}

template <class C>
bool BasicPosition<C>::is_ok() const {
  std::array<int, 2> count{}, royals{}, nonroyal{};
  std::array<bool, 2> royal_seen{};  // royal_[side] names one of the side's royals
  for (int sq : t_->squares) {
    const Cell c = board_[static_cast<std::size_t>(sq)];
    if (c == kWall) return false;
    if (c == kEmpty) continue;
    const int side = cell_side(c), piece = cell_piece(c);
    if (piece >= t_->piece_count) return false;
    ++count[side];
    if (!sets_.on() && (pindex_[static_cast<std::size_t>(sq)] >= pcount_[side] ||
                        plist_[side][pindex_[static_cast<std::size_t>(sq)]] != sq)) {
      return false;
    }
    if (t_->royal[static_cast<std::size_t>(piece)]) {
      ++royals[side];
      royal_seen[side] = royal_seen[side] || royal_[side] == sq;
    } else {
      ++nonroyal[side];
    }
  }
  for (int side = 0; side < 2; ++side) {
    for (int p = 0; p < t_->piece_count; ++p) {
      const int n = hand_[idx(side, p)];
      if (n > 0 && (t_->base[static_cast<std::size_t>(p)] != p || t_->royal[static_cast<std::size_t>(p)])) {
        return false;
      }
      nonroyal[side] += n;
    }
    const bool royal_ok = royals[side] == 0 ? royal_[side] == 0 : royal_seen[side];
    if (count[side] != pcount_[side] || royals[side] != royal_count_[side] || !royal_ok ||
        nonroyal[side] != nonroyal_[side]) {
      return false;
    }
    std::uint64_t present = t_->present_base;
    for_each_piece(side, [&](int sq) { present |= std::uint64_t{1} << t_->cell_line[board_[static_cast<std::size_t>(sq)]]; });
    if (present != present_[side]) return false;
  }
  for (int slot = 0; slot < t_->file_slot_count; ++slot) {
    for (int side = 0; side < 2; ++side) {
      for (int file = 1; file <= t_->files; ++file) {
        int n = 0;
        for (int rank = 1; rank <= t_->ranks; ++rank) {
          const Cell c = board_[static_cast<std::size_t>(variant_->square(file, rank))];
          n += is_piece(c) && cell_side(c) == side &&
               t_->file_slot[static_cast<std::size_t>(cell_piece(c))] == slot;
        }
        if (file_pieces(slot, side, file) != n) return false;
      }
    }
  }
  if (records_->plies.size() != history_.size() + 1) return false;
  if (sets_.on() && !bitboards_ok()) return false;
  return hash_ == compute_hash();
}

// The members above at both cell widths.
template BasicPosition<std::uint8_t>::BasicPosition(std::shared_ptr<const Variant> variant);
template void BasicPosition<std::uint8_t>::start_records();
template void BasicPosition<std::uint8_t>::clear();
template std::uint64_t BasicPosition<std::uint8_t>::compute_hash() const;
template void BasicPosition<std::uint8_t>::do_move(Move m, UndoRecord& undo);
template void BasicPosition<std::uint8_t>::undo_move(const UndoRecord& undo);
template void BasicPosition<std::uint8_t>::do_move_in<BitSets::Mode::off>(Move m, UndoRecord& undo);
template void BasicPosition<std::uint8_t>::undo_move_in<BitSets::Mode::off>(const UndoRecord& undo);
template void BasicPosition<std::uint8_t>::do_move_in<BitSets::Mode::narrow>(Move m, UndoRecord& undo);
template void BasicPosition<std::uint8_t>::undo_move_in<BitSets::Mode::narrow>(const UndoRecord& undo);
template void BasicPosition<std::uint8_t>::do_move_in<BitSets::Mode::wide>(Move m, UndoRecord& undo);
template void BasicPosition<std::uint8_t>::undo_move_in<BitSets::Mode::wide>(const UndoRecord& undo);
template void BasicPosition<std::uint8_t>::make(Move m);
template void BasicPosition<std::uint8_t>::unmake();
template bool BasicPosition<std::uint8_t>::attacked(int square, int by_side, int ignore) const;
template bool BasicPosition<std::uint8_t>::hop_attacked(int square, int by_side, int a, int b) const;
template bool BasicPosition<std::uint8_t>::royal_attacked(int side) const;
template bool BasicPosition<std::uint8_t>::royal_attacked_special(int side) const;
template bool BasicPosition<std::uint8_t>::in_check() const;
template bool BasicPosition<std::uint8_t>::check_rule_applies(ir::Side side) const;
template std::optional<Error> BasicPosition<std::uint8_t>::check_side_not_to_move() const;
template bool BasicPosition<std::uint8_t>::is_ok() const;
template void BasicPosition<std::uint8_t>::rebuild_lists();
template BasicPosition<std::uint16_t>::BasicPosition(std::shared_ptr<const Variant> variant);
template void BasicPosition<std::uint16_t>::start_records();
template void BasicPosition<std::uint16_t>::clear();
template std::uint64_t BasicPosition<std::uint16_t>::compute_hash() const;
template void BasicPosition<std::uint16_t>::do_move(Move m, UndoRecord& undo);
template void BasicPosition<std::uint16_t>::undo_move(const UndoRecord& undo);
template void BasicPosition<std::uint16_t>::do_move_in<BitSets::Mode::off>(Move m, UndoRecord& undo);
template void BasicPosition<std::uint16_t>::undo_move_in<BitSets::Mode::off>(const UndoRecord& undo);
template void BasicPosition<std::uint16_t>::make(Move m);
template void BasicPosition<std::uint16_t>::unmake();
template bool BasicPosition<std::uint16_t>::attacked(int square, int by_side, int ignore) const;
template bool BasicPosition<std::uint16_t>::hop_attacked(int square, int by_side, int a, int b) const;
template bool BasicPosition<std::uint16_t>::royal_attacked(int side) const;
template bool BasicPosition<std::uint16_t>::royal_attacked_special(int side) const;
template bool BasicPosition<std::uint16_t>::in_check() const;
template bool BasicPosition<std::uint16_t>::check_rule_applies(ir::Side side) const;
template std::optional<Error> BasicPosition<std::uint16_t>::check_side_not_to_move() const;
template bool BasicPosition<std::uint16_t>::is_ok() const;
template void BasicPosition<std::uint16_t>::rebuild_lists();

}  // namespace koma
