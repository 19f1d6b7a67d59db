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

/// The C++ object of `self`, or TypeError when `self` is no C or its __init__ never ran:
/// `koma.Position.__new__(koma.Position)` holds no C++ object, and pybind11 would hand out
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

/// A member function bound so that an object made without __init__ raises TypeError.
template <typename C, typename R, typename... A>
auto method(R (C::*f)(A...)) {
  return [f](py::handle self, A... args) -> R { return (initialised<C>(self).*f)(std::forward<A>(args)...); };
}
template <typename C, typename R, typename... A>
auto method(R (C::*f)(A...) const) {
  return [f](py::handle self, A... args) -> R { return (initialised<C>(self).*f)(std::forward<A>(args)...); };
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

  /// Counts on a copy with the GIL released: other threads may use this position meanwhile.
  std::uint64_t perft(int depth) const {
    if (depth < 0 || depth > 20) raise_error("perft-bad-depth", "perft depth must be 0..20");
    Position copy = position_.clone();
    py::gil_scoped_release release;
    return koma::perft(copy, depth);
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

  const auto rules_of = [](py::handle v) -> const koma::ir::RuleSet& {
    return initialised<PyVariant>(v).variant->rules();
  };
  py::class_<PyVariant>(m, "Variant", py::dynamic_attr())
      .def_property_readonly("title", [=](py::handle v) { return rules_of(v).meta.title; })
      .def_property_readonly("slug", [=](py::handle v) { return rules_of(v).meta.slug; })
      .def_property_readonly("path", [](py::handle v) { return initialised<PyVariant>(v).path; })
      .def_property_readonly("files", [=](py::handle v) { return rules_of(v).board.files; })
      .def_property_readonly("ranks", [=](py::handle v) { return rules_of(v).board.ranks; })
      .def_property_readonly("dialects", [=](py::handle v) {
        const koma::ir::RuleSet& rules = rules_of(v);
        std::vector<std::string> names{rules.notation};
        for (const auto& dialect : rules.dialects) names.push_back(dialect.name);
        return names;
      });

  py::class_<PyPosition>(m, "Position")
      .def(py::init([](py::handle variant, const std::string& sfen, const std::string& dialect) {
             return PyPosition(initialised<PyVariant>(variant), sfen, dialect);
           }),
           py::arg("variant"), py::arg("sfen") = "", py::arg("dialect") = "")
      .def("legal_moves", method(&PyPosition::legal_moves))
      .def("push", method(&PyPosition::push), py::arg("move"))
      .def("pop", method(&PyPosition::pop))
      .def("status", method(&PyPosition::status))
      .def("perft", method(&PyPosition::perft), py::arg("depth"))
      .def("sfen", method(&PyPosition::sfen))
      .def("set_sfen", method(&PyPosition::set_sfen), py::arg("sfen"))
      .def("copy", method(&PyPosition::copy))
      .def("in_check", method(&PyPosition::in_check))
      .def_property_readonly("side_to_move", method(&PyPosition::side_to_move))
      .def_property_readonly("move_number", method(&PyPosition::move_number));
}
