// The Python module `koma._koma`: the compiler and runtime public APIs (compiler.h, game.h)
// bound with pybind11. koma/__init__.py adds the exception classes and slug lookup.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "compiler.h"
#include "diagnostics.h"
#include "game.h"
#include "ir/dump.h"

namespace py = pybind11;

namespace koma::python {

namespace {

/// Raises koma.Error (defined in koma/__init__.py) with a stable code and a message.
[[noreturn]] void raise_error(const std::string& code, const std::string& message) {
  py::object error = py::module_::import("koma").attr("Error");
  PyErr_SetObject(error.ptr(), error(code, message).ptr());
  throw py::error_already_set();
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

/// A compiled and loaded variant, shared by its positions.
struct PyVariant {
  std::shared_ptr<const Variant> variant;
  std::string path;
};

/// Compiles a file (`is_text` false) or text, then loads it. Returns (variant or None,
/// diagnostics). A rule set the runtime refuses raises koma.Error with the runtime's code.
py::tuple compile(const std::string& text_or_path, bool is_text, const std::string& path,
                  const std::string& variants_dir) {
  compiler::DiagnosticList diagnostics;
  compiler::Options options;
  options.variants_dir = variants_dir;
  std::optional<ir::RuleSet> rules;
  {
    py::gil_scoped_release release;
    rules = is_text ? compiler::compile_source(text_or_path, path, diagnostics, options)
                    : compiler::compile_file(text_or_path, diagnostics, options);
  }
  py::list items;
  for (const auto& diagnostic : diagnostics.items) items.append(diagnostic_dict(diagnostic));
  if (!rules || diagnostics.has_errors()) return py::make_tuple(py::none(), items);
  auto loaded = Variant::load(std::move(*rules));
  if (!loaded) raise_error(loaded.error().code, loaded.error().message);
  return py::make_tuple(PyVariant{loaded.value(), is_text ? path : text_or_path}, items);
}

std::string side_name(const Variant& variant, ir::Side side) {
  return variant.rules().meta.side_names[static_cast<int>(side)];
}

/// How a game stands, as a dict: ended, rule, winner (side name or None), outcome.
py::dict status_dict(const Position& position) {
  const GameStatus status = position.status();
  py::dict out;
  out["ended"] = status.ended;
  if (status.ended) {
    std::string rule(ir::name(status.rule));  // spelt as the CLI spells it: "bare-king"
    std::replace(rule.begin(), rule.end(), '_', '-');
    out["rule"] = rule;
    out["winner"] = status.winner ? py::object(py::str(side_name(position.variant(), *status.winner)))
                                  : py::object(py::none());
    out["outcome"] = std::string(ir::name(status.outcome));
  } else {
    out["rule"] = py::none();
    out["winner"] = py::none();
    out["outcome"] = py::none();
  }
  return out;
}

/// A position with the notation (dialect) its text is read and written in.
class PyPosition {
 public:
  PyPosition(const PyVariant& variant, const std::string& sfen, const std::string& dialect)
      : position_(variant.variant) {
    if (!dialect.empty()) {
      dialect_ = variant.variant->dialect(dialect);
      if (dialect_ == kUnknownDialect) raise_error("unknown-dialect", "no dialect named '" + dialect + "'");
    }
    if (!sfen.empty()) set_sfen(sfen);
  }

  void set_sfen(const std::string& sfen) {
    auto result = position_.set_sfen(sfen, dialect_);
    if (!result) raise_error(result.error().code, result.error().message);
  }
  std::string sfen() const { return position_.sfen(dialect_); }

  /// The legal moves' text, sorted as Position::legal_moves() sorts them (by native text).
  py::list legal_moves() const {
    if (position_.status().ended) return py::list();
    const std::vector<std::string> texts = position_.legal_move_texts(dialect_);
    py::list out(texts.size());
    for (std::size_t i = 0; i < texts.size(); ++i) {
      out[i] = py::reinterpret_steal<py::object>(
          PyUnicode_FromStringAndSize(texts[i].data(), static_cast<Py_ssize_t>(texts[i].size())));
    }
    return out;
  }

  void push(const std::string& text) {
    if (position_.status().ended) raise_error("game-over", "the game has ended: no move can be played");
    auto move = position_.parse_move(text, dialect_);
    if (!move) raise_error(move.error().code, move.error().message);
    position_.make(*move);
  }

  void pop() {
    if (position_.history_size() == 0) raise_error("no-move-to-undo", "no move has been played");
    position_.unmake();
  }

  std::uint64_t perft(int depth) {
    if (depth < 0 || depth > 20) raise_error("perft-bad-depth", "perft depth must be 0..20");
    py::gil_scoped_release release;
    return koma::perft(position_, depth);
  }

  PyPosition copy() const { return PyPosition(position_.clone(), dialect_); }
  std::string side_to_move() const { return side_name(position_.variant(), position_.side_to_move()); }
  bool in_check() const { return position_.in_check(); }
  int move_number() const { return position_.move_number(); }
  py::dict status() const { return status_dict(position_); }

 private:
  PyPosition(Position position, int dialect) : position_(std::move(position)), dialect_(dialect) {}
  Position position_;
  int dialect_ = kNativeDialect;
};

}  // namespace

}  // namespace koma::python

PYBIND11_MODULE(_koma, m) {
  using namespace koma::python;
  m.doc() = "koma's compiler and runtime; use the koma package, not this module.";
  m.def("compile", &compile, py::arg("text_or_path"), py::arg("is_text"), py::arg("path"),
        py::arg("variants_dir"));

  py::class_<PyVariant>(m, "Variant", py::dynamic_attr())
      .def_property_readonly("title", [](const PyVariant& v) { return v.variant->rules().meta.title; })
      .def_property_readonly("slug", [](const PyVariant& v) { return v.variant->rules().meta.slug; })
      .def_property_readonly("path", [](const PyVariant& v) { return v.path; })
      .def_property_readonly("files", [](const PyVariant& v) { return v.variant->rules().board.files; })
      .def_property_readonly("ranks", [](const PyVariant& v) { return v.variant->rules().board.ranks; })
      .def_property_readonly("dialects", [](const PyVariant& v) {
        std::vector<std::string> names{v.variant->rules().notation};
        for (const auto& dialect : v.variant->rules().dialects) names.push_back(dialect.name);
        return names;
      });

  py::class_<PyPosition>(m, "Position")
      .def(py::init<const PyVariant&, const std::string&, const std::string&>(), py::arg("variant"),
           py::arg("sfen") = "", py::arg("dialect") = "")
      .def("legal_moves", &PyPosition::legal_moves)
      .def("push", &PyPosition::push, py::arg("move"))
      .def("pop", &PyPosition::pop)
      .def("status", &PyPosition::status)
      .def("perft", &PyPosition::perft, py::arg("depth"))
      .def("sfen", &PyPosition::sfen)
      .def("set_sfen", &PyPosition::set_sfen, py::arg("sfen"))
      .def("copy", &PyPosition::copy)
      .def("in_check", &PyPosition::in_check)
      .def_property_readonly("side_to_move", &PyPosition::side_to_move)
      .def_property_readonly("move_number", &PyPosition::move_number);
}
