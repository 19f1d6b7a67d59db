// Record: one game as a record file states it (start, moves as USI text, how it ended), the
// readers and writers of KIF, CSA and USI move lists, and the judge that replays it.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game.h"

namespace koma::records {

/// How a record says the game ended, beyond its moves.
enum class RecordEnd {
  none,        ///< the record stops without saying (or the game goes on)
  resign,      ///< the side to move resigned (投了, %TORYO, USI `resign`)
  timeout,     ///< the side to move ran out of time (切れ負け, %TIME_UP)
  declare,     ///< the side to move declared a win (入玉勝ち, %KACHI, USI `win`)
  impasse,     ///< the players agreed to count an impasse (持将棋, %JISHOGI)
  repetition,  ///< the record says the position repeated (千日手, %SENNICHITE)
  foul,        ///< the record says the last move was a foul (反則負け, %ILLEGAL_MOVE)
  interrupt,   ///< the game was stopped without a result (中断, %CHUDAN)
};

/// How long a move took, as the record gives it (-1: not given).
struct MoveTime {
  int seconds = -1;  ///< the move's own time (KIF `( 0:16/...)`, CSA `T16`)
  int total = -1;    ///< the mover's time so far, with this move (KIF `.../00:00:16)`)
  bool given() const { return seconds >= 0; }
};

/// A header of a record: a KIF `key：value` line or a CSA `N+`, `N-` or `$KEY:` line, keyed by
/// its KIF name when it has one (N+ is 先手, $EVENT is 棋戦), else as the record writes it.
struct RecordHeader {
  std::string key;
  std::string value;
  std::size_t line = 0;
};

struct RecordLine;

/// One move as written: its USI text and where the record gives it.
struct RecordMove {
  std::string usi;        ///< USI text in the variant's own spelling ("7g7f", "P*5e")
  std::size_t line = 0;   ///< 1-based line in the record file (0: not from a file)
  bool wrong_side = false;  ///< the record marks the move as the other side's (CSA sign)
  bool signed_side = false; ///< the record names the side that moves (CSA sign)
  std::string text;         ///< the move as the record writes it ("-3334FU"); empty: `usi`
  MoveTime time;                      ///< how long it took
  std::vector<std::string> comments;  ///< the comment lines that follow it (KIF `*`, CSA `'`)
  std::vector<RecordLine> variations; ///< other moves in its place, each with what follows it
};

/// A variation (KIF 変化：N手): moves in the place of a move of another line, then its end.
struct RecordLine {
  std::size_t line = 0;               ///< where the record starts it
  std::vector<std::string> comments;  ///< comment lines before its first move
  std::vector<RecordMove> moves;      ///< the first in the place of the move it branches from
  RecordEnd end = RecordEnd::none;
  std::size_t end_line = 0;
  MoveTime end_time;
  std::vector<std::string> end_comments;
};

/// A game record in the form koma judges and converts.
struct Record {
  std::string sfen;                ///< the start position (SFEN); empty: the variant's start
  std::size_t start_line = 0;      ///< where the record gives its start (0: nowhere)
  std::vector<RecordMove> moves;   ///< in order
  RecordEnd end = RecordEnd::none; ///< what the record says ended the game
  std::size_t end_line = 0;        ///< where it says so (0: nowhere)
  MoveTime end_time;               ///< the time the end line gives (KIF `投了 ( 0:01/...)`)
  std::vector<RecordHeader> headers;   ///< in order
  std::vector<std::string> comments;   ///< the comment lines before the first move
  std::vector<std::string> end_comments;  ///< the comment lines after the end
  std::string summary;             ///< KIF's closing line as written ("まで12手で後手の勝ち")
};

/// A problem with a record file, located at its line.
struct RecordError {
  std::size_t line = 0;  ///< 1-based line (0: the whole file)
  std::string message;   ///< one sentence quoting what was written
  std::string code;      ///< stable kebab-case code ("empty-record", "wrong-side")
  std::size_t column = 0;  ///< 1-based column in characters (0: the whole line)
};

/// A record or the first problem found.
struct ReadResult {
  std::optional<Record> record;
  RecordError error;
};

/// Reads a USI move list: `[position] sfen SFEN moves M...`, `[position] startpos moves M...`,
/// or bare moves; `resign` and `win` as the last word, or a line `bestmove resign` or
/// `bestmove win` after the moves, are the record's end. Empty text is no game.
ReadResult read_usi(std::string_view text);
/// Reads CSA (V2, V2.1, V2.2, V3.0) of standard shogi: `PI` or P1..P9 with hands, `+`/`-`,
/// moves `+7776FU`, `%TORYO` and the other endings; names, `$` headers, `'` comments and `T`
/// times are kept.
ReadResult read_csa(std::string_view text);
/// Reads KIF of standard shogi: 手合割 (平手 and the handicaps), moves in Japanese with their
/// source squares, 投了 and the other endings; or a board diagram (which a 手合割 must match).
/// Headers, `*` comments, move times and the closing まで line are kept, and every variation
/// (変化) as a tree of RecordLine. A file with no header, diagram or move is no game.
ReadResult read_kif(std::string_view text);

/// Reads JKF (JSON Kifu Format) of standard shogi: `header` (KIF header names), `initial` (a
/// preset such as HIRATE or KY, or OTHER with a board and hands), and `moves`: a first entry of
/// comments, then each move (`from`, `to` or `same`, `piece`, `promote`; `color` checked as a
/// CSA sign is) with its `time`, `comments` and `forks` (variations), and a `special` end.
/// Strict JSON; every problem is located at its line and column.
ReadResult read_jkf(std::string_view text);

/// The games of a CSA file, which separates them with a line `/`.
struct GamesRead {
  std::vector<Record> games;  ///< in order (empty on a problem)
  RecordError error;
  std::size_t game = 0;       ///< the 1-based game the problem is in (0: the file has one game)
};
/// Reads every game of a CSA file; a `/` line with no game after it ends the file.
GamesRead read_csa_games(std::string_view text);

/// The word a record uses for an end, as `koma play` prints it ("resign", "impasse").
std::string_view end_name(RecordEnd end);

/// How a judged game stands.
struct Verdict {
  GameStatus status;                ///< an ending of the variant's rules, when one decided it
  RecordEnd claim = RecordEnd::none;  ///< resign or timeout: decided by the record, not a rule
  std::optional<ir::Side> winner;   ///< who won (also for claims)
  std::size_t plies = 0;            ///< moves played when the game was decided (or so far)
  ir::Side side_to_move = ir::Side::sente;  ///< in the last position reached
  bool in_check = false;            ///< the side to move is in check there
  ImpasseCount count;               ///< impasse, declaration: the count that decided it
  bool finished() const { return status.ended || claim != RecordEnd::none; }
};

/// A judged game: the verdict, and the legal moves played (for writing the record back).
struct Judged {
  Verdict verdict;
  std::shared_ptr<const Variant> variant;  ///< the variant judged
  std::unique_ptr<Position> start;  ///< the start position
  std::vector<Move> moves;          ///< the legal moves played, in order
  std::optional<RecordMove> foul;   ///< the illegal move judged as a foul
  Record record;                    ///< the record judged (headers, comments, times)
};

/// A judged game or the first problem (an illegal move that is no foul, a move after the end).
struct JudgeResult {
  std::optional<Judged> judged;
  RecordError error;
};

/// Replays `record` on `variant` (moves read in `dialect` first, then the other spellings),
/// in time linear in its length, and judges it: the variant's endings as they happen, then the
/// record's end. An illegal move is judged as a foul when the variant has a foul ending. A
/// start with a piece that could never move, or a first move by the side not to move, is refused.
/// Variations are not judged, but each of their moves must be legal where it is made.
JudgeResult judge(const std::shared_ptr<const Variant>& variant, const Record& record,
                  int dialect = kNativeDialect);

/// The game as a USI position command, `position sfen SFEN moves ...` (`startpos` when it is the
/// start), then a resignation or declaration on a line of its own: `bestmove resign` or `win`.
std::string write_usi(const Judged& game, int dialect = kNativeDialect);
/// Why `format`, which gives a move's origin and target only (KIF, CSA, JKF), cannot hold the
/// game: its first move of two steps (a Lion's, an igui, a pass), named; "" when it can.
std::string two_step_move(const Judged& game, std::string_view format);
/// The game as CSA V2.2 (standard shogi pieces only; an error message otherwise).
std::string write_csa(const Judged& game, std::string& error);
/// The game as KIF (standard shogi pieces only; an error message otherwise).
std::string write_kif(const Judged& game, std::string& error);
/// The game as JKF, one entry a line, with its headers, comments, times, end and variations as
/// forks (pieces with CSA names on 9×9 only; an error message otherwise).
std::string write_jkf(const Judged& game, std::string& error);

}  // namespace koma::records
