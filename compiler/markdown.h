// Stage 3, Markdown: the body after the front matter, parsed with cmark-gfm's table extension
// into tables of located cells, plus the {{svg:FILE "caption"}} image references.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "diagnostics.h"
#include "front_matter.h"
#include "ir/rules.h"
#include "source.h"

namespace koma::compiler {

/// One table cell: its plain text (emphasis and code marks removed) and where it starts.
struct Cell {
  std::string text;
  ir::SourceLoc loc;
};

/// One GFM table: the header row and the body rows, each with as many cells as the header.
struct Table {
  std::vector<Cell> header;
  std::vector<std::vector<Cell>> rows;
  std::vector<ir::SourceLoc> row_locs;  ///< where each body row starts
  ir::SourceLoc loc;                    ///< where the header row starts
};

/// The parts of the body koma reads.
struct MarkdownBody {
  std::vector<Table> tables;
  std::vector<ir::ImageRef> images;
};

/// Parses the body. Rows whose raw line holds fewer or more cells than the header are reported
/// (row-too-short, row-too-long); returns nothing when any error was reported.
std::optional<MarkdownBody> read_markdown(const Source& source, const SplitSource& split,
                                          DiagnosticSink& sink);

}  // namespace koma::compiler
