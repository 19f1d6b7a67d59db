// The Python module `koma._koma`: libkoma (variant loading, lib::Game, pieces and hands, SVG,
// explanations, records) bound with pybind11. koma/__init__.py adds the exception classes,
// the bundled variants' folder and the older names.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "board_picture.h"
#include "computer.h"
#include "game_session.h"
#include "move_words.h"
#include "piece_explanation.h"
#include "position_contents.h"
#include "position_setup.h"
#include "records_io.h"
#include "svg_board.h"
#include "variant_source.h"

namespace py = pybind11;

namespace koma::python {

namespace {

py::object optional_text(const std::optional<std::string>& text) {
  return text ? py::object(py::str(*text)) : py::object(py::none());
}

py::dict location(const ir::SourceLoc& loc) {
  py::dict out;
  out["file"] = loc.file;
  out["line"] = loc.line;
  out["column"] = loc.column;
  return out;
}

/// One diagnostic as a dict; koma/__init__.py wraps it in a koma.Diagnostic.
py::dict diagnostic_dict(const compiler::Diagnostic& diagnostic) {
  py::dict out = location(diagnostic.loc);
  out["severity"] = std::string(compiler::spelling(diagnostic.severity));
  out["code"] = std::string(compiler::spelling(diagnostic.code));
  out["message"] = diagnostic.message;
  py::list notes;
  for (const auto& note : diagnostic.notes) {
    py::dict entry = location(note.loc);
    entry["message"] = note.message;
    notes.append(entry);
  }
  out["notes"] = notes;
  return out;
}

py::list diagnostic_list(const std::vector<compiler::Diagnostic>& diagnostics) {
  py::list out;
  for (const auto& diagnostic : diagnostics) out.append(diagnostic_dict(diagnostic));
  return out;
}

/// Raises the koma.KomaError subclass koma/__init__.py picks for `error` met doing `kind`
/// ("variant", "position", "move", "record", "usage").
[[noreturn]] void raise_error(const lib::Error& error, const char* kind) {
  py::dict info;
  info["code"] = error.code;
  info["message"] = error.message;
  info["file"] = error.file;
  info["line"] = error.line;
  info["column"] = error.column;
  info["diagnostics"] = diagnostic_list(error.diagnostics);
  info["usage"] = error.usage;
  py::object exception = py::module_::import("koma").attr("_error")(info, kind);
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(exception.ptr())), exception.ptr());
  throw py::error_already_set();
}

[[noreturn]] void raise_error(const std::string& code, const std::string& message, const char* kind) {
  raise_error(lib::Error(code, message), kind);
}

template <class T>
T unwrap(lib::Result<T> result, const char* kind) {
  if (!result) raise_error(result.error(), kind);
  return std::move(*result);
}

/// The C++ object of `self`, or TypeError when `self` is no C or its __init__ never ran:
/// `koma.Game.__new__(koma.Game)` holds no C++ object, and pybind11 would hand out
/// uninitialised memory as one.
template <typename C>
C& initialised(py::handle self) {
  const std::string name = py::str(py::type::of<C>().attr("__name__"));
  if (!py::isinstance<C>(self)) throw py::type_error("expected a koma." + name);
  const py::detail::value_and_holder held =
      reinterpret_cast<py::detail::instance*>(self.ptr())->get_value_and_holder(py::detail::get_type_info(typeid(C)));
  if (!held.holder_constructed()) {
    throw py::type_error("this koma." + name + " was made without __init__ and holds nothing");
  }
  return *held.template value_ptr<C>();
}

/// A getter or method of C bound so that an object made without __init__ raises TypeError.
template <typename C, typename F, typename R, typename Self, typename... A>
auto on_call(F f, R (F::*)(Self, A...) const) {
  return [f](py::handle self, A... args) -> R { return f(initialised<C>(self), std::forward<A>(args)...); };
}
template <typename C, typename F>
auto on(F f) {
  return on_call<C>(f, &F::operator());
}
template <typename C, typename R, typename Self, typename... A>
auto on(R (*f)(Self, A...)) {
  return [f](py::handle self, A... args) -> R { return f(initialised<C>(self), std::forward<A>(args)...); };
}

/// A compiled and loaded variant, shared by its games.
struct PyVariant {
  lib::LoadedVariant loaded;
  const ir::RuleSet& rules() const { return loaded.variant->rules(); }
};

compiler::Options options_for(const std::string& variants_dir) {
  compiler::Options options;
  options.variants_dir = variants_dir;
  return options;
}

/// Loads a variant file or text, with bundled parents looked up in `variants_dir`.
PyVariant load(const std::string& text_or_path, bool is_text, const std::string& path,
               const std::string& variants_dir) {
  std::optional<lib::Result<lib::LoadedVariant>> loaded;
  {
    py::gil_scoped_release release;
    loaded.emplace(is_text ? lib::load_variant_text(text_or_path, path, options_for(variants_dir))
                           : lib::load_variant_file(text_or_path, options_for(variants_dir)));
  }
  return PyVariant{unwrap(std::move(*loaded), "variant")};
}

/// A move as data; equal to another move of the same USI, or to its USI or dialect text.
struct PyMove {
  lib::MoveInfo info;
};

/// A piece on a square or in a description.
struct PyPiece {
  lib::PieceInfo info;
  std::string side;
};

/// How a game stands, with where the variant states the rule that ended it.
struct PyGameStatus {
  lib::StatusInfo info;
};

/// What the computer decided, with the search's figures.
struct PyThought {
  lib::ThinkResult info;
};

/// How a judged record ended.
struct PyRecordResult {
  lib::RecordResult info;
};

PyPiece make_piece(const Variant& variant, lib::PieceInfo info) {
  std::string side = lib::side_name(variant, info.side);
  return PyPiece{std::move(info), std::move(side)};
}

py::object location_field(const ir::SourceLoc& loc, int which) {
  if (loc.line == 0) return py::none();
  if (which == 0) return py::str(loc.file);
  return py::int_(which == 1 ? loc.line : loc.column);
}

/// The wording `notation` and `signs` name; a koma.UsageError for a name nothing knows.
lib::Wording wording_named(const std::string& notation, const std::string& signs) {
  return lib::Wording{unwrap(lib::notation_named(notation), "usage"), unwrap(lib::signs_named(signs), "usage")};
}

/// A game: a variant, its start, the moves played and the spelling texts are written in.
class PyGame {
 public:
  PyGame(py::object variant, lib::Game game, std::string dialect)
      : variant_(std::move(variant)), game_(std::move(game)), dialect_name_(std::move(dialect)) {}

  static PyGame start(py::object variant, const std::optional<std::string>& sfen,
                      const std::vector<std::string>& moves, const std::string& dialect) {
    const PyVariant& held = initialised<PyVariant>(variant);
    lib::GameSetup setup;
    setup.sfen = sfen;
    setup.moves = moves;
    setup.dialect = dialect;
    lib::Result<lib::Game> game = lib::Game::start(held.loaded.variant, setup);
    if (!game) {
      const std::string& code = game.error().code;
      raise_error(game.error(), code.starts_with("sfen") ? "position" : code.starts_with("unknown") ? "usage" : "move");
    }
    return PyGame(std::move(variant), std::move(*game), dialect);
  }

  const Variant& variant() const { return game_.variant(); }
  py::object variant_object() const { return variant_; }
  const lib::Game& game() const { return game_; }
  const std::string& dialect_name() const { return dialect_name_; }

  void set_sfen(const std::string& sfen) {
    *this = start(variant_, sfen, {}, dialect_name_);
  }

  py::list legal_moves() const {
    std::vector<lib::MoveInfo> moves = game_.legal_moves();
    py::list out(moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) out[i] = py::cast(PyMove{std::move(moves[i])});
    return out;
  }

  py::list history() const {
    py::list out;
    for (lib::MoveInfo& move : game_.history()) out.append(py::cast(PyMove{std::move(move)}));
    return out;
  }

  PyMove push(const py::object& move) {
    const std::string text = py::isinstance<PyMove>(move) ? initialised<PyMove>(move).info.text
                                                          : move.cast<std::string>();
    return PyMove{unwrap(game_.play(text), "move")};
  }

  PyMove pop() { return PyMove{unwrap(game_.undo(), "move")}; }

  /// A legal move of the position (a Move or its text) in words.
  std::string move_text(const py::object& move, const std::string& notation, const std::string& signs) const {
    const lib::Wording wording = wording_named(notation, signs);
    const std::string text = py::isinstance<PyMove>(move) ? initialised<PyMove>(move).info.text
                                                          : move.cast<std::string>();
    koma::Result<Move> parsed = lib::parse_in_any_dialect(game_.position(), variant(), text, game_.dialect());
    if (!parsed) raise_error(parsed.error().code, parsed.error().message, "move");
    return unwrap(lib::move_words(game_.position(), *parsed, wording, game_.dialect()), "usage");
  }

  /// The moves played, in words.
  std::vector<std::string> moves_text(const std::string& notation, const std::string& signs) const {
    return unwrap(lib::history_words(game_, wording_named(notation, signs)), "usage");
  }

  int square(const std::string& name) const {
    const int square = lib::square_index(variant(), name);
    if (square < 0) raise_error("unknown-square", "no square '" + name + "' on this board", "usage");
    return square;
  }

  std::optional<PyPiece> piece_at(const std::string& name) const {
    std::optional<lib::PieceInfo> piece = lib::piece_at(game_.position(), square(name), game_.dialect());
    if (!piece) return std::nullopt;
    return make_piece(variant(), std::move(*piece));
  }

  py::list pieces() const {
    py::list out;
    for (lib::SquarePiece& item : lib::board_pieces(game_.position(), game_.dialect())) {
      out.append(py::make_tuple(item.square, make_piece(variant(), std::move(item.piece))));
    }
    return out;
  }

  ir::Side side_of(const py::object& side) const {
    if (py::isinstance<py::int_>(side)) {
      const int index = side.cast<int>();
      if (index == 0 || index == 1) return static_cast<ir::Side>(index);
    } else if (py::isinstance<py::str>(side)) {
      const std::string name = side.cast<std::string>();
      for (int index = 0; index < 2; ++index) {
        if (name == lib::side_name(variant(), static_cast<ir::Side>(index))) return static_cast<ir::Side>(index);
      }
    }
    const std::string names = lib::side_name(variant(), ir::Side::sente) + " (0) or " +
                              lib::side_name(variant(), ir::Side::gote) + " (1)";
    raise_error("unknown-side", "a side is " + names + ", not " + py::repr(side).cast<std::string>(), "usage");
  }

  py::dict hand(const py::object& side) const {
    py::dict out;
    for (const lib::HandPiece& item : lib::hand_pieces(game_.position(), side_of(side), game_.dialect())) {
      out[py::str(item.symbol)] = item.count;
    }
    return out;
  }

  std::string render() const {
    const std::string sfen = game_.position().sfen(kNativeDialect);
    const lib::PictureResult picture =
        lib::picture_from_sfen(variant().rules(), sfen, variant().rules().meta.title + " \u2014 " + game_.sfen());
    if (!picture.picture) raise_error("render-failed", picture.error, "position");
    return lib::render_svg(*picture.picture);
  }

  std::string explain(const py::object& what) const {
    ir::PieceId id = 0;
    if (py::isinstance<PyPiece>(what)) {
      id = initialised<PyPiece>(what).info.id;
    } else {
      const std::string text = what.cast<std::string>();
      if (!text.empty() && text[0] >= '0' && text[0] <= '9') {
        std::optional<lib::PieceInfo> piece = lib::piece_at(game_.position(), square(text), game_.dialect());
        if (!piece) raise_error("empty-square", "no piece stands on " + text, "usage");
        id = piece->id;
      } else {
        const std::optional<ir::PieceId> named = lib::piece_named(variant(), text, game_.dialect());
        if (!named) raise_error("unknown-piece", "no piece is written '" + text + "' in this variant", "usage");
        id = *named;
      }
    }
    return lib::explain_piece(variant().rules(), id);
  }

  static void check_depth(int depth) {
    if (depth < 0 || depth > 20) raise_error("perft-bad-depth", "perft depth must be 0..20", "usage");
  }

  /// Counts on a copy with the GIL released: other threads may use this game meanwhile.
  std::uint64_t perft(int depth) const {
    check_depth(depth);
    Position copy = game_.position().clone();
    py::gil_scoped_release release;
    return koma::perft(copy, depth);
  }

  py::dict divide(int depth) const {
    check_depth(depth);
    if (depth == 0) raise_error("perft-bad-depth", "divide needs a depth of 1 or more", "usage");
    Position copy = game_.position().clone();
    std::vector<std::pair<Move, std::uint64_t>> counts;
    {
      py::gil_scoped_release release;
      counts = koma::divide(copy, depth);
    }
    py::dict out;
    for (const auto& [move, count] : counts) out[py::str(game_.position().move_text(move, game_.dialect()))] = count;
    return out;
  }

  std::string record(const std::string& format) const {
    return unwrap(lib::write_record(game_, unwrap(lib::record_format_named(format), "usage")), "record");
  }

  PyGame copy() const { return PyGame(variant_, game_.copy(), dialect_name_); }

  /// Searches a copy with the GIL released: other threads may use this game meanwhile.
  PyThought think(const std::optional<int>& depth, const std::optional<std::int64_t>& nodes,
                  const std::optional<std::int64_t>& movetime, const std::optional<int>& level) const {
    const lib::ThinkLimits limits{.depth = depth.value_or(0), .nodes = nodes.value_or(0),
                                  .milliseconds = movetime.value_or(0), .level = level.value_or(0)};
    const lib::Game copy = game_.copy();
    std::optional<lib::Result<lib::ThinkResult>> thought;
    {
      py::gil_scoped_release release;
      thought.emplace(lib::think(copy, limits));
    }
    return PyThought{unwrap(std::move(*thought), "move")};
  }

  std::string repr() const {
    return "<koma.Game " + variant().rules().meta.slug + " '" + game_.sfen() + "'>";
  }

 private:
  py::object variant_;
  lib::Game game_;
  std::string dialect_name_;
};

py::tuple read_record(const std::string& text, py::object variant, const std::optional<std::string>& format,
                      const std::string& dialect, const std::string& path) {
  const PyVariant& held = initialised<PyVariant>(variant);
  std::optional<lib::RecordFormat> chosen;
  if (format) chosen = unwrap(lib::record_format_named(*format), "usage");
  lib::Result<lib::RecordGame> read = lib::load_record(held.loaded.variant, text, chosen, dialect, path);
  if (!read) raise_error(read.error(), read.error().code == "unknown-dialect" ? "usage" : "record");
  return py::make_tuple(PyGame(std::move(variant), std::move(read->game), dialect),
                        PyRecordResult{std::move(read->result)});
}

/// Seconds `calls` legal-move listings take in C++, without Python: the runtime's
/// Position::legal_moves() (`with_data` false) or libkoma's Game::legal_moves(), which adds the
/// move data the Move objects hold. For tools/bench/python_moves.py.
double time_listings(const PyGame& game, std::uint64_t calls, bool with_data) {
  py::gil_scoped_release release;
  std::size_t total = 0;
  const auto start = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; i < calls; ++i) {
    total += with_data ? game.game().legal_moves().size() : game.game().position().legal_moves().size();
  }
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  return total == 0 && calls > 0 ? -1.0 : elapsed.count();
}

py::object optional_move(const std::optional<lib::MoveInfo>& move) {
  return move ? py::cast(PyMove{*move}) : py::object(py::none());
}

std::string thought_repr(const PyThought& thought) {
  const lib::ThinkResult& t = thought.info;
  const std::string score = t.mate ? "mate " + std::to_string(*t.mate) : std::to_string(t.score) + " cp";
  return "<koma.Thought " + t.verdict + (t.move ? " " + t.move->text : std::string()) + " (" + score +
         ", depth " + std::to_string(t.depth) + ", " + std::to_string(t.nodes) + " nodes)>";
}

std::string piece_repr(const PyPiece& piece) {
  return "<koma.Piece " + piece.info.symbol + " " + piece.info.name + " (" + piece.side + ")>";
}

std::string status_repr(const PyGameStatus& status) {
  return status.info.ended ? "<koma.Status " + status.info.text + ">" : std::string("<koma.Status ongoing>");
}

bool move_equals(const PyMove& move, const py::object& other) {
  if (py::isinstance<py::str>(other)) {
    const std::string text = other.cast<std::string>();
    return text == move.info.usi || text == move.info.text;
  }
  if (py::isinstance<PyMove>(other)) return initialised<PyMove>(other).info.usi == move.info.usi;
  return false;
}

}  // namespace

}  // namespace koma::python

PYBIND11_MODULE(_koma, m) {
  using namespace koma::python;
  using koma::python::PyGame;
  m.doc() = "libkoma bound for Python; use the koma package, not this module.";
  m.def("load", &load, py::arg("text_or_path"), py::arg("is_text"), py::arg("path"), py::arg("variants_dir"));

  py::class_<PyVariant>(m, "Variant")
      .def(py::init([](const py::object& source) {
             const py::tuple found = py::module_::import("koma").attr("_resolve")(source);
             return load(found[0].cast<std::string>(), false, "", found[1].cast<std::string>());
           }),
           py::arg("slug_or_path"))
      .def_static("from_text", [](const std::string& text, const std::string& path) {
             const py::object folder = py::module_::import("koma").attr("variants_dir")();
             return load(text, true, path, folder.cast<std::string>());
           },
           py::arg("text"), py::arg("path") = "<string>")
      .def_property_readonly("title", on<PyVariant>([](const PyVariant& v) { return v.rules().meta.title; }))
      .def_property_readonly("slug", on<PyVariant>([](const PyVariant& v) { return v.rules().meta.slug; }))
      .def_property_readonly("path", on<PyVariant>([](const PyVariant& v) { return v.loaded.path; }))
      .def_property_readonly("files", on<PyVariant>([](const PyVariant& v) { return v.rules().board.files; }))
      .def_property_readonly("ranks", on<PyVariant>([](const PyVariant& v) { return v.rules().board.ranks; }))
      .def_property_readonly("sides", on<PyVariant>([](const PyVariant& v) {
        return std::vector<std::string>{v.rules().meta.side_names[0], v.rules().meta.side_names[1]};
      }))
      .def_property_readonly("dialects", on<PyVariant>([](const PyVariant& v) {
        return koma::lib::dialect_names(*v.loaded.variant);
      }))
      .def_property_readonly("warnings", on<PyVariant>([](const PyVariant& v) {
        return diagnostic_list(v.loaded.warnings);
      }))
      .def("__repr__", on<PyVariant>([](const PyVariant& v) {
        return "<koma.Variant " + v.rules().meta.slug + ">";
      }));

  py::class_<PyPiece>(m, "Piece")
      .def_property_readonly("symbol", on<PyPiece>([](const PyPiece& p) { return p.info.symbol; }))
      .def_property_readonly("name", on<PyPiece>([](const PyPiece& p) { return p.info.name; }))
      .def_property_readonly("label", on<PyPiece>([](const PyPiece& p) { return p.info.label; }))
      .def_property_readonly("side", on<PyPiece>([](const PyPiece& p) { return p.side; }))
      .def_property_readonly("promoted", on<PyPiece>([](const PyPiece& p) { return p.info.promoted; }))
      .def("__eq__", on<PyPiece>([](const PyPiece& p, const py::object& other) {
        return py::isinstance<PyPiece>(other) && initialised<PyPiece>(other).info.symbol == p.info.symbol &&
               initialised<PyPiece>(other).info.name == p.info.name;
      }))
      .def("__hash__", on<PyPiece>([](const PyPiece& p) { return py::hash(py::str(p.info.symbol + p.info.name)); }))
      .def("__str__", on<PyPiece>([](const PyPiece& p) { return p.info.symbol; }))
      .def("__repr__", on<PyPiece>(&piece_repr));

  py::class_<PyMove>(m, "Move")
      .def_property_readonly("usi", on<PyMove>([](const PyMove& mv) { return mv.info.usi; }))
      .def_property_readonly("text", on<PyMove>([](const PyMove& mv) { return mv.info.text; }))
      .def_property_readonly("from_square", on<PyMove>([](const PyMove& mv) { return optional_text(mv.info.from); }))
      .def_property_readonly("to_square", on<PyMove>([](const PyMove& mv) { return mv.info.to; }))
      .def_property_readonly("piece", on<PyMove>([](const PyMove& mv) { return mv.info.piece; }))
      .def_property_readonly("captured", on<PyMove>([](const PyMove& mv) { return optional_text(mv.info.captured); }))
      .def_property_readonly("promotion", on<PyMove>([](const PyMove& mv) { return mv.info.promotion; }))
      .def_property_readonly("drop", on<PyMove>([](const PyMove& mv) { return mv.info.drop; }))
      .def_property_readonly("via", on<PyMove>([](const PyMove& mv) { return optional_text(mv.info.via); }))
      .def_property_readonly("captured_via", on<PyMove>([](const PyMove& mv) { return optional_text(mv.info.captured_via); }))
      .def_property_readonly("via2", on<PyMove>([](const PyMove& mv) { return optional_text(mv.info.via2); }))
      .def_property_readonly("captured_via2", on<PyMove>([](const PyMove& mv) { return optional_text(mv.info.captured_via2); }))
      .def("__eq__", on<PyMove>(&move_equals))
      .def("__hash__", on<PyMove>([](const PyMove& mv) { return py::hash(py::str(mv.info.usi)); }))
      .def("__str__", on<PyMove>([](const PyMove& mv) { return mv.info.usi; }))
      .def("__repr__", on<PyMove>([](const PyMove& mv) { return "<koma.Move " + mv.info.usi + ">"; }));

  const auto loc_of = [](const PyGameStatus& s) -> const koma::ir::SourceLoc& { return s.info.rule_at; };
  py::class_<PyGameStatus>(m, "Status")
      .def_property_readonly("ended", on<PyGameStatus>([](const PyGameStatus& s) { return s.info.ended; }))
      .def_property_readonly("rule", on<PyGameStatus>([](const PyGameStatus& s) {
        return s.info.ended ? py::object(py::str(s.info.rule)) : py::object(py::none());
      }))
      .def_property_readonly("winner", on<PyGameStatus>([](const PyGameStatus& s) { return optional_text(s.info.winner); }))
      .def_property_readonly("outcome", on<PyGameStatus>([](const PyGameStatus& s) {
        return s.info.ended ? py::object(py::str(s.info.outcome)) : py::object(py::none());
      }))
      .def_property_readonly("text", on<PyGameStatus>([](const PyGameStatus& s) { return s.info.text; }))
      .def_property_readonly("file", on<PyGameStatus>([=](const PyGameStatus& s) { return location_field(loc_of(s), 0); }))
      .def_property_readonly("line", on<PyGameStatus>([=](const PyGameStatus& s) { return location_field(loc_of(s), 1); }))
      .def_property_readonly("column", on<PyGameStatus>([=](const PyGameStatus& s) { return location_field(loc_of(s), 2); }))
      .def("__bool__", on<PyGameStatus>([](const PyGameStatus& s) { return s.info.ended; }))
      .def("__repr__", on<PyGameStatus>(&status_repr));

  py::class_<PyThought>(m, "Thought")
      .def_property_readonly("verdict", on<PyThought>([](const PyThought& t) { return t.info.verdict; }))
      .def_property_readonly("move", on<PyThought>([](const PyThought& t) { return optional_move(t.info.move); }))
      .def_property_readonly("ponder", on<PyThought>([](const PyThought& t) { return optional_move(t.info.ponder); }))
      .def_property_readonly("score", on<PyThought>([](const PyThought& t) { return t.info.score; }))
      .def_property_readonly("mate", on<PyThought>([](const PyThought& t) { return t.info.mate; }))
      .def_property_readonly("depth", on<PyThought>([](const PyThought& t) { return t.info.depth; }))
      .def_property_readonly("seldepth", on<PyThought>([](const PyThought& t) { return t.info.seldepth; }))
      .def_property_readonly("nodes", on<PyThought>([](const PyThought& t) { return t.info.nodes; }))
      .def_property_readonly("ms", on<PyThought>([](const PyThought& t) { return t.info.milliseconds; }))
      .def_property_readonly("pv", on<PyThought>([](const PyThought& t) { return t.info.pv; }))
      .def("__repr__", on<PyThought>(&thought_repr));

  py::class_<PyRecordResult>(m, "RecordResult")
      .def_property_readonly("result", on<PyRecordResult>([](const PyRecordResult& r) { return r.info.result; }))
      .def_property_readonly("winner", on<PyRecordResult>([](const PyRecordResult& r) { return optional_text(r.info.winner); }))
      .def_property_readonly("rule", on<PyRecordResult>([](const PyRecordResult& r) {
        return r.info.rule.empty() ? py::object(py::none()) : py::object(py::str(r.info.rule));
      }))
      .def_property_readonly("file", on<PyRecordResult>([](const PyRecordResult& r) { return location_field(r.info.rule_at, 0); }))
      .def_property_readonly("line", on<PyRecordResult>([](const PyRecordResult& r) { return location_field(r.info.rule_at, 1); }))
      .def_property_readonly("column", on<PyRecordResult>([](const PyRecordResult& r) { return location_field(r.info.rule_at, 2); }))
      .def_property_readonly("foul", on<PyRecordResult>([](const PyRecordResult& r) {
        return r.info.foul.empty() ? py::object(py::none()) : py::object(py::str(r.info.foul));
      }))
      .def_property_readonly("foul_move", on<PyRecordResult>([](const PyRecordResult& r) { return optional_text(r.info.foul_move); }))
      .def_property_readonly("plies", on<PyRecordResult>([](const PyRecordResult& r) { return r.info.plies; }))
      .def_property_readonly("side_to_move", on<PyRecordResult>([](const PyRecordResult& r) { return r.info.side_to_move; }))
      .def_property_readonly("in_check", on<PyRecordResult>([](const PyRecordResult& r) { return r.info.in_check; }))
      .def("__repr__", on<PyRecordResult>([](const PyRecordResult& r) {
        return "<koma.RecordResult " + r.info.result + (r.info.rule.empty() ? "" : " by " + r.info.rule) +
               " after " + std::to_string(r.info.plies) + " plies>";
      }));

  py::class_<PyGame>(m, "Game")
      .def(py::init(&PyGame::start), py::arg("variant"), py::arg("sfen") = py::none(),
           py::arg("moves") = std::vector<std::string>{}, py::arg("dialect") = "")
      .def_property_readonly("variant", on<PyGame>([](const PyGame& g) { return g.variant_object(); }))
      .def_property_readonly("dialect", on<PyGame>([](const PyGame& g) { return g.dialect_name(); }))
      .def_property_readonly("sfen", on<PyGame>([](const PyGame& g) { return g.game().sfen(); }))
      .def_property_readonly("start_sfen", on<PyGame>([](const PyGame& g) { return g.game().start_sfen(); }))
      .def_property_readonly("legal_moves", on<PyGame>([](const PyGame& g) { return g.legal_moves(); }))
      .def_property_readonly("moves", on<PyGame>([](const PyGame& g) { return g.history(); }))
      .def_property_readonly("status", on<PyGame>([](const PyGame& g) { return PyGameStatus{g.game().status()}; }))
      .def_property_readonly("side_to_move", on<PyGame>([](const PyGame& g) {
        return koma::lib::side_name(g.variant(), g.game().position().side_to_move());
      }))
      .def_property_readonly("move_number", on<PyGame>([](const PyGame& g) { return g.game().position().move_number(); }))
      .def_property_readonly("is_check", on<PyGame>([](const PyGame& g) { return g.game().position().in_check(); }))
      .def("push", on<PyGame>([](PyGame& g, const py::object& move) { return g.push(move); }), py::arg("move"))
      .def("pop", on<PyGame>([](PyGame& g) { return g.pop(); }))
      .def("move_text", on<PyGame>([](const PyGame& g, const py::object& move, const std::string& notation,
                                      const std::string& signs) { return g.move_text(move, notation, signs); }),
           py::arg("move"), py::arg("notation") = "japanese", py::arg("signs") = "pieces")
      .def("moves_text", on<PyGame>([](const PyGame& g, const std::string& notation, const std::string& signs) {
             return g.moves_text(notation, signs);
           }),
           py::arg("notation") = "japanese", py::arg("signs") = "pieces")
      .def("piece_at", on<PyGame>([](const PyGame& g, const std::string& square) { return g.piece_at(square); }),
           py::arg("square"))
      .def("hand", on<PyGame>([](const PyGame& g, const py::object& side) { return g.hand(side); }), py::arg("side"))
      .def("pieces", on<PyGame>([](const PyGame& g) { return g.pieces(); }))
      .def("__iter__", on<PyGame>([](const PyGame& g) { return py::iter(g.pieces()); }))
      .def("render", on<PyGame>([](const PyGame& g) { return g.render(); }))
      .def("_repr_svg_", on<PyGame>([](const PyGame& g) { return g.render(); }))
      .def("explain", on<PyGame>([](const PyGame& g, const py::object& what) { return g.explain(what); }),
           py::arg("piece_or_square"))
      .def("perft", on<PyGame>([](const PyGame& g, int depth) { return g.perft(depth); }), py::arg("depth"))
      .def("divide", on<PyGame>([](const PyGame& g, int depth) { return g.divide(depth); }), py::arg("depth"))
      .def("record", on<PyGame>([](const PyGame& g, const std::string& format) { return g.record(format); }),
           py::arg("format") = "usi")
      .def("set_sfen", on<PyGame>([](PyGame& g, const std::string& sfen) { g.set_sfen(sfen); }), py::arg("sfen"))
      .def("copy", on<PyGame>([](const PyGame& g) { return g.copy(); }))
      .def("think", on<PyGame>([](const PyGame& g, std::optional<int> depth, std::optional<std::int64_t> nodes,
                                  std::optional<std::int64_t> movetime, std::optional<int> level) {
             return g.think(depth, nodes, movetime, level);
           }),
           py::kw_only(), py::arg("depth") = py::none(), py::arg("nodes") = py::none(),
           py::arg("movetime") = py::none(), py::arg("level") = py::none())
      .def("best_move", on<PyGame>([](const PyGame& g, std::optional<int> depth, std::optional<std::int64_t> nodes,
                                      std::optional<std::int64_t> movetime, std::optional<int> level) {
             return optional_move(g.think(depth, nodes, movetime, level).info.move);
           }),
           py::kw_only(), py::arg("depth") = py::none(), py::arg("nodes") = py::none(),
           py::arg("movetime") = py::none(), py::arg("level") = py::none())
      .def("__copy__", on<PyGame>([](const PyGame& g) { return g.copy(); }))
      .def("__str__", on<PyGame>([](const PyGame& g) {
        return koma::lib::board_text(g.game().position(), g.game().dialect());
      }))
      .def("__repr__", on<PyGame>([](const PyGame& g) { return g.repr(); }));

  m.def("_time_listings", [](const py::object& game, std::uint64_t calls, bool with_data) {
    return time_listings(initialised<PyGame>(game), calls, with_data);
  }, py::arg("game"), py::arg("calls"), py::arg("with_data"));
  m.def("read_record", &read_record, py::arg("text"), py::arg("variant"), py::arg("format") = py::none(),
        py::arg("dialect") = "", py::arg("path") = "<string>");
}
