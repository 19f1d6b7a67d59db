// Error and Result: how the runtime reports problems with text a user typed or with a RuleSet.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace koma {

/// A problem with text a user typed (an SFEN, a move) or with a RuleSet the runtime cannot run.
struct Error {
  std::string code;         ///< stable kebab-case code ("sfen-bad-rank", "move-illegal")
  std::string message;      ///< one sentence, quoting what was written
  std::size_t offset = 0;   ///< 0-based character offset into the text, where it applies
};

/// Most bytes of a user's text quoted in a message; longer text is cut and ends with "...".
inline constexpr std::size_t kMaxQuotedBytes = 80;

/// A control character (a NUL, a newline, ESC...) written as \xNN, so that a quoted text can
/// neither cut a message short nor reach a terminal raw. A tab stays a tab.
inline void append_visible(std::string& out, char c) {
  const auto byte = static_cast<unsigned char>(c);
  if ((byte >= 0x20 && byte != 0x7F) || c == '\t') {
    out.push_back(c);
    return;
  }
  constexpr char kHex[] = "0123456789abcdef";
  out.append("\\x");
  out.push_back(kHex[byte >> 4]);
  out.push_back(kHex[byte & 15]);
}

/// How many bytes `c` takes in a message (append_visible).
inline std::size_t visible_width(char c) {
  const auto byte = static_cast<unsigned char>(c);
  return (byte >= 0x20 && byte != 0x7F) || c == '\t' ? 1 : 4;
}

/// `text` in single quotes for a message, control characters as \xNN, cut so that at most
/// kMaxQuotedBytes are written (never inside a UTF-8 sequence) and then "...": a huge input
/// never makes a huge message.
inline std::string quoted(std::string_view text) {
  std::size_t end = 0;
  std::size_t width = 0;
  while (end < text.size() && width + visible_width(text[end]) <= kMaxQuotedBytes) {
    width += visible_width(text[end]);
    ++end;
  }
  if (end < text.size()) {
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  }
  std::string out(1, '\'');
  for (std::size_t i = 0; i < end; ++i) append_visible(out, text[i]);
  if (end < text.size()) out.append("...");
  out.push_back('\'');
  return out;
}

/// A value or an Error.
template <class T>
class Result {
 public:
  Result(T value) : value_(std::move(value)) {}          // NOLINT: implicit by design
  Result(Error error) : error_(std::move(error)) {}      // NOLINT: implicit by design
  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return *value_; }
  T& value() & { return *value_; }
  T&& value() && { return std::move(*value_); }
  const T& operator*() const { return *value_; }
  const T* operator->() const { return &*value_; }
  const Error& error() const { return error_; }

 private:
  std::optional<T> value_;
  Error error_;
};

}  // namespace koma
