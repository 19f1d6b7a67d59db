// JKF (JSON Kifu Format) records of shogi: `header`, `initial` (a preset or a board), and
// `moves`, each a move (`from`, `to`, `piece`, `promote`; `same`), its time, comments and
// `forks` (variations), or a `special` end; read strictly and written back from a judged game.
#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <utility>

#include "concat.h"
#include "json_text.h"
#include "notation.h"
#include "notation_tables.h"
#include "record.h"

namespace koma::records {

namespace {

using Kind = JsonValue::Kind;

/// JKF presets and the 手合割 they name.
constexpr std::pair<std::string_view, std::string_view> kPresets[] = {
    {"HIRATE", "平手"},   {"KY", "香落ち"},     {"KY_R", "右香落ち"}, {"KA", "角落ち"},
    {"HI", "飛車落ち"},   {"HIKY", "飛香落ち"}, {"2", "二枚落ち"},    {"4", "四枚落ち"},
    {"6", "六枚落ち"},    {"8", "八枚落ち"},    {"10", "十枚落ち"}};

/// JKF specials (CSA's endings without the %).
constexpr std::pair<std::string_view, RecordEnd> kSpecials[] = {
    {"TORYO", RecordEnd::resign},          {"TIME_UP", RecordEnd::timeout},
    {"KACHI", RecordEnd::declare},         {"JISHOGI", RecordEnd::impasse},
    {"SENNICHITE", RecordEnd::repetition}, {"ILLEGAL_MOVE", RecordEnd::foul},
    {"+ILLEGAL_ACTION", RecordEnd::foul},  {"-ILLEGAL_ACTION", RecordEnd::foul},
    {"CHUDAN", RecordEnd::interrupt},      {"HIKIWAKE", RecordEnd::interrupt},
    {"TSUMI", RecordEnd::none},            {"FUZUMI", RecordEnd::none},
    {"MAX_MOVES", RecordEnd::none}};

/// The JKF `relative` letters of the Japanese words that tell two pieces apart.
constexpr std::pair<std::string_view, char> kRelative[] = {
    {"左", 'L'}, {"直", 'C'}, {"右", 'R'}, {"上", 'U'}, {"寄", 'M'}, {"引", 'D'}, {"打", 'H'}};

constexpr std::size_t kMaxSeconds = 100000000;

/// Where one line of moves is read into: the main line or a variation.
struct LineOut {
  std::vector<RecordMove>& moves;
  std::vector<std::string>& comments;
  RecordEnd& end;
  std::size_t& end_line;
  MoveTime& end_time;
  std::vector<std::string>& end_comments;
};

class JkfReader {
 public:
  ReadResult read(std::string_view text) {
    const JsonRead json = read_json(text);
    if (!json.value) {
      out_.error = RecordError{json.line, concat({"not JSON: ", json.message}), "jkf-json", json.column};
      return out_;
    }
    const JsonValue& root = *json.value;
    if (!read_root(root)) return out_;
    out_.record = std::move(record_);
    return out_;
  }

 private:
  ReadResult out_;
  Record record_;

  bool fail(const JsonValue& at, std::string code, std::string message) {
    out_.error = RecordError{at.line, std::move(message), std::move(code), at.column};
    return false;
  }

  bool expect(const JsonValue& v, Kind kind, std::string_view what) {
    if (v.kind == kind) return true;
    JsonValue want;
    want.kind = kind;
    return fail(v, "jkf-type", concat({what, " is ", want.kind_name(), ", not ", v.kind_name()}));
  }

  /// Refuses a member of `object` not among `known`.
  bool only(const JsonValue& object, std::initializer_list<std::string_view> known, std::string_view what) {
    for (const auto& [key, value] : object.members) {
      if (std::find(known.begin(), known.end(), key) == known.end()) {
        return fail(value, "jkf-key", concat({"'", key, "' is no key of ", what}));
      }
    }
    return true;
  }

  bool integer(const JsonValue& v, std::string_view what, int low, int high, int& n) {
    if (!expect(v, Kind::number, what)) return false;
    if (v.number != std::floor(v.number) || v.number < low || v.number > high) {
      return fail(v, "jkf-number", concat({what, " is a whole number from ", std::to_string(low), " to ",
                                           std::to_string(high)}));
    }
    n = static_cast<int>(v.number);
    return true;
  }

  bool strings(const JsonValue& v, std::vector<std::string>& out) {
    if (!expect(v, Kind::array, "'comments'")) return false;
    for (const JsonValue& c : v.items) {
      if (!expect(c, Kind::string, "a comment")) return false;
      out.push_back(c.text);
    }
    return true;
  }

  bool read_root(const JsonValue& root) {
    if (!expect(root, Kind::object, "a JKF record")) return false;
    if (!only(root, {"header", "initial", "moves"}, "a JKF record")) return false;
    const JsonValue* moves = root.find("moves");
    if (moves == nullptr) return fail(root, "jkf-moves", "a JKF record has 'moves' (an array)");
    if (const JsonValue* header = root.find("header"); header != nullptr && !read_header(*header)) return false;
    char side = 'b';
    if (const JsonValue* initial = root.find("initial"); initial != nullptr && !read_initial(*initial, side)) {
      return false;
    }
    if (!expect(*moves, Kind::array, "'moves'")) return false;
    LineOut main{record_.moves, record_.comments, record_.end, record_.end_line, record_.end_time, record_.end_comments};
    return read_line(*moves, main, side, "", 0);
  }

  bool read_header(const JsonValue& header) {
    if (!expect(header, Kind::object, "'header'")) return false;
    for (const auto& [key, value] : header.members) {
      if (!expect(value, Kind::string, concat({"the header '", key, "'"}))) return false;
      record_.headers.push_back(RecordHeader{key, value.text, value.line});
    }
    return true;
  }

  /// A piece name: CSA's two letters ("FU", "RY"); its USI letter, "" (with the error) if none.
  std::string piece_letter(const JsonValue& v, std::string_view what) {
    if (!expect(v, Kind::string, what)) return "";
    const std::string_view letter = usi_letter(kCsaNames, v.text);
    if (letter.empty()) {
      fail(v, "jkf-piece", concat({"'", v.text, "' is no JKF piece (FU, KY, KE, GI, KI, KA, HI, OU, TO, NY, NK, NG, UM, RY)"}));
    }
    return std::string(letter);
  }

  bool read_initial(const JsonValue& initial, char& side) {
    if (!expect(initial, Kind::object, "'initial'")) return false;
    if (!only(initial, {"preset", "data"}, "'initial'")) return false;
    record_.start_line = initial.line;
    const JsonValue* preset = initial.find("preset");
    if (preset == nullptr) return fail(initial, "jkf-initial", "'initial' has a 'preset'");
    if (!expect(*preset, Kind::string, "'preset'")) return false;
    if (preset->text != "OTHER") {
      for (const auto& [name, kif] : kPresets) {
        if (name != preset->text) continue;
        for (const auto& [handicap, sfen] : kHandicaps) {
          if (handicap == kif) record_.sfen = std::string(sfen);
        }
        side = name == "HIRATE" ? 'b' : 'w';
        return true;
      }
      return fail(*preset, "jkf-preset", concat({"unknown preset '", preset->text,
                                                 "' (HIRATE, KY, KY_R, KA, HI, HIKY, 2, 4, 6, 8, 10 or OTHER)"}));
    }
    const JsonValue* data = initial.find("data");
    if (data == nullptr) return fail(initial, "jkf-initial", "the preset OTHER gives its position in 'data'");
    return read_data(*data, side);
  }

  bool read_data(const JsonValue& data, char& side) {
    if (!expect(data, Kind::object, "'data'") || !only(data, {"color", "board", "hands"}, "'data'")) return false;
    const JsonValue* color = data.find("color");
    const JsonValue* board = data.find("board");
    const JsonValue* hands = data.find("hands");
    if (color == nullptr || board == nullptr || hands == nullptr) {
      return fail(data, "jkf-initial", "'data' gives 'color', 'board' and 'hands'");
    }
    int c = 0;
    if (!integer(*color, "'color'", 0, 1, c)) return false;
    side = c == 0 ? 'b' : 'w';
    if (!expect(*board, Kind::array, "'board'")) return false;
    if (board->items.size() != 9) return fail(*board, "jkf-board", "'board' has 9 files, each of 9 squares");
    std::array<std::array<std::string, 9>, 9> cells;  // [rank][file]
    for (std::size_t x = 0; x < 9; ++x) {
      const JsonValue& file = board->items[x];
      if (!expect(file, Kind::array, "a file of 'board'")) return false;
      if (file.items.size() != 9) return fail(file, "jkf-board", "a file of 'board' has 9 squares");
      for (std::size_t y = 0; y < 9; ++y) {
        const JsonValue& square = file.items[y];
        if (!expect(square, Kind::object, "a square of 'board'") || !only(square, {"color", "kind"}, "a square")) {
          return false;
        }
        const JsonValue* kind = square.find("kind");
        const JsonValue* owner = square.find("color");
        if (kind == nullptr && owner == nullptr) continue;
        if (kind == nullptr || owner == nullptr) return fail(square, "jkf-board", "a piece has a 'color' and a 'kind'");
        std::string letter = piece_letter(*kind, "'kind'");
        int o = 0;
        if (letter.empty() || !integer(*owner, "'color'", 0, 1, o)) return false;
        if (o == 1) letter.back() = static_cast<char>(letter.back() - 'A' + 'a');
        cells[y][x] = letter;
      }
    }
    std::string sfen;
    for (std::size_t rank = 0; rank < 9; ++rank) {
      int empty = 0;
      for (std::size_t file = 9; file-- > 0;) {
        if (cells[rank][file].empty()) {
          ++empty;
          continue;
        }
        if (empty != 0) sfen += std::to_string(empty), empty = 0;
        sfen += cells[rank][file];
      }
      if (empty != 0) sfen += std::to_string(empty);
      if (rank < 8) sfen += '/';
    }
    std::string hand;
    if (!read_hands(*hands, hand)) return false;
    record_.sfen = concat({sfen, side == 'b' ? " b " : " w ", hand.empty() ? "-" : hand, " 1"});
    return true;
  }

  bool read_hands(const JsonValue& hands, std::string& hand) {
    if (!expect(hands, Kind::array, "'hands'")) return false;
    if (hands.items.size() != 2) return fail(hands, "jkf-hands", "'hands' has two hands, sente's and gote's");
    for (std::size_t who = 0; who < 2; ++who) {
      if (!expect(hands.items[who], Kind::object, "a hand")) return false;
      for (const auto& [kind, count] : hands.items[who].members) {
        JsonValue name = count;
        name.kind = Kind::string, name.text = kind;
        std::string letter = piece_letter(name, "a piece in hand");
        int n = 0;
        if (letter.empty() || !integer(count, "a count in hand", 0, 18, n)) return false;
        if (letter[0] == '+' || letter == "K") {
          if (n == 0) continue;
          return fail(count, "jkf-hands", concat({"'", kind, "' cannot be in hand"}));
        }
        if (who == 1) letter[0] = static_cast<char>(letter[0] - 'A' + 'a');
        if (n > 1) hand += std::to_string(n);
        if (n > 0) hand += letter;
      }
    }
    return true;
  }

  bool read_place(const JsonValue& v, std::string_view what, std::string& square) {
    if (!expect(v, Kind::object, what) || !only(v, {"x", "y"}, what)) return false;
    const JsonValue* x = v.find("x");
    const JsonValue* y = v.find("y");
    if (x == nullptr || y == nullptr) return fail(v, "jkf-square", concat({what, " gives 'x' (the file) and 'y' (the rank)"}));
    int file = 0, rank = 0;
    if (!integer(*x, "'x'", 1, 9, file) || !integer(*y, "'y'", 1, 9, rank)) return false;
    square = concat({std::string(1, static_cast<char>('0' + file)), std::string(1, static_cast<char>('a' + rank - 1))});
    return true;
  }

  bool read_clock(const JsonValue& v, std::string_view what, int& seconds) {
    if (!expect(v, Kind::object, what) || !only(v, {"h", "m", "s"}, what)) return false;
    int h = 0, m = 0, s = 0;
    const JsonValue* hv = v.find("h");
    const JsonValue* mv = v.find("m");
    const JsonValue* sv = v.find("s");
    if (mv == nullptr || sv == nullptr) return fail(v, "jkf-time", concat({what, " gives 'm' and 's'"}));
    if (hv != nullptr && hv->kind != Kind::null && !integer(*hv, "'h'", 0, 10000, h)) return false;
    if (!integer(*mv, "'m'", 0, 1000000, m) || !integer(*sv, "'s'", 0, 59, s)) return false;
    const std::size_t total = static_cast<std::size_t>(h) * 3600 + static_cast<std::size_t>(m) * 60 + static_cast<std::size_t>(s);
    if (total > kMaxSeconds) return fail(v, "jkf-time", concat({what, " is too long"}));
    seconds = static_cast<int>(total);
    return true;
  }

  bool read_time(const JsonValue& v, MoveTime& time) {
    if (!expect(v, Kind::object, "'time'") || !only(v, {"now", "total"}, "'time'")) return false;
    const JsonValue* now = v.find("now");
    if (now == nullptr) return fail(v, "jkf-time", "'time' gives 'now', the move's own time");
    if (!read_clock(*now, "'now'", time.seconds)) return false;
    const JsonValue* total = v.find("total");
    return total == nullptr || read_clock(*total, "'total'", time.total);
  }

  /// A move entry's `move`: its USI text from `from`, `to` (or `same`), `piece` and `promote`.
  bool read_move(const JsonValue& v, RecordMove& m, const std::string& before_to, char& next) {
    if (!expect(v, Kind::object, "'move'")) return false;
    if (!only(v, {"color", "from", "to", "piece", "same", "promote", "capture", "relative"}, "a move")) return false;
    m.line = v.line;
    const JsonValue* piece = v.find("piece");
    if (piece == nullptr) return fail(v, "jkf-move", "a move names its 'piece'");
    const std::string letter = piece_letter(*piece, "'piece'");
    if (letter.empty()) return false;
    std::string to;
    const JsonValue* same = v.find("same");
    if (same != nullptr && same->kind != Kind::null && !expect(*same, Kind::boolean, "'same'")) return false;
    const bool is_same = same != nullptr && same->boolean;
    if (const JsonValue* t = v.find("to"); t != nullptr) {
      if (!read_place(*t, "'to'", to)) return false;
      if (is_same && to != before_to) return fail(*same, "jkf-same", "'same' but 'to' is not where the move before went");
    } else if (is_same) {
      if (before_to.empty()) return fail(*same, "jkf-same", "'same' with no move before");
      to = before_to;
    } else {
      return fail(v, "jkf-move", "a move gives 'to' (or 'same')");
    }
    bool promote = false;
    if (const JsonValue* p = v.find("promote"); p != nullptr && p->kind != Kind::null) {
      if (!expect(*p, Kind::boolean, "'promote'")) return false;
      promote = p->boolean;
    }
    if (const JsonValue* c = v.find("capture"); c != nullptr && c->kind != Kind::null && piece_letter(*c, "'capture'").empty()) {
      return false;
    }
    if (const JsonValue* r = v.find("relative"); r != nullptr && r->kind != Kind::null) {
      if (!expect(*r, Kind::string, "'relative'")) return false;
      if (r->text.find_first_not_of("LCRUMDH") != std::string::npos) {
        return fail(*r, "jkf-relative", concat({"'", r->text, "' is no 'relative' (letters of L, C, R, U, M, D, H)"}));
      }
    }
    if (const JsonValue* f = v.find("from"); f != nullptr && f->kind != Kind::null) {
      std::string from;
      if (!read_place(*f, "'from'", from)) return false;
      m.usi = from + to + (promote ? "+" : "");
    } else {
      if (letter[0] == '+' || letter == "K" || promote) {
        return fail(*piece, "jkf-drop", concat({"a move without 'from' is a drop, and '", piece->text, "' is not dropped",
                                                promote ? " promoted" : ""}));
      }
      m.usi = concat({letter, "*", to});
    }
    if (const JsonValue* c = v.find("color"); c != nullptr && c->kind != Kind::null) {
      int color = 0;
      if (!integer(*c, "'color'", 0, 1, color)) return false;
      m.signed_side = true;
      m.wrong_side = (color == 0 ? 'b' : 'w') != next;
    }
    if (!m.wrong_side) next = next == 'b' ? 'w' : 'b';
    return true;
  }

  /// The entries of one line: its moves with their times, comments and forks, then its end.
  bool read_line(const JsonValue& entries, LineOut out, char next, std::string before_to, int depth) {
    bool ended = false;
    for (std::size_t i = 0; i < entries.items.size(); ++i) {
      const JsonValue& e = entries.items[i];
      if (!expect(e, Kind::object, "an entry of 'moves'")) return false;
      if (!only(e, {"comments", "move", "time", "special", "forks"}, "an entry of 'moves'")) return false;
      const JsonValue* move = e.find("move");
      const JsonValue* special = e.find("special");
      const JsonValue* time = e.find("time");
      const JsonValue* comments = e.find("comments");
      const JsonValue* forks = e.find("forks");
      if (move != nullptr && move->kind == Kind::null) move = nullptr;
      if (special != nullptr && special->kind == Kind::null) special = nullptr;
      if (time != nullptr && time->kind == Kind::null) time = nullptr;
      if (comments != nullptr && comments->kind == Kind::null) comments = nullptr;
      if (forks != nullptr && forks->kind == Kind::null) forks = nullptr;
      if (ended) return fail(e, "move-after-end", "an entry comes after the end of its line");
      if (move != nullptr && special != nullptr) return fail(e, "jkf-entry", "an entry is a move or a special, not both");
      if (move == nullptr && special == nullptr) {
        // Only a line's first entry holds no move: the comments before its first move.
        if (i != 0 || time != nullptr || forks != nullptr) {
          return fail(e, "jkf-entry", "an entry holds a 'move' or a 'special' (only the first holds comments alone)");
        }
        if (comments != nullptr && !strings(*comments, out.comments)) return false;
        continue;
      }
      if (special != nullptr) {
        if (forks != nullptr) return fail(*forks, "jkf-entry", "an end has no forks");
        if (!expect(*special, Kind::string, "'special'")) return false;
        const auto found = std::find_if(std::begin(kSpecials), std::end(kSpecials),
                                        [&](const auto& s) { return s.first == special->text; });
        if (found == std::end(kSpecials)) return fail(*special, "jkf-special", concat({"unknown special '", special->text, "'"}));
        out.end = found->second;
        out.end_line = special->line;
        if (time != nullptr && !read_time(*time, out.end_time)) return false;
        if (comments != nullptr && !strings(*comments, out.end_comments)) return false;
        ended = true;
        continue;
      }
      const char mover = next;
      RecordMove& m = out.moves.emplace_back();
      if (!read_move(*move, m, before_to, next)) return false;
      if (time != nullptr && !read_time(*time, m.time)) return false;
      if (comments != nullptr && !strings(*comments, m.comments)) return false;
      if (forks != nullptr && !read_forks(*forks, m, mover, before_to, depth)) return false;
      before_to = m.usi.substr(m.usi.size() - (m.usi.back() == '+' ? 3 : 2), 2);
    }
    return true;
  }

  bool read_forks(const JsonValue& forks, RecordMove& m, char mover, const std::string& before_to, int depth) {
    if (!expect(forks, Kind::array, "'forks'")) return false;
    for (const JsonValue& fork : forks.items) {
      if (!expect(fork, Kind::array, "a fork")) return false;
      RecordLine& line = m.variations.emplace_back();
      line.line = fork.line;
      LineOut out{line.moves, line.comments, line.end, line.end_line, line.end_time, line.end_comments};
      if (!read_line(fork, out, mover, before_to, depth + 1)) return false;
      if (line.moves.empty()) return fail(fork, "jkf-fork", "a fork starts with a move in the place of the one it forks from");
    }
    return true;
  }
};

/// Writes JKF from a judged game.
class JkfWriter {
 public:
  JkfWriter(const Judged& game, std::string& error) : game_(game), error_(error), position_(game.start->clone()) {}

  std::string write() {
    const Variant& variant = position_.variant();
    if (variant.rules().board.files != 9 || variant.rules().board.ranks != 9) {
      error_ = "JKF records are of 9×9 shogi";
      return "";
    }
    for (const std::string& token : tokens()) {
      if (format_name(kCsaNames, token).empty()) {
        error_ = concat({"the piece '", token, "' has no JKF (CSA) name"});
        return "";
      }
    }
    error_ = two_step_move(game_, "JKF");
    if (!error_.empty()) return "";
    for (const RecordMove& rm : game_.record.moves) timed_ = timed_ || rm.time.given();
    timed_ = timed_ || game_.record.end_time.given();
    out_ = "{\n  \"header\": {";
    bool first = true;
    for (const RecordHeader& h : game_.record.headers) {
      if (h.key == "手合割") continue;  // `initial` says it
      out_ += concat({first ? "\n    " : ",\n    ", json_quote(h.key), ": ", json_quote(h.value)});
      first = false;
    }
    out_ += first ? "},\n" : "\n  },\n";
    out_ += concat({"  \"initial\": ", initial(), ",\n  \"moves\": [\n"});
    write_main();
    out_ += "\n  ]\n}\n";
    return error_.empty() ? out_ : "";
  }

 private:
  const Judged& game_;
  std::string& error_;
  Position position_;
  std::string out_;
  bool timed_ = false;

  const std::vector<std::string>& tokens() const { return position_.variant().tables().spelling(kNativeDialect); }
  std::string_view csa(int piece) const { return format_name(kCsaNames, tokens()[static_cast<std::size_t>(piece)]); }

  std::string initial() const {
    const std::string start = position_.sfen();
    for (const auto& [preset, kif] : kPresets) {
      for (const auto& [handicap, sfen] : kHandicaps) {
        if (handicap == kif && sfen == start) return concat({"{\"preset\": \"", preset, "\"}"});
      }
    }
    std::string board;
    for (int file = 1; file <= 9; ++file) {
      board += file == 1 ? "\n      [" : ",\n      [";
      for (int rank = 1; rank <= 9; ++rank) {
        const Cell c = position_.at(position_.variant().square(file, rank));
        if (rank > 1) board += ", ";
        if (!is_piece(c)) {
          board += "{}";
          continue;
        }
        board += concat({"{\"color\": ", cell_side(c) == 0 ? "0" : "1", ", \"kind\": \"", csa(cell_piece(c)), "\"}"});
      }
      board += "]";
    }
    std::string hands;
    const Tables& t = position_.variant().tables();
    for (int side = 0; side < 2; ++side) {
      std::string hand;
      for (int piece = 0; piece < t.piece_count; ++piece) {
        const int n = position_.hand_count(side, piece);
        if (n == 0) continue;
        hand += concat({hand.empty() ? "" : ", ", "\"", csa(piece), "\": ", std::to_string(n)});
      }
      hands += concat({side == 0 ? "" : ", ", "{", hand, "}"});
    }
    return concat({"{\n    \"preset\": \"OTHER\",\n    \"data\": {\n      \"color\": ",
                   position_.side_to_move() == ir::Side::sente ? "0" : "1", ",\n      \"board\": [", board,
                   "\n      ],\n      \"hands\": [", hands, "]\n    }\n  }"});
  }

  static std::string place(const std::string& square_text) {
    return concat({"{\"x\": ", std::string(1, square_text[0]), ", \"y\": ",
                   std::to_string(square_text[1] - 'a' + 1), "}"});
  }

  static std::string clock(int seconds, bool hours) {
    if (hours) {
      return concat({"{\"h\": ", std::to_string(seconds / 3600), ", \"m\": ", std::to_string(seconds / 60 % 60),
                     ", \"s\": ", std::to_string(seconds % 60), "}"});
    }
    return concat({"{\"m\": ", std::to_string(seconds / 60), ", \"s\": ", std::to_string(seconds % 60), "}"});
  }

  /// The `time` member of an entry (summing the mover's total when the record leaves it out).
  std::string time(const MoveTime& t, int& total) const {
    if (!timed_) return "";
    const int seconds = std::max(t.seconds, 0);
    total = t.total >= 0 ? t.total : total + seconds;
    return concat({", \"time\": {\"now\": ", clock(seconds, false), ", \"total\": ", clock(total, true), "}"});
  }

  static std::string comments(const std::vector<std::string>& lines) {
    if (lines.empty()) return "";
    std::string out = ", \"comments\": [";
    for (std::size_t i = 0; i < lines.size(); ++i) out += concat({i == 0 ? "" : ", ", json_quote(lines[i])});
    return out + "]";
  }

  /// The `move` member of a legal move of `at`.
  std::string move_member(const Position& at, Move m, int before_to) const {
    const bool sente = at.side_to_move() == ir::Side::sente;
    std::string out = concat({"\"move\": {\"color\": ", sente ? "0" : "1"});
    if (!m.is_drop()) out += concat({", \"from\": ", place(at.square_text(m.from()))});
    out += concat({", \"to\": ", place(at.square_text(m.to()))});
    out += concat({", \"piece\": \"", csa(m.is_drop() ? m.dropped() : cell_piece(at.at(m.from()))), "\""});
    if (m.to() == before_to) out += ", \"same\": true";
    if (!m.is_drop()) {
      if (m.changes_face()) {
        out += ", \"promote\": true";
      } else if (declines_promotion(at, m)) {
        out += ", \"promote\": false";
      }
      const Cell taken = at.at(m.to());
      if (is_piece(taken)) out += concat({", \"capture\": \"", csa(cell_piece(taken)), "\""});
    }
    // 右, 左, 直, 上, 引, 寄 and 打 as Japanese notation writes them for this move.
    if (const Result<std::string> words = japanese_move(at, m, before_to, SideSigns::none)) {
      std::string relative;
      for (std::size_t i = 0; i < words->size(); ++i) {
        for (const auto& [word, letter] : kRelative) {
          if (words->compare(i, word.size(), word) == 0) relative += letter;
        }
      }
      if (!relative.empty()) out += concat({", \"relative\": \"", relative, "\""});
    }
    return out + "}";
  }

  std::string indent(int depth) const { return std::string(static_cast<std::size_t>(4 + depth * 4), ' '); }

  /// The entry of an end, from the record's own words.
  void end_entry(std::string_view special, const MoveTime& t, const std::vector<std::string>& notes, int& total,
                 int depth, bool& first) {
    out_ += concat({first ? "" : ",\n", indent(depth), "{\"special\": \"", special, "\"", time(t, total), comments(notes), "}"});
    first = false;
  }

  /// A line of moves played from `at` (a variation), its inner forks and its end.
  void write_line(const Position& at, const RecordLine& line, int before_to, std::array<int, 2> totals, int depth) {
    Position p = at.clone();
    bool first = true;
    if (!line.comments.empty()) {
      out_ += concat({indent(depth), "{", comments(line.comments).substr(2), "}"});
      first = false;
    }
    for (const RecordMove& rm : line.moves) {
      const auto parsed = p.parse_move(rm.usi, kAnyDialect);
      if (!parsed) {
        error_ = concat({"the variation move '", rm.usi, "' cannot be played"});
        return;
      }
      entry(p, *parsed, rm, before_to, totals, depth, first);
      before_to = parsed->to();
      p.make(*parsed);
    }
    for (const auto& [word, end] : kSpecials) {
      if (line.end_line != 0 && end == line.end && end != RecordEnd::none) {
        end_entry(word, line.end_time, line.end_comments, totals[p.side_to_move() == ir::Side::sente ? 0 : 1], depth, first);
        break;
      }
    }
  }

  /// One move entry with its time, comments and forks; `at` is the position before it.
  void entry(const Position& at, Move m, const RecordMove& rm, int before_to, std::array<int, 2>& totals, int depth,
             bool& first) {
    const std::array<int, 2> before = totals;
    const std::size_t mover = at.side_to_move() == ir::Side::sente ? 0 : 1;
    out_ += concat({first ? "" : ",\n", indent(depth), "{", move_member(at, m, before_to), time(rm.time, totals[mover]),
                    comments(rm.comments)});
    first = false;
    if (!rm.variations.empty()) {
      out_ += ", \"forks\": [";
      for (std::size_t i = 0; i < rm.variations.size(); ++i) {
        out_ += concat({i == 0 ? "\n" : ",\n", indent(depth + 1), "[\n"});
        write_line(at, rm.variations[i], before_to, before, depth + 2);
        out_ += concat({"\n", indent(depth + 1), "]"});
      }
      out_ += concat({"\n", indent(depth), "]"});
    }
    out_ += "}";
  }

  void write_main() {
    out_ += concat({indent(0), "{", comments(game_.record.comments).empty() ? "" : comments(game_.record.comments).substr(2), "}"});
    bool first = false;
    std::array<int, 2> totals{0, 0};
    int before_to = -1;
    for (std::size_t i = 0; i < game_.moves.size(); ++i) {
      const RecordMove plain;
      const RecordMove& rm = i < game_.record.moves.size() ? game_.record.moves[i] : plain;
      entry(position_, game_.moves[i], rm, before_to, totals, 0, first);
      before_to = game_.moves[i].to();
      position_.make(game_.moves[i]);
    }
    const std::size_t mover = position_.side_to_move() == ir::Side::sente ? 0 : 1;
    auto end = [&](std::string_view special) {
      end_entry(special, game_.record.end_time, game_.record.end_comments, totals[mover], 0, first);
    };
    const Verdict& v = game_.verdict;
    if (game_.foul) {
      write_foul(before_to, totals, first);
      if (v.status.foul != Foul::wrong_side) end("ILLEGAL_MOVE");
      return;
    }
    if (v.claim == RecordEnd::resign) end("TORYO");
    if (v.claim == RecordEnd::timeout) end("TIME_UP");
    if (!v.status.ended) return;
    switch (v.status.rule) {
      case ir::EndKind::checkmate: end("TSUMI"); break;
      case ir::EndKind::repetition:
      case ir::EndKind::perpetual_check: end("SENNICHITE"); break;
      case ir::EndKind::declaration: end("KACHI"); break;
      case ir::EndKind::impasse: end("JISHOGI"); break;
      default: break;
    }
  }

  /// The illegal move that ended the game, from its USI text on the board it was made on.
  void write_foul(int before_to, std::array<int, 2>& totals, bool& first) {
    const std::string& u = game_.foul->usi;
    const std::size_t star = u.find('*');
    bool sente = position_.side_to_move() == ir::Side::sente;
    if (game_.foul->wrong_side) sente = !sente;
    auto square_of = [&](std::string_view s) { return position_.variant().square(s[0] - '0', s[1] - 'a' + 1); };
    std::string move = concat({"\"move\": {\"color\": ", sente ? "0" : "1"});
    int to = 0;
    if (star != std::string::npos) {
      to = square_of(std::string_view(u).substr(star + 1));
      move += concat({", \"to\": ", place(position_.square_text(to)), ", \"piece\": \"",
                      format_name(kCsaNames, u.substr(0, star)), "\""});
    } else {
      const int from = square_of(std::string_view(u).substr(0, 2));
      to = square_of(std::string_view(u).substr(2, 2));
      move += concat({", \"from\": ", place(position_.square_text(from)), ", \"to\": ", place(position_.square_text(to)),
                      ", \"piece\": \"", csa(cell_piece(position_.at(from))), "\""});
      if (u.size() > 4 && u[4] == '+') move += ", \"promote\": true";
    }
    if (to == before_to) move += ", \"same\": true";
    const std::size_t n = game_.moves.size();
    const RecordMove& rm = n < game_.record.moves.size() ? game_.record.moves[n] : *game_.foul;
    out_ += concat({first ? "" : ",\n", indent(0), "{", move, "}", time(rm.time, totals[sente ? 0 : 1]),
                    comments(rm.comments), "}"});
    first = false;
  }
};

}  // namespace

ReadResult read_jkf(std::string_view text) { return JkfReader().read(text); }

std::string write_jkf(const Judged& game, std::string& error) { return JkfWriter(game, error).write(); }

}  // namespace koma::records
