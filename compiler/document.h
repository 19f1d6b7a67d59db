// Stage 4, the document (AST): a variant file's front matter plus its tables, each classified
// by its header into a kind (pieces, promotion, face pairs, letters, starting position) with
// typed, located rows. No names are resolved yet.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "diagnostics.h"
#include "front_matter.h"
#include "markdown.h"

namespace koma::compiler {

/// A cell naming something, split as "NAME (ALSO)": "Gold general (金)", "Gold General (Tokin)".
struct NamedCell {
  std::string name;   ///< the text before the parentheses
  std::string also;   ///< the text inside them, may be empty
  ir::SourceLoc loc;  ///< where the name starts
};

/// A row of the pieces table: Piece | Movement [| Count] [| Promotes to] [| Letter] [| Rank].
struct PieceRow {
  NamedCell piece;  ///< name, with the native name in parentheses
  Cell movement;
  std::optional<Cell> count, promotes_to, letter;
  std::optional<Cell> captured_as;  ///< the piece a capture of it puts in hand instead
  std::optional<Cell> by_capture;   ///< "Promotes by capturing": must or may, maybe of which pieces
  /// Movement on some ranks ("Movement on rank 1" columns): the ranks, counted from the far
  /// edge, and the cell; cells left empty or "—" are not listed.
  std::vector<std::pair<std::vector<std::uint8_t>, Cell>> rank_movement;
  ir::SourceLoc loc;
  std::optional<Cell> rank;  ///< its rank for range jumps, a whole number (empty: 0)
};

/// A row of the promotion table: Piece | [Promoted piece |] Promotes to.
struct PromotionRow {
  std::vector<NamedCell> bases;       ///< "Pawn, lance, knight, silver": one or more names
  std::optional<NamedCell> promoted;  ///< "Tokin (と)": the promoted face's name
  Cell promotes_to;                   ///< a piece name or a movement phrase
  std::optional<Cell> rank;           ///< the promoted face's rank for range jumps (empty: 0)
  ir::SourceLoc loc;
};

/// A row of the face-pair table: Face A | Face B [| Turns over] (Face A is the base face).
struct FacePairRow {
  NamedCell a, b;
  std::optional<Cell> turns;  ///< when the piece turns over ("after every capture"); default: every move
  ir::SourceLoc loc;
};

/// A row of the letters table: Piece | Letter [| Letter (DIALECT) ...].
struct LetterRow {
  NamedCell piece;
  std::vector<std::pair<std::string, Cell>> letters;  ///< dialect name ("" = native) and letter
  ir::SourceLoc loc;
};

/// A row of the starting-position table: Player | Rank | Pieces (files N–1, left to right).
struct StartRow {
  Cell player;
  Cell rank;
  std::vector<NamedCell> squares;  ///< one per file, left to right as sente sees the board
  ir::SourceLoc loc;
};

/// A table of one kind: its rows and where it starts.
template <class Row>
struct TableOf {
  std::vector<Row> rows;
  ir::SourceLoc loc;
};

/// A variant file, read but not yet resolved.
struct Document {
  std::string path;
  FrontMatter front;
  std::vector<ir::ImageRef> images;
  std::optional<TableOf<PieceRow>> pieces;
  std::optional<TableOf<PromotionRow>> promotions;
  std::optional<TableOf<FacePairRow>> face_pairs;
  std::optional<TableOf<LetterRow>> letters;
  std::vector<std::string> letter_dialects;  ///< dialect names of the letters table's columns
  std::optional<TableOf<StartRow>> start;
  bool start_right_to_left = false;  ///< the start table lists files 1..N instead of N..1
};

/// Splits "NAME (ALSO)" into its parts.
NamedCell split_named(const Cell& cell);

/// Classifies the tables and builds the document; `complete` is false when any error was
/// reported, and then only the pieces table, when it is set, may be relied on (it is left out
/// when its own header or rows had an error).
Document build_document(const std::string& path, FrontMatter front, MarkdownBody body,
                        DiagnosticSink& sink, bool& complete);

}  // namespace koma::compiler
