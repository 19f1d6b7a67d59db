// Games as data: set-up, moves played and taken back, legal moves and the status.
#include "game_session.h"

#include <array>

#include <fmt/core.h>

#include "ir/dump.h"
#include "names.h"
#include "position_setup.h"

namespace koma::lib {

namespace {

using Json = nlohmann::ordered_json;

Json optional_text(const std::optional<std::string>& text) { return text ? Json(*text) : Json(nullptr); }

}  // namespace

MoveInfo describe_move(const Position& position, Move move, int dialect) {
  const std::vector<std::string>& tokens = position.variant().tables().spelling(dialect);
  auto token = [&](Cell c) { return tokens[static_cast<std::size_t>(cell_piece(c))]; };
  // A two-leg move that returns to its origin takes nothing there.
  const bool returns = !move.is_drop() && move.to() == move.from();
  const Cell target = returns ? kEmpty : position.at(move.to());
  MoveInfo info;
  info.move = move;
  info.usi = position.move_text(move, kNativeDialect);
  info.text = dialect == kNativeDialect ? info.usi : position.move_text(move, dialect);
  if (!move.is_drop()) info.from = position.square_text(move.from());
  info.to = position.square_text(move.to());
  info.piece = move.is_drop() ? tokens[static_cast<std::size_t>(move.dropped())] : token(position.at(move.from()));
  if (is_piece(target)) info.captured = token(target);
  info.promotion = move.changes_face();
  info.drop = move.is_drop();
  const std::array<int, 2> mids = position.middle_squares(move);
  if (mids[0] != 0) {
    info.via = position.square_text(mids[0]);
    if (is_piece(position.at(mids[0]))) info.captured_via = token(position.at(mids[0]));
  }
  if (mids[1] != 0) {
    info.via2 = position.square_text(mids[1]);
    if (is_piece(position.at(mids[1]))) info.captured_via2 = token(position.at(mids[1]));
  }
  return info;
}

Json move_json(const MoveInfo& move) {
  Json m{{"usi", move.text}};
  m["from"] = optional_text(move.from);
  m["to"] = move.to;
  m["piece"] = move.piece;
  m["captured"] = optional_text(move.captured);
  m["promotion"] = move.promotion;
  m["drop"] = move.drop;
  if (move.via) {
    m["via"] = *move.via;
    m["captured_via"] = optional_text(move.captured_via);
  }
  if (move.via2) {
    m["via2"] = *move.via2;
    m["captured_via2"] = optional_text(move.captured_via2);
  }
  return m;
}

StatusInfo status_info(const Position& position) {
  const Variant& variant = position.variant();
  const GameStatus status = position.status();
  StatusInfo info;
  if (!status.ended) return info;
  info.ended = true;
  info.rule = end_kind_name(status.rule);
  if (status.winner) info.winner = side_name(variant, *status.winner);
  info.outcome = std::string(ir::name(status.outcome));
  info.text = describe_status(variant, status);
  for (const ir::EndRule& rule : variant.rules().endings) {
    if (rule.kind == status.rule && rule.loc.line != 0) {
      info.rule_at = rule.loc;
      break;
    }
  }
  return info;
}

Game::Game(std::shared_ptr<const Variant> variant, std::unique_ptr<Position> start, int dialect)
    : variant_(std::move(variant)),
      start_(std::move(start)),
      current_(std::make_unique<Position>(start_->clone())),
      dialect_(dialect) {}

Result<Game> Game::start(std::shared_ptr<const Variant> variant, const GameSetup& setup) {
  const Result<int> dialect = dialect_index(*variant, setup.dialect);
  if (!dialect) return dialect.error();
  auto start = std::make_unique<Position>(variant);
  if (setup.sfen && !setup.sfen->empty() && *setup.sfen != "startpos") {
    auto read = set_sfen_in_any_dialect(*start, *variant, *setup.sfen, *dialect);
    if (!read) {
      return Error(read.error().code, fmt::format("bad SFEN {}: {} [{}]", compiler::quote(*setup.sfen),
                                                  read.error().message, read.error().code));
    }
  }
  Game game(std::move(variant), std::move(start), *dialect);
  const Result<bool> played = play_moves(*game.current_, split_moves(setup.moves), game.dialect_, &game.moves_);
  if (!played) return played.error();
  return game;
}

Game Game::copy() const {
  Game game(variant_, std::make_unique<Position>(start_->clone()), dialect_);
  game.current_ = std::make_unique<Position>(current_->clone());
  game.moves_ = moves_;
  return game;
}

Result<bool> Game::set_dialect(const std::string& name) {
  const Result<int> dialect = dialect_index(*variant_, name);
  if (!dialect) return dialect.error();
  dialect_ = *dialect;
  return true;
}

std::string Game::sfen() const { return current_->sfen(dialect_); }

std::string Game::start_sfen() const { return start_->sfen(dialect_); }

std::vector<MoveInfo> Game::history() const {
  std::vector<MoveInfo> out;
  out.reserve(moves_.size());
  Position replay = start_->clone();
  for (const Move move : moves_) {
    out.push_back(describe_move(replay, move, dialect_));
    replay.make(move);
  }
  return out;
}

std::vector<MoveInfo> Game::legal_moves() const {
  std::vector<MoveInfo> out;
  if (current_->status().ended) return out;
  const std::vector<Move> moves = current_->legal_moves();
  out.reserve(moves.size());
  for (const Move move : moves) out.push_back(describe_move(*current_, move, dialect_));
  return out;
}

Result<MoveInfo> Game::play(std::string_view text) {
  const GameStatus status = current_->status();
  if (status.ended) {
    return Error("game-over", fmt::format("{} comes after the game ended ({})", compiler::quote(text),
                                          describe_status(*variant_, status)));
  }
  auto move = parse_in_any_dialect(*current_, *variant_, std::string(text), dialect_);
  if (!move) return Error(move.error().code, move.error().message);
  MoveInfo info = describe_move(*current_, *move, dialect_);
  current_->make(*move);
  moves_.push_back(*move);
  return info;
}

Result<MoveInfo> Game::undo() {
  if (moves_.empty()) return Error("no-move-to-undo", "no move has been played");
  current_->unmake();
  const Move move = moves_.back();
  moves_.pop_back();
  return describe_move(*current_, move, dialect_);
}

StatusInfo Game::status() const { return status_info(*current_); }

}  // namespace koma::lib
