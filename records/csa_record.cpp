// CSA records (V2 to V3.0) of standard shogi: the start (PI or P1..P9, hands, side), moves such as
// `+7776FU` and `-0055KA`, and the `%` endings; written back from a judged game.
#include <algorithm>
#include <array>
#include <sstream>
#include <string>

#include "concat.h"
#include "ir/quoted_text.h"
#include "notation_tables.h"
#include "record.h"
#include "text_lines.h"

namespace koma::records {

namespace {

constexpr std::string_view kStartRows[9] = {
    "-KY-KE-GI-KI-OU-KI-GI-KE-KY", " * -HI *  *  *  *  * -KA * ",
    "-FU-FU-FU-FU-FU-FU-FU-FU-FU", " *  *  *  *  *  *  *  *  * ",
    " *  *  *  *  *  *  *  *  * ", " *  *  *  *  *  *  *  *  * ",
    "+FU+FU+FU+FU+FU+FU+FU+FU+FU", " * +KA *  *  *  *  * +HI * ",
    "+KY+KE+GI+KI+OU+KI+GI+KE+KY"};

/// A board of CSA cells ("+FU", " * "), [rank 0..8][file 9..1 as columns 0..8].
using CsaBoard = std::array<std::array<std::string, 9>, 9>;

std::string trim_right(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return std::string(s);
}

/// The CSA versions koma reads (their moves and positions are written alike).
constexpr std::string_view kVersions[] = {"V2", "V2.1", "V2.2", "V3.0"};

/// The SFEN of a CSA board, hands and side; "" with `error` set when a piece is unknown.
std::string to_sfen(const CsaBoard& board, const std::array<std::string, 2>& hands, char side,
                    std::string& error) {
  std::string sfen;
  for (int r = 0; r < 9; ++r) {
    int empty = 0;
    for (int c = 0; c < 9; ++c) {
      const std::string& cell = board[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      if (cell.size() != 3 || cell[0] == ' ') {
        ++empty;
        continue;
      }
      if (empty) sfen += std::to_string(empty), empty = 0;
      std::string letter(usi_letter(kCsaNames, std::string_view(cell).substr(1)));
      if (letter.empty()) {
        error = "unknown CSA piece '" + cell.substr(1) + "'";
        return "";
      }
      if (cell[0] == '-') letter.back() = static_cast<char>(letter.back() - 'A' + 'a');
      sfen += letter;
    }
    if (empty) sfen += std::to_string(empty);
    if (r < 8) sfen += '/';
  }
  sfen += side == '+' ? " b " : " w ";
  const std::string hand = hands[0] + hands[1];
  sfen += hand.empty() ? "-" : hand;
  return sfen + " 1";
}

/// Reads the game on lines [first, last) of a CSA file; `any` tells whether they hold a statement.
ReadResult read_game(const std::vector<std::string_view>& lines, std::size_t first, std::size_t last, bool& any) {
  ReadResult out;
  Record record;
  CsaBoard board;
  for (auto& row : board) row.fill(" * ");
  std::array<std::string, 2> hands;
  bool have_position = false;
  char side = 0;   // '+' or '-' once the start's side is read
  char next = 0;   // the side whose move comes next
  std::size_t line_no = first;
  auto fail = [&](std::size_t line, std::string code, std::string message) {
    out.error = RecordError{line, std::move(message), std::move(code), 0};
    return out;
  };
  auto square = [](char file, char rank) {
    return std::string(1, file) + static_cast<char>('a' + (rank - '1'));
  };
  any = false;  // a statement was seen
  for (std::size_t index = first; index < last; ++index) {
    const std::string_view raw = lines[index];
    ++line_no;
    const std::string line = trim_right(raw);
    // Several statements may share a line, separated by commas (not in comments).
    std::vector<std::string> parts;
    if (!line.empty() && line[0] == '\'') {
      // A comment belongs to the move before it, or to the start, or to the end.
      // `'*` is the comment of the game (as Kifu for Windows and other readers take it); a
      // plain `'` line is kept as a comment too.
      std::string comment = line.substr(line.size() > 1 && line[1] == '*' ? 2 : 1);
      if (record.end_line != 0) record.end_comments.push_back(std::move(comment));
      else if (record.moves.empty()) record.comments.push_back(std::move(comment));
      else record.moves.back().comments.push_back(std::move(comment));
      continue;
    }
    // A name or a `$` header takes the whole line (its value may hold commas).
    if (!line.empty() && (line[0] == 'N' || line[0] == '$')) {
      std::string key, value;
      if (line.size() >= 2 && line[0] == 'N' && (line[1] == '+' || line[1] == '-')) {
        key = line.substr(0, 2), value = line.substr(2);
      } else if (line[0] == '$' && line.find(':') != std::string::npos && line.find(':') > 1) {
        key = line.substr(0, line.find(':')), value = line.substr(line.find(':') + 1);
      } else {
        return fail(line_no, "csa-header",
                    concat({"'", ir::visible_text(line), "' is no CSA header (N+NAME, N-NAME or $KEY:VALUE)"}));
      }
      if (key.find_first_not_of("$ABCDEFGHIJKLMNOPQRSTUVWXYZ_+-N") != std::string::npos) {
        return fail(line_no, "csa-header", concat({"'", ir::visible_text(key), "' is no CSA header key"}));
      }
      for (const HeaderName& h : kHeaderNames) {
        if (h.csa == key) key = std::string(h.kif);
      }
      record.headers.push_back(RecordHeader{key, value, line_no});
      continue;
    }
    std::istringstream split(line);
    for (std::string part; std::getline(split, part, ',');) parts.push_back(part);
    for (const std::string& s : parts) {
      any = any || !s.empty();
      if (s.empty()) continue;
      if (s[0] == 'T') {
        // The time of the move (or the end) before it, in seconds.
        MoveTime* time = record.end_line != 0 ? &record.end_time : record.moves.empty() ? nullptr : &record.moves.back().time;
        const bool digits = s.size() > 1 && s.size() < 9 && s.find_first_not_of("0123456789", 1) == std::string::npos;
        if (!digits || time == nullptr) {
          return fail(line_no, "csa-time", concat({"'", ir::visible_text(s), "' is no time of a move (T and its seconds)"}));
        }
        time->seconds = std::stoi(s.substr(1));
        continue;
      }
      if (s[0] == 'V') {
        if (std::find(std::begin(kVersions), std::end(kVersions), s) != std::end(kVersions)) continue;
        return fail(line_no, "csa-version",
                    concat({"unknown CSA version '", s, "' (koma reads V2, V2.1, V2.2 and V3.0)"}));
      }
      if (s == "PI" || s.rfind("PI", 0) == 0) {
        for (int r = 0; r < 9; ++r) {
          for (int c = 0; c < 9; ++c) {
            board[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] =
                std::string(kStartRows[r].substr(static_cast<std::size_t>(c) * 3, 3));
          }
        }
        for (std::size_t k = 2; k + 4 <= s.size(); k += 4) {
          const int file = s[k] - '0', rank = s[k + 1] - '0';
          if (file < 1 || file > 9 || rank < 1 || rank > 9) {
            return fail(line_no, "csa-square", "bad square in '" + s + "'");
          }
          std::string& cell = board[static_cast<std::size_t>(rank - 1)][static_cast<std::size_t>(9 - file)];
          if (cell.substr(1) != s.substr(k + 2, 2)) {
            return fail(line_no, "csa-handicap", concat({"'", s, "' removes a piece that is not there"}));
          }
          cell = " * ";
        }
        have_position = true;
        continue;
      }
      if (s.size() >= 2 && s[0] == 'P' && s[1] >= '1' && s[1] <= '9') {
        const std::size_t r = static_cast<std::size_t>(s[1] - '1');
        for (std::size_t c = 0; c < 9; ++c) {
          const std::size_t at = 2 + c * 3;
          std::string cell = at + 3 <= s.size() ? s.substr(at, 3) : std::string(" * ");
          if (cell[0] != '+' && cell[0] != '-' && cell != " * ") {
            return fail(line_no, "csa-square", "bad square '" + cell + "' in '" + s + "'");
          }
          board[r][c] = cell;
        }
        have_position = true;
        continue;
      }
      if (s.size() >= 2 && s[0] == 'P' && (s[1] == '+' || s[1] == '-')) {
        const std::size_t who = s[1] == '+' ? 0 : 1;
        for (std::size_t k = 2; k + 4 <= s.size(); k += 4) {
          if (s.substr(k, 2) != "00") return fail(line_no, "csa-hand", "only pieces in hand ('00FU') are read in '" + s + "'");
          std::string letter(usi_letter(kCsaNames, s.substr(k + 2, 2)));
          if (letter.empty() || letter[0] == '+' || letter == "K") {
            return fail(line_no, "csa-hand", concat({"'", s.substr(k + 2, 2), "' cannot be in hand"}));
          }
          if (who == 1) letter[0] = static_cast<char>(letter[0] - 'A' + 'a');
          hands[who] += letter;
        }
        have_position = true;
        continue;
      }
      if ((s == "+" || s == "-") && side == 0) {
        if (!have_position) return fail(line_no, "csa-side", "the side to move comes before the position");
        side = next = s[0];
        record.start_line = line_no;
        std::string error;
        record.sfen = to_sfen(board, hands, side, error);
        if (!error.empty()) return fail(line_no, "csa-piece", error);
        continue;
      }
      if ((s[0] == '+' || s[0] == '-') && s.size() == 7) {
        if (side == 0) return fail(line_no, "csa-side", "a move comes before the start position and side");
        if (record.end != RecordEnd::none) return fail(line_no, "move-after-end", concat({"'", s, "' comes after the end"}));
        const std::string code = s.substr(5, 2);
        std::string letter(usi_letter(kCsaNames, code));
        const bool digits = s[1] >= '0' && s[1] <= '9' && s[2] >= '0' && s[2] <= '9' &&
                            s[3] >= '1' && s[3] <= '9' && s[4] >= '1' && s[4] <= '9';
        if (letter.empty() || !digits) return fail(line_no, "csa-move", concat({"'", s, "' is not a CSA move"}));
        RecordMove m;
        m.line = line_no;
        m.wrong_side = s[0] != next;
        m.signed_side = true;
        m.text = s;
        std::string& to_cell = board[static_cast<std::size_t>(s[4] - '1')][static_cast<std::size_t>('9' - s[3])];
        if (s[1] == '0' && s[2] == '0') {
          m.usi = letter + "*" + square(s[3], s[4]);
        } else {
          if (s[1] < '1' || s[2] < '1') return fail(line_no, "csa-move", concat({"'", s, "' is not a CSA move"}));
          std::string& from_cell = board[static_cast<std::size_t>(s[2] - '1')][static_cast<std::size_t>('9' - s[1])];
          m.usi = square(s[1], s[2]) + square(s[3], s[4]);
          if (from_cell.size() == 3 && from_cell[0] != ' ' && from_cell.substr(1) != code) m.usi += '+';
          from_cell = " * ";
        }
        to_cell = std::string(1, s[0]) + code;
        record.moves.push_back(m);
        if (!m.wrong_side) next = next == '+' ? '-' : '+';
        continue;
      }
      if (s[0] == '%') {
        static const std::pair<std::string_view, RecordEnd> kEnds[] = {
            {"%TORYO", RecordEnd::resign},          {"%TIME_UP", RecordEnd::timeout},
            {"%KACHI", RecordEnd::declare},         {"%JISHOGI", RecordEnd::impasse},
            {"%SENNICHITE", RecordEnd::repetition}, {"%ILLEGAL_MOVE", RecordEnd::foul},
            {"%+ILLEGAL_ACTION", RecordEnd::foul},  {"%-ILLEGAL_ACTION", RecordEnd::foul},
            {"%CHUDAN", RecordEnd::interrupt},      {"%TSUMI", RecordEnd::none},
            {"%MAX_MOVES", RecordEnd::none},        {"%HIKIWAKE", RecordEnd::interrupt}};
        bool known = false;
        for (const auto& [word, end] : kEnds) {
          if (s == word) {
            known = true;
            record.end = end;
            record.end_line = line_no;
          }
        }
        if (!known) return fail(line_no, "csa-ending", "unknown CSA ending '" + s + "'");
        continue;
      }
      return fail(line_no, "csa-statement", concat({"'", s, "' is not a CSA statement"}));
    }
  }
  if (!any) return fail(first + 1, "empty-record", "the record holds no game");
  if (side == 0) return fail(line_no, "csa-start", "the record has no start position and side to move");
  out.record = std::move(record);
  return out;
}

/// Whether a line is the `/` that ends a game of a file of several.
bool separator(std::string_view line) { return trim_right(line) == "/"; }

}  // namespace

GamesRead read_csa_games(std::string_view text) {
  GamesRead out;
  const std::vector<std::string_view> lines = record_lines(text);
  std::size_t first = 0;
  for (std::size_t game = 1; first <= lines.size(); ++game) {
    std::size_t last = first;
    while (last < lines.size() && !separator(lines[last])) ++last;
    bool any = false;
    ReadResult read = read_game(lines, first, last, any);
    // Nothing after the last `/` is no game.
    const bool trailing = last >= lines.size() && game > 1 && !any;
    if (trailing) break;
    if (!read.record) {
      out.games.clear();
      out.error = read.error;
      out.game = game;
      // A file of one game is not said to be its first.
      if (game == 1 && std::none_of(lines.begin(), lines.end(), separator)) out.game = 0;
      return out;
    }
    out.games.push_back(std::move(*read.record));
    first = last + 1;
  }
  return out;
}

ReadResult read_csa(std::string_view text) {
  ReadResult out;
  GamesRead games = read_csa_games(text);
  if (games.games.empty()) {
    out.error = games.error;
    return out;
  }
  if (games.games.size() > 1) {
    std::size_t slash = 0;
    const std::vector<std::string_view> lines = record_lines(text);
    for (std::size_t i = 0; i < lines.size() && slash == 0; ++i) {
      if (separator(lines[i])) slash = i + 1;
    }
    out.error = RecordError{slash, concat({"the file holds ", std::to_string(games.games.size()),
                                           " games, separated by '/'; one is read at a time"}),
                            "csa-several-games", 0};
    return out;
  }
  out.record = std::move(games.games[0]);
  return out;
}

std::string write_csa(const Judged& game, std::string& error) {
  Position position = game.start->clone();
  const Tables& t = position.variant().tables();
  const std::vector<std::string>& tokens = t.spelling(kNativeDialect);
  const ir::RuleSet& rules = position.variant().rules();
  if (rules.board.files != 9 || rules.board.ranks != 9) {
    error = "CSA records are of 9×9 shogi";
    return "";
  }
  for (const std::string& token : tokens) {
    if (format_name(kCsaNames, token).empty()) {
      error = "the piece '";
      error.append(token).append("' has no CSA name");
      return "";
    }
  }
  error = two_step_move(game, "CSA");
  if (!error.empty()) return "";
  std::string out;
  out += "V2.2\n";
  // Names and headers; one CSA has no name for is kept as a comment.
  for (const RecordHeader& h : game.record.headers) {
    if (h.key == "手合割") continue;  // the start position says it
    std::string_view csa;
    for (const HeaderName& n : kHeaderNames) {
      if (n.kif == h.key) csa = n.csa;
    }
    if (csa.empty() && h.key[0] == '$') csa = h.key;
    if (csa.empty()) out += concat({"'", h.key, "：", h.value, "\n"});
    else out += concat({csa, csa[0] == '$' ? ":" : "", h.value, "\n"});
  }
  // The start position, square by square from rank a, file 9.
  std::string board_rows;
  for (int rank = 1; rank <= 9; ++rank) {
    board_rows += 'P';
    board_rows += static_cast<char>('0' + rank);
    for (int file = 9; file >= 1; --file) {
      const Cell c = position.at(position.variant().square(file, rank));
      if (!is_piece(c)) {
        board_rows += " * ";
        continue;
      }
      board_rows += cell_side(c) == 0 ? '+' : '-';
      board_rows += format_name(kCsaNames, tokens[static_cast<std::size_t>(cell_piece(c))]);
    }
    board_rows += '\n';
  }
  std::string start_rows;
  for (int r = 0; r < 9; ++r) {
    start_rows += 'P';
    start_rows += static_cast<char>('1' + r);
    start_rows.append(kStartRows[r]).push_back('\n');
  }
  bool any_hand = false;
  std::string hand_rows;
  for (int side = 0; side < 2; ++side) {
    std::string row = side == 0 ? "P+" : "P-";
    for (int piece = 0; piece < t.piece_count; ++piece) {
      for (int n = 0; n < position.hand_count(side, piece); ++n) {
        row += "00" + std::string(format_name(kCsaNames, tokens[static_cast<std::size_t>(piece)]));
        any_hand = true;
      }
    }
    hand_rows += row + '\n';
  }
  if (board_rows == start_rows && !any_hand) {
    out += "PI\n";
  } else {
    out += board_rows + (any_hand ? hand_rows : "");
  }
  out += position.side_to_move() == ir::Side::sente ? "+\n" : "-\n";
  auto comments = [&](const std::vector<std::string>& lines) {
    for (const std::string& c : lines) out += concat({"'*", c, "\n"});
  };
  // The start's comments, after the start as readers expect them.
  comments(game.record.comments);
  auto time = [&](const MoveTime& given) {
    if (given.given()) out += "T" + std::to_string(given.seconds) + "\n";
  };
  // The time and comments of the record's move `i`.
  auto notes = [&](std::size_t i) {
    if (i >= game.record.moves.size()) return;
    time(game.record.moves[i].time);
    comments(game.record.moves[i].comments);
  };
  auto end = [&](std::string_view word) {
    out += concat({word, "\n"});
    time(game.record.end_time);
    comments(game.record.end_comments);
  };
  auto sq = [&](int square) {
    const std::string text = position.square_text(square);
    return std::string(1, text[0]) + static_cast<char>('1' + (text[1] - 'a'));
  };
  auto write_move = [&](int from, int to, int drop_piece, bool change, char sign) {
    std::string line(1, sign);
    int face = drop_piece;
    if (drop_piece >= 0) {
      line += "00";
    } else {
      line += sq(from);
      face = cell_piece(position.at(from));
      if (change) face = t.promotes_to[static_cast<std::size_t>(face)];
    }
    line += sq(to);
    line += format_name(kCsaNames, tokens[static_cast<std::size_t>(face)]);
    out += line + '\n';
  };
  for (const Move& m : game.moves) {
    const char sign = position.side_to_move() == ir::Side::sente ? '+' : '-';
    write_move(m.is_drop() ? -1 : m.from(), m.to(), m.is_drop() ? m.dropped() : -1,
               m.changes_face(), sign);
    notes(static_cast<std::size_t>(&m - game.moves.data()));
    position.make(m);
  }
  const Verdict& v = game.verdict;
  if (game.foul) {
    // The illegal move, written from its text on the board it was made on.
    const std::string& u = game.foul->usi;
    char sign = position.side_to_move() == ir::Side::sente ? '+' : '-';
    if (game.foul->wrong_side) sign = sign == '+' ? '-' : '+';
    const std::size_t star = u.find('*');
    auto square_of = [&](std::string_view s) {
      return position.variant().square(s[0] - '0', s[1] - 'a' + 1);
    };
    if (star != std::string::npos) {
      int piece = -1;
      for (std::size_t p = 0; p < tokens.size(); ++p) {
        if (tokens[p] == u.substr(0, star)) piece = static_cast<int>(p);
      }
      write_move(-1, square_of(std::string_view(u).substr(star + 1)), piece, false, sign);
    } else {
      write_move(square_of(std::string_view(u).substr(0, 2)), square_of(std::string_view(u).substr(2, 2)),
                 -1, u.size() > 4 && u[4] == '+', sign);
    }
    notes(game.moves.size());
    if (v.status.foul != Foul::wrong_side) end("%ILLEGAL_MOVE");
    return out;
  }
  if (v.claim == RecordEnd::resign) end("%TORYO");
  if (v.claim == RecordEnd::timeout) end("%TIME_UP");
  if (v.status.ended) {
    switch (v.status.rule) {
      case ir::EndKind::checkmate: end("%TSUMI"); break;
      case ir::EndKind::repetition:
      case ir::EndKind::perpetual_check: end("%SENNICHITE"); break;
      case ir::EndKind::declaration: end("%KACHI"); break;
      case ir::EndKind::impasse: end("%JISHOGI"); break;
      default: break;
    }
  }
  return out;
}

}  // namespace koma::records
