// USI move lists: `position sfen SFEN moves ...` or `position startpos moves ...` (with or
// without `position`), or bare moves; `resign` or `win` as the last word, or `bestmove resign`
// or `bestmove win` (as USI engines answer) after the moves.
#include <algorithm>
#include <sstream>

#include "concat.h"
#include "record.h"
#include "text_lines.h"

namespace koma::records {

ReadResult read_usi(std::string_view text) {
  ReadResult out;
  Record record;
  // Every word with its line: a record may spread its moves over lines.
  std::vector<std::pair<std::string, std::size_t>> words;
  const std::vector<std::string_view> lines = record_lines(text);
  for (std::size_t l = 0; l < lines.size(); ++l) {
    std::istringstream in{std::string(lines[l])};
    for (std::string word; in >> word;) words.emplace_back(word, l + 1);
  }
  std::size_t i = 0;
  auto line_at = [&](std::size_t k) { return k < words.size() ? words[k].second : lines.size(); };
  auto fail = [&](std::size_t k, std::string code, std::string message) {
    out.error = RecordError{std::max<std::size_t>(line_at(k), 1), std::move(message), std::move(code)};
    return out;
  };
  auto is = [&](std::size_t k, std::string_view word) { return k < words.size() && words[k].first == word; };
  if (words.empty()) {
    out.error = RecordError{1, "the record holds no game", "empty-record"};
    return out;
  }
  const bool position = is(i, "position");
  if (position) ++i;
  if (is(i, "startpos")) {
    ++i;
  } else if (is(i, "sfen")) {
    ++i;
    std::string sfen;
    const std::size_t sfen_line = line_at(i - 1);
    while (i < words.size() && !is(i, "moves") && words[i].second == sfen_line) sfen += (sfen.empty() ? "" : " ") + words[i++].first;
    if (sfen.empty()) return fail(i - 1, "usi-sfen", "'sfen' needs an SFEN");
    record.sfen = sfen;
    record.start_line = sfen_line;
  } else if (position) {
    return fail(i, "usi-position", "'position' must be followed by 'startpos' or 'sfen'");
  }
  const bool started = i > (position ? 1u : 0u);
  if (started && is(i, "moves")) {
    ++i;
  } else if (started && i < words.size() && !is(i, "bestmove")) {
    return fail(i, "usi-moves", "expected 'moves', not '" + words[i].first + "'");
  }
  for (; i < words.size(); ++i) {
    std::string word = words[i].first;
    // `bestmove resign` is how an engine resigns; koma writes it after the position command.
    const bool answer = word == "bestmove" && i + 1 < words.size();
    if (answer) word = words[++i].first;
    if (word == "resign" || word == "win") {
      if (i + 1 != words.size()) {
        return fail(i, "usi-end-word", concat({"'", word, "' must be the last word"}));
      }
      record.end = word == "resign" ? RecordEnd::resign : RecordEnd::declare;
      record.end_line = words[i].second;
      break;
    }
    if (answer || word == "bestmove") {
      return fail(i, "usi-end-word", "'bestmove' must be followed by 'resign' or 'win', not '" + word + "'");
    }
    RecordMove m;
    m.usi = word;
    m.line = words[i].second;
    record.moves.push_back(std::move(m));
  }
  out.record = std::move(record);
  return out;
}

std::string write_usi(const Judged& game, int dialect) {
  Position position = game.start->clone();
  std::string out = "position ";
  const std::string sfen = position.sfen(dialect);
  const Position start(game.variant);
  out += sfen == start.sfen(dialect) ? "startpos" : "sfen " + sfen;
  const bool declared =
      game.verdict.status.ended && game.verdict.status.rule == ir::EndKind::declaration;
  if (!game.moves.empty() || game.foul) out += " moves";
  for (const Move m : game.moves) {
    out += ' ' + position.move_text(m, dialect);
    position.make(m);
  }
  if (game.foul) out += ' ' + game.foul->usi;
  out += '\n';
  // No engine takes `resign` or `win` in a position command: the end is the side to move's
  // answer, on a line of its own.
  if (game.verdict.claim == RecordEnd::resign) out += "bestmove resign\n";
  if (declared) out += "bestmove win\n";
  return out;
}

}  // namespace koma::records
