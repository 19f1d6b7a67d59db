// Game records for every front end: a record's text read in its format and encoding, judged
// under a variant, written back in another format, and the verdict as text and as JSON.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "error.h"
#include "game.h"
#include "record.h"

namespace koma::lib {

/// The formats records are read in and written to.
enum class RecordFormat { kif, csa, usi };

/// "kif", "csa", "usi" (and "kifu" for kif); empty for another name.
std::optional<RecordFormat> record_format_named(std::string_view name);

/// A file name's format: .kif/.kifu KIF, .csa CSA, anything else a USI move list.
RecordFormat record_format_of_file(const std::string& path);

/// How the record's bytes are encoded.
enum class RecordEncoding { detect, utf8, shift_jis };

/// "utf-8", "shift-jis"; "" for detect; empty for another name.
std::optional<RecordEncoding> record_encoding_named(std::string_view name);

/// Reads a record's bytes. `extension` (of the file it came from, "" when none) settles the
/// encoding a `detect` leaves open. A problem is an Error with the record's code, `name` as its
/// file and the line it is on.
Result<records::Record> read_record(const std::string& bytes, RecordFormat format, RecordEncoding encoding,
                                    const std::string& name, const std::string& extension = "");

/// Replays and judges `record` under `variant` (moves read in `dialect` first); `name` locates
/// its errors.
Result<records::Judged> judge_record(const std::shared_ptr<const Variant>& variant,
                                     const records::Record& record, int dialect, const std::string& name);

/// The judged game written as a record in `format` (UTF-8, or Shift-JIS when `shift_jis`).
Result<std::string> write_record(const records::Judged& game, RecordFormat format, int dialect,
                                 bool shift_jis = false);

/// The verdict as `koma play --format json` gives it: result, winner, rule, rule_at, foul,
/// declared, ply, side_to_move, in_check, points, and the record's headers, closing line,
/// comments and times.
nlohmann::ordered_json verdict_json(const records::Judged& game);

/// The verdict as `koma play` prints it, then the record's headers and closing line.
std::string verdict_text(const records::Judged& game);

}  // namespace koma::lib
