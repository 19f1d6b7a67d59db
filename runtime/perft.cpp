// Perft with bulk counting at the last ply or without it, divide by root move, and a timed benchmark.
#include "perft.h"

#include <array>
#include <chrono>

namespace koma {

namespace {

/// perft's own counting has no limit; the optimiser folds these calls away.
struct Unbounded {
  static constexpr bool spend(std::size_t) { return true; }
  static constexpr bool exhausted() { return false; }
};

/// A budget of nodes (positions whose moves were generated, and leaves) for perft_bounded.
struct Bounded {
  std::uint64_t left = 0;
  bool out = false;
  bool spend(std::size_t nodes) {
    if (nodes > left) out = true;
    left = out ? 0 : left - nodes;
    return !out;
  }
  bool exhausted() const { return out; }
};

/// The leaves one ply below `pos`, counted without listing them (Position::count_legal), `M`
/// its sets mode.
template <BitSets::Mode M, class P, class Budget>
std::uint64_t leaves(const P& pos, Budget& budget) {
  const std::size_t n = pos.template count_legal_in<M>();
  return budget.spend(n + 1) ? n : 0;
}

/// The last two plies below `pos` counted by difference (BitboardTables::two_plies), with what
/// the moves and leaves spend of the budget as perft's loop would; nothing where the position
/// asks for its moves to be played.
template <BitSets::Mode M, class P, class Budget>
std::optional<std::uint64_t> two_plies(const P& pos, Budget& budget) {
  if constexpr (M == BitSets::Mode::off) {
    return std::nullopt;
  } else {
    using Bitboard = std::conditional_t<M == BitSets::Mode::wide, Bitboard128, Bitboard64>;
    TwoPlies r;
    if (!pos.template count_two_plies<Bitboard>(r)) return std::nullopt;
    return budget.spend(r.moves + 1 + r.leaves + r.counted) ? r.leaves : 0;
  }
}

/// Leaves `depth` >= 1 plies below `pos` (`depth` >= 0 when not `Bulk`). `Bulk`: the last ply is
/// counted from the move list; otherwise each leaf is made and unmade. `bare_rule`: the variant
/// has a bare-king ending, read once at the root so that other variants skip the bare_status()
/// call at every node. `Two`: its last two plies are counted by difference (two_plies), chosen
/// at the root too, so that other variants test nothing for it. `M`: the position's sets mode,
/// read once at the root. Once the budget is exhausted every call returns 0 at once, with the
/// position restored on the way up.
template <bool Bulk, BitSets::Mode M, bool Two, class P, class Budget>
std::uint64_t count(P& pos, int depth, bool bare_rule, Budget& budget) {
  if constexpr (!Bulk) {
    if (depth == 0) return 1;
  }
  if (bare_rule && pos.may_be_bare() && pos.bare_status()) return 0;
  if (Bulk && depth == 1) return leaves<M>(pos, budget);
  if constexpr (Bulk && Two) {
    if (depth == 2) {
      if (const auto n = two_plies<M>(pos, budget)) return *n;
    }
  }
  MoveList list;
  pos.generate(list);
  if (!budget.spend(list.size() + 1)) return 0;
  std::uint64_t nodes = 0;
  UndoRecord undo;
  if (Bulk && depth == 2) {
    // The last ply counted here, each child without a call of its own.
    for (Move m : list) {
      pos.template do_move_in<M>(m, undo);
      if (!(bare_rule && pos.may_be_bare() && pos.bare_status())) nodes += leaves<M>(pos, budget);
      pos.template undo_move_in<M>(undo);
      if (budget.exhausted()) return 0;
    }
    return nodes;
  }
  for (Move m : list) {
    pos.template do_move_in<M>(m, undo);
    nodes += count<Bulk, M, Two>(pos, depth - 1, bare_rule, budget);
    pos.template undo_move_in<M>(undo);
    if (budget.exhausted()) return 0;
  }
  return nodes;
}

/// Whether `pos` ends by a rule judged on the move just played or by the bare-king rule.
template <class P>
[[gnu::always_inline]] inline bool judged_end(const P& pos, bool bare_rule, const std::array<int, 2>& checks) {
  return pos.move_ending(checks) || (bare_rule && pos.may_be_bare() && pos.bare_status());
}

/// count() for variants with endings judged on the last move (royal captured, royal reaching
/// its ranks, check given): such a position is terminal too. `checks`: per side, the checks
/// given so far, carried down because do_move keeps no history.
template <bool Bulk, BitSets::Mode M, bool Two, class P, class Budget>
std::uint64_t count_judged(P& pos, int depth, bool bare_rule, std::array<int, 2> checks,
                           Budget& budget) {
  if constexpr (!Bulk) {
    if (depth == 0) return 1;
  }
  if (judged_end(pos, bare_rule, checks)) return 0;
  if (Bulk && depth == 1) return leaves<M>(pos, budget);
  if constexpr (Bulk && Two) {
    if (depth == 2) {
      if (const auto n = two_plies<M>(pos, budget)) return *n;
    }
  }
  MoveList list;
  pos.generate(list);
  if (!budget.spend(list.size() + 1)) return 0;
  const bool track_checks = pos.variant().tables().check_given.has_value();
  const auto mover = static_cast<std::size_t>(pos.side_to_move());
  const bool last = Bulk && depth == 2;  // the last ply counted here, as in count()
  std::uint64_t nodes = 0;
  UndoRecord undo;
  for (Move m : list) {
    pos.template do_move_in<M>(m, undo);
    std::array<int, 2> next = checks;
    if (track_checks && pos.in_check()) ++next[mover];
    if (last) {
      if (!judged_end(pos, bare_rule, next)) nodes += leaves<M>(pos, budget);
    } else {
      nodes += count_judged<Bulk, M, Two>(pos, depth - 1, bare_rule, next, budget);
    }
    pos.template undo_move_in<M>(undo);
    if (budget.exhausted()) return 0;
  }
  return nodes;
}

/// perft (or perft_full when not `Bulk`) under a budget; `by_difference`: the last two plies
/// counted by difference where the variant's tables allow it (perft_one_ply: never).
template <bool Bulk, class Budget>
std::uint64_t count_root(Position& position, int depth, Budget& budget, bool by_difference = true) {
  if (depth <= 0) return budget.spend(1) ? 1 : 0;
  // The cell width and the sets mode are chosen once, here, for the whole tree below.
  return position.visit([&](auto& pos) {
    return pos.with_sets_mode([&](auto mode) {
      constexpr BitSets::Mode M = decltype(mode)::value;
      const Tables& t = pos.variant().tables();
      if constexpr (Bulk && M != BitSets::Mode::off) {
        if (by_difference && t.bitboard->two_plies) {
          if (t.has_move_rules) return count_judged<Bulk, M, true>(pos, depth, false, pos.checks_given(), budget);
          return count<Bulk, M, true>(pos, depth, false, budget);
        }
      }
      if (t.has_move_rules) {
        return count_judged<Bulk, M, false>(pos, depth, t.has_bare_rule, pos.checks_given(), budget);
      }
      return count<Bulk, M, false>(pos, depth, t.has_bare_rule, budget);
    });
  });
}

}  // namespace

std::uint64_t perft(Position& pos, int depth) {
  Unbounded budget;
  return count_root<true>(pos, depth, budget);
}

std::uint64_t perft_full(Position& pos, int depth) {
  Unbounded budget;
  return count_root<false>(pos, depth, budget);
}

std::uint64_t perft_one_ply(Position& pos, int depth) {
  Unbounded budget;
  return count_root<true>(pos, depth, budget, false);
}

std::optional<std::uint64_t> perft_bounded(Position& pos, int depth, std::uint64_t max_nodes) {
  Bounded budget{max_nodes};
  const std::uint64_t nodes = count_root<true>(pos, depth, budget);
  if (budget.exhausted()) return std::nullopt;
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> divide(Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  if (depth <= 0 || pos.bare_status() || pos.move_status(pos.checks_given())) return out;
  for (Move m : pos.legal_moves()) {
    pos.make(m);  // with history, so that perft below counts the checks this move gives
    out.emplace_back(m, perft(pos, depth - 1));
    pos.unmake();
  }
  return out;
}

BenchResult bench_perft(Position& pos, int depth, bool bulk) {
  const auto start = std::chrono::steady_clock::now();
  BenchResult r;
  r.nodes = bulk ? perft(pos, depth) : perft_full(pos, depth);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace koma
