// A strict JSON reader that keeps where each value is, and the quoting of strings.
#include "json_text.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>

namespace koma::records {

namespace {

constexpr int kMaxDepth = 512;

/// The reader's place in the text, and the first problem found.
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  JsonRead read() {
    JsonRead out;
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
    skip_space();
    JsonValue value;
    if (parse_value(value, 0)) {
      skip_space();
      if (pos_ < text_.size()) fail("text follows the JSON value");
      else out.value = std::move(value);
    }
    if (!out.value) out.line = error_line_, out.column = error_column_, out.message = message_;
    return out;
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0, line_ = 1, line_start_ = 0;
  std::size_t error_line_ = 0, error_column_ = 0;
  std::string message_;

  mutable std::size_t counted_ = 0, counted_column_ = 1;  ///< the column at `counted_`

  /// The column of `pos_`, counted on from the last one asked for (positions only grow).
  std::size_t column() const {
    if (counted_ < line_start_) counted_ = line_start_, counted_column_ = 1;
    for (; counted_ < pos_ && counted_ < text_.size(); ++counted_) {
      if ((static_cast<unsigned char>(text_[counted_]) & 0xC0) != 0x80) ++counted_column_;
    }
    return counted_column_;
  }

  bool fail(std::string message) {
    if (message_.empty()) error_line_ = line_, error_column_ = column(), message_ = std::move(message);
    return false;
  }

  void skip_space() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '\n') {
        ++line_, line_start_ = ++pos_;
      } else if (c == '\r') {
        ++pos_;
        if (pos_ < text_.size() && text_[pos_] == '\n') ++pos_;
        ++line_, line_start_ = pos_;
      } else if (c == ' ' || c == '\t') {
        ++pos_;
      } else {
        break;
      }
    }
  }

  bool literal(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return fail("unknown word (JSON has true, false and null)");
    pos_ += word.size();
    return true;
  }

  bool parse_value(JsonValue& v, int depth) {
    v.line = line_, v.column = column();
    if (pos_ >= text_.size()) return fail("the text ends where a value is expected");
    const char c = text_[pos_];
    switch (c) {
      case '{': return parse_object(v, depth);
      case '[': return parse_array(v, depth);
      case '"': v.kind = JsonValue::Kind::string; return parse_string(v.text);
      case 't': v.kind = JsonValue::Kind::boolean, v.boolean = true; return literal("true");
      case 'f': v.kind = JsonValue::Kind::boolean; return literal("false");
      case 'n': return literal("null");
      default: break;
    }
    if (c == '-' || (c >= '0' && c <= '9')) return parse_number(v);
    return fail("a value is expected here");
  }

  bool parse_number(JsonValue& v) {
    const std::size_t start = pos_;
    auto digits = [&] {
      const std::size_t from = pos_;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
      return pos_ > from;
    };
    if (text_[pos_] == '-') ++pos_;
    if (pos_ < text_.size() && text_[pos_] == '0') {
      ++pos_;
    } else if (!digits()) {
      return fail("a number needs digits");
    }
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      if (!digits()) return fail("a number needs digits after its point");
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
      if (!digits()) return fail("a number needs digits in its exponent");
    }
    if (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') return fail("a number may not start with 0");
    v.kind = JsonValue::Kind::number;
    v.number = std::strtod(std::string(text_.substr(start, pos_ - start)).c_str(), nullptr);
    return true;
  }

  static void append_utf8(std::string& out, unsigned code) {
    if (code < 0x80) {
      out += static_cast<char>(code);
    } else if (code < 0x800) {
      out += static_cast<char>(0xC0 | (code >> 6));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
      out += static_cast<char>(0xE0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (code >> 18));
      out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    }
  }

  bool hex4(unsigned& code) {
    if (pos_ + 4 > text_.size()) return fail("\\u needs four hex digits");
    code = 0;
    for (int i = 0; i < 4; ++i) {
      const char h = text_[pos_++];
      code <<= 4;
      if (h >= '0' && h <= '9') code |= static_cast<unsigned>(h - '0');
      else if (h >= 'a' && h <= 'f') code |= static_cast<unsigned>(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F') code |= static_cast<unsigned>(h - 'A' + 10);
      else return fail("\\u needs four hex digits");
    }
    return true;
  }

  bool parse_escape(std::string& out) {
    if (pos_ >= text_.size()) return fail("the text ends inside a string");
    const char e = text_[pos_++];
    switch (e) {
      case '"': out += '"'; return true;
      case '\\': out += '\\'; return true;
      case '/': out += '/'; return true;
      case 'b': out += '\b'; return true;
      case 'f': out += '\f'; return true;
      case 'n': out += '\n'; return true;
      case 'r': out += '\r'; return true;
      case 't': out += '\t'; return true;
      case 'u': break;
      default: --pos_; return fail("unknown escape in a string");
    }
    unsigned code = 0;
    if (!hex4(code)) return false;
    if (code >= 0xDC00 && code <= 0xDFFF) return fail("a lone low surrogate in a string");
    if (code >= 0xD800 && code <= 0xDBFF) {
      unsigned low = 0;
      if (text_.substr(pos_, 2) != "\\u") return fail("a high surrogate needs a low one after it");
      pos_ += 2;
      if (!hex4(low)) return false;
      if (low < 0xDC00 || low > 0xDFFF) return fail("a high surrogate needs a low one after it");
      code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
    }
    append_utf8(out, code);
    return true;
  }

  bool parse_string(std::string& out) {
    ++pos_;  // the opening quote
    while (true) {
      if (pos_ >= text_.size()) return fail("the text ends inside a string");
      const char c = text_[pos_];
      if (c == '"') {
        ++pos_;
        return true;
      }
      if (static_cast<unsigned char>(c) < 0x20) return fail("a control character in a string (escape it)");
      ++pos_;
      if (c == '\\') {
        if (!parse_escape(out)) return false;
      } else {
        out += c;
      }
    }
  }

  bool parse_array(JsonValue& v, int depth) {
    if (depth >= kMaxDepth) return fail("arrays and objects nest too deep");
    v.kind = JsonValue::Kind::array;
    ++pos_;
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == ']') return ++pos_, true;
    while (true) {
      JsonValue& item = v.items.emplace_back();
      if (!parse_value(item, depth + 1)) return false;
      skip_space();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        skip_space();
        if (pos_ < text_.size() && text_[pos_] == ']') return fail("a comma before ']'");
        continue;
      }
      if (pos_ < text_.size() && text_[pos_] == ']') return ++pos_, true;
      return fail("',' or ']' expected in an array");
    }
  }

  bool parse_object(JsonValue& v, int depth) {
    if (depth >= kMaxDepth) return fail("arrays and objects nest too deep");
    v.kind = JsonValue::Kind::object;
    ++pos_;
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == '}') return ++pos_, true;
    while (true) {
      if (pos_ >= text_.size() || text_[pos_] != '"') return fail("a key (a string) expected in an object");
      std::string key;
      const std::size_t key_line = line_, key_column = column();
      if (!parse_string(key)) return false;
      if (v.find(key) != nullptr) {
        error_line_ = key_line, error_column_ = key_column;
        message_ = "the key \"" + key + "\" is given twice";
        return false;
      }
      skip_space();
      if (pos_ >= text_.size() || text_[pos_] != ':') return fail("':' expected after a key");
      ++pos_;
      skip_space();
      v.members.push_back(JsonMember{std::move(key), JsonValue{}});
      if (!parse_value(v.members.back().value, depth + 1)) return false;
      skip_space();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        skip_space();
        if (pos_ < text_.size() && text_[pos_] == '}') return fail("a comma before '}'");
        continue;
      }
      if (pos_ < text_.size() && text_[pos_] == '}') return ++pos_, true;
      return fail("',' or '}' expected in an object");
    }
  }
};

}  // namespace

const JsonValue* JsonValue::find(std::string_view key) const {
  for (const auto& [name, value] : members) {
    if (name == key) return &value;
  }
  return nullptr;
}

std::string_view JsonValue::kind_name() const {
  switch (kind) {
    case Kind::null: return "null";
    case Kind::boolean: return "a boolean";
    case Kind::number: return "a number";
    case Kind::string: return "a string";
    case Kind::array: return "an array";
    case Kind::object: return "an object";
  }
  return "";
}

JsonRead read_json(std::string_view text) { return Reader(text).read(); }

std::string json_quote(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char hex[8];
          std::snprintf(hex, sizeof hex, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
          out += hex;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

}  // namespace koma::records
