// USI move lists: `position sfen SFEN moves ...` or `position startpos moves ...` on one line,
// or bare moves; `resign` or `win` as the last word (as USI engines answer `bestmove`).
#include <sstream>

#include "concat.h"
#include "record.h"

namespace koma::records {

ReadResult read_usi(std::string_view text) {
  ReadResult out;
  Record record;
  std::istringstream in{std::string(text)};
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  std::size_t i = 0;
  auto fail = [&](std::string message) {
    out.error = RecordError{1, std::move(message)};
    return out;
  };
  if (i < words.size() && words[i] == "position") {
    ++i;
    if (i < words.size() && words[i] == "startpos") {
      ++i;
    } else if (i < words.size() && words[i] == "sfen") {
      ++i;
      std::string sfen;
      while (i < words.size() && words[i] != "moves") sfen += (sfen.empty() ? "" : " ") + words[i++];
      if (sfen.empty()) return fail("'position sfen' needs an SFEN");
      record.sfen = sfen;
    } else {
      return fail("'position' must be followed by 'startpos' or 'sfen'");
    }
    if (i < words.size()) {
      if (words[i] != "moves") return fail("expected 'moves', not '" + words[i] + "'");
      ++i;
    }
  }
  for (; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (word == "resign" || word == "win") {
      if (i + 1 != words.size()) return fail(concat({"'", word, "' must be the last word"}));
      record.end = word == "resign" ? RecordEnd::resign : RecordEnd::declare;
      record.end_line = 1;
      break;
    }
    record.moves.push_back(RecordMove{word, 1, false});
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
  // "moves" also before a lone resign or win: after "sfen" every word up to "moves" is the SFEN.
  if (!game.moves.empty() || game.foul || game.verdict.claim == RecordEnd::resign || declared) {
    out += " moves";
  }
  for (const Move m : game.moves) {
    out += ' ' + position.move_text(m, dialect);
    position.make(m);
  }
  if (game.foul) out += ' ' + game.foul->usi;
  if (game.verdict.claim == RecordEnd::resign) out += " resign";
  if (declared) out += " win";
  return out + '\n';
}

}  // namespace koma::records
