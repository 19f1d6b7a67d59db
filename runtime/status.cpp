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

/// The side a repetition or perpetual-check outcome applies to, or none when it is both sides'.
std::optional<int> subject_side(const ir::EndRule& rule, int completer, int checker) {
  switch (rule.subject) {
    case ir::EndSubject::both: return std::nullopt;
    case ir::EndSubject::checker: return checker;
    case ir::EndSubject::completer: return completer;
    case ir::EndSubject::sente: return 0;
    case ir::EndSubject::gote: return 1;
  }
  return std::nullopt;
}

const ir::EndRule* find_rule(const ir::RuleSet& r, ir::EndKind kind) {
  for (const ir::EndRule& e : r.endings) {
    if (e.kind == kind) return &e;
  }
  return nullptr;
}

}  // namespace

template <class C>
std::array<int, 2> BasicPosition<C>::checks_given() const {
  // Each side's moves so far less those that gave no check, from the record make() keeps:
  // constant time, so judging a game stays linear in its length.
  const std::size_t n = history_.size();
  const PlyRecord& now = records_->plies.back();
  std::array<int, 2> checks{0, 0};
  for (int side = 0; side < 2; ++side) {
    // The side that moved last (side_ ^ 1) made the odd move of an odd count.
    const std::size_t moves = side == side_ ? n / 2 : (n + 1) / 2;
    checks[static_cast<std::size_t>(side)] =
        static_cast<int>(moves) - static_cast<int>(now.quiet[static_cast<std::size_t>(side)]);
  }
  return checks;
}

template <class C>
int BasicPosition<C>::royal_on_goal_scan(int side) const {
  int found = 0;
  any_piece(side, [&](int sq) {
    if (t_->goal[side][static_cast<std::size_t>(sq)] &&
        t_->royal[static_cast<std::size_t>(cell_piece(board_[static_cast<std::size_t>(sq)]))]) {
      found = sq;
    }
    return found != 0;
  });
  return found;
}

template <class C>
bool BasicPosition<C>::reply_takes(int sq) const {
  MoveList replies;
  generate(replies);
  for (Move m : replies) {
    if (!m.is_drop() && m.to() == sq) return true;
  }
  return false;
}

template <class C>
std::optional<GameStatus> BasicPosition<C>::move_status(const std::array<int, 2>& checks_given) const {
  const auto e = move_ending(checks_given);
  if (!e) return std::nullopt;
  return ended(e->rule, e->outcome, e->subject);
}

template <class C>
std::optional<GameStatus> BasicPosition<C>::bare_status() const {
  if (!t_->has_bare_rule) return std::nullopt;
  if (t_->bare_guarded) return guarded_bare_status();
  const int us = side_, them = side_ ^ 1;
  const bool us_bare = nonroyal_[us] == 0, them_bare = nonroyal_[them] == 0;
  if (!us_bare && !them_bare) return std::nullopt;
  if (us_bare && them_bare) return ended(ir::EndKind::bare_king, ir::Outcome::draw, std::nullopt);
  if (them_bare) return ended(ir::EndKind::bare_king, ir::Outcome::loss, them);
  // We are bare: the reply may still bare the other royal by taking its last piece.
  if (t_->bare_reply_draws && nonroyal_[them] == 1) {
    int last = 0;
    for_each_piece(them, [&](int sq) {
      if (!t_->royal[static_cast<std::size_t>(cell_piece(board_[static_cast<std::size_t>(sq)]))]) last = sq;
    });
    if (last != 0 && reply_takes(last)) return std::nullopt;
  }
  return ended(ir::EndKind::bare_king, ir::Outcome::loss, us);
}

template <class C>
GameStatus BasicPosition<C>::status() const {
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
  // Repetition: the records kept by make() give the occurrences and the earlier ones in
  // constant time per step, so judging a game is linear in its length.
  const std::vector<PlyRecord>& plies = records_->plies;
  const std::size_t n = plies.size() - 1;  // index of the current position
  const PlyRecord& now = plies[n];
  const int completer = side_ ^ 1;           // the side whose move made this position
  if (const ir::EndRule* rule = find_rule(r, ir::EndKind::perpetual_check);
      rule && rule->count >= 2 && now.occurrences >= rule->count) {
    // The cycle starts at the (count - 1)-th earlier occurrence.
    std::size_t start = n;
    for (int i = 1; i < rule->count; ++i) start = static_cast<std::size_t>(plies[start].previous);
    for (int checker = 0; checker < 2; ++checker) {
      const std::size_t c = static_cast<std::size_t>(checker);
      // The side to move at position k is side_ ^ ((n - k) & 1); the cycle holds a move of the
      // checker unless it is one move long and that move was the other side's.
      const bool moved = n - start >= 2 || (side_ ^ static_cast<int>((n - start) & 1)) == checker;
      if (moved && now.quiet[c] == plies[start].quiet[c]) {
        return ended(ir::EndKind::perpetual_check, rule->outcome, subject_side(*rule, completer, checker));
      }
    }
  }
  if (const ir::EndRule* rule = find_rule(r, ir::EndKind::repetition);
      rule && rule->count > 0 && now.occurrences >= rule->count) {
    return ended(ir::EndKind::repetition, rule->outcome, subject_side(*rule, completer, completer));
  }
  if (auto limit = limit_status()) return *limit;
  return GameStatus{};
}

// The members above at both cell widths.
template std::array<int, 2> BasicPosition<std::uint8_t>::checks_given() const;
template int BasicPosition<std::uint8_t>::royal_on_goal_scan(int side) const;
template bool BasicPosition<std::uint8_t>::reply_takes(int sq) const;
template std::optional<GameStatus> BasicPosition<std::uint8_t>::move_status(const std::array<int, 2>& checks_given) const;
template std::optional<GameStatus> BasicPosition<std::uint8_t>::bare_status() const;
template GameStatus BasicPosition<std::uint8_t>::status() const;
template std::array<int, 2> BasicPosition<std::uint16_t>::checks_given() const;
template int BasicPosition<std::uint16_t>::royal_on_goal_scan(int side) const;
template bool BasicPosition<std::uint16_t>::reply_takes(int sq) const;
template std::optional<GameStatus> BasicPosition<std::uint16_t>::move_status(const std::array<int, 2>& checks_given) const;
template std::optional<GameStatus> BasicPosition<std::uint16_t>::bare_status() const;
template GameStatus BasicPosition<std::uint16_t>::status() const;

}  // namespace koma
