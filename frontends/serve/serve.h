// The `koma serve` protocol: one JSON request in, one JSON answer out (JSON lines). Variants
// are compiled once and cached; positions can be held by id so that a client playing a game
// neither recompiles nor replays. The schema and the limits are in README.md ("koma serve").
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <list>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "game.h"

namespace koma::cli {

/// Limits that keep one client from exhausting the server, each checked before the work it
/// bounds is done. README.md ("koma serve") lists them with their error codes.
inline constexpr std::size_t kMaxRequestBytes = 1 << 20;      ///< longest request line
inline constexpr int kMaxRequestDepth = 16;                   ///< JSON arrays and objects nested
inline constexpr std::size_t kMaxIdBytes = 256;               ///< an id's JSON text
inline constexpr std::size_t kMaxCachedVariants = 16;         ///< compiled variants kept (LRU)
inline constexpr std::size_t kMaxVariantNames = 256;          ///< request spellings remembered (LRU)
inline constexpr std::size_t kMaxHeldPositions = 10000;       ///< positions held at once
inline constexpr std::size_t kMaxPliesPerPosition = 20000;    ///< moves a position's history holds
inline constexpr std::size_t kMaxHeldPlies = 1000000;         ///< moves held in all positions
inline constexpr int kMaxServePerftDepth = 7;                 ///< deepest perft a request may ask
inline constexpr std::uint64_t kMaxPerftNodes = 100000000;    ///< nodes one perft may visit

/// How a server is set up: which variant files a client may name besides the bundled ones, and
/// the perft budget.
struct ServeOptions {
  /// Folders whose variant files (and the files below them) may be read; canonical paths.
  std::vector<std::filesystem::path> folders;
  /// Any file the process can read (koma serve --any-path).
  bool any_path = false;
  /// Nodes one perft request may visit.
  std::uint64_t perft_nodes = kMaxPerftNodes;
  /// How long a cached variant is trusted before its file is looked at again for a change.
  std::chrono::milliseconds recheck_after{1000};
};

/// Answers requests. Holds the variant cache and the positions clients hold.
class Server {
 public:
  explicit Server(ServeOptions access = {});
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  /// Answers one request line (without its newline) with one JSON line (without newline).
  /// Never throws for anything a client can send: malformed requests get an error answer.
  std::string answer(std::string_view line);

  /// Forgets every held position and numbers new ones from p1 again; compiled variants are
  /// kept. (A fuzz harness starts each session afresh without compiling anew.)
  void forget_positions();

  /// Number of positions held (for tests).
  std::size_t held_positions() const { return held_.size(); }
  /// Moves held in all positions' histories (for tests).
  std::size_t held_plies() const { return held_plies_; }
  /// Number of compiled variants cached (for tests).
  std::size_t cached_variants() const { return variants_.size(); }

 private:
  struct Request;
  struct Held {
    std::unique_ptr<Position> position;
    int dialect = kNativeDialect;
  };
  /// A compiled variant, keyed by its file's canonical path and a hash of its bytes.
  struct CachedVariant {
    std::string key;
    std::shared_ptr<const Variant> variant;
  };
  /// What a request's "variant" text last resolved to, and the file's identity then.
  struct VariantName {
    std::string key;
    std::filesystem::path file;
    std::uint64_t identity = 0;
    std::chrono::steady_clock::time_point checked;  ///< when `identity` was last read
  };

  std::string dispatch(const Request& request);
  /// The variant a request names: the cached one while its file is unchanged, else compiled.
  std::shared_ptr<const Variant> variant(const std::string& argument);
  /// The file a "variant" names, when the access rules allow it (else unknown-variant, the same
  /// message whatever the path is).
  std::string variant_file(const std::string& argument) const;
  /// Whether a folder's variant files may be read (the bundled folder, an --allow folder).
  bool may_read_folder(const std::filesystem::path& folder) const;
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
  std::string cmd_render(const Request& request);
  std::string cmd_explain(const Request& request);
  std::string cmd_record(const Request& request);

  ServeOptions access_;
  std::filesystem::path bundled_;  ///< canonical bundled variants folder (empty when missing)
  std::list<CachedVariant> variants_;  ///< most recently used first
  std::list<std::pair<std::string, VariantName>> names_;  ///< most recently used first
  std::unordered_map<std::string, std::list<std::pair<std::string, VariantName>>::iterator> name_index_;
  std::unordered_map<std::string, Held> held_;
  std::size_t held_plies_ = 0;
  std::size_t next_position_ = 1;
};

}  // namespace koma::cli
