// Record formats, reading and judging a record into a game, and writing a game as a record.
#include "records_io.h"

#include <algorithm>
#include <cctype>

#include <fmt/core.h>

#include "position_setup.h"
#include "text_lines.h"

namespace koma::lib {

namespace {

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
  return out;
}

const ir::EndRule* rule_of(const Variant& variant, ir::EndKind kind) {
  for (const ir::EndRule& e : variant.rules().endings) {
    if (e.kind == kind) return &e;
  }
  return nullptr;
}

}  // namespace

std::string_view record_format_name(RecordFormat format) {
  switch (format) {
    case RecordFormat::usi: return "usi";
    case RecordFormat::csa: return "csa";
    case RecordFormat::kif: return "kif";
  }
  return "usi";
}

Result<RecordFormat> record_format_named(std::string_view name) {
  const std::string lower = lowercase(name);
  if (lower == "usi") return RecordFormat::usi;
  if (lower == "csa") return RecordFormat::csa;
  if (lower == "kif" || lower == "kifu") return RecordFormat::kif;
  Error error("unknown-record-format",
              fmt::format("unknown record format '{}' (known: kif, csa, usi)", name));
  error.usage = true;
  return error;
}

RecordFormat record_format_of_path(std::string_view path) {
  const std::size_t dot = path.rfind('.');
  const std::string ext = dot == std::string_view::npos ? "" : lowercase(path.substr(dot + 1));
  if (ext == "kif" || ext == "kifu") return RecordFormat::kif;
  if (ext == "csa") return RecordFormat::csa;
  return RecordFormat::usi;
}

RecordFormat guess_record_format(std::string_view text) {
  const std::vector<std::string_view> lines = records::record_lines(text);
  const bool japanese = std::any_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
  if (japanese) return RecordFormat::kif;
  for (std::string_view line : lines) {
    if (csa_line(line)) return RecordFormat::csa;
  }
  return RecordFormat::usi;
}

Result<records::Record> read_record(std::string_view text, RecordFormat format, const std::string& file) {
  records::ReadResult read;
  switch (format) {
    case RecordFormat::usi: read = records::read_usi(text); break;
    case RecordFormat::csa: read = records::read_csa(text); break;
    case RecordFormat::kif: read = records::read_kif(text); break;
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
  }
  return "";
}

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
  Result<records::Record> record = read_record(text, format ? *format : guess_record_format(text), file);
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
  }
  if (!error.empty()) {
    return Error("record-unwritable", fmt::format("cannot write {}: {}", record_format_name(format), error));
  }
  return out;
}

}  // namespace koma::lib
