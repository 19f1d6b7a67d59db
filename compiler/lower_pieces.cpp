// Lowering, pieces: the pieces table's rows and their movement phrases, promoted faces from the
// "Promotes to" column and the promotion table, flip pairs from the face-pair table, royals.
#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "lower_context.h"
#include "names.h"
#include "phrase.h"

namespace koma::compiler {
namespace {

/// A piece's movement: its atoms and its two-leg moves.
struct Movement {
  std::vector<ir::MoveAtom> atoms;
  std::vector<ir::LegMove> legs;
  ir::Burning burning{};
};

/// Parses `text`, a movement cell's text or the start of it; phrase errors become diagnostics
/// at the cell's location plus the error's offset. Atoms and two-leg moves get the cell's location.
/// `own` collects the names the lookup found but could not lend, being still read (the piece
/// the cell defines, or one defined through it): an unknown-piece error for one says so.
std::optional<Movement> parse_cell(LowerContext& ctx, const Cell& cell, std::string_view text,
                                   const PieceMovesLookup& lookup, const std::vector<std::string>& own) {
  PhraseResult result = parse_movement(text, lookup);
  for (const PhraseError& e : result.errors) {
    ir::SourceLoc loc = cell.loc;
    loc.column += e.offset;
    std::string message = e.message;
    for (const std::string& name : own) {
      if (e.code == spelling(Code::unknown_piece_in_phrase) && text.substr(e.offset, name.size()) == name) {
        message = "movement phrase names " + quote(name) +
                  ", the piece it defines (or one defined through it); a piece cannot borrow its "
                  "own movement";
      }
    }
    ctx.error(code_from_spelling(e.code).value_or(Code::phrase_syntax), loc, message);
  }
  if (!result.errors.empty()) return std::nullopt;
  for (ir::MoveAtom& atom : result.atoms) atom.loc = cell.loc;
  for (ir::LegMove& m : result.legs) m.loc = cell.loc;
  if (result.burning.any()) result.burning.loc = cell.loc;
  return Movement{std::move(result.atoms), std::move(result.legs), result.burning};
}

bool says_no_promotion(std::string_view text) {
  const std::string folded = lower(trim(text));
  return folded == "does not promote" || folded == "none" || folded == "-" || folded == "—";
}

/// "Promoted Silver" for "Silver general": the name a promoted face gets when none is given.
std::string default_promoted_name(const std::string& base) {
  std::string name = base;
  const std::string suffix = " general";
  if (name.size() > suffix.size() &&
      lower(name.substr(name.size() - suffix.size())) == suffix) {
    name.resize(name.size() - suffix.size());
  }
  return "Promoted " + name;
}

class PieceLowering {
 public:
  explicit PieceLowering(LowerContext& ctx) : ctx_(ctx) {
    lookup_ = [this](std::string_view name) -> const std::vector<ir::MoveAtom>* {
      const auto id = ctx_.lookup_piece(name);
      if (!id) return nullptr;
      if (*id < state_.size()) {
        if (state_[*id] == State::parsing) {  // a piece defined by itself
          own_names_.emplace_back(name);
          return nullptr;
        }
        if (state_[*id] == State::todo) parse_row(*id);
      }
      if (!ctx_.out.pieces[*id].leg_moves.empty()) borrowed_legs_ = ctx_.out.pieces[*id].name;
      return &ctx_.out.pieces[*id].moves;
    };
  }

  /// Defines the pieces table's piece types and reads their movement.
  void movement() {
    const auto& rows = ctx_.doc.pieces->rows;
    for (const PieceRow& row : rows) add_row(row);
    state_.assign(ctx_.out.pieces.size(), State::todo);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      if (state_[i] == State::todo) parse_row(static_cast<ir::PieceId>(i));
    }
  }

  void run() {
    movement();
    if (ctx_.failed()) return;
    const auto& rows = ctx_.doc.pieces->rows;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      if (rows[i].promotes_to && !says_no_promotion(rows[i].promotes_to->text)) {
        promote(static_cast<ir::PieceId>(i), *rows[i].promotes_to, std::nullopt,
                rows[i].promotes_to->loc);
      }
    }
    if (ctx_.doc.promotions) {
      for (const PromotionRow& row : ctx_.doc.promotions->rows) promotion_row(row);
    }
    if (ctx_.doc.face_pairs) {
      for (const FacePairRow& row : ctx_.doc.face_pairs->rows) face_pair(row);
    }
  }

 private:
  enum class State { todo, parsing, done };

  void add_row(const PieceRow& row) {
    if (const auto existing = exact(row.piece.name)) {
      ctx_.error(Code::duplicate_piece, row.piece.loc,
                 "piece type " + quote(row.piece.name) + " is defined twice",
                 {{ctx_.out.pieces[*existing].loc, "first defined here"}});
    }
    ir::PieceType piece;
    piece.name = row.piece.name;
    piece.native_name = row.piece.also;
    if (piece.native_name.empty()) {
      if (const ir::PieceType* inherited = ctx_.parent_piece(piece.name)) {
        piece.native_name = inherited->native_name;
      }
    }
    piece.loc = row.piece.loc;
    ctx_.out.pieces.push_back(std::move(piece));
  }

  std::optional<ir::PieceId> exact(std::string_view name) const {
    for (std::size_t i = 0; i < ctx_.out.pieces.size(); ++i) {
      if (same_name(ctx_.out.pieces[i].name, name)) return static_cast<ir::PieceId>(i);
    }
    return std::nullopt;
  }

  /// Reports a phrase in `cell` that named a piece with two-leg moves (they cannot be lent).
  void check_borrowed_legs(const Cell& cell) {
    if (!borrowed_legs_) return;
    ctx_.error(Code::phrase_borrows_legs, cell.loc,
               "the phrase names " + quote(*borrowed_legs_) +
                   ", whose two-step moves a phrase cannot lend; write 'Lion power' in the phrase, or "
                   "give only the piece's name as a promoted face's movement");
    borrowed_legs_.reset();
  }

  /// A Rank cell: a whole number 0..255, else `bad-rank` (and nothing).
  std::optional<std::uint8_t> read_rank(const Cell& cell) {
    const std::string& text = cell.text;
    int value = 0;
    // At most three digits, read only while they are digits: no overflow on any cell.
    bool ok = !text.empty() && text.size() <= 3;
    for (std::size_t i = 0; ok && i < text.size(); ++i) {
      ok = text[i] >= '0' && text[i] <= '9';
      if (ok) value = value * 10 + (text[i] - '0');
    }
    if (!ok || value > 255) {
      ctx_.error(Code::bad_rank, cell.loc, "the rank " + quote(text) + " is not a whole number from 0 to 255");
      return std::nullopt;
    }
    return static_cast<std::uint8_t>(value);
  }

  /// The row's Rank cell (a whole number 0..255), and a range jump only on a piece ranked above 0.
  void lower_rank(ir::PieceId id, const Cell& movement) {
    const PieceRow& row = ctx_.doc.pieces->rows[id];
    ir::PieceType& piece = ctx_.out.pieces[id];
    if (row.rank) {
      const auto value = read_rank(*row.rank);
      if (!value) return;
      piece.rank = *value;
    }
    for (const ir::MoveAtom& a : piece.moves) {
      if ((a.kind == ir::AtomKind::jump || a.kind == ir::AtomKind::range_capture) && piece.rank == 0) {
        ctx_.error(Code::jump_without_rank, movement.loc,
                   quote(piece.name) + " jumps over pieces of lower rank but has rank 0; give it a 'Rank' above 0");
        return;
      }
    }
  }

  void parse_row(ir::PieceId id) {
    state_[id] = State::parsing;
    const Cell& cell = ctx_.doc.pieces->rows[id].movement;
    const std::optional<std::string> outer = std::exchange(borrowed_legs_, std::nullopt);
    std::vector<std::string> outer_own = std::exchange(own_names_, {});
    auto parsed = parse_cell(ctx_, cell, cell.text, lookup_, own_names_);
    check_borrowed_legs(cell);
    borrowed_legs_ = outer;
    own_names_ = std::move(outer_own);
    if (auto movement = std::move(parsed)) {
      ctx_.out.pieces[id].moves = std::move(movement->atoms);
      ctx_.out.pieces[id].leg_moves = std::move(movement->legs);
      ctx_.out.pieces[id].burns = movement->burning;
    }
    lower_rank(id, cell);
    state_[id] = State::done;
    rank_movement(id);
  }

  /// Reads the row's "Movement on ranks" cells into the piece's movement by rank.
  void rank_movement(ir::PieceId id) {
    for (const auto& [ranks, cell] : ctx_.doc.pieces->rows[id].rank_movement) {
      auto parsed = parse_cell(ctx_, cell, cell.text, lookup_, {});
      check_borrowed_legs(cell);
      if (!parsed) continue;
      if (!parsed->legs.empty()) {
        ctx_.error(Code::bad_rank_list, cell.loc,
                   "movement on some ranks may not have two-step moves (Lion power); give them in 'Movement'");
        continue;
      }
      ctx_.out.pieces[id].rank_moves.push_back({ranks, std::move(parsed->atoms), cell.loc});
    }
  }

  /// Gives `base` a promoted face that moves as `target` says (a piece name or a phrase).
  void promote(ir::PieceId base, const Cell& target, const std::optional<NamedCell>& named,
               const ir::SourceLoc& loc, const std::optional<Cell>& rank = std::nullopt) {
    ir::PieceType& from = ctx_.out.pieces[base];
    if (from.promotion != ir::Promotion::none) {
      ctx_.error(Code::promotion_conflict, loc,
                 quote(from.name) + " is given a second promotion",
                 {{ctx_.promotion_loc[base], "its first promotion is stated here"}});
      return;
    }
    const NamedCell split = split_named(target);
    std::optional<Movement> atoms;
    const auto same_as = ctx_.lookup_piece(split.name);
    bool remark = false;  // the parentheses are a remark of the phrase, not the face's name
    if (same_as) {
      atoms = Movement{ctx_.out.pieces[*same_as].moves, ctx_.out.pieces[*same_as].leg_moves,
                       ctx_.out.pieces[*same_as].burns};
      for (ir::MoveAtom& atom : atoms->atoms) atom.loc = target.loc;
      for (ir::LegMove& m : atoms->legs) m.loc = target.loc;
    } else {
      remark = split.also.empty() || ends_in_remark(target, split);
      atoms = parse_cell(ctx_, target, remark ? std::string_view(target.text)
                                              : std::string_view(split.name), lookup_, own_names_);
      check_borrowed_legs(target);
    }
    if (!atoms) return;
    ir::PieceType face;
    // The face's name: the Promoted piece column, else "(Tokin)" after the target, else
    // "Promoted X".
    face.name = named                          ? named->name
                : remark || split.also.empty() ? default_promoted_name(from.name)
                                               : split.also;
    face.native_name = named ? named->also : std::string();
    if (face.native_name.empty()) {
      if (const ir::PieceType* inherited = ctx_.parent_piece(face.name)) {
        face.native_name = inherited->native_name;
      }
    }
    face.moves = std::move(atoms->atoms);
    face.leg_moves = std::move(atoms->legs);
    face.burns = atoms->burning;
    // A face that moves as a named piece is that piece for range jumps too: it takes its rank.
    if (same_as) face.rank = ctx_.out.pieces[*same_as].rank;
    // Else the promotion table's Rank cell gives it one.
    if (rank && !same_as) {
      const auto value = read_rank(*rank);
      if (!value) return;
      face.rank = *value;
    }
    if (face.rank == 0 && std::any_of(face.moves.begin(), face.moves.end(),
                                      [](const ir::MoveAtom& a) {
                                        return a.kind == ir::AtomKind::jump || a.kind == ir::AtomKind::range_capture;
                                      })) {
      ctx_.error(Code::jump_without_rank, target.loc,
                 "the promoted face of " + quote(from.name) +
                     " jumps over pieces of lower rank but has rank 0; name a ranked piece as its movement "
                     "(it then takes that piece's rank)");
      return;
    }
    face.base_face = base;
    face.loc = named ? named->loc : target.loc;
    // Promoted faces may share a display name (Yari's two yari golds); their letters tell them
    // apart. A name shared with a pieces-table row stays an error.
    if (const auto existing = exact(face.name);
        existing && ctx_.out.pieces[*existing].base_face == ir::kNoPiece) {
      ctx_.error(Code::duplicate_piece, face.loc,
                 "the promoted face " + quote(face.name) + " has the name of another piece type",
                 {{ctx_.out.pieces[*existing].loc, "that piece type is defined here"}});
      return;
    }
    const auto id = static_cast<ir::PieceId>(ctx_.out.pieces.size());
    from.promotion = ctx_.doc.front.promotion_mode ? ctx_.doc.front.promotion_mode->value
                                                   : ir::Promotion::optional;
    from.promotes_to = id;
    ctx_.promotion_loc[base] = loc;
    ctx_.out.pieces.push_back(std::move(face));
  }

  /// True when the parentheses ending a 'Promotes to' phrase are a remark, as in a Movement
  /// cell: the whole cell reads as a phrase, or fails only because the remark disagrees.
  /// Otherwise they name the promoted face ("One square any direction (Tokin)").
  bool ends_in_remark(const Cell& target, const NamedCell& split) {
    if (split.also.empty()) return false;
    const PhraseResult whole = parse_movement(target.text, lookup_);
    borrowed_legs_.reset();
    const std::string_view contradiction = spelling(Code::phrase_contradiction);
    return std::all_of(whole.errors.begin(), whole.errors.end(),
                       [&](const PhraseError& e) { return e.code == contradiction; });
  }

  void promotion_row(const PromotionRow& row) {
    if (row.promoted && row.bases.size() != 1) {
      ctx_.error(Code::promotion_conflict, row.promoted->loc,
                 "the promoted piece " + quote(row.promoted->name) + " is named for " +
                     std::to_string(row.bases.size()) +
                     " pieces; a promoted face belongs to one piece, so give each its own row");
      return;
    }
    if (says_no_promotion(row.promotes_to.text)) return;
    for (const NamedCell& base : row.bases) {
      if (const auto id = ctx_.find_piece(base.name, base.loc)) {
        promote(*id, row.promotes_to, row.promoted, base.loc, row.rank);
      }
    }
  }

  /// When a face pair turns over: its 'Turns over' cell, after every move when there is none.
  std::optional<ir::Promotion> face_change(const FacePairRow& row) {
    if (!row.turns) return ir::Promotion::flip;
    const std::string text = lower(trim(row.turns->text));
    for (const char* every_move : {"after every move", "after each move"}) {
      if (text == every_move) return ir::Promotion::flip;
    }
    for (const char* capture : {"after every capture", "after each capture", "when it captures"}) {
      if (text == capture) return ir::Promotion::on_capture;
    }
    ctx_.error(Code::unknown_face_change, row.turns->loc,
               "koma does not know when a piece turns over " + quote(row.turns->text) +
                   "; write 'after every move' or 'after every capture'");
    return std::nullopt;
  }

  void face_pair(const FacePairRow& row) {
    const auto a = ctx_.find_piece(row.a.name, row.a.loc);
    const auto b = ctx_.find_piece(row.b.name, row.b.loc);
    if (!a || !b) return;
    for (const auto& [id, cell] : {std::pair{*a, row.a}, std::pair{*b, row.b}}) {
      if (ctx_.out.pieces[id].promotion != ir::Promotion::none) {
        ctx_.error(Code::promotion_conflict, cell.loc,
                   quote(ctx_.out.pieces[id].name) + " already has another face",
                   {{ctx_.promotion_loc[id], "its other face is stated here"}});
        return;
      }
    }
    if (*a == *b) {
      ctx_.error(Code::promotion_conflict, row.b.loc,
                 "a piece type cannot be its own other face");
      return;
    }
    const auto mode = face_change(row);
    if (!mode) return;
    ctx_.out.pieces[*a].promotion = *mode;
    ctx_.out.pieces[*a].promotes_to = *b;
    ctx_.out.pieces[*b].promotion = *mode;
    ctx_.out.pieces[*b].promotes_to = *a;
    ctx_.out.pieces[*b].base_face = *a;
    ctx_.promotion_loc[*a] = row.a.loc;
    ctx_.promotion_loc[*b] = row.b.loc;
  }

  LowerContext& ctx_;
  PieceMovesLookup lookup_;
  std::vector<State> state_;
  /// Names the lookup was asked for while their piece was being read (lookup_ adds them).
  std::vector<std::string> own_names_;
  /// A piece with two-leg moves a phrase being parsed has named (lookup_ sets it).
  std::optional<std::string> borrowed_legs_;
};

/// Royalty may be gained by promotion (a promoted face named in `royal`), never lost: a royal
/// piece promoting to a non-royal face, or a face pair of a royal and a non-royal face, is
/// royal-promotion at the row stating that promotion (at `royal` for inherited pieces).
/// Contract: the front matter has `royal`.
void check_royal_promotions(LowerContext& ctx) {
  const std::vector<ir::PieceType>& pieces = ctx.out.pieces;
  for (std::size_t id = 0; id < pieces.size(); ++id) {
    const ir::PieceType& piece = pieces[id];
    if (piece.promotion == ir::Promotion::none || piece.promotes_to >= pieces.size()) continue;
    const ir::PieceType& target = pieces[piece.promotes_to];
    const bool flip = !ir::promotes_one_way(piece.promotion);  // flip or on_capture: both ways
    if (!(piece.royal && !target.royal) && !(flip && piece.royal != target.royal)) continue;
    const auto stated = ctx.promotion_loc.find(static_cast<ir::PieceId>(id));
    const ir::SourceLoc& loc = stated != ctx.promotion_loc.end() ? stated->second : ctx.doc.front.royal->loc;
    const std::string royal_one = piece.royal ? piece.name : target.name;
    const std::string other = piece.royal ? target.name : piece.name;
    ctx.error(Code::royal_promotion, loc,
              flip ? "the face pair " + quote(piece.name) + " / " + quote(target.name) +
                         " would flip between royal and non-royal after every move; name both "
                         "faces in 'royal' or neither"
                   : "royal " + quote(royal_one) + " promotes to " + quote(other) +
                         ", which is not royal; a promotion may make a piece royal, never take "
                         "royalty away (name " + quote(other) + " in 'royal' too)");
    if (flip) return;  // the pair's other face would say the same
  }
}

void lower_royals(LowerContext& ctx) {
  const FrontMatter& fm = ctx.doc.front;
  if (fm.royal) {
    for (ir::PieceType& piece : ctx.out.pieces) piece.royal = false;
    for (const Located<std::string>& name : fm.royal->value) {
      if (const auto id = ctx.find_piece(name.value, name.loc)) ctx.out.pieces[*id].royal = true;
    }
    check_royal_promotions(ctx);
    return;
  }
  if (ctx.parent == nullptr) {
    ctx.error(Code::missing_key, make_loc(ctx.doc.path, 1, 1),
              "the front matter needs 'royal', the pieces whose loss ends the game, like [King]");
    return;
  }
  if (ctx.inherited_pieces) return;
  for (std::size_t i = 0; i < ctx.parent->pieces.size(); ++i) {
    if (!ctx.parent->pieces[i].royal) continue;
    if (const auto id = ctx.from_parent(static_cast<ir::PieceId>(i), ctx.doc.pieces->loc,
                                        "the royal piece")) {
      ctx.out.pieces[*id].royal = true;
    }
  }
}

/// Warns at a child's pieces table that keeps parent pieces (by name) which promote in the
/// parent but not here, unless the file says they do not ('Does not promote'): a pieces table
/// replaces the parent's promotions.
void warn_dropped_promotions(LowerContext& ctx) {
  if (ctx.parent == nullptr) return;
  std::vector<std::string> stated_none;
  for (const PieceRow& row : ctx.doc.pieces->rows) {
    if (row.promotes_to && says_no_promotion(row.promotes_to->text)) stated_none.push_back(row.piece.name);
  }
  if (ctx.doc.promotions) {
    for (const PromotionRow& row : ctx.doc.promotions->rows) {
      if (!says_no_promotion(row.promotes_to.text)) continue;
      for (const NamedCell& base : row.bases) stated_none.push_back(base.name);
    }
  }
  std::string dropped;
  std::size_t count = 0;
  for (const ir::PieceType& piece : ctx.out.pieces) {
    const ir::PieceType* inherited = ctx.parent_piece(piece.name);
    if (piece.base_face != ir::kNoPiece || piece.promotion != ir::Promotion::none ||
        inherited == nullptr || inherited->promotion == ir::Promotion::none ||
        std::any_of(stated_none.begin(), stated_none.end(),
                    [&](const std::string& name) { return same_name(name, piece.name); })) {
      continue;
    }
    dropped += (dropped.empty() ? "" : ", ") + quote(piece.name);
    ++count;
  }
  if (dropped.empty()) return;
  Diagnostic warning;
  warning.severity = Severity::warning;
  warning.code = Code::parent_promotions_dropped;
  warning.loc = ctx.doc.pieces->loc;
  warning.message = "this pieces table replaces the parent's pieces and their promotions: " +
                    dropped + (count == 1 ? " promotes" : " promote") +
                    " in the parent but not here; state the promotion again, or write 'Does not "
                    "promote'";
  if (ctx.doc.front.parent) warning.notes.push_back({ctx.doc.front.parent->loc, "the parent is named here"});
  ctx.sink.report(std::move(warning));
}

}  // namespace

namespace {

/// Reads a "Promotes by capturing" cell: "must" or "may", optionally followed by ", capturing"
/// and the piece types whose capture promotes, separated by commas or "or".
void lower_by_capture(LowerContext& ctx, ir::PieceType& piece, const Cell& cell) {
  const std::string text = lower(trim(cell.text));
  const std::size_t comma = text.find(',');
  const std::string rule = std::string(trim(std::string_view(text).substr(0, comma)));
  const auto fail = [&](const std::string& why) {
    ctx.error(Code::bad_capture_promotion, cell.loc,
              why + "; write 'must' or 'may', optionally followed by ', capturing' and piece names "
                    "('must, capturing Pawn or Silver general')");
  };
  if (rule != "must" && rule != "may") return fail(quote(cell.text) + " does not say 'must' or 'may'");
  if (!ir::promotes_one_way(piece.promotion)) {
    ctx.error(Code::bad_capture_promotion, cell.loc,
              quote(piece.name) + " has no promoted face to take by capturing; give it one in 'Promotes to'");
    return;
  }
  std::vector<ir::PieceId> of;
  if (comma != std::string::npos) {
    std::string_view rest = trim(std::string_view(cell.text).substr(comma + 1));
    const std::string_view word = "capturing ";
    if (lower(rest.substr(0, word.size())) != word) return fail("after the comma comes 'capturing' and piece names");
    rest.remove_prefix(word.size());
    if (rest.size() >= 3 && lower(rest.substr(rest.size() - 3)) == " or") return fail("a piece name is missing after 'or'");
    // " or " separates names as a comma does.
    std::string names;
    for (std::size_t k = 0; k < rest.size();) {
      if (lower(rest.substr(k, 4)) == " or ") {
        names += ',';
        k += 4;
      } else {
        names += rest[k++];
      }
    }
    std::size_t start = 0;
    while (start <= names.size()) {
      const std::size_t end = std::min(names.find(',', start), names.size());
      const std::string name(trim(std::string_view(names).substr(start, end - start)));
      if (name.empty()) return fail("a piece name is missing");
      const auto id = ctx.find_piece(name, cell.loc);
      if (!id) return;
      of.push_back(*id);
      start = end + 1;
    }
  }
  piece.by_capture = rule == "must" ? ir::CapturePromotion::must : ir::CapturePromotion::may;
  piece.by_capture_of = std::move(of);
  piece.by_capture_loc = cell.loc;
}

/// The "Captured as" cells: a capture of the piece puts the named piece in hand, which must be
/// a base face and not royal; the board's ranks bound the "Movement on ranks" columns.
void lower_captured_as(LowerContext& ctx) {
  const auto& rows = ctx.doc.pieces->rows;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    for (const ir::RankMovement& on : ctx.out.pieces[i].rank_moves) {
      const int ranks = ctx.doc.front.rows ? ctx.doc.front.rows->value : (ctx.parent ? ctx.parent->board.ranks : 9);
      if (on.ranks.back() > ranks) {
        ctx.error(Code::bad_rank_list, on.loc,
                  "movement on rank " + std::to_string(on.ranks.back()) + " from the far edge, on a board of " +
                      std::to_string(ranks) + " ranks");
      }
    }
    if (rows[i].by_capture) lower_by_capture(ctx, ctx.out.pieces[i], *rows[i].by_capture);
    if (!rows[i].captured_as) continue;
    const Cell& cell = *rows[i].captured_as;
    const auto id = ctx.find_piece(std::string(trim(cell.text)), cell.loc);
    if (!id) continue;
    const ir::PieceType& to = ctx.out.pieces[*id];
    if (to.royal || (to.base_face != ir::kNoPiece && to.base_face != *id)) {
      ctx.error(Code::bad_captured_as, cell.loc,
                quote(to.name) + (to.royal ? " is royal" : " is a promoted face") +
                    "; a captured piece goes to hand as a piece that hands hold");
      continue;
    }
    ctx.out.pieces[i].captured_as = *id;
  }
}

}  // namespace

void check_piece_movement(LowerContext& ctx) { PieceLowering(ctx).movement(); }

void lower_pieces(LowerContext& ctx) {
  const Document& doc = ctx.doc;
  if (!doc.pieces) {
    for (const ir::SourceLoc* loc : {doc.promotions ? &doc.promotions->loc : nullptr,
                                     doc.face_pairs ? &doc.face_pairs->loc : nullptr}) {
      if (loc != nullptr) {
        ctx.error(Code::missing_table, *loc,
                  "this table states promotions for pieces, but the file has no pieces table "
                  "('Piece | Movement') to define them");
      }
    }
    if (ctx.parent == nullptr) {
      ctx.error(Code::missing_table, make_loc(doc.path, 1, 1),
                "a variant without 'parent' needs a pieces table ('Piece | Movement')");
      return;
    }
    ctx.out.pieces = ctx.parent->pieces;
    ctx.inherited_pieces = true;
  } else {
    PieceLowering(ctx).run();
    if (!ctx.failed()) warn_dropped_promotions(ctx);
  }
  if (!ctx.failed()) lower_royals(ctx);
  if (!ctx.failed() && doc.pieces) lower_captured_as(ctx);
}

}  // namespace koma::compiler
