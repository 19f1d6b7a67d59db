// Stage 2, front matter: cut the YAML block off the top of a source and read it strictly into
// typed, located fields (unknown or duplicate keys, wrong types and unknown words are errors).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diagnostics.h"
#include "ir/rules.h"
#include "source.h"

namespace koma::compiler {

/// A value with the place it was written.
template <class T>
struct Located {
  T value{};
  ir::SourceLoc loc;
};

/// One entry of drops.restrictions: `dead_square`, `{two_per_file: Pawn}`,
/// `{two_per_file: Swallow, max: 2, moves: true}` or `{banned_ranks: Dolphin, ranks: [1]}`.
struct RestrictionSpec {
  ir::DropRestrictionKind kind = ir::DropRestrictionKind::dead_square;
  std::optional<Located<std::string>> piece;  ///< the piece name, for kinds that need one
  std::optional<Located<int>> max;            ///< two_per_file: pieces a file may hold
  std::optional<Located<bool>> moves;         ///< two_per_file: board moves obey the limit too
  std::optional<Located<std::vector<std::uint8_t>>> ranks;  ///< banned_ranks: from the far edge
  ir::SourceLoc loc;
};

/// Points a piece scores in an impasse count.
struct PointsSpec {
  Located<std::string> piece;  ///< a piece name, or "others"
  std::uint8_t points = 0;
};

/// One entry of endings: `{kind: repetition, outcome: replay, count: 4}`.
struct EndingSpec {
  ir::EndRule rule;                 ///< kind, outcome and numbers as written
  std::vector<PointsSpec> points;   ///< impasse: points by piece name
  bool has_count = false;
  ir::SourceLoc ranks_loc;          ///< royal_reaches: the last rank listed
  /// bare_king: the `weak` pieces by name.
  std::optional<Located<std::vector<Located<std::string>>>> weak;
};

/// One entry of notation.dialects: `{name: fsf, suffix: plus_minus}`.
struct DialectSpec {
  Located<std::string> name;
  ir::SuffixStyle suffix = ir::SuffixStyle::plus_on_change;
};

/// Everything the front matter states; a field is empty when the key is absent.
struct FrontMatter {
  std::uint32_t end_line = 0;  ///< 1-based line of the closing ---
  std::optional<Located<std::string>> title, slug, board, players, parent, win, special;
  std::optional<Located<std::string>> topology_type;
  std::optional<Located<int>> rows, cols;
  std::optional<Located<std::vector<std::string>>> side_names;  ///< engine.players
  std::optional<Located<std::string>> setup;  ///< engine.setup; loc is its first character
  std::optional<Located<int>> cell_size;      ///< engine.render.cellSize
  std::optional<Located<std::vector<Located<std::string>>>> royal;
  std::optional<Located<ir::RoyalInCheck>> royal_in_check;  ///< may a royal be left attacked
  std::optional<Located<ir::MovementSource>> movement_source;  ///< whose moves a piece makes
  // promotion
  std::optional<Located<int>> zone;
  std::optional<Located<bool>> on_enter, on_within, on_leave, forbid_dead_end, on_capture;
  std::optional<Located<std::vector<Located<std::string>>>> last_rank;  ///< promotion.last_rank
  // the trading rules
  std::optional<Located<std::vector<Located<std::string>>>> trade_pieces, trade_minor;
  ir::SourceLoc trade_loc;  ///< where the trading: key is
  std::optional<Located<ir::Promotion>> promotion_mode;
  // drops
  std::optional<Located<bool>> drops_enabled;
  std::optional<Located<ir::CaptureFate>> captured;
  std::optional<Located<ir::DropFace>> drop_face;
  std::optional<Located<std::vector<RestrictionSpec>>> restrictions;
  // endings
  std::optional<Located<std::vector<EndingSpec>>> endings;
  // notation
  std::optional<Located<std::string>> notation_name;
  std::optional<Located<ir::SuffixStyle>> notation_suffix;
  std::optional<Located<std::vector<DialectSpec>>> dialects;
  ir::SourceLoc promotion_loc, drops_loc;  ///< where the promotion: / drops: keys are
};

/// The front matter's text and where the Markdown body starts.
struct SplitSource {
  std::string_view yaml;         ///< between the --- lines
  std::string_view body;         ///< after the closing ---
  std::uint32_t body_first_line = 1;  ///< 1-based line the body starts on
};

/// Cuts the front matter off. Reports missing-front-matter when the file does not start with a
/// --- line or the block is never closed.
std::optional<SplitSource> split_front_matter(const Source& source, DiagnosticSink& sink);

/// Reads the YAML strictly. Returns nothing when any error was reported.
std::optional<FrontMatter> parse_front_matter(const Source& source, const SplitSource& split,
                                              DiagnosticSink& sink);

}  // namespace koma::compiler
