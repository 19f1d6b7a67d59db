// Answers `koma serve` requests: parses a JSON line, checks its keys strictly, runs one command
// on a cached variant and a held or described position, and writes one JSON line back.
#include "serve.h"

#include <algorithm>
#include <array>
#include <optional>
#include <utility>
#include <vector>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli_error.h"
#include "diagnostic_format.h"
#include "did_you_mean.h"
#include "position_args.h"
#include "position_setup.h"
#include "runtime_checks.h"
#include "variant_source.h"

namespace koma::cli {

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
      {"moves", {"variant", "position", "sfen", "moves", "dialect"}},
      {"play", {"variant", "position", "sfen", "moves", "dialect"}},
      {"undo", {"position", "count"}},
      {"status", {"variant", "position", "sfen", "moves", "dialect"}},
      {"perft", {"variant", "position", "sfen", "moves", "dialect", "depth"}},
      {"validate", {"variant", "text", "path"}},
      {"close", {"position"}},
  };
  return commands;
}

/// An answer written straight into a string, for the commands a client sends most; the keys
/// come out in the order they are added. Strings are escaped as JSON requires.
class Answer {
 public:
  explicit Answer(const Json& id) {
    text_ = "{";
    if (!id.is_null()) text_ += "\"id\":" + id.dump(-1, ' ', false, Json::error_handler_t::replace) + ",";
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

std::string error_answer(const Json& id, const ServeError& error) {
  Json out;
  if (!id.is_null()) out["id"] = id;
  out["ok"] = false;
  out["error"] = Json{{"code", error.code}, {"message", error.message}};
  if (!error.diagnostics.is_null()) out["error"]["diagnostics"] = error.diagnostics;
  return out.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace

/// A parsed request: its id, command and the other keys, checked against the command's list.
struct Server::Request {
  Json id;
  std::string cmd;
  Json body;

  bool has(const char* key) const { return body.contains(key); }

  std::string string(const char* key) const {
    const Json& value = body.at(key);
    if (!value.is_string()) throw ServeError{"bad-field", fmt::format("'{}' must be a string", key)};
    return value.get<std::string>();
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
      entries.push_back(value.get<std::string>());
    } else if (value.is_array()) {
      for (const Json& move : value) {
        if (!move.is_string()) throw ServeError{"bad-field", "'moves' must hold strings"};
        entries.push_back(move.get<std::string>());
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
    Json parsed = Json::parse(line, nullptr, false);
    if (parsed.is_discarded()) throw ServeError{"bad-json", "the request is not valid JSON"};
    if (!parsed.is_object()) throw ServeError{"bad-request", "a request is a JSON object"};
    if (parsed.contains("id")) request.id = parsed["id"];
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
  } catch (const CliError& error) {
    return error_answer(request.id, ServeError{"bad-request", error.what()});
  } catch (const std::exception& error) {
    return error_answer(request.id, ServeError{"internal-error", error.what()});
  }
}

std::string Server::dispatch(const Request& request) {
  static const std::array<std::pair<std::string_view, std::string (Server::*)(const Request&)>, 8>
      handlers{{{"new", &Server::cmd_new},
                {"moves", &Server::cmd_moves},
                {"play", &Server::cmd_play},
                {"undo", &Server::cmd_undo},
                {"status", &Server::cmd_status},
                {"perft", &Server::cmd_perft},
                {"validate", &Server::cmd_validate},
                {"close", &Server::cmd_close}}};
  for (const auto& [name, handler] : handlers) {
    if (name == request.cmd) return (this->*handler)(request);
  }
  throw ServeError{"unknown-command", fmt::format("unknown command '{}'", request.cmd)};
}

std::shared_ptr<const Variant> Server::variant(const std::string& argument) {
  if (auto found = variants_.find(argument); found != variants_.end()) return found->second;
  std::string path;
  try {
    path = resolve_variant_path(argument);
  } catch (const CliError& error) {
    throw ServeError{"unknown-variant", error.what()};
  }
  compiler::DiagnosticList diagnostics;
  auto rules = compile_variant(path, diagnostics);
  if (!rules || diagnostics.has_errors()) {
    throw ServeError{"variant-does-not-compile", fmt::format("'{}' does not compile", path),
                     diagnostics_json(diagnostics.items)};
  }
  auto loaded = Variant::load(std::move(*rules));
  if (!loaded) throw ServeError{loaded.error().code, loaded.error().message};
  variants_.emplace(argument, loaded.value());
  return loaded.value();
}

namespace {

/// The dialect index a request's "dialect" names.
template <class Request>
int read_dialect(const Variant& variant, const Request& request) {
  try {
    return dialect_index(variant, request.string("dialect"));
  } catch (const CliError& error) {
    throw ServeError{"unknown-dialect", error.what()};
  }
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
  Answer out(request.id);
  out.key("moves").strings(status.ended ? std::vector<std::string>() : position.legal_move_texts(dialect));
  describe(out, position, dialect, status);
  return out.finish();
}

std::string Server::cmd_play(const Request& request) {
  std::unique_ptr<Position> scratch;
  int dialect = kNativeDialect;
  const Position& position = select(request, true, scratch, dialect);
  Answer out(request.id);
  if (request.has("position")) out.key("position").string(request.string("position"));
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
  Answer out(request.id);
  out.key("position").string(found->first);
  describe(out, position, found->second.dialect);
  return out.finish();
}

std::string Server::cmd_status(const Request& request) {
  std::unique_ptr<Position> scratch;
  int dialect = kNativeDialect;
  const Position& position = select(request, false, scratch, dialect);
  Answer out(request.id);
  describe(out, position, dialect);
  return out.finish();
}

std::string Server::cmd_perft(const Request& request) {
  if (!request.has("depth")) throw ServeError{"missing-field", "'perft' needs \"depth\""};
  const int depth = request.integer("depth", 0, kMaxServePerftDepth, 0);
  std::unique_ptr<Position> scratch;
  int dialect = kNativeDialect;
  Position& position = select(request, false, scratch, dialect);
  Json out;
  if (!request.id.is_null()) out["id"] = request.id;
  out["ok"] = true;
  out["depth"] = depth;
  out["nodes"] = koma::perft(position, depth);
  return out.dump();
}

std::string Server::cmd_validate(const Request& request) {
  if (request.has("variant") == request.has("text")) {
    throw ServeError{"bad-request", "'validate' needs one of \"variant\" and \"text\""};
  }
  compiler::DiagnosticList diagnostics;
  std::optional<ir::RuleSet> rules;
  std::string path;
  if (request.has("text")) {
    path = request.has("path") ? request.string("path") : "<request>";
    compiler::Options options;
    options.variants_dir = variants_dir();
    rules = compiler::compile_source(request.string("text"), path, diagnostics, options);
  } else {
    try {
      path = resolve_variant_path(request.string("variant"));
    } catch (const CliError& error) {
      throw ServeError{"unknown-variant", error.what()};
    }
    rules = compile_variant(path, diagnostics);
  }
  if (rules && !diagnostics.has_errors()) check_with_runtime(*rules, path, diagnostics);
  Json out;
  if (!request.id.is_null()) out["id"] = request.id;
  out["ok"] = true;
  out["valid"] = rules.has_value() && !diagnostics.has_errors();
  out["diagnostics"] = diagnostics_json(diagnostics.items);
  return out.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string Server::cmd_close(const Request& request) {
  if (!request.has("position")) throw ServeError{"missing-field", "'close' needs \"position\""};
  const std::string id = request.string("position");
  if (held_.erase(id) == 0) throw ServeError{"unknown-position", fmt::format("no position '{}' is held", id)};
  Json out;
  if (!request.id.is_null()) out["id"] = request.id;
  out["ok"] = true;
  out["position"] = id;
  return out.dump();
}

}  // namespace koma::cli
