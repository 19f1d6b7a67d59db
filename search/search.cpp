// The search (see search.h): iterative deepening over a principal-variation alpha-beta.
#include "search.h"

#include <algorithm>
#include <climits>

namespace koma::search {

namespace {

using Clock = std::chrono::steady_clock;

enum Bound : std::uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

/// One transposition-table slot (16 bytes).
struct Entry {
  std::uint64_t key = 0;
  Move move;
  std::int16_t score = 0;
  std::int8_t depth = 0;
  std::uint8_t bound = kNone;
};

/// A move with its ordering score.
struct Scored {
  Move move;
  int score = 0;
};

constexpr int kInfinity = kMate + 1;
constexpr std::uint64_t kCheckEvery = 1024;  ///< nodes between looks at the clock and the stop flag
constexpr int kMaxQuiescencePly = 16;        ///< quiescence plies in check searched in full
constexpr int kHistoryMax = 1 << 20;

/// Mate scores are stored relative to the node, not the root.
int to_table(int score, int ply) {
  return score >= kMateBound ? score + ply : score <= -kMateBound ? score - ply : score;
}
int from_table(int score, int ply) {
  return score >= kMateBound ? score - ply : score <= -kMateBound ? score + ply : score;
}

const ir::EndRule* find_rule(const ir::RuleSet& rules, ir::EndKind kind) {
  for (const ir::EndRule& e : rules.endings) {
    if (e.kind == kind) return &e;
  }
  return nullptr;
}

/// The search's move order: by score, ties by encoding, so that it does not depend on the order
/// the generator lists moves in (which follows the piece lists that make and unmake reorder).
bool before(const Scored& a, const Scored& b) {
  return a.score != b.score ? a.score > b.score : a.move.raw() < b.move.raw();
}

/// Moves the first move of [i, end) in the search's order to i.
void pick(std::vector<Scored>& moves, std::size_t i) {
  std::size_t best = i;
  for (std::size_t j = i + 1; j < moves.size(); ++j) {
    if (before(moves[j], moves[best])) best = j;
  }
  if (best != i) std::swap(moves[i], moves[best]);
}

}  // namespace

struct Searcher::Impl {
  Impl(const Variant& variant, const Evaluator& evaluator) : v(variant), t(variant.tables()), eval(evaluator) {
    const ir::RuleSet& rules = variant.rules();
    for (const ir::EndRule& e : rules.endings) {
      if (e.kind == ir::EndKind::repetition && e.count > 0) repeat_at = std::min(repeat_at, static_cast<std::uint32_t>(e.count));
      if (e.kind == ir::EndKind::perpetual_check && e.count >= 2) repeat_at = std::min(repeat_at, static_cast<std::uint32_t>(e.count));
    }
    limit = find_rule(rules, ir::EndKind::move_limit);
    declaration = find_rule(rules, ir::EndKind::declaration) != nullptr;
    history_stride = static_cast<std::size_t>(t.cells);
    history.assign(2 * static_cast<std::size_t>(t.cells + t.piece_count) * history_stride, 0);
    moves.resize(kMaxPly + kMaxQuiescencePly + 8);
  }

  const Variant& v;
  const Tables& t;
  const Evaluator& eval;
  std::vector<Entry> table;
  std::vector<int> history;
  std::size_t history_stride = 0;
  std::array<std::array<Move, 2>, kMaxPly + 1> killers{};
  std::uint32_t repeat_at = UINT32_MAX;  ///< occurrences at which a repetition rule may end the game
  const ir::EndRule* limit = nullptr;
  bool declaration = false;

  // One search's state.
  Position* pos = nullptr;
  Control* control = nullptr;
  Limits limits;
  std::uint64_t nodes = 0;
  int seldepth = 0;
  int root_depth = 1;
  bool aborted = false;
  Clock::time_point start;
  bool timing = false;  ///< soft and hard apply (not pondering, not infinite)
  bool was_pondering = false;
  std::int64_t soft = 0, hard = 0;
  MoveList scratch;
  std::vector<std::vector<Scored>> moves;  ///< per ply
  std::array<std::array<Move, kMaxPly + 1>, kMaxPly + 1> pv{};
  std::array<int, kMaxPly + 1> pv_length{};

  std::int64_t elapsed() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
  }

  void resize(std::size_t megabytes) {
    std::size_t count = 1;
    while (count * 2 * sizeof(Entry) <= std::max<std::size_t>(megabytes, 1) << 20) count *= 2;
    table.assign(count, Entry{});
  }
  void clear() {
    std::fill(table.begin(), table.end(), Entry{});
    std::fill(history.begin(), history.end(), 0);
    for (auto& k : killers) k = {};
  }
  Entry& slot(std::uint64_t key) { return table[key & (table.size() - 1)]; }

  /// Sets soft and hard from the limits (milliseconds from now).
  void plan_time() {
    const int us = static_cast<int>(pos->side_to_move());
    const std::int64_t left = limits.time[static_cast<std::size_t>(us)];
    const std::int64_t inc = limits.increment[static_cast<std::size_t>(us)];
    timing = false;
    if (limits.movetime >= 0) {
      soft = hard = std::max<std::int64_t>(1, limits.movetime - limits.margin);
      timing = true;
    } else if (left >= 0 || limits.byoyomi > 0) {
      const std::int64_t main = std::max<std::int64_t>(left, 0);
      const std::int64_t available = std::max<std::int64_t>(1, main + limits.byoyomi - limits.margin);
      soft = std::min(available, main / 30 + inc + limits.byoyomi - limits.margin);
      soft = std::max<std::int64_t>(1, soft);
      hard = main > 0 ? std::min(available, soft * 3) : soft;
      timing = true;
    }
    if (limits.infinite) timing = false;
  }

  /// Whether the search must stop now; looks at the clock every kCheckEvery nodes.
  bool out_of_budget() {
    if (aborted) return true;
    if (limits.nodes > 0 && nodes >= limits.nodes) return aborted = true;
    if (nodes % kCheckEvery != 0) return false;
    if (control->stop.load(std::memory_order_relaxed)) return aborted = true;
    refresh_ponder();
    if (timing && !was_pondering && elapsed() >= hard) return aborted = true;
    return false;
  }
  /// A ponderhit starts the clock.
  void refresh_ponder() {
    if (was_pondering && !control->pondering.load(std::memory_order_relaxed)) {
      was_pondering = false;
      start = Clock::now();
    }
  }

  /// A GameStatus as a score for the side to move, `ply` plies from the root.
  int status_score(const GameStatus& s, int ply) const {
    if (!s.winner) return 0;
    return *s.winner == pos->side_to_move() ? kMate - ply : -(kMate - ply);
  }

  /// The ending the position stands at before its moves are generated (rules judged on the
  /// move just played, bare king, repetition, the move limit), if any, as a score.
  std::optional<int> early_ending(int ply, bool full) {
    if (t.has_move_rules) {
      if (auto s = pos->move_status(pos->checks_given())) return status_score(*s, ply);
    }
    if (t.has_bare_rule) {
      if (auto s = pos->bare_status()) return status_score(*s, ply);
    }
    if (pos->occurrences() >= repeat_at || (limit && pos->move_number() - 1 >= limit->count)) {
      const GameStatus s = pos->status();
      if (s.ended) return status_score(s, ply);
    }
    if (full && declaration && can_declare()) return kMate - ply;
    return std::nullopt;
  }

  /// The side to move may declare and win.
  bool can_declare() const {
    const int us = static_cast<int>(pos->side_to_move());
    const int royal = pos->royal_square(us);
    if (royal == 0 || (!t.zone[us].empty() && !t.zone[us][static_cast<std::size_t>(royal)])) return false;
    const Result<GameStatus> d = pos->declare();
    return d.ok() && d->winner == pos->side_to_move();
  }

  /// The enemy material a move takes (both legs of a two-leg move).
  int captured_value(Move m) const {
    if (m.is_drop()) return 0;
    const int them = static_cast<int>(pos->side_to_move()) ^ 1;
    int value = 0;
    auto take = [&](int sq) {
      const Cell c = pos->at(sq);
      if (is_piece(c) && cell_side(c) == them) {
        const int piece = cell_piece(c);
        const int to_hand = t.to_hand[static_cast<std::size_t>(piece)];
        value += eval.value(piece) + (to_hand >= 0 ? eval.hand_value(to_hand) : 0) + 1;
      }
    };
    take(m.to());
    for (int mid : pos->middle_squares(m)) {
      if (mid != 0 && mid != m.to()) take(mid);
    }
    return value;
  }
  /// The value a one-way promotion adds (0 for other moves).
  int promotion_gain(Move m) const {
    if (m.is_drop() || !m.changes_face()) return 0;
    const int piece = cell_piece(pos->at(m.from()));
    if (!ir::promotes_one_way(t.promotion[static_cast<std::size_t>(piece)])) return 0;
    const int target = t.promotes_to[static_cast<std::size_t>(piece)];
    return target >= 0 ? std::max(1, eval.value(target) - eval.value(piece)) : 0;
  }
  std::size_t history_index(Move m) const {
    const int side = static_cast<int>(pos->side_to_move());
    const std::size_t from = m.is_drop() ? static_cast<std::size_t>(t.cells + m.dropped()) : static_cast<std::size_t>(m.from());
    return (static_cast<std::size_t>(side) * static_cast<std::size_t>(t.cells + t.piece_count) + from) * history_stride +
           static_cast<std::size_t>(m.to());
  }

  /// Generates the legal moves into moves[ply] with their ordering scores.
  std::vector<Scored>& ordered(int ply, Move tt_move, bool noisy_only) {
    scratch.clear();
    pos->generate(scratch);
    std::vector<Scored>& list = moves[static_cast<std::size_t>(ply)];
    list.clear();
    for (Move m : scratch) {
      const int victim = captured_value(m);
      const int gain = promotion_gain(m);
      if (noisy_only && victim == 0 && gain == 0) continue;
      int score;
      if (m == tt_move) {
        score = 1 << 30;
      } else if (victim > 0) {
        const int attacker = m.is_drop() ? 0 : eval.value(cell_piece(pos->at(m.from())));
        score = (1 << 28) + victim * 16 - attacker / 8 + gain;
      } else if (gain > 0) {
        score = (1 << 27) + gain;
      } else if (ply <= kMaxPly && m == killers[static_cast<std::size_t>(ply)][0]) {
        score = (1 << 26) + 1;
      } else if (ply <= kMaxPly && m == killers[static_cast<std::size_t>(ply)][1]) {
        score = 1 << 26;
      } else {
        score = history[history_index(m)];
      }
      list.push_back({m, score});
    }
    return list;
  }

  void reward(Move m, int ply, int depth) {
    if (ply <= kMaxPly && killers[static_cast<std::size_t>(ply)][0] != m) {
      killers[static_cast<std::size_t>(ply)][1] = killers[static_cast<std::size_t>(ply)][0];
      killers[static_cast<std::size_t>(ply)][0] = m;
    }
    int& h = history[history_index(m)];
    h = std::min(kHistoryMax, h + depth * depth);
    if (h >= kHistoryMax) {
      for (int& x : history) x /= 2;
    }
  }

  void store(int depth, int score, int bound, Move move, int ply) {
    Entry& e = slot(pos->hash());
    if (e.key != pos->hash() || depth >= e.depth || bound == kExact) {
      const bool same = e.key == pos->hash();
      e.key = pos->hash();
      e.move = move.is_none() && same ? e.move : move;
      e.score = static_cast<std::int16_t>(to_table(score, ply));
      e.depth = static_cast<std::int8_t>(std::clamp(depth, -1, 127));
      e.bound = static_cast<std::uint8_t>(bound);
    }
  }
  /// The table's move for this position, when it is legal here (it is then in the list).
  Move table_move(const Entry& e) const {
    return e.key == pos->hash() ? e.move : Move{};
  }

  int quiescence(int alpha, int beta, int ply, bool attacked, int qply) {
    if (aborted) return 0;
    ++nodes;
    // Evasions are searched in full only where the check rule forces them; where a royal may
    // be left attacked, taking it is a capture like any other.
    const bool in_check = attacked && pos->check_rule_applies(pos->side_to_move());
    seldepth = std::max(seldepth, ply);
    pv_length[static_cast<std::size_t>(std::min(ply, kMaxPly))] = 0;
    if (out_of_budget()) return 0;
    if (auto end = early_ending(ply, false)) return *end;
    if (ply >= kMaxPly) return eval.evaluate(*pos);
    int best = -kInfinity;
    if (!in_check) {
      best = eval.evaluate(*pos);
      if (best >= beta) return best;
      alpha = std::max(alpha, best);
    }
    std::vector<Scored>& list = ordered(ply, Move{}, !in_check || qply >= kMaxQuiescencePly);
    if (list.empty() && in_check) {
      // No capture needed: see whether any move at all exists.
      scratch.clear();
      pos->generate(scratch);
      if (scratch.empty()) return status_score(pos->status(), ply);
      return alpha;
    }
    for (std::size_t i = 0; i < list.size(); ++i) {
      pick(list, i);
      const Move m = list[i].move;
      pos->make(m);
      const int score = -quiescence(-beta, -alpha, ply + 1, pos->in_check(), qply + 1);
      pos->unmake();
      if (aborted) return 0;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          if (score >= beta) break;
        }
      }
    }
    return best;
  }

  int search(int depth, int alpha, int beta, int ply, bool in_check) {
    if (depth <= 0) return quiescence(alpha, beta, ply, in_check, 0);
    if (aborted) return 0;
    ++nodes;
    seldepth = std::max(seldepth, ply);
    const std::size_t p = static_cast<std::size_t>(ply);
    pv_length[p] = 0;
    if (out_of_budget()) return 0;
    if (auto end = early_ending(ply, true)) return *end;
    if (ply >= kMaxPly) return eval.evaluate(*pos);
    const bool pv_node = beta - alpha > 1;
    // Mate-distance pruning: no line from here beats a mate already found nearer the root.
    alpha = std::max(alpha, -(kMate - ply));
    beta = std::min(beta, kMate - ply - 1);
    if (alpha >= beta) return alpha;

    const Entry& e = slot(pos->hash());
    const Move tt_move = table_move(e);
    if (!pv_node && e.key == pos->hash() && e.depth >= depth) {
      const int score = from_table(e.score, ply);
      if (e.bound == kExact || (e.bound == kLower && score >= beta) || (e.bound == kUpper && score <= alpha)) {
        return score;
      }
    }
    std::vector<Scored>& list = ordered(ply, tt_move, false);
    if (list.empty()) return status_score(pos->status(), ply);

    const int original_alpha = alpha;
    int best = -kInfinity;
    Move best_move;
    for (std::size_t i = 0; i < list.size(); ++i) {
      pick(list, i);
      const Move m = list[i].move;
      const bool quiet = list[i].score < (1 << 26);
      pos->make(m);
      const bool gives_check = pos->in_check();
      const int extension = gives_check && ply < 2 * root_depth ? 1 : 0;
      const int next = depth - 1 + extension;
      int score;
      if (i == 0) {
        score = -search(next, -beta, -alpha, ply + 1, gives_check);
      } else {
        int reduction = 0;
        if (depth >= 3 && i >= 3 && quiet && !in_check && !gives_check) reduction = i >= 8 && depth >= 6 ? 2 : 1;
        score = -search(next - reduction, -alpha - 1, -alpha, ply + 1, gives_check);
        if (score > alpha && reduction > 0) score = -search(next, -alpha - 1, -alpha, ply + 1, gives_check);
        if (score > alpha && score < beta) score = -search(next, -beta, -alpha, ply + 1, gives_check);
      }
      pos->unmake();
      if (aborted) return 0;
      if (score > best) {
        best = score;
        best_move = m;
        if (score > alpha) {
          alpha = score;
          update_pv(ply, m);
          if (score >= beta) {
            if (quiet) reward(m, ply, depth);
            break;
          }
        }
      }
    }
    store(depth, best, best >= beta ? kLower : best > original_alpha ? kExact : kUpper, best_move, ply);
    return best;
  }

  void update_pv(int ply, Move m) {
    const std::size_t p = static_cast<std::size_t>(ply);
    pv[p][0] = m;
    const int child = ply + 1 <= kMaxPly ? pv_length[p + 1] : 0;
    for (int i = 0; i < child && i + 1 <= kMaxPly; ++i) pv[p][static_cast<std::size_t>(i + 1)] = pv[p + 1][static_cast<std::size_t>(i)];
    pv_length[p] = std::min(child + 1, kMaxPly);
  }

  /// One iteration at the root over `root` (best first); returns the score, or none when the
  /// search stopped before the first move was searched in full. `best` and `line` get the
  /// iteration's best move and line as far as it went.
  std::optional<int> root_search(int depth, std::vector<Scored>& root, Move& best, std::vector<Move>& line) {
    root_depth = depth;
    int alpha = -kInfinity, beta = kInfinity;
    std::optional<int> best_score;
    for (std::size_t i = 0; i < root.size(); ++i) {
      const Move m = root[i].move;
      pos->make(m);
      const bool gives_check = pos->in_check();
      const int next = depth - 1 + (gives_check ? 1 : 0);
      int score;
      if (i == 0) {
        score = -search(next, -beta, -alpha, 1, gives_check);
      } else {
        score = -search(next, -alpha - 1, -alpha, 1, gives_check);
        if (!aborted && score > alpha) score = -search(next, -beta, -alpha, 1, gives_check);
      }
      pos->unmake();
      if (aborted) break;
      root[i].score = score;
      if (!best_score || score > alpha) {
        alpha = score;
        best_score = score;
        best = m;
        line.assign(1, m);
        for (int k = 0; k < pv_length[1]; ++k) line.push_back(pv[1][static_cast<std::size_t>(k)]);
        // Best first for the next iteration; the others keep their order.
        std::rotate(root.begin(), root.begin() + static_cast<std::ptrdiff_t>(i), root.begin() + static_cast<std::ptrdiff_t>(i) + 1);
      }
    }
    return best_score;
  }
};

Searcher::Searcher(std::shared_ptr<const Variant> variant, std::size_t hash_mb)
    : variant_(std::move(variant)), evaluator_(*variant_),
      impl_(std::make_unique<Impl>(*variant_, evaluator_)) {
  impl_->resize(hash_mb);
}

Searcher::~Searcher() = default;

void Searcher::set_hash(std::size_t megabytes) { impl_->resize(megabytes); }

void Searcher::clear() { impl_->clear(); }

Decision Searcher::think(Position& position, const Limits& limits, Control& control,
                         const std::function<void(const Info&)>& report) {
  Impl& s = *impl_;
  s.pos = &position;
  s.control = &control;
  s.limits = limits;
  s.nodes = 0;
  s.seldepth = 0;
  s.aborted = false;
  s.start = Clock::now();
  s.was_pondering = control.pondering.load();
  s.plan_time();
  for (auto& k : s.killers) k = {};

  Decision decision;
  if (position.status().ended) {
    decision.verdict = Verdict::resign;
    return decision;
  }
  if (s.declaration && s.can_declare()) {
    decision.verdict = Verdict::win;
    return decision;
  }
  const Move tt_move = s.table_move(s.slot(position.hash()));
  std::vector<Scored> root = s.ordered(0, tt_move, false);
  if (root.empty()) {
    decision.verdict = Verdict::resign;
    return decision;
  }
  std::sort(root.begin(), root.end(), before);
  decision.best = root.front().move;
  const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 1) : kMaxPly - 1;
  std::optional<int> last_score;
  for (int depth = 1; depth <= max_depth; ++depth) {
    s.seldepth = 0;
    Move best;
    std::vector<Move> line;
    const std::optional<int> score = s.root_search(depth, root, best, line);
    if (!score) break;
    decision.best = best;
    decision.ponder = line.size() > 1 ? line[1] : Move{};
    if (s.aborted) break;  // a partial iteration: its best move stands, its score is a bound
    last_score = *score;
    Info& info = decision.info;
    info.depth = depth;
    info.seldepth = std::max(s.seldepth, depth);
    info.score = *score;
    info.mate.reset();
    if (*score >= kMateBound) info.mate = kMate - *score;
    if (*score <= -kMateBound) info.mate = -(kMate + *score);
    info.nodes = s.nodes;
    info.time = s.elapsed();
    info.pv = line;
    if (report) report(info);
    s.refresh_ponder();
    if (s.timing && !s.was_pondering && s.elapsed() * 2 >= s.soft) break;
    if (control.stop.load()) break;
    // A proven result cannot change with more depth.
    if (std::abs(*score) >= kMateBound && depth > kMate - std::abs(*score) + 1) break;
  }
  decision.info.nodes = s.nodes;
  decision.info.time = s.elapsed();
  if (limits.resign_when_mated && last_score && *last_score <= -kMateBound) decision.verdict = Verdict::resign;
  return decision;
}

}  // namespace koma::search
