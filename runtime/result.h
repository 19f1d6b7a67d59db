// Error and Result: how the runtime reports problems with text a user typed or with a RuleSet.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "ir/quoted_text.h"

namespace koma {

/// A problem with text a user typed (an SFEN, a move) or with a RuleSet the runtime cannot run.
struct Error {
  std::string code;         ///< stable kebab-case code ("sfen-bad-rank", "move-illegal")
  std::string message;      ///< one sentence, quoting what was written
  std::size_t offset = 0;   ///< 0-based character offset into the text, where it applies
};

using ir::kMaxQuotedBytes;

/// `text` in single quotes for a message, as ir::visible_text writes it (control characters as
/// \xNN, cut to kMaxQuotedBytes), so a huge input never makes a huge message.
inline std::string quoted(std::string_view text) { return '\'' + ir::visible_text(text) + '\''; }

/// A value or an error (an Error, or the error type `E` of a layer above).
template <class T, class E = Error>
class Result {
 public:
  Result(T value) : value_(std::move(value)) {}      // NOLINT: implicit by design
  Result(E error) : error_(std::move(error)) {}      // NOLINT: implicit by design
  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return *value_; }
  T& value() & { return *value_; }
  T&& value() && { return std::move(*value_); }
  const T& operator*() const { return *value_; }
  T& operator*() { return *value_; }
  const T* operator->() const { return &*value_; }
  T* operator->() { return &*value_; }
  const E& error() const { return error_; }

 private:
  std::optional<T> value_;
  E error_;
};

}  // namespace koma
