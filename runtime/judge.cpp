// Claims that end a game only when someone makes them: an impasse the players agree to count,
// a declaration of a win, an illegal move in a record judged as a foul; and the move limit.
#include <algorithm>
#include <cctype>
#include <string>
#include <utility>

#include "position.h"
#include "usi_square.h"
#include "variant_build.h"

namespace koma {

namespace {

const ir::EndRule* find_rule(const ir::RuleSet& r, ir::EndKind kind) {
  for (const ir::EndRule& e : r.endings) {
    if (e.kind == kind) return &e;
  }
  return nullptr;
}

Error judge_error(std::string code, std::string message) {
  return Error{std::move(code), std::move(message), 0};
}

/// The game ended by `kind` with `outcome`; `winner` wins, or nobody when it is negative.
GameStatus ended_by(ir::EndKind kind, ir::Outcome outcome, int winner) {
  GameStatus s;
  s.ended = true;
  s.rule = kind;
  s.outcome = outcome;
  if (winner >= 0) s.winner = static_cast<ir::Side>(winner);
  return s;
}

}  // namespace

template <class C>
std::optional<GameStatus> BasicPosition<C>::limit_status() const {
  const ir::EndRule* rule = find_rule(variant_->rules(), ir::EndKind::move_limit);
  if (rule == nullptr || move_number_ - 1 < rule->count) return std::nullopt;
  return ended_by(ir::EndKind::move_limit, rule->outcome, -1);
}

template <class C>
ImpasseCount BasicPosition<C>::count(const ir::EndRule& rule) const {
  ImpasseCount c;
  const bool zone_only = rule.kind == ir::EndKind::declaration;
  auto points_of = [&](int piece) {
    const std::size_t p = static_cast<std::size_t>(piece);
    return p < rule.points.size() ? static_cast<int>(rule.points[p]) : 0;
  };
  for (int side = 0; side < 2; ++side) {
    const std::size_t s = static_cast<std::size_t>(side);
    for_each_piece(side, [&](int sq) {
      const int piece = cell_piece(board_[static_cast<std::size_t>(sq)]);
      const bool in_zone = t_->zone[s][static_cast<std::size_t>(sq)] != 0;
      if (t_->royal[static_cast<std::size_t>(piece)]) {
        c.royal_in_zone[s] = c.royal_in_zone[s] || in_zone;
        return;
      }
      c.in_zone[s] += in_zone;
      if (in_zone || !zone_only) c.points[s] += points_of(piece);
    });
    for (int piece = 0; piece < t_->piece_count; ++piece) {
      c.points[s] += hand_[idx(side, piece)] * points_of(piece);
    }
  }
  return c;
}

template <class C>
Result<GameStatus> BasicPosition<C>::declare() const {
  const ir::EndRule* rule = find_rule(variant_->rules(), ir::EndKind::declaration);
  if (rule == nullptr) {
    return judge_error("declaration-no-rule", "this variant has no rule for declaring a win");
  }
  const ImpasseCount c = count(*rule);
  const std::size_t us = static_cast<std::size_t>(side_);
  const bool right = c.royal_in_zone[us] && c.in_zone[us] >= rule->min_pieces_in_zone &&
                     c.points[us] >= rule->threshold[us] && !in_check();
  if (right) {
    GameStatus s = ended_by(ir::EndKind::declaration, rule->outcome,
                            rule->outcome == ir::Outcome::win    ? side_
                            : rule->outcome == ir::Outcome::loss ? side_ ^ 1
                                                                 : -1);
    return s;
  }
  return ended_by(ir::EndKind::declaration, ir::Outcome::loss, side_ ^ 1);
}

template <class C>
Result<GameStatus> BasicPosition<C>::agree_impasse() const {
  const ir::EndRule* rule = find_rule(variant_->rules(), ir::EndKind::impasse);
  if (rule == nullptr) return judge_error("impasse-no-rule", "this variant has no impasse rule");
  const ImpasseCount c = count(*rule);
  if (!c.royal_in_zone[0] || !c.royal_in_zone[1]) {
    return judge_error("impasse-royal-outside",
                       "an impasse is counted only when both royals stand in their zones");
  }
  const bool short0 = c.points[0] < rule->threshold[0], short1 = c.points[1] < rule->threshold[1];
  if (short0 && short1) return ended_by(ir::EndKind::impasse, ir::Outcome::draw, -1);
  if (short0 || short1) return ended_by(ir::EndKind::impasse, ir::Outcome::loss, short0 ? 1 : 0);
  return ended_by(ir::EndKind::impasse, rule->outcome,
                  rule->outcome == ir::Outcome::win    ? side_
                  : rule->outcome == ir::Outcome::loss ? side_ ^ 1
                                                       : -1);
}

template <class C>
Result<GameStatus> BasicPosition<C>::judge_foul(std::string_view text, int dialect) const {
  if (find_rule(variant_->rules(), ir::EndKind::foul) == nullptr) {
    return judge_error("foul-no-rule", "this variant has no rule for fouls in a game record");
  }
  if (dialect < kNativeDialect || dialect >= static_cast<int>(variant_->rules().dialects.size())) {
    return judge_error("move-bad-dialect", "unknown notation dialect");
  }
  const std::string written = quoted(text);
  auto malformed = [&] {
    return judge_error("move-malformed", written + " is not a move of this board");
  };
  std::size_t i = 0;
  auto read_square = [&]() -> int {
    return read_usi_square(*variant_, text, i);
  };
  const std::size_t star = text.find('*');
  if (star != std::string_view::npos) {
    const std::vector<std::string>& tokens = t_->spelling(dialect);
    const auto it = std::find(tokens.begin(), tokens.end(), std::string(text.substr(0, star)));
    i = star + 1;
    const int to = read_square();
    if (it == tokens.end() || to < 0 || i != text.size()) return malformed();
    return judge_drop_foul(static_cast<int>(it - tokens.begin()), to);
  }
  const int from = read_square();
  const int to = from < 0 ? -1 : read_square();
  if (to < 0) return malformed();
  const bool change = i < text.size() && (text[i] == '+' || text[i] == '-');
  if (change && text[i] == '-' && t_->suffix_style(dialect) != ir::SuffixStyle::plus_minus) {
    return malformed();
  }
  if (i + (change ? 1 : 0) != text.size()) return malformed();
  Result<GameStatus> judged = judge_board_foul(from, to, change);
  if (!judged && judged.error().code == "move-illegal") {
    std::string message = written;
    message.append(" ").append(judged.error().message);
    return judge_error("move-illegal", message);
  }
  return judged;
}

template <class C>
Result<GameStatus> BasicPosition<C>::judge_drop_foul(int piece, int to) const {
  const std::size_t p = static_cast<std::size_t>(piece);
  const int base = t_->base[p];
  const auto& faces = t_->drop_faces[static_cast<std::size_t>(base)];
  if (!t_->drops_enabled || hand_[idx(side_, base)] == 0 ||
      std::find(faces.begin(), faces.end(), piece) == faces.end() ||
      board_[static_cast<std::size_t>(to)] != kEmpty) {
    return judge_error("move-illegal", "is not legal here: that piece cannot be dropped there");
  }
  const ir::Outcome loss = ir::Outcome::loss;
  auto foul = [&](Foul f) {
    GameStatus s = ended_by(ir::EndKind::foul, loss, side_ ^ 1);
    s.foul = f;
    return s;
  };
  const std::size_t cell = static_cast<std::size_t>(piece * t_->cells + to);
  if (!t_->drop_ok[static_cast<std::size_t>(side_)][cell]) {
    const bool banned = detail::drop_rank_banned(variant().rules(), *t_, piece, side_, to);
    return foul(banned ? Foul::banned_rank : Foul::dead_end);
  }
  const int slot = t_->file_slot[p];
  if (slot >= 0 && file_pieces(slot, side_, t_->file_of[static_cast<std::size_t>(to)]) > 0) {
    return foul(Foul::two_per_file);
  }
  BasicPosition after(*this);
  UndoRecord undo;
  after.do_move(Move::drop(piece, to), undo);
  const ir::Side mover = static_cast<ir::Side>(side_);
  if (after.check_rule_applies(mover) && after.royal_attacked(side_)) return foul(Foul::king_in_check);
  if (t_->drop_mate[p] && after.in_check() && after.count_legal() == 0) {
    return foul(Foul::drop_mate);
  }
  return judge_error("move-illegal", "breaks no rule koma can name");
}

template <class C>
Result<GameStatus> BasicPosition<C>::judge_board_foul(int from, int to, bool change) const {
  const Cell moved = board_[static_cast<std::size_t>(from)];
  const Cell target = board_[static_cast<std::size_t>(to)];
  auto illegal = [](const std::string& why) {
    return judge_error("move-illegal", "is not legal here: " + why);
  };
  if (!is_piece(moved)) return illegal("there is no piece on the square it starts from");
  auto foul = [&](Foul f) {
    GameStatus s = ended_by(ir::EndKind::foul, ir::Outcome::loss, side_ ^ 1);
    s.foul = f;
    return s;
  };
  const int side = cell_side(moved);
  if (side != side_) {
    // The side that has just moved moves again: the foul is its, whatever the move.
    GameStatus s = ended_by(ir::EndKind::foul, ir::Outcome::loss, side_);
    s.foul = Foul::wrong_side;
    return s;
  }
  if (is_piece(target) && cell_side(target) == side_) return illegal("it takes an own piece");
  const int piece = cell_piece(moved);
  const std::size_t p = static_cast<std::size_t>(piece);
  if (is_piece(target) && t_->royal[static_cast<std::size_t>(cell_piece(target))]) {
    return illegal("it takes a royal piece");
  }
  // The piece must reach `to` by one of its movements on this board: its own, or those of the
  // piece behind it where pieces move as that piece.
  bool reaches = false;
  const std::size_t acting = t_->acting ? static_cast<std::size_t>(cell_piece(acting_cell(from))) : p;
  const PieceMoves& moves = t_->moves[static_cast<std::size_t>(side_)][acting];
  auto mode_ok = [&](ir::AtomMode mode) {
    return mode == ir::AtomMode::move_or_capture ||
           (mode == ir::AtomMode::move_only) == (target == kEmpty);
  };
  for (const Step& s : moves.leaps) reaches = reaches || (from + s.offset == to && mode_ok(s.mode));
  for (const Step& s : moves.slides) {
    int sq = from + s.offset;
    for (int n = 1; !reaches && board_[static_cast<std::size_t>(sq)] != kWall; ++n, sq += s.offset) {
      if (sq == to) reaches = mode_ok(s.mode);
      if (sq == to || board_[static_cast<std::size_t>(sq)] != kEmpty || n == s.range) break;
    }
  }
  for (const Step& s : moves.hops) {
    int sq = from + s.offset, n = 1;
    while (board_[static_cast<std::size_t>(sq)] == kEmpty) sq += s.offset, ++n;
    if (board_[static_cast<std::size_t>(sq)] == kWall) continue;
    for (int k = 1; !reaches && (s.range == 0 || n + k <= s.range); ++k) {  // k: over the screen
      sq += s.offset;
      if (sq == to) reaches = mode_ok(s.mode);
      if (sq == to || board_[static_cast<std::size_t>(sq)] != kEmpty || k == s.beyond) break;
    }
  }
  if (t_->has_skips) {
    for (const Step& s : t_->skip_steps[static_cast<std::size_t>(side_)][acting]) {
      int sq = from;
      for (int n = 1; !reaches && (s.range == 0 || n <= s.range); ++n) {
        sq += s.offset;
        if (board_[static_cast<std::size_t>(sq)] == kWall) break;
        if (n < s.beyond) continue;  // jumped
        if (sq == to) reaches = mode_ok(s.mode);
        if (sq == to || board_[static_cast<std::size_t>(sq)] != kEmpty) break;
      }
    }
  }
  if (!reaches && t_->has_reach) {
    int reached[kMaxCells];
    const int n = reach_targets(from, static_cast<int>(acting), side_, reached);
    for (int i = 0; i < n && !reaches; ++i) reaches = reached[i] == to;
  }
  if (!reaches) return illegal("that piece cannot move there");
  const ir::Promotion kind = t_->promotion[p];
  const bool capture = is_piece(target);
  if (change) {
    bool may = kind == ir::Promotion::flip || (kind == ir::Promotion::on_capture && capture);
    if (ir::promotes_one_way(kind)) {
      const bool zf = t_->zone[static_cast<std::size_t>(side_)][static_cast<std::size_t>(from)] != 0;
      const bool zt = t_->zone[static_cast<std::size_t>(side_)][static_cast<std::size_t>(to)] != 0;
      may = (!zf && zt && t_->on_enter) || (zf && zt && t_->on_within) || (zf && !zt && t_->on_leave);
    }
    if (!may) return illegal("that piece cannot change face on this move");
  } else {
    if (kind == ir::Promotion::flip) return illegal("that piece changes face on every move");
    if (kind == ir::Promotion::on_capture && capture) {
      return illegal("that piece changes face on every capture");
    }
    const std::size_t cell = static_cast<std::size_t>(piece * t_->cells + to);
    if (t_->dead[static_cast<std::size_t>(side_)][cell]) return foul(Foul::dead_end);
  }
  // A per-file limit that binds moves: the piece ends as a limited face on a file that did not
  // count it before and already holds the most the limit allows.
  const int face = change ? t_->promotes_to[p] : piece;
  const int slot = t_->file_slot[static_cast<std::size_t>(face)];
  if (slot >= 0 && t_->file_limit_moves[static_cast<std::size_t>(slot)] != 0 &&
      (face != piece || t_->file_of[static_cast<std::size_t>(from)] != t_->file_of[static_cast<std::size_t>(to)]) &&
      file_pieces(slot, side_, t_->file_of[static_cast<std::size_t>(to)]) >= t_->file_limit_moves[static_cast<std::size_t>(slot)]) {
    return foul(Foul::two_per_file);
  }
  BasicPosition after(*this);
  UndoRecord undo;
  after.do_move(burn_marked(Move::board(from, to, change)), undo);
  const ir::Side mover = static_cast<ir::Side>(side_);
  // A royal burnt by the move counts as one left attacked.
  const bool burnt = after.royal_count_[side_] < royal_count_[side_] && check_rule_applies(mover);
  if (burnt || (after.check_rule_applies(mover) && after.royal_attacked(side_))) return foul(Foul::king_in_check);
  return judge_error("move-illegal", "breaks no rule koma can name");
}

// The members above at both cell widths.
template std::optional<GameStatus> BasicPosition<std::uint8_t>::limit_status() const;
template ImpasseCount BasicPosition<std::uint8_t>::count(const ir::EndRule& rule) const;
template Result<GameStatus> BasicPosition<std::uint8_t>::declare() const;
template Result<GameStatus> BasicPosition<std::uint8_t>::agree_impasse() const;
template Result<GameStatus> BasicPosition<std::uint8_t>::judge_foul(std::string_view text, int dialect) const;
template Result<GameStatus> BasicPosition<std::uint8_t>::judge_drop_foul(int piece, int to) const;
template Result<GameStatus> BasicPosition<std::uint8_t>::judge_board_foul(int from, int to, bool change) const;
template std::optional<GameStatus> BasicPosition<std::uint16_t>::limit_status() const;
template ImpasseCount BasicPosition<std::uint16_t>::count(const ir::EndRule& rule) const;
template Result<GameStatus> BasicPosition<std::uint16_t>::declare() const;
template Result<GameStatus> BasicPosition<std::uint16_t>::agree_impasse() const;
template Result<GameStatus> BasicPosition<std::uint16_t>::judge_foul(std::string_view text, int dialect) const;
template Result<GameStatus> BasicPosition<std::uint16_t>::judge_drop_foul(int piece, int to) const;
template Result<GameStatus> BasicPosition<std::uint16_t>::judge_board_foul(int from, int to, bool change) const;

}  // namespace koma
