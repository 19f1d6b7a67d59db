// How compiler and runtime messages quote what a user wrote: control characters (a NUL, a
// newline, ESC...) as \xNN, so a quoted text neither cuts a message short nor reaches a
// terminal raw (a tab stays a tab), and at most a fixed number of bytes written, never cutting
// inside a UTF-8 sequence, then "...". Standard library only.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace koma::ir {

/// Most bytes of a user's text written in a message.
inline constexpr std::size_t kMaxQuotedBytes = 80;

/// `text` as a message writes it: escaped and cut to kMaxQuotedBytes, "..." when cut.
inline std::string visible_text(std::string_view text) {
  const auto width = [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return (byte >= 0x20 && byte != 0x7F) || c == '\t' ? std::size_t{1} : std::size_t{4};
  };
  std::size_t end = 0;
  std::size_t written = 0;
  while (end < text.size() && written + width(text[end]) <= kMaxQuotedBytes) written += width(text[end++]);
  if (end < text.size()) {
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  }
  std::string out;
  out.reserve(written + 3);
  for (std::size_t i = 0; i < end; ++i) {
    if (width(text[i]) == 1) {
      out.push_back(text[i]);
      continue;
    }
    constexpr char kHex[] = "0123456789abcdef";
    const auto byte = static_cast<unsigned char>(text[i]);
    out += "\\x";
    out.push_back(kHex[byte >> 4]);
    out.push_back(kHex[byte & 15]);
  }
  if (end < text.size()) out += "...";
  return out;
}

}  // namespace koma::ir
