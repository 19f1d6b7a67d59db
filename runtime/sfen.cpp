// SFEN: strict parsing (errors as values with code and offset) and canonical printing.
#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ir/piece_token.h"
#include "position.h"
#include "position_edit.h"
#include "usi_square.h"

namespace koma {

namespace {

Error sfen_error(std::string code, std::string message, std::size_t offset) {
  return Error{std::move(code), std::move(message), offset};
}

/// The piece whose token (uppercased) is `tok`, or -1.
int piece_of_token(const std::vector<std::string>& tokens, const std::string& tok) {
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i] == tok) return static_cast<int>(i);
  }
  return -1;
}

std::string to_lower(std::string s) {
  for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

/// Hand letter of hand piece `p` in a spelling: its own token when it has no '+', else the
/// token of the other face of its pair.
std::string hand_token(const Tables& t, const std::vector<std::string>& tokens, int p) {
  const std::string& own = tokens[static_cast<std::size_t>(p)];
  const int other = t.promotes_to[static_cast<std::size_t>(p)];
  if (own[0] == '+' && other >= 0 && tokens[static_cast<std::size_t>(other)][0] != '+') {
    return tokens[static_cast<std::size_t>(other)];
  }
  return own;
}

/// Per piece type, its kind: the lowest id among the piece type and every face it can turn
/// into by promotion, flip or capture (the base face, or the piece a capture puts in hand).
std::array<int, kMaxPieceTypes> piece_kinds(const Tables& t) {
  std::array<int, kMaxPieceTypes> kind{};
  for (int p = 0; p < t.piece_count; ++p) kind[static_cast<std::size_t>(p)] = p;
  const auto find = [&](int p) {
    while (kind[static_cast<std::size_t>(p)] != p) p = kind[static_cast<std::size_t>(p)];
    return p;
  };
  const auto join = [&](int a, int b) {
    if (b >= 0 && b < t.piece_count) kind[static_cast<std::size_t>(find(a))] = find(b);
  };
  for (int p = 0; p < t.piece_count; ++p) {
    join(p, t.promotes_to[static_cast<std::size_t>(p)]);
    join(p, t.base[static_cast<std::size_t>(p)]);
    join(p, t.to_hand[static_cast<std::size_t>(p)]);
  }
  std::array<int, kMaxPieceTypes> lowest{};
  lowest.fill(kMaxPieceTypes);
  for (int p = 0; p < t.piece_count; ++p) {
    int& low = lowest[static_cast<std::size_t>(find(p))];
    low = std::min(low, p);
  }
  std::array<int, kMaxPieceTypes> out{};
  for (int p = 0; p < t.piece_count; ++p) out[static_cast<std::size_t>(p)] = lowest[static_cast<std::size_t>(find(p))];
  return out;
}

/// Per kind, the pieces of that kind on the board and in both hands.
template <class P>
std::array<int, kMaxPieceTypes> kind_counts(const Tables& t, const std::array<int, kMaxPieceTypes>& kind,
                                            const P& position) {
  std::array<int, kMaxPieceTypes> count{};
  for (int sq : t.squares) {
    const auto c = position.at(sq);
    if (is_piece(c)) ++count[static_cast<std::size_t>(kind[static_cast<std::size_t>(cell_piece(c))])];
  }
  for (int side = 0; side < 2; ++side) {
    for (int p = 0; p < t.piece_count; ++p) {
      count[static_cast<std::size_t>(kind[static_cast<std::size_t>(p)])] += position.hand_count(side, p);
    }
  }
  return count;
}

/// The first kind whose count passes its limit, as an sfen-too-many-pieces error.
std::optional<Error> kind_over(const Tables& t, const std::array<int, kMaxPieceTypes>& count,
                               const std::array<int, kMaxPieceTypes>& limit, const std::string& why) {
  for (int p = 0; p < t.piece_count; ++p) {
    const std::size_t k = static_cast<std::size_t>(p);
    if (count[k] > limit[k]) {
      return sfen_error("sfen-too-many-pieces",
                        "the position has " + std::to_string(count[k]) + " pieces of the kind of '" +
                            t.tokens[0][k] + "' (with its other faces, on the board and in hand) but " + why +
                            " " + std::to_string(limit[k]),
                        0);
    }
  }
  return std::nullopt;
}

/// The royal piece every position of a variant has: a side that starts with one still has
/// one where royals may be captured (a side without one has lost: a finished game's position).
template <class C>
std::optional<Error> check_royals(const Variant& variant, const std::vector<std::pair<int, C>>& placed) {
  const Tables& t = variant.tables();
  const ir::RuleSet& rules = variant.rules();
  if (t.royal_in_check != ir::RoyalInCheck::illegal) return std::nullopt;
  std::array<bool, 2> start_royal{}, royal{};
  for (const ir::Placement& p : rules.setup.placements) {
    if (t.royal[p.piece]) start_royal[static_cast<std::size_t>(p.side)] = true;
  }
  for (const auto& [square, cell] : placed) {
    if (t.royal[static_cast<std::size_t>(cell_piece(cell))]) royal[static_cast<std::size_t>(cell_side(cell))] = true;
  }
  for (int side = 0; side < 2; ++side) {
    if (start_royal[static_cast<std::size_t>(side)] && !royal[static_cast<std::size_t>(side)]) {
      return sfen_error("sfen-missing-royal", rules.meta.side_names[side] +
                                                  " has no royal piece; every position of this variant has one per side",
                        0);
    }
  }
  return std::nullopt;
}

}  // namespace

template <class C>
Result<bool> BasicPosition<C>::set_sfen(std::string_view text, int dialect) {
  if (dialect != kAnyDialect) return parse_sfen(text, dialect);
  Result<bool> first = parse_sfen(text, kNativeDialect);
  if (first.ok()) return first;
  for (int d = 0; d < static_cast<int>(variant_->rules().dialects.size()); ++d) {
    Result<bool> r = parse_sfen(text, d);
    if (r.ok()) return r;
  }
  return first;
}

/// sfen   := board ' ' side ' ' hands [' ' number]
/// board  := rank ('/' rank){ranks-1};  rank := (count | ['+'] letter marks)*
/// hands  := '-' | ([count] letter marks)+;  marks := (''' | '!'){0,3} (ir/piece_token.h)
template <class C>
Result<bool> BasicPosition<C>::parse_sfen(std::string_view text, int dialect) {
  const Tables& t = *t_;
  if (dialect < kNativeDialect || dialect >= static_cast<int>(variant_->rules().dialects.size())) {
    return sfen_error("sfen-bad-dialect", "unknown notation dialect", 0);
  }
  const std::vector<std::string>& tokens = t.spelling(dialect);
  std::vector<std::pair<std::size_t, std::size_t>> fields;  // offset, length
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == ' ') {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    fields.emplace_back(i, j - i);
    i = j;
  }
  if (fields.size() < 3 || fields.size() > 4) {
    return sfen_error("sfen-fields", "an SFEN has 3 or 4 fields (board, side, hands, move number); " +
                                         quoted(text) + " has " + std::to_string(fields.size()),
                      0);
  }
  auto field = [&](std::size_t k) { return text.substr(fields[k].first, fields[k].second); };

  // Board.
  std::vector<std::pair<int, Cell>> placed;
  const std::string_view board = field(0);
  int rank = 1, file = t.files;
  std::size_t rank_start = 0;
  int royals[2] = {0, 0};
  auto finish_rank = [&](std::size_t at) -> std::optional<Error> {
    if (file != 0) {
      return sfen_error("sfen-bad-rank", "rank " + std::to_string(rank) + " " +
                                             quoted(board.substr(rank_start, at - rank_start)) +
                                             " does not fill " + std::to_string(t.files) + " files",
                        rank_start);
    }
    return std::nullopt;
  };
  for (std::size_t i = 0; i < board.size();) {
    const char ch = board[i];
    if (ch == '/') {
      if (auto e = finish_rank(i)) return *e;
      if (++rank > t.ranks) {
        return sfen_error("sfen-bad-rank", "the board has more than " + std::to_string(t.ranks) + " ranks", i);
      }
      file = t.files;
      rank_start = ++i;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(ch))) {
      std::size_t j = i;
      int n = 0;
      while (j < board.size() && std::isdigit(static_cast<unsigned char>(board[j]))) {
        n = std::min(n * 10 + (board[j] - '0'), kMaxBoardSide + 1);
        ++j;
      }
      if (n == 0 || n > file) {
        return sfen_error("sfen-bad-rank", "rank " + std::to_string(rank) + " has " +
                                               (n == 0 ? "an empty run" : "too many squares") + " at " +
                                               quoted(board.substr(i, j - i)),
                          i);
      }
      file -= n;
      i = j;
      continue;
    }
    std::size_t j = i + (ch == '+' ? 1 : 0);
    if (j >= board.size() || !std::isalpha(static_cast<unsigned char>(board[j]))) {
      return sfen_error("sfen-bad-piece",
                        quoted(board.substr(i, std::min(j + 1, board.size()) - i)) + " is not a piece", i);
    }
    const bool gote = std::islower(static_cast<unsigned char>(board[j])) != 0;
    const std::size_t end = ir::token_end(board, j);
    std::string tok(board.substr(i, end - i));
    for (char& c : tok) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    const int piece = piece_of_token(tokens, tok);
    if (piece < 0) {
      return sfen_error("sfen-bad-piece", quoted(board.substr(i, end - i)) + " is not a piece of this variant", i);
    }
    if (file == 0) {
      return sfen_error("sfen-bad-rank", "rank " + std::to_string(rank) + " has more than " +
                                             std::to_string(t.files) + " squares", i);
    }
    const int side = gote ? 1 : 0;
    if (t.royal[static_cast<std::size_t>(piece)] && ++royals[side] > t.max_royals) {
      return sfen_error("sfen-too-many-royals", std::string(gote ? "gote" : "sente") +
                                                    " has more than " + std::to_string(t.max_royals) +
                                                    (t.max_royals == 1 ? " royal piece" : " royal pieces"), i);
    }
    placed.emplace_back(variant_->square(file, rank), make_cell(side, piece));
    --file;
    i = end;
  }
  if (auto e = finish_rank(board.size())) return *e;
  if (rank != t.ranks) {
    return sfen_error("sfen-bad-rank", "the board has " + std::to_string(rank) + " ranks instead of " +
                                           std::to_string(t.ranks), board.size());
  }

  // Side to move.
  const std::string_view side_text = field(1);
  if (side_text != "b" && side_text != "w") {
    return sfen_error("sfen-bad-side", "the side to move is 'b' or 'w', not " + quoted(side_text),
                      fields[1].first);
  }

  // Hands, or the trading rules' square in a variant that has them (and no hands).
  std::array<std::uint16_t, 2 * kMaxPieceTypes> hand{};
  const std::string_view hands = field(2);
  int trade = 0;
  if (t.has_trade && hands != "-") {
    std::size_t at = 0;
    // The square may be empty: a two-leg move that took a traded piece on its first leg went on.
    trade = read_usi_square(*variant_, hands, at);
    if (trade < 0 || at != hands.size()) {
      return sfen_error("sfen-bad-hand", "the third field is '-' or the square where the side that has just "
                                         "moved took a traded piece, not " + quoted(hands),
                        fields[2].first);
    }
  } else if (hands != "-") {
    for (std::size_t i = 0; i < hands.size();) {
      const std::size_t start = i;
      int count = 0;
      bool has_count = false;
      while (i < hands.size() && std::isdigit(static_cast<unsigned char>(hands[i]))) {
        count = std::min(count * 10 + (hands[i] - '0'), kMaxHandCount + 1);
        has_count = true;
        ++i;
      }
      const std::size_t off = fields[2].first + start;
      const std::string_view token = hands.substr(start, i + 1 - start);
      if (has_count && count > kMaxHandCount) {
        return sfen_error("sfen-bad-hand", quoted(token) + ": a hand holds at most " +
                                               std::to_string(kMaxHandCount) + " pieces of one kind", off);
      }
      if (i >= hands.size() || !std::isalpha(static_cast<unsigned char>(hands[i])) ||
          (has_count && count < 1)) {
        return sfen_error("sfen-bad-hand", quoted(token) + " is not a count and a piece letter", off);
      }
      const bool gote = std::islower(static_cast<unsigned char>(hands[i])) != 0;
      const std::size_t end = ir::token_end(hands, i);
      std::string tok(hands.substr(i, end - i));
      tok[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(tok[0])));
      const int piece = piece_of_token(tokens, tok);
      if (piece < 0 || t.royal[static_cast<std::size_t>(piece)]) {
        return sfen_error("sfen-bad-hand", quoted(hands.substr(i, end - i)) + " cannot be in hand", off);
      }
      const std::size_t k = idx(gote ? 1 : 0, t.base[static_cast<std::size_t>(piece)]);
      const int total = hand[k] + (has_count ? count : 1);
      if (total > kMaxHandCount) {
        return sfen_error("sfen-bad-hand",
                          "more than " + std::to_string(kMaxHandCount) + " pieces of one kind in hand", off);
      }
      hand[k] = static_cast<std::uint16_t>(total);
      i = end;
    }
  }

  // Move number.
  int number = 1;
  if (fields.size() == 4) {
    const std::string_view num = field(3);
    number = 0;
    for (char ch : num) {
      if (!std::isdigit(static_cast<unsigned char>(ch)) || number > 100000000) {
        number = 0;
        break;
      }
      number = number * 10 + (ch - '0');
    }
    if (number < 1) {
      return sfen_error("sfen-bad-move-number", "the move number is a positive integer, not " +
                                                    quoted(num), fields[3].first);
    }
  }

  if (auto e = check_royals(*variant_, placed)) return *e;

  // Built aside and moved in only when valid, so that an error leaves this position unchanged.
  BasicPosition next(variant_);
  next.clear();
  for (const auto& [sq, cell] : placed) next.put(sq, cell);
  next.side_ = side_text == "w" ? 1 : 0;
  if (auto e = next.check_side_not_to_move()) {
    return sfen_error("sfen-royal-capturable", e->message, fields[1].first);
  }
  for (int side = 0; side < 2; ++side) {
    for (int p = 0; p < t.piece_count; ++p) {
      if (hand[idx(side, p)] != 0) next.add_hand(side, p, hand[idx(side, p)]);
    }
  }
  if (auto e = next.check_material_limit()) return *e;
  next.move_number_ = number;
  next.sets_.mode = sets_.mode;
  next.trade_ = trade;
  next.hash_ = next.compute_hash();
  next.start_records();
  *this = std::move(next);
  return true;
}

template <class C>
std::optional<Error> BasicPosition<C>::check_material_limit() const {
  const auto kind = piece_kinds(*t_);
  std::array<int, kMaxPieceTypes> limit{};
  limit.fill(kMaxKindCount);
  return kind_over(*t_, kind_counts(*t_, kind, *this), limit, "a position holds at most");
}

template <class C>
std::optional<Error> BasicPosition<C>::check_start_material() const {
  const Tables& t = *t_;
  const auto kind = piece_kinds(t);
  std::array<int, kMaxPieceTypes> start{};
  const ir::Setup& setup = variant_->rules().setup;
  for (const ir::Placement& p : setup.placements) ++start[static_cast<std::size_t>(kind[p.piece])];
  for (const auto& side_hand : setup.hands) {
    for (const ir::HandCount& h : side_hand) start[static_cast<std::size_t>(kind[h.piece])] += h.count;
  }
  return kind_over(t, kind_counts(t, kind, *this), start, "no rule creates pieces and the game starts with");
}

template <class C>
std::string BasicPosition<C>::sfen(int dialect) const {
  const Tables& t = *t_;
  const std::vector<std::string>& tokens = t.spelling(dialect);
  std::string out;
  for (int rank = 1; rank <= t.ranks; ++rank) {
    if (rank > 1) out += '/';
    int empty = 0;
    for (int file = t.files; file >= 1; --file) {
      const Cell c = board_[static_cast<std::size_t>(variant_->square(file, rank))];
      if (c == kEmpty) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty), empty = 0;
      const std::string& tok = tokens[static_cast<std::size_t>(cell_piece(c))];
      out += cell_side(c) ? to_lower(tok) : tok;
    }
    if (empty) out += std::to_string(empty);
  }
  out += side_ ? " w " : " b ";
  std::string hands;
  static constexpr std::string_view kOrder = "RBGSNLP";
  for (int side = 0; side < 2; ++side) {
    std::vector<std::pair<int, std::string>> items;  // sort key, text
    for (int p = 0; p < t.piece_count; ++p) {
      const int n = hand_[idx(side, p)];
      if (n == 0) continue;
      const std::string tok = hand_token(t, tokens, p);
      const std::size_t pos = tok.size() == 1 ? kOrder.find(tok[0]) : std::string_view::npos;
      const int key = pos != std::string_view::npos ? static_cast<int>(pos) : static_cast<int>(kOrder.size()) + p;
      items.emplace_back(key, (n > 1 ? std::to_string(n) : "") + (side ? to_lower(tok) : tok));
    }
    std::sort(items.begin(), items.end());
    for (const auto& item : items) hands += item.second;
  }
  if (t.has_trade && trade_ != 0) hands = square_text(trade_);
  out += hands.empty() ? "-" : hands;
  out += ' ';
  out += std::to_string(move_number_);
  return out;
}

// The members above at both cell widths.
template Result<bool> BasicPosition<std::uint8_t>::set_sfen(std::string_view text, int dialect);
template Result<bool> BasicPosition<std::uint8_t>::parse_sfen(std::string_view text, int dialect);
template std::optional<Error> BasicPosition<std::uint8_t>::check_material_limit() const;
template std::optional<Error> BasicPosition<std::uint8_t>::check_start_material() const;
template std::string BasicPosition<std::uint8_t>::sfen(int dialect) const;
template Result<bool> BasicPosition<std::uint16_t>::set_sfen(std::string_view text, int dialect);
template Result<bool> BasicPosition<std::uint16_t>::parse_sfen(std::string_view text, int dialect);
template std::optional<Error> BasicPosition<std::uint16_t>::check_material_limit() const;
template std::optional<Error> BasicPosition<std::uint16_t>::check_start_material() const;
template std::string BasicPosition<std::uint16_t>::sfen(int dialect) const;

}  // namespace koma
