// JSON text for the JKF records: a strict reader (RFC 8259: no comments, no trailing commas, no
// repeated keys) that keeps the line and column of every value, and the quoting of a string.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace koma::records {

struct JsonMember;

/// One JSON value and where the text gives it.
struct JsonValue {
  enum class Kind { null, boolean, number, string, array, object };
  Kind kind = Kind::null;
  bool boolean = false;
  double number = 0;
  std::string text;                                       ///< a string's characters (UTF-8)
  std::vector<JsonValue> items;                           ///< an array's values
  std::vector<JsonMember> members;                        ///< an object's members, in order
  std::size_t line = 0;    ///< 1-based line of its first character
  std::size_t column = 0;  ///< 1-based column (in characters) of its first character

  /// The member named `key` of an object, or null.
  const JsonValue* find(std::string_view key) const;
  /// "null", "a boolean", "a number", "a string", "an array", "an object".
  std::string_view kind_name() const;
};

/// A member of a JSON object: its key and its value (a struct, not a std::pair, so that
/// JsonValue may hold a vector of them before it is complete).
struct JsonMember {
  std::string key;
  JsonValue value;
};

/// A JSON text read, or where and why it is not JSON.
struct JsonRead {
  std::optional<JsonValue> value;
  std::size_t line = 0, column = 0;
  std::string message;
};

/// Reads `text` (one value, a UTF-8 byte order mark allowed before it); arrays and objects
/// nest at most 512 deep.
JsonRead read_json(std::string_view text);

/// `text` as a JSON string, quotes included (control characters escaped, UTF-8 kept).
std::string json_quote(std::string_view text);

}  // namespace koma::records
