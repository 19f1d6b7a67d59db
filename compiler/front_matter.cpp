// Stage 2, front matter: split at the --- lines and read the YAML with yaml-cpp into typed
// fields. yaml-cpp's exceptions are caught here; its 0-based marks are turned into file lines.
#include "front_matter.h"

#include <yaml-cpp/yaml.h>

#include <charconv>
#include <map>

#include "ir/dump.h"
#include "names.h"

namespace koma::compiler {

std::optional<SplitSource> split_front_matter(const Source& source, DiagnosticSink& sink) {
  const std::string_view text = source.text;
  // "---", optionally followed by spaces and a "# comment".
  const auto is_delimiter = [](std::string_view line) {
    if (line.substr(0, 3) != "---") return false;
    line.remove_prefix(3);
    line = trim(line);
    return line.empty() || line.front() == '#';
  };
  std::size_t first_end = text.find('\n');
  if (!is_delimiter(text.substr(0, first_end))) {
    report_error(sink, Code::missing_front_matter, make_loc(source.path, 1, 1),
                 "a variant file starts with a '---' line opening its YAML front matter");
    return std::nullopt;
  }
  std::uint32_t line = 2;
  std::size_t start = first_end == std::string_view::npos ? text.size() : first_end + 1;
  const std::size_t yaml_start = start;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    const std::size_t stop = end == std::string_view::npos ? text.size() : end;
    if (is_delimiter(text.substr(start, stop - start))) {
      SplitSource split;
      split.yaml = text.substr(yaml_start, start - yaml_start);
      split.body = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
      split.body_first_line = line + 1;
      return split;
    }
    start = stop + 1;
    ++line;
  }
  report_error(sink, Code::missing_front_matter, make_loc(source.path, 1, 1),
               "the front matter opened here is never closed by a '---' line");
  return std::nullopt;
}

namespace {

/// Reads the YAML tree, reporting into the sink and remembering whether anything failed.
class Reader {
 public:
  Reader(const Source& source, DiagnosticSink& sink) : source_(source), sink_(sink) {}

  bool failed() const { return failed_; }

  ir::SourceLoc loc(const YAML::Node& node) const {
    const YAML::Mark mark = node.Mark();
    if (mark.line < 0) return make_loc(source_.path, 0, 0);
    return make_loc(source_.path, static_cast<std::uint32_t>(mark.line + 2),
                    static_cast<std::uint32_t>(mark.column + 1));
  }

  void error(Code code, const ir::SourceLoc& at, std::string message) {
    failed_ = true;
    report_error(sink_, code, at, std::move(message));
  }

  /// The entries of a mapping by key; unknown and duplicate keys are reported. `where` names
  /// the mapping in messages ("engine", "" for the top level).
  std::map<std::string, std::pair<YAML::Node, YAML::Node>> entries(
      const YAML::Node& map, const std::vector<std::string>& allowed, std::string_view where) {
    std::map<std::string, std::pair<YAML::Node, YAML::Node>> out;
    if (!map.IsMap()) {
      error(Code::invalid_value, loc(map),
            std::string(where.empty() ? "the front matter" : quote(where)) +
                " must be a mapping of keys to values");
      return out;
    }
    for (auto it = map.begin(); it != map.end(); ++it) {
      const YAML::Node key = it->first;
      const std::string name = key.IsScalar() ? key.Scalar() : std::string("?");
      const std::string full = where.empty() ? name : std::string(where) + "." + name;
      bool known = false;
      for (const std::string& candidate : allowed) known = known || candidate == name;
      if (!known) {
        error(Code::unknown_key, loc(key),
              "unknown key " + quote(full) + did_you_mean(name, allowed));
        continue;
      }
      auto found = out.find(name);
      if (found != out.end()) {
        Diagnostic d;
        d.code = Code::duplicate_key;
        d.loc = loc(key);
        d.message = "key " + quote(full) + " is given twice";
        d.notes.push_back({loc(found->second.first), "first given here"});
        failed_ = true;
        sink_.report(std::move(d));
        continue;
      }
      out.emplace(name, std::make_pair(key, it->second));
    }
    return out;
  }

  std::optional<Located<std::string>> text(const YAML::Node& node, std::string_view key) {
    if (!node.IsScalar()) {
      error(Code::invalid_value, loc(node), quote(key) + " must be a single text value");
      return std::nullopt;
    }
    Located<std::string> out{node.Scalar(), loc(node)};
    if (node.Tag() == "!") ++out.loc.column;  // quoted: point at the first character inside
    return out;
  }

  std::optional<Located<int>> number(const YAML::Node& node, std::string_view key, int min,
                                     int max) {
    int value = 0;
    if (node.IsScalar()) {
      const std::string& s = node.Scalar();
      const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
      if (ec == std::errc() && end == s.data() + s.size() && value >= min && value <= max) {
        return Located<int>{value, loc(node)};
      }
    }
    error(Code::invalid_value, loc(node),
          quote(key) + " must be a whole number from " + std::to_string(min) + " to " +
              std::to_string(max) + (node.IsScalar() ? ", not " + quote(node.Scalar()) : ""));
    return std::nullopt;
  }

  std::optional<Located<bool>> boolean(const YAML::Node& node, std::string_view key) {
    if (node.IsScalar() && (node.Scalar() == "true" || node.Scalar() == "false")) {
      return Located<bool>{node.Scalar() == "true", loc(node)};
    }
    error(Code::invalid_value, loc(node),
          quote(key) + " must be true or false" +
              (node.IsScalar() ? ", not " + quote(node.Scalar()) : ""));
    return std::nullopt;
  }

  template <class E>
  std::optional<Located<E>> word(const YAML::Node& node, std::string_view key) {
    if (node.IsScalar()) {
      if (const std::optional<E> value = ir::from_name<E>(node.Scalar())) {
        return Located<E>{*value, loc(node)};
      }
    }
    std::vector<std::string> options;
    for (unsigned i = 0; !ir::name(static_cast<E>(i)).empty(); ++i) {
      options.emplace_back(ir::name(static_cast<E>(i)));
    }
    const std::string written = node.IsScalar() ? node.Scalar() : std::string();
    error(Code::invalid_value, loc(node),
          quote(key) + " must be one of " + ir::all_names<E>() +
              (node.IsScalar() ? ", not " + quote(written) + did_you_mean(written, options) : ""));
    return std::nullopt;
  }

  std::optional<Located<std::vector<Located<std::string>>>> text_list(const YAML::Node& node,
                                                                      std::string_view key) {
    if (!node.IsSequence()) {
      error(Code::invalid_value, loc(node), quote(key) + " must be a list, like [King]");
      return std::nullopt;
    }
    Located<std::vector<Located<std::string>>> out{{}, loc(node)};
    for (const YAML::Node& item : node) {
      if (auto value = text(item, key)) out.value.push_back(*value);
    }
    return out;
  }

 private:
  const Source& source_;
  DiagnosticSink& sink_;
  bool failed_ = false;
};

void read_engine(Reader& r, const YAML::Node& engine, FrontMatter& fm) {
  auto keys = r.entries(engine, {"topology", "players", "setup", "render"}, "engine");
  if (auto it = keys.find("topology"); it != keys.end()) {
    auto topology = r.entries(it->second.second, {"type", "rows", "cols"}, "engine.topology");
    if (auto t = topology.find("type"); t != topology.end()) {
      fm.topology_type = r.text(t->second.second, "engine.topology.type");
      if (fm.topology_type && fm.topology_type->value != "grid") {
        r.error(Code::invalid_value, fm.topology_type->loc,
                "engine.topology.type must be 'grid', not " + quote(fm.topology_type->value));
      }
    }
    if (auto t = topology.find("rows"); t != topology.end()) {
      fm.rows = r.number(t->second.second, "engine.topology.rows", 0, 1000);
    }
    if (auto t = topology.find("cols"); t != topology.end()) {
      fm.cols = r.number(t->second.second, "engine.topology.cols", 0, 1000);
    }
  }
  if (auto it = keys.find("players"); it != keys.end()) {
    if (auto list = r.text_list(it->second.second, "engine.players")) {
      Located<std::vector<std::string>> names{{}, list->loc};
      for (const auto& name : list->value) names.value.push_back(name.value);
      fm.side_names = names;
    }
  }
  if (auto it = keys.find("setup"); it != keys.end()) {
    fm.setup = r.text(it->second.second, "engine.setup");
  }
  if (auto it = keys.find("render"); it != keys.end()) {
    auto render = r.entries(it->second.second, {"cellSize"}, "engine.render");
    if (auto t = render.find("cellSize"); t != render.end()) {
      fm.cell_size = r.number(t->second.second, "engine.render.cellSize", 1, 1000);
    }
  }
}

void read_promotion(Reader& r, const YAML::Node& node, FrontMatter& fm) {
  auto keys = r.entries(
      node, {"zone", "on_enter", "on_within", "on_leave", "forbid_dead_end", "mode"}, "promotion");
  if (auto it = keys.find("zone"); it != keys.end()) {
    fm.zone = r.number(it->second.second, "promotion.zone", 0, 255);
  }
  const std::pair<const char*, std::optional<Located<bool>>*> flags[] = {
      {"on_enter", &fm.on_enter},
      {"on_within", &fm.on_within},
      {"on_leave", &fm.on_leave},
      {"forbid_dead_end", &fm.forbid_dead_end}};
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

void read_drops(Reader& r, const YAML::Node& node, FrontMatter& fm) {
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
      if (item.IsMap() && item.size() != 1) {
        r.error(Code::invalid_value, spec.loc, "a restriction is one word or one 'kind: Piece' pair");
        continue;
      }
      // yaml-cpp nodes are handles: assigning one node to another copies into it, so the two
      // shapes are read without reassigning.
      const bool has_piece = item.IsMap();
      const YAML::Node kind_node = has_piece ? item.begin()->first : item;
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
        spec.piece = r.text(item.begin()->second, "drops.restrictions");
        if (!spec.piece) continue;
      }
      out.value.push_back(spec);
    }
    fm.restrictions = out;
  }
}

void read_ending(Reader& r, const YAML::Node& item, std::vector<EndingSpec>& out) {
  auto keys = r.entries(item,
                        {"kind", "outcome", "count", "bare_reply_draws", "threshold",
                         "min_pieces_in_zone", "points"},
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
  const bool counted =
      spec.rule.kind == ir::EndKind::repetition || spec.rule.kind == ir::EndKind::perpetual_check;
  const bool impasse = spec.rule.kind == ir::EndKind::impasse;
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
    if (auto n = r.number(keys["count"].second, "endings[].count", 2, 1000)) {
      spec.rule.count = static_cast<std::uint16_t>(n->value);
      spec.has_count = true;
    }
  } else if (counted) {
    r.error(Code::missing_key, spec.rule.loc,
            "an ending of kind " + quote(kind_name) + " needs 'count', the number of occurrences");
  }
  if (not_for_kind("bare_reply_draws", spec.rule.kind == ir::EndKind::bare_king)) {
    if (auto b = r.boolean(keys["bare_reply_draws"].second, "endings[].bare_reply_draws")) {
      spec.rule.bare_reply_draws = b->value;
    }
  }
  if (not_for_kind("min_pieces_in_zone", impasse)) {
    if (auto n = r.number(keys["min_pieces_in_zone"].second, "endings[].min_pieces_in_zone", 0,
                          1000)) {
      spec.rule.min_pieces_in_zone = static_cast<std::uint16_t>(n->value);
    }
  }
  const bool has_threshold = not_for_kind("threshold", impasse);
  if (has_threshold) {
    if (auto n = r.number(keys["threshold"].second, "endings[].threshold", 1, 10000)) {
      spec.rule.threshold = static_cast<std::uint16_t>(n->value);
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
            "an ending of kind 'impasse' needs 'threshold' and 'points'");
  }
  out.push_back(spec);
}

void read_notation(Reader& r, const YAML::Node& node, FrontMatter& fm) {
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

void read_top(Reader& r, const YAML::Node& root, FrontMatter& fm) {
  auto keys = r.entries(root,
                        {"title", "slug", "board", "players", "parent", "win", "special", "engine",
                         "royal", "promotion", "drops", "endings", "notation"},
                        "");
  const std::pair<const char*, std::optional<Located<std::string>>*> texts[] = {
      {"title", &fm.title},   {"slug", &fm.slug}, {"board", &fm.board}, {"players", &fm.players},
      {"parent", &fm.parent}, {"win", &fm.win},   {"special", &fm.special}};
  for (const auto& [key, field] : texts) {
    if (auto it = keys.find(key); it != keys.end()) *field = r.text(it->second.second, key);
  }
  if (auto it = keys.find("engine"); it != keys.end()) read_engine(r, it->second.second, fm);
  if (auto it = keys.find("royal"); it != keys.end()) {
    fm.royal = r.text_list(it->second.second, "royal");
  }
  if (auto it = keys.find("promotion"); it != keys.end()) {
    fm.promotion_loc = r.loc(it->second.first);
    read_promotion(r, it->second.second, fm);
  }
  if (auto it = keys.find("drops"); it != keys.end()) {
    fm.drops_loc = r.loc(it->second.first);
    read_drops(r, it->second.second, fm);
  }
  if (auto it = keys.find("endings"); it != keys.end()) {
    const YAML::Node list = it->second.second;
    if (!list.IsSequence()) {
      r.error(Code::invalid_value, r.loc(list),
              "'endings' must be a list, like [{kind: checkmate, outcome: loss}]");
    } else {
      Located<std::vector<EndingSpec>> out{{}, r.loc(it->second.first)};
      for (const YAML::Node& item : list) read_ending(r, item, out.value);
      fm.endings = out;
    }
  }
  if (auto it = keys.find("notation"); it != keys.end()) read_notation(r, it->second.second, fm);
}

}  // namespace

std::optional<FrontMatter> parse_front_matter(const Source& source, const SplitSource& split,
                                              DiagnosticSink& sink) {
  FrontMatter fm;
  fm.end_line = split.body_first_line - 1;
  Reader reader(source, sink);
  try {
    const YAML::Node root = YAML::Load(std::string(split.yaml));
    if (root.IsNull()) {
      reader.error(Code::missing_key, make_loc(source.path, 1, 1),
                   "the front matter is empty; it needs at least 'title', 'slug' and 'win'");
    } else {
      read_top(reader, root, fm);
    }
  } catch (const YAML::Exception& e) {
    const ir::SourceLoc at =
        e.mark.line < 0 ? make_loc(source.path, 2, 1)
                        : make_loc(source.path, static_cast<std::uint32_t>(e.mark.line + 2),
                                   static_cast<std::uint32_t>(e.mark.column + 1));
    reader.error(Code::yaml_syntax, at, "the front matter is not valid YAML: " + e.msg);
  }
  if (reader.failed()) return std::nullopt;
  return fm;
}

}  // namespace koma::compiler
