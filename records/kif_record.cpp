// KIF records of standard shogi: 手合割 (平手 and the handicaps), moves in Japanese with their
// source squares (７六歩(77), 同　角成(88), ５五角打), and the endings (投了, 千日手, 持将棋,
// 反則負け ...); or a board diagram, which a 手合割 given too must match; headers, comments,
// times and variations (変化) kept; written back from a judged game.
#include <algorithm>
#include <functional>
#include <string>

#include "concat.h"
#include "ir/quoted_text.h"
#include "notation.h"
#include "notation_tables.h"
#include "record.h"
#include "text_lines.h"

namespace koma::records {

namespace {

/// KIF words that end a game, in the place of a move.
constexpr std::pair<std::string_view, RecordEnd> kEnds[] = {
    {"投了", RecordEnd::resign},      {"中断", RecordEnd::interrupt},
    {"千日手", RecordEnd::repetition}, {"持将棋", RecordEnd::impasse},
    {"切れ負け", RecordEnd::timeout},  {"時間切れ", RecordEnd::timeout},
    {"反則負け", RecordEnd::foul},     {"反則勝ち", RecordEnd::foul},
    {"入玉勝ち", RecordEnd::declare},  {"詰み", RecordEnd::none},
    {"不詰", RecordEnd::none}};

constexpr std::string_view kWideDigits[] = {"１", "２", "３", "４", "５", "６", "７", "８", "９"};
constexpr std::string_view kKanjiDigits[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};

/// Reads one of `words` at `pos`, advancing past it; its 1-based index, or 0.
template <std::size_t N>
int read_digit(std::string_view s, std::size_t& pos, const std::string_view (&words)[N]) {
  for (std::size_t i = 0; i < N; ++i) {
    if (s.substr(pos, words[i].size()) == words[i]) {
      pos += words[i].size();
      return static_cast<int>(i) + 1;
    }
  }
  return 0;
}

bool starts(std::string_view s, std::size_t pos, std::string_view word) {
  return s.substr(pos, word.size()) == word;
}

constexpr std::string_view kEmptyMark = "・";
constexpr std::string_view kCountWords[] = {"",   "",   "二", "三", "四", "五", "六",
                                            "七", "八", "九", "十"};

/// The one-character KIF name of a USI letter (board diagrams use one character a square).
std::string_view short_name(std::string_view usi) {
  for (const FormatName& f : kKifNames) {
    if (f.usi == usi && f.name.size() == std::string_view("歩").size()) return f.name;
  }
  return {};
}

/// A hand count in kanji: "" for one, 二..十, 十一..十八.
std::string count_word(int n) {
  if (n <= 10) return std::string(kCountWords[n]);
  return "十" + std::string(kKanjiDigits[n - 11]);
}

/// A board diagram being read: squares (rank a first, file 9 first) and hands as SFEN.
struct Diagram {
  bool seen = false;
  std::vector<std::string> rows;  ///< each the SFEN of one rank
  std::string hands[2];           ///< sente's letters, gote's letters
  char side = 'b';
  bool side_given = false;  ///< 先手番 or 後手番 was written
};

/// Reads a hand line's value ("飛　角二　歩十八", "なし") into SFEN hand letters.
bool read_hand(std::string_view value, bool gote, std::string& out) {
  if (value == "なし") return true;
  std::size_t pos = 0;
  while (pos < value.size()) {
    if (starts(value, pos, "　")) { pos += std::string_view("　").size(); continue; }
    if (value[pos] == ' ') { ++pos; continue; }
    std::string_view letter;
    for (const FormatName& f : kKifNames) {
      if (f.usi.size() == 1 && f.usi != "K" && starts(value, pos, f.name)) letter = f.usi;
    }
    if (letter.empty()) return false;
    pos += std::string_view("歩").size();
    int n = 1;
    if (starts(value, pos, "十")) {
      pos += std::string_view("十").size();
      std::size_t at = pos;
      const int unit = read_digit(value, at, kKanjiDigits);
      n = 10 + unit;
      pos = at;
    } else {
      std::size_t at = pos;
      const int d = read_digit(value, at, kKanjiDigits);
      if (d != 0) n = d, pos = at;
    }
    if (n > 1) out += std::to_string(n);
    out += gote ? static_cast<char>(letter[0] - 'A' + 'a') : letter[0];
  }
  return true;
}

/// Reads one diagram row "|v香v桂 ・ ・...|一" into SFEN; false when malformed.
bool read_row(std::string_view line, std::string& out) {
  std::size_t pos = 1;
  int empty = 0;
  for (int c = 0; c < 9; ++c) {
    if (pos >= line.size()) return false;
    const char mark = line[pos++];
    if (mark != ' ' && mark != 'v') return false;
    if (starts(line, pos, kEmptyMark)) {
      pos += kEmptyMark.size();
      ++empty;
      continue;
    }
    std::string_view letter;
    for (const FormatName& f : kKifNames) {
      if (f.name.size() == std::string_view("歩").size() && starts(line, pos, f.name)) letter = f.usi;
    }
    if (letter.empty()) return false;
    pos += std::string_view("歩").size();
    if (empty) out += std::to_string(empty), empty = 0;
    std::string l(letter);
    if (mark == 'v') l.back() = static_cast<char>(l.back() - 'A' + 'a');
    out += l;
  }
  if (empty) out += std::to_string(empty);
  return pos < line.size() && line[pos] == '|';
}

std::string usi_square(int file, int rank) {
  return std::to_string(file) + static_cast<char>('a' + rank - 1);
}

/// `s` without the ASCII and full-width spaces that end it (KIF writers pad values with both).
std::string_view trim_end(std::string_view s) {
  for (;;) {
    if (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
      s.remove_suffix(1);
    } else if (s.size() >= 3 && s.substr(s.size() - 3) == "　") {
      s.remove_suffix(3);
    } else {
      return s;
    }
  }
}

void skip_spaces(std::string_view s, std::size_t& pos) {
  while (pos < s.size() && s[pos] == ' ') ++pos;
}

/// Reads ASCII digits at `pos` (capped, so that no count overflows); false when there are none.
bool read_number(std::string_view s, std::size_t& pos, int& n) {
  const std::size_t from = pos;
  n = 0;
  while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') n = std::min(n * 10 + (s[pos++] - '0'), 10000000);
  return pos > from;
}

/// Reads a KIF time, `( 0:16/00:00:16)` (the move's minutes and seconds, then the mover's total
/// hours, minutes and seconds; the total may be left out), at `pos`.
bool read_time(std::string_view s, std::size_t& pos, MoveTime& time) {
  int m = 0, sec = 0, h = 0, total_m = 0, total_s = 0;
  if (pos >= s.size() || s[pos++] != '(') return false;
  skip_spaces(s, pos);
  auto colon = [&] { return pos < s.size() && s[pos++] == ':'; };
  if (!read_number(s, pos, m) || !colon() || !read_number(s, pos, sec) || sec >= 60) return false;
  time.seconds = m * 60 + sec;
  skip_spaces(s, pos);
  if (pos < s.size() && s[pos] == '/') {
    ++pos;
    skip_spaces(s, pos);
    if (!read_number(s, pos, h) || !colon() || !read_number(s, pos, total_m) || !colon() ||
        !read_number(s, pos, total_s) || total_m >= 60 || total_s >= 60) {
      return false;
    }
    time.total = h * 3600 + total_m * 60 + total_s;
    skip_spaces(s, pos);
  }
  return pos < s.size() && s[pos++] == ')';
}

/// Reads what may follow a move or an end on its line: a time, then a `+` (which marks a move
/// with variations); false when anything else is there.
bool read_line_end(std::string_view s, std::size_t pos, MoveTime& time) {
  skip_spaces(s, pos);
  if (pos < s.size() && s[pos] == '(') {
    if (!read_time(s, pos, time)) return false;
    skip_spaces(s, pos);
  }
  if (pos < s.size() && s[pos] == '+') ++pos;
  return pos == s.size();
}

/// A KIF time as written: `( 0:16/00:00:16)`.
std::string time_text(int seconds, int total) {
  auto two = [](int n) { return std::string(n < 10 ? "0" : "") + std::to_string(n); };
  const std::string minutes = std::to_string(seconds / 60);
  return concat({"(", std::string(minutes.size() < 2 ? 2 - minutes.size() : 0, ' '), minutes, ":",
                 two(seconds % 60), "/", two(total / 3600), ":", two(total / 60 % 60), ":", two(total % 60), ")"});
}

/// The columns `text` takes in a fixed-width font (a character past ASCII takes two).
std::size_t columns(std::string_view text) {
  std::size_t n = 0;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x80) n += 1;
    else if ((byte & 0xC0) == 0xC0) n += 2;
  }
  return n;
}


}  // namespace

ReadResult read_kif(std::string_view text) {
  ReadResult out;
  Record record;
  record.sfen = std::string(kHandicaps[0].second);
  std::size_t line_no = 0;
  std::size_t handicap_line = 0;  // where 手合割 is given
  std::string handicap;
  bool any = false;  // a line of the game was seen
  std::string last_to;
  bool ended = false;
  // The lines open: the main line, then the variation being read and the lines it branches from.
  struct Open {
    std::vector<RecordMove>* moves;
    std::size_t start;      ///< the number of its first move
    RecordLine* variation;  ///< null: the main line
    std::string before_to;  ///< where the move before its first went (for 同)
  };
  std::vector<Open> open{{&record.moves, 1, nullptr, ""}};
  auto moves = [&]() -> std::vector<RecordMove>& { return *open.back().moves; };
  auto to_of = [](const std::string& usi) {
    const std::size_t star = usi.find('*');
    return usi.substr(star == std::string::npos ? 2 : star + 1, 2);
  };
  Diagram diagram;
  auto fail = [&](std::string code, std::string message) {
    out.error = RecordError{line_no, std::move(message), std::move(code)};
    return out;
  };
  // A diagram gives the start in place of 手合割: nine rows, the hands, the side to move.
  bool diagram_done = false;
  auto finish_diagram = [&]() {
    if (diagram_done) return true;
    diagram_done = true;
    if (diagram.rows.size() != 9) {
      fail("kif-diagram-rows", "a KIF board diagram has nine rows");
      return false;
    }
    std::string sfen;
    for (const std::string& row : diagram.rows) sfen += (sfen.empty() ? "" : "/") + row;
    const std::string hands = diagram.hands[0] + diagram.hands[1];
    char side = diagram.side;
    if (handicap_line != 0) {
      // Both give the start: they must agree (the diagram may leave the side to the 手合割).
      const std::string& given = record.sfen;
      const char given_side = given[given.find(' ') + 1];
      if (!diagram.side_given) side = given_side;
      if (given != sfen + " " + side + " " + (hands.empty() ? "-" : hands) + " 1") {
        out.error = RecordError{handicap_line,
                                concat({"手合割 '", handicap, "' is not the position of the board diagram"}),
                                "kif-handicap-diagram"};
        return false;
      }
    }
    record.sfen = sfen + " " + side + " " + (hands.empty() ? "-" : hands) + " 1";
    return true;
  };
  for (std::string_view line : record_lines(text)) {
    ++line_no;
    while (!line.empty() && line.back() == ' ') line.remove_suffix(1);
    if (!line.empty() && line[0] == '*') {
      // A comment belongs to the move before it, or to the start, or to the end.
      std::string comment(line.substr(1));
      RecordLine* variation = open.back().variation;
      if (ended) (variation ? variation->end_comments : record.end_comments).push_back(std::move(comment));
      else if (moves().empty()) (variation ? variation->comments : record.comments).push_back(std::move(comment));
      else moves().back().comments.push_back(std::move(comment));
      continue;
    }
    if (line.empty() || line[0] == '#' || line[0] == '&') continue;
    if (starts(line, 0, "変化：") || starts(line, 0, "変化:")) {
      // 変化：N手 gives other moves in the place of move N of the last line read that has one.
      std::size_t pos = line.find(':') != std::string_view::npos ? line.find(':') + 1 : std::string_view("変化：").size();
      skip_spaces(line, pos);
      int n = 0;
      if (!read_number(line, pos, n) || n == 0 || line.substr(pos) != "手") {
        return fail("kif-variation", concat({"'", ir::visible_text(line), "' is not a KIF variation (変化：N手)"}));
      }
      const std::size_t ply = static_cast<std::size_t>(n);
      while (!open.empty() && !(open.back().start <= ply && ply < open.back().start + open.back().moves->size())) {
        open.pop_back();
      }
      if (open.empty()) {
        return fail("kif-variation-branch", concat({"'", ir::visible_text(line), "' branches from move ", std::to_string(ply),
                                                    ", which no line before it has"}));
      }
      // Another move in the place of a variation's first move is a variation of the same move.
      if (open.back().start == ply && open.back().variation != nullptr) open.pop_back();
      Open& from = open.back();
      const std::string before_to = ply == from.start ? from.before_to : to_of((*from.moves)[ply - from.start - 1].usi);
      RecordLine& variation = (*from.moves)[ply - from.start].variations.emplace_back();
      variation.line = line_no;
      open.push_back(Open{&variation.moves, ply, &variation, before_to});
      last_to = before_to;
      ended = false;
      continue;
    }
    any = true;
    if (starts(line, 0, "まで")) {
      record.summary = std::string(line);
      continue;
    }
    const std::size_t colon = line.find("：");
    if (colon != std::string_view::npos && !(line[0] == ' ' || (line[0] >= '0' && line[0] <= '9'))) {
      const std::string_view key = line.substr(0, colon), value = trim_end(line.substr(colon + 3));
      if (key.empty() || key.find_first_of(" \t") != std::string_view::npos || starts(key, 0, "　")) {
        return fail("kif-header", concat({"'", ir::visible_text(line), "' is no KIF header: its name is empty or holds a space"}));
      }
      if (!record.moves.empty() || ended || open.size() > 1) {
        return fail("kif-header-after-moves", concat({"the header '", ir::visible_text(line), "' comes after the moves"}));
      }
      if (key != "先手の持駒" && key != "後手の持駒") {
        record.headers.push_back(RecordHeader{std::string(key), std::string(value), line_no});
      }
      if (key == "手合割") {
        if (handicap_line != 0) {
          return fail("kif-handicap-twice", concat({"a second 手合割 '", value, "' (the first, '", handicap,
                                                   "', is on line ", std::to_string(handicap_line), ")"}));
        }
        handicap_line = line_no;
        if (!diagram.seen) record.start_line = line_no;
        handicap = std::string(value);
        bool known = false;
        for (const auto& [name, sfen] : kHandicaps) {
          if (value == name) record.sfen = std::string(sfen), known = true;
        }
        if (!known) return fail("kif-handicap", concat({"unknown 手合割 '", value, "'"}));
      }
      if (key == "先手の持駒" || key == "後手の持駒") {
        diagram.seen = true;
        if (!read_hand(value, key == "後手の持駒", diagram.hands[key == "後手の持駒" ? 1 : 0])) {
          return fail("kif-hand", concat({"'", value, "' is not a KIF hand"}));
        }
      }
      continue;
    }
    if (starts(line, 0, "手数")) continue;
    if (starts(line, 0, "  ９") || starts(line, 0, "+---")) continue;
    if (line == "先手番" || line == "後手番") {
      diagram.side = line == "先手番" ? 'b' : 'w';
      diagram.side_given = true;
      continue;
    }
    if (line[0] == '|') {
      std::string row;
      if (!read_row(line, row) || diagram.rows.size() == 9) {
        return fail("kif-diagram-row", concat({"'", line, "' is not a row of a KIF board diagram"}));
      }
      diagram.seen = true;
      if (diagram.rows.empty()) record.start_line = line_no;
      diagram.rows.push_back(row);
      continue;
    }
    // A move line: number, move, optional source square, optional time.
    std::size_t pos = 0;
    while (pos < line.size() && line[pos] == ' ') ++pos;
    const std::size_t digits = pos;
    while (pos < line.size() && line[pos] >= '0' && line[pos] <= '9') ++pos;
    if (pos == digits) return fail("kif-line", concat({"'", line, "' is not a KIF line"}));
    // Capped rather than converted with stoul, which throws past the range of its type.
    std::size_t number = 0;
    for (std::size_t k = digits; k < pos; ++k) {
      number = std::min<std::size_t>(number * 10 + static_cast<std::size_t>(line[k] - '0'), 1000000000);
    }
    while (pos < line.size() && line[pos] == ' ') ++pos;
    if (ended) return fail("move-after-end", concat({"'", line, "' comes after the end of the game"}));
    bool is_end = false;
    for (const auto& [word, end] : kEnds) {
      if (!is_end && starts(line, pos, word)) {
        RecordLine* variation = open.back().variation;
        (variation ? variation->end : record.end) = end;
        (variation ? variation->end_line : record.end_line) = line_no;
        ended = is_end = true;
        if (!read_line_end(line, pos + word.size(), variation ? variation->end_time : record.end_time)) {
          return fail("kif-move-end", concat({"'", ir::visible_text(line), "': only a time may follow the end"}));
        }
      }
    }
    if (is_end) continue;
    if (diagram.seen && record.moves.empty() && !finish_diagram()) return out;
    const std::size_t expected = open.back().start + moves().size();
    if (number != expected) {
      return fail("move-number", "move number " + std::to_string(number) + " where " +
                  std::to_string(expected) + " was expected");
    }
    std::string to;
    if (starts(line, pos, "同")) {
      pos += std::string_view("同").size();
      if (starts(line, pos, "　")) pos += std::string_view("　").size();
      if (last_to.empty()) return fail("kif-same-square", concat({"'", line, "': '同' with no previous move"}));
      to = last_to;
    } else {
      const int file = read_digit(line, pos, kWideDigits);
      const int rank = file ? read_digit(line, pos, kKanjiDigits) : 0;
      if (!file || !rank) return fail("kif-move", concat({"'", line.substr(pos), "' is not a KIF move"}));
      to = usi_square(file, rank);
    }
    std::string_view letter;
    std::size_t best = 0;
    for (const FormatName& f : kKifNames) {
      if (f.name.size() > best && starts(line, pos, f.name)) letter = f.usi, best = f.name.size();
    }
    if (best == 0) return fail("kif-piece", "no piece name in '" + std::string(line) + "'");
    pos += best;
    bool promote = false, drop = false;
    if (starts(line, pos, "不成")) {
      pos += std::string_view("不成").size();
    } else if (starts(line, pos, "成")) {
      pos += std::string_view("成").size();
      promote = true;
    } else if (starts(line, pos, "打")) {
      pos += std::string_view("打").size();
      drop = true;
    }
    RecordMove m;
    m.line = line_no;
    if (pos < line.size() && line[pos] == '(') {
      if (drop || pos + 3 >= line.size() || line[pos + 3] != ')' || line[pos + 1] < '1' ||
          line[pos + 1] > '9' || line[pos + 2] < '1' || line[pos + 2] > '9') {
        return fail("kif-source-square", "bad source square in '" + std::string(line) + "'");
      }
      m.usi = usi_square(line[pos + 1] - '0', line[pos + 2] - '0') + to + (promote ? "+" : "");
      pos += 4;
    } else {
      if (!drop) return fail("kif-source-square", "a board move needs its source square, like ７六歩(77); a drop, 打");
      if (letter[0] == '+' || letter == "K") return fail("kif-drop", concat({"'", line, "': that piece cannot be dropped"}));
      m.usi = std::string(letter) + "*" + to;
    }
    if (!read_line_end(line, pos, m.time)) {
      return fail("kif-move-end", concat({"'", ir::visible_text(line), "': only a time may follow the move"}));
    }
    last_to = to;
    moves().push_back(m);
  }
  if (diagram.seen && !finish_diagram()) return out;
  if (!any) {
    line_no = 1;
    return fail("empty-record", "the record holds no game");
  }
  out.record = std::move(record);
  return out;
}

std::string write_kif(const Judged& game, std::string& error) {
  Position position = game.start->clone();
  const Tables& t = position.variant().tables();
  const std::vector<std::string>& tokens = t.spelling(kNativeDialect);
  for (const std::string& token : tokens) {
    if (format_name(kKifNames, token).empty()) {
      error = "the piece '";
      error.append(token).append("' has no KIF name");
      return "";
    }
  }
  error = two_step_move(game, "KIF");
  if (!error.empty()) return "";
  std::string_view handicap;
  const std::string start = position.sfen();
  for (const auto& [name, sfen] : kHandicaps) {
    if (sfen == start) handicap = name;
  }
  std::string out;
  // The headers as read, 手合割 in its place (or after them) when the start has a name.
  bool handicap_written = false;
  for (const RecordHeader& h : game.record.headers) {
    if (h.key == "手合割") {
      if (!handicap.empty() && !handicap_written) out += concat({"手合割：", handicap, "\n"});
      handicap_written = true;
      continue;
    }
    out += concat({h.key, "：", h.value, "\n"});
  }
  if (!handicap.empty()) {
    if (!handicap_written) out += concat({"手合割：", handicap, "\n"});
  } else {
    // Any other start is written as a board diagram.
    if (position.variant().rules().board.files != 9 || position.variant().rules().board.ranks != 9) {
      error = "KIF records are of 9×9 shogi";
      return "";
    }
    auto hand = [&](int side) {
      std::string text;
      // Hands are written rook first and pawn last, as KIF writers do.
      for (const char letter : std::string_view("RBGSNLP")) {
        const std::string_view usi(&letter, 1);
        for (int piece = 0; piece < t.piece_count; ++piece) {
          const int n = position.hand_count(side, piece);
          if (n == 0 || tokens[static_cast<std::size_t>(piece)] != usi) continue;
          if (!text.empty()) text += "　";
          text += concat({short_name(usi), count_word(n)});
        }
      }
      return text.empty() ? std::string("なし") : text;
    };
    out += concat({"後手の持駒：", hand(1), "\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n"});
    for (int rank = 1; rank <= 9; ++rank) {
      out += '|';
      for (int file = 9; file >= 1; --file) {
        const Cell c = position.at(position.variant().square(file, rank));
        if (!is_piece(c)) {
          out.append(" ").append(kEmptyMark);
          continue;
        }
        out += cell_side(c) == 0 ? ' ' : 'v';
        out += short_name(tokens[static_cast<std::size_t>(cell_piece(c))]);
      }
      out.append("|").append(kKanjiDigits[rank - 1]).append("\n");
    }
    out += concat({"+---------------------------+\n先手の持駒：", hand(0), "\n"});
    if (position.side_to_move() == ir::Side::gote) out += "後手番\n";
  }
  out += "手数----指手---------消費時間--\n";
  auto comments = [&](const std::vector<std::string>& lines) {
    for (const std::string& c : lines) out += concat({"*", c, "\n"});
  };
  comments(game.record.comments);
  // Times are written when the record gives any; a total it leaves out is summed.
  bool timed = game.record.end_time.given();
  for (const RecordMove& rm : game.record.moves) timed = timed || rm.time.given();
  int totals[2] = {0, 0};
  int previous_to = 0;
  std::size_t number = 0;
  auto square = [&](int sq) {
    const std::string text = position.square_text(sq);
    return std::string(kWideDigits[text[0] - '1']) + std::string(kKanjiDigits[text[1] - 'a']);
  };
  auto source = [&](int sq) {
    const std::string text = position.square_text(sq);
    const char digits[2] = {text[0], static_cast<char>('1' + (text[1] - 'a'))};
    return concat({"(", std::string_view(digits, 2), ")"});
  };
  // One numbered line: a move or an end, its time (summed into `sums` when the record leaves
  // the total out), `+` when variations branch from it, and its comments.
  auto write_line = [&](std::size_t n, const std::string& move, const MoveTime& time,
                        const std::vector<std::string>& notes, bool branches, int (&sums)[2]) {
    const std::string digits = std::to_string(n);
    out.append(digits.size() < 4 ? 4 - digits.size() : 0, ' ').append(digits).append(" ").append(move);
    if (timed) {
      // Padded to 13 columns, as Kifu for Windows writes.
      int& total = sums[(n - 1) % 2];
      const int seconds = std::max(time.seconds, 0);
      total = time.total >= 0 ? time.total : total + seconds;
      out.append(std::max<std::size_t>(13, columns(move) + 1) - columns(move), ' ').append(time_text(seconds, total));
    }
    if (branches) out += "+";
    out += "\n";
    comments(notes);
  };
  auto line = [&](const std::string& move) {
    ++number;
    const bool is_move = number <= game.record.moves.size();
    write_line(number, move, is_move ? game.record.moves[number - 1].time : game.record.end_time,
               is_move ? game.record.moves[number - 1].comments : game.record.end_comments,
               is_move && !game.record.moves[number - 1].variations.empty(), totals);
  };
  // A legal move in KIF: its square (同 after a move there), piece, 成, 不成 or 打, and source.
  auto move_text = [&](const Position& at, Move m, int before_to) {
    std::string text = m.to() == before_to ? "同　" : square(m.to());
    if (m.is_drop()) return text + std::string(format_name(kKifNames, tokens[static_cast<std::size_t>(m.dropped())])) + "打";
    text += format_name(kKifNames, tokens[static_cast<std::size_t>(cell_piece(at.at(m.from())))]);
    if (m.changes_face()) {
      text += "成";
    } else if (declines_promotion(at, m)) {
      text += "不成";
    }
    return text + source(m.from());
  };
  // Where each main-line move with variations was made from, for writing them after the game.
  struct Branch {
    Position at;
    std::size_t index;
    int before_to;
    int sums[2];
  };
  std::vector<Branch> branches;
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    const Move m = game.moves[i];
    if (i < game.record.moves.size() && !game.record.moves[i].variations.empty()) {
      branches.push_back(Branch{position.clone(), i, previous_to, {totals[0], totals[1]}});
    }
    line(move_text(position, m, previous_to));
    previous_to = m.to();
    position.make(m);
  }
  // Variations, after the game: the last move's first, each followed by its own, so that a
  // reader attaching 変化：N手 to the last line with a move N rebuilds the same tree.
  std::string variations;
  std::function<void(const Position&, const std::vector<RecordLine>&, std::size_t, int, const int (&)[2])> write_variations;
  write_variations = [&](const Position& at, const std::vector<RecordLine>& lines, std::size_t ply, int before_to,
                         const int (&sums_before)[2]) {
    for (const RecordLine& variation : lines) {
      out += concat({"\n変化：", std::to_string(ply), "手\n"});
      comments(variation.comments);
      Position p = at.clone();
      int to = before_to;
      int sums[2] = {sums_before[0], sums_before[1]};
      std::vector<Branch> inner;
      for (std::size_t i = 0; i < variation.moves.size(); ++i) {
        const RecordMove& rm = variation.moves[i];
        const auto parsed = p.parse_move(rm.usi, kAnyDialect);
        if (!parsed) {
          error = concat({"the variation move '", rm.usi, "' cannot be played"});
          return;
        }
        const Move m = *parsed;
        if (i > 0 && !rm.variations.empty()) inner.push_back(Branch{p.clone(), i, to, {sums[0], sums[1]}});
        write_line(ply + i, move_text(p, m, to), rm.time, rm.comments, i > 0 && !rm.variations.empty(), sums);
        to = m.to();
        p.make(m);
      }
      for (const auto& [word, end] : kEnds) {
        if (variation.end_line != 0 && end == variation.end && end != RecordEnd::none) {
          write_line(ply + variation.moves.size(), std::string(word), variation.end_time, variation.end_comments, false, sums);
          break;
        }
      }
      for (auto b = inner.rbegin(); b != inner.rend(); ++b) {
        write_variations(b->at, variation.moves[b->index].variations, ply + b->index, b->before_to, b->sums);
      }
    }
  };
  auto all_variations = [&]() {
    std::string main_part;
    main_part.swap(out);
    for (auto b = branches.rbegin(); b != branches.rend(); ++b) {
      write_variations(b->at, game.record.moves[b->index].variations, b->index + 1, b->before_to, b->sums);
    }
    main_part.swap(out);
    return main_part;
  };
  const Verdict& v = game.verdict;
  // The closing まで line, as the record has it.
  const std::string summary = game.record.summary.empty() ? "" : game.record.summary + "\n";
  if (game.foul) {
    const std::string& u = game.foul->usi;
    const std::size_t star = u.find('*');
    auto square_of = [&](std::string_view s) { return position.variant().square(s[0] - '0', s[1] - 'a' + 1); };
    if (game.foul->wrong_side) {
      error = "KIF cannot record a side moving twice";
      return "";
    }
    if (star != std::string::npos) {
      const int to = square_of(std::string_view(u).substr(star + 1));
      std::string_view name = format_name(kKifNames, u.substr(0, star));
      line((to == previous_to ? std::string("同　") : square(to)) + std::string(name) + "打");
    } else {
      const int from = square_of(std::string_view(u).substr(0, 2));
      const int to = square_of(std::string_view(u).substr(2, 2));
      line((to == previous_to ? std::string("同　") : square(to)) +
           std::string(format_name(kKifNames, tokens[static_cast<std::size_t>(cell_piece(position.at(from)))])) +
           (u.size() > 4 ? "成" : "") + source(from));
    }
    line("反則負け");
    const std::string rest = all_variations();
    return out + summary + rest;
  }
  if (v.claim == RecordEnd::resign) line("投了");
  if (v.claim == RecordEnd::timeout) line("切れ負け");
  if (v.status.ended) {
    switch (v.status.rule) {
      case ir::EndKind::checkmate: line("詰み"); break;
      case ir::EndKind::repetition:
      case ir::EndKind::perpetual_check: line("千日手"); break;
      case ir::EndKind::declaration: line("入玉勝ち"); break;
      case ir::EndKind::impasse: line("持将棋"); break;
      default: break;
    }
  }
  const std::string rest = all_variations();
  return out + summary + rest;
}

}  // namespace koma::records
