// Lowering, letters: every piece type's native SFEN letter and its letters in each dialect,
// from the pieces table's Letter column, the letters table, the parent, or '+' and the letter
// of the face a promoted face comes from; then checks each notation is well formed.
#include <map>

#include "ir/piece_token.h"
#include "lower_context.h"
#include "names.h"

namespace koma::compiler {
namespace {

/// One spelling of every piece type, with where each letter was written.
struct Spelling {
  std::string name;  ///< "" for the native notation
  std::vector<std::string> symbols;
  std::vector<ir::SourceLoc> locs;
};

bool is_promoted_face(const ir::RuleSet& rules, ir::PieceId id) {
  const ir::PieceType& piece = rules.pieces[id];
  if (piece.base_face == ir::kNoPiece || piece.base_face >= rules.pieces.size()) return false;
  const ir::PieceType& base = rules.pieces[piece.base_face];
  return base.promotes_to == id && ir::promotes_one_way(base.promotion);
}

/// Checks one notation: letter shape, uniqueness, and that '+X' is the face X turns into.
void check_spelling(LowerContext& ctx, const Spelling& spelling) {
  const std::string where = spelling.name.empty() ? std::string() : " in dialect " + quote(spelling.name);
  std::map<std::string, ir::PieceId> seen;
  const auto& pieces = ctx.out.pieces;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const std::string& symbol = spelling.symbols[i];
    if (symbol.empty()) continue;  // reported as missing-letter
    const ir::SourceLoc& loc = spelling.locs[i].line != 0 ? spelling.locs[i] : pieces[i].loc;
    if (!ir::is_sente_token(symbol)) {
      ctx.error(Code::invalid_letter, loc,
                "the letter " + quote(symbol) + " of " + quote(pieces[i].name) + where +
                    " is not one uppercase letter A-Z, optionally after '+', followed by at most three marks ' or !");
      continue;
    }
    auto [it, inserted] = seen.emplace(symbol, static_cast<ir::PieceId>(i));
    if (!inserted) {
      ctx.error(Code::duplicate_letter, loc,
                quote(pieces[i].name) + " and " + quote(pieces[it->second].name) +
                    " both have the letter " + quote(symbol) + where,
                {{spelling.locs[it->second].line != 0 ? spelling.locs[it->second]
                                                      : pieces[it->second].loc,
                  "the letter of " + quote(pieces[it->second].name) + " is given here"}});
    }
  }
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const std::string& symbol = spelling.symbols[i];
    if (!ir::is_sente_token(symbol) || symbol[0] != '+') continue;
    const auto from = seen.find(symbol.substr(1));
    const bool ok = from != seen.end() && pieces[from->second].promotes_to == i &&
                    pieces[from->second].promotion != ir::Promotion::none;
    if (!ok) {
      ctx.error(Code::letter_plus_mismatch,
                spelling.locs[i].line != 0 ? spelling.locs[i] : pieces[i].loc,
                quote(symbol) + " means the face " + quote(symbol.substr(1)) + " turns into, but " +
                    quote(pieces[i].name) + " is not" +
                    (from == seen.end() ? std::string()
                                        : " the face " + quote(pieces[from->second].name) +
                                              " turns into") +
                    where);
    }
  }
}

/// Whether the face spelled by `spelling.symbols[id]` without its '+' turns into `id`.
bool still_turns_into(const ir::RuleSet& rules, const Spelling& spelling, ir::PieceId id) {
  const std::string base = spelling.symbols[id].substr(1);
  for (std::size_t i = 0; i < rules.pieces.size(); ++i) {
    if (spelling.symbols[i] == base) {
      return rules.pieces[i].promotes_to == id && rules.pieces[i].promotion != ir::Promotion::none;
    }
  }
  return false;
}

/// Fills the letters nobody wrote: the parent's, or '+' and the base face's letter.
void complete(LowerContext& ctx, Spelling& spelling, const Spelling* fallback,
              const ir::Dialect* parent_dialect) {
  const auto& pieces = ctx.out.pieces;
  const auto inherited = [&](std::size_t i) -> std::string {
    if (ctx.parent == nullptr) return {};
    const ir::PieceType* from = ctx.inherited_pieces ? &ctx.parent->pieces[i]
                                                     : ctx.parent_piece(pieces[i].name);
    if (from == nullptr) return {};
    if (spelling.name.empty()) return from->symbol;
    if (parent_dialect == nullptr) return {};
    const auto id = static_cast<std::size_t>(from - ctx.parent->pieces.data());
    return id < parent_dialect->symbols.size() ? parent_dialect->symbols[id] : std::string();
  };
  // Base faces first, so that promoted faces can build on them.
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t i = 0; i < pieces.size(); ++i) {
      const bool promoted = is_promoted_face(ctx.out, static_cast<ir::PieceId>(i));
      if (promoted != (pass == 1) || !spelling.symbols[i].empty()) continue;
      if (promoted && !spelling.symbols[pieces[i].base_face].empty()) {
        const std::string& base = spelling.symbols[pieces[i].base_face];
        spelling.symbols[i] = base[0] == '+' ? std::string() : "+" + base;
      }
      if (spelling.symbols[i].empty()) spelling.symbols[i] = inherited(i);
      if (spelling.symbols[i].empty() && fallback != nullptr) {
        spelling.symbols[i] = fallback->symbols[i];
      }
    }
  }
  // An inherited '+X' no longer holds when this file pairs the faces differently: the piece
  // then has no letter until the file gives one.
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    if (spelling.locs[i].line == 0 && !spelling.symbols[i].empty() && spelling.symbols[i][0] == '+' &&
        !still_turns_into(ctx.out, spelling, static_cast<ir::PieceId>(i))) {
      spelling.symbols[i].clear();
    }
  }
}

}  // namespace

void lower_letters(LowerContext& ctx) {
  const Document& doc = ctx.doc;
  const FrontMatter& fm = doc.front;
  const std::size_t count = ctx.out.pieces.size();
  const auto fresh = [&](std::string name) {
    return Spelling{std::move(name), std::vector<std::string>(count),
                    std::vector<ir::SourceLoc>(count)};
  };
  Spelling native = fresh("");
  std::vector<ir::Dialect> declared;
  if (fm.dialects) {
    const std::string native_name =
        fm.notation_name ? fm.notation_name->value : ctx.parent ? ctx.parent->notation : "usi";
    for (const DialectSpec& spec : fm.dialects->value) {
      bool taken = spec.name.value == native_name;
      for (const ir::Dialect& d : declared) taken = taken || d.name == spec.name.value;
      if (taken) {
        ctx.error(Code::unknown_dialect, spec.name.loc,
                  "the dialect name " + quote(spec.name.value) +
                      " is already the name of the native notation or of another dialect");
        continue;
      }
      declared.push_back({spec.name.value, {}, spec.suffix, spec.name.loc});
    }
  } else if (ctx.parent != nullptr) {
    for (const ir::Dialect& d : ctx.parent->dialects) declared.push_back({d.name, {}, d.suffix, d.loc});
  }
  std::vector<Spelling> dialects;
  for (const ir::Dialect& d : declared) dialects.push_back(fresh(d.name));

  const auto set = [&](Spelling& spelling, ir::PieceId id, const Cell& cell) {
    if (spelling.locs[id].line != 0) {
      ctx.error(Code::duplicate_letter, cell.loc,
                "the letter of " + quote(ctx.out.pieces[id].name) + " is given twice",
                {{spelling.locs[id], "first given here"}});
      return;
    }
    spelling.symbols[id] = cell.text;
    spelling.locs[id] = cell.loc;
  };
  if (doc.pieces) {
    for (std::size_t i = 0; i < doc.pieces->rows.size(); ++i) {
      if (doc.pieces->rows[i].letter) set(native, static_cast<ir::PieceId>(i), *doc.pieces->rows[i].letter);
    }
  }
  if (doc.letters) {
    for (const std::string& name : doc.letter_dialects) {
      bool known = name.empty();
      std::vector<std::string> names;
      for (const ir::Dialect& d : declared) {
        known = known || d.name == name;
        names.push_back(d.name);
      }
      if (!known) {
        ctx.error(Code::unknown_dialect, doc.letters->loc,
                  "the column 'Letter (" + name + ")' names a dialect that 'notation.dialects' "
                  "does not declare" + did_you_mean(name, names));
      }
    }
    for (const LetterRow& row : doc.letters->rows) {
      const auto id = ctx.find_piece(row.piece.name, row.piece.loc);
      if (!id) continue;
      for (const auto& [dialect, cell] : row.letters) {
        if (dialect.empty()) set(native, *id, cell);
        for (Spelling& spelling : dialects) {
          if (spelling.name == dialect) set(spelling, *id, cell);
        }
      }
    }
  }
  if (ctx.failed()) return;

  complete(ctx, native, nullptr, nullptr);
  for (std::size_t i = 0; i < count; ++i) {
    if (native.symbols[i].empty()) {
      ++ctx.missing_letters;
      ctx.error(Code::missing_letter, ctx.out.pieces[i].loc,
                quote(ctx.out.pieces[i].name) + " has no letter; add a 'Letter' column to the "
                "pieces table or a letters table ('Piece | Letter')");
    }
  }
  check_spelling(ctx, native);
  for (std::size_t i = 0; i < count; ++i) ctx.out.pieces[i].symbol = native.symbols[i];

  for (std::size_t d = 0; d < dialects.size(); ++d) {
    const ir::Dialect* parent_dialect = nullptr;
    if (ctx.parent != nullptr) {
      for (const ir::Dialect& p : ctx.parent->dialects) {
        if (p.name == declared[d].name) parent_dialect = &p;
      }
    }
    bool any_written = parent_dialect != nullptr;
    for (const ir::SourceLoc& loc : dialects[d].locs) any_written = any_written || loc.line != 0;
    if (!any_written) {
      ctx.error(Code::unknown_dialect, declared[d].loc,
                "dialect " + quote(declared[d].name) + " is declared but no 'Letter (" +
                    declared[d].name + ")' column gives its letters");
      continue;
    }
    complete(ctx, dialects[d], &native, parent_dialect);
    check_spelling(ctx, dialects[d]);
    declared[d].symbols = dialects[d].symbols;
  }
  ctx.out.dialects = std::move(declared);
  ctx.out.notation = fm.notation_name ? fm.notation_name->value
                     : ctx.parent     ? ctx.parent->notation
                                      : std::string("usi");
  ctx.out.suffix = fm.notation_suffix ? fm.notation_suffix->value
                   : ctx.parent       ? ctx.parent->suffix
                                      : ir::SuffixStyle::plus_on_change;
}

}  // namespace koma::compiler
