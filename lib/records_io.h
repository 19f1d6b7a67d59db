// Game records for every front end: choosing the format (by name, file name or content),
// reading a KIF, CSA or USI record into a judged game with its result, and writing a game back.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "error.h"
#include "game_session.h"
#include "record.h"

namespace koma::lib {

/// The record formats koma reads and writes.
enum class RecordFormat { usi, csa, kif, ki2, jkf };

/// "usi", "csa", "kif", "ki2", "jkf".
std::string_view record_format_name(RecordFormat format);

/// The format called `name` ("kif", "kifu", "ki2", "csa", "jkf", "usi"; any case); `unknown-record-format`.
Result<RecordFormat> record_format_named(std::string_view name);

/// The format of a file by its name: .kif/.kifu is KIF, .ki2 KI2, .csa CSA, .jkf JKF, anything else USI.
RecordFormat record_format_of_path(std::string_view path);

/// The format `text` is written in: JKF when it starts with `{`, KIF when it has a KIF header, move or diagram (Japanese
/// text), CSA when a line starts as CSA lines do (V2, PI, P1, +7776FU, N+, $, %), else USI.
RecordFormat guess_record_format(std::string_view text);

/// Reads a record; a problem is an Error with the record's code and line in `file`. A KI2
/// record's moves are read on `variant` (its moves are words that name a legal move).
Result<records::Record> read_record(std::string_view text, RecordFormat format, const std::string& file,
                                    const std::shared_ptr<const Variant>& variant = nullptr);

/// How a record's bytes are encoded.
enum class RecordEncoding { detect, utf8, shift_jis };

/// "utf-8", "shift-jis"; "" for detect; empty for another name.
std::optional<RecordEncoding> record_encoding_named(std::string_view name);

/// Reads a record's bytes: decoded as `encoding` says (`detect`: UTF-8 when the bytes are, else
/// Shift-JIS, and UTF-8 only for the extension "kifu"), then read as `format`.
Result<records::Record> read_record_bytes(std::string_view bytes, RecordFormat format, RecordEncoding encoding,
                                          const std::string& file, std::string_view extension = "",
                                          const std::shared_ptr<const Variant>& variant = nullptr);

/// Reads every game of a record's bytes: the games of a CSA file (separated by `/` lines), one
/// game of any other format. A problem's message starts with its game ("game 2: ...").
Result<std::vector<records::Record>> read_records_bytes(std::string_view bytes, RecordFormat format,
                                                       RecordEncoding encoding, const std::string& file,
                                                       std::string_view extension = "",
                                                       const std::shared_ptr<const Variant>& variant = nullptr);

/// Replays and judges `record` under `variant` (moves read in `dialect` first); `file` names
/// the record in errors.
Result<records::Judged> judge_record(const std::shared_ptr<const Variant>& variant,
                                     const records::Record& record, int dialect, const std::string& file);

/// How a judged record ended.
struct RecordResult {
  std::string result = "unfinished";  ///< "win", "draw", "replay" or "unfinished"
  std::optional<std::string> winner;  ///< the winner's side name
  std::string rule;                   ///< "checkmate", ..., "resignation", "time-loss"; "" unfinished
  ir::SourceLoc rule_at;              ///< where the variant states the rule (line 0: nowhere)
  std::string foul;                   ///< "two-per-file", ... when a foul decided it; else ""
  std::optional<std::string> foul_move;  ///< the illegal move as the record writes it
  std::size_t plies = 0;              ///< moves played when it was decided (or so far)
  std::string side_to_move;           ///< in the last position reached
  bool in_check = false;              ///< the side to move is in check there
};

/// A record read and judged: the game of its legal moves and how it ended.
struct RecordGame {
  Game game;
  RecordResult result;
};

/// The name of a foul ("two-per-file", "drop-mate", "moving-twice"), "" for none.
std::string foul_name(Foul foul);

/// The result of a judged record.
RecordResult record_result(const records::Judged& judged);

/// Reads `text` (`format`, else guessed from the text), judges it on `variant` with moves read
/// in `dialect` first, and sets the game up on its legal moves. `file` names the record in errors.
Result<RecordGame> load_record(const std::shared_ptr<const Variant>& variant, std::string_view text,
                               std::optional<RecordFormat> format, const std::string& dialect,
                               const std::string& file);

/// The game as a record: USI in the game's spelling; CSA, KIF, KI2 and JKF of standard shogi pieces
/// (`record-unwritable` otherwise).
Result<std::string> write_record(const Game& game, RecordFormat format);

/// A judged record written back in `format` (UTF-8, or Shift-JIS when `shift_jis`), with its
/// headers, comments, times and variations where the format holds them.
Result<std::string> write_record(const records::Judged& game, RecordFormat format, int dialect,
                                 bool shift_jis = false);

/// The verdict as `koma play --format json` gives it: result, winner, rule, rule_at, foul,
/// declared, ply, side_to_move, in_check, points.
nlohmann::ordered_json verdict_json(const records::Judged& game);

/// The verdict as `koma play` prints it.
std::string verdict_text(const records::Judged& game);

/// What a record keeps beside its moves, as JSON fields of `out`: headers, the closing line,
/// comments (ply 0: before the first move) and times; none when it keeps nothing.
void add_record_notes(const records::Record& record, nlohmann::ordered_json& out);

/// The headers and the closing line of a record, as `koma play` prints them after its verdict.
std::string record_notes_text(const records::Record& record);

}  // namespace koma::lib
