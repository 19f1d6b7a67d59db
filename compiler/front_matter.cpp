// Stage 2, front matter: split at the --- lines and read the YAML with yaml-cpp into typed
// fields. yaml-cpp's exceptions are caught here; its 0-based marks are turned into file lines.
#include "front_matter.h"

#include <map>
#include <sstream>

#include <yaml-cpp/eventhandler.h>

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

/// Counts the front matter's values and text as the reader visits them, each alias as a copy of
/// what it names: yaml-cpp shares an alias's node, so a few lines of aliases could otherwise
/// make the reader visit millions of values. Stops counting at the first event past the limits.
class ExpandedSize : public YAML::EventHandler {
 public:
  /// Where the front matter first passes kMaxYamlValues or kMaxYamlBytes, if it does.
  std::optional<YAML::Mark> too_large;
  /// True when that place is an alias inside the collection it names (it repeats without end).
  bool endless = false;
  /// True when the text, not the number of values, passed its limit.
  bool bytes_over = false;

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    leaf(mark, anchor, {1, 0});
  }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                const std::string& value) override {
    leaf(mark, anchor, {1, value.size()});
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    const auto named = anchors_.find(anchor);
    if (named == anchors_.end()) {  // still open: the alias is inside what it names
      if (!too_large) endless = true;
      stop(mark);
      return;
    }
    leaf(mark, 0, named->second);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(mark, anchor);
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    open(mark, anchor);
  }
  void OnMapEnd() override { close(); }

 private:
  struct Size {
    std::size_t values = 0, bytes = 0;
  };
  struct Open {
    Size size;
    YAML::anchor_t anchor = 0;
  };

  void stop(const YAML::Mark& mark) {
    if (!too_large) too_large = mark;
  }
  /// Adds `size` to the total and to the collection being read; false once past the limits.
  bool add(const YAML::Mark& mark, Size size) {
    total_.values += size.values;
    total_.bytes += size.bytes;
    if (!open_.empty()) {
      open_.back().size.values += size.values;
      open_.back().size.bytes += size.bytes;
    }
    if (!too_large && total_.bytes > kMaxYamlBytes) bytes_over = true;
    if (total_.values > kMaxYamlValues || total_.bytes > kMaxYamlBytes) stop(mark);
    return !too_large;
  }
  void leaf(const YAML::Mark& mark, YAML::anchor_t anchor, Size size) {
    if (too_large || !add(mark, size)) return;
    if (anchor != 0) anchors_[anchor] = size;
  }
  void open(const YAML::Mark& mark, YAML::anchor_t anchor) {
    if (too_large || !add(mark, {1, 0})) return;
    open_.push_back({{1, 0}, anchor});
  }
  void close() {
    if (too_large || open_.empty()) return;
    const Open done = open_.back();
    open_.pop_back();
    if (done.anchor != 0) anchors_[done.anchor] = done.size;
    if (!open_.empty()) {
      open_.back().size.values += done.size.values;
      open_.back().size.bytes += done.size.bytes;
    }
  }

  Size total_;
  std::vector<Open> open_;
  std::map<YAML::anchor_t, Size> anchors_;  // sizes of the anchored values read so far
};

/// Reports yaml-too-large and returns true when the front matter, aliases written out, passes
/// the limits. Throws what yaml-cpp throws for a syntax error.
bool expands_too_far(YamlReader& reader, std::string_view yaml) {
  std::istringstream in{std::string(yaml)};
  YAML::Parser parser(in);
  ExpandedSize size;
  parser.HandleNextDocument(size);
  if (!size.too_large) return false;
  const std::string limit = size.bytes_over ? std::to_string(kMaxYamlBytes) + " bytes of text"
                                             : std::to_string(kMaxYamlValues) + " values";
  reader.error(Code::yaml_too_large, reader.loc(*size.too_large),
               size.endless ? "this alias stands for the list or mapping it is part of, which "
                              "would repeat without end"
                            : "the front matter holds more than " + limit +
                                  " here, where each alias counts as a copy of what it names");
  return true;
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
      fm.rows = r.whole_number(t->second.second, "engine.topology.rows");  // 1-kMaxBoardSide: board-size
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
                         "royal", "royal_in_check", "movement_source", "promotion", "drops", "endings", "notation",
                         "trading"},
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
  if (auto it = keys.find("trading"); it != keys.end()) {
    fm.trade_loc = r.loc(it->second.first);
    read_trading(r, it->second.second, fm);
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

/// Reports the keys every file needs: 'title' and 'slug', and 'win' unless a parent gives it.
void require_keys(YamlReader& r, const Source& source, const FrontMatter& fm) {
  for (const auto& [field, key] : {std::pair{&fm.title, "title"}, std::pair{&fm.slug, "slug"}}) {
    if (!*field) {
      r.error(Code::missing_key, make_loc(source.path, 1, 1),
              std::string("the front matter needs '") + key + "'");
    }
  }
  if (!fm.win && !fm.parent) {
    r.error(Code::missing_key, make_loc(source.path, 1, 1),
            "the front matter needs 'win', the win condition in words");
  }
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
    if (expands_too_far(reader, split.yaml)) return std::nullopt;
    const YAML::Node root = YAML::Load(std::string(split.yaml));
    if (root.IsNull()) {
      reader.error(Code::missing_key, make_loc(source.path, 1, 1),
                   "the front matter is empty; it needs at least 'title', 'slug' and 'win'");
    } else {
      read_top(reader, root, fm);
      require_keys(reader, source, fm);
    }
  } catch (const YAML::Exception& e) {
    const ir::SourceLoc at = e.mark.line < 0 ? make_loc(source.path, 2, 1) : reader.loc(e.mark);
    reader.error(Code::yaml_syntax, at, "the front matter is not valid YAML: " + e.msg);
  }
  if (reader.failed()) return std::nullopt;
  return fm;
}

}  // namespace koma::compiler
