// Stage 2, front matter: the rule sections (promotion, drops, endings, notation), read into
// typed fields with the IR's own enumerator spellings.
#include <algorithm>
#include <map>

#include "yaml_reader.h"

namespace koma::compiler {
namespace {

void read_ending(YamlReader& r, const YAML::Node& item, std::vector<EndingSpec>& out) {
  auto keys = r.entries(item,
                        {"kind", "outcome", "count", "subject", "bare_reply_draws", "guarded", "weak", "threshold",
                         "min_pieces_in_zone", "points", "ranks", "unless_capturable"},
                        "endings[]");
  EndingSpec spec;
  spec.rule.loc = r.loc(item);
  auto kind_it = keys.find("kind");
  auto outcome_it = keys.find("outcome");
  if (kind_it == keys.end() || outcome_it == keys.end()) {
    r.error(Code::missing_key, spec.rule.loc,
            "an ending needs 'kind' and 'outcome', like {kind: checkmate, outcome: loss}");
    return;
  }
  const auto kind = r.word<ir::EndKind>(kind_it->second.second, "endings[].kind");
  const auto outcome = r.word<ir::Outcome>(outcome_it->second.second, "endings[].outcome");
  if (!kind || !outcome) return;
  spec.rule.kind = kind->value;
  spec.rule.outcome = outcome->value;
  spec.rule.loc = kind->loc;
  const bool repeated =
      spec.rule.kind == ir::EndKind::repetition || spec.rule.kind == ir::EndKind::perpetual_check;
  const bool limit = spec.rule.kind == ir::EndKind::move_limit;
  const bool checks = spec.rule.kind == ir::EndKind::check_given;
  const bool counted = repeated || limit || checks;
  const bool declaration = spec.rule.kind == ir::EndKind::declaration;
  const bool impasse = spec.rule.kind == ir::EndKind::impasse || declaration;
  const bool reaches = spec.rule.kind == ir::EndKind::royal_reaches;
  const std::string kind_name(ir::name(spec.rule.kind));
  const auto not_for_kind = [&](const std::string& key, bool allowed) {
    auto it = keys.find(key);
    if (it == keys.end()) return false;
    if (!allowed) {
      r.error(Code::unknown_key, r.loc(it->second.first),
              "key " + quote(key) + " does not apply to an ending of kind " + quote(kind_name));
      return false;
    }
    return true;
  };
  if (not_for_kind("count", counted)) {
    if (auto n = r.number(keys["count"].second, "endings[].count", limit || checks ? 1 : 2,
                          limit ? 60000 : 1000)) {
      spec.rule.count = static_cast<std::uint16_t>(n->value);
      spec.has_count = true;
    }
  } else if (counted) {
    r.error(Code::missing_key, spec.rule.loc,
            "an ending of kind " + quote(kind_name) + " needs 'count', " +
                (limit    ? "the number of moves"
                 : checks ? "the number of checks that wins"
                          : "the number of occurrences"));
  }
  if (not_for_kind("ranks", reaches)) {
    const YAML::Node list = keys["ranks"].second;
    if (!list.IsSequence() || list.size() == 0) {
      r.error(Code::invalid_value, r.loc(list),
              "'ranks' must list ranks counted from the far edge, like [1] for the far rank");
    } else {
      for (const YAML::Node& entry : list) {
        auto n = r.number(entry, "endings[].ranks", 1, ir::kMaxBoardSide);
        if (!n) continue;
        const auto rank = static_cast<std::uint8_t>(n->value);
        bool seen = false;
        for (std::uint8_t earlier : spec.rule.ranks) seen = seen || earlier == rank;
        if (seen) {
          r.error(Code::invalid_value, n->loc, "rank " + std::to_string(rank) + " is listed twice");
          continue;
        }
        spec.rule.ranks.push_back(rank);
        spec.ranks_loc = n->loc;
      }
      std::sort(spec.rule.ranks.begin(), spec.rule.ranks.end());
    }
  } else if (reaches) {
    r.error(Code::missing_key, spec.rule.loc,
            "an ending of kind 'royal_reaches' needs 'ranks', counted from the far edge, like [1]");
  }
  if (not_for_kind("unless_capturable", reaches)) {
    if (auto b = r.boolean(keys["unless_capturable"].second, "endings[].unless_capturable")) {
      spec.rule.unless_capturable = b->value;
    }
  }
  // Whom the outcome is for, unless said: the checking side for a scored perpetual check, else
  // both sides alike.
  const bool scored = spec.rule.outcome == ir::Outcome::loss || spec.rule.outcome == ir::Outcome::win;
  spec.rule.subject = spec.rule.kind == ir::EndKind::perpetual_check && scored
                          ? ir::EndSubject::checker
                          : ir::EndSubject::both;
  const bool repeats =
      spec.rule.kind == ir::EndKind::repetition || spec.rule.kind == ir::EndKind::perpetual_check;
  bool subject_ok = true;
  if (not_for_kind("subject", repeats)) {
    subject_ok = false;
    if (auto subject = r.word<ir::EndSubject>(keys["subject"].second, "endings[].subject")) {
      if (subject->value == ir::EndSubject::checker && spec.rule.kind != ir::EndKind::perpetual_check) {
        r.error(Code::ending_subject, subject->loc,
                "subject 'checker' is for perpetual_check; a repetition's subject is both, "
                "completer, sente or gote");
      } else {
        spec.rule.subject = subject->value;
        subject_ok = true;
      }
    }
  }
  if (repeats && subject_ok) {
    const bool shared = spec.rule.subject == ir::EndSubject::both;
    if (shared && scored) {
      r.error(Code::ending_subject, outcome->loc,
              "outcome " + quote(ir::name(spec.rule.outcome)) + " needs one side to apply to; " +
                  "say whose with 'subject: completer', 'sente' or 'gote', or make it draw or replay");
    } else if (!shared && !scored) {
      r.error(Code::ending_subject, outcome->loc,
              "outcome " + quote(ir::name(spec.rule.outcome)) +
                  " applies to both sides alike; it takes no subject other than 'both'");
    }
  }
  if (not_for_kind("guarded", spec.rule.kind == ir::EndKind::bare_king)) {
    if (auto b = r.boolean(keys["guarded"].second, "endings[].guarded")) spec.rule.guarded = b->value;
  }
  if (not_for_kind("weak", spec.rule.kind == ir::EndKind::bare_king)) {
    spec.weak = r.text_list(keys["weak"].second, "endings[].weak");
  }
  if (not_for_kind("bare_reply_draws", spec.rule.kind == ir::EndKind::bare_king)) {
    if (auto b = r.boolean(keys["bare_reply_draws"].second, "endings[].bare_reply_draws")) {
      spec.rule.bare_reply_draws = b->value;
    }
  }
  if (not_for_kind("min_pieces_in_zone", declaration)) {
    if (auto n = r.number(keys["min_pieces_in_zone"].second, "endings[].min_pieces_in_zone", 0,
                          1000)) {
      spec.rule.min_pieces_in_zone = static_cast<std::uint16_t>(n->value);
    }
  }
  const bool has_threshold = not_for_kind("threshold", impasse);
  if (has_threshold) {
    // One number for both sides, or {sente: N, gote: M}.
    const YAML::Node node = keys["threshold"].second;
    if (node.IsMap()) {
      auto sides = r.entries(node, {"sente", "gote"}, "endings[].threshold");
      if (!sides.count("sente") || !sides.count("gote")) {
        r.error(Code::missing_key, r.loc(node),
                "'threshold' by side needs both 'sente' and 'gote', like {sente: 28, gote: 27}");
      }
      for (int side = 0; side < 2; ++side) {
        const char* key = side == 0 ? "sente" : "gote";
        if (!sides.count(key)) continue;
        if (auto n = r.number(sides[key].second, "endings[].threshold", 1, 10000)) {
          spec.rule.threshold[static_cast<std::size_t>(side)] = static_cast<std::uint16_t>(n->value);
        }
      }
    } else if (auto n = r.number(node, "endings[].threshold", 1, 10000)) {
      spec.rule.threshold = {static_cast<std::uint16_t>(n->value),
                             static_cast<std::uint16_t>(n->value)};
    }
  }
  const bool has_points = not_for_kind("points", impasse);
  if (has_points) {
    const YAML::Node points = keys["points"].second;
    if (!points.IsMap()) {
      r.error(Code::invalid_value, r.loc(points),
              "'points' must map piece names to points, like {Rook: 5, others: 1}");
    } else {
      for (auto it = points.begin(); it != points.end(); ++it) {
        auto name = r.text(it->first, "endings[].points");
        auto value = r.number(it->second, "endings[].points", 0, 255);
        if (name && value) {
          spec.points.push_back({*name, static_cast<std::uint8_t>(value->value)});
        }
      }
    }
  }
  if (impasse && (!has_threshold || !has_points)) {
    r.error(Code::missing_key, spec.rule.loc,
            "an ending of kind " + quote(kind_name) + " needs 'threshold' and 'points'");
  }
  out.push_back(spec);
}

}  // namespace

void read_promotion(YamlReader& r, const YAML::Node& node, FrontMatter& fm) {
  auto keys = r.entries(
      node, {"zone", "on_enter", "on_within", "on_leave", "forbid_dead_end", "mode", "on_capture", "last_rank"},
      "promotion");
  if (auto it = keys.find("last_rank"); it != keys.end()) {
    fm.last_rank = r.text_list(it->second.second, "promotion.last_rank");
  }
  if (auto it = keys.find("zone"); it != keys.end()) {
    fm.zone = r.number(it->second.second, "promotion.zone", 0, 255);
  }
  const std::pair<const char*, std::optional<Located<bool>>*> flags[] = {
      {"on_enter", &fm.on_enter},
      {"on_within", &fm.on_within},
      {"on_leave", &fm.on_leave},
      {"forbid_dead_end", &fm.forbid_dead_end},
      {"on_capture", &fm.on_capture}};
  for (const auto& [key, field] : flags) {
    if (auto it = keys.find(key); it != keys.end()) {
      *field = r.boolean(it->second.second, std::string("promotion.") + key);
    }
  }
  if (auto it = keys.find("mode"); it != keys.end()) {
    fm.promotion_mode = r.word<ir::Promotion>(it->second.second, "promotion.mode");
    if (fm.promotion_mode && fm.promotion_mode->value != ir::Promotion::optional &&
        fm.promotion_mode->value != ir::Promotion::forced) {
      r.error(Code::invalid_value, fm.promotion_mode->loc,
              "'promotion.mode' must be optional or forced; flips come from a face-pair table");
    }
  }
}

void read_trading(YamlReader& r, const YAML::Node& node, FrontMatter& fm) {
  auto keys = r.entries(node, {"pieces", "minor"}, "trading");
  if (auto it = keys.find("pieces"); it != keys.end()) {
    fm.trade_pieces = r.text_list(it->second.second, "trading.pieces");
  }
  if (auto it = keys.find("minor"); it != keys.end()) {
    fm.trade_minor = r.text_list(it->second.second, "trading.minor");
  }
  if (!fm.trade_pieces) r.error(Code::missing_key, r.loc(node), "'trading' needs 'pieces', the traded piece types");
}

/// Reads the `max`, `moves` and `ranks` entries of a restriction into `spec`; false after an error.
bool restriction_extras(YamlReader& r, const std::map<std::string, YAML::Node>& extra, RestrictionSpec& spec) {
  const bool per_file = spec.kind == ir::DropRestrictionKind::two_per_file;
  const bool by_rank = spec.kind == ir::DropRestrictionKind::banned_ranks;
  for (const auto& [key, node] : extra) {
    if ((key == "ranks") != by_rank || (key != "ranks" && !per_file)) {
      r.error(Code::invalid_value, r.loc(node),
              key == "ranks" ? std::string("only 'banned_ranks' takes 'ranks', the ranks its piece may not be dropped on")
                             : "only 'two_per_file' takes " + quote(key) +
                                   (key == "max" ? ", the pieces of that type a file may hold"
                                                 : ", whether board moves obey the limit too"));
      return false;
    }
    if (key == "max") {
      spec.max = r.number(node, "drops.restrictions[].max", 1, 255);
      if (!spec.max) return false;
    } else if (key == "moves") {
      spec.moves = r.boolean(node, "drops.restrictions[].moves");
      if (!spec.moves) return false;
    } else {
      Located<std::vector<std::uint8_t>> ranks{{}, r.loc(node)};
      if (!node.IsSequence() || node.size() == 0) {
        r.error(Code::invalid_value, r.loc(node),
                "'ranks' must list ranks counted from the far edge, like [1] for the far rank");
        return false;
      }
      for (const YAML::Node& entry : node) {
        auto n = r.number(entry, "drops.restrictions[].ranks", 1, ir::kMaxBoardSide);
        if (!n) return false;
        const auto rank = static_cast<std::uint8_t>(n->value);
        if (std::find(ranks.value.begin(), ranks.value.end(), rank) != ranks.value.end()) {
          r.error(Code::invalid_value, n->loc, "rank " + std::to_string(rank) + " is listed twice");
          return false;
        }
        ranks.value.push_back(rank);
      }
      std::sort(ranks.value.begin(), ranks.value.end());
      spec.ranks = ranks;
    }
  }
  if (by_rank && !spec.ranks) {
    r.error(Code::invalid_value, spec.loc,
            "restriction 'banned_ranks' needs 'ranks', counted from the far edge, like "
            "{banned_ranks: Dolphin, ranks: [1]}");
    return false;
  }
  return true;
}

void read_drops(YamlReader& r, const YAML::Node& node, FrontMatter& fm) {
  auto keys = r.entries(node, {"enabled", "captured", "face", "restrictions"}, "drops");
  if (auto it = keys.find("enabled"); it != keys.end()) {
    fm.drops_enabled = r.boolean(it->second.second, "drops.enabled");
  }
  if (auto it = keys.find("captured"); it != keys.end()) {
    fm.captured = r.word<ir::CaptureFate>(it->second.second, "drops.captured");
  }
  if (auto it = keys.find("face"); it != keys.end()) {
    fm.drop_face = r.word<ir::DropFace>(it->second.second, "drops.face");
  }
  if (auto it = keys.find("restrictions"); it != keys.end()) {
    const YAML::Node list = it->second.second;
    if (!list.IsSequence()) {
      r.error(Code::invalid_value, r.loc(list),
              "'drops.restrictions' must be a list, like [dead_square, {two_per_file: Pawn}]");
      return;
    }
    Located<std::vector<RestrictionSpec>> out{{}, r.loc(list)};
    for (const YAML::Node& item : list) {
      RestrictionSpec spec;
      spec.loc = r.loc(item);
      // A mapping holds the kind with its piece, and perhaps `max`, `moves` and `ranks`.
      std::map<std::string, YAML::Node> extra;
      YAML::Node kind_entry;
      bool has_kind_entry = false, shape_ok = true;
      if (item.IsMap()) {
        for (auto entry = item.begin(); entry != item.end(); ++entry) {
          const std::string key = entry->first.IsScalar() ? entry->first.Scalar() : std::string();
          if (key == "max" || key == "moves" || key == "ranks") {
            extra[key].reset(entry->second);
          } else if (!has_kind_entry) {
            kind_entry.reset(entry->first);
            has_kind_entry = true;
          } else {
            shape_ok = false;
          }
        }
      }
      if (item.IsMap() && (!has_kind_entry || !shape_ok)) {
        r.error(Code::invalid_value, spec.loc,
                "a restriction is one word or one 'kind: Piece' pair, with 'max' and 'moves' for "
                "two_per_file and 'ranks' for banned_ranks, like {two_per_file: Swallow, max: 2}");
        continue;
      }
      // yaml-cpp nodes are handles: assigning one node to another copies into it, so the two
      // shapes are read without reassigning.
      const bool has_piece = item.IsMap();
      const YAML::Node kind_node = has_piece ? kind_entry : item;
      const auto kind = r.word<ir::DropRestrictionKind>(kind_node, "drops.restrictions");
      if (!kind) continue;
      spec.kind = kind->value;
      const bool needs_piece = spec.kind != ir::DropRestrictionKind::dead_square;
      if (needs_piece && !has_piece) {
        r.error(Code::invalid_value, spec.loc,
                "restriction " + quote(ir::name(spec.kind)) +
                    " needs the piece it concerns, like {" + std::string(ir::name(spec.kind)) +
                    ": Pawn}");
        continue;
      }
      if (!needs_piece && has_piece) {
        r.error(Code::invalid_value, r.loc(item.begin()->second),
                "restriction 'dead_square' concerns every piece and takes no piece name");
        continue;
      }
      if (has_piece) {
        spec.piece = r.text(item[kind_entry.Scalar()], "drops.restrictions");
        if (!spec.piece) continue;
      }
      if (!restriction_extras(r, extra, spec)) continue;
      out.value.push_back(spec);
    }
    fm.restrictions = out;
  }
}

void read_notation(YamlReader& r, const YAML::Node& node, FrontMatter& fm) {
  auto keys = r.entries(node, {"name", "suffix", "dialects"}, "notation");
  if (auto it = keys.find("name"); it != keys.end()) {
    fm.notation_name = r.text(it->second.second, "notation.name");
  }
  if (auto it = keys.find("suffix"); it != keys.end()) {
    fm.notation_suffix = r.word<ir::SuffixStyle>(it->second.second, "notation.suffix");
  }
  if (auto it = keys.find("dialects"); it != keys.end()) {
    const YAML::Node list = it->second.second;
    if (!list.IsSequence()) {
      r.error(Code::invalid_value, r.loc(list),
              "'notation.dialects' must be a list, like [{name: fsf, suffix: plus_minus}]");
      return;
    }
    Located<std::vector<DialectSpec>> out{{}, r.loc(list)};
    for (const YAML::Node& item : list) {
      auto fields = r.entries(item, {"name", "suffix"}, "notation.dialects[]");
      if (!fields.count("name")) {
        if (item.IsMap()) {
          r.error(Code::missing_key, r.loc(item), "a dialect needs a 'name'");
        }
        continue;
      }
      DialectSpec spec;
      if (auto name = r.text(fields["name"].second, "notation.dialects[].name")) {
        spec.name = *name;
      } else {
        continue;
      }
      if (fields.count("suffix")) {
        if (auto suffix =
                r.word<ir::SuffixStyle>(fields["suffix"].second, "notation.dialects[].suffix")) {
          spec.suffix = suffix->value;
        }
      }
      out.value.push_back(spec);
    }
    fm.dialects = out;
  }
}

void read_endings(YamlReader& r, const YAML::Node& key, const YAML::Node& list, FrontMatter& fm) {
  if (!list.IsSequence()) {
    r.error(Code::invalid_value, r.loc(list),
            "'endings' must be a list, like [{kind: checkmate, outcome: loss}]");
    return;
  }
  Located<std::vector<EndingSpec>> out{{}, r.loc(key)};
  for (const YAML::Node& item : list) read_ending(r, item, out.value);
  fm.endings = out;
}

}  // namespace koma::compiler
