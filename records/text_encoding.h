// Record file encodings: a record is read as UTF-8 when its bytes are valid UTF-8 and as
// Shift-JIS (Windows' CP932, the usual encoding of .kif) otherwise, or in the encoding given;
// a written record may be turned into Shift-JIS. The readers see UTF-8 only.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "record.h"

namespace koma::records {

/// How the bytes of a record file are read.
enum class Encoding {
  detect,     ///< UTF-8 when the bytes are valid UTF-8, else Shift-JIS
  utf8,       ///< UTF-8 only
  shift_jis,  ///< Shift-JIS (CP932) only
};

/// A record file's encoding from its extension ("kifu": UTF-8; anything else: detected).
Encoding encoding_of_extension(std::string_view extension);

/// A record file's text in UTF-8, or the first line that is in none of the encodings allowed.
struct DecodedText {
  std::optional<std::string> text;
  Encoding found = Encoding::utf8;  ///< the encoding the bytes were read in
  RecordError error;
};

/// `bytes` as UTF-8 text, read in `encoding`. Under `detect`, a file that is not UTF-8 but has
/// a line of Japanese in UTF-8 mixes the two encodings and is refused (`encoding-mixed`).
DecodedText decode_record(std::string_view bytes, Encoding encoding);

/// `text` (UTF-8) in Shift-JIS; nothing, with `error` set, when a character has no CP932 code.
std::optional<std::string> to_shift_jis(std::string_view text, std::string& error);

}  // namespace koma::records
