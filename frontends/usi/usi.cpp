// The USI protocol (see usi.h).
#include "usi.h"

#include <charconv>
#include <chrono>

#include <fmt/core.h>

#include "version.h"

namespace koma::usi {

namespace {

std::vector<std::string> split(std::string_view line) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
    if (j > i) words.emplace_back(line.substr(i, j - i));
    i = j;
  }
  return words;
}

/// A whole non-negative number, or none.
std::optional<std::int64_t> number(const std::string& text) {
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
  return value;
}

/// Words [from, to) joined by spaces.
std::string join(const std::vector<std::string>& words, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < to && i < words.size(); ++i) out += (out.empty() ? "" : " ") + words[i];
  return out;
}

bool is_variant_option(const std::string& name) {
  return name == "USI_Variant" || name == "Variant" || name == "UCI_Variant";
}

}  // namespace

Engine::Engine(lib::LoadedVariant variant, Output out)
    : out_(std::move(out)), loaded_(std::move(variant)), variant_name_(loaded_.variant->rules().meta.slug) {
  position_ = std::make_unique<Position>(loaded_.variant);
  searcher_ = std::make_unique<search::Searcher>(loaded_.variant, hash_mb_);
}

Engine::~Engine() { stop(); }

void Engine::say(const std::string& line) {
  std::lock_guard<std::mutex> lock(out_mutex_);
  out_(line);
}

std::string Engine::sfen() const { return position_->sfen(); }

bool Engine::handle(std::string_view line) {
  if (line.size() > kMaxLineBytes) {
    error("line-too-long: a command is at most " + std::to_string(kMaxLineBytes) + " bytes");
    return true;
  }
  const std::vector<std::string> words = split(line);
  if (words.empty()) return true;
  const std::string& command = words[0];
  if (command == "usi") {
    command_usi();
  } else if (command == "isready") {
    say("readyok");
  } else if (command == "setoption") {
    command_setoption(words);
  } else if (command == "usinewgame") {
    stop();
    searcher_->clear();
  } else if (command == "position") {
    command_position(words);
  } else if (command == "go") {
    command_go(words);
  } else if (command == "stop") {
    stop();
  } else if (command == "ponderhit") {
    control_.pondering = false;
  } else if (command == "gameover") {
    stop();
  } else if (command == "quit") {
    stop();
    return false;
  } else {
    error("unknown-command: '" + command + "' is not a USI command");
  }
  return true;
}

void Engine::command_usi() {
  say(std::string("id name koma ") + lib::version());
  say("id author koma");
  say("option name USI_Variant type string default " + variant_name_);
  say("option name USI_Hash type spin default " + std::to_string(kDefaultHashMb) + " min 1 max " +
      std::to_string(kMaxHashMb));
  say("option name Threads type spin default 1 min 1 max 1");
  say("option name USI_Ponder type check default false");
  say("usiok");
}

void Engine::command_setoption(const std::vector<std::string>& words) {
  // setoption name NAME [value VALUE]; names and values may hold spaces.
  std::size_t value_at = words.size();
  for (std::size_t i = 2; i < words.size(); ++i) {
    if (words[i] == "value") {
      value_at = i;
      break;
    }
  }
  if (words.size() < 3 || words[1] != "name") {
    error("bad-setoption: write 'setoption name NAME value VALUE'");
    return;
  }
  const std::string name = join(words, 2, value_at);
  const std::string value = join(words, value_at + 1, words.size());
  if (thread_.joinable() && !control_.stop) {
    error("searching: options are set between searches ('stop' first)");
    return;
  }
  stop();
  if (is_variant_option(name)) {
    if (value.empty()) {
      error("bad-option-value: " + name + " needs a variant slug or a .md file");
      return;
    }
    use_variant(value);
  } else if (name == "USI_Hash" || name == "Hash") {
    const std::optional<std::int64_t> mb = number(value);
    if (!mb || *mb < 1 || *mb > static_cast<std::int64_t>(kMaxHashMb)) {
      error("bad-option-value: " + name + " is a number of megabytes from 1 to " + std::to_string(kMaxHashMb));
      return;
    }
    hash_mb_ = static_cast<std::size_t>(*mb);
    searcher_->set_hash(hash_mb_);
  } else if (name == "Threads") {
    if (value != "1") error("bad-option-value: Threads can only be 1");
  } else if (name == "USI_Ponder") {
    if (value != "true" && value != "false") error("bad-option-value: USI_Ponder is true or false");
  } else {
    error("unknown-option: '" + name + "' is not an option of koma");
  }
}

bool Engine::use_variant(const std::string& argument) {
  lib::Result<lib::LoadedVariant> loaded = lib::load_variant(argument);
  if (!loaded) {
    error(loaded.error().code + ": " + loaded.error().message + " (the variant stays " + variant_name_ + ")");
    return false;
  }
  loaded_ = std::move(loaded).value();
  variant_name_ = argument;
  position_ = std::make_unique<Position>(loaded_.variant);
  searcher_ = std::make_unique<search::Searcher>(loaded_.variant, hash_mb_);
  say("info string variant " + loaded_.variant->rules().meta.slug);
  return true;
}

void Engine::command_position(const std::vector<std::string>& words) {
  std::size_t moves_at = words.size();
  for (std::size_t i = 1; i < words.size(); ++i) {
    if (words[i] == "moves") {
      moves_at = i;
      break;
    }
  }
  auto next = std::make_unique<Position>(loaded_.variant);
  if (words.size() >= 2 && words[1] == "startpos") {
    if (moves_at != 2) {
      error("bad-position: 'position startpos' is followed by 'moves' or nothing (position unchanged)");
      return;
    }
  } else if (words.size() >= 3 && words[1] == "sfen") {
    const std::string text = join(words, 2, moves_at);
    const Result<bool> set = next->set_sfen(text);
    if (!set) {
      error(set.error().code + ": " + set.error().message + " (position unchanged)");
      return;
    }
  } else {
    error("bad-position: write 'position startpos|sfen SFEN [moves M...]' (position unchanged)");
    return;
  }
  for (std::size_t i = moves_at + 1; i < words.size(); ++i) {
    if (next->status().ended) {
      error("game-over: the game has ended before move " + std::to_string(i - moves_at) + " '" + words[i] +
            "' (position unchanged)");
      return;
    }
    const Result<Move> move = next->parse_move(words[i]);
    if (!move) {
      error(move.error().code + ": move " + std::to_string(i - moves_at) + ": " + move.error().message +
            " (position unchanged)");
      return;
    }
    next->make(*move);
  }
  position_ = std::move(next);
}

void Engine::command_go(const std::vector<std::string>& words) {
  stop();
  search::Limits limits;
  bool ponder = false, bounded = false;
  for (std::size_t i = 1; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (word == "infinite") {
      limits.infinite = true;
      continue;
    }
    if (word == "ponder") {
      ponder = true;
      continue;
    }
    if (word == "mate") {
      say("checkmate notimplemented");
      return;
    }
    static const char* const kValued[] = {"btime", "wtime", "binc", "winc", "byoyomi", "movetime", "depth", "nodes"};
    if (std::find(std::begin(kValued), std::end(kValued), word) == std::end(kValued)) {
      error("bad-go: '" + word + "' is not an argument of go (ignored)");
      continue;
    }
    const std::optional<std::int64_t> value = i + 1 < words.size() ? number(words[i + 1]) : std::nullopt;
    if (!value) {
      error("bad-go: '" + word + "' needs a whole number (ignored)");
      continue;
    }
    ++i;
    bounded = true;
    if (word == "btime") limits.time[0] = *value;
    if (word == "wtime") limits.time[1] = *value;
    if (word == "binc") limits.increment[0] = *value;
    if (word == "winc") limits.increment[1] = *value;
    if (word == "byoyomi") limits.byoyomi = *value;
    if (word == "movetime") limits.movetime = *value;
    if (word == "depth") limits.depth = static_cast<int>(std::clamp<std::int64_t>(*value, 1, search::kMaxPly));
    if (word == "nodes") limits.nodes = static_cast<std::uint64_t>(std::max<std::int64_t>(*value, 1));
  }
  if (!bounded) limits.infinite = true;
  control_.stop = false;
  control_.pondering = ponder;
  holding_ = limits.infinite || ponder;
  thread_ = std::thread(&Engine::run, this, position_->clone(), limits, holding_.load());
}

void Engine::stop() {
  control_.stop = true;
  if (thread_.joinable()) thread_.join();
  holding_ = false;
}

void Engine::finish() {
  if (holding_) control_.stop = true;
  if (thread_.joinable()) thread_.join();
  holding_ = false;
}

std::string Engine::info_line(const search::Info& info, Position& position) const {
  const std::int64_t ms = std::max<std::int64_t>(info.time, 1);
  std::string line = fmt::format("info depth {} seldepth {} score {} {} nodes {} nps {} time {}", info.depth,
                                 info.seldepth, info.mate ? "mate" : "cp", info.mate ? *info.mate : info.score,
                                 info.nodes, info.nodes * 1000 / static_cast<std::uint64_t>(ms), info.time);
  if (!info.pv.empty()) {
    line += " pv";
    std::size_t made = 0;
    for (Move m : info.pv) {
      const std::vector<Move> legal = position.legal_moves();
      if (std::find(legal.begin(), legal.end(), m) == legal.end()) break;
      line += ' ';
      line += position.move_text(m);
      position.make(m);
      ++made;
    }
    while (made-- > 0) position.unmake();
  }
  return line;
}

void Engine::run(Position position, search::Limits limits, bool hold) {
  Position text = position.clone();
  const search::Decision d = searcher_->think(position, limits, control_, [&](const search::Info& info) {
    say(info_line(info, text));
  });
  // `go infinite` and `go ponder` answer only when told to stop (or, pondering, on ponderhit).
  while (hold && !control_.stop && (limits.infinite || control_.pondering)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  switch (d.verdict) {
    case search::Verdict::resign: say("bestmove resign"); return;
    case search::Verdict::win: say("bestmove win"); return;
    case search::Verdict::move: break;
  }
  std::string line = "bestmove " + text.move_text(d.best);
  if (!d.ponder.is_none()) {
    text.make(d.best);
    const std::vector<Move> replies = text.legal_moves();
    if (std::find(replies.begin(), replies.end(), d.ponder) != replies.end()) line += " ponder " + text.move_text(d.ponder);
    text.unmake();
  }
  say(line);
}

}  // namespace koma::usi
