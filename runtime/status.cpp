// Endings: those judged on the move just played (royal captured, royal reaching its ranks,
// check given), checkmate, no moves, bare king (with the reply draw), repetition, perpetual check.
#include <array>
#include <optional>

#include "position.h"

namespace koma {

namespace {

/// The game ended by `rule` with `outcome` for the side `subject`.
GameStatus ended(ir::EndKind rule, ir::Outcome outcome, std::optional<int> subject) {
  GameStatus s;
  s.ended = true;
  s.rule = rule;
  s.outcome = outcome;
  if (subject && outcome == ir::Outcome::loss) s.winner = static_cast<ir::Side>(*subject ^ 1);
  if (subject && outcome == ir::Outcome::win) s.winner = static_cast<ir::Side>(*subject);
  return s;
}

const ir::EndRule* find_rule(const ir::RuleSet& r, ir::EndKind kind) {
  for (const ir::EndRule& e : r.endings) {
    if (e.kind == kind) return &e;
  }
  return nullptr;
}

}  // namespace

std::array<int, 2> Position::checks_given() const {
  std::array<int, 2> checks{0, 0};
  const std::size_t n = history_.size();
  for (std::size_t k = 0; k < n; ++k) {
    // history_[k] is the move played by the side that moved n - k plies before now.
    const int mover = side_ ^ static_cast<int>((n - k) & 1);
    checks[static_cast<std::size_t>(mover)] += history_[k].gave_check ? 1 : 0;
  }
  return checks;
}

int Position::royal_on_goal(int side) const {
  for (int i = 0; i < pcount_[side]; ++i) {
    const int sq = plist_[side][static_cast<std::size_t>(i)];
    if (t_->goal[side][static_cast<std::size_t>(sq)] &&
        t_->royal[static_cast<std::size_t>(cell_piece(board_[static_cast<std::size_t>(sq)]))]) {
      return sq;
    }
  }
  return 0;
}

std::optional<GameStatus> Position::move_status(const std::array<int, 2>& checks_given) const {
  if (!t_->has_move_rules) return std::nullopt;
  const int mover = side_ ^ 1;
  if (const auto& rule = t_->royal_captured) {
    // Only the side to move can just have lost a royal; a position set up without one ends too.
    for (int side : {side_, mover}) {
      if (royal_count_[side] == 0) return ended(ir::EndKind::royal_captured, rule->outcome, side);
    }
  }
  if (const auto& rule = t_->royal_reaches) {
    // The side to move has a royal on its ranks: it arrived there and the reply did not take
    // it, which wins even where it may still be attacked.
    if (royal_on_goal(side_) != 0) return ended(ir::EndKind::royal_reaches, rule->outcome, side_);
    // The side that just moved: it wins on arrival unless a legal reply can capture it.
    if (const int sq = royal_on_goal(mover); sq != 0) {
      bool capturable = false;
      if (rule->unless_capturable) {
        MoveList replies;
        generate(replies);
        for (Move m : replies) capturable = capturable || (!m.is_drop() && m.to() == sq);
      }
      if (!capturable) return ended(ir::EndKind::royal_reaches, rule->outcome, mover);
    }
  }
  if (const auto& rule = t_->check_given) {
    if (checks_given[static_cast<std::size_t>(mover)] >= rule->count) {
      return ended(ir::EndKind::check_given, rule->outcome, mover);
    }
  }
  return std::nullopt;
}

std::optional<GameStatus> Position::bare_status() const {
  if (!t_->has_bare_rule) return std::nullopt;
  const int us = side_, them = side_ ^ 1;
  const bool us_bare = nonroyal_[us] == 0, them_bare = nonroyal_[them] == 0;
  if (!us_bare && !them_bare) return std::nullopt;
  if (us_bare && them_bare) return ended(ir::EndKind::bare_king, ir::Outcome::draw, std::nullopt);
  if (them_bare) return ended(ir::EndKind::bare_king, ir::Outcome::loss, them);
  // We are bare: the reply may still bare the other royal by taking its last piece.
  if (t_->bare_reply_draws && nonroyal_[them] == 1) {
    int last = 0;
    for (int i = 0; i < pcount_[them]; ++i) {
      const int sq = plist_[them][static_cast<std::size_t>(i)];
      if (!t_->royal[static_cast<std::size_t>(cell_piece(board_[static_cast<std::size_t>(sq)]))]) last = sq;
    }
    if (last != 0) {
      MoveList list;
      generate(list);
      for (Move m : list) {
        if (!m.is_drop() && m.to() == last) return std::nullopt;
      }
    }
  }
  return ended(ir::EndKind::bare_king, ir::Outcome::loss, us);
}

GameStatus Position::status() const {
  const ir::RuleSet& r = variant_->rules();
  if (auto moved = move_status(checks_given())) return *moved;
  if (auto bare = bare_status()) return *bare;
  if (count_legal() == 0) {
    const bool check = in_check();
    const ir::EndRule* rule = find_rule(r, check ? ir::EndKind::checkmate : ir::EndKind::no_moves);
    if (!rule) rule = find_rule(r, check ? ir::EndKind::no_moves : ir::EndKind::checkmate);
    // Without a rule for it, a side that cannot move loses.
    return ended(rule ? rule->kind : (check ? ir::EndKind::checkmate : ir::EndKind::no_moves),
                 rule ? rule->outcome : ir::Outcome::loss, side_);
  }
  // Positions in order: history_[k].hash is the key before move k; the current one is hash_.
  const std::size_t n = history_.size();
  std::vector<std::size_t> same;  // indices of earlier occurrences, most recent first
  for (std::size_t k = n; k-- > 0;) {
    if (history_[k].hash == hash_) same.push_back(k);
  }
  const std::size_t occurrences = same.size() + 1;
  if (const ir::EndRule* rule = find_rule(r, ir::EndKind::perpetual_check);
      rule && rule->count >= 2 && occurrences >= rule->count) {
    const std::size_t start = same[rule->count - 2];
    for (int checker = 0; checker < 2; ++checker) {
      bool all = true, any = false;
      for (std::size_t k = start; k < n; ++k) {
        const int mover = side_ ^ static_cast<int>((n - k) & 1);
        if (mover != checker) continue;
        any = true;
        all = all && history_[k].gave_check;
      }
      if (any && all) return ended(ir::EndKind::perpetual_check, rule->outcome, checker);
    }
  }
  if (const ir::EndRule* rule = find_rule(r, ir::EndKind::repetition);
      rule && rule->count > 0 && occurrences >= rule->count) {
    return ended(ir::EndKind::repetition, rule->outcome, side_);
  }
  if (auto limit = limit_status()) return *limit;
  return GameStatus{};
}

}  // namespace koma
