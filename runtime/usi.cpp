// USI move text: printing in a spelling, and parsing into a legal move (malformed vs illegal).
#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <utility>
#include <vector>

#include "position.h"
#include "usi_square.h"

namespace koma {

namespace {

Error move_error(std::string code, std::string message) {
  return Error{std::move(code), std::move(message), 0};
}

}  // namespace

template <class C>
std::string BasicPosition<C>::square_text(int square) const {
  const std::size_t sq = static_cast<std::size_t>(square);
  return std::to_string(t_->file_of[sq]) + rank_letters(t_->rank_of[sq]);
}

template <class C>
std::string BasicPosition<C>::move_text(Move m, int dialect) const {
  const Tables& t = *t_;
  const std::vector<std::string>& tokens = t.spelling(dialect);
  if (m.is_drop()) return tokens[static_cast<std::size_t>(m.dropped())] + "*" + square_text(m.to());
  std::string out = square_text(m.from());
  for (int mid : middle_squares(m)) {
    if (mid != 0) out += square_text(mid);
  }
  out += square_text(m.to());
  if (m.changes_face()) {
    const int piece = cell_piece(board_[static_cast<std::size_t>(m.from())]);
    const int face = t.promotes_to[static_cast<std::size_t>(piece)];
    const ir::SuffixStyle style = t.suffix_style(dialect);
    out += style == ir::SuffixStyle::plus_on_change || tokens[static_cast<std::size_t>(face)][0] == '+' ? '+' : '-';
  }
  return out;
}

template <class C>
std::vector<Move> BasicPosition<C>::legal_moves() const {
  MoveList list;
  generate(list);
  std::vector<std::pair<std::string, Move>> keyed;
  keyed.reserve(list.size());
  for (Move m : list) keyed.emplace_back(move_text(m), m);
  std::sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first < b.first : a.second < b.second;
  });
  std::vector<Move> out;
  out.reserve(keyed.size());
  for (const auto& k : keyed) {
    if (out.empty() || !(out.back() == k.second)) out.push_back(k.second);
  }
  return out;
}

template <class C>
std::vector<std::string> BasicPosition<C>::legal_move_texts(int dialect) const {
  std::vector<std::string> texts;
  if (dialect == kNativeDialect) {
    // The native text is the sort key: write each once and sort the texts themselves.
    MoveList list;
    generate(list);
    texts.reserve(list.size());
    for (Move m : list) texts.push_back(move_text(m));
    std::sort(texts.begin(), texts.end());
    texts.erase(std::unique(texts.begin(), texts.end()), texts.end());
  } else {
    const std::vector<Move> moves = legal_moves();
    texts.reserve(moves.size());
    for (Move m : moves) texts.push_back(move_text(m, dialect));
  }
  return texts;
}

template <class C>
Result<Move> BasicPosition<C>::parse_move(std::string_view text, int dialect) const {
  Error error;
  if (dialect != kAnyDialect) {
    if (dialect < kNativeDialect || dialect >= static_cast<int>(variant_->rules().dialects.size())) {
      return move_error("move-bad-dialect", "unknown notation dialect");
    }
    const Move m = find_move(text, dialect, error);
    if (m.is_none()) return error;
    return m;
  }
  Error first;
  Move m = find_move(text, kNativeDialect, first);
  for (int d = 0; m.is_none() && d < static_cast<int>(variant_->rules().dialects.size()); ++d) {
    m = find_move(text, d, error);
  }
  if (m.is_none()) return first;
  return m;
}

template <class C>
bool BasicPosition<C>::passes_through(int from, int mid, int to) const {
  const Cell c = board_[static_cast<std::size_t>(from)];
  if (!is_piece(c)) return false;
  for (const LegPath& path : t_->moves[cell_side(c)][static_cast<std::size_t>(cell_piece(c))].legs) {
    if (from + path.first == mid && mid + path.second == to) return true;
  }
  return false;
}

/// move   := square [square [square]] square [suffix] | token '*' square
/// square := file-number rank-letter
template <class C>
Move BasicPosition<C>::find_move(std::string_view text, int dialect, Error& error) const {
  const Tables& t = *t_;
  const std::string quoted_text = quoted(text);
  auto malformed = [&](const std::string& why) {
    error = move_error("move-malformed", quoted_text + " is not a move: " + why);
    return Move();
  };
  std::size_t i = 0;
  // Reads a square at i; returns its cell or -1.
  auto read_square = [&]() -> int {
    return read_usi_square(*variant_, text, i);
  };
  MoveList list;
  generate(list);
  const std::size_t star = text.find('*');
  if (star != std::string_view::npos) {
    std::string tok(text.substr(0, star));
    const std::vector<std::string>& tokens = t.spelling(dialect);
    const auto it = std::find(tokens.begin(), tokens.end(), tok);
    if (it == tokens.end()) return malformed(quoted(tok) + " is not a piece letter");
    i = star + 1;
    const int to = read_square();
    if (to < 0 || i != text.size()) return malformed("the square after '*' is not on the board");
    const Move m = Move::drop(static_cast<int>(it - tokens.begin()), to);
    if (std::find(list.begin(), list.end(), m) != list.end()) return m;
    error = move_error("move-illegal", quoted_text + " is not legal here: that piece cannot be dropped there");
    return Move();
  }
  const int from = read_square();
  int to = from < 0 ? -1 : read_square();
  // A two-leg move names its middle square between the other two ("5f5e5d"), a three-leg move
  // its two middle squares ("5f5e5d5c").
  std::array<int, 2> mids{};
  for (int& m : mids) {
    if (to < 0 || i >= text.size() || !std::isdigit(static_cast<unsigned char>(text[i]))) break;
    m = to;
    to = read_square();
  }
  const int mid = mids[0];
  if (from < 0 || to < 0) return malformed("expected two squares of this board such as '7g7f'");
  // Every byte after the squares counts: a NUL is text, not the end of it.
  const bool has_suffix = i < text.size();
  const char suffix = has_suffix ? text[i++] : '\0';
  const ir::SuffixStyle style = t.suffix_style(dialect);
  if (i != text.size() || (has_suffix && suffix != '+' && !(suffix == '-' && style == ir::SuffixStyle::plus_minus))) {
    return malformed("unexpected text after the squares");
  }
  // What a move takes on the way: the pieces on its middle squares but its last, in square order.
  const auto taken = [&](std::array<int, 2> squares) {
    for (int& sq : squares) {
      if (sq == to || (sq != 0 && board_[static_cast<std::size_t>(sq)] == kEmpty)) sq = 0;
    }
    std::sort(squares.begin(), squares.end());
    return squares;
  };
  const std::array<int, 2> named = taken(mids);
  // A middle square where nothing is taken names a plain move or the piece's one pass, when
  // the piece can step through it; two such squares name them too. A three-leg move is named
  // by what it takes, whichever way it goes.
  const bool quiet_mid = mid != 0 && named[1] == 0 && (mids[1] != 0 || passes_through(from, mid, to));
  bool any = false;
  for (Move m : list) {
    if (m.is_drop() || m.from() != from || m.to() != to) continue;
    const bool three = m.is_three_legs();
    const bool plain = !m.has_mid() || (!three && m.mid() == m.from());
    // A pass is the move back to the origin that takes nothing on the way (not an igui).
    const bool pass = from == to && !three && m.has_mid() && board_[static_cast<std::size_t>(m.mid())] == kEmpty;
    const bool same = three || mids[1] != 0 ? !plain && taken(middle_squares(m)) == named : m.mid() == mid;
    if (mid != 0 && !(quiet_mid ? plain || pass : same)) continue;
    if (mid == 0 && (!plain || from == to)) continue;
    any = true;
    if (m.changes_face() != has_suffix) continue;
    if (has_suffix && move_text(m, dialect).back() != suffix) continue;
    return m;
  }
  error = move_error("move-illegal", quoted_text + (any ? " is not legal here: the piece may not move there with that "
                                                     "face change"
                                                   : " is not legal here: no piece of the side to move can go "
                                                     "there"));
  return Move();
}

// The members above at both cell widths.
template std::string BasicPosition<std::uint8_t>::square_text(int square) const;
template std::string BasicPosition<std::uint8_t>::move_text(Move m, int dialect) const;
template std::vector<Move> BasicPosition<std::uint8_t>::legal_moves() const;
template std::vector<std::string> BasicPosition<std::uint8_t>::legal_move_texts(int dialect) const;
template Result<Move> BasicPosition<std::uint8_t>::parse_move(std::string_view text, int dialect) const;
template bool BasicPosition<std::uint8_t>::passes_through(int from, int mid, int to) const;
template Move BasicPosition<std::uint8_t>::find_move(std::string_view text, int dialect, Error& error) const;
template std::string BasicPosition<std::uint16_t>::square_text(int square) const;
template std::string BasicPosition<std::uint16_t>::move_text(Move m, int dialect) const;
template std::vector<Move> BasicPosition<std::uint16_t>::legal_moves() const;
template std::vector<std::string> BasicPosition<std::uint16_t>::legal_move_texts(int dialect) const;
template Result<Move> BasicPosition<std::uint16_t>::parse_move(std::string_view text, int dialect) const;
template bool BasicPosition<std::uint16_t>::passes_through(int from, int mid, int to) const;
template Move BasicPosition<std::uint16_t>::find_move(std::string_view text, int dialect, Error& error) const;

}  // namespace koma
