// Endings: checkmate, no moves, bare king (with the reply draw), repetition, perpetual check.
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
