// The USI protocol over libkoma and the search: `koma usi` hands it every line a GUI writes and
// a callback for the lines it answers. Moves and SFEN are in the variant's own spelling
// (Position::move_text, parse_move, set_sfen). README.md ("koma usi") lists the commands.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "search.h"
#include "variant_source.h"

namespace koma::usi {

/// The name `id name` gives and the default hash size.
inline constexpr std::size_t kDefaultHashMb = 64;
inline constexpr std::size_t kMaxHashMb = 4096;
/// Longest line read; a longer one is refused as a whole.
inline constexpr std::size_t kMaxLineBytes = 1 << 20;

/// One engine session: a variant, the position the GUI set up, a searcher and its thread.
class Engine {
 public:
  /// Every answer line (without newline) goes to `out`, from this thread or the search's, one
  /// line at a time.
  using Output = std::function<void(const std::string&)>;
  Engine(lib::LoadedVariant variant, Output out);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  /// Handles one line (without its newline); returns false once `quit` has been read. Never
  /// throws for anything a GUI can send: a bad command gets an `info string error ...` line.
  bool handle(std::string_view line);
  /// Waits until no search runs (a search with limits ends by itself; `go infinite` waits for
  /// stop). Used at the end of input.
  void finish();
  /// The position `go` would search, as SFEN (for tests).
  std::string sfen() const;

 private:
  void say(const std::string& line);
  void error(const std::string& message) { say("info string error " + message); }
  void command_usi();
  void command_setoption(const std::vector<std::string>& words);
  void command_position(const std::vector<std::string>& words);
  void command_go(const std::vector<std::string>& words);
  /// Stops a running search and waits for its bestmove.
  void stop();
  /// Replaces the variant and sets up its start position.
  bool use_variant(const std::string& argument);
  /// The search thread's work: think, wait when told to, answer bestmove.
  void run(Position position, search::Limits limits, bool hold);
  std::string info_line(const search::Info& info, Position& position) const;

  Output out_;
  std::mutex out_mutex_;
  lib::LoadedVariant loaded_;
  std::string variant_name_;
  std::unique_ptr<Position> position_;
  std::unique_ptr<search::Searcher> searcher_;
  std::size_t hash_mb_ = kDefaultHashMb;
  search::Control control_;
  std::atomic<bool> holding_{false};  ///< `go infinite` / `go ponder`: bestmove waits for stop or ponderhit
  std::thread thread_;
};

}  // namespace koma::usi
