// English movement phrases to atoms: a recursive-descent parser over the phrase lexer's tokens.
// The grammar is in variants/FORMAT-movement.md; each function below names the rule it reads.
#include <algorithm>
#include <cstdlib>
#include <initializer_list>
#include <optional>

#include "names.h"
#include "phrase_codes.h"
#include "phrase_geometry.h"
#include "phrase_internal.h"
#include "phrase_lexer.h"
#include "phrase_remarks.h"

namespace koma::compiler::phrase {
namespace {

/// The longest leg of a leap, so that two legs still fit an Offset coordinate.
constexpr std::uint32_t kMaxLeg = 63;

/// Thrown after the first syntax error has been recorded; caught in EnglishParser::run.
struct Stop {};

/// The message for a word the vocabulary does not know, with a suggestion when one is close.
std::string unknown_word_message(std::string_view word) {
  std::string message = "unknown word '" + std::string(word) + "' in movement phrase";
  if (auto suggestion = suggest_word(word)) {
    message += "; did you mean '" + std::string(*suggestion) + "'?";
  }
  return message;
}

/// The movement of a standard piece a phrase may name without a piece of that name in the
/// game ("one-square king moves", "Gold general movement"): by its name, or the start of its
/// name followed by a space ("Gold"), ignoring case.
const std::vector<ir::MoveAtom>* standard_shape(std::string_view name) {
  static const std::vector<std::pair<std::string, std::vector<ir::MoveAtom>>> shapes = [] {
    std::vector<std::pair<std::string, std::vector<ir::MoveAtom>>> out;
    for (const auto& [piece, phrase] : std::initializer_list<std::pair<const char*, const char*>>{
             {"king", "One square in any direction"},
             {"gold general", "One square, any direction except diagonally backward"},
             {"silver general", "One square diagonally, or straight forward"},
             {"rook", "Any distance orthogonally"},
             {"bishop", "Any distance diagonally"}}) {
      out.emplace_back(piece, parse_english(phrase, nullptr).atoms);
    }
    return out;
  }();
  const std::string folded = lower(name);
  for (const auto& [piece, atoms] : shapes) {
    if (folded == piece || piece.rfind(folded + " ", 0) == 0) return &atoms;
  }
  return nullptr;
}

class EnglishParser {
 public:
  EnglishParser(std::string_view text, std::vector<Token> tokens, const PieceMovesLookup& lookup)
      : text_(text), tokens_(std::move(tokens)), lookup_(lookup) {}

  PhraseResult run() {
    PhraseResult result;
    try {
      result.atoms = parse_phrase();
    } catch (const Stop&) {
      result.errors = std::move(errors_);
      return result;
    }
    normalize(result.atoms);
    result.legs = std::move(legs_);
    normalize_legs(result.legs);
    result.burning = burning_;
    for (const Check& check : checks_) {
      if (auto error = verify(check, result.atoms)) errors_.push_back(std::move(*error));
    }
    result.errors = std::move(errors_);
    if (!result.errors.empty()) {
      result.atoms.clear();
      result.legs.clear();
    }
    return result;
  }

 private:
  // ----- token access -----

  const Token& peek(std::size_t ahead = 0) const {
    return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)];
  }
  const Token& advance() {
    const Token& token = tokens_[pos_];
    if (pos_ + 1 < tokens_.size()) ++pos_;
    return token;
  }
  bool at(TokenKind kind, std::size_t ahead = 0) const { return peek(ahead).kind == kind; }
  bool at_word(WordKind word, std::size_t ahead = 0) const {
    return peek(ahead).kind == TokenKind::word && peek(ahead).word == word;
  }
  bool accept_word(WordKind word) {
    if (!at_word(word)) return false;
    advance();
    return true;
  }
  bool at_number(std::size_t ahead = 0) const {
    return at(TokenKind::digits, ahead) || at_word(WordKind::number, ahead);
  }

  std::string_view source(std::uint32_t from, std::uint32_t to) const {
    return text_.substr(from, to - from);
  }
  std::uint32_t end_of_previous() const {
    const Token& previous = tokens_[pos_ == 0 ? 0 : pos_ - 1];
    return previous.offset + previous.length;
  }

  // ----- errors -----

  void error(std::uint32_t offset, std::string_view code, std::string message) {
    errors_.push_back(PhraseError{offset, std::string(code), std::move(message)});
  }

  [[noreturn]] void fail(std::uint32_t offset, std::string_view code, std::string message) {
    error(offset, code, std::move(message));
    throw Stop{};
  }

  /// Reports the token at the cursor as not fitting: an unknown word (with a suggestion when
  /// one is close) or a word in the wrong place.
  [[noreturn]] void fail_unexpected(std::string_view expected) {
    const Token& token = peek();
    if (token.kind == TokenKind::word && token.word == WordKind::unknown) {
      fail(token.offset, kUnknownWord, unknown_word_message(token.text));
    }
    if (token.kind != TokenKind::word || token.word != WordKind::unknown) {
      const Token& after = peek(1);
      if (after.kind == TokenKind::word && after.word == WordKind::unknown) {
        advance();
        fail_unexpected(expected);  // "One stpe forward": the unknown word is the problem
      }
    }
    if (token.kind == TokenKind::end) {
      fail(token.offset, kPhraseSyntax, "movement phrase ends where " + std::string(expected) +
                                            " was expected");
    }
    fail(token.offset, kPhraseSyntax,
         "expected " + std::string(expected) + ", found '" + token.text + "'");
  }

  // ----- starts of rules -----

  bool at_dirterm_start(std::size_t ahead = 0) const {
    const Token& token = peek(ahead);
    if (token.kind != TokenKind::word) return false;
    switch (token.word) {
      case WordKind::in: case WordKind::orthogonal: case WordKind::diagonal:
      case WordKind::straight: case WordKind::forward: case WordKind::backward:
      case WordKind::sideways: case WordKind::vertically: case WordKind::left:
      case WordKind::right:
        return true;
      case WordKind::any: case WordKind::all:
        return at_word(WordKind::direction, ahead + 1);
      default:
        return false;
    }
  }

  bool at_quantity_start() const {
    if (at_number() && at_word(WordKind::unit, 1)) return true;
    if (at_number() && at_word(WordKind::to, 1) && at_number(2)) return true;  // "two to three squares"
    if (at_number() && at_word(WordKind::or_word, 1) && at_word(WordKind::more, 2)) return true;  // "two or more squares"
    if (at_word(WordKind::up) && at_word(WordKind::to, 1)) return true;
    return at_word(WordKind::any) &&
           (at_word(WordKind::distance, 1) || at_word(WordKind::number_of, 1));
  }

  bool at_name_start() const {
    return at_word(WordKind::unknown) || at_word(WordKind::king) ||
           (at_word(WordKind::lion) && !at_word(WordKind::power, 1)) || (at_word(WordKind::hook) && !at_hook());
  }
  /// "hook move orthogonally", "hook moves diagonally forward" (a piece named "Hook Mover" is not).
  bool at_hook() const { return at_word(WordKind::hook) && at_word(WordKind::movement, 1) && at_dirterm_start(2); }
  /// "Lion power", "Lion power straight forward", "Lion power of three steps in a line".
  bool at_lion_power() const { return at_word(WordKind::lion) && at_word(WordKind::power, 1); }
  /// "captures without moving", "captures without moving orthogonally".
  bool at_igui() const {
    return at_word(WordKind::captures) && at_word(WordKind::without, 1) && at_word(WordKind::moving, 2);
  }

  bool at_composite_start() const {
    return at_number() && (at_word(WordKind::orthogonal, 1) || at_word(WordKind::diagonal, 1)) &&
           at(TokenKind::plus_sign, 2);
  }

  /// "moves like a King", "moves as the Gold General".
  bool at_borrow_start() const { return at_word(WordKind::movement) && at_word(WordKind::like, 1); }

  bool at_clause_start() const {
    return at_quantity_start() || at_dirterm_start() || at_name_start() || at_composite_start() ||
           at_borrow_start() || at_lion_power() || at_igui() || at_hook() || at_word(WordKind::burns) ||
           at_word(WordKind::jumps) || at_word(WordKind::slides) || at_word(WordKind::l_shape);
  }

  // ----- grammar -----

  // phrase = clauses { remark } [ "." ] end
  std::vector<ir::MoveAtom> parse_phrase() {
    if (at(TokenKind::end)) fail(0, kPhraseEmpty, "empty movement phrase");
    std::vector<ir::MoveAtom> atoms = parse_clauses();
    while (at(TokenKind::open_paren) || at(TokenKind::dash) || at(TokenKind::colon)) {
      parse_remark();
    }
    if (at(TokenKind::period)) advance();
    if (!at(TokenKind::end)) fail_unexpected("',', 'or', a remark in parentheses or the end");
    return atoms;
  }

  // clauses = clause { ( "," [ "or" | "plus" ] | "or" | "plus" ) clause }
  std::vector<ir::MoveAtom> parse_clauses() {
    std::vector<ir::MoveAtom> atoms;
    parse_clause(atoms);
    for (;;) {
      std::size_t skip = 0;
      if (at(TokenKind::comma)) {
        skip = (at_word(WordKind::or_word, 1) || at_word(WordKind::plus_word, 1)) ? 2 : 1;
        if (at_word(WordKind::and_word, 1) && at_word(WordKind::burns, 2)) skip = 2;  // ", and burns ..."
      } else if (at_word(WordKind::or_word) || at_word(WordKind::plus_word) ||
                 (at_word(WordKind::and_word) && at_word(WordKind::burns, 1))) {
        skip = 1;
      } else {
        break;
      }
      const std::size_t saved = pos_;
      for (std::size_t i = 0; i < skip; ++i) advance();
      if (!at_clause_start()) {
        if (at(TokenKind::open_paren) || at(TokenKind::dash) || at(TokenKind::colon)) {
          pos_ = saved;  // "..., (remark)": the comma only sets the remark off
          advance();
          break;
        }
        fail_unexpected("another movement after '" + tokens_[saved].text + "'");
      }
      parse_clause(atoms);
    }
    return atoms;
  }

  // clause = "captures" "without" "moving" [ directions ]
  //        | lion-power [ "only" ]
  //        | burning
  //        | "jumps" jump [ mode ] [ "only" ]
  //        | composite [ "only" ]
  //        | simple [ mode ] [ "only" ]
  void parse_clause(std::vector<ir::MoveAtom>& out) {
    const std::uint32_t start = peek().offset;
    std::vector<ir::MoveAtom> atoms;
    if (at_igui()) {
      // Two-leg moves only: it takes a neighbour and stays.
      for (int i = 0; i < 3; ++i) advance();
      const DirMask mask = at_dirterm_start() ? parse_directions() : kAllDirections;
      const std::vector<ir::LegMove> legs = igui_legs(mask);
      legs_.insert(legs_.end(), legs.begin(), legs.end());
      if (at_word(WordKind::only)) fail(peek().offset, kPhraseSyntax, "'only' does not follow 'captures without moving'");
      return;
    }
    if (at_word(WordKind::burns)) {
      parse_burning();
      return;
    }
    if (at_lion_power()) {
      atoms = parse_lion_power();
    } else if (at_word(WordKind::jumps) && at_word(WordKind::over, 1)) {
      atoms = parse_range_jump();
      apply_mode(atoms, parse_mode());
    } else if (at_area_start()) {
      atoms = parse_area();
      apply_mode(atoms, parse_mode());
    } else if (at_hook()) {
      atoms = parse_hook();
      apply_mode(atoms, parse_mode());
    } else if (accept_word(WordKind::jumps)) {
      atoms = parse_jump();
      apply_mode(atoms, parse_mode());
    } else if (at_composite_start()) {
      atoms = parse_composite();
    } else {
      atoms = parse_simple(start);
      apply_mode(atoms, parse_mode());
    }
    if (atoms.empty()) {
      fail(start, kPhraseEmpty,
           "'" + std::string(source(start, end_of_previous())) + "' describes no move");
    }
    if (at_word(WordKind::only)) {
      Check check;
      check.kind = Check::Kind::equals;
      check.atoms = atoms;
      check.offset = peek().offset;
      advance();
      check.text = std::string(source(start, end_of_previous()));
      checks_.push_back(std::move(check));
    }
    out.insert(out.end(), atoms.begin(), atoms.end());
  }

  /// Whether the words from the current token on are `words` (lower case), case aside.
  bool at_words(std::initializer_list<std::string_view> words) const {
    std::size_t ahead = 0;
    for (const std::string_view w : words) {
      const Token& token = peek(ahead++);
      if (token.kind != TokenKind::word || lower(token.text) != w) return false;
    }
    return true;
  }
  void skip_words(std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) advance();
  }

  // burning = "burns" "every" "enemy" "piece" target { "and" [ "every" "enemy" "piece" ] target }
  // target  = "next" "to" "the" "square" "where" "it" "stops"   (burns where it stops)
  //         | "that" "stops" "next" "to" "it"                   (burns what stops next to it)
  void parse_burning() {
    advance();
    if (!at_words({"every", "enemy", "piece"})) fail_unexpected("'every enemy piece' after 'burns'");
    skip_words(3);
    for (;;) {
      if (at_words({"next", "to", "the", "square", "where", "it", "stops"})) {
        skip_words(7);
        burning_.on_stop = true;
      } else if (at_words({"that", "stops", "next", "to", "it"})) {
        skip_words(5);
        burning_.on_arrival = true;
      } else {
        fail_unexpected("'next to the square where it stops' or 'that stops next to it'");
      }
      if (!at_word(WordKind::and_word)) break;
      advance();
      if (at_words({"every", "enemy", "piece"})) skip_words(3);
    }
    if (at_word(WordKind::only)) fail(peek().offset, kPhraseSyntax, "'only' does not follow a burning clause");
  }

  /// "in a line" (after "Lion power of three steps").
  bool at_in_a_line() const {
    return at_word(WordKind::in) && at_word(WordKind::number, 1) && lower(peek(1).text) == "a" &&
           at_word(WordKind::line, 2);
  }

  // lion-power = "lion" "power" [ "of" number unit ] [ directions | "in" "a" "line" ]
  // Two steps (the default) or three; "in a line" goes with three steps only.
  std::vector<ir::MoveAtom> parse_lion_power() {
    advance();  // "lion"
    advance();  // "power"
    LionPower power;
    if (accept_word(WordKind::of)) {
      if (!at_number()) fail_unexpected("a number of steps ('of three steps')");
      const Token& count = peek();
      const std::uint32_t steps = parse_count();
      if (steps != 2 && steps != 3) {
        fail(count.offset, kPhraseSyntax, "Lion power takes two or three steps, not '" + count.text + "'");
      }
      expect_word(WordKind::unit, "'steps'");
      power.steps = static_cast<int>(steps);
    }
    if (at_in_a_line()) {
      if (power.steps != 3) fail(peek().offset, kPhraseSyntax, "'in a line' goes with 'Lion power of three steps'");
      skip_words(3);
      power.in_line = true;
    } else if (at_dirterm_start()) {
      power.mask = parse_directions();
    }
    const std::vector<ir::LegMove> legs = lion_power_legs(power);
    legs_.insert(legs_.end(), legs.begin(), legs.end());
    return lion_power_atoms(power);
  }

  /// "up to three king steps": an area move.
  bool at_area_start() const {
    return at_word(WordKind::up) && at_word(WordKind::to, 1) && at_number(2) && at_word(WordKind::king, 3) &&
           at_word(WordKind::unit, 4);
  }

  /// Consumes `kind` or fails naming `what`.
  void expect_word(WordKind kind, const char* what) {
    if (!accept_word(kind)) fail_unexpected(what);
  }

  // range-jump = "jumps" "over" [ "and" "removes" ] "any" "number" "of" "pieces" "of" "lower" "rank" directions
  //            | "jumps" "over" "up" "to" number "pieces" directions
  std::vector<ir::MoveAtom> parse_range_jump() {
    advance();  // "jumps"
    advance();  // "over"
    if (accept_word(WordKind::up)) return parse_pass_slide();
    // A range capture removes every piece it passes.
    const bool removes = accept_word(WordKind::and_word);
    if (removes) expect_word(WordKind::removes, "'removes'");
    expect_word(WordKind::any, "'any' or 'up to'");
    expect_word(WordKind::number_of, "'number'");
    expect_word(WordKind::of, "'of'");
    expect_word(WordKind::pieces, "'pieces'");
    expect_word(WordKind::of, "'of'");
    expect_word(WordKind::lower, "'lower'");
    expect_word(WordKind::rank, "'rank'");
    if (!at_dirterm_start()) fail_unexpected("a direction");
    std::vector<ir::MoveAtom> atoms;
    for (DirMask d : directions_of(parse_directions())) {
      ir::MoveAtom atom = leap(unit_step(d));
      atom.kind = removes ? ir::AtomKind::range_capture : ir::AtomKind::jump;
      atoms.push_back(atom);
    }
    return atoms;
  }

  // after "jumps over up": "to" number ( "pieces" | "piece" ) directions
  std::vector<ir::MoveAtom> parse_pass_slide() {
    expect_word(WordKind::to, "'to'");
    if (!at_number()) fail_unexpected("a number of pieces");
    const std::uint32_t count = parse_count();
    expect_word(WordKind::pieces, "'pieces'");
    if (!at_dirterm_start()) fail_unexpected("a direction");
    std::vector<ir::MoveAtom> atoms;
    for (DirMask d : directions_of(parse_directions())) {
      ir::MoveAtom atom = leap(unit_step(d));
      atom.kind = ir::AtomKind::pass_slide;
      atom.passes = static_cast<std::uint8_t>(count);
      atoms.push_back(atom);
    }
    return atoms;
  }

  // area = "up" "to" number "king" unit [ "," ] "each" "to" [ article | "a" ] "empty" unit
  std::vector<ir::MoveAtom> parse_area() {
    advance();  // "up"
    advance();  // "to"
    const std::uint32_t at_count = peek().offset;
    const std::uint32_t count = parse_count();
    advance();  // "king"
    advance();  // "steps"
    if (count < 1 || count > 5) fail(at_count, kPhraseSyntax, "an area move takes one to five king steps");
    if (at(TokenKind::comma) && at_word(WordKind::each, 1)) advance();
    expect_word(WordKind::each, "'each to an empty square'");
    expect_word(WordKind::to, "'to'");
    if (!accept_word(WordKind::article)) accept_word(WordKind::number);
    expect_word(WordKind::empty, "'empty'");
    expect_word(WordKind::unit, "'square'");
    ir::MoveAtom atom = leap({0, 0});
    atom.kind = ir::AtomKind::area;
    atom.max_range = static_cast<std::uint8_t>(count);
    return {atom};
  }

  // hook = "hook" ( "move" | "moves" ) directions
  std::vector<ir::MoveAtom> parse_hook() {
    advance();  // "hook"
    advance();  // "move"
    std::vector<ir::MoveAtom> atoms;
    for (DirMask d : directions_of(parse_directions())) {
      ir::MoveAtom atom = leap(unit_step(d));
      atom.kind = ir::AtomKind::hook;
      atoms.push_back(atom);
    }
    return atoms;
  }

  // simple = [ "slides" ] [ quantity [ "," ] ]
  //          ( piece-ref | [ directions ] "l-shape" | directions [ quantity ] )
  std::vector<ir::MoveAtom> parse_simple(std::uint32_t start) {
    const bool slides = accept_word(WordKind::slides);
    std::optional<Quantity> quantity = parse_quantity();
    if (quantity && at(TokenKind::comma) && (at_dirterm_start(1) || at_word(WordKind::l_shape, 1))) {
      advance();
    }
    if (quantity && quantity->from > 1 && (at_borrow_start() || at_name_start())) {
      fail(start, kPhraseSyntax, "a nearest square to stop on ('two or more squares') goes with directions, not a piece's movement");
    }
    if (at_borrow_start()) {
      std::vector<ir::MoveAtom> atoms = parse_borrowed();
      if (quantity) limit(atoms, *quantity);
      return atoms;
    }
    if (at_name_start()) {
      std::vector<ir::MoveAtom> atoms = parse_piece_ref();
      if (quantity) limit(atoms, *quantity);
      return atoms;
    }
    DirMask mask = kAllDirections;
    if (at_dirterm_start()) {
      mask = parse_directions();
    } else if (!at_word(WordKind::l_shape)) {
      fail_unexpected(quantity ? "a direction" : "a distance or a direction");
    }
    if (at_word(WordKind::l_shape)) {
      if (quantity) fail(peek().offset, kPhraseSyntax, "an L-shape takes no distance");
      advance();
      return l_shape(mask);
    }
    if (std::optional<Quantity> after = parse_quantity()) {
      if (quantity) {
        fail(start, kPhraseSyntax, "movement phrase gives two distances for one direction");
      }
      quantity = after;
    }
    if (!quantity && slides) quantity = Quantity{Quantity::Kind::unlimited, 0};
    if (!quantity) quantity = last_quantity_;  // "One square diagonally, or straight forward"
    if (!quantity) {
      fail(start, kPhraseSyntax,
           "'" + std::string(source(start, end_of_previous())) +
               "' needs a distance ('one step', 'any distance', 'up to two squares')");
    }
    last_quantity_ = quantity;
    return atoms_for(mask, *quantity, ir::AtomMode::move_or_capture);
  }

  // quantity = number unit | "up" "to" number unit | "any" ( "distance" | "number" "of" unit )
  //          | number "to" number unit | number "or" "more" unit
  std::optional<Quantity> parse_quantity() {
    if (!at_quantity_start()) return std::nullopt;
    const Token& first = peek();
    if (accept_word(WordKind::any)) {
      if (accept_word(WordKind::distance)) return Quantity{Quantity::Kind::unlimited, 0};
      advance();  // "number"
      if (!accept_word(WordKind::of)) fail_unexpected("'of'");
      if (!accept_word(WordKind::unit)) fail_unexpected("'squares'");
      return Quantity{Quantity::Kind::unlimited, 0};
    }
    if (accept_word(WordKind::up)) {
      advance();  // "to"
      if (!at_number()) fail_unexpected("a number");
      const std::uint32_t n = parse_count();
      if (!accept_word(WordKind::unit)) fail_unexpected("'squares'");
      return Quantity{n == 1 ? Quantity::Kind::one_step : Quantity::Kind::up_to,
                      static_cast<std::uint8_t>(n)};
    }
    const std::uint32_t n = parse_count();
    if (accept_word(WordKind::to)) {
      // A slide from the n-th square, jumping the ones before: "two to three squares".
      const std::uint32_t most = parse_count();
      if (!accept_word(WordKind::unit)) fail_unexpected("'squares'");
      if (most < n) {
        fail(first.offset, kPhraseSyntax,
             "'" + std::string(source(first.offset, end_of_previous())) + "' gives the farther distance first");
      }
      return Quantity{Quantity::Kind::up_to, static_cast<std::uint8_t>(most), static_cast<std::uint8_t>(n)};
    }
    if (accept_word(WordKind::or_word)) {
      advance();  // "more"
      if (!accept_word(WordKind::unit)) fail_unexpected("'squares'");
      return Quantity{Quantity::Kind::unlimited, 0, static_cast<std::uint8_t>(n)};
    }
    advance();  // unit
    if (n != 1) {
      fail(first.offset, kPhraseAmbiguous,
           "'" + std::string(source(first.offset, end_of_previous())) +
               "' is ambiguous: write 'up to " + number_word(n) +
               " squares' for a short slide or 'jumps " + number_word(n) +
               " squares' for a leap");
    }
    return Quantity{Quantity::Kind::one_step, 1};
  }

  // count = number-word | digits   (1 to 255)
  std::uint32_t parse_count() {
    const Token& token = advance();
    if (token.value < 1 || token.value > 255) {
      fail(token.offset, kPhraseSyntax, "distance '" + token.text + "' is out of range 1 to 255");
    }
    return token.value;
  }

  // directions = dirterm { ( "or" | "," [ "or" ] ) dirterm }
  DirMask parse_directions() {
    DirMask mask = parse_dirterm();
    for (;;) {
      if (at_word(WordKind::or_word) && at_dirterm_start(1)) {
        advance();
      } else if (at(TokenKind::comma) && at_dirterm_start(1)) {
        advance();
      } else if (at(TokenKind::comma) && at_word(WordKind::or_word, 1) && at_dirterm_start(2)) {
        advance();
        advance();
      } else {
        break;
      }
      mask = static_cast<DirMask>(mask | parse_dirterm());
    }
    return mask;
  }

  // dirterm = [ "in" ] ( "any" | "all" ) "direction" [ "except" directions ]
  //         | "orthogonally" [ "forward" | "backward" | "sideways" | "left" | "right" ]
  //         | "diagonally" [ "forward" | "backward" ] [ "left" | "right" ]
  //         | [ "straight" ] ( "forward" | "backward" ) | "sideways" | "vertically"
  //         | "left" | "right"
  DirMask parse_dirterm() {
    if (accept_word(WordKind::in)) {
      if (!((at_word(WordKind::any) || at_word(WordKind::all)) && at_word(WordKind::direction, 1))) {
        fail_unexpected("'any direction'");
      }
    }
    if (accept_word(WordKind::any) || accept_word(WordKind::all)) {
      advance();  // "direction"
      if (accept_word(WordKind::except)) {
        if (!at_dirterm_start()) fail_unexpected("a direction");
        return static_cast<DirMask>(kAllDirections & ~parse_directions());
      }
      return kAllDirections;
    }
    if (accept_word(WordKind::orthogonal)) {
      if (at_word(WordKind::forward) || at_word(WordKind::backward) ||
          at_word(WordKind::sideways) || at_word(WordKind::left) || at_word(WordKind::right)) {
        return simple_direction(advance());
      }
      return kOrthogonal;
    }
    if (accept_word(WordKind::diagonal)) {
      DirMask mask = kDiagonal;
      if (accept_word(WordKind::forward)) mask = kForwardLeft | kForwardRight;
      else if (accept_word(WordKind::backward)) mask = kBackwardLeft | kBackwardRight;
      if (accept_word(WordKind::left)) mask &= kForwardLeft | kBackwardLeft;
      else if (accept_word(WordKind::right)) mask &= kForwardRight | kBackwardRight;
      return mask;
    }
    if (accept_word(WordKind::straight)) {
      if (!at_word(WordKind::forward) && !at_word(WordKind::backward)) {
        fail_unexpected("'forward' or 'backward'");
      }
    }
    return simple_direction(advance());
  }

  static DirMask simple_direction(const Token& token) {
    switch (token.word) {
      case WordKind::forward: return kForward;
      case WordKind::backward: return kBackward;
      case WordKind::left: return kLeft;
      case WordKind::right: return kRight;
      case WordKind::vertically: return kForward | kBackward;
      default: return kLeft | kRight;  // sideways
    }
  }

  // jump = leg [ "and" leg ]
  // leg  = count [ unit ] directions
  std::vector<ir::MoveAtom> parse_jump() {
    struct Leg {
      int count;
      DirMask mask;
    };
    auto parse_leg = [&]() {
      if (!at_number()) fail_unexpected("a number of squares");
      const int count = parse_leg_count();
      accept_word(WordKind::unit);
      if (!at_dirterm_start()) fail_unexpected("a direction");
      return Leg{count, parse_directions()};
    };
    const Leg first = parse_leg();
    std::vector<ir::MoveAtom> atoms;
    if (!accept_word(WordKind::and_word)) {
      for (DirMask d : directions_of(first.mask)) {
        const ir::Offset step = unit_step(d);
        atoms.push_back(leap(scaled(step, first.count, {0, 0}, 0)));
      }
      return atoms;
    }
    const std::uint32_t second_offset = peek().offset;
    const Leg second = parse_leg();
    for (DirMask a : directions_of(first.mask)) {
      for (DirMask b : directions_of(second.mask)) {
        const ir::Offset u = unit_step(a);
        const ir::Offset v = unit_step(b);
        if (u.right * v.forward - u.forward * v.right == 0) continue;  // parallel legs
        atoms.push_back(leap(scaled(u, first.count, v, second.count)));
      }
    }
    if (atoms.empty()) {
      fail(second_offset, kPhraseSyntax, "the two legs of a jump must not be parallel");
    }
    return atoms;
  }

  /// n steps of u plus m steps of v; legs are at most kMaxLeg, so the sum fits an Offset.
  static ir::Offset scaled(ir::Offset u, int n, ir::Offset v, int m) {
    return {static_cast<std::int8_t>(u.right * n + v.right * m),
            static_cast<std::int8_t>(u.forward * n + v.forward * m)};
  }

  // leg-count = count   (1 to kMaxLeg)
  int parse_leg_count() {
    const Token& token = peek();
    const std::uint32_t n = parse_count();
    if (n > kMaxLeg) {
      fail(token.offset, kPhraseSyntax,
           "a leap leg of '" + token.text + "' squares is longer than " +
               std::to_string(kMaxLeg));
    }
    return static_cast<int>(n);
  }

  // composite = count ( "orthogonally" | "diagonally" ) "+" count ( "orthogonally" | "diagonally" )
  //             [ directions ]
  // One leg along a file or rank, one diagonally outward from it; a direction after the
  // second leg qualifies the whole leap (by its direction class).
  std::vector<ir::MoveAtom> parse_composite() {
    const int n1 = parse_leg_count();
    const WordKind k1 = advance().word;
    advance();  // "+"
    if (!at_number()) fail_unexpected("a number");
    const int n2 = parse_leg_count();
    if (!at_word(WordKind::orthogonal) && !at_word(WordKind::diagonal)) {
      fail_unexpected("'ortho.' or 'diag.'");
    }
    const Token& second = advance();
    if (second.word == k1) {
      fail(second.offset, kPhraseSyntax,
           "a composite leap takes one orthogonal and one diagonal leg");
    }
    const int ortho_count = k1 == WordKind::orthogonal ? n1 : n2;
    const int diag_count = k1 == WordKind::orthogonal ? n2 : n1;
    DirMask filter = kAllDirections;
    if (at_dirterm_start()) filter = parse_directions();
    std::vector<ir::MoveAtom> atoms;
    for (DirMask o : directions_of(kOrthogonal)) {
      for (DirMask d : directions_of(kDiagonal)) {
        const ir::Offset u = unit_step(o);
        const ir::Offset v = unit_step(d);
        if (u.right * v.right + u.forward * v.forward <= 0) continue;  // not outward
        const ir::Offset sum = scaled(u, ortho_count, v, diag_count);
        if ((direction_class(sum) & filter) == 0) continue;
        ir::MoveAtom atom = leap(sum);
        if (std::none_of(atoms.begin(), atoms.end(),
                         [&](const ir::MoveAtom& a) { return a.delta == sum; })) {
          atoms.push_back(atom);
        }
      }
    }
    return atoms;
  }

  /// The eight knight leaps whose direction class is in `mask`.
  static std::vector<ir::MoveAtom> l_shape(DirMask mask) {
    std::vector<ir::MoveAtom> atoms;
    const int deltas[8][2] = {{1, 2}, {-1, 2}, {2, 1}, {-2, 1}, {2, -1}, {-2, -1}, {1, -2}, {-1, -2}};
    for (const auto& d : deltas) {
      const ir::Offset offset{static_cast<std::int8_t>(d[0]), static_cast<std::int8_t>(d[1])};
      if ((direction_class(offset) & mask) != 0) atoms.push_back(leap(offset));
    }
    return atoms;
  }

  // mode = "without" "capturing" | "capturing" "only"
  std::optional<ir::AtomMode> parse_mode() {
    if (accept_word(WordKind::without)) {
      if (!accept_word(WordKind::capturing)) fail_unexpected("'capturing'");
      return ir::AtomMode::move_only;
    }
    if (accept_word(WordKind::capturing)) {
      if (!accept_word(WordKind::only)) fail_unexpected("'only'");
      return ir::AtomMode::capture_only;
    }
    return std::nullopt;
  }

  static void apply_mode(std::vector<ir::MoveAtom>& atoms, std::optional<ir::AtomMode> mode) {
    if (!mode) return;
    for (ir::MoveAtom& atom : atoms) atom.mode = *mode;
  }

  /// The atoms of the piece called by the words [first, end), or a located error.
  std::vector<ir::MoveAtom> named_moves(std::size_t first, std::size_t end, std::string_view what) {
    const Token& last = tokens_[end - 1];
    const std::string name(source(tokens_[first].offset, last.offset + last.length));
    const std::vector<ir::MoveAtom>* moves = lookup_ ? lookup_(name) : nullptr;
    if (moves == nullptr) moves = standard_shape(name);  // a piece of the game comes first
    if (moves == nullptr) {
      fail(tokens_[first].offset, kUnknownPieceInPhrase,
           "movement phrase " + std::string(what) + " '" + name +
               "', which is not a known piece; a phrase names a piece of this game or a standard "
               "one (King, Gold general, Silver general, Rook, Bishop), or describes the moves "
               "('One square in any direction')");
    }
    std::vector<ir::MoveAtom> atoms = *moves;
    for (ir::MoveAtom& atom : atoms) atom.loc = ir::SourceLoc{};
    return atoms;
  }

  // borrowed = "moves" ( "like" | "as" ) [ "a" | "an" | "the" ] name
  std::vector<ir::MoveAtom> parse_borrowed() {
    advance();  // moves
    advance();  // like, as
    if (at_word(WordKind::article) || (at_word(WordKind::number) && (peek().text == "a" || peek().text == "A"))) advance();
    const std::size_t first = pos_;
    while (at(TokenKind::word) && !at_word(WordKind::plus_word) && !at_word(WordKind::or_word) &&
           !at_word(WordKind::movement)) {
      advance();
    }
    if (pos_ == first) fail_unexpected("the name of a piece");
    return named_moves(first, pos_, "borrows the movement of");
  }

  // piece-ref = name ( "movement" | "moves" )  |  name  (before "plus", or ending a clause
  //             after "plus": "Rook plus Bishop")
  // name      = word { word }     (words that are not "movement", "moves", "plus" or "or")
  std::vector<ir::MoveAtom> parse_piece_ref() {
    std::size_t end = pos_;
    while (tokens_[end].kind == TokenKind::word && tokens_[end].word != WordKind::movement &&
           tokens_[end].word != WordKind::plus_word && tokens_[end].word != WordKind::or_word) {
      ++end;
    }
    const Token& stop = tokens_[end];
    const bool after_plus = pos_ > 0 && tokens_[pos_ - 1].kind == TokenKind::word &&
                            tokens_[pos_ - 1].word == WordKind::plus_word;
    const bool names_piece = (stop.kind == TokenKind::word &&
                              (stop.word == WordKind::movement || stop.word == WordKind::plus_word)) ||
                             (after_plus && end != pos_);
    if (!names_piece || end == pos_) {
      // Not a piece name after all: report the first word that does not fit.
      while (pos_ < end && peek().word != WordKind::unknown) ++pos_;
      fail_unexpected("a distance or a direction");
    }
    const std::size_t first = pos_;
    pos_ = end;
    if (stop.kind == TokenKind::word && stop.word == WordKind::movement) advance();
    return named_moves(first, end, "names");
  }

  /// Restricts atoms to what `quantity` allows ("one-square king moves").
  static void limit(std::vector<ir::MoveAtom>& atoms, Quantity quantity) {
    if (quantity.kind == Quantity::Kind::unlimited) return;
    const int most = quantity.kind == Quantity::Kind::one_step ? 1 : quantity.range;
    std::vector<ir::MoveAtom> kept;
    for (ir::MoveAtom atom : atoms) {
      const int reach = std::max(std::abs(atom.delta.right), std::abs(atom.delta.forward));
      if (atom.kind == ir::AtomKind::leap) {
        if (reach <= most) kept.push_back(atom);
        continue;
      }
      if (reach > most) continue;
      const int repetitions = most / reach;
      if (atom.max_range == 0 || atom.max_range > repetitions) {
        atom.max_range = static_cast<std::uint8_t>(repetitions);
      }
      kept.push_back(atom);
    }
    atoms = std::move(kept);
  }

  // remark = "(" remark-body ")" | dash remark-body | ":" clauses
  // remark-body = ( "not" | "no" ) directions | "jumps" "over" | directions "only" | piece-ref
  void parse_remark() {
    const Token& open = advance();
    Check check;
    check.offset = open.offset;
    if (open.kind == TokenKind::colon) {
      check.kind = Check::Kind::equals;
      const std::uint32_t from = peek().offset;
      check.atoms = parse_clauses();
      check.text = std::string(source(from, end_of_previous()));
      checks_.push_back(std::move(check));
      return;
    }
    const std::uint32_t from = peek().offset;
    if (accept_word(WordKind::not_word)) {
      if (!at_dirterm_start()) fail_unexpected("a direction");
      check.kind = Check::Kind::excludes;
      check.mask = parse_directions();
    } else if (accept_word(WordKind::jumps)) {
      if (!accept_word(WordKind::over)) fail_unexpected("'over'");
      check.kind = Check::Kind::jumps_over;
    } else if (at_dirterm_start()) {
      check.kind = Check::Kind::only_class;
      check.mask = parse_directions();
      if (!accept_word(WordKind::only)) fail_unexpected("'only'");
    } else if (at_name_start()) {
      check.kind = Check::Kind::equals;
      check.atoms = parse_piece_ref();
    } else {
      fail_unexpected("a remark ('not ...', 'jumps over', '... only' or '<piece> movement')");
    }
    check.text = std::string(source(from, end_of_previous()));
    if (open.kind == TokenKind::open_paren) {
      if (!at(TokenKind::close_paren)) fail_unexpected("')'");
      advance();
    }
    checks_.push_back(std::move(check));
  }

  std::string_view text_;
  std::vector<Token> tokens_;
  const PieceMovesLookup& lookup_;
  std::size_t pos_ = 0;
  std::optional<Quantity> last_quantity_;
  std::vector<Check> checks_;
  std::vector<PhraseError> errors_;
  std::vector<ir::LegMove> legs_;  ///< multi-leg moves of "Lion power" and "captures without moving"
  ir::Burning burning_;            ///< what "burns ..." clauses said
};

}  // namespace

PhraseResult parse_english(std::string_view text, const PieceMovesLookup& lookup) {
  LexResult lexed = lex(text);
  if (lexed.error) {
    PhraseResult result;
    result.errors.push_back(PhraseError{
        lexed.error->offset, std::string(kUnknownWord),
        "unexpected character '" + lexed.error->character + "' in movement phrase"});
    return result;
  }
  // Every unknown word that cannot be part of a piece name ("Gold General movement",
  // "Rook plus ...", "... plus Bishop", "moves like a King") is reported at once, before parsing.
  PhraseResult result;
  const std::vector<Token>& tokens = lexed.tokens;
  const auto is_word = [&](std::size_t k, WordKind w) {
    return tokens[k].kind == TokenKind::word && tokens[k].word == w;
  };
  const auto name_end = [&](std::size_t k) {  // end of the run of name words from k
    while (tokens[k].kind == TokenKind::word && !is_word(k, WordKind::movement) &&
           !is_word(k, WordKind::plus_word) && !is_word(k, WordKind::or_word)) {
      ++k;
    }
    return k;
  };
  const auto run_text = [&](std::size_t first, std::size_t end) {
    return std::string(text.substr(tokens[first].offset,
                                   tokens[end - 1].offset + tokens[end - 1].length - tokens[first].offset));
  };
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].kind != TokenKind::word || tokens[i].word != WordKind::unknown) continue;
    // The start of this run of name words, and what stands before it.
    std::size_t first = i;
    while (first > 0 && tokens[first - 1].kind == TokenKind::word && !is_word(first - 1, WordKind::movement) &&
           !is_word(first - 1, WordKind::plus_word) && !is_word(first - 1, WordKind::or_word) &&
           !is_word(first - 1, WordKind::like)) {
      --first;
    }
    const std::size_t j = name_end(i);
    const bool in_name = tokens[j].kind == TokenKind::word &&
                         (tokens[j].word == WordKind::movement || tokens[j].word == WordKind::plus_word);
    const bool borrowed = first > 0 && is_word(first - 1, WordKind::like);
    const bool after_plus = first > 0 && is_word(first - 1, WordKind::plus_word);
    if (in_name || borrowed || after_plus) {
      i = j;
      continue;
    }
    std::string message = unknown_word_message(tokens[i].text);
    if (lookup && lookup(run_text(first, j)) != nullptr) {
      message = "unknown word '" + tokens[i].text + "' in movement phrase; to use the movement of the piece '" +
                run_text(first, j) + "', write '" + run_text(first, j) + " movement'";
    }
    result.errors.push_back(PhraseError{tokens[i].offset, std::string(kUnknownWord), std::move(message)});
  }
  if (!result.errors.empty()) return result;
  return EnglishParser(text, std::move(lexed.tokens), lookup).run();
}

}  // namespace koma::compiler::phrase
