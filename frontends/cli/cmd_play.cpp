// `koma play VARIANT`: judges a game given by --moves or a record file (KIF, KI2, CSA, USI) from
// the start or --sfen: who won, by which rule of the variant file (with its place), at which
// ply, and with --notation its moves in words; or converts the record with --to.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli_error.h"
#include "commands.h"
#include "notation.h"
#include "notation_args.h"
#include "output_format.h"
#include "position_args.h"
#include "record.h"
#include "cli_variant.h"
#include "text_encoding.h"

namespace koma::cli {

namespace {

struct PlayArgs {
  std::string variant;
  PositionArgs position;
  std::string record;  ///< a record file; empty: --moves
  std::string to;      ///< convert to kif, csa or usi; empty: judge
  std::string encoding;     ///< the record's encoding (utf-8, shift-jis); empty: detected
  std::string to_encoding;  ///< the written record's encoding (utf-8, shift-jis)
  NotationArgs notation;    ///< --notation: the moves printed in words
  Format format = Format::text;
};

/// Most bytes in a record file (a 10,000-ply KIF has about 300 kB).
constexpr std::uintmax_t kMaxRecordBytes = std::uintmax_t{16} << 20;

std::string read_file(const std::string& path) {
  // Only a regular file: a device or a FIFO could block or never end.
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (error) throw CliError(fmt::format("cannot read record '{}': {}", path, error.message()));
  if (!std::filesystem::is_regular_file(status)) {
    throw CliError(fmt::format("cannot read record '{}': it is not a regular file", path));
  }
  const std::uintmax_t size = std::filesystem::file_size(path, error);
  if (!error && size > kMaxRecordBytes) {
    throw CliError(fmt::format("record '{}' has {} bytes; a record has at most {}", path, size,
                               kMaxRecordBytes));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CliError(fmt::format("cannot read record '{}': {}", path, std::strerror(errno)));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

records::Encoding encoding_named(const std::string& name) {
  return name == "utf-8" ? records::Encoding::utf8 : records::Encoding::shift_jis;
}

/// The record's format from its file name: .kif/.kifu, .ki2 (moves read on `variant`), .csa,
/// else a USI move list; its encoding as given, else from its bytes and its extension.
records::ReadResult read_record(const std::string& path, const std::string& encoding,
                                const std::shared_ptr<const Variant>& variant) {
  std::string ext = path.substr(std::min(path.size(), path.rfind('.') + 1));
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  records::DecodedText decoded = records::decode_record(
      read_file(path), encoding.empty() ? records::encoding_of_extension(ext) : encoding_named(encoding));
  if (!decoded.text) return records::ReadResult{std::nullopt, decoded.error};
  const std::string& text = *decoded.text;
  if (ext == "kif" || ext == "kifu") return records::read_kif(text);
  if (ext == "ki2") return records::read_ki2(text, variant);
  if (ext == "csa") return records::read_csa(text);
  return records::read_usi(text);
}

/// A problem with a record file as koma prints it: `FILE:LINE: MESSAGE [CODE]`.
std::string record_error(const std::string& path, const records::RecordError& error) {
  const std::string at = error.line != 0 ? fmt::format("{}:{}", path, error.line) : path;
  return fmt::format("{}: {} [{}]", at, error.message, error.code);
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

std::string foul_words(Foul foul) {
  switch (foul) {
    case Foul::none: return "";
    case Foul::two_per_file: return "a second unpromoted piece of its kind on a file";
    case Foul::dead_end: return "a piece moved or dropped where it can never move again";
    case Foul::drop_mate: return "checkmate by a drop the rules forbid";
    case Foul::king_in_check: return "the king left in check or moved into check";
    case Foul::wrong_side: return "a side moved twice";
  }
  return "";
}

std::string loc_text(const ir::SourceLoc& loc) {
  if (loc.line == 0) return "";
  return fmt::format("{}:{}:{}", loc.file, loc.line, loc.column);
}

const ir::EndRule* rule_of(const Variant& variant, ir::EndKind kind) {
  for (const ir::EndRule& e : variant.rules().endings) {
    if (e.kind == kind) return &e;
  }
  return nullptr;
}

/// What a record keeps beside its moves, as JSON fields: headers, the closing line, comments
/// (ply 0: before the first move) and times; none when it keeps nothing.
void add_record_notes(const records::Record& record, nlohmann::ordered_json& out) {
  if (!record.headers.empty()) {
    out["headers"] = nlohmann::ordered_json::array();
    for (const auto& h : record.headers) out["headers"].push_back({{"key", h.key}, {"value", h.value}});
  }
  if (!record.summary.empty()) out["closing"] = record.summary;
  nlohmann::ordered_json comments = nlohmann::ordered_json::array(), times = comments;
  auto note = [&](std::size_t ply, const std::vector<std::string>& lines, const records::MoveTime& t) {
    for (const std::string& c : lines) comments.push_back({{"ply", ply}, {"text", c}});
    if (t.given()) times.push_back({{"ply", ply}, {"seconds", t.seconds}, {"total", t.total >= 0 ? nlohmann::ordered_json(t.total) : nlohmann::ordered_json(nullptr)}});
  };
  note(0, record.comments, {});
  for (std::size_t i = 0; i < record.moves.size(); ++i) note(i + 1, record.moves[i].comments, record.moves[i].time);
  note(record.moves.size() + 1, record.end_comments, record.end_time);
  if (!comments.empty()) out["comments"] = comments;
  if (!times.empty()) out["times"] = times;
}

/// The headers and the closing line of a record, as `koma play` prints them after its verdict.
std::string record_notes_text(const records::Record& record) {
  std::string out;
  for (const auto& h : record.headers) out += fmt::format("{}: {}\n", h.key, h.value);
  if (!record.summary.empty()) out += fmt::format("closing: {}\n", record.summary);
  return out;
}

int run_play(const PlayArgs& args) {
  const LoadedVariant loaded = open_variant(args.variant);
  const Variant& variant = *loaded.variant;
  const int dialect = unwrap(dialect_index(variant, args.position.dialect));
  records::Record record;
  std::string source = "--moves";
  if (!args.record.empty()) {
    if (!args.position.moves.empty() || args.position.sfen) {
      throw CliError("--record gives the start and the moves; leave out --sfen and --moves",
                     kExitUsage);
    }
    records::ReadResult read = read_record(args.record, args.encoding, loaded.variant);
    if (!read.record) throw CliError(record_error(args.record, read.error));
    record = std::move(*read.record);
    source = args.record;
  } else {
    std::string line;
    for (const std::string& word : split_moves(args.position.moves)) line += word + ' ';
    // No --moves is a game of no moves yet, not an empty record.
    if (!line.empty()) {
      records::ReadResult read = records::read_usi(line);
      if (!read.record) {
        throw CliError(fmt::format("--moves: {} [{}]", read.error.message, read.error.code));
      }
      record = std::move(*read.record);
    }
    if (args.position.sfen && args.position.sfen->empty()) {
      throw CliError("--sfen is empty; leave it out to start from the variant's start position");
    }
    if (args.position.sfen) {
      // The start is checked as the other commands check it, with the same message.
      PositionArgs start;
      start.sfen = args.position.sfen;
      start.dialect = args.position.dialect;
      unwrap(setup_position(loaded.variant, start));
      record.sfen = *args.position.sfen;
    }
  }
  records::JudgeResult judged = records::judge(loaded.variant, record, dialect);
  if (!judged.judged) {
    if (!args.record.empty()) throw CliError(record_error(source, judged.error));
    throw CliError(fmt::format("{} [{}]", judged.error.message, judged.error.code));
  }
  const records::Judged& game = *judged.judged;
  if (!args.to.empty()) {
    std::string error, out;
    if (args.to == "usi") out = records::write_usi(game, dialect);
    if (args.to == "csa") out = records::write_csa(game, error);
    if (args.to == "kif") out = records::write_kif(game, error);
    if (args.to == "ki2") out = records::write_ki2(game, error);
    if (error.empty() && args.to_encoding == "shift-jis") out = records::to_shift_jis(out, error).value_or("");
    if (!error.empty()) throw CliError(fmt::format("cannot write {}: {}", args.to, error));
    print_out(out);
    return kExitOk;
  }
  const records::Verdict& v = game.verdict;
  // --notation japanese|western: the moves played, in words.
  const bool show_words = args.notation.notation != "usi";
  std::vector<std::string> words;
  if (show_words) {
    Position at = game.start->clone();
    for (const Move m : game.moves) {
      const Move last = at.last_move();
      words.push_back(move_words(at, m, args.notation, last.is_none() ? -1 : last.to()));
      at.make(m);
    }
  }
  std::string result = "unfinished", rule, loc;
  if (v.finished()) {
    result = v.winner ? "win" : v.status.outcome == ir::Outcome::replay ? "replay" : "draw";
    if (v.claim == records::RecordEnd::resign) {
      rule = "resignation";
    } else if (v.claim == records::RecordEnd::timeout) {
      rule = "time-loss";
    } else {
      rule = end_kind_name(v.status.rule);
      if (const ir::EndRule* r = rule_of(variant, v.status.rule)) loc = loc_text(r->loc);
    }
  }
  const std::string foul = foul_name(v.status.foul);
  // A declaration is made by the side to move; a wrong one loses whatever the rule gives.
  std::string declared;
  if (v.status.ended && v.status.rule == ir::EndKind::declaration) {
    const ir::EndRule* r = rule_of(variant, ir::EndKind::declaration);
    declared = r != nullptr && v.status.outcome == r->outcome ? "right" : "wrong";
  }
  const bool counted = v.status.ended && (v.status.rule == ir::EndKind::declaration ||
                                          v.status.rule == ir::EndKind::impasse);
  if (args.format == Format::json) {
    nlohmann::ordered_json out{{"result", result}};
    out["winner"] = v.winner ? nlohmann::ordered_json(side_name(variant, *v.winner))
                             : nlohmann::ordered_json(nullptr);
    out["rule"] = rule.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(rule);
    out["rule_at"] = loc.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(loc);
    out["foul"] = foul.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(foul);
    if (!declared.empty()) {
      out["declared"] = {{"by", side_name(variant, v.side_to_move)}, {"right", declared == "right"}};
    }
    out["ply"] = v.plies;
    out["side_to_move"] = side_name(variant, v.side_to_move);
    out["in_check"] = v.in_check;
    if (counted) {
      out["points"] = {{side_name(variant, ir::Side::sente), v.count.points[0]},
                       {side_name(variant, ir::Side::gote), v.count.points[1]}};
    }
    if (show_words) out["notation"] = {{"name", args.notation.notation}, {"moves", words}};
    add_record_notes(record, out);
    print_out(out.dump(2) + "\n");
    return kExitOk;
  }
  std::string out;
  if (!v.finished()) {
    out = fmt::format("result: unfinished after ply {}\nside to move: {}\nin check: {}\n", v.plies,
                      side_name(variant, v.side_to_move), v.in_check ? "yes" : "no");
  } else {
    const std::string who = v.winner ? side_name(variant, *v.winner) + " wins"
                            : result == "replay" ? std::string("replayed")
                                                 : std::string("draw");
    out = fmt::format("result: {}\nrule: {}{}\n", who, rule, loc.empty() ? "" : " (" + loc + ")");
    if (!foul.empty()) {
      out += fmt::format("foul: {}: {} (move {} '{}')\n", foul, foul_words(v.status.foul),
                         v.plies, game.foul->usi);
    }
    if (!declared.empty()) {
      out += fmt::format("declared by: {} ({})\n", side_name(variant, v.side_to_move), declared);
    }
    if (counted) {
      out += fmt::format("points: {} {}, {} {}\n", side_name(variant, ir::Side::sente),
                         v.count.points[0], side_name(variant, ir::Side::gote), v.count.points[1]);
    }
    out += fmt::format("ply: {}\n", v.plies);
  }
  if (show_words) {
    out += "moves:";
    for (const std::string& w : words) out += " " + w;
    out += "\n";
  }
  print_out(out + record_notes_text(record));
  return kExitOk;
}

}  // namespace

void add_play(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<PlayArgs>();
  CLI::App* command = app.add_subcommand(
      "play", "Judge a game (--moves or --record FILE: KIF, CSA or USI), or convert its record.");
  command->add_option("VARIANT", args->variant, "Bundled slug or variant file (.md)")->required();
  add_position_options(*command, args->position);
  command->add_option("--record", args->record,
                      "A game record: .kif/.kifu (KIF), .ki2 (KI2), .csa (CSA V2 to V3.0), else a USI move list");
  CLI::Option* to = command->add_option("--to", args->to, "Write the game as a record instead of judging it")
      ->check(CLI::IsMember({"kif", "ki2", "csa", "usi"}))
      ->option_text("kif|ki2|csa|usi");
  command->add_option("--encoding", args->encoding,
                      "The record's encoding (default: UTF-8 when its bytes are, else Shift-JIS; .kifu UTF-8)")
      ->check(CLI::IsMember({"utf-8", "shift-jis"}))
      ->option_text("utf-8|shift-jis");
  command->add_option("--to-encoding", args->to_encoding, "The written record's encoding (default UTF-8)")
      ->needs(to)
      ->check(CLI::IsMember({"utf-8", "shift-jis"}))
      ->option_text("utf-8|shift-jis");
  add_notation_options(*command, args->notation);
  add_format_option(*command, args->format);
  command->callback([args, &exit_code] { exit_code = run_play(*args); });
}

}  // namespace koma::cli
