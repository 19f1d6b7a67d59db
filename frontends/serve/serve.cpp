// Answers `koma serve` requests: parses a JSON line, checks its keys strictly, runs one command
// on a cached variant and a held or described position, and writes one JSON line back.
#include "serve.h"

#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "diagnostic_format.h"
#include "did_you_mean.h"
#include "move_data.h"
#include "move_words.h"
#include "movement_diagram.h"
#include "piece_explanation.h"
#include "records_io.h"
#include "svg_board.h"
#include "names.h"
#include "position_setup.h"
#include "runtime_checks.h"
#include "source.h"
#include "variant_source.h"

namespace koma::cli {

using namespace koma::lib;

using Json = nlohmann::ordered_json;

namespace {

/// A request that cannot be answered: its code and message go into the error answer.
struct ServeError {
  std::string code;
  std::string message;
  Json diagnostics = nullptr;  ///< for a variant that does not compile
};

/// The commands and the keys each accepts (besides "id" and "cmd").
struct CommandKeys {
  std::string_view name;
  std::vector<std::string> keys;
};

const std::vector<CommandKeys>& command_keys() {
  static const std::vector<CommandKeys> commands{
      {"new", {"variant", "position", "sfen", "moves", "dialect"}},
      {"moves", {"variant", "position", "sfen", "moves", "dialect", "data", "notation", "signs"}},
      {"play", {"variant", "position", "sfen", "moves", "dialect", "notation", "signs"}},
      {"undo", {"position", "count"}},
      {"status", {"variant", "position", "sfen", "moves", "dialect", "notation", "signs"}},
      {"perft", {"variant", "position", "sfen", "moves", "dialect", "depth"}},
      {"validate", {"variant", "text", "path"}},
      {"close", {"position"}},
      {"render", {"variant", "position", "sfen", "moves", "dialect", "title"}},
      {"explain", {"variant", "piece"}},
      {"record", {"variant", "text", "format", "encoding", "dialect", "to", "to_encoding"}},
  };
  return commands;
}

/// An answer written straight into a string, for the commands a client sends most; the keys
/// come out in the order they are added. Strings are escaped as JSON requires.
class Answer {
 public:
  /// `id`: the request's id as the client wrote it, or empty.
  explicit Answer(std::string_view id) {
    text_ = "{";
    if (!id.empty()) {
      text_ += "\"id\":";
      text_ += id;
      text_ += ',';
    }
    text_ += "\"ok\":true";
  }
  Answer& key(std::string_view name) {
    text_ += ",\"";
    text_ += name;
    text_ += "\":";
    return *this;
  }
  Answer& string(std::string_view value) {
    text_ += '"';
    for (const char c : value) {
      const auto byte = static_cast<unsigned char>(c);
      if (c == '"' || c == '\\') {
        text_ += '\\';
        text_ += c;
      } else if (byte < 0x20) {
        text_ += fmt::format("\\u{:04x}", static_cast<unsigned>(byte));
      } else {
        text_ += c;
      }
    }
    text_ += '"';
    return *this;
  }
  Answer& boolean(bool value) {
    text_ += value ? "true" : "false";
    return *this;
  }
  Answer& strings(const std::vector<std::string>& values) {
    text_ += '[';
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (i > 0) text_ += ',';
      string(values[i]);
    }
    text_ += ']';
    return *this;
  }
  Answer& json(const Json& value) {
    text_ += value.dump(-1, ' ', false, Json::error_handler_t::replace);
    return *this;
  }
  std::string finish() {
    text_ += '}';
    return std::move(text_);
  }

 private:
  std::string text_;
};

/// The fields every answer about a position has: sfen, side to move, check, ended, and the
/// status once the game has ended.
void describe(Answer& out, const Position& position, int dialect, const GameStatus& status) {
  out.key("sfen").string(position.sfen(dialect));
  out.key("side_to_move").string(side_name(position.variant(), position.side_to_move()));
  out.key("in_check").boolean(position.in_check());
  out.key("ended").boolean(status.ended);
  if (status.ended) out.key("status").json(status_json(position.variant(), status));
}

void describe(Answer& out, const Position& position, int dialect) {
  describe(out, position, dialect, position.status());
}

/// `body` (an object) as one line, with the request's id text first when there is one.
std::string with_id(std::string_view id, const Json& body) {
  std::string text = body.dump(-1, ' ', false, Json::error_handler_t::replace);
  if (!id.empty()) text.insert(1, fmt::format("\"id\":{},", id));
  return text;
}

std::string error_answer(std::string_view id, const ServeError& error) {
  Json out;
  out["ok"] = false;
  out["error"] = Json{{"code", error.code}, {"message", error.message}};
  if (!error.diagnostics.is_null()) out["error"]["diagnostics"] = error.diagnostics;
  return with_id(id, out);
}

/// What a request line's structure shows before it is parsed: the text of its top-level "id"
/// value as written (so that an answer echoes it byte for byte: a 30-digit number, -0), the
/// top-level keys, and whether arrays and objects nest deeper than kMaxRequestDepth. Read in
/// one pass without recursion; the JSON parser checks everything else afterwards.
constexpr std::size_t kMaxRequestKeys = 16;

struct LineShape {
  std::string_view id;
  std::array<std::string_view, kMaxRequestKeys> keys;  ///< top-level keys as written (escapes kept)
  std::size_t key_count = 0;
  bool too_deep = false;
  bool too_many_keys = false;
};

/// The closing quote of the string that opens at `open`, or npos: the first '"' not escaped,
/// found with memchr (a request's bytes are mostly strings: SFEN, moves).
std::size_t string_end(std::string_view line, std::size_t open) {
  for (std::size_t from = open + 1; from < line.size();) {
    const void* found = std::memchr(line.data() + from, '"', line.size() - from);
    if (found == nullptr) return std::string_view::npos;
    const auto quote = static_cast<std::size_t>(static_cast<const char*>(found) - line.data());
    std::size_t backslashes = 0;
    while (quote - backslashes > open + 1 && line[quote - backslashes - 1] == '\\') ++backslashes;
    if (backslashes % 2 == 0) return quote;
    from = quote + 1;
  }
  return std::string_view::npos;
}

LineShape scan_line(std::string_view line) {
  LineShape shape;
  int depth = 0;
  bool top_object = false;  // the line is an object (its first bracket is '{')
  bool expect_key = false;  // the next string at depth 1 is a key
  enum class Id { none, wait, inside, done } id = Id::none;
  std::size_t id_begin = 0;
  const auto end_id = [&](std::size_t at) {
    std::size_t end = at;
    while (end > id_begin && (line[end - 1] == ' ' || line[end - 1] == '\t')) --end;
    shape.id = line.substr(id_begin, end - id_begin);
    id = Id::done;
  };
  const auto begin_value = [&](std::size_t at) {
    if (depth == 1 && id == Id::wait) {
      id_begin = at;
      id = Id::inside;
    }
  };
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '"') {
      const std::size_t j = string_end(line, i);
      if (j == std::string_view::npos) return shape;  // unterminated: the parser says so
      if (depth == 1 && top_object && expect_key) {
        if (shape.key_count == kMaxRequestKeys) {
          shape.too_many_keys = true;
          return shape;
        }
        const std::string_view key = line.substr(i + 1, j - i - 1);
        shape.keys[shape.key_count++] = key;
        if (key == "id" && id == Id::none) id = Id::wait;
        expect_key = false;
      } else {
        begin_value(i);
      }
      i = j;
    } else if (c == '{' || c == '[') {
      begin_value(i);
      if (++depth > kMaxRequestDepth) {
        shape.too_deep = true;
        return shape;
      }
      if (depth == 1) {
        top_object = c == '{';
        expect_key = top_object;
      }
    } else if (c == '}' || c == ']') {
      if (depth == 1 && id == Id::inside) end_id(i);
      if (--depth < 0) return shape;
    } else if (c == ',') {
      if (depth == 1 && id == Id::inside) end_id(i);
      if (depth == 1) expect_key = top_object;
    } else if (c != ' ' && c != '\t' && c != ':' && c != '\n' && c != '\r') {
      begin_value(i);
    }
  }
  return shape;
}

/// A key as JSON decodes it (for keys written with escapes).
std::string decoded_key(std::string_view written) {
  const Json key = Json::parse(fmt::format("\"{}\"", written), nullptr, false);
  return key.is_string() ? key.get<std::string>() : std::string(written);
}

/// The first top-level key given twice, as written; empty when none is.
std::string_view duplicate_key(const LineShape& shape) {
  std::array<std::string, kMaxRequestKeys> decoded;
  std::array<std::string_view, kMaxRequestKeys> keys;
  for (std::size_t i = 0; i < shape.key_count; ++i) {
    keys[i] = shape.keys[i];
    if (keys[i].find('\\') != std::string_view::npos) keys[i] = decoded[i] = decoded_key(keys[i]);
    for (std::size_t k = 0; k < i; ++k) {
      if (keys[k] == keys[i]) return shape.keys[i];
    }
  }
  return {};
}

/// A string field's value; a NUL in it would cut file names and messages short, so it is refused.
std::string checked_string(const Json& value, std::string_view key) {
  std::string text = value.get<std::string>();
  if (text.find('\0') != std::string::npos) {
    throw ServeError{"bad-field", fmt::format("'{}' holds a NUL character", key)};
  }
  return text;
}

}  // namespace

/// A parsed request: its id, command and the other keys, checked against the command's list.
struct Server::Request {
  std::string id;  ///< the id's JSON text as the client wrote it, or empty
  std::string cmd;
  Json body;

  bool has(const char* key) const { return body.contains(key); }

  std::string string(const char* key) const {
    const Json& value = body.at(key);
    if (!value.is_string()) throw ServeError{"bad-field", fmt::format("'{}' must be a string", key)};
    return checked_string(value, key);
  }

  int integer(const char* key, int low, int high, int fallback) const {
    if (!has(key)) return fallback;
    const Json& value = body.at(key);
    if (!value.is_number_integer() || value.get<long long>() < low || value.get<long long>() > high) {
      throw ServeError{"bad-field", fmt::format("'{}' must be an integer from {} to {}", key, low, high)};
    }
    return static_cast<int>(value.get<long long>());
  }

  /// "moves": a list of move strings, or one string of moves separated by spaces.
  std::vector<std::string> moves() const {
    if (!has("moves")) return {};
    const Json& value = body.at("moves");
    std::vector<std::string> entries;
    if (value.is_string()) {
      entries.push_back(checked_string(value, "moves"));
    } else if (value.is_array()) {
      if (value.size() > kMaxPliesPerPosition) {
        throw ServeError{"too-many-plies", fmt::format("a position holds at most {} moves",
                                                       kMaxPliesPerPosition)};
      }
      for (const Json& move : value) {
        if (!move.is_string()) throw ServeError{"bad-field", "'moves' must hold strings"};
        entries.push_back(checked_string(move, "moves"));
      }
    } else {
      throw ServeError{"bad-field", "'moves' must be a list of strings or one string"};
    }
    return split_moves(entries);
  }
};

std::string Server::answer(std::string_view line) {
  Request request;
  try {
    if (line.size() > kMaxRequestBytes) {
      throw ServeError{"request-too-long",
                       fmt::format("a request is at most {} bytes", kMaxRequestBytes)};
    }
    const LineShape shape = scan_line(line);
    if (shape.too_deep) {
      throw ServeError{"request-too-deep",
                       fmt::format("a request nests at most {} arrays and objects", kMaxRequestDepth)};
    }
    if (shape.too_many_keys) {
      throw ServeError{"bad-request", fmt::format("a request has at most {} keys", kMaxRequestKeys)};
    }
    Json parsed = Json::parse(line, nullptr, false);
    if (parsed.is_discarded()) throw ServeError{"bad-json", "the request is not valid JSON"};
    if (!parsed.is_object()) throw ServeError{"bad-request", "a request is a JSON object"};
    if (shape.id.size() > kMaxIdBytes) {
      throw ServeError{"bad-field", fmt::format("'id' is at most {} bytes of JSON", kMaxIdBytes)};
    }
    const std::string_view duplicate = duplicate_key(shape);
    if (!duplicate.empty()) {
      if (duplicate != "id") request.id = shape.id;
      throw ServeError{"duplicate-key", fmt::format("the key '{}' is given twice", duplicate)};
    }
    request.id = shape.id;
    if (!parsed.contains("cmd") || !parsed["cmd"].is_string()) {
      throw ServeError{"bad-request", "a request needs \"cmd\", a string"};
    }
    request.cmd = parsed["cmd"].get<std::string>();
    const auto& commands = command_keys();
    const auto command = std::find_if(commands.begin(), commands.end(),
                                      [&](const CommandKeys& c) { return c.name == request.cmd; });
    if (command == commands.end()) {
      std::vector<std::string> names;
      for (const auto& c : commands) names.emplace_back(c.name);
      throw ServeError{"unknown-command", fmt::format("unknown command '{}'{}", request.cmd,
                                                      did_you_mean(request.cmd, names))};
    }
    for (auto it = parsed.begin(); it != parsed.end(); ++it) {
      if (it.key() == "id" || it.key() == "cmd") continue;
      if (std::find(command->keys.begin(), command->keys.end(), it.key()) == command->keys.end()) {
        throw ServeError{"unknown-key", fmt::format("'{}' takes no key '{}'{}", request.cmd, it.key(),
                                                    did_you_mean(it.key(), command->keys))};
      }
      request.body[it.key()] = std::move(it.value());
    }
    return dispatch(request);
  } catch (const ServeError& error) {
    return error_answer(request.id, error);
  } catch (const std::exception& error) {
    return error_answer(request.id, ServeError{"internal-error", error.what()});
  }
}

std::string Server::dispatch(const Request& request) {
  static const std::array<std::pair<std::string_view, std::string (Server::*)(const Request&)>, 11>
      handlers{{{"new", &Server::cmd_new},
                {"moves", &Server::cmd_moves},
                {"play", &Server::cmd_play},
                {"undo", &Server::cmd_undo},
                {"status", &Server::cmd_status},
                {"perft", &Server::cmd_perft},
                {"validate", &Server::cmd_validate},
                {"close", &Server::cmd_close},
                {"render", &Server::cmd_render},
                {"explain", &Server::cmd_explain},
                {"record", &Server::cmd_record}}};
  for (const auto& [name, handler] : handlers) {
    if (name == request.cmd) return (this->*handler)(request);
  }
  throw ServeError{"unknown-command", fmt::format("unknown command '{}'", request.cmd)};
}

namespace fs = std::filesystem;

namespace {

/// The file's identity for the variant cache: inode, size and change time; 0 when it cannot
/// be read.
std::uint64_t file_identity(const fs::path& file) {
  struct stat info {};
  if (::stat(file.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return 0;
  std::uint64_t identity = static_cast<std::uint64_t>(info.st_ino) * 0x9E3779B97F4A7C15ULL;
  identity ^= static_cast<std::uint64_t>(info.st_size) + 0x632BE59BD9B4E019ULL + (identity << 6);
  identity ^= static_cast<std::uint64_t>(info.st_mtim.tv_sec) * 1000000007ULL +
              static_cast<std::uint64_t>(info.st_mtim.tv_nsec);
  identity ^= static_cast<std::uint64_t>(info.st_ctim.tv_nsec) << 17;
  return identity == 0 ? 1 : identity;
}

/// `path` is `folder` or lies below it (both canonical).
bool is_within(const fs::path& path, const fs::path& folder) {
  const auto mismatch = std::mismatch(folder.begin(), folder.end(), path.begin(), path.end());
  return mismatch.first == folder.end();
}

}  // namespace

Server::Server(ServeOptions access) : access_(std::move(access)) {
  std::error_code error;
  bundled_ = fs::canonical(variants_dir(), error);
  if (error) bundled_.clear();
}

Server::~Server() = default;

void Server::forget_positions() {
  held_.clear();
  held_plies_ = 0;
  next_position_ = 1;
}

bool Server::may_read_folder(const fs::path& folder) const {
  if (access_.any_path) return true;
  std::error_code error;
  const fs::path canonical = fs::canonical(folder, error);
  if (error) return false;
  if (!bundled_.empty() && is_within(canonical, bundled_)) return true;
  return std::any_of(access_.folders.begin(), access_.folders.end(),
                     [&](const fs::path& allowed) { return is_within(canonical, allowed); });
}

std::string Server::variant_file(const std::string& argument) const {
  if (argument.find('\0') != std::string::npos) {
    throw ServeError{"bad-field", "'variant' holds a NUL character"};
  }
  if (access_.any_path || !looks_like_path(argument)) {
    lib::Result<std::string> path = resolve_variant_path(argument);
    if (!path) throw ServeError{"unknown-variant", path.error().message};
    return *path;
  }
  // One answer for every path the rules refuse, whether it is missing, a folder, a device or
  // a file outside the allowed folders: the client learns nothing of the machine's files.
  const ServeError refused{"unknown-variant",
                           fmt::format("cannot read variant {}: koma serve reads the bundled variants "
                                       "and the files in the folders it was started with (--allow)",
                                       compiler::quote(argument))};
  std::error_code error;
  const fs::path canonical = fs::canonical(argument, error);
  if (error || !fs::is_regular_file(canonical, error) || !may_read_folder(canonical.parent_path())) {
    throw refused;
  }
  return argument;
}

std::shared_ptr<const Variant> Server::variant(const std::string& argument) {
  // A spelling seen before, whose file has not changed since: no file is read, and the file's
  // identity is looked at again only once recheck_after has passed.
  if (const auto named = name_index_.find(argument); named != name_index_.end()) {
    names_.splice(names_.begin(), names_, named->second);
    VariantName& name = named->second->second;
    const auto now = std::chrono::steady_clock::now();
    bool unchanged = name.identity != 0 && now - name.checked < access_.recheck_after;
    if (!unchanged && name.identity != 0 && file_identity(name.file) == name.identity) {
      name.checked = now;
      unchanged = true;
    }
    if (unchanged) {
      const auto cached = std::find_if(variants_.begin(), variants_.end(),
                                       [&](const CachedVariant& v) { return v.key == name.key; });
      if (cached != variants_.end()) {
        variants_.splice(variants_.begin(), variants_, cached);
        return cached->variant;
      }
    }
  }
  const std::string path = variant_file(argument);
  std::error_code error;
  const fs::path canonical = fs::canonical(path, error);
  const std::uint64_t identity = error ? 0 : file_identity(canonical);
  compiler::DiagnosticList diagnostics;
  const std::optional<std::string> bytes = compiler::read_file_bytes(path, diagnostics);
  if (!bytes) {
    throw ServeError{"variant-does-not-compile", fmt::format("'{}' does not compile", path),
                     diagnostics_json(diagnostics.items)};
  }
  // Keyed by the file and its content: every spelling of one path shares one compiled copy.
  const std::string key = fmt::format("{}\n{:016x}:{}", canonical.string(),
                                      std::hash<std::string_view>{}(*bytes), bytes->size());
  if (name_index_.find(argument) == name_index_.end()) {
    names_.emplace_front(argument, VariantName{});
    name_index_.emplace(argument, names_.begin());
    if (names_.size() > kMaxVariantNames) {
      name_index_.erase(names_.back().first);
      names_.pop_back();
    }
  }
  names_.front().second = VariantName{key, canonical, identity, std::chrono::steady_clock::now()};
  const auto cached = std::find_if(variants_.begin(), variants_.end(),
                                   [&](const CachedVariant& v) { return v.key == key; });
  if (cached != variants_.end()) {
    variants_.splice(variants_.begin(), variants_, cached);
    return cached->variant;
  }
  compiler::Options options;
  options.variants_dir = variants_dir();
  options.may_search = [this](const fs::path& folder) { return may_read_folder(folder); };
  lib::Result<LoadedVariant> loaded = load_variant_text(*bytes, path, options);
  if (!loaded) {
    throw ServeError{"variant-does-not-compile", fmt::format("'{}' does not compile", path),
                     diagnostics_json(loaded.error().diagnostics)};
  }
  variants_.push_front(CachedVariant{key, loaded->variant});
  if (variants_.size() > kMaxCachedVariants) variants_.pop_back();
  return loaded->variant;
}

namespace {

/// A record problem as a serve message: "line N: MESSAGE" when it has a line.
std::string record_message(const lib::Error& error) {
  return error.line != 0 ? fmt::format("line {}: {}", error.line, error.message) : error.message;
}


/// The dialect index a request's "dialect" names.
template <class Request>
int read_dialect(const Variant& variant, const Request& request) {
  const lib::Result<int> dialect = dialect_index(variant, request.string("dialect"));
  if (!dialect) throw ServeError{dialect.error().code, dialect.error().message};
  return *dialect;
}

/// The wording a request's "notation" and "signs" ask for; none without "notation".
template <class Request>
std::optional<lib::Wording> read_wording(const Request& request) {
  if (!request.has("notation")) {
    if (request.has("signs")) throw ServeError{"bad-request", "\"signs\" needs \"notation\""};
    return std::nullopt;
  }
  const lib::Result<records::Notation> notation = lib::notation_named(request.string("notation"));
  if (!notation) throw ServeError{notation.error().code, notation.error().message};
  lib::Wording wording{*notation, records::SideSigns::pieces};
  if (request.has("signs")) {
    const lib::Result<records::SideSigns> signs = lib::signs_named(request.string("signs"));
    if (!signs) throw ServeError{signs.error().code, signs.error().message};
    wording.signs = *signs;
  }
  return wording;
}

/// A legal move of `position` in words.
std::string words(const Position& position, Move move, const lib::Wording& wording, int dialect) {
  lib::Result<std::string> text = lib::move_words(position, move, wording, dialect);
  if (!text) throw ServeError{text.error().code, text.error().message};
  return *text;
}

/// The last `count` moves played in `position`, in words, oldest first.
std::vector<std::string> last_words(const Position& position, std::size_t count, const lib::Wording& wording,
                                    int dialect) {
  Position replay = position.clone();
  std::vector<Move> moves;
  for (std::size_t i = 0; i < count; ++i) {
    moves.push_back(replay.last_move());
    replay.unmake();
  }
  std::vector<std::string> out;
  for (auto move = moves.rbegin(); move != moves.rend(); ++move) {
    out.push_back(words(replay, *move, wording, dialect));
    replay.make(*move);
  }
  return out;
}

}  // namespace

Position& Server::select(const Request& request, bool persist, std::unique_ptr<Position>& scratch,
                         int& dialect) {
  Position* position = nullptr;
  if (request.has("position")) {
    if (request.has("variant") || request.has("sfen")) {
      throw ServeError{"bad-request", "give either \"position\" or \"variant\" (with \"sfen\")"};
    }
    const auto found = held_.find(request.string("position"));
    if (found == held_.end()) {
      throw ServeError{"unknown-position", fmt::format("no position '{}' is held",
                                                       request.string("position"))};
    }
    dialect = request.has("dialect") ? read_dialect(found->second.position->variant(), request)
                                     : found->second.dialect;
    if (persist || !request.has("moves")) {
      position = found->second.position.get();
    } else {
      scratch = std::make_unique<Position>(found->second.position->clone());
      position = scratch.get();
    }
  } else {
    if (!request.has("variant")) {
      throw ServeError{"missing-field", fmt::format("'{}' needs \"position\" or \"variant\"", request.cmd)};
    }
    const auto loaded = variant(request.string("variant"));
    dialect = request.has("dialect") ? read_dialect(*loaded, request) : kNativeDialect;
    scratch = std::make_unique<Position>(loaded);
    position = scratch.get();
    if (request.has("sfen")) {
      auto result = position->set_sfen(request.string("sfen"), dialect == kNativeDialect ? kAnyDialect : dialect);
      if (!result) throw ServeError{result.error().code, result.error().message};
    }
  }
  // All the moves or none: a held position is left as it was when one cannot be played.
  const auto moves = request.moves();
  if (position->history_size() + moves.size() > kMaxPliesPerPosition) {
    throw ServeError{"too-many-plies", fmt::format("a position holds at most {} moves; this one has "
                                                   "{} and {} more were sent", kMaxPliesPerPosition,
                                                   position->history_size(), moves.size())};
  }
  const bool held = persist && request.has("position");
  if (held && held_plies_ + moves.size() > kMaxHeldPlies) {
    throw ServeError{"too-many-plies", fmt::format("the positions held hold at most {} moves in all; "
                                                   "close some", kMaxHeldPlies)};
  }
  for (std::size_t i = 0; i < moves.size(); ++i) {
    std::optional<ServeError> error;
    auto move = position->parse_move(moves[i], dialect);
    if (!move && dialect != kNativeDialect) move = position->parse_move(moves[i], kAnyDialect);
    if (position->status().ended) {
      error = ServeError{"game-over", fmt::format("move {} '{}' comes after the game ended", i + 1, moves[i])};
    } else if (!move) {
      error = ServeError{move.error().code, fmt::format("move {} '{}': {}", i + 1, moves[i],
                                                        move.error().message)};
    }
    if (error) {
      for (std::size_t k = 0; k < i; ++k) position->unmake();
      throw *error;
    }
    position->make(*move);
  }
  if (held) held_plies_ += moves.size();
  return *position;
}

std::string Server::cmd_new(const Request& request) {
  if (held_.size() >= kMaxHeldPositions) {
    throw ServeError{"too-many-positions", fmt::format("at most {} positions are held at once; "
                                                       "close some", kMaxHeldPositions)};
  }
  std::unique_ptr<Position> scratch;
  int dialect = kNativeDialect;
  Position& position = select(request, false, scratch, dialect);
  if (!scratch) scratch = std::make_unique<Position>(position.clone());
  if (held_plies_ + scratch->history_size() > kMaxHeldPlies) {
    throw ServeError{"too-many-plies", fmt::format("the positions held hold at most {} moves in all; "
                                                   "close some", kMaxHeldPlies)};
  }
  held_plies_ += scratch->history_size();
  const std::string id = fmt::format("p{}", next_position_++);
  Answer out(request.id);
  out.key("position").string(id);
  describe(out, *scratch, dialect);
  held_.emplace(id, Held{std::move(scratch), dialect});
  return out.finish();
}

std::string Server::cmd_moves(const Request& request) {
  std::unique_ptr<Position> scratch;
  int dialect = kNativeDialect;
  const Position& position = select(request, false, scratch, dialect);
  const GameStatus status = position.status();
  bool data = false;
  if (request.has("data")) {
    if (!request.body.at("data").is_boolean()) throw ServeError{"bad-field", "'data' must be true or false"};
    data = request.body.at("data").get<bool>();
  }
  const std::optional<lib::Wording> wording = read_wording(request);
  Answer out(request.id);
  out.key("moves").strings(status.ended ? std::vector<std::string>() : position.legal_move_texts(dialect));
  if (wording) {
    // The same moves in words, in the same order.
    std::vector<std::string> list;
    if (!status.ended) {
      for (const Move move : position.legal_moves()) list.push_back(words(position, move, *wording, dialect));
    }
    out.key("words").strings(list);
  }
  if (data) {
    // Each move as data, in the order of "moves", as `koma moves --format json` gives it.
    Json list = Json::array();
    if (!status.ended) {
      for (const Move move : position.legal_moves()) list.push_back(move_json(position, move, dialect));
    }
    out.key("move_data").json(list);
  }
  describe(out, position, dialect, status);
  return out.finish();
}

std::string Server::cmd_play(const Request& request) {
  std::unique_ptr<Position> scratch;
  int dialect = kNativeDialect;
  const std::optional<lib::Wording> wording = read_wording(request);
  Position& position = select(request, true, scratch, dialect);
  // The moves this request played, in words, each read in the position it was played in; when
  // one cannot be written, a held position is left as it was.
  std::vector<std::string> played;
  if (wording) {
    const std::size_t count = request.moves().size();
    try {
      played = last_words(position, count, *wording, dialect);
    } catch (const ServeError&) {
      for (std::size_t i = 0; i < count; ++i) position.unmake();
      if (request.has("position")) held_plies_ -= count;
      throw;
    }
  }
  Answer out(request.id);
  if (request.has("position")) out.key("position").string(request.string("position"));
  if (wording) out.key("words").strings(played);
  describe(out, position, dialect);
  return out.finish();
}

std::string Server::cmd_undo(const Request& request) {
  if (!request.has("position")) throw ServeError{"missing-field", "'undo' needs \"position\""};
  const auto found = held_.find(request.string("position"));
  if (found == held_.end()) {
    throw ServeError{"unknown-position", fmt::format("no position '{}' is held", request.string("position"))};
  }
  Position& position = *found->second.position;
  const int count = request.integer("count", 1, 1 << 20, 1);
  if (static_cast<std::size_t>(count) > position.history_size()) {
    throw ServeError{"no-move-to-undo", fmt::format("{} moves were asked back; {} were played",
                                                    count, position.history_size())};
  }
  for (int i = 0; i < count; ++i) position.unmake();
  held_plies_ -= static_cast<std::size_t>(count);
  Answer out(request.id);
  out.key("position").string(found->first);
  describe(out, position, found->second.dialect);
  return out.finish();
}

std::string Server::cmd_status(const Request& request) {
  std::unique_ptr<Position> scratch;
  int dialect = kNativeDialect;
  const std::optional<lib::Wording> wording = read_wording(request);
  const Position& position = select(request, false, scratch, dialect);
  Answer out(request.id);
  // The last move played, in words (null before any).
  if (wording) {
    if (position.history_size() == 0) {
      out.key("last_move").json(nullptr);
    } else {
      out.key("last_move").string(last_words(position, 1, *wording, dialect).front());
    }
  }
  describe(out, position, dialect);
  return out.finish();
}

std::string Server::cmd_perft(const Request& request) {
  if (!request.has("depth")) throw ServeError{"missing-field", "'perft' needs \"depth\""};
  const int depth = request.integer("depth", 0, kMaxServePerftDepth, 0);
  std::unique_ptr<Position> scratch;
  int dialect = kNativeDialect;
  Position& position = select(request, false, scratch, dialect);
  const std::optional<std::uint64_t> nodes = perft_bounded(position, depth, access_.perft_nodes);
  if (!nodes) {
    throw ServeError{"perft-too-large",
                     fmt::format("perft to depth {} here visits more than {} nodes, the most one "
                                 "request may (koma perft has no such limit)", depth, access_.perft_nodes)};
  }
  Json out;
  out["ok"] = true;
  out["depth"] = depth;
  out["nodes"] = *nodes;
  return with_id(request.id, out);
}

std::string Server::cmd_validate(const Request& request) {
  if (request.has("variant") == request.has("text")) {
    throw ServeError{"bad-request", "'validate' needs one of \"variant\" and \"text\""};
  }
  compiler::DiagnosticList diagnostics;
  std::optional<ir::RuleSet> rules;
  std::string path;
  compiler::Options options;
  options.variants_dir = variants_dir();
  options.may_search = [this](const fs::path& folder) { return may_read_folder(folder); };
  if (request.has("text")) {
    path = request.has("path") ? request.string("path") : "<request>";
    rules = compiler::compile_source(request.string("text"), path, diagnostics, options);
  } else {
    path = variant_file(request.string("variant"));
    rules = compiler::compile_file(path, diagnostics, options);
  }
  if (rules && !diagnostics.has_errors()) check_with_runtime(*rules, path, diagnostics);
  Json out;
  out["ok"] = true;
  out["valid"] = rules.has_value() && !diagnostics.has_errors();
  out["diagnostics"] = diagnostics_json(diagnostics.items);
  return with_id(request.id, out);
}

std::string Server::cmd_close(const Request& request) {
  if (!request.has("position")) throw ServeError{"missing-field", "'close' needs \"position\""};
  const std::string id = request.string("position");
  const auto found = held_.find(id);
  if (found == held_.end()) throw ServeError{"unknown-position", fmt::format("no position '{}' is held", id)};
  held_plies_ -= found->second.position->history_size();
  held_.erase(found);
  Json out;
  out["ok"] = true;
  out["position"] = id;
  return with_id(request.id, out);
}

std::string Server::cmd_render(const Request& request) {
  std::unique_ptr<Position> scratch;
  int dialect = kNativeDialect;
  const Position& position = select(request, false, scratch, dialect);
  const std::string title = request.has("title") ? request.string("title")
                                                 : fmt::format("{} \u2014 {}", position.variant().rules().meta.title,
                                                               position.sfen(dialect));
  lib::Result<std::string> svg = position_svg(position, title);
  if (!svg) throw ServeError{svg.error().code, svg.error().message};
  Json out;
  out["ok"] = true;
  out["svg"] = *svg;
  return with_id(request.id, out);
}

std::string Server::cmd_explain(const Request& request) {
  if (!request.has("variant")) throw ServeError{"missing-field", "'explain' needs \"variant\""};
  const std::shared_ptr<const Variant> loaded = variant(request.string("variant"));
  const ir::RuleSet& rules = loaded->rules();
  std::vector<ir::PieceId> ids;
  if (request.has("piece")) {
    const lib::Result<ir::PieceId> id = find_piece(rules, request.string("piece"));
    if (!id) throw ServeError{id.error().code, id.error().message};
    ids.push_back(*id);
  } else {
    for (std::size_t id = 0; id < rules.pieces.size(); ++id) ids.push_back(static_cast<ir::PieceId>(id));
  }
  Json pieces = Json::array();
  bool legs = false;
  for (const ir::PieceId id : ids) {
    pieces.push_back(piece_json(rules, id));
    legs = legs || !rules.pieces[id].leg_moves.empty();
  }
  Json out;
  out["ok"] = true;
  out["variant"] = rules.meta.title;
  out["pieces"] = pieces;
  out["legend"] = movement_legend(legs);
  return with_id(request.id, out);
}

std::string Server::cmd_record(const Request& request) {
  if (!request.has("variant") || !request.has("text")) {
    throw ServeError{"missing-field", "'record' needs \"variant\" and \"text\""};
  }
  const std::shared_ptr<const Variant> loaded = variant(request.string("variant"));
  const int dialect = request.has("dialect") ? read_dialect(*loaded, request) : kNativeDialect;
  const std::string format_name = request.has("format") ? request.string("format") : "usi";
  const lib::Result<RecordFormat> format = record_format_named(format_name);
  if (!format) throw ServeError{"bad-field", "'format' must be \"kif\", \"ki2\", \"csa\", \"jkf\" or \"usi\""};
  const std::optional<RecordEncoding> encoding =
      record_encoding_named(request.has("encoding") ? request.string("encoding") : "");
  if (!encoding) throw ServeError{"bad-field", "'encoding' must be \"utf-8\" or \"shift-jis\""};
  lib::Result<records::Record> record = read_record_bytes(request.string("text"), *format, *encoding, "<request>",
                                                    format_name == "kifu" ? "kifu" : "", loaded);
  if (!record) throw ServeError{record.error().code, record_message(record.error())};
  lib::Result<records::Judged> judged = judge_record(loaded, *record, dialect, "<request>");
  if (!judged) throw ServeError{judged.error().code, record_message(judged.error())};
  Json out;
  out["ok"] = true;
  if (request.has("to")) {
    const lib::Result<RecordFormat> to = record_format_named(request.string("to"));
    if (!to) throw ServeError{"bad-field", "'to' must be \"kif\", \"ki2\", \"csa\", \"jkf\" or \"usi\""};
    const std::string to_encoding = request.has("to_encoding") ? request.string("to_encoding") : "utf-8";
    if (to_encoding != "utf-8" && to_encoding != "shift-jis") {
      throw ServeError{"bad-field", "'to_encoding' must be \"utf-8\" or \"shift-jis\""};
    }
    lib::Result<std::string> written = write_record(*judged, *to, dialect, to_encoding == "shift-jis");
    if (!written) throw ServeError{written.error().code, written.error().message};
    // JSON strings are UTF-8: Shift-JIS bytes travel as an array of byte values.
    if (to_encoding == "shift-jis") {
      Json bytes = Json::array();
      for (const unsigned char c : *written) bytes.push_back(c);
      out["bytes"] = bytes;
    } else {
      out["record"] = *written;
    }
  } else {
    Json verdict = verdict_json(*judged);
    add_record_notes(judged->record, verdict);
    out["verdict"] = verdict;
  }
  return with_id(request.id, out);
}

}  // namespace koma::cli
