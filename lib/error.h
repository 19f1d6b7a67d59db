// How libkoma reports failure: an Error value with a stable code, one sentence, and the place in
// a file it concerns; every front end shows the same code and place for the same question.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "diagnostics.h"
#include "result.h"

namespace koma::lib {

/// Why a question to the library has no answer.
struct Error {
  Error() = default;
  Error(std::string code_, std::string message_) : code(std::move(code_)), message(std::move(message_)) {}

  std::string code;     ///< stable kebab-case code ("unknown-variant", "move-illegal")
  std::string message;  ///< one sentence, quoting what was written
  std::string file;     ///< the file it concerns, when a file says it ("" otherwise)
  std::size_t line = 0;    ///< 1-based line in `file` (0: none)
  std::size_t column = 0;  ///< 1-based column in `file` (0: none)
  /// Everything the compiler reported, when a variant does not compile (errors and warnings).
  std::vector<compiler::Diagnostic> diagnostics;
  /// The front ends' usage class: a question that names an option value nothing knows
  /// ("unknown dialect"), as opposed to bad input data.
  bool usage = false;
};

/// An Error for a compile failure: the first error diagnostic's code, message and place.
Error compile_error(const std::string& path, std::vector<compiler::Diagnostic> diagnostics);

/// A value or an Error.
template <class T>
using Result = koma::Result<T, Error>;

}  // namespace koma::lib
