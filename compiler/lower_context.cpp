// Shared state of the lowering stage: error reporting and piece-name lookup.
#include "lower_context.h"

#include "names.h"
#include "source.h"

namespace koma::compiler {

void LowerContext::error(Code code, const ir::SourceLoc& loc, std::string message,
                         std::vector<Note> notes) {
  ++error_count;
  report_error(sink, code, loc, std::move(message), std::move(notes));
}

namespace {

/// Every piece type whose name `name` matches by the prefix rule.
std::vector<ir::PieceId> prefix_matches(const std::vector<ir::PieceType>& pieces,
                                        std::string_view name) {
  std::vector<ir::PieceId> out;
  const std::string folded = lower(name) + " ";
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    if (lower(pieces[i].name).rfind(folded, 0) == 0) out.push_back(static_cast<ir::PieceId>(i));
  }
  return out;
}

/// Every piece type called exactly `name` (several when promoted faces share a name).
std::vector<ir::PieceId> exact_matches(const std::vector<ir::PieceType>& pieces,
                                       std::string_view name) {
  std::vector<ir::PieceId> out;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    if (same_name(pieces[i].name, name)) out.push_back(static_cast<ir::PieceId>(i));
  }
  return out;
}

}  // namespace

std::optional<ir::PieceId> LowerContext::lookup_piece(std::string_view name) const {
  const std::vector<ir::PieceId> exact = exact_matches(out.pieces, name);
  if (exact.size() == 1) return exact.front();
  if (exact.size() > 1) return std::nullopt;
  const std::vector<ir::PieceId> matches = prefix_matches(out.pieces, name);
  if (matches.size() == 1) return matches.front();
  return std::nullopt;
}

std::optional<ir::PieceId> LowerContext::find_piece(std::string_view name,
                                                    const ir::SourceLoc& loc) {
  if (const auto id = lookup_piece(name)) return id;
  if (const std::vector<ir::PieceId> exact = exact_matches(out.pieces, name); exact.size() > 1) {
    std::string bases;
    for (ir::PieceId id : exact) {
      const ir::PieceId base = out.pieces[id].base_face;
      bases += (bases.empty() ? "" : ", ") + quote(base < out.pieces.size() ? out.pieces[base].name : out.pieces[id].name);
    }
    error(Code::ambiguous_piece, loc,
          quote(name) + " is the name of " + std::to_string(exact.size()) +
              " promoted faces (of " + bases + "); a table cannot tell them apart by name");
    return std::nullopt;
  }
  const std::vector<ir::PieceId> matches = prefix_matches(out.pieces, name);
  if (matches.size() > 1) {
    std::string names;
    for (ir::PieceId id : matches) names += (names.empty() ? "" : ", ") + quote(out.pieces[id].name);
    error(Code::ambiguous_piece, loc, quote(name) + " could mean " + names);
    return std::nullopt;
  }
  std::vector<std::string> known;
  for (const ir::PieceType& piece : out.pieces) known.push_back(piece.name);
  error(Code::unknown_piece, loc, "no piece type is called " + quote(name) + did_you_mean(name, known));
  return std::nullopt;
}

const ir::PieceType* LowerContext::parent_piece(std::string_view name) const {
  if (parent == nullptr) return nullptr;
  for (const ir::PieceType& piece : parent->pieces) {
    if (same_name(piece.name, name)) return &piece;
  }
  return nullptr;
}

std::optional<ir::PieceId> LowerContext::from_parent(ir::PieceId id, const ir::SourceLoc& loc,
                                                     std::string_view what) {
  if (inherited_pieces) return id;
  if (parent == nullptr || id >= parent->pieces.size()) return std::nullopt;
  const std::string& name = parent->pieces[id].name;
  for (std::size_t i = 0; i < out.pieces.size(); ++i) {
    if (same_name(out.pieces[i].name, name)) return static_cast<ir::PieceId>(i);
  }
  error(Code::unknown_piece, loc,
        std::string(what) + " inherited from " + quote(parent->meta.slug) + " names " +
            quote(name) + ", which this variant does not define; restate it here",
        {{doc.front.parent ? doc.front.parent->loc : ir::SourceLoc{}, "the parent is named here"}});
  return std::nullopt;
}

}  // namespace koma::compiler
