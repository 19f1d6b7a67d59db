// Record formats, reading and judging a record into a game, and writing a game as a record.
#include "records_io.h"

#include <algorithm>
#include <cctype>

#include <fmt/core.h>

#include "notation.h"
#include "position_setup.h"
#include "text_encoding.h"
#include "text_lines.h"

namespace koma::lib {

namespace {

using Json = nlohmann::ordered_json;

std::string lowercase(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

/// Whether a line starts as only CSA lines do.
bool csa_line(std::string_view line) {
  const auto digit = [&](std::size_t i) { return i < line.size() && std::isdigit(static_cast<unsigned char>(line[i])); };
  if (line.starts_with("V2") || line.starts_with("V3") || line.starts_with("PI") ||
      line.starts_with("N+") || line.starts_with("N-") || line.starts_with("P+") ||
      line.starts_with("P-") || line.starts_with("$") || line.starts_with("%")) {
    return true;
  }
  if (line.size() >= 2 && line[0] == 'P' && line[1] >= '1' && line[1] <= '9') return true;
  return line.size() >= 7 && (line[0] == '+' || line[0] == '-') && digit(1) && digit(2) && digit(3) && digit(4);
}

Error record_error(const records::RecordError& error, const std::string& file) {
  Error out(error.code, error.message);
  out.file = file;
  out.line = error.line;
  out.column = error.column;
  return out;
}

const ir::EndRule* rule_of(const Variant& variant, ir::EndKind kind) {
  for (const ir::EndRule& e : variant.rules().endings) {
    if (e.kind == kind) return &e;
  }
  return nullptr;
}

std::string foul_name_of(Foul foul);

std::string foul_words(Foul foul) {
  switch (foul) {
    case Foul::none: return "";
    case Foul::two_per_file: return "a second unpromoted piece of its kind on a file";
    case Foul::dead_end: return "a piece moved or dropped where it can never move again";
    case Foul::drop_mate: return "checkmate by a drop the rules forbid";
    case Foul::king_in_check: return "the king left in check or moved into check";
    case Foul::wrong_side: return "a side moved twice";
    case Foul::banned_rank: return "a piece dropped on a rank its drop rules forbid";
  }
  return "";
}

std::string loc_text(const ir::SourceLoc& loc) {
  if (loc.line == 0) return "";
  return fmt::format("{}:{}:{}", loc.file, loc.line, loc.column);
}

/// The verdict's words, shared by the text and the JSON forms.
struct VerdictWords {
  std::string result = "unfinished";  ///< win, draw, replay, unfinished
  std::string rule;                   ///< the ending's name, "resignation", "time-loss"
  std::string loc;                    ///< where the variant states the rule
  std::string foul;                   ///< the foul's name
  std::string declared;               ///< a declaration: "right" or "wrong"
  bool counted = false;               ///< impasse or declaration: the points decided
};

VerdictWords words_of(const Variant& variant, const records::Verdict& v) {
  VerdictWords w;
  if (v.finished()) {
    w.result = v.winner ? "win" : v.status.outcome == ir::Outcome::replay ? "replay" : "draw";
    if (v.claim == records::RecordEnd::resign) {
      w.rule = "resignation";
    } else if (v.claim == records::RecordEnd::timeout) {
      w.rule = "time-loss";
    } else {
      w.rule = end_kind_name(v.status.rule);
      if (const ir::EndRule* r = rule_of(variant, v.status.rule)) w.loc = loc_text(r->loc);
    }
  }
  w.foul = foul_name_of(v.status.foul);
  // A declaration is made by the side to move; a wrong one loses whatever the rule gives.
  if (v.status.ended && v.status.rule == ir::EndKind::declaration) {
    const ir::EndRule* r = rule_of(variant, ir::EndKind::declaration);
    w.declared = r != nullptr && v.status.outcome == r->outcome ? "right" : "wrong";
  }
  w.counted = v.status.ended &&
              (v.status.rule == ir::EndKind::declaration || v.status.rule == ir::EndKind::impasse);
  return w;
}

}  // namespace

std::string_view record_format_name(RecordFormat format) {
  switch (format) {
    case RecordFormat::usi: return "usi";
    case RecordFormat::csa: return "csa";
    case RecordFormat::kif: return "kif";
    case RecordFormat::ki2: return "ki2";
    case RecordFormat::jkf: return "jkf";
  }
  return "usi";
}

Result<RecordFormat> record_format_named(std::string_view name) {
  const std::string lower = lowercase(name);
  if (lower == "usi") return RecordFormat::usi;
  if (lower == "csa") return RecordFormat::csa;
  if (lower == "kif" || lower == "kifu") return RecordFormat::kif;
  if (lower == "ki2") return RecordFormat::ki2;
  if (lower == "jkf") return RecordFormat::jkf;
  Error error("unknown-record-format",
              fmt::format("unknown record format '{}' (known: kif, ki2, csa, jkf, usi)", name));
  error.usage = true;
  return error;
}

RecordFormat record_format_of_path(std::string_view path) {
  const std::size_t dot = path.rfind('.');
  const std::string ext = dot == std::string_view::npos ? "" : lowercase(path.substr(dot + 1));
  if (ext == "kif" || ext == "kifu") return RecordFormat::kif;
  if (ext == "ki2") return RecordFormat::ki2;
  if (ext == "csa") return RecordFormat::csa;
  if (ext == "jkf") return RecordFormat::jkf;
  return RecordFormat::usi;
}

RecordFormat guess_record_format(std::string_view text) {
  const std::vector<std::string_view> lines = records::record_lines(text);
  // A JSON object is JKF, whatever its strings hold.
  for (std::string_view line : lines) {
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos) continue;
    if (line[first] == '{') return RecordFormat::jkf;
    break;
  }
  const bool japanese = std::any_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
  if (japanese) return RecordFormat::kif;
  for (std::string_view line : lines) {
    if (csa_line(line)) return RecordFormat::csa;
  }
  return RecordFormat::usi;
}

Result<records::Record> read_record(std::string_view text, RecordFormat format, const std::string& file,
                                    const std::shared_ptr<const Variant>& variant) {
  records::ReadResult read;
  switch (format) {
    case RecordFormat::ki2:
      if (!variant) return Error("record-needs-variant", "a KI2 record is read against a variant's moves");
      read = records::read_ki2(text, variant);
      break;
    case RecordFormat::usi: read = records::read_usi(text); break;
    case RecordFormat::csa: read = records::read_csa(text); break;
    case RecordFormat::kif: read = records::read_kif(text); break;
    case RecordFormat::jkf: read = records::read_jkf(text); break;
  }
  if (!read.record) return record_error(read.error, file);
  return std::move(*read.record);
}

std::string foul_name(Foul foul) {
  switch (foul) {
    case Foul::none: return "";
    case Foul::two_per_file: return "two-per-file";
    case Foul::dead_end: return "dead-end";
    case Foul::drop_mate: return "drop-mate";
    case Foul::king_in_check: return "king-in-check";
    case Foul::wrong_side: return "moving-twice";
    case Foul::banned_rank: return "banned-rank";
  }
  return "";
}

namespace {
std::string foul_name_of(Foul foul) { return foul_name(foul); }
}  // namespace

RecordResult record_result(const records::Judged& judged) {
  const Variant& variant = *judged.variant;
  const records::Verdict& v = judged.verdict;
  RecordResult out;
  out.plies = v.plies;
  out.side_to_move = side_name(variant, v.side_to_move);
  out.in_check = v.in_check;
  if (!v.finished()) return out;
  out.result = v.winner ? "win" : v.status.outcome == ir::Outcome::replay ? "replay" : "draw";
  if (v.winner) out.winner = side_name(variant, *v.winner);
  if (v.claim == records::RecordEnd::resign) {
    out.rule = "resignation";
  } else if (v.claim == records::RecordEnd::timeout) {
    out.rule = "time-loss";
  } else {
    out.rule = end_kind_name(v.status.rule);
    if (const ir::EndRule* rule = rule_of(variant, v.status.rule)) out.rule_at = rule->loc;
  }
  out.foul = foul_name(v.status.foul);
  if (judged.foul) out.foul_move = judged.foul->text.empty() ? judged.foul->usi : judged.foul->text;
  return out;
}

Result<RecordGame> load_record(const std::shared_ptr<const Variant>& variant, std::string_view text,
                               std::optional<RecordFormat> format, const std::string& dialect,
                               const std::string& file) {
  const Result<int> spelling = dialect_index(*variant, dialect);
  if (!spelling) return spelling.error();
  Result<records::Record> record = read_record(text, format ? *format : guess_record_format(text), file, variant);
  if (!record) return record.error();
  records::JudgeResult judged = records::judge(variant, *record, *spelling);
  if (!judged.judged) return record_error(judged.error, file);
  // The game is set up in the variant's own spelling, then written in the one asked for.
  GameSetup setup;
  setup.sfen = judged.judged->start->sfen(kNativeDialect);
  Position replay = judged.judged->start->clone();
  for (const Move move : judged.judged->moves) {
    setup.moves.push_back(replay.move_text(move, kNativeDialect));
    replay.make(move);
  }
  Result<Game> game = Game::start(variant, setup);
  if (!game) return game.error();
  game->set_dialect(dialect);
  return RecordGame{std::move(*game), record_result(*judged.judged)};
}

std::optional<RecordEncoding> record_encoding_named(std::string_view name) {
  if (name.empty()) return RecordEncoding::detect;
  if (name == "utf-8") return RecordEncoding::utf8;
  if (name == "shift-jis") return RecordEncoding::shift_jis;
  return std::nullopt;
}

Result<records::Record> read_record_bytes(std::string_view bytes, RecordFormat format, RecordEncoding encoding,
                                          const std::string& file, std::string_view extension,
                                          const std::shared_ptr<const Variant>& variant) {
  const records::Encoding how = encoding == RecordEncoding::utf8        ? records::Encoding::utf8
                                : encoding == RecordEncoding::shift_jis ? records::Encoding::shift_jis
                                                                        : records::encoding_of_extension(extension);
  records::DecodedText decoded = records::decode_record(bytes, how);
  if (!decoded.text) return record_error(decoded.error, file);
  return read_record(*decoded.text, format, file, variant);
}

Result<std::vector<records::Record>> read_records_bytes(std::string_view bytes, RecordFormat format,
                                                       RecordEncoding encoding, const std::string& file,
                                                       std::string_view extension,
                                                       const std::shared_ptr<const Variant>& variant) {
  if (format != RecordFormat::csa) {
    Result<records::Record> one = read_record_bytes(bytes, format, encoding, file, extension, variant);
    if (!one) return one.error();
    std::vector<records::Record> games;
    games.push_back(std::move(*one));
    return games;
  }
  const records::Encoding how = encoding == RecordEncoding::utf8        ? records::Encoding::utf8
                                : encoding == RecordEncoding::shift_jis ? records::Encoding::shift_jis
                                                                        : records::encoding_of_extension(extension);
  records::DecodedText decoded = records::decode_record(bytes, how);
  if (!decoded.text) return record_error(decoded.error, file);
  records::GamesRead read = records::read_csa_games(*decoded.text);
  if (read.games.empty()) {
    Error error = record_error(read.error, file);
    if (read.game != 0) error.message = fmt::format("game {}: {}", read.game, error.message);
    return error;
  }
  return std::move(read.games);
}

Result<records::Judged> judge_record(const std::shared_ptr<const Variant>& variant,
                                     const records::Record& record, int dialect, const std::string& file) {
  records::JudgeResult judged = records::judge(variant, record, dialect);
  if (!judged.judged) return record_error(judged.error, file);
  return std::move(*judged.judged);
}

Result<std::string> write_record(const records::Judged& game, RecordFormat format, int dialect, bool shift_jis) {
  std::string error, out;
  switch (format) {
    case RecordFormat::usi: out = records::write_usi(game, dialect); break;
    case RecordFormat::csa: out = records::write_csa(game, error); break;
    case RecordFormat::kif: out = records::write_kif(game, error); break;
    case RecordFormat::ki2: out = records::write_ki2(game, error); break;
    case RecordFormat::jkf: out = records::write_jkf(game, error); break;
  }
  if (error.empty() && shift_jis) out = records::to_shift_jis(out, error).value_or("");
  if (!error.empty()) return Error("record-unwritable", error);
  return out;
}

void add_record_notes(const records::Record& record, Json& out) {
  if (!record.headers.empty()) {
    out["headers"] = Json::array();
    for (const auto& h : record.headers) out["headers"].push_back({{"key", h.key}, {"value", h.value}});
  }
  if (!record.summary.empty()) out["closing"] = record.summary;
  Json comments = Json::array(), times = comments;
  auto note = [&](std::size_t ply, const std::vector<std::string>& lines, const records::MoveTime& t) {
    for (const std::string& c : lines) comments.push_back({{"ply", ply}, {"text", c}});
    if (t.given()) {
      times.push_back({{"ply", ply}, {"seconds", t.seconds}, {"total", t.total >= 0 ? Json(t.total) : Json(nullptr)}});
    }
  };
  note(0, record.comments, {});
  for (std::size_t i = 0; i < record.moves.size(); ++i) note(i + 1, record.moves[i].comments, record.moves[i].time);
  note(record.moves.size() + 1, record.end_comments, record.end_time);
  if (!comments.empty()) out["comments"] = comments;
  if (!times.empty()) out["times"] = times;
}

std::string record_notes_text(const records::Record& record) {
  std::string out;
  for (const auto& h : record.headers) out += fmt::format("{}: {}\n", h.key, h.value);
  if (!record.summary.empty()) out += fmt::format("closing: {}\n", record.summary);
  return out;
}

Json verdict_json(const records::Judged& game) {
  const Variant& variant = *game.variant;
  const records::Verdict& v = game.verdict;
  const VerdictWords w = words_of(variant, v);
  Json out{{"result", w.result}};
  out["winner"] = v.winner ? Json(side_name(variant, *v.winner)) : Json(nullptr);
  out["rule"] = w.rule.empty() ? Json(nullptr) : Json(w.rule);
  out["rule_at"] = w.loc.empty() ? Json(nullptr) : Json(w.loc);
  out["foul"] = w.foul.empty() ? Json(nullptr) : Json(w.foul);
  if (!w.declared.empty()) {
    out["declared"] = {{"by", side_name(variant, v.side_to_move)}, {"right", w.declared == "right"}};
  }
  out["ply"] = v.plies;
  out["side_to_move"] = side_name(variant, v.side_to_move);
  out["in_check"] = v.in_check;
  if (w.counted) {
    out["points"] = {{side_name(variant, ir::Side::sente), v.count.points[0]},
                     {side_name(variant, ir::Side::gote), v.count.points[1]}};
  }
  return out;
}

std::string verdict_text(const records::Judged& game) {
  const Variant& variant = *game.variant;
  const records::Verdict& v = game.verdict;
  const VerdictWords w = words_of(variant, v);
  std::string out;
  if (!v.finished()) {
    out = fmt::format("result: unfinished after ply {}\nside to move: {}\nin check: {}\n", v.plies,
                      side_name(variant, v.side_to_move), v.in_check ? "yes" : "no");
  } else {
    const std::string who = v.winner ? side_name(variant, *v.winner) + " wins"
                            : w.result == "replay" ? std::string("replayed")
                                                   : std::string("draw");
    out = fmt::format("result: {}\nrule: {}{}\n", who, w.rule, w.loc.empty() ? "" : " (" + w.loc + ")");
    if (!w.foul.empty()) {
      out += fmt::format("foul: {}: {} (move {} '{}')\n", w.foul, foul_words(v.status.foul), v.plies,
                         game.foul->usi);
    }
    if (!w.declared.empty()) {
      out += fmt::format("declared by: {} ({})\n", side_name(variant, v.side_to_move), w.declared);
    }
    if (w.counted) {
      out += fmt::format("points: {} {}, {} {}\n", side_name(variant, ir::Side::sente), v.count.points[0],
                         side_name(variant, ir::Side::gote), v.count.points[1]);
    }
    out += fmt::format("ply: {}\n", v.plies);
  }
  return out;
}

Result<std::string> write_record(const Game& game, RecordFormat format) {
  records::Judged judged;
  judged.variant = game.variant_ptr();
  judged.start = std::make_unique<Position>(game.start_position().clone());
  judged.moves = game.moves();
  judged.verdict.status = game.position().status();
  judged.verdict.winner = judged.verdict.status.winner;
  judged.verdict.plies = game.moves().size();
  judged.verdict.side_to_move = game.position().side_to_move();
  judged.verdict.in_check = game.position().in_check();
  std::string error, out;
  switch (format) {
    case RecordFormat::usi: return records::write_usi(judged, game.dialect());
    case RecordFormat::csa: out = records::write_csa(judged, error); break;
    case RecordFormat::kif: out = records::write_kif(judged, error); break;
    case RecordFormat::ki2: out = records::write_ki2(judged, error); break;
    case RecordFormat::jkf: out = records::write_jkf(judged, error); break;
  }
  if (!error.empty()) {
    return Error("record-unwritable", fmt::format("cannot write {}: {}", record_format_name(format), error));
  }
  return out;
}

}  // namespace koma::lib
