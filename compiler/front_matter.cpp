// Stage 2, front matter: split at the --- lines and read the YAML with yaml-cpp into typed
// fields. yaml-cpp's exceptions are caught here; its 0-based marks are turned into file lines.
#include "front_matter.h"

#include "input_limits.h"
#include "yaml_reader.h"

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

/// The first line (0-based, in `yaml`) where collections nest deeper than kMaxYamlDepth, counting
/// flow brackets and block indentation; yaml-cpp recurses once per level and would otherwise
/// report a deep file as a bad one, or run out of stack.
std::optional<std::size_t> too_deep_line(std::string_view yaml) {
  std::vector<std::size_t> indents;  // open block levels
  std::size_t flow = 0, line = 0;
  for (std::size_t start = 0; start < yaml.size(); ++line) {
    std::size_t end = yaml.find('\n', start);
    if (end == std::string_view::npos) end = yaml.size();
    const std::string_view text = yaml.substr(start, end - start);
    start = end + 1;
    const std::size_t indent = text.find_first_not_of(" -");
    if (indent == std::string_view::npos || text[indent] == '#') continue;
    if (flow == 0) {
      while (!indents.empty() && indents.back() >= indent) indents.pop_back();
      indents.push_back(indent);
    }
    char quote = 0;
    for (const char c : text.substr(indent)) {
      if (quote != 0) {
        if (c == quote) quote = 0;
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '#') {
        break;
      } else if (c == '[' || c == '{') {
        ++flow;
      } else if ((c == ']' || c == '}') && flow > 0) {
        --flow;
      }
      if (indents.size() + flow > kMaxYamlDepth) return line;
    }
  }
  return std::nullopt;
}

void read_engine(YamlReader& r, const YAML::Node& engine, FrontMatter& fm) {
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
      fm.rows = r.whole_number(t->second.second, "engine.topology.rows");  // 1-16: board-size
    }
    if (auto t = topology.find("cols"); t != topology.end()) {
      fm.cols = r.whole_number(t->second.second, "engine.topology.cols");
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

void read_top(YamlReader& r, const YAML::Node& root, FrontMatter& fm) {
  auto keys = r.entries(root,
                        {"title", "slug", "board", "players", "parent", "win", "special", "engine",
                         "royal", "royal_in_check", "movement_source", "promotion", "drops", "endings", "notation"},
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
  if (auto it = keys.find("royal_in_check"); it != keys.end()) {
    fm.royal_in_check = r.word<ir::RoyalInCheck>(it->second.second, "royal_in_check");
  }
  if (auto it = keys.find("movement_source"); it != keys.end()) {
    fm.movement_source = r.word<ir::MovementSource>(it->second.second, "movement_source");
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
    read_endings(r, it->second.first, it->second.second, fm);
  }
  if (auto it = keys.find("notation"); it != keys.end()) read_notation(r, it->second.second, fm);
}

}  // namespace

std::optional<FrontMatter> parse_front_matter(const Source& source, const SplitSource& split,
                                              DiagnosticSink& sink) {
  FrontMatter fm;
  fm.end_line = split.body_first_line - 1;
  YamlReader reader(source, sink);
  if (const auto line = too_deep_line(split.yaml)) {
    reader.error(Code::yaml_too_deep, make_loc(source.path, static_cast<std::uint32_t>(*line + 2), 1),
                 "the front matter nests lists and mappings more than " +
                     std::to_string(kMaxYamlDepth) + " deep");
    return std::nullopt;
  }
  try {
    const YAML::Node root = YAML::Load(std::string(split.yaml));
    if (root.IsNull()) {
      reader.error(Code::missing_key, make_loc(source.path, 1, 1),
                   "the front matter is empty; it needs at least 'title', 'slug' and 'win'");
    } else {
      read_top(reader, root, fm);
    }
  } catch (const YAML::Exception& e) {
    const ir::SourceLoc at = e.mark.line < 0 ? make_loc(source.path, 2, 1) : reader.loc(e.mark);
    reader.error(Code::yaml_syntax, at, "the front matter is not valid YAML: " + e.msg);
  }
  if (reader.failed()) return std::nullopt;
  return fm;
}

}  // namespace koma::compiler
