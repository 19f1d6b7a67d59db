// The `koma serve` protocol: one JSON request in, one JSON answer out (JSON lines). Variants
// are compiled once and cached; positions can be held by id so that a client playing a game
// neither recompiles nor replays. The schema is in README.md ("koma serve").
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "game.h"

namespace koma::cli {

/// Limits that keep one client from exhausting the server.
inline constexpr std::size_t kMaxRequestBytes = 1 << 20;  ///< longest request line
inline constexpr std::size_t kMaxHeldPositions = 100000;  ///< positions held at once
inline constexpr int kMaxServePerftDepth = 7;             ///< deepest perft a request may ask

/// Answers requests. Holds the variant cache and the positions clients hold.
class Server {
 public:
  /// Answers one request line (without its newline) with one JSON line (without newline).
  /// Never throws for anything a client can send: malformed requests get an error answer.
  std::string answer(std::string_view line);

  /// Number of positions held (for tests).
  std::size_t held_positions() const { return held_.size(); }

 private:
  struct Request;
  struct Held {
    std::unique_ptr<Position> position;
    int dialect = kNativeDialect;
  };

  std::string dispatch(const Request& request);
  /// The variant a request names, compiled and loaded once per argument.
  std::shared_ptr<const Variant> variant(const std::string& argument);
  /// The position a request selects: a held one, or variant + sfen; then its "moves" played.
  /// `persist` plays the moves on the held position itself, else on a copy.
  Position& select(const Request& request, bool persist, std::unique_ptr<Position>& scratch,
                   int& dialect);

  std::string cmd_new(const Request& request);
  std::string cmd_moves(const Request& request);
  std::string cmd_play(const Request& request);
  std::string cmd_undo(const Request& request);
  std::string cmd_status(const Request& request);
  std::string cmd_perft(const Request& request);
  std::string cmd_validate(const Request& request);
  std::string cmd_close(const Request& request);

  std::map<std::string, std::shared_ptr<const Variant>> variants_;
  std::unordered_map<std::string, Held> held_;
  std::size_t next_position_ = 1;
};

}  // namespace koma::cli
