// Records read, judged and written for every front end, and the verdict as text and JSON.
#include "record_io.h"

#include <fmt/core.h>

#include "position_setup.h"
#include "text_encoding.h"

namespace koma::lib {

namespace {

using Json = nlohmann::ordered_json;

Error record_failure(const records::RecordError& problem, const std::string& name) {
  Error error(problem.code, problem.message);
  error.file = name;
  error.line = problem.line;
  return error;
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
  w.foul = foul_name(v.status.foul);
  // A declaration is made by the side to move; a wrong one loses whatever the rule gives.
  if (v.status.ended && v.status.rule == ir::EndKind::declaration) {
    const ir::EndRule* r = rule_of(variant, ir::EndKind::declaration);
    w.declared = r != nullptr && v.status.outcome == r->outcome ? "right" : "wrong";
  }
  w.counted = v.status.ended &&
              (v.status.rule == ir::EndKind::declaration || v.status.rule == ir::EndKind::impasse);
  return w;
}

/// What a record keeps beside its moves, as JSON fields: headers, the closing line, comments
/// (ply 0: before the first move) and times; none when it keeps nothing.
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

}  // namespace

std::optional<RecordFormat> record_format_named(std::string_view name) {
  if (name == "kif" || name == "kifu") return RecordFormat::kif;
  if (name == "csa") return RecordFormat::csa;
  if (name == "usi") return RecordFormat::usi;
  return std::nullopt;
}

RecordFormat record_format_of_file(const std::string& path) {
  std::string ext = path.substr(std::min(path.size(), path.rfind('.') + 1));
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  if (ext.find('/') != std::string::npos) return RecordFormat::usi;
  if (ext == "csa") return RecordFormat::csa;
  if (ext == "kif" || ext == "kifu") return RecordFormat::kif;
  return RecordFormat::usi;
}

std::optional<RecordEncoding> record_encoding_named(std::string_view name) {
  if (name.empty()) return RecordEncoding::detect;
  if (name == "utf-8") return RecordEncoding::utf8;
  if (name == "shift-jis") return RecordEncoding::shift_jis;
  return std::nullopt;
}

Result<records::Record> read_record(const std::string& bytes, RecordFormat format, RecordEncoding encoding,
                                    const std::string& name, const std::string& extension) {
  const records::Encoding how = encoding == RecordEncoding::utf8        ? records::Encoding::utf8
                                : encoding == RecordEncoding::shift_jis ? records::Encoding::shift_jis
                                                                        : records::encoding_of_extension(extension);
  records::DecodedText decoded = records::decode_record(bytes, how);
  if (!decoded.text) return record_failure(decoded.error, name);
  records::ReadResult read = format == RecordFormat::kif   ? records::read_kif(*decoded.text)
                             : format == RecordFormat::csa ? records::read_csa(*decoded.text)
                                                           : records::read_usi(*decoded.text);
  if (!read.record) return record_failure(read.error, name);
  return std::move(*read.record);
}

Result<records::Judged> judge_record(const std::shared_ptr<const Variant>& variant,
                                     const records::Record& record, int dialect, const std::string& name) {
  records::JudgeResult judged = records::judge(variant, record, dialect);
  if (!judged.judged) return record_failure(judged.error, name);
  return std::move(*judged.judged);
}

Result<std::string> write_record(const records::Judged& game, RecordFormat format, int dialect, bool shift_jis) {
  std::string error, out;
  switch (format) {
    case RecordFormat::usi: out = records::write_usi(game, dialect); break;
    case RecordFormat::csa: out = records::write_csa(game, error); break;
    case RecordFormat::kif: out = records::write_kif(game, error); break;
  }
  if (error.empty() && shift_jis) out = records::to_shift_jis(out, error).value_or("");
  if (!error.empty()) return Error("record-unwritable", error);
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
  add_record_notes(game.record, out);
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
  for (const auto& h : game.record.headers) out += fmt::format("{}: {}\n", h.key, h.value);
  if (!game.record.summary.empty()) out += fmt::format("closing: {}\n", game.record.summary);
  return out;
}

}  // namespace koma::lib
