// Moves in words: the notation names front ends read, and the move text they ask for.
#include "move_words.h"

#include <fmt/core.h>

#include "game_session.h"
#include "names.h"

namespace koma::lib {

namespace {

/// A usage error: `what` names an option value nothing knows.
Error unknown(std::string code, std::string_view what, std::string_view name, std::string_view known) {
  Error error{std::move(code), fmt::format("unknown {} {} (known: {})", what, compiler::quote(name), known)};
  error.usage = true;
  return error;
}

}  // namespace

Result<records::Notation> notation_named(std::string_view name) {
  if (name == "usi") return records::Notation::usi;
  if (name == "japanese") return records::Notation::japanese;
  if (name == "western") return records::Notation::western;
  return unknown("unknown-notation", "notation", name, "usi, japanese, western");
}

Result<records::SideSigns> signs_named(std::string_view name) {
  if (name == "pieces") return records::SideSigns::pieces;
  if (name == "triangles") return records::SideSigns::triangles;
  if (name == "none") return records::SideSigns::none;
  return unknown("unknown-signs", "signs", name, "pieces, triangles, none");
}

std::string notation_name(records::Notation notation) {
  switch (notation) {
    case records::Notation::japanese: return "japanese";
    case records::Notation::western: return "western";
    case records::Notation::usi: break;
  }
  return "usi";
}

Result<std::string> move_words(const Position& position, Move move, const Wording& wording, int dialect) {
  if (wording.notation == records::Notation::usi) return position.move_text(move, dialect);
  const Move last = position.last_move();
  auto text = records::move_in(position, move, wording.notation, last.is_none() ? -1 : last.to(), wording.signs);
  if (!text) return Error(text.error().code, text.error().message);
  return *text;
}

Result<std::vector<std::string>> legal_move_words(const Game& game, const Wording& wording) {
  std::vector<std::string> out;
  if (game.position().status().ended) return out;
  for (const Move move : game.position().legal_moves()) {
    auto text = move_words(game.position(), move, wording, game.dialect());
    if (!text) return text.error();
    out.push_back(std::move(*text));
  }
  return out;
}

Result<std::vector<std::string>> history_words(const Game& game, const Wording& wording) {
  std::vector<std::string> out;
  Position replay = game.start_position().clone();
  for (const Move move : game.moves()) {
    auto text = move_words(replay, move, wording, game.dialect());
    if (!text) return text.error();
    out.push_back(std::move(*text));
    replay.make(move);
  }
  return out;
}

}  // namespace koma::lib
