// Variant::load: validates a RuleSet for the runtime and builds the derived tables once.
#include "variant.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <optional>
#include <tuple>
#include <set>
#include <utility>

#include "move.h"

namespace koma {

namespace {

Error ir_error(std::string code, std::string message) {
  return Error{std::move(code), std::move(message), 0};
}

/// A token is '+' at most once, then one uppercase ASCII letter.
bool is_valid_token(const std::string& s) {
  if (s.size() == 1) return s[0] >= 'A' && s[0] <= 'Z';
  return s.size() == 2 && s[0] == '+' && s[1] >= 'A' && s[1] <= 'Z';
}

ir::AtomMode unite(ir::AtomMode a, ir::AtomMode b) {
  return a == b ? a : ir::AtomMode::move_or_capture;
}

bool covers(ir::AtomMode wide, ir::AtomMode narrow) {
  return wide == ir::AtomMode::move_or_capture || wide == narrow;
}

bool captures(ir::AtomMode m) { return m != ir::AtomMode::move_only; }

/// splitmix64: deterministic Zobrist keys.
std::uint64_t next_key(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// One atom in board-independent form, before deduplication.
struct RawStep {
  int right, forward;
  ir::AtomMode mode;
  int range;  // slides: 0 unlimited; leaps: -1
};

/// Deduplicates a piece's atoms: same-direction leaps merge their modes, one-step slides are
/// leaps, same-direction same-mode slides keep the longest range, leaps a slide covers go.
std::vector<RawStep> dedupe_atoms(const std::vector<ir::MoveAtom>& atoms) {
  std::map<std::pair<int, int>, ir::AtomMode> leaps;
  std::map<std::tuple<int, int, int>, int> slides;  // (right, forward, mode) -> range
  for (const ir::MoveAtom& a : atoms) {
    const int r = a.delta.right, f = a.delta.forward;
    if (a.kind == ir::AtomKind::leap || a.max_range == 1) {
      auto [it, fresh] = leaps.emplace(std::make_pair(r, f), a.mode);
      if (!fresh) it->second = unite(it->second, a.mode);
    } else {
      auto key = std::make_tuple(r, f, static_cast<int>(a.mode));
      auto [it, fresh] = slides.emplace(key, a.max_range);
      if (!fresh && it->second != 0) it->second = a.max_range == 0 ? 0 : std::max(it->second, int{a.max_range});
    }
  }
  std::vector<RawStep> out;
  for (const auto& [key, range] : slides) {
    out.push_back({std::get<0>(key), std::get<1>(key), static_cast<ir::AtomMode>(std::get<2>(key)), range});
  }
  for (const auto& [key, mode] : leaps) {
    bool covered = false;
    for (const RawStep& s : out) {
      covered |= s.range >= 0 && s.right == key.first && s.forward == key.second && covers(s.mode, mode);
    }
    if (!covered) out.push_back({key.first, key.second, mode, -1});
  }
  return out;
}

/// True when two of the steps can reach the same relative square (the generator must then
/// deduplicate that piece's destinations).
bool may_repeat(const std::vector<RawStep>& steps, int longest) {
  std::set<std::pair<int, int>> seen;
  for (const RawStep& s : steps) {
    const int reps = s.range < 0 ? 1 : (s.range == 0 ? longest : std::min(int{s.range}, longest));
    for (int k = 1; k <= reps; ++k) {
      if (!seen.emplace(s.right * k, s.forward * k).second) return true;
    }
  }
  return false;
}

}  // namespace

/// Builds a Variant step by step; each function checks or fills one part.
struct VariantBuilder {
  Variant& v;
  const ir::RuleSet& r;
  Tables& t;

  std::optional<Error> check() {
    const int files = r.board.files, ranks = r.board.ranks;
    if (files < 3 || files > kMaxBoardSide || ranks < 3 || ranks > kMaxBoardSide) {
      return ir_error("ir-board-size", "the board is " + std::to_string(files) + "x" +
                                           std::to_string(ranks) + "; 3x3 to 16x16 are supported");
    }
    const std::size_t n = r.pieces.size();
    if (n == 0) return ir_error("ir-no-pieces", "the variant defines no piece types");
    if (n > kMaxPieceTypes) {
      return ir_error("ir-too-many-pieces", "the variant defines " + std::to_string(n) +
                                                " piece types; at most 64 are supported");
    }
    auto bad_id = [&](std::size_t id) { return id != ir::kNoPiece && id >= n; };
    std::set<std::string> symbols;
    for (std::size_t i = 0; i < n; ++i) {
      const ir::PieceType& p = r.pieces[i];
      if (!is_valid_token(p.symbol) || !symbols.insert(p.symbol).second) {
        return ir_error("ir-bad-symbol", "piece '" + p.name + "' has symbol '" + p.symbol +
                                             "'; symbols are unique, a letter with an optional '+'");
      }
      if (bad_id(p.promotes_to) || bad_id(p.base_face)) {
        return ir_error("ir-bad-piece-id", "piece '" + p.name + "' names a piece id out of range");
      }
      if (p.promotion != ir::Promotion::none) {
        if (p.promotes_to == ir::kNoPiece) {
          return ir_error("ir-bad-promotion", "piece '" + p.name + "' promotes but has no target");
        }
        if (r.pieces[p.promotes_to].royal != p.royal) {
          return ir_error("ir-bad-promotion", "piece '" + p.name +
                                                  "' would change between royal and non-royal");
        }
      }
      if (p.base_face != ir::kNoPiece && r.pieces[p.base_face].royal != p.royal) {
        return ir_error("ir-bad-promotion", "piece '" + p.name + "' has a base face of another kind");
      }
      for (const ir::MoveAtom& a : p.moves) {
        if (a.delta.right == 0 && a.delta.forward == 0) {
          return ir_error("ir-bad-atom", "piece '" + p.name + "' has a move of zero length");
        }
      }
    }
    for (const ir::DropRestriction& d : r.drops.restrictions) {
      if (d.kind != ir::DropRestrictionKind::dead_square && (d.piece == ir::kNoPiece || d.piece >= n)) {
        return ir_error("ir-bad-restriction", "a drop restriction names no valid piece type");
      }
    }
    for (const ir::Dialect& d : r.dialects) {
      if (d.symbols.size() != n) {
        return ir_error("ir-bad-dialect", "dialect '" + d.name + "' spells " +
                                              std::to_string(d.symbols.size()) + " of " +
                                              std::to_string(n) + " piece types");
      }
      std::set<std::string> seen;
      for (const std::string& s : d.symbols) {
        if (!is_valid_token(s) || !seen.insert(s).second) {
          return ir_error("ir-bad-symbol", "dialect '" + d.name + "' has symbol '" + s +
                                               "'; symbols are unique, a letter with an optional '+'");
        }
      }
    }
    std::set<std::pair<int, int>> occupied;
    int royals[2] = {0, 0};
    for (const ir::Placement& pl : r.setup.placements) {
      if (pl.file < 1 || pl.file > files || pl.rank < 1 || pl.rank > ranks ||
          !occupied.emplace(pl.file, pl.rank).second || pl.piece >= n) {
        return ir_error("ir-bad-setup", "a setup placement is off the board, repeated or names an "
                                        "unknown piece");
      }
      if (r.pieces[pl.piece].royal && ++royals[static_cast<int>(pl.side)] > 1) {
        return ir_error("ir-too-many-royals", "the setup gives a side more than one royal piece");
      }
    }
    for (const auto& hand : r.setup.hands) {
      for (const ir::HandCount& h : hand) {
        if (h.piece >= n || r.pieces[h.piece].royal || h.count > kMaxHandCount) {
          return ir_error("ir-bad-setup", "a setup hand names an unknown or royal piece");
        }
      }
    }
    return std::nullopt;
  }

  std::optional<Error> geometry() {
    int longest = 1;
    for (const ir::PieceType& p : r.pieces) {
      for (const ir::MoveAtom& a : p.moves) {
        if (a.kind == ir::AtomKind::leap) {
          longest = std::max({longest, std::abs(int{a.delta.right}), std::abs(int{a.delta.forward})});
        } else {
          // A skipping slide needs padding as wide as its step to stop at the wall.
          longest = std::max({longest, std::abs(int{a.delta.right}), std::abs(int{a.delta.forward})});
        }
      }
    }
    t.files = r.board.files;
    t.ranks = r.board.ranks;
    t.pad = longest;
    t.width = t.files + 2 * longest;
    t.cells = t.width * (t.ranks + 2 * longest);
    if (t.cells > kMaxCells) {
      return ir_error("ir-leap-too-long", "a move reaching " + std::to_string(longest) +
                                              " squares needs a mailbox larger than 1024 cells");
    }
    t.file_of.assign(static_cast<std::size_t>(t.cells), 0);
    t.rank_of.assign(static_cast<std::size_t>(t.cells), 0);
    for (int rank = 1; rank <= t.ranks; ++rank) {
      for (int file = t.files; file >= 1; --file) {
        const int sq = v.square(file, rank);
        t.squares.push_back(sq);
        t.file_of[static_cast<std::size_t>(sq)] = static_cast<std::int16_t>(file);
        t.rank_of[static_cast<std::size_t>(sq)] = static_cast<std::int16_t>(rank);
      }
    }
    return std::nullopt;
  }

  int offset(int side, int right, int forward) const {
    const int o = right - forward * t.width;
    return side == 0 ? o : -o;
  }

  std::optional<Error> movement() {
    const int n = t.piece_count;
    const int longest = std::max(t.files, t.ranks);
    for (int side = 0; side < 2; ++side) {
      t.moves[side].assign(static_cast<std::size_t>(n), {});
      std::map<int, std::uint64_t> leap_mask;
      std::map<int, AttackSlide> slide_map;
      for (int p = 0; p < n; ++p) {
        const std::vector<RawStep> steps = dedupe_atoms(r.pieces[static_cast<std::size_t>(p)].moves);
        PieceMoves& pm = t.moves[side][static_cast<std::size_t>(p)];
        pm.may_repeat_target = may_repeat(steps, longest);
        for (const RawStep& s : steps) {
          const int o = offset(side, s.right, s.forward);
          const std::uint64_t bit = std::uint64_t{1} << p;
          if (s.range < 0) {
            pm.leaps.push_back({o, s.mode, 1});
            if (captures(s.mode)) leap_mask[o] |= bit;
          } else {
            pm.slides.push_back({o, s.mode, s.range});
            if (captures(s.mode)) {
              AttackSlide& as = slide_map[o];
              as.offset = o;
              const std::uint8_t old = (as.mask & bit) ? as.range[static_cast<std::size_t>(p)] : 255;
              const auto range = static_cast<std::uint8_t>(s.range);
              as.range[static_cast<std::size_t>(p)] =
                  (old == 0 || range == 0) ? 0 : (old == 255 ? range : std::max(old, range));
              as.mask |= bit;
            }
          }
        }
      }
      for (const auto& [o, mask] : leap_mask) t.attack_leaps[side].push_back({o, mask});
      for (auto& [o, as] : slide_map) {
        for (int p = 0; p < n; ++p) as.limited = as.limited || ((as.mask >> p & 1) && as.range[static_cast<std::size_t>(p)] != 0);
        t.attack_slides[side].push_back(as);
      }
      for (int p = 0; p < n; ++p) {
        t.piece_bit[static_cast<std::size_t>(side)][make_cell(side, p)] = std::uint64_t{1} << p;
      }
    }
    // Moves from one square: twice its empty-board destinations (promotion choices) when an
    // own piece stands there, or one drop per face when it is empty.
    std::size_t faces = 0;
    for (const auto& f : t.drop_faces) faces += f.size();
    std::size_t bound = 0;
    for (int sq : t.squares) {
      std::size_t most = faces;
      for (int p = 0; p < n; ++p) {
        const PieceMoves& pm = t.moves[0][static_cast<std::size_t>(p)];
        std::size_t dest = 0;
        for (const Step& s : pm.leaps) dest += t.file_of[static_cast<std::size_t>(sq + s.offset)] != 0;
        for (const Step& s : pm.slides) {
          int to = sq + s.offset;
          for (int k = 1; t.file_of[static_cast<std::size_t>(to)] != 0 && (s.range == 0 || k <= s.range); ++k) {
            ++dest;
            to += s.offset;
          }
        }
        most = std::max(most, 2 * dest);
      }
      bound += most;
    }
    if (bound > kMaxMoves) {
      return ir_error("ir-too-many-moves", "a position of this variant could have more than " +
                                               std::to_string(kMaxMoves) + " moves");
    }
    return std::nullopt;
  }

  void pieces() {
    const int n = t.piece_count;
    for (int p = 0; p < n; ++p) {
      const ir::PieceType& pt = r.pieces[static_cast<std::size_t>(p)];
      t.promotion.push_back(pt.promotion);
      t.promotes_to.push_back(pt.promotion == ir::Promotion::none ? -1 : int{pt.promotes_to});
      t.base.push_back(pt.base_face == ir::kNoPiece ? p : int{pt.base_face});
      t.royal.push_back(pt.royal ? 1 : 0);
    }
    t.drop_faces.assign(static_cast<std::size_t>(n), {});
    for (int p = 0; p < n; ++p) {
      const std::size_t up = static_cast<std::size_t>(p);
      if (t.base[up] != p || t.royal[up]) continue;
      t.hand_pieces.push_back(p);
      t.drop_faces[up].push_back(p);
      if (r.drops.face == ir::DropFace::any_face && t.promotes_to[up] >= 0 && t.promotes_to[up] != p) {
        t.drop_faces[up].push_back(t.promotes_to[up]);
      }
    }
    t.drops_enabled = r.drops.enabled;
    t.capture_to_hand = r.drops.captured == ir::CaptureFate::to_hand;
    t.forbid_dead_end = r.promotion.forbid_dead_end;
    t.on_enter = r.promotion.on_enter;
    t.on_within = r.promotion.on_within;
    t.on_leave = r.promotion.on_leave;
    t.has_zone = r.promotion.zone_depth > 0;
    for (const ir::EndRule& e : r.endings) {
      if (e.kind == ir::EndKind::bare_king) {
        t.has_bare_rule = true;
        t.bare_reply_draws = t.bare_reply_draws || e.bare_reply_draws;
      }
    }
  }

  std::optional<Error> regions() {
    const int n = t.piece_count;
    const std::size_t cells = static_cast<std::size_t>(t.cells);
    bool dead_square_rule = false;
    t.file_slot.assign(static_cast<std::size_t>(n), -1);
    t.drop_mate.assign(static_cast<std::size_t>(n), 0);
    for (const ir::DropRestriction& d : r.drops.restrictions) {
      switch (d.kind) {
        case ir::DropRestrictionKind::dead_square: dead_square_rule = true; break;
        case ir::DropRestrictionKind::drop_mate: t.drop_mate[d.piece] = 1; break;
        case ir::DropRestrictionKind::two_per_file:
          if (t.file_slot[d.piece] < 0) {
            if (t.file_slot_count == kMaxFileSlots) {
              return ir_error("ir-bad-restriction", "at most 4 piece types may be limited per file");
            }
            t.file_slot[d.piece] = t.file_slot_count++;
          }
          break;
      }
    }
    for (int side = 0; side < 2; ++side) {
      t.zone[side].assign(cells, 0);
      t.dead[side].assign(cells * static_cast<std::size_t>(n), 0);
      t.drop_ok[side].assign(cells * static_cast<std::size_t>(n), 0);
      for (int sq : t.squares) {
        const int rank = t.rank_of[static_cast<std::size_t>(sq)];
        const int depth = r.promotion.zone_depth;
        t.zone[side][static_cast<std::size_t>(sq)] =
            depth > 0 && (side == 0 ? rank <= depth : rank > t.ranks - depth);
      }
    }
    // Mark cells on the board so that the wall test below can read them.
    std::vector<std::uint8_t> on_board(cells, 0);
    for (int sq : t.squares) on_board[static_cast<std::size_t>(sq)] = 1;
    for (int side = 0; side < 2; ++side) {
      for (int p = 0; p < n; ++p) {
        const PieceMoves& pm = t.moves[side][static_cast<std::size_t>(p)];
        for (int sq : t.squares) {
          bool alive = false;
          for (const Step& s : pm.leaps) alive |= on_board[static_cast<std::size_t>(sq + s.offset)] != 0;
          for (const Step& s : pm.slides) alive |= on_board[static_cast<std::size_t>(sq + s.offset)] != 0;
          const std::size_t i = static_cast<std::size_t>(p) * cells + static_cast<std::size_t>(sq);
          t.dead[side][i] = !alive;
          t.drop_ok[side][i] = !(dead_square_rule && !alive);
        }
      }
    }
    return std::nullopt;
  }

  void keys() {
    std::uint64_t state = 0x6B6F6D61u;  // fixed seed: keys are stable across runs
    const std::size_t n = static_cast<std::size_t>(t.piece_count);
    const std::size_t cells = static_cast<std::size_t>(t.cells);
    t.board_key.assign((2 * n + 1) * cells, 0);
    for (std::size_t code = 1; code <= 2 * n; ++code) {
      for (int sq : t.squares) t.board_key[code * cells + static_cast<std::size_t>(sq)] = next_key(state);
    }
    t.hand_key.assign(2 * n * 256, 0);
    for (std::size_t i = 0; i < 2 * n; ++i) {
      for (std::size_t c = 1; c < 256; ++c) t.hand_key[i * 256 + c] = next_key(state);
    }
    t.side_key = next_key(state);
  }

  void spellings() {
    std::vector<std::string> native;
    for (const ir::PieceType& p : r.pieces) native.push_back(p.symbol);
    t.tokens.push_back(native);
    t.suffix.push_back(r.suffix);
    for (const ir::Dialect& d : r.dialects) {
      t.tokens.push_back(d.symbols);
      t.suffix.push_back(d.suffix);
    }
  }
};

Result<std::shared_ptr<const Variant>> Variant::load(ir::RuleSet rules) {
  std::shared_ptr<Variant> v(new Variant());
  v->rules_ = std::move(rules);
  VariantBuilder b{*v, v->rules_, v->tables_};
  if (auto e = b.check()) return *e;
  v->tables_.piece_count = static_cast<int>(v->rules_.pieces.size());
  if (auto e = b.geometry()) return *e;
  b.pieces();
  if (auto e = b.movement()) return *e;
  if (auto e = b.regions()) return *e;
  b.keys();
  b.spellings();
  return std::shared_ptr<const Variant>(std::move(v));
}

int Variant::dialect(std::string_view name) const {
  if (name == rules_.notation) return kNativeDialect;
  for (std::size_t i = 0; i < rules_.dialects.size(); ++i) {
    if (rules_.dialects[i].name == name) return static_cast<int>(i);
  }
  return kUnknownDialect;
}

int Variant::square(int file, int rank) const {
  const Tables& t = tables_;
  if (file < 1 || file > t.files || rank < 1 || rank > t.ranks) return -1;
  return (rank - 1 + t.pad) * t.width + (t.files - file + t.pad);
}

}  // namespace koma
