// Stage 3, Markdown: cmark-gfm with the table extension. cmark does not know front matter, so
// the body is parsed alone and its line numbers are shifted back; cmark pads short rows and
// drops extra cells, so every row's raw line is split again to check its cell count.
#include "markdown.h"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm.h>

#include <algorithm>
#include <memory>

#include "input_limits.h"
#include "names.h"

namespace koma::compiler {
namespace {

struct ParserDeleter {
  void operator()(cmark_parser* parser) const { cmark_parser_free(parser); }
};
struct NodeDeleter {
  void operator()(cmark_node* node) const { cmark_node_free(node); }
};

std::string_view type_of(cmark_node* node) {
  const char* type = cmark_node_get_type_string(node);
  return type == nullptr ? std::string_view() : std::string_view(type);
}

struct IterDeleter {
  void operator()(cmark_iter* iter) const { cmark_iter_free(iter); }
};

/// The plain text of a node's inlines (text and code spans; breaks become spaces). Walks with
/// cmark's iterator, not by recursion, so deep nesting costs no stack.
void collect_text(cmark_node* node, std::string& out) {
  std::unique_ptr<cmark_iter, IterDeleter> iter(cmark_iter_new(node));
  for (cmark_event_type event = cmark_iter_next(iter.get()); event != CMARK_EVENT_DONE;
       event = cmark_iter_next(iter.get())) {
    cmark_node* child = cmark_iter_get_node(iter.get());
    if (event != CMARK_EVENT_ENTER || child == node) continue;
    switch (cmark_node_get_type(child)) {
      case CMARK_NODE_TEXT:
      case CMARK_NODE_CODE: {
        const char* literal = cmark_node_get_literal(child);
        if (literal != nullptr) out += literal;
        break;
      }
      case CMARK_NODE_HTML_INLINE:  // inline HTML is markup, not text
        break;
      case CMARK_NODE_SOFTBREAK:
      case CMARK_NODE_LINEBREAK:
        out += ' ';
        break;
      default:
        break;
    }
  }
}

/// Byte offsets where each cell of a raw table line starts (after its opening pipe and spaces),
/// splitting at pipes that are not escaped and not inside a code span.
std::vector<std::size_t> raw_cell_starts(std::string_view line) {
  std::vector<std::size_t> pipes;
  bool in_code = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\\') {
      ++i;
    } else if (line[i] == '`') {
      in_code = !in_code;
    } else if (line[i] == '|' && !in_code) {
      pipes.push_back(i);
    }
  }
  std::size_t first = 0;
  while (first < line.size() && (line[first] == ' ' || line[first] == '\t')) ++first;
  std::size_t last = line.size();
  while (last > 0 && (line[last - 1] == ' ' || line[last - 1] == '\t' || line[last - 1] == '\r')) {
    --last;
  }
  std::vector<std::size_t> starts;
  const bool leading = !pipes.empty() && pipes.front() == first;
  if (!leading) starts.push_back(first);
  for (std::size_t k = 0; k < pipes.size(); ++k) {
    if (pipes[k] + 1 >= last) break;  // a trailing pipe opens no cell
    std::size_t start = pipes[k] + 1;
    while (start < line.size() && line[start] == ' ') ++start;
    starts.push_back(start);
  }
  return starts;
}

/// The body's lines, without their newlines.
std::vector<std::string_view> lines_of(std::string_view body) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start <= body.size()) {
    const std::size_t end = body.find('\n', start);
    const std::size_t stop = end == std::string_view::npos ? body.size() : end;
    lines.push_back(body.substr(start, stop - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return lines;
}

/// How many bytes of `line` are indentation and block-quote markers ('>').
std::size_t prefix_length(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '>')) ++i;
  return i;
}

/// True when `line` holds nothing but indentation, quote markers and spaces.
bool is_blank(std::string_view line) {
  return line.find_first_not_of(" \t>\r") == std::string_view::npos;
}

/// Byte offsets in `line` of the cells of a GFM delimiter row (`|---|:--:|`), empty when the line
/// is not one: only pipes, dashes, colons and white space (cmark-gfm's, vertical tab and form
/// feed included), with at least one pipe and one dash.
/// Each cell is counted where its first dash is.
std::vector<std::size_t> delimiter_cells(std::string_view line) {
  const std::size_t first = prefix_length(line);
  const std::string_view rest = line.substr(first);
  if (rest.find_first_not_of("|-: \t\v\f\r") != std::string_view::npos ||
      rest.find('|') == std::string_view::npos || rest.find('-') == std::string_view::npos) {
    return {};
  }
  std::vector<std::size_t> cells;
  bool dash_seen = false;
  for (std::size_t i = first; i <= line.size(); ++i) {
    if (i == line.size() || line[i] == '|') {
      dash_seen = false;
    } else if (line[i] == '-' && !dash_seen) {
      dash_seen = true;
      cells.push_back(i);
    }
  }
  return cells;
}

/// Refuses, before cmark-gfm reads the body, tables wider than kMaxTableColumns, longer than
/// kMaxTableRows or past kMaxTableCells in all: cmark-gfm pads every row to the header's width,
/// so a wide header over many short rows would cost rows times columns. A table is found by its
/// delimiter row under a non-blank line, and its rows counted up to the next blank line (at least
/// as many as cmark-gfm reads), each as wide as the widest delimiter row since that blank line.
bool tables_fit(const Source& source, const SplitSource& split, DiagnosticSink& sink) {
  const std::vector<std::string_view> lines = lines_of(split.body);
  bool ok = true;
  std::size_t columns = 0, rows = 0, cells = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto at = [&](std::size_t column) {
      return make_loc(source.path, static_cast<std::uint32_t>(i) + split.body_first_line,
                      static_cast<std::uint32_t>(column + 1));
    };
    if (is_blank(lines[i])) {
      columns = rows = 0;
      continue;
    }
    if (columns > 0) {
      cells += columns;
      if (++rows == kMaxTableRows + 1) {
        report_error(sink, Code::too_many_rows, at(0),
                     "this table has more than " + std::to_string(kMaxTableRows) +
                         " rows, the most koma reads");
        ok = false;
      }
      if (cells > kMaxTableCells) {
        report_error(sink, Code::too_many_cells, at(0),
                     "the tables of this file have more than " + std::to_string(kMaxTableCells) +
                         " cells (rows times columns) in all, the most koma reads");
        return false;
      }
    }
    if (i == 0 || is_blank(lines[i - 1])) continue;
    const std::vector<std::size_t> found = delimiter_cells(lines[i]);
    if (found.size() > kMaxTableColumns) {
      // At the header row, on its first cell past the limit when it has one.
      const std::vector<std::size_t> heads = raw_cell_starts(lines[i - 1]);
      const std::size_t column = heads.size() > kMaxTableColumns ? heads[kMaxTableColumns]
                                 : heads.empty()                 ? 0
                                                                 : heads.front();
      report_error(sink, Code::too_many_columns,
                   make_loc(source.path, static_cast<std::uint32_t>(i - 1) + split.body_first_line,
                            static_cast<std::uint32_t>(column + 1)),
                   "this table has " + std::to_string(found.size()) +
                       " columns; a table has at most " + std::to_string(kMaxTableColumns));
      ok = false;
    } else if (!found.empty()) {
      if (columns == 0) rows = 0;
      columns = std::max(columns, found.size());
    }
  }
  return ok;
}

class BodyReader {
 public:
  BodyReader(const Source& source, const SplitSource& split, DiagnosticSink& sink)
      : source_(source), split_(split), sink_(sink), lines_(lines_of(split.body)) {}

  bool failed() const { return failed_; }

  /// Reads every table and paragraph under `node`, walking with cmark's iterator (block quotes
  /// and lists may nest as deep as the file is long).
  void visit(cmark_node* node, MarkdownBody& out) {
    std::unique_ptr<cmark_iter, IterDeleter> iter(cmark_iter_new(node));
    for (cmark_event_type event = cmark_iter_next(iter.get()); event != CMARK_EVENT_DONE;
         event = cmark_iter_next(iter.get())) {
      cmark_node* child = cmark_iter_get_node(iter.get());
      if (event != CMARK_EVENT_ENTER || child == node) continue;
      const std::string_view type = type_of(child);
      if (type == "table") {
        read_table(child, out);
      } else if (type == "paragraph") {
        read_images(child, out);
      } else {
        continue;
      }
      cmark_iter_reset(iter.get(), child, CMARK_EVENT_EXIT);  // not into its children
    }
  }

 private:
  std::uint32_t file_line(int body_line) const {
    return static_cast<std::uint32_t>(body_line) + split_.body_first_line - 1;
  }
  std::string_view raw_line(int body_line) const {
    const auto index = static_cast<std::size_t>(body_line - 1);
    return index < lines_.size() ? lines_[index] : std::string_view();
  }

  std::vector<Cell> read_row(cmark_node* row, std::size_t expected, bool header) {
    const int line = cmark_node_get_start_line(row);
    const std::string_view raw = raw_line(line);
    const std::vector<std::size_t> starts = raw_cell_starts(raw);
    std::vector<Cell> cells;
    std::size_t index = 0;
    for (cmark_node* cell = cmark_node_first_child(row); cell != nullptr;
         cell = cmark_node_next(cell), ++index) {
      Cell c;
      collect_text(cell, c.text);
      c.text = std::string(trim(c.text));
      std::size_t column = index < starts.size() ? starts[index] : raw.size();
      // Point at the text itself when markup precedes it ("**King**"), so that offsets into
      // the text (phrase errors) land on the right byte.
      const std::size_t segment_end = index + 1 < starts.size() ? starts[index + 1] : raw.size();
      if (!c.text.empty()) {
        const std::size_t found = raw.find(c.text, column);
        if (found != std::string_view::npos && found + c.text.size() <= segment_end) {
          column = found;
        }
      }
      c.loc = make_loc(source_.path, file_line(line), static_cast<std::uint32_t>(column + 1));
      cells.push_back(std::move(c));
    }
    if (!header && starts.size() != expected) {
      failed_ = true;
      const bool is_short = starts.size() < expected;
      const std::size_t column = is_short ? raw.size() : starts[expected];
      report_error(sink_, is_short ? Code::row_too_short : Code::row_too_long,
                   make_loc(source_.path, file_line(line), static_cast<std::uint32_t>(column + 1)),
                   "this row has " + std::to_string(starts.size()) + " cells but the header has " +
                       std::to_string(expected));
    }
    return cells;
  }

  void read_table(cmark_node* node, MarkdownBody& out) {
    Table table;
    table.loc = make_loc(source_.path, file_line(cmark_node_get_start_line(node)),
                         static_cast<std::uint32_t>(cmark_node_get_start_column(node)));
    for (cmark_node* row = cmark_node_first_child(node); row != nullptr;
         row = cmark_node_next(row)) {
      if (table.header.empty() && type_of(row) == "table_header") {
        table.header = read_row(row, 0, true);
        continue;
      }
      if (table.rows.size() == kMaxTableRows) {
        report_error(sink_, Code::too_many_rows,
                     make_loc(source_.path, file_line(cmark_node_get_start_line(row)), 1),
                     "this table has more than " + std::to_string(kMaxTableRows) +
                         " rows, the most koma reads");
        failed_ = true;
        break;
      }
      table.row_locs.push_back(
          make_loc(source_.path, file_line(cmark_node_get_start_line(row)), 1));
      table.rows.push_back(read_row(row, table.header.size(), false));
    }
    out.tables.push_back(std::move(table));
  }

  /// {{svg:FILE "caption"}} in a paragraph names an image the document shows.
  void read_images(cmark_node* paragraph, MarkdownBody& out) {
    const int first = cmark_node_get_start_line(paragraph);
    const int last = cmark_node_get_end_line(paragraph);
    for (int line = first; line <= last; ++line) {
      const std::string_view raw = raw_line(line);
      for (std::size_t at = raw.find("{{svg:"); at != std::string_view::npos;
           at = raw.find("{{svg:", at + 1)) {
        if (auto image = image_at(raw, at)) {
          image->loc = make_loc(source_.path, file_line(line), static_cast<std::uint32_t>(at + 1));
          out.images.push_back(std::move(*image));
        }
      }
    }
  }

  /// Reads `{{svg:FILE "caption"}}` starting at `at`; nothing when the text there is not one.
  static std::optional<ir::ImageRef> image_at(std::string_view raw, std::size_t at) {
    std::size_t i = at + 6;
    const std::size_t file_start = i;
    while (i < raw.size() && raw[i] != ' ' && raw[i] != '"' && raw[i] != '}') ++i;
    if (i == file_start || i >= raw.size() || raw[i] != ' ') return std::nullopt;
    while (i < raw.size() && raw[i] == ' ') ++i;
    if (i >= raw.size() || raw[i] != '"') return std::nullopt;
    const std::size_t caption_end = raw.find('"', i + 1);
    if (caption_end == std::string_view::npos || raw.substr(caption_end + 1, 2) != "}}") {
      return std::nullopt;
    }
    ir::ImageRef image;
    image.file = std::string(raw.substr(file_start, raw.find(' ', file_start) - file_start));
    image.caption = std::string(raw.substr(i + 1, caption_end - i - 1));
    return image;
  }

  const Source& source_;
  const SplitSource& split_;
  DiagnosticSink& sink_;
  std::vector<std::string_view> lines_;
  bool failed_ = false;
};

}  // namespace

std::optional<MarkdownBody> read_markdown(const Source& source, const SplitSource& split,
                                          DiagnosticSink& sink) {
  if (!tables_fit(source, split, sink)) return std::nullopt;
  cmark_gfm_core_extensions_ensure_registered();
  std::unique_ptr<cmark_parser, ParserDeleter> parser(cmark_parser_new(CMARK_OPT_DEFAULT));
  if (cmark_syntax_extension* table = cmark_find_syntax_extension("table")) {
    cmark_parser_attach_syntax_extension(parser.get(), table);
  }
  cmark_parser_feed(parser.get(), split.body.data(), split.body.size());
  std::unique_ptr<cmark_node, NodeDeleter> document(cmark_parser_finish(parser.get()));
  MarkdownBody body;
  BodyReader reader(source, split, sink);
  reader.visit(document.get(), body);
  if (reader.failed()) return std::nullopt;
  return body;
}

}  // namespace koma::compiler
