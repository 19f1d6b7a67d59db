// KI2 records: KIF's headers, comments and start, then moves in Japanese notation without move
// numbers or source squares (▲７六歩　△３四歩), read against the legal moves where they are made;
// the closing まで line says how the game ended.
#include <algorithm>

#include "concat.h"
#include "ir/quoted_text.h"
#include "notation.h"
#include "text_lines.h"

namespace koma::records {

namespace {

constexpr std::string_view kSigns[] = {"☗", "☖", "▲", "△", "▼", "▽"};

/// The length of the side sign at `pos`, or 0.
std::size_t sign_at(std::string_view s, std::size_t pos) {
  for (const std::string_view sign : kSigns) {
    if (s.substr(pos, sign.size()) == sign) return sign.size();
  }
  return 0;
}

/// Whether a sign marks gote's moves (☖, △, ▽).
bool gote_sign(std::string_view s) { return s.rfind("☖", 0) == 0 || s.rfind("△", 0) == 0 || s.rfind("▽", 0) == 0; }

/// `s` after the ASCII and full-width spaces that start it.
std::string_view trim_start(std::string_view s) {
  for (;;) {
    if (!s.empty() && (s[0] == ' ' || s[0] == '\t')) s.remove_prefix(1);
    else if (s.substr(0, 3) == "　") s.remove_prefix(3);
    else return s;
  }
}

/// `s` without the ASCII and full-width spaces that end it.
std::string_view trim_end(std::string_view s) {
  for (;;) {
    if (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    else if (s.size() >= 3 && s.substr(s.size() - 3) == "　") s.remove_suffix(3);
    else return s;
  }
}

/// The moves of a KI2 move line, each from its sign to the next.
std::vector<std::string_view> split_moves(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= line.size();) {
    const std::size_t sign = i < line.size() ? sign_at(line, i) : 1;
    if (sign != 0 && i > start) {
      out.push_back(trim_end(line.substr(start, i - start)));
      start = i;
    }
    i += sign != 0 ? sign : 1;
  }
  return out;
}

/// How the closing line ends the game: の勝ち after the loser's turn is a resignation.
RecordEnd end_of(std::string_view closing, ir::Side to_move) {
  if (closing.find("千日手") != std::string_view::npos) return RecordEnd::repetition;
  if (closing.find("持将棋") != std::string_view::npos) return RecordEnd::impasse;
  if (closing.find("中断") != std::string_view::npos) return RecordEnd::interrupt;
  if (closing.find("反則") != std::string_view::npos || closing.find("詰") != std::string_view::npos) return RecordEnd::none;
  const std::size_t win = closing.find("の勝ち");
  if (win == std::string_view::npos) return RecordEnd::none;
  const std::string_view who = closing.substr(0, win);
  const bool sente = who.size() >= 6 && (who.substr(who.size() - 6) == "先手" || who.substr(who.size() - 6) == "下手");
  const bool gote = who.size() >= 6 && (who.substr(who.size() - 6) == "後手" || who.substr(who.size() - 6) == "上手");
  if ((sente && to_move == ir::Side::gote) || (gote && to_move == ir::Side::sente)) return RecordEnd::resign;
  return RecordEnd::none;
}

}  // namespace

ReadResult read_ki2(std::string_view text, const std::shared_ptr<const Variant>& variant) {
  ReadResult out;
  auto fail = [&](std::size_t line, std::string code, std::string message) {
    out.error = RecordError{line, std::move(message), std::move(code)};
    return out;
  };
  // The lines before the moves are KIF's (headers, diagram, comments): read as KIF, each on
  // its own line number; the move lines and what follows them are read here.
  const std::vector<std::string_view> lines = record_lines(text);
  std::string kif;
  std::size_t first_move = lines.size(), closing_line = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = trim_start(lines[i]);
    if (first_move == lines.size() && sign_at(line, 0) != 0) first_move = i;
    if (line.rfind("まで", 0) == 0) closing_line = i + 1;
    if (i < first_move || line.rfind("まで", 0) == 0) kif.append(lines[i]);
    kif += '\n';
  }
  ReadResult head = read_kif(kif);
  Record record;
  if (head.record) {
    record = std::move(*head.record);
  } else if (head.error.code != "empty-record" || first_move == lines.size()) {
    return head;
  }
  // KIF starts at 平手 when no 手合割 or diagram says otherwise; KI2 at the variant's own start.
  if (record.start_line == 0) record.sfen.clear();
  Position position(variant);
  if (!record.sfen.empty()) {
    auto set = position.set_sfen(record.sfen, kAnyDialect);
    if (!set) return fail(record.start_line, set.error().code, concat({"bad start position '", record.sfen, "': ", set.error().message}));
  }
  int previous_to = -1;
  bool over = false;    // a rule ended the game: later moves are left to the judge to refuse
  bool closed = false;  // the closing line has been read: comments are the end's
  for (std::size_t i = first_move; i < lines.size(); ++i) {
    const std::size_t line_no = i + 1;
    const std::string_view line = trim_start(lines[i]);
    if (line.empty() || line[0] == '#') continue;
    if (line.rfind("まで", 0) == 0) {
      closed = true;
      continue;
    }
    if (line[0] == '*') {
      (closed ? record.end_comments : record.moves.empty() ? record.comments : record.moves.back().comments)
          .emplace_back(line.substr(1));
      continue;
    }
    if (line.rfind("変化", 0) == 0) {
      return fail(line_no, "ki2-variation", concat({"'", ir::visible_text(line), "': koma reads no variations in KI2 (KIF keeps them)"}));
    }
    if (sign_at(line, 0) == 0) {
      return fail(line_no, "ki2-line", concat({"'", ir::visible_text(line), "' is not a line of KI2 moves (each starts with ▲ or △)"}));
    }
    for (const std::string_view text_move : split_moves(line)) {
      RecordMove rm;
      rm.line = line_no;
      rm.text = std::string(text_move);
      over = over || position.status().ended;
      if (!over) {
        const bool gote = gote_sign(text_move);
        if (gote != (position.side_to_move() == ir::Side::gote)) {
          return fail(line_no, "wrong-side", concat({"move ", std::to_string(record.moves.size() + 1), " '", ir::visible_text(text_move),
                                                     "' is marked as ", gote ? "gote" : "sente", "'s, but ",
                                                     gote ? "sente" : "gote", " is to move"}));
        }
        auto move = read_japanese_move(position, text_move, previous_to);
        if (!move) {
          return fail(line_no, move.error().code, concat({"move ", std::to_string(record.moves.size() + 1), ": ", move.error().message}));
        }
        rm.usi = position.move_text(*move);
        previous_to = move->to();
        position.make(*move);
      }
      record.moves.push_back(std::move(rm));
    }
  }
  if (closing_line != 0 && !record.summary.empty()) {
    record.end = end_of(record.summary, position.side_to_move());
    if (record.end != RecordEnd::none) record.end_line = closing_line;
  }
  out.record = std::move(record);
  return out;
}

std::string write_ki2(const Judged& game, std::string& error) {
  if (game.foul) {
    error = "KI2 cannot record an illegal move (write KIF or CSA)";
    return "";
  }
  for (const RecordMove& rm : game.record.moves) {
    if (!rm.variations.empty()) {
      error = "KI2 is written without variations (write KIF to keep them)";
      return "";
    }
  }
  // The headers and the start as KIF writes them, without KIF's move table heading.
  Judged head;
  head.variant = game.variant;
  head.start = std::make_unique<Position>(game.start->clone());
  head.record.headers = game.record.headers;
  head.record.comments = game.record.comments;
  std::string kif = write_kif(head, error);
  if (!error.empty()) {
    // A variant whose pieces KIF cannot name: its own start goes unsaid, its headers are kept.
    if (game.start->sfen() != Position(game.variant).sfen()) {
      error = concat({"KI2 gives a start other than the variant's own as KIF's board diagram, and ", error});
      return "";
    }
    error.clear();
    kif.clear();
    for (const RecordHeader& h : game.record.headers) kif += concat({h.key, "：", h.value, "\n"});
    for (const std::string& c : game.record.comments) kif += concat({"*", c, "\n"});
  }
  const std::string heading = "手数----指手---------消費時間--\n";
  const std::size_t at = kif.find(heading);
  std::string out = kif.substr(0, at) + (at == std::string::npos ? "" : kif.substr(at + heading.size()));
  Position position = game.start->clone();
  int previous_to = -1;
  std::size_t on_line = 0;
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    auto text = japanese_move(position, game.moves[i], previous_to, SideSigns::triangles);
    if (!text) {
      error = text.error().message;
      return "";
    }
    // Each move takes at least ten columns (a character past ASCII counts two), six a line.
    std::size_t width = 0;
    for (const char c : *text) width += (static_cast<unsigned char>(c) & 0xC0) == 0x80 ? 0 : static_cast<unsigned char>(c) < 0x80 ? 1 : 2;
    const std::vector<std::string>* comments = i < game.record.moves.size() ? &game.record.moves[i].comments : nullptr;
    const bool last = i + 1 == game.moves.size() || ++on_line == 6 || (comments && !comments->empty());
    out += *text + (last ? "\n" : std::string(width < 10 ? 10 - width : 1, ' '));
    if (last) on_line = 0;
    if (comments) {
      for (const std::string& c : *comments) out += concat({"*", c, "\n"});
    }
    previous_to = game.moves[i].to();
    position.make(game.moves[i]);
  }
  // The closing line as read, else as the verdict gives it.
  const Verdict& v = game.verdict;
  const std::string plies = std::to_string(v.plies);
  if (!game.record.summary.empty()) {
    out += game.record.summary + "\n";
  } else if (v.finished() && v.winner) {
    out += concat({"まで", plies, "手で", *v.winner == ir::Side::sente ? "先手" : "後手", "の勝ち\n"});
  } else if (v.status.ended && (v.status.rule == ir::EndKind::repetition || v.status.rule == ir::EndKind::perpetual_check)) {
    out += concat({"まで", plies, "手で千日手\n"});
  } else if (v.status.ended && v.status.rule == ir::EndKind::impasse) {
    out += concat({"まで", plies, "手で持将棋\n"});
  } else if (game.record.end == RecordEnd::interrupt) {
    out += concat({"まで", plies, "手で中断\n"});
  }
  for (const std::string& c : game.record.end_comments) out += concat({"*", c, "\n"});
  return out;
}

}  // namespace koma::records
