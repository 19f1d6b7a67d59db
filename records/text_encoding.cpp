// Record file encodings: UTF-8 checked byte by byte, Shift-JIS converted with the C library's
// iconv (glibc names Windows' Shift-JIS CP932), and a bad byte located at its line.
#include "text_encoding.h"

#include <iconv.h>

#include <cerrno>
#include <string>
#include <vector>

#include "concat.h"
#include "ir/quoted_text.h"

namespace koma::records {

namespace {

/// The length of the valid UTF-8 sequence at `pos` (0: none there), and its code point.
std::size_t utf8_length(std::string_view s, std::size_t pos, char32_t& code) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char lead = byte(pos);
  std::size_t n = 1;
  char32_t least = 0;
  if (lead < 0x80) {
    code = lead;
    return 1;
  }
  if (lead >= 0xC2 && lead <= 0xDF) n = 2, code = lead & 0x1Fu, least = 0x80;
  else if (lead >= 0xE0 && lead <= 0xEF) n = 3, code = lead & 0x0Fu, least = 0x800;
  else if (lead >= 0xF0 && lead <= 0xF4) n = 4, code = lead & 0x07u, least = 0x10000;
  else return 0;
  if (pos + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(pos + k) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (byte(pos + k) & 0x3Fu);
  }
  if (code < least || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
  return n;
}

/// Where `s` stops being UTF-8 (npos: it all is); `japanese` tells whether it holds kana,
/// kanji or full-width forms.
std::size_t utf8_end(std::string_view s, bool& japanese) {
  japanese = false;
  for (std::size_t pos = 0; pos < s.size();) {
    char32_t code = 0;
    const std::size_t n = utf8_length(s, pos, code);
    if (n == 0) return pos;
    japanese = japanese || (code >= 0x3000 && code <= 0x30FF) || (code >= 0x4E00 && code <= 0x9FFF) ||
               (code >= 0xFF00 && code <= 0xFFEF);
    pos += n;
  }
  return std::string_view::npos;
}

/// One line of the bytes: where it starts, its text without its end, its 1-based number.
struct ByteLine {
  std::size_t start = 0;
  std::string_view text;
  std::size_t number = 0;
};

/// The lines of `bytes` as record_lines() cuts them (\n, \r\n and \r end a line).
std::vector<ByteLine> byte_lines(std::string_view bytes) {
  std::vector<ByteLine> lines;
  std::size_t start = 0;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    if (bytes[i] != '\n' && bytes[i] != '\r') continue;
    lines.push_back({start, bytes.substr(start, i - start), lines.size() + 1});
    if (bytes[i] == '\r' && i + 1 < bytes.size() && bytes[i + 1] == '\n') ++i;
    start = i + 1;
  }
  if (start < bytes.size()) lines.push_back({start, bytes.substr(start), lines.size() + 1});
  return lines;
}

/// An iconv conversion descriptor, closed when it goes.
class Converter {
 public:
  Converter(const char* to, const char* from) : cd_(iconv_open(to, from)) {}
  ~Converter() {
    if (ok()) iconv_close(cd_);
  }
  Converter(const Converter&) = delete;
  Converter& operator=(const Converter&) = delete;
  bool ok() const { return cd_ != reinterpret_cast<iconv_t>(-1); }

  /// Converts `in` into `out`; the offset of the first byte it cannot convert (npos: none).
  std::size_t run(std::string_view in, std::string& out) {
    out.clear();
    char* src = const_cast<char*>(in.data());
    std::size_t left = in.size();
    char buffer[4096];
    while (left > 0) {
      char* dst = buffer;
      std::size_t room = sizeof buffer;
      const std::size_t done = iconv(cd_, &src, &left, &dst, &room);
      out.append(buffer, static_cast<std::size_t>(dst - buffer));
      if (done == static_cast<std::size_t>(-1) && errno != E2BIG) {
        return static_cast<std::size_t>(src - in.data());
      }
    }
    return std::string_view::npos;
  }

 private:
  iconv_t cd_;
};

constexpr const char* kShiftJis = "CP932";

/// The line holding byte `offset`.
const ByteLine& line_at(const std::vector<ByteLine>& lines, std::size_t offset) {
  std::size_t k = 0;
  while (k + 1 < lines.size() && lines[k + 1].start <= offset) ++k;
  return lines[k];
}

/// A bad line as a message quotes it: the text read before the bad byte (its end only), then
/// the bytes from there with every byte past ASCII as \xNN.
std::string quote_bad(std::string_view before, std::string_view rest) {
  std::string text;
  constexpr std::size_t kKept = 24;
  if (before.size() > kKept) {
    std::size_t cut = before.size() - kKept;
    while (cut < before.size() && (static_cast<unsigned char>(before[cut]) & 0xC0) == 0x80) ++cut;
    text = "...";
    before.remove_prefix(cut);
  }
  text.append(before);
  // Whole escapes only, within what a message quotes (a control character takes four bytes).
  constexpr char kHex[] = "0123456789abcdef";
  std::size_t width = ir::visible_text(text).size();
  for (std::size_t i = 0; i < rest.size(); ++i) {
    const auto byte = static_cast<unsigned char>(rest[i]);
    const std::size_t piece = byte < 0x20 || byte >= 0x7F ? 4 : 1;
    if (width + piece > ir::kMaxQuotedBytes - 3) {
      text += "...";
      break;
    }
    width += piece;
    if (byte < 0x80) {
      text.push_back(rest[i]);
      continue;
    }
    text += "\\x";
    text.push_back(kHex[byte >> 4]);
    text.push_back(kHex[byte & 15]);
  }
  return ir::visible_text(text);
}

DecodedText refuse(std::size_t line, std::string code, std::string message) {
  DecodedText out;
  out.error = RecordError{line, std::move(message), std::move(code)};
  return out;
}

/// The bytes as Shift-JIS, or the line of the first byte that is not (`code` names the error).
DecodedText from_shift_jis(std::string_view bytes, const std::vector<ByteLine>& lines,
                           const std::string& code, std::string_view what) {
  Converter convert("UTF-8", kShiftJis);
  if (!convert.ok()) return refuse(0, "encoding-unavailable", "the C library cannot convert Shift-JIS (CP932)");
  DecodedText out;
  std::string text;
  const std::size_t bad = convert.run(bytes, text);
  if (bad == std::string_view::npos) {
    out.text = std::move(text);
    out.found = Encoding::shift_jis;
    return out;
  }
  const ByteLine& line = line_at(lines, bad);
  std::string before;
  Converter again("UTF-8", kShiftJis);
  again.run(line.text.substr(0, bad - line.start), before);
  return refuse(line.number, code,
                concat({"'", quote_bad(before, line.text.substr(bad - line.start)), "' is ", what}));
}

}  // namespace

Encoding encoding_of_extension(std::string_view extension) {
  return extension == "kifu" ? Encoding::utf8 : Encoding::detect;
}

DecodedText decode_record(std::string_view bytes, Encoding encoding) {
  const std::vector<ByteLine> lines = byte_lines(bytes);
  if (encoding == Encoding::shift_jis) return from_shift_jis(bytes, lines, "encoding-not-shift-jis", "not Shift-JIS");
  // The first line that is not UTF-8, and the first of Japanese in UTF-8.
  const ByteLine* not_utf8 = nullptr;
  const ByteLine* japanese_utf8 = nullptr;
  std::size_t bad = 0;
  for (const ByteLine& line : lines) {
    bool japanese = false;
    const std::size_t end = utf8_end(line.text, japanese);
    if (end != std::string_view::npos && not_utf8 == nullptr) not_utf8 = &line, bad = end;
    if (end == std::string_view::npos && japanese && japanese_utf8 == nullptr) japanese_utf8 = &line;
  }
  if (not_utf8 == nullptr) {
    DecodedText out;
    out.text = std::string(bytes);
    return out;
  }
  const std::string quoted = quote_bad(not_utf8->text.substr(0, bad), not_utf8->text.substr(bad));
  if (encoding == Encoding::utf8) {
    return refuse(not_utf8->number, "encoding-not-utf8", concat({"'", quoted, "' is not UTF-8"}));
  }
  if (japanese_utf8 != nullptr) {
    // Whichever comes second breaks the encoding the first has set.
    if (japanese_utf8->number < not_utf8->number) {
      return refuse(not_utf8->number, "encoding-mixed",
                    concat({"'", quoted, "' is not UTF-8, but line ",
                            std::to_string(japanese_utf8->number), " is"}));
    }
    return refuse(japanese_utf8->number, "encoding-mixed",
                  concat({"'", ir::visible_text(japanese_utf8->text), "' is UTF-8, but line ",
                          std::to_string(not_utf8->number), " is not"}));
  }
  return from_shift_jis(bytes, lines, "encoding-unknown", "neither UTF-8 nor Shift-JIS");
}

std::optional<std::string> to_shift_jis(std::string_view text, std::string& error) {
  Converter convert(kShiftJis, "UTF-8");
  if (!convert.ok()) {
    error = "the C library cannot convert to Shift-JIS (CP932)";
    return std::nullopt;
  }
  std::string out;
  const std::size_t bad = convert.run(text, out);
  if (bad == std::string_view::npos) return out;
  char32_t code = 0;
  const std::size_t n = utf8_length(text, bad, code);
  error = concat({"'", ir::visible_text(text.substr(bad, n == 0 ? 1 : n)), "' has no Shift-JIS code"});
  return std::nullopt;
}

}  // namespace koma::records
