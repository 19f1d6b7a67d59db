// The evaluation's tables, built once per variant from its rules, and the evaluation itself.
#include "evaluation.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace koma::search {

namespace {

/// What a destination is worth for mobility: a move that may also capture counts fully, a move
/// or a capture only half.
double mode_weight(ir::AtomMode mode) { return mode == ir::AtomMode::move_or_capture ? 1.0 : 0.5; }

/// Average squares reached from every board square of an empty board by leaps (two-leg moves
/// included) and by slides, each destination counted once.
std::pair<double, double> empty_board_mobility(const Tables& t, int piece) {
  const PieceMoves& moves = t.moves[0][static_cast<std::size_t>(piece)];
  std::vector<double> reached(static_cast<std::size_t>(t.cells), 0.0);
  auto on_board = [&](int cell) {
    return cell >= 0 && cell < t.cells && t.file_of[static_cast<std::size_t>(cell)] != 0;
  };
  double leap_sum = 0, slide_sum = 0;
  for (int sq : t.squares) {
    std::fill(reached.begin(), reached.end(), 0.0);
    for (const Step& s : moves.leaps) {
      const int to = sq + s.offset;
      if (on_board(to)) reached[static_cast<std::size_t>(to)] = std::max(reached[static_cast<std::size_t>(to)], mode_weight(s.mode));
    }
    for (const LegPath& l : moves.legs) {
      const int mid = sq + l.first, to = mid + l.second;
      if (!l.plain && on_board(mid) && on_board(to) && to != sq) reached[static_cast<std::size_t>(to)] = std::max(reached[static_cast<std::size_t>(to)], mode_weight(l.second_mode));
    }
    for (int cell = 0; cell < t.cells; ++cell) leap_sum += reached[static_cast<std::size_t>(cell)];
    std::fill(reached.begin(), reached.end(), 0.0);
    for (const Step& s : moves.slides) {
      int to = sq;
      for (int k = 1; s.range == 0 || k <= s.range; ++k) {
        to += s.offset;
        if (!on_board(to)) break;
        reached[static_cast<std::size_t>(to)] = std::max(reached[static_cast<std::size_t>(to)], mode_weight(s.mode));
      }
    }
    for (int cell = 0; cell < t.cells; ++cell) slide_sum += reached[static_cast<std::size_t>(cell)];
  }
  const double n = static_cast<double>(std::max<std::size_t>(t.squares.size(), 1));
  return {leap_sum / n, slide_sum / n};
}

}  // namespace

Evaluator::Evaluator(const Variant& variant, const Weights& weights)
    : t_(&variant.tables()), w_(weights), cells_(variant.tables().cells),
      drops_(variant.tables().drops_enabled && variant.rules().drops.captured == ir::CaptureFate::to_hand) {
  const Tables& t = *t_;
  const auto pieces = static_cast<std::size_t>(t.piece_count);
  mobility_.resize(pieces);
  std::vector<double> raw(pieces);
  for (std::size_t p = 0; p < pieces; ++p) {
    const auto [leap, slide] = empty_board_mobility(t, static_cast<int>(p));
    mobility_[p] = leap + slide;
    raw[p] = w_.base + w_.leap * leap + w_.slide * std::pow(slide, w_.slide_power);
    if (t.royal[p]) raw[p] *= w_.royal_value;
  }
  // A face that turns over after every move is worth the mean of its two faces.
  value_.resize(pieces);
  for (std::size_t p = 0; p < pieces; ++p) {
    const int other = t.promotes_to[p];
    const bool flips = t.promotion[p] == ir::Promotion::flip && other >= 0;
    value_[p] = static_cast<int>(std::lround(flips ? (raw[p] + raw[static_cast<std::size_t>(other)]) / 2 : raw[p]));
  }
  // In hand: the best face it may be dropped as, and the share of squares that face may go to.
  hand_value_.assign(pieces, 0);
  const double squares = static_cast<double>(std::max<std::size_t>(t.squares.size(), 1));
  for (int hp : t.hand_pieces) {
    double best = 0;
    const auto& faces = t.drop_faces[static_cast<std::size_t>(hp)];
    for (int face : faces.empty() ? std::vector<int>{hp} : faces) {
      int open = 0;
      for (int sq : t.squares) {
        open += t.dead[0].empty() || !t.dead[0][static_cast<std::size_t>(face * cells_ + sq)];
      }
      const double v = value_[static_cast<std::size_t>(face)] * (w_.hand_base + w_.hand_drop * open / squares);
      best = std::max(best, v);
    }
    hand_value_[static_cast<std::size_t>(hp)] = static_cast<int>(std::lround(best));
  }
  // Squares near each square, for royal safety.
  near_.resize(static_cast<std::size_t>(cells_));
  for (int sq : t.squares) {
    const int f = t.file_of[static_cast<std::size_t>(sq)], r = t.rank_of[static_cast<std::size_t>(sq)];
    for (int df = -2; df <= 2; ++df) {
      for (int dr = -2; dr <= 2; ++dr) {
        if ((df == 0 && dr == 0) || f + df < 1 || f + df > t.files || r + dr < 1 || r + dr > t.ranks) continue;
        const int cell = variant.square(f + df, r + dr);
        const bool adjacent = std::abs(df) <= 1 && std::abs(dr) <= 1;
        near_[static_cast<std::size_t>(sq)].push_back(static_cast<std::int16_t>(adjacent ? -cell : cell));
      }
    }
  }
  build_square_tables(variant);
}

void Evaluator::build_square_tables(const Variant& variant) {
  const Tables& t = *t_;
  const ir::RuleSet& rules = variant.rules();
  const std::size_t size = static_cast<std::size_t>(t.piece_count * cells_);
  for (int side = 0; side < 2; ++side) {
    auto& psq = psq_[static_cast<std::size_t>(side)];
    psq.assign(size, 0);
    // Ranks from each square to the side's promotion zone (0 inside it).
    std::vector<int> distance(static_cast<std::size_t>(cells_), 0);
    const bool zone = !t.zone[side].empty() && rules.promotion.zone_depth > 0;
    for (int sq : t.squares) {
      int best = t.ranks;
      for (int z : t.squares) {
        if (zone && t.zone[side][static_cast<std::size_t>(z)]) {
          best = std::min(best, std::abs(t.rank_of[static_cast<std::size_t>(sq)] - t.rank_of[static_cast<std::size_t>(z)]));
        }
      }
      distance[static_cast<std::size_t>(sq)] = best;
    }
    for (int p = 0; p < t.piece_count; ++p) {
      const auto pp = static_cast<std::size_t>(p);
      const int target = t.promotes_to[pp];
      const int gain = zone && ir::promotes_one_way(t.promotion[pp]) && target >= 0
                           ? value_[static_cast<std::size_t>(target)] - value_[pp] : 0;
      for (int sq : t.squares) {
        const double d = distance[static_cast<std::size_t>(sq)];
        const int potential = gain > 0 ? static_cast<int>(gain * w_.promotion / ((1 + d) * (1 + d))) : 0;
        psq[pp * static_cast<std::size_t>(cells_) + static_cast<std::size_t>(sq)] = value_[pp] + potential;
      }
    }
    // royal_reaches: a royal is worth more the nearer it stands to its goal ranks.
    auto& goal = goal_bonus_[static_cast<std::size_t>(side)];
    goal.assign(static_cast<std::size_t>(cells_), 0);
    if (t.royal_reaches) {
      for (int sq : t.squares) {
        const int rank = t.rank_of[static_cast<std::size_t>(sq)];
        const int advanced = side == 0 ? t.ranks - rank : rank - 1;
        goal[static_cast<std::size_t>(sq)] = w_.goal * advanced;
      }
    }
  }
}

int Evaluator::royal_safety(const Position& position, int side, int cell) const {
  int attackers = 0, defenders = 0;
  for (std::int16_t code : near_[static_cast<std::size_t>(cell)]) {
    const Cell c = position.at(std::abs(code));
    if (!is_piece(c)) continue;
    if (cell_side(c) != side) {
      ++attackers;
    } else if (code < 0) {
      ++defenders;
    }
  }
  int score = w_.defender * std::min(defenders, 4) - w_.attacker * attackers * (attackers + 1) / 2;
  if (attackers > 0 && drops_) {
    int in_hand = 0;
    for (int hp : t_->hand_pieces) in_hand += position.hand_count(side ^ 1, hp);
    score -= w_.attacker_hand * std::min(in_hand, 8);
  }
  return score;
}

int Evaluator::material(const Position& position) const {
  std::array<int, 2> score{};
  for (int sq : t_->squares) {
    const Cell c = position.at(sq);
    if (is_piece(c)) score[static_cast<std::size_t>(cell_side(c))] += value(cell_piece(c));
  }
  for (int side = 0; side < 2; ++side) {
    for (int hp : t_->hand_pieces) score[static_cast<std::size_t>(side)] += position.hand_count(side, hp) * hand_value(hp);
  }
  const int us = static_cast<int>(position.side_to_move());
  return score[static_cast<std::size_t>(us)] - score[static_cast<std::size_t>(us ^ 1)];
}

int Evaluator::evaluate(const Position& position) const {
  std::array<int, 2> score{};
  for (int sq : t_->squares) {
    const Cell c = position.at(sq);
    if (!is_piece(c)) continue;
    const int side = cell_side(c), piece = cell_piece(c);
    score[static_cast<std::size_t>(side)] += square_value(side, piece, sq);
    if (t_->royal[static_cast<std::size_t>(piece)]) {
      score[static_cast<std::size_t>(side)] += royal_safety(position, side, sq) + goal_bonus_[static_cast<std::size_t>(side)][static_cast<std::size_t>(sq)];
    }
  }
  for (int side = 0; side < 2; ++side) {
    for (int hp : t_->hand_pieces) score[static_cast<std::size_t>(side)] += position.hand_count(side, hp) * hand_value(hp);
  }
  const int us = static_cast<int>(position.side_to_move());
  return score[static_cast<std::size_t>(us)] - score[static_cast<std::size_t>(us ^ 1)] + w_.tempo;
}

}  // namespace koma::search
