// Stage 4, the document: tables classified by their headers into typed rows.
#include "document.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "names.h"

namespace koma::compiler {

NamedCell split_named(const Cell& cell) {
  NamedCell out;
  out.loc = cell.loc;
  const std::string_view text = cell.text;
  const std::size_t open = text.rfind('(');
  if (open != std::string_view::npos && !text.empty() && text.back() == ')') {
    out.name = std::string(trim(text.substr(0, open)));
    out.also = std::string(trim(text.substr(open + 1, text.size() - open - 2)));
  } else {
    out.name = std::string(trim(text));
  }
  return out;
}

namespace {

enum class Kind { pieces, promotions, face_pairs, letters, start };

const char* kind_name(Kind kind) {
  switch (kind) {
    case Kind::pieces: return "pieces";
    case Kind::promotions: return "promotion";
    case Kind::face_pairs: return "face-pair";
    case Kind::letters: return "letters";
    case Kind::start: return "starting-position";
  }
  return "";
}

const char* const kTableKinds =
    "tables koma reads start with 'Piece | Movement' (pieces), 'Piece | Promotes to' "
    "(promotion), 'Piece | Letter' (letters), 'Face A | Face B' (face pairs) or "
    "'Player | Rank | Pieces' (starting position)";

/// "Player" for "player": a column heading as the format document writes it.
std::string table_heading(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 32);
  return text;
}

/// A cell offset by `offset` bytes within it.
ir::SourceLoc shifted(ir::SourceLoc loc, std::size_t offset) {
  loc.column += static_cast<std::uint32_t>(offset);
  return loc;
}

/// Splits a cell at any of `separators`, keeping each part's location.
std::vector<NamedCell> split_list(const Cell& cell, const std::vector<std::string>& separators) {
  std::vector<NamedCell> out;
  std::size_t start = 0;
  const std::string& text = cell.text;
  while (start <= text.size()) {
    std::size_t best = std::string::npos;
    std::size_t length = 0;
    for (const std::string& sep : separators) {
      const std::size_t at = text.find(sep, start);
      if (at < best) {
        best = at;
        length = sep.size();
      }
    }
    const std::size_t stop = best == std::string::npos ? text.size() : best;
    std::size_t first = start;
    while (first < stop && text[first] == ' ') ++first;
    Cell part{std::string(trim(std::string_view(text).substr(start, stop - start))),
              shifted(cell.loc, first)};
    out.push_back(split_named(part));
    if (best == std::string::npos) break;
    start = best + length;
  }
  return out;
}

class Builder {
 public:
  Builder(Document& doc, DiagnosticSink& sink) : doc_(doc), sink_(sink) {}
  bool failed() const { return errors_ != 0; }

  void error(Code code, const ir::SourceLoc& loc, std::string message,
             std::vector<Note> notes = {}) {
    ++errors_;
    report_error(sink_, code, loc, std::move(message), std::move(notes));
  }

  void add(const Table& table) {
    std::vector<std::string> heads;
    for (const Cell& cell : table.header) heads.push_back(lower(cell.text));
    if (heads.size() >= 2 && heads[0] == "face a" && heads[1] == "face b") {
      const std::vector<std::string> columns =
          heads.size() == 2 ? std::vector<std::string>{"face a", "face b"}
                            : std::vector<std::string>{"face a", "face b", "turns over"};
      if (columns_match(table, columns, false) &&
          claim(Kind::face_pairs, table)) {
        face_pairs(table);
      }
    } else if (!heads.empty() && heads[0] == "player") {
      if (columns_match(table, {"player", "rank", "pieces"}, true) && claim(Kind::start, table)) {
        start(table);
      }
    } else if (!heads.empty() && heads[0] == "piece") {
      piece_keyed(table, heads);
    } else {
      error(Code::unknown_table, table.loc,
            "koma does not read a table with columns '" + joined(table) + "'; " + kTableKinds);
    }
  }

 private:
  static std::string joined(const Table& table) {
    std::string out;
    for (const Cell& cell : table.header) out += (out.empty() ? "" : " | ") + cell.text;
    return out;
  }

  /// Checks the header holds exactly `expected` (in order; the last may be a prefix).
  bool columns_match(const Table& table, const std::vector<std::string>& expected,
                     bool last_is_prefix) {
    bool ok = true;
    for (std::size_t i = 0; i < table.header.size(); ++i) {
      const std::string head = lower(table.header[i].text);
      if (i >= expected.size()) {
        error(Code::unknown_column, table.header[i].loc,
              "unexpected column " + quote(table.header[i].text) + " in this table");
        ok = false;
        continue;
      }
      const bool prefix = last_is_prefix && i + 1 == expected.size();
      if (prefix ? head.rfind(expected[i], 0) != 0 : head != expected[i]) {
        error(Code::unknown_column, table.header[i].loc,
              "unknown column " + quote(table.header[i].text) +
                  did_you_mean(head, {table_heading(expected[i])}));
        ok = false;
      }
    }
    if (table.header.size() < expected.size()) {
      error(Code::missing_column, table.loc,
            "this table needs a " + quote(table_heading(expected[table.header.size()])) +
                " column");
      ok = false;
    }
    return ok;
  }

  bool claim(Kind kind, const Table& table) {
    const int index = static_cast<int>(kind);
    if (seen_[index].line != 0) {
      error(Code::duplicate_table, table.loc,
            std::string("a second ") + kind_name(kind) + " table; a file has at most one",
            {{seen_[index], "the first one is here"}});
      return false;
    }
    seen_[index] = table.loc;
    return true;
  }

  const Cell* required(const std::vector<Cell>& row, std::size_t column, const Table& table) {
    if (column >= row.size()) return nullptr;
    if (row[column].text.empty()) {
      error(Code::empty_cell, row[column].loc,
            "the " + quote(table.header[column].text) + " cell of this row is empty");
      return nullptr;
    }
    return &row[column];
  }

  /// The ranks of a "movement on rank N" / "movement on ranks N–M, K" header (lowercased),
  /// counted from the far edge; nullopt when `head` is not such a header, an empty list when
  /// its ranks do not read.
  static std::optional<std::vector<std::uint8_t>> header_ranks(std::string_view head) {
    const std::string_view prefix = "movement on rank";
    if (head.substr(0, prefix.size()) != prefix) return std::nullopt;
    std::string_view tail = head.substr(prefix.size());
    if (!tail.empty() && tail[0] == 's') tail.remove_prefix(1);
    // Dashes become '-', " and " becomes ','.
    std::string rest;
    for (std::size_t k = 0; k < tail.size();) {
      if (tail.substr(k, 3) == "\u2013" || tail.substr(k, 3) == "\u2014") {
        rest.push_back('-');
        k += 3;
      } else if (tail.substr(k, 5) == " and ") {
        rest.push_back(',');
        k += 5;
      } else {
        rest.push_back(tail[k++]);
      }
    }
    std::vector<std::uint8_t> out;
    std::size_t i = 0;
    auto number = [&](int& n) {
      while (i < rest.size() && rest[i] == ' ') ++i;
      const std::size_t start = i;
      n = 0;
      while (i < rest.size() && std::isdigit(static_cast<unsigned char>(rest[i])) && i - start < 3) n = n * 10 + (rest[i++] - '0');
      while (i < rest.size() && rest[i] == ' ') ++i;
      return i > start && n >= 1 && n <= ir::kMaxBoardSide;
    };
    while (true) {
      int low = 0, high = 0;
      if (!number(low)) return std::vector<std::uint8_t>{};
      high = low;
      if (i < rest.size() && rest[i] == '-') {
        ++i;
        if (!number(high) || high < low) return std::vector<std::uint8_t>{};
      }
      for (int r = low; r <= high; ++r) {
        if (std::find(out.begin(), out.end(), r) != out.end()) return std::vector<std::uint8_t>{};
        out.push_back(static_cast<std::uint8_t>(r));
      }
      if (i == rest.size()) break;
      if (rest[i] != ',') return std::vector<std::uint8_t>{};
      ++i;
    }
    std::sort(out.begin(), out.end());
    return out;
  }

  void piece_keyed(const Table& table, const std::vector<std::string>& heads) {
    const std::vector<std::string> piece_columns = {"Movement", "Count", "Promotes to", "Letter", "Captured as", "Rank",
                                                   "Promotes by capturing"};
    const std::vector<std::string> promotion_columns = {"Promoted piece", "Promotes to", "Rank"};
    // A misspelt column may be the one that would have told the table's kind ('Movment').
    const std::vector<std::string> every_column = {"Movement", "Count", "Promotes to", "Letter",
                                                   "Promoted piece", "Rank"};
    bool has_movement = false, has_promotes = false, has_letter = false;
    for (const std::string& head : heads) {
      has_movement = has_movement || head == "movement";
      has_promotes = has_promotes || head == "promotes to";
      has_letter = has_letter || head.rfind("letter", 0) == 0;
    }
    Kind kind = Kind::letters;
    std::vector<std::string> allowed;
    if (has_movement) {
      kind = Kind::pieces;
      allowed = piece_columns;
    } else if (has_promotes) {
      kind = Kind::promotions;
      allowed = promotion_columns;
    } else if (has_letter) {
      allowed = {"Letter"};
    } else {
      allowed = every_column;
    }
    const bool has_marker = has_movement || has_promotes || has_letter;
    bool ok = true;
    std::vector<std::string> seen;
    for (std::size_t i = 1; i < heads.size(); ++i) {
      std::string head = heads[i];
      const bool dialect_letter = kind == Kind::letters && head.rfind("letter (", 0) == 0 &&
                                  head.back() == ')';
      const bool rank_movement = kind == Kind::pieces && header_ranks(head).has_value();
      bool known = dialect_letter || rank_movement;
      for (const std::string& a : allowed) known = known || lower(a) == head;
      if (!known) {
        error(Code::unknown_column, table.header[i].loc,
              "unknown column " + quote(table.header[i].text) + " in a " +
                  (has_marker ? kind_name(kind) + std::string(" table")
                              : std::string("table of pieces")) +
                  did_you_mean(head, every_column));
        ok = false;
      }
      for (const std::string& s : seen) {
        if (s == head) {
          error(Code::unknown_column, table.header[i].loc,
                "column " + quote(table.header[i].text) + " appears twice");
          ok = false;
        }
      }
      seen.push_back(head);
    }
    if (ok && !has_marker) {
      error(Code::missing_column, table.loc,
            "a table of pieces needs a column 'Movement', 'Promotes to' or 'Letter'");
    }
    if (!ok || !has_marker) return;
    if (!claim(kind, table)) return;
    if (kind == Kind::pieces) pieces(table, heads);
    if (kind == Kind::promotions) promotions(table, heads);
    if (kind == Kind::letters) letters(table, heads);
  }

  static std::size_t column_of(const std::vector<std::string>& heads, std::string_view name) {
    for (std::size_t i = 0; i < heads.size(); ++i) {
      if (heads[i] == name) return i;
    }
    return heads.size();
  }

  void pieces(const Table& table, const std::vector<std::string>& heads) {
    const std::size_t before = errors_;
    TableOf<PieceRow> out;
    out.loc = table.loc;
    const std::size_t movement = column_of(heads, "movement");
    const std::size_t count = column_of(heads, "count");
    const std::size_t promotes = column_of(heads, "promotes to");
    const std::size_t letter = column_of(heads, "letter");
    const std::size_t captured = column_of(heads, "captured as");
    const std::size_t by_capture = column_of(heads, "promotes by capturing");
    // The "Movement on ranks" columns: their ranks, each rank in one column at most.
    std::vector<std::pair<std::size_t, std::vector<std::uint8_t>>> by_rank;
    std::vector<std::uint8_t> taken;
    for (std::size_t i = 1; i < heads.size(); ++i) {
      const auto ranks = header_ranks(heads[i]);
      if (!ranks) continue;
      bool repeats = false;
      for (std::uint8_t r : *ranks) repeats = repeats || std::find(taken.begin(), taken.end(), r) != taken.end();
      if (ranks->empty() || repeats) {
        error(Code::bad_rank_list, table.header[i].loc,
              "column " + quote(table.header[i].text) + " must name ranks counted from the far edge, 1 to " +
                  std::to_string(ir::kMaxBoardSide) + ", "
              "each in one such column only, like 'Movement on rank 1' or 'Movement on ranks 1–2'");
        continue;
      }
      taken.insert(taken.end(), ranks->begin(), ranks->end());
      by_rank.emplace_back(i, *ranks);
    }
    const std::size_t rank = column_of(heads, "rank");
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
      const std::vector<Cell>& row = table.rows[r];
      const Cell* name = required(row, 0, table);
      const Cell* move = required(row, movement, table);
      PieceRow piece;
      piece.loc = table.row_locs[r];
      if (count < heads.size()) {
        if (const Cell* c = required(row, count, table)) piece.count = *c;
      }
      if (promotes < heads.size()) {
        if (const Cell* c = required(row, promotes, table)) piece.promotes_to = *c;
      }
      if (letter < heads.size() && !row[letter].text.empty()) piece.letter = row[letter];
      if (captured < row.size() && !row[captured].text.empty() && row[captured].text != "—" &&
          row[captured].text != "-") {
        piece.captured_as = row[captured];
      }
      if (by_capture < row.size() && !row[by_capture].text.empty() && row[by_capture].text != "—" &&
          row[by_capture].text != "-") {
        piece.by_capture = row[by_capture];
      }
      for (const auto& [column, ranks] : by_rank) {
        if (column >= row.size()) continue;
        const Cell& cell = row[column];
        if (!cell.text.empty() && cell.text != "—" && cell.text != "-") piece.rank_movement.emplace_back(ranks, cell);
      }
      if (rank < heads.size() && rank < row.size() && !row[rank].text.empty()) piece.rank = row[rank];
      if (name == nullptr || move == nullptr) continue;
      piece.piece = split_named(*name);
      piece.movement = *move;
      out.rows.push_back(std::move(piece));
    }
    if (errors_ == before) doc_.pieces = std::move(out);
  }

  void promotions(const Table& table, const std::vector<std::string>& heads) {
    TableOf<PromotionRow> out;
    out.loc = table.loc;
    const std::size_t promoted = column_of(heads, "promoted piece");
    const std::size_t promotes = column_of(heads, "promotes to");
    const std::size_t rank = column_of(heads, "rank");
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
      const std::vector<Cell>& row = table.rows[r];
      const Cell* bases = required(row, 0, table);
      const Cell* target = required(row, promotes, table);
      PromotionRow promotion;
      promotion.loc = table.row_locs[r];
      if (promoted < heads.size()) {
        if (const Cell* c = required(row, promoted, table)) promotion.promoted = split_named(*c);
      }
      if (bases == nullptr || target == nullptr) continue;
      promotion.bases = split_list(*bases, {",", " and "});
      promotion.promotes_to = *target;
      if (rank < heads.size() && rank < row.size() && !row[rank].text.empty()) promotion.rank = row[rank];
      out.rows.push_back(std::move(promotion));
    }
    doc_.promotions = std::move(out);
  }

  void face_pairs(const Table& table) {
    TableOf<FacePairRow> out;
    out.loc = table.loc;
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
      const Cell* a = required(table.rows[r], 0, table);
      const Cell* b = required(table.rows[r], 1, table);
      const Cell* turns = table.header.size() > 2 ? required(table.rows[r], 2, table) : nullptr;
      if (a == nullptr || b == nullptr) continue;
      FacePairRow row{split_named(*a), split_named(*b), std::nullopt, table.row_locs[r]};
      if (turns != nullptr) row.turns = *turns;
      out.rows.push_back(std::move(row));
    }
    doc_.face_pairs = std::move(out);
  }

  void letters(const Table& table, const std::vector<std::string>& heads) {
    TableOf<LetterRow> out;
    out.loc = table.loc;
    for (std::size_t i = 1; i < heads.size(); ++i) {
      const std::string& text = table.header[i].text;
      const std::size_t open = text.find('(');
      doc_.letter_dialects.push_back(
          open == std::string::npos
              ? std::string()
              : std::string(trim(std::string_view(text).substr(open + 1, text.size() - open - 2))));
    }
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
      const std::vector<Cell>& row = table.rows[r];
      const Cell* name = required(row, 0, table);
      LetterRow letter;
      letter.loc = table.row_locs[r];
      for (std::size_t i = 1; i < heads.size() && i < row.size(); ++i) {
        if (const Cell* c = required(row, i, table)) {
          letter.letters.emplace_back(doc_.letter_dialects[i - 1], *c);
        }
      }
      if (name == nullptr) continue;
      letter.piece = split_named(*name);
      out.rows.push_back(std::move(letter));
    }
    doc_.letters = std::move(out);
  }

  void start(const Table& table) {
    TableOf<StartRow> out;
    out.loc = table.loc;
    // "Pieces (files 5–1, left to right)": the first number says which file comes first.
    const std::string& head = table.header[2].text;
    std::size_t digit = 0;
    while (digit < head.size() && !std::isdigit(static_cast<unsigned char>(head[digit]))) ++digit;
    doc_.start_right_to_left = digit < head.size() && head[digit] == '1' &&
                               (digit + 1 == head.size() ||
                                !std::isdigit(static_cast<unsigned char>(head[digit + 1])));
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
      const std::vector<Cell>& row = table.rows[r];
      const Cell* player = required(row, 0, table);
      const Cell* rank = required(row, 1, table);
      const Cell* squares = required(row, 2, table);
      if (player == nullptr || rank == nullptr || squares == nullptr) continue;
      out.rows.push_back({*player, *rank, split_list(*squares, {"·", ","}), table.row_locs[r]});
    }
    doc_.start = std::move(out);
  }

  Document& doc_;
  DiagnosticSink& sink_;
  std::size_t errors_ = 0;
  ir::SourceLoc seen_[5];
};

}  // namespace

Document build_document(const std::string& path, FrontMatter front, MarkdownBody body,
                        DiagnosticSink& sink, bool& complete) {
  Document doc;
  doc.path = path;
  doc.front = std::move(front);
  doc.images = std::move(body.images);
  Builder builder(doc, sink);
  for (const Table& table : body.tables) builder.add(table);
  complete = !builder.failed();
  return doc;
}

}  // namespace koma::compiler
