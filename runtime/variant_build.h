// Internal to the runtime: the steps of Variant::load, one file each.
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "ir/rules.h"
#include "result.h"
#include "variant.h"

namespace koma::detail {

/// An error about the RuleSet itself (no text offset applies).
inline Error ir_error(std::string code, std::string message) {
  return Error{std::move(code), std::move(message), 0};
}

/// Checks what the runtime needs from `r` (variant_check.cpp); the error codes are listed at
/// Variant::load.
std::optional<Error> check_rules(const ir::RuleSet& r);
/// Most king steps of an area move (ir::AtomKind::area).
inline constexpr int kMaxAreaSteps = 5;
/// Checks the range jumps and area moves of `r` (variant_check_jumps.cpp): ir-bad-area (a
/// direction, or steps outside 1..kMaxAreaSteps), ir-bad-jump (a piece of rank 0, or pieces
/// moving as other pieces), ir-bad-hook (a hook move not along a single step, with a range, on
/// some ranks only, or where pieces move as other pieces).
std::optional<Error> check_reach(const ir::RuleSet& r);
/// Fills every table but the keys from a checked `r` (variant_tables.cpp).
std::optional<Error> build_tables(const ir::RuleSet& r, Tables& t);
/// Fills the Zobrist keys; needs the geometry and piece count (zobrist.cpp).
void build_keys(Tables& t);

/// Whether a banned_ranks restriction of `r` forbids dropping piece `p` of `side` on `sq`.
bool drop_rank_banned(const ir::RuleSet& r, const Tables& t, int p, int side, int sq);

/// Mailbox index of an on-board square.
inline int square_index(const Tables& t, int file, int rank) {
  return (rank - 1 + t.pad) * t.width + (t.files - file + t.pad);
}

}  // namespace koma::detail
