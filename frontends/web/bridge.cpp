// The playground's bridge between the page and koma, compiled to WebAssembly: one game held
// here, every answer a JSON string built by the same code the `koma` command uses (compiler
// diagnostics, runtime checks, board picture and SVG, explain, move data, perft).
#include <chrono>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <emscripten/bind.h>
#include <nlohmann/json.hpp>

#include "board_picture.h"
#include "compiler.h"
#include "diagnostic_format.h"
#include "front_matter.h"
#include "game.h"
#include "move_data.h"
#include "perft.h"
#include "piece_explanation.h"
#include "position_setup.h"
#include "runtime_checks.h"
#include "source.h"
#include "svg_board.h"
#include "variant_source.h"

namespace koma::web {

namespace {

using Json = nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

/// The game the page shows: the variant last compiled without errors, the position it was set
/// up from and the moves played since.
struct Session {
  std::shared_ptr<const Variant> variant;
  std::string path;                   ///< the file name diagnostics carry
  std::unique_ptr<Position> start;    ///< the set-up position (the start or an SFEN)
  std::unique_ptr<Position> current;  ///< start after `moves`
  std::vector<Move> moves;
  int dialect = kNativeDialect;
};

Session& session() {
  static Session s;
  return s;
}

double milliseconds_since(Clock::time_point begin) {
  return std::chrono::duration<double, std::milli>(Clock::now() - begin).count();
}

std::string error_answer(const std::string& code, const std::string& message) {
  return Json{{"ok", false}, {"error", {{"code", code}, {"message", message}}}}.dump();
}

std::string error_answer(const Error& error) { return error_answer(error.code, error.message); }

/// Runs `body`, turning an exception into an error answer so no failure escapes to the page.
template <typename Body>
std::string guarded(Body body) {
  try {
    return body();
  } catch (const std::exception& e) {
    return error_answer("internal-error", e.what());
  }
}

bool has_game() { return session().current != nullptr; }

std::string no_game() {
  return error_answer("no-variant", "no variant has compiled yet: fix the errors first");
}

/// A piece type by the sente symbol it is written with in the rules ("P", "+R").
std::optional<int> piece_by_symbol(const ir::RuleSet& rules, const std::string& symbol) {
  for (std::size_t id = 0; id < rules.pieces.size(); ++id) {
    if (rules.pieces[id].symbol == symbol) return static_cast<int>(id);
  }
  return std::nullopt;
}

Json status_of(const Variant& variant, const Position& position) {
  const GameStatus status = position.status();
  if (!status.ended) return nullptr;
  Json out = lib::status_json(variant, status);
  for (const ir::EndRule& rule : variant.rules().endings) {
    if (rule.kind == status.rule && rule.loc.line != 0) {
      out["rule_at"] = {{"file", rule.loc.file}, {"line", rule.loc.line}, {"column", rule.loc.column}};
      break;
    }
  }
  return out;
}

/// Board, hands and where render_svg put them, so the page can lay clickable squares over the
/// picture `koma render` draws.
Json picture_of(const Variant& variant, const Position& position) {
  const std::string sfen = position.sfen(kNativeDialect);
  const lib::PictureResult result = lib::picture_from_sfen(variant.rules(), sfen, variant.rules().meta.title);
  if (!result.picture) return {{"error", result.error}};
  const lib::BoardPicture& picture = *result.picture;
  const lib::SvgLayout l = lib::svg_layout(picture);
  Json hands = Json::array();
  for (int side = 0; side < 2; ++side) {
    Json items = Json::array();
    for (const lib::PictureHandItem& item : picture.hands[side]) {
      items.push_back({{"symbol", item.symbol}, {"count", item.count}});
    }
    hands.push_back(items);
  }
  return {{"svg", lib::render_svg(picture)},
          {"layout",
           {{"cell", l.cell}, {"board_x", l.board_x}, {"board_y", l.board_y}, {"width", l.width},
            {"height", l.height}, {"hand_middle", {l.hand_middle[0], l.hand_middle[1]}},
            {"hand_first_x", l.hand_first_x}, {"hand_step", l.hand_step},
            {"hand_piece", l.hand_piece}, {"show_hands", picture.show_hands}}},
          {"hands", hands}};
}

std::string state_json() {
  const Session& s = session();
  const Variant& variant = *s.variant;
  const Position& position = *s.current;
  Json out{{"ok", true}};
  out["sfen"] = position.sfen(s.dialect);
  out["start_sfen"] = s.start->sfen(s.dialect);
  out["side_to_move"] = lib::side_name(variant, position.side_to_move());
  out["to_move"] = position.side_to_move() == ir::Side::sente ? "sente" : "gote";
  out["in_check"] = position.in_check();
  // The royal in check, to be marked on the board (one of them when there are several).
  const int royal = position.royal_square(static_cast<int>(position.side_to_move()));
  out["check_square"] = position.in_check() && royal != 0 ? Json(position.square_text(royal)) : Json(nullptr);
  out["status"] = status_of(variant, position);
  out["legal_moves"] = position.status().ended ? 0 : position.legal_moves().size();
  // The moves in USI and in the chosen spelling, each written in the position it was played in.
  Json history = Json::array();
  Position replay = s.start->clone();
  for (const Move move : s.moves) {
    history.push_back({{"usi", replay.move_text(move, kNativeDialect)},
                       {"text", replay.move_text(move, s.dialect)}});
    replay.make(move);
  }
  out["history"] = history;
  if (!s.moves.empty()) {
    const Move last = s.moves.back();
    out["last"] = {{"from", last.is_drop() ? Json(nullptr) : Json(position.square_text(last.from()))},
                   {"to", position.square_text(last.to())}};
  } else {
    out["last"] = nullptr;
  }
  out["picture"] = picture_of(variant, position);
  return out.dump();
}

Json variant_json(const Variant& variant) {
  const ir::RuleSet& rules = variant.rules();
  Json pieces = Json::array();
  for (const ir::PieceType& type : rules.pieces) {
    pieces.push_back({{"symbol", type.symbol}, {"name", type.name}, {"label", lib::piece_label(type, ir::Side::sente)}});
  }
  return {{"title", rules.meta.title},
          {"files", rules.board.files},
          {"ranks", rules.board.ranks},
          {"sides", {rules.meta.side_names[0], rules.meta.side_names[1]}},
          {"dialects", lib::dialect_names(variant)},
          {"pieces", pieces}};
}

/// Makes `variant` the session's: for a new version of the game's text (`same_game`), keeps the
/// set-up SFEN and the moves played when they still read and play under the new rules; else
/// starts from the variant's start position.
void adopt(std::shared_ptr<const Variant> variant, const std::string& path, bool same_game) {
  Session& s = session();
  auto start = std::make_unique<Position>(variant);
  std::vector<Move> moves;
  if (s.start && same_game) {
    Position old_replay = s.start->clone();
    std::vector<std::string> texts;
    for (const Move move : s.moves) {
      texts.push_back(old_replay.move_text(move, kNativeDialect));
      old_replay.make(move);
    }
    Position candidate(variant);
    bool kept = static_cast<bool>(candidate.set_sfen(s.start->sfen(kNativeDialect)));
    Position played = candidate.clone();
    for (std::size_t i = 0; kept && i < texts.size(); ++i) {
      auto move = played.parse_move(texts[i]);
      if (!move || played.status().ended) {
        kept = false;
        break;
      }
      played.make(*move);
      moves.push_back(*move);
    }
    if (kept) {
      start = std::make_unique<Position>(std::move(candidate));
    } else {
      moves.clear();
    }
  }
  s.current = std::make_unique<Position>(start->clone());
  for (const Move move : moves) s.current->make(move);
  s.start = std::move(start);
  s.moves = std::move(moves);
  s.variant = std::move(variant);
  s.path = path;
  if (s.dialect != kNativeDialect &&
      static_cast<std::size_t>(s.dialect + 2) > s.variant->tables().tokens.size()) {
    s.dialect = kNativeDialect;
  }
}

}  // namespace

/// Compiles `text` as the file `path` (bundled parents are read from the embedded variants)
/// and runs `koma validate`'s runtime checks. Answers {ok, diagnostics, milliseconds} and, when
/// it has no error, {variant}: the game is then played under the new rules, keeping the
/// position when `same_game` (an edit of the text the game was played under).
std::string compile(const std::string& text, const std::string& path, bool same_game) {
  return guarded([&] {
    const auto begin = Clock::now();
    compiler::DiagnosticList diagnostics;
    compiler::Options options;
    options.variants_dir = lib::variants_dir();
    std::optional<ir::RuleSet> rules = compiler::compile_source(text, path, diagnostics, options);
    if (rules && !diagnostics.has_errors()) lib::check_with_runtime(*rules, path, diagnostics);
    Json out{{"ok", false}};
    if (rules && !diagnostics.has_errors()) {
      auto variant = Variant::load(std::move(*rules));
      if (variant) {
        adopt(variant.value(), path, same_game);
        out["ok"] = true;
        out["variant"] = variant_json(*session().variant);
      } else {
        out["error"] = {{"code", variant.error().code}, {"message", variant.error().message}};
      }
    }
    out["milliseconds"] = milliseconds_since(begin);
    out["diagnostics"] = lib::diagnostics_json(diagnostics.items);
    return out.dump();
  });
}

/// The position: SFEN, side to move, check, ending (with the rule's place), moves, picture.
std::string state() {
  return guarded([] { return has_game() ? state_json() : no_game(); });
}

/// The legal moves of the piece on `origin` (a USI square) or, for "*SYMBOL", of that hand
/// piece: each {usi (native), text (chosen spelling), from, to, piece, captured, promotion,
/// drop, face (what stands on the target after it), label}. Answers also the time taken.
std::string moves_from(const std::string& origin) {
  return guarded([&] {
    if (!has_game()) return no_game();
    const auto begin = Clock::now();
    const Session& s = session();
    const Position& position = *s.current;
    const ir::RuleSet& rules = s.variant->rules();
    const Tables& tables = s.variant->tables();
    Json list = Json::array();
    if (!position.status().ended) {
      const bool from_hand = origin.starts_with("*");
      const std::optional<int> hand_piece =
          from_hand ? piece_by_symbol(rules, origin.substr(1)) : std::nullopt;
      for (const Move move : position.legal_moves()) {
        int face = 0;
        if (from_hand) {
          if (!move.is_drop() || !hand_piece ||
              tables.base[static_cast<std::size_t>(move.dropped())] != *hand_piece) {
            continue;
          }
          face = move.dropped();
        } else {
          if (move.is_drop() || position.square_text(move.from()) != origin) continue;
          const int piece = cell_piece(position.at(move.from()));
          face = move.changes_face() ? tables.promotes_to[static_cast<std::size_t>(piece)] : piece;
        }
        Json m = lib::move_json(position, move, kNativeDialect);
        m["text"] = position.move_text(move, s.dialect);
        const ir::PieceType& type = rules.pieces[static_cast<std::size_t>(face)];
        m["face"] = type.name;
        m["label"] = lib::piece_label(type, ir::Side::sente);
        list.push_back(m);
      }
    }
    return Json{{"ok", true}, {"moves", list}, {"milliseconds", milliseconds_since(begin)}}.dump();
  });
}

/// Plays a legal move (USI in any spelling the variant reads), then answers the state.
std::string play(const std::string& text) {
  return guarded([&] {
    if (!has_game()) return no_game();
    Session& s = session();
    if (s.current->status().ended) return error_answer("game-over", "the game has ended");
    auto move = s.current->parse_move(text, kAnyDialect);
    if (!move) return error_answer(move.error());
    s.current->make(*move);
    s.moves.push_back(*move);
    return state_json();
  });
}

/// Takes back the last move played.
std::string undo() {
  return guarded([] {
    if (!has_game()) return no_game();
    Session& s = session();
    if (s.moves.empty()) return error_answer("no-move-to-undo", "no move has been played");
    s.current->unmake();
    s.moves.pop_back();
    return state_json();
  });
}

/// Sets the game up from an SFEN in any spelling the variant reads ("" or "startpos": the start).
std::string set_sfen(const std::string& text) {
  return guarded([&] {
    if (!has_game()) return no_game();
    Session& s = session();
    auto position = std::make_unique<Position>(s.variant);
    if (!text.empty() && text != "startpos") {
      auto read = position->set_sfen(text, kAnyDialect);
      if (!read) return error_answer(read.error());
    }
    s.current = std::make_unique<Position>(position->clone());
    s.start = std::move(position);
    s.moves.clear();
    return state_json();
  });
}

/// Chooses the spelling of moves and SFEN: "" for the variant's own, or a dialect's name.
std::string set_dialect(const std::string& name) {
  return guarded([&] {
    if (!has_game()) return no_game();
    const lib::Result<int> dialect = lib::dialect_index(*session().variant, name);
    if (!dialect) return error_answer(dialect.error().code, dialect.error().message);
    session().dialect = *dialect;
    return state_json();
  });
}

/// `koma explain` for the piece on a USI square, or for "*SYMBOL" / a symbol: {text, piece}.
std::string explain(const std::string& where) {
  return guarded([&] {
    if (!has_game()) return no_game();
    const Session& s = session();
    const ir::RuleSet& rules = s.variant->rules();
    std::optional<int> id;
    if (where.starts_with("*")) {
      id = piece_by_symbol(rules, where.substr(1));
    } else {
      for (const int square : s.variant->tables().squares) {
        if (s.current->square_text(square) == where && is_piece(s.current->at(square))) {
          id = cell_piece(s.current->at(square));
        }
      }
      if (!id) id = piece_by_symbol(rules, where);
    }
    if (!id) return error_answer("unknown-piece", "no piece on or named '" + where + "'");
    const auto piece = static_cast<ir::PieceId>(*id);
    return Json{{"ok", true},
                {"text", lib::explain_piece(rules, piece)},
                {"piece", lib::piece_json(rules, piece)}}
        .dump();
  });
}

/// perft of the position to `depth` (0 to 7): {nodes, seconds, nps, divide: [{move, nodes}]}.
std::string perft(int depth) {
  return guarded([&] {
    if (!has_game()) return no_game();
    if (depth < 0 || depth > 7) return error_answer("perft-bad-depth", "depth must be 0 to 7");
    Session& s = session();
    Position position = s.current->clone();
    const auto begin = Clock::now();
    Json divide = Json::array();
    std::uint64_t nodes = 0;
    if (depth == 0) {
      nodes = koma::perft(position, 0);
    } else {
      for (const auto& [move, count] : koma::divide(position, depth)) {
        divide.push_back({{"move", position.move_text(move, s.dialect)}, {"nodes", count}});
        nodes += count;
      }
    }
    const double seconds = milliseconds_since(begin) / 1000.0;
    return Json{{"ok", true},
                {"depth", depth},
                {"nodes", nodes},
                {"seconds", seconds},
                {"nps", seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0},
                {"divide", divide}}
        .dump();
  });
}

/// One root move's share of perft to `depth` (1 to 7), so that a long count can report progress:
/// the `index`-th move of divide's order, {count (root moves), move, nodes}; past the last move,
/// {count} alone.
std::string perft_move(int depth, int index) {
  return guarded([&] {
    if (!has_game()) return no_game();
    if (depth < 1 || depth > 7) return error_answer("perft-bad-depth", "depth must be 1 to 7");
    const Session& s = session();
    Position position = s.current->clone();
    // divide to depth 1 lists the root moves in divide's order, none when the game has ended.
    const std::vector<std::pair<Move, std::uint64_t>> roots = koma::divide(position, 1);
    Json out{{"ok", true}, {"count", roots.size()}};
    if (index < 0 || static_cast<std::size_t>(index) >= roots.size()) return out.dump();
    const Move move = roots[static_cast<std::size_t>(index)].first;
    out["move"] = position.move_text(move, s.dialect);
    position.make(move);
    out["nodes"] = koma::perft(position, depth - 1);
    return out.dump();
  });
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

/// The bundled variants: {slugs, titles} in slug order, each title the front matter's (the slug
/// when it has none).
std::string bundled() {
  return guarded([] {
    Json titles = Json::array();
    const std::vector<std::string> slugs = lib::bundled_slugs();
    for (const std::string& slug : slugs) {
      const std::optional<std::string> text = bundled_text(slug);
      const std::string title = text ? front_matter_title(*text, slug + ".md") : "";
      titles.push_back(title.empty() ? slug : title);
    }
    return Json{{"ok", true}, {"slugs", slugs}, {"titles", titles}}.dump();
  });
}

/// The Markdown text of a bundled variant.
std::string variant_text(const std::string& slug) {
  return guarded([&] {
    if (!lib::is_slug(slug)) return error_answer("unknown-variant", "not a variant slug: " + slug);
    const std::optional<std::string> text = bundled_text(slug);
    if (!text) return error_answer("unknown-variant", "no bundled variant " + slug);
    return Json{{"ok", true}, {"text", *text}}.dump();
  });
}

}  // namespace koma::web

EMSCRIPTEN_BINDINGS(koma_playground) {
  emscripten::function("compile", &koma::web::compile);
  emscripten::function("state", &koma::web::state);
  emscripten::function("movesFrom", &koma::web::moves_from);
  emscripten::function("play", &koma::web::play);
  emscripten::function("undo", &koma::web::undo);
  emscripten::function("setSfen", &koma::web::set_sfen);
  emscripten::function("setDialect", &koma::web::set_dialect);
  emscripten::function("explain", &koma::web::explain);
  emscripten::function("perft", &koma::web::perft);
  emscripten::function("perftMove", &koma::web::perft_move);
  emscripten::function("bundled", &koma::web::bundled);
  emscripten::function("variantText", &koma::web::variant_text);
}
