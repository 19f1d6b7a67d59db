// Evaluation derived from the rule IR, the same for every variant: each face is worth its
// mobility on an empty board, a piece in hand its drop mobility, an unpromoted piece its
// promotion potential near the zone, a royal loses for attackers near it. The weights are data
// (kWeights), tuned once for all variants.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "position.h"

namespace koma::search {

/// The tuned constants of the evaluation (centipawn-like units), one set for every variant.
struct Weights {
  double base = 60;            ///< every piece: worth something for being there
  double leap = 45;            ///< per square a leap reaches on an empty board (average)
  double slide = 60;           ///< per slide_power-th power of the squares slides reach (average)
  double slide_power = 0.7;    ///< slides reach less on a full board than on an empty one
  double hand_base = 1.05;     ///< a piece in hand: its best drop face's value times this...
  double hand_drop = 0.10;     ///< ...plus this times the share of squares it may be dropped on
  double promotion = 0.35;     ///< share of the promotion gain an unpromoted piece in the zone has
  double royal_value = 0.5;    ///< a royal counts this share of its mobility value (as material)
  int attacker = 18;           ///< per enemy piece within two squares of a royal
  int attacker_hand = 6;       ///< per enemy piece in hand, when some enemy piece is near
  int defender = 6;            ///< per own piece next to a royal
  int goal = 40;               ///< royal_reaches: per rank a royal has advanced towards its goal
  int tempo = 10;              ///< for the side to move
};

/// The weights every variant is evaluated with.
inline constexpr Weights kWeights{};

/// The evaluation of one variant: tables built once from its rules.
class Evaluator {
 public:
  explicit Evaluator(const Variant& variant, const Weights& weights = kWeights);
  /// The position as the side to move sees it (positive: better for it).
  int evaluate(const Position& position) const;
  /// Material only, for the side to move (board and hands).
  int material(const Position& position) const;
  /// The value of a face on the board (material, no square).
  int value(int piece) const { return value_[static_cast<std::size_t>(piece)]; }
  /// The value of a hand piece (its base face) in hand.
  int hand_value(int piece) const { return hand_value_[static_cast<std::size_t>(piece)]; }
  /// Average squares a face reaches from every square of an empty board (sente), leaps and slides.
  double mobility(int piece) const { return mobility_[static_cast<std::size_t>(piece)]; }

 private:
  /// The board term of `piece` of `side` on `cell`: value plus promotion potential.
  int square_value(int side, int piece, int cell) const {
    return psq_[static_cast<std::size_t>(side)][static_cast<std::size_t>(piece * cells_ + cell)];
  }
  /// Penalty for enemy pieces near `side`'s royal on `cell`, bonus for own pieces next to it.
  int royal_safety(const Position& position, int side, int cell) const;
  /// Fills psq_ and goal_bonus_.
  void build_square_tables(const Variant& variant);
  const Tables* t_ = nullptr;
  Weights w_;
  int cells_ = 0;
  bool drops_ = false;
  std::vector<double> mobility_;
  std::vector<int> value_, hand_value_;
  std::array<std::vector<int>, 2> psq_;
  std::array<std::vector<int>, 2> goal_bonus_;  ///< [side][cell], royal_reaches variants
  /// [cell]: the squares within two of it; negated where they are next to it.
  std::vector<std::vector<std::int16_t>> near_;
};

}  // namespace koma::search
