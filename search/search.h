// The search: iterative-deepening principal-variation alpha-beta with a transposition table,
// quiescence over captures and promotions, check extension and late-move reductions, for any
// variant the runtime loads. Every ending is judged as Position::status() judges it. It plays
// on one Position with make/unmake and only plays moves the runtime generates. Deterministic
// with a node limit (one thread); never prints: progress goes to a callback.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "evaluation.h"
#include "position.h"

namespace koma::search {

/// Scores at or beyond kMateBound (in magnitude) are mates: kMate - plies to the ending.
inline constexpr int kMate = 30000;
inline constexpr int kMateBound = kMate - 1000;
inline constexpr int kMaxPly = 128;

/// What bounds one search. Times in milliseconds; -1 (or 0 for depth and nodes): not given.
struct Limits {
  int depth = 0;                    ///< most iterations (0: kMaxPly)
  std::uint64_t nodes = 0;          ///< most nodes (0: no limit)
  std::int64_t movetime = -1;       ///< exactly this long
  std::array<std::int64_t, 2> time{-1, -1};  ///< [side] main time left (btime, wtime)
  std::array<std::int64_t, 2> increment{0, 0};  ///< [side] (binc, winc)
  std::int64_t byoyomi = 0;         ///< per move once the main time is gone
  bool infinite = false;            ///< until stopped
  /// Resign when a completed iteration proves the side to move is mated.
  bool resign_when_mated = true;
  /// Held back from every time budget for the time the moves take to travel.
  std::int64_t margin = 50;
};

/// The progress of a search after an iteration.
struct Info {
  int depth = 0;
  int seldepth = 0;
  int score = 0;                 ///< for the side to move
  std::optional<int> mate;       ///< plies to mate: > 0 the side to move mates, < 0 it is mated
  std::uint64_t nodes = 0;
  std::int64_t time = 0;         ///< milliseconds since the search started
  std::vector<Move> pv;
};

/// What the search decided.
enum class Verdict : std::uint8_t {
  move,    ///< play `best`
  resign,  ///< no legal move, or mate is certain
  win,     ///< declare a win (Position::declare() says it wins)
};

struct Decision {
  Verdict verdict = Verdict::move;
  Move best;    ///< Verdict::move: a legal move of the position searched
  Move ponder;  ///< the expected reply, or none
  Info info;    ///< the last iteration's progress
};

/// Shared with the thread that runs a search: stop at once, or leave pondering.
struct Control {
  std::atomic<bool> stop{false};
  std::atomic<bool> pondering{false};
};

/// A searcher for one variant: its evaluation, transposition table and move-ordering history.
class Searcher {
 public:
  explicit Searcher(std::shared_ptr<const Variant> variant, std::size_t hash_mb = 16);
  ~Searcher();
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  /// Resizes the transposition table (1 MB at least) and clears it.
  void set_hash(std::size_t megabytes);
  /// Forgets what earlier searches learnt (a new game): same results as a new Searcher.
  void clear();
  /// Searches `position` (its history counts for repetition) within `limits`, calling `report`
  /// after every completed iteration. `position` is left as it was given.
  Decision think(Position& position, const Limits& limits, Control& control,
                 const std::function<void(const Info&)>& report = {});
  const Evaluator& evaluator() const { return evaluator_; }

 private:
  struct Impl;
  std::shared_ptr<const Variant> variant_;
  Evaluator evaluator_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace koma::search
