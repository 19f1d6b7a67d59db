// koma for JavaScript, compiled to WebAssembly: a thin adapter over libkoma. Variants and games
// are objects held here under integer handles, as many at once as the caller likes; the
// JavaScript wrapper (frontends/web/npm/index.js) gives them classes and releases them. Every
// answer is a JSON string built by the code the `koma` command uses, but the legal moves:
// numbers and texts the wrapper makes move data of (JSON would take most of the time). A
// failure is the answer {"ok": false, "error": {code, message, file, line, column[,
// diagnostics]}}, which the wrapper throws as a KomaError. Built without exceptions (nothing here or in libkoma throws but
// allocation), so text that is not UTF-8 is written with replacement characters, not refused.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <nlohmann/json.hpp>

#include "board_picture.h"
#include "compiler.h"
#include "computer.h"
#include "diagnostic_format.h"
#include "front_matter.h"
#include "game_session.h"
#include "move_words.h"
#include "perft.h"
#include "piece_explanation.h"
#include "position_setup.h"
#include "source.h"
#include "svg_board.h"
#include "variant_source.h"
#include "version.h"

namespace koma::web {

namespace {

using Json = nlohmann::ordered_json;

/// The objects JavaScript holds, by handle (0 is never one).
struct Objects {
  std::map<int, lib::LoadedVariant> variants;
  std::map<int, std::unique_ptr<lib::Game>> games;
  int next = 1;
};

Objects& objects() {
  static Objects o;
  return o;
}

Json error_json(const lib::Error& error) {
  Json out{{"code", error.code}, {"message", error.message}, {"file", error.file},
           {"line", error.line}, {"column", error.column}};
  if (!error.diagnostics.empty()) out["diagnostics"] = lib::diagnostics_json(error.diagnostics);
  return out;
}

/// The JSON text of `value`; bytes that are not UTF-8 become U+FFFD (dump would throw).
std::string text_of(const Json& value) { return value.dump(-1, ' ', false, Json::error_handler_t::replace); }

std::string failure(const lib::Error& error) { return text_of(Json{{"ok", false}, {"error", error_json(error)}}); }

std::string success(Json value) { return text_of(Json{{"ok", true}, {"value", std::move(value)}}); }

/// The game under `handle`, or null once released (the wrapper never passes such a handle).
lib::Game* game_at(int handle) {
  auto found = objects().games.find(handle);
  return found == objects().games.end() ? nullptr : found->second.get();
}

lib::Error released() { return lib::Error("released", "the object has been disposed"); }

Json optional_text(const std::optional<std::string>& text) { return text ? Json(*text) : Json(nullptr); }

Json place_json(const ir::SourceLoc& at) {
  if (at.line == 0) return nullptr;
  return {{"file", at.file}, {"line", at.line}, {"column", at.column}};
}

/// Appends `text` to `out` as a JSON string.
void append_string(std::string& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      out += "\\u00";
      out += kHex[(c >> 4) & 0xf];
      out += kHex[c & 0xf];
    } else {
      out += c;
    }
  }
  out += '"';
}

void append_optional(std::string& out, const std::optional<std::string>& text) {
  if (text) {
    append_string(out, *text);
  } else {
    out += "null";
  }
}

/// Appends {usi, text, from, to, piece, captured, promotion, drop, face[, via, capturedVia[, via2,
/// capturedVia2]]} to
/// `out`: `usi` in the variant's own spelling, `text` and the pieces in the game's; `face` is the
/// symbol of the piece type standing on `to` after the move. Written straight as text: a list of
/// moves is the package's most frequent answer.
void append_move(std::string& out, const Position& position, const lib::MoveInfo& info) {
  const Tables& tables = position.variant().tables();
  const Move move = info.move;
  std::size_t face = 0;
  if (move.is_drop()) {
    face = static_cast<std::size_t>(move.dropped());
  } else {
    const auto piece = static_cast<std::size_t>(cell_piece(position.at(move.from())));
    face = move.changes_face() ? static_cast<std::size_t>(tables.promotes_to[piece]) : piece;
  }
  out += "{\"usi\":";
  append_string(out, info.usi);
  out += ",\"text\":";
  append_string(out, info.text);
  out += ",\"from\":";
  append_optional(out, info.from);
  out += ",\"to\":";
  append_string(out, info.to);
  out += ",\"piece\":";
  append_string(out, info.piece);
  out += ",\"captured\":";
  append_optional(out, info.captured);
  out += info.promotion ? ",\"promotion\":true" : ",\"promotion\":false";
  out += info.drop ? ",\"drop\":true" : ",\"drop\":false";
  out += ",\"face\":";
  append_string(out, position.variant().rules().pieces[face].symbol);
  if (info.via) {
    out += ",\"via\":";
    append_string(out, *info.via);
    out += ",\"capturedVia\":";
    append_optional(out, info.captured_via);
  }
  if (info.via2) {
    out += ",\"via2\":";
    append_string(out, *info.via2);
    out += ",\"capturedVia2\":";
    append_optional(out, info.captured_via2);
  }
  out += '}';
}

/// One move's data as JSON.
Json move_json(const Position& position, const lib::MoveInfo& info) {
  std::string text;
  append_move(text, position, info);
  return Json::parse(text, nullptr, false);
}

Json status_json(const lib::StatusInfo& status) {
  if (!status.ended) {
    return {{"ended", false}, {"rule", nullptr}, {"winner", nullptr}, {"outcome", nullptr},
            {"text", ""}, {"ruleAt", nullptr}};
  }
  return {{"ended", true}, {"rule", status.rule}, {"winner", optional_text(status.winner)},
          {"outcome", status.outcome}, {"text", status.text}, {"ruleAt", place_json(status.rule_at)}};
}

Json variant_json(const lib::LoadedVariant& loaded) {
  const Variant& variant = *loaded.variant;
  const ir::RuleSet& rules = variant.rules();
  // Each piece type with the face it is taken into hand as (`base`).
  Json pieces = Json::array();
  for (std::size_t id = 0; id < rules.pieces.size(); ++id) {
    const ir::PieceType& type = rules.pieces[id];
    const auto base = static_cast<std::size_t>(variant.tables().base[id]);
    pieces.push_back({{"symbol", type.symbol}, {"name", type.name}, {"label", lib::piece_label(type, ir::Side::sente)},
                      {"base", rules.pieces[base].symbol}});
  }
  return {{"path", loaded.path},
          {"title", rules.meta.title},
          {"files", rules.board.files},
          {"ranks", rules.board.ranks},
          {"sides", {rules.meta.side_names[0], rules.meta.side_names[1]}},
          {"dialects", lib::dialect_names(variant)},
          {"pieces", pieces},
          {"warnings", lib::diagnostics_json(loaded.warnings)}};
}

/// A piece type by the sente symbol it is written with in the rules ("P", "+R").
std::optional<int> piece_by_symbol(const ir::RuleSet& rules, const std::string& symbol) {
  for (std::size_t id = 0; id < rules.pieces.size(); ++id) {
    if (rules.pieces[id].symbol == symbol) return static_cast<int>(id);
  }
  return std::nullopt;
}

/// The piece type on a USI square of `position`, or named "*SYMBOL" or "SYMBOL".
std::optional<int> piece_at_or_named(const Position& position, const std::string& where) {
  const ir::RuleSet& rules = position.variant().rules();
  if (where.starts_with("*")) return piece_by_symbol(rules, where.substr(1));
  for (const int square : position.variant().tables().squares) {
    if (position.square_text(square) == where && is_piece(position.at(square))) return cell_piece(position.at(square));
  }
  return piece_by_symbol(rules, where);
}

lib::Result<int> perft_depth(int depth) {
  if (depth < 0 || depth > 10) return lib::Error("perft-bad-depth", "depth must be 0 to 10");
  return depth;
}

/// A limit JavaScript gives as a number: a whole number of 0 or more (0: not given).
std::optional<std::int64_t> whole(double value) {
  if (!std::isfinite(value) || value < 0 || value != std::floor(value) || value > 9.0e15) return std::nullopt;
  return static_cast<std::int64_t>(value);
}

/// The computer's answer: {verdict, move, ponder, score, mate, depth, seldepth, nodes, ms, pv},
/// its moves as the bridge's move data.
Json thought_json(const lib::Game& game, const lib::ThinkResult& t) {
  Json move = nullptr, ponder = nullptr;
  if (t.move) {
    move = move_json(game.position(), *t.move);
    if (t.ponder) {
      Position after = game.position().clone();
      after.make(t.move->move);
      ponder = move_json(after, *t.ponder);
    }
  }
  return {{"verdict", t.verdict}, {"move", move}, {"ponder", ponder}, {"score", t.score},
          {"mate", t.mate ? Json(*t.mate) : Json(nullptr)}, {"depth", t.depth}, {"seldepth", t.seldepth},
          {"nodes", t.nodes}, {"ms", t.milliseconds}, {"pv", t.pv}};
}

/// The bytes of a bundled variant's file, or nothing when there is no such variant.
std::optional<std::string> bundled_text(const std::string& slug) {
  if (!lib::is_slug(slug)) return std::nullopt;
  std::ifstream in(lib::variants_dir() + "/" + slug + ".md", std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The title a variant file's front matter gives, or "" when it gives none or does not read.
std::string front_matter_title(const std::string& text, const std::string& path) {
  compiler::DiagnosticList ignored;
  const std::optional<compiler::Source> source = compiler::make_source(text, path, ignored);
  if (!source) return "";
  const std::optional<compiler::SplitSource> split = compiler::split_front_matter(*source, ignored);
  if (!split) return "";
  const std::optional<compiler::FrontMatter> front = compiler::parse_front_matter(*source, *split, ignored);
  return front && front->title ? front->title->value : "";
}

}  // namespace

/// Compiles `text` as the file `path` (bundled parents come from the embedded variants), with
/// `koma validate`'s runtime checks: {handle, variant} or the error with every diagnostic.
std::string compile(const std::string& text, const std::string& path) {
  compiler::Options options;
  options.variants_dir = lib::variants_dir();
  lib::Result<lib::LoadedVariant> loaded = lib::load_variant_text(text, path, options);
  if (!loaded) return failure(loaded.error());
  Objects& o = objects();
  const int handle = o.next++;
  Json value{{"handle", handle}, {"variant", variant_json(*loaded)}};
  o.variants.emplace(handle, std::move(*loaded));
  return success(std::move(value));
}

void release_variant(int handle) { objects().variants.erase(handle); }

void release_game(int handle) { objects().games.erase(handle); }

/// A game of the variant `variant`: from `sfen` ("" for the start), `moves` played (separated
/// by spaces), texts in `dialect` ("" for the variant's own): {handle}.
std::string new_game(int variant, const std::string& sfen, const std::string& moves, const std::string& dialect) {
  auto found = objects().variants.find(variant);
  if (found == objects().variants.end()) return failure(released());
  lib::GameSetup setup;
  if (!sfen.empty()) setup.sfen = sfen;
  setup.moves.push_back(moves);
  setup.dialect = dialect;
  lib::Result<lib::Game> game = lib::Game::start(found->second.variant, setup);
  if (!game) return failure(game.error());
  Objects& o = objects();
  const int handle = o.next++;
  o.games.emplace(handle, std::make_unique<lib::Game>(std::move(*game)));
  return success(Json{{"handle", handle}});
}

/// An independent copy of a game: its handle (0 when `handle` is released).
int copy_game(int handle) {
  const lib::Game* game = game_at(handle);
  if (!game) return 0;
  Objects& o = objects();
  const int copy = o.next++;
  o.games.emplace(copy, std::make_unique<lib::Game>(game->copy()));
  return copy;
}

/// The numbers of a move in legalMovesPacked, kPackedStride of them a move: its squares (from,
/// to, via; -1 for none) and pieces (moving, captured, captured on via: indices into
/// moveTables' tokens, -1 for none; face: into its faces), then flags (1 promotion, 2 drop),
/// then a three-leg move's second middle square and what it takes there (-1 for none).
constexpr std::size_t kPackedStride = 10;

/// What legalMovesPacked's numbers point into, for the game's spelling: {squares (USI names
/// by square index, "" off the board), tokens (piece tokens in the game's spelling), faces
/// (piece type symbols)}.
std::string move_tables(int handle) {
  const lib::Game* game = game_at(handle);
  if (!game) return failure(released());
  const Position& position = game->position();
  const Tables& tables = position.variant().tables();
  int size = 0;
  for (const int sq : tables.squares) size = std::max(size, sq + 1);
  std::vector<std::string> squares(static_cast<std::size_t>(size));
  for (const int sq : tables.squares) squares[static_cast<std::size_t>(sq)] = position.square_text(sq);
  Json faces = Json::array();
  for (const ir::PieceType& type : position.variant().rules().pieces) faces.push_back(type.symbol);
  return success({{"squares", squares}, {"tokens", tables.spelling(game->dialect())}, {"faces", faces}});
}

/// The legal moves packed: {data: Int32Array (kPackedStride numbers a move, a view of memory
/// valid until the next call), usi: the USI texts joined by spaces, text: the same in the
/// game's spelling, or null when it is the variant's own}; a failure's JSON string.
emscripten::val legal_moves_packed(int handle) {
  const lib::Game* game = game_at(handle);
  if (!game) return emscripten::val(failure(released()));
  static std::vector<std::int32_t> data;
  data.clear();
  std::string usi, text;
  const Position& position = game->position();
  const Tables& tables = position.variant().tables();
  const bool native = game->dialect() == kNativeDialect;
  if (!position.status().ended) {
    const std::vector<Move> moves = position.legal_moves();
    data.reserve(moves.size() * kPackedStride);
    for (const Move move : moves) {
      const bool drop = move.is_drop();
      const bool returns = !drop && move.to() == move.from();
      const std::array<int, 2> mids = position.middle_squares(move);
      const Cell target = returns ? kEmpty : position.at(move.to());
      const int piece = drop ? move.dropped() : cell_piece(position.at(move.from()));
      const int face = drop || !move.changes_face() ? piece : tables.promotes_to[static_cast<std::size_t>(piece)];
      const Cell via = mids[0] != 0 ? position.at(mids[0]) : kEmpty;
      const Cell via2 = mids[1] != 0 ? position.at(mids[1]) : kEmpty;
      data.insert(data.end(), {drop ? -1 : move.from(), move.to(), mids[0] != 0 ? mids[0] : -1, piece,
                               is_piece(target) ? cell_piece(target) : -1, is_piece(via) ? cell_piece(via) : -1, face,
                               (move.changes_face() ? 1 : 0) | (drop ? 2 : 0), mids[1] != 0 ? mids[1] : -1,
                               is_piece(via2) ? cell_piece(via2) : -1});
      if (!usi.empty()) usi += ' ';
      usi += position.move_text(move, kNativeDialect);
      if (!native) {
        if (!text.empty()) text += ' ';
        text += position.move_text(move, game->dialect());
      }
    }
  }
  emscripten::val out = emscripten::val::object();
  out.set("data", emscripten::val(emscripten::typed_memory_view(data.size(), data.data())));
  out.set("usi", usi);
  out.set("text", native ? emscripten::val::null() : emscripten::val(text));
  return out;
}

/// Plays a move written in any spelling the variant reads: the move's data.
std::string play(int handle, const std::string& text) {
  lib::Game* game = game_at(handle);
  if (!game) return failure(released());
  const Position before = game->position().clone();
  lib::Result<lib::MoveInfo> played = game->play(text);
  if (!played) return failure(played.error());
  return success(move_json(before, *played));
}

/// Takes back the last move: the move's data.
std::string undo(int handle) {
  lib::Game* game = game_at(handle);
  if (!game) return failure(released());
  lib::Result<lib::MoveInfo> taken = game->undo();
  if (!taken) return failure(taken.error());
  return success(move_json(game->position(), *taken));
}

/// The wording `notation` and `signs` name.
lib::Result<lib::Wording> wording_named(const std::string& notation, const std::string& signs) {
  lib::Result<records::Notation> named = lib::notation_named(notation);
  if (!named) return named.error();
  lib::Result<records::SideSigns> marks = lib::signs_named(signs);
  if (!marks) return marks.error();
  return lib::Wording{*named, *marks};
}

/// A legal move (in any spelling the variant reads) in words.
std::string move_text(int handle, const std::string& text, const std::string& notation, const std::string& signs) {
  const lib::Game* game = game_at(handle);
  if (!game) return failure(released());
  const lib::Result<lib::Wording> wording = wording_named(notation, signs);
  if (!wording) return failure(wording.error());
  const koma::Result<Move> move = lib::parse_in_any_dialect(game->position(), game->variant(), text, game->dialect());
  if (!move) return failure(lib::Error(move.error().code, move.error().message));
  const lib::Result<std::string> words = lib::move_words(game->position(), *move, *wording, game->dialect());
  if (!words) return failure(words.error());
  return success(*words);
}

/// The moves played, in words.
std::string moves_text(int handle, const std::string& notation, const std::string& signs) {
  const lib::Game* game = game_at(handle);
  if (!game) return failure(released());
  const lib::Result<lib::Wording> wording = wording_named(notation, signs);
  if (!wording) return failure(wording.error());
  const lib::Result<std::vector<std::string>> words = lib::history_words(*game, *wording);
  if (!words) return failure(words.error());
  return success(*words);
}

/// {sfen, startSfen, side, sideName, inCheck, checkSquare, status, history}: the position and
/// how the game stands; `checkSquare` is the royal in check (one of them when there are several).
std::string state(int handle) {
  const lib::Game* game = game_at(handle);
  if (!game) return failure(released());
  const Position& position = game->position();
  const ir::Side side = position.side_to_move();
  const int royal = position.royal_square(static_cast<int>(side));
  Json history = Json::array();
  Position replay = game->start_position().clone();
  for (const lib::MoveInfo& info : game->history()) {
    history.push_back(move_json(replay, info));
    replay.make(info.move);
  }
  return success({{"sfen", game->sfen()},
                  {"startSfen", game->start_sfen()},
                  {"side", side == ir::Side::sente ? "sente" : "gote"},
                  {"sideName", lib::side_name(game->variant(), side)},
                  {"inCheck", position.in_check()},
                  {"checkSquare", position.in_check() && royal != 0 ? Json(position.square_text(royal)) : Json(nullptr)},
                  {"status", status_json(game->status())},
                  {"history", history}});
}

/// The SFEN of the current position, in the game's spelling ("" once released).
std::string sfen(int handle) {
  const lib::Game* game = game_at(handle);
  return game ? game->sfen() : "";
}

/// How the game stands: {ended, rule, winner, outcome, text, ruleAt}.
std::string status(int handle) {
  const lib::Game* game = game_at(handle);
  if (!game) return failure(released());
  return success(status_json(game->status()));
}

/// Chooses the spelling of the game's texts ("" for the variant's own).
std::string set_dialect(int handle, const std::string& name) {
  lib::Game* game = game_at(handle);
  if (!game) return failure(released());
  lib::Result<bool> set = game->set_dialect(name);
  if (!set) return failure(set.error());
  return success(true);
}

/// perft of the current position to `depth` (0 to 10): the leaf count.
std::string perft(int handle, int depth) {
  const lib::Game* game = game_at(handle);
  if (!game) return failure(released());
  const lib::Result<int> checked = perft_depth(depth);
  if (!checked) return failure(checked.error());
  Position position = game->position().clone();
  return success(koma::perft(position, depth));
}

/// perft split by root move, in legal-move order: [{move (the game's spelling), nodes}].
std::string divide(int handle, int depth) {
  const lib::Game* game = game_at(handle);
  if (!game) return failure(released());
  const lib::Result<int> checked = perft_depth(depth);
  if (!checked || depth == 0) return failure(checked ? lib::Error("perft-bad-depth", "divide needs depth 1 to 10") : checked.error());
  Position position = game->position().clone();
  Json out = Json::array();
  for (const auto& [move, count] : koma::divide(position, depth)) {
    out.push_back({{"move", position.move_text(move, game->dialect())}, {"nodes", count}});
  }
  return success(std::move(out));
}

/// The computer's move within a depth, node or time budget or at a level (each 0: not given;
/// none given: libkoma's default level). The search runs here, on the caller's thread, and stops
/// itself at its budget.
std::string think(int handle, int depth, double nodes, double ms, int level) {
  const lib::Game* game = game_at(handle);
  if (!game) return failure(released());
  const std::optional<std::int64_t> node_limit = whole(nodes), time_limit = whole(ms);
  if (!node_limit || !time_limit) {
    lib::Error error("think-bad-limit", "nodes and ms are whole numbers of 0 or more");
    error.usage = true;
    return failure(error);
  }
  const lib::ThinkLimits limits{.depth = depth, .nodes = *node_limit, .milliseconds = *time_limit, .level = level};
  const lib::Result<lib::ThinkResult> thought = lib::think(*game, limits);
  if (!thought) return failure(thought.error());
  return success(thought_json(*game, *thought));
}

/// The picture `koma render` draws of the position: {svg, layout, hands}, with where the
/// squares and hand pieces are, so that a page can lay clickable places over it.
std::string picture(int handle) {
  const lib::Game* game = game_at(handle);
  if (!game) return failure(released());
  const ir::RuleSet& rules = game->variant().rules();
  const lib::PictureResult result =
      lib::picture_from_sfen(rules, game->position().sfen(kNativeDialect), rules.meta.title);
  if (!result.picture) return failure(lib::Error("picture-failed", result.error));
  const lib::BoardPicture& p = *result.picture;
  const lib::SvgLayout l = lib::svg_layout(p);
  Json hands = Json::array();
  for (int side = 0; side < 2; ++side) {
    Json items = Json::array();
    for (const lib::PictureHandItem& item : p.hands[side]) items.push_back({{"symbol", item.symbol}, {"count", item.count}});
    hands.push_back(items);
  }
  return success({{"svg", lib::render_svg(p)},
                  {"layout",
                   {{"cell", l.cell}, {"boardX", l.board_x}, {"boardY", l.board_y}, {"width", l.width},
                    {"height", l.height}, {"handMiddle", {l.hand_middle[0], l.hand_middle[1]}},
                    {"handFirstX", l.hand_first_x}, {"handStep", l.hand_step}, {"handPiece", l.hand_piece},
                    {"showHands", p.show_hands}}},
                  {"hands", hands}});
}

/// `koma explain` for the piece on a USI square, "*SYMBOL" or a symbol: {text, piece}.
std::string explain(int handle, const std::string& where) {
  const lib::Game* game = game_at(handle);
  if (!game) return failure(released());
  const std::optional<int> id = piece_at_or_named(game->position(), where);
  if (!id) return failure(lib::Error("unknown-piece", "no piece on or named '" + where + "'"));
  const ir::RuleSet& rules = game->variant().rules();
  const auto piece = static_cast<ir::PieceId>(*id);
  return success({{"text", lib::explain_piece(rules, piece)}, {"piece", lib::piece_json(rules, piece)}});
}

/// The bundled variants: [{slug, title}] in slug order, each title the front matter's (the
/// slug when it has none).
std::string bundled() {
  Json out = Json::array();
  for (const std::string& slug : lib::bundled_slugs()) {
    const std::optional<std::string> text = bundled_text(slug);
    const std::string title = text ? front_matter_title(*text, slug + ".md") : "";
    out.push_back({{"slug", slug}, {"title", title.empty() ? slug : title}});
  }
  return success(std::move(out));
}

/// The Markdown text of a bundled variant.
std::string variant_text(const std::string& slug) {
  const std::optional<std::string> text = bundled_text(slug);
  if (!text) return failure(lib::Error("unknown-variant", "no bundled variant '" + slug + "'"));
  return success(*text);
}

/// How many variants and games are held (for tests of their release).
std::string live() {
  return text_of(Json{{"variants", objects().variants.size()}, {"games", objects().games.size()}});
}

std::string version() { return lib::version(); }

}  // namespace koma::web

EMSCRIPTEN_BINDINGS(koma) {
  using namespace koma::web;
  emscripten::function("compile", &compile);
  emscripten::function("releaseVariant", &release_variant);
  emscripten::function("releaseGame", &release_game);
  emscripten::function("newGame", &new_game);
  emscripten::function("copyGame", &copy_game);
  emscripten::function("legalMovesPacked", &legal_moves_packed);
  emscripten::function("moveTables", &move_tables);
  emscripten::function("play", &play);
  emscripten::function("undo", &undo);
  emscripten::function("moveText", &move_text);
  emscripten::function("movesText", &moves_text);
  emscripten::function("state", &state);
  emscripten::function("sfen", &sfen);
  emscripten::function("status", &status);
  emscripten::function("setDialect", &set_dialect);
  emscripten::function("perft", &perft);
  emscripten::function("divide", &divide);
  emscripten::function("think", &think);
  emscripten::function("picture", &picture);
  emscripten::function("explain", &explain);
  emscripten::function("bundled", &bundled);
  emscripten::function("variantText", &variant_text);
  emscripten::function("live", &live);
  emscripten::function("version", &version);
}
