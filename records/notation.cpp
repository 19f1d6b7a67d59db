// Japanese and Western notation of the moves of any variant, and Japanese notation read back.
// Two pieces are of a kind when they have one name (Japanese) or one token (Western); a piece
// "could go" to a square when its own movement reaches it with the check rule left aside, as
// record readers take it, or when a legal move takes it there.
#include "notation.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <set>
#include <utility>

#include "concat.h"
#include "notation_tables.h"
#include "usi_square.h"

namespace koma::records {

namespace {

constexpr std::string_view kWideDigits[] = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
constexpr std::string_view kKanjiDigits[] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};

/// A number in kanji, as ranks are written: 一..九, 十, 十一..十九.
std::string kanji_number(int n) {
  if (n < 10) return std::string(kKanjiDigits[n]);
  return concat({n >= 20 ? kKanjiDigits[n / 10] : "", "十", kKanjiDigits[n % 10]});
}

/// A number in full-width digits ("７", "１２").
std::string wide_number(int n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (const char c : digits) out += kWideDigits[c - '0'];
  return out;
}

struct Place {
  int file = 0, rank = 0;
};

Place place(const Position& p, int square) {
  const Tables& t = p.variant().tables();
  return {t.file_of[static_cast<std::size_t>(square)], t.rank_of[static_cast<std::size_t>(square)]};
}

/// ７六: the square in full-width digits and kanji.
std::string japanese_square(const Position& p, int square) {
  const Place at = place(p, square);
  return wide_number(at.file) + kanji_number(at.rank);
}

/// How far a move goes towards the far side, as its mover sees it (>0 上, <0 引, 0 寄).
int forward_of(const Position& p, int side, int from, int to) {
  const int d = place(p, from).rank - place(p, to).rank;
  return side == 0 ? d : -d;
}

/// How far to the right a square lies, as `side` sees the board (file 1 is sente's right).
int rightness(const Position& p, int side, int square) {
  const int file = place(p, square).file;
  return side == 0 ? -file : file;
}

/// Whether the piece on `from` reaches `to` by its own movement, the check rule aside.
bool reaches(const Position& p, int from, int to) {
  const Cell mover = p.at(from);
  const int side = cell_side(mover);
  const ir::PieceType& type = p.variant().rules().pieces[static_cast<std::size_t>(cell_piece(mover))];
  const Place a = place(p, from);
  const int sign = side == 0 ? -1 : 1;
  auto fits = [&](int sq, ir::AtomMode mode) {
    const Cell c = p.at(sq);
    if (!is_piece(c)) return mode != ir::AtomMode::capture_only;
    return cell_side(c) != side && mode != ir::AtomMode::move_only;
  };
  for (const ir::MoveAtom& atom : type.moves) {
    const int df = sign * atom.delta.right, dr = sign * atom.delta.forward;
    const int range = atom.kind == ir::AtomKind::leap ? 1 : atom.max_range == 0 ? 64 : atom.max_range;
    for (int k = 1; k <= range; ++k) {
      const int sq = p.variant().square(a.file + k * df, a.rank + k * dr);
      if (sq < 0) break;
      if (sq == to) {
        if (fits(sq, atom.mode)) return true;
        break;
      }
      if (is_piece(p.at(sq))) break;
    }
  }
  return false;
}

/// Whether the piece type moves by leaps only (a gold or a silver: 直 is its word).
bool leaps_only(const Position& p, int piece) {
  for (const ir::MoveAtom& atom : p.variant().rules().pieces[static_cast<std::size_t>(piece)].moves) {
    if (atom.kind == ir::AtomKind::slide) return false;
  }
  return true;
}

/// A two-leg move (its first leg ends on mid), not a one-leg move marked with its origin.
bool two_legs(Move m) { return !m.is_drop() && m.has_mid() && !m.is_three_legs() && m.mid() != m.from(); }

/// A move of two legs or three.
bool legs_move(Move m) { return two_legs(m) || m.is_three_legs(); }

/// The pieces on `squares` (0: none) but `to`, in square order: what a move through them to
/// `to` takes on the way.
std::array<int, 2> taken_on(const Position& p, std::array<int, 2> squares, int to) {
  for (int& sq : squares) {
    if (sq == to || (sq != 0 && !is_piece(p.at(sq)))) sq = 0;
  }
  std::sort(squares.begin(), squares.end());
  return squares;
}

/// Whether the legal move `m` goes through two middle squares `a` and `b` to `to`: a move of
/// several legs taking what they hold (a three-leg move is named by what it takes).
bool three_steps_fit(const Position& p, Move m, int a, int b, int to) {
  const std::array<int, 2> named = taken_on(p, {a, b}, to);
  return !m.is_drop() && m.to() == to && legs_move(m) && named[1] != 0 && taken_on(p, p.middle_squares(m), to) == named;
}

/// An igui: a capture on the first leg and back to the origin, the piece not moving.
bool igui(const Position& p, Move m) { return two_legs(m) && m.to() == m.from() && is_piece(p.at(m.mid())); }

/// Whether two squares touch (a king's step apart).
bool touching(const Position& p, int a, int b) {
  const Place x = place(p, a), y = place(p, b);
  return a != b && std::abs(x.file - y.file) <= 1 && std::abs(x.rank - y.rank) <= 1;
}

/// Whether the legal move `m` is what two steps through `mid` to `to` say: the two-leg move, a
/// pass through any empty square beside the piece, or, through an empty square, the one-leg
/// move there (where the way does not matter).
bool steps_fit(const Position& p, Move m, int mid, int to) {
  if (m.is_drop() || m.to() != to || m.is_three_legs()) return false;
  const bool quiet = !is_piece(p.at(mid)) && touching(p, m.from(), mid) && (to == m.from() || touching(p, mid, to));
  if (!two_legs(m)) return quiet && to != m.from();
  const bool pass = m.to() == m.from() && !is_piece(p.at(m.mid()));
  return m.mid() == mid || (pass && quiet);
}

/// Whether `a` and `b` go the same way (origin, middle square of two legs, target), whatever
/// their faces and whether a one-leg move is marked with its origin.
bool same_path(Move a, Move b) {
  if (a.is_three_legs() || b.is_three_legs()) {
    return a.is_three_legs() && b.is_three_legs() && a.from() == b.from() && a.to() == b.to() &&
           a.first_step() == b.first_step() && a.second_step() == b.second_step();
  }
  return !a.is_drop() && !b.is_drop() && a.from() == b.from() && a.to() == b.to() && two_legs(a) == two_legs(b) &&
         (!two_legs(a) || a.mid() == b.mid());
}

/// The squares of the mover's pieces of one kind (`kind` says which piece types are) that could
/// go to `to`: by a legal board move, or by their own movement.
std::vector<int> could_go(const Position& p, const std::vector<Move>& legal, int to,
                          const std::vector<bool>& kind) {
  std::set<int> from;
  const int side = static_cast<int>(p.side_to_move());
  for (const Move m : legal) {
    if (!m.is_drop() && m.to() == to && kind[static_cast<std::size_t>(cell_piece(p.at(m.from())))]) from.insert(m.from());
  }
  for (const int sq : p.variant().tables().squares) {
    const Cell c = p.at(sq);
    if (is_piece(c) && cell_side(c) == side && kind[static_cast<std::size_t>(cell_piece(c))] && reaches(p, sq, to)) {
      from.insert(sq);
    }
  }
  return {from.begin(), from.end()};
}

/// The squares among `from` that the words 右左中直上引寄 (in `words`, any order) leave for a
/// move to `to` by `side`: the move's direction first, then the place among those left.
std::vector<int> narrow(const Position& p, int side, int to, std::vector<int> from, std::string_view words) {
  auto has = [&](std::string_view w) { return words.find(w) != std::string_view::npos; };
  auto keep = [&](auto pred) {
    std::vector<int> out;
    for (const int sq : from) {
      if (pred(sq)) out.push_back(sq);
    }
    from = out;
  };
  if (has("上") || has("行") || has("入")) keep([&](int sq) { return forward_of(p, side, sq, to) > 0; });
  if (has("引")) keep([&](int sq) { return forward_of(p, side, sq, to) < 0; });
  if (has("寄")) keep([&](int sq) { return forward_of(p, side, sq, to) == 0; });
  if (has("直")) {
    keep([&](int sq) { return place(p, sq).file == place(p, to).file && forward_of(p, side, sq, to) > 0; });
  }
  if (from.empty() || !(has("右") || has("左") || has("中"))) return from;
  int most = rightness(p, side, from[0]), least = most;
  for (const int sq : from) {
    most = std::max(most, rightness(p, side, sq));
    least = std::min(least, rightness(p, side, sq));
  }
  if (has("右")) keep([&](int sq) { return rightness(p, side, sq) == most; });
  if (has("左")) keep([&](int sq) { return rightness(p, side, sq) == least; });
  if (has("中")) keep([&](int sq) { return rightness(p, side, sq) != most && rightness(p, side, sq) != least; });
  return from;
}

/// The JSA words that single out the piece on `from` among `rivals` (which hold it): the
/// direction, else 直 for a leaper's straight step forward, else the place, else both (右上).
std::string jsa_words(const Position& p, int from, int to, const std::vector<int>& rivals) {
  if (rivals.size() < 2) return "";
  const int side = static_cast<int>(p.side_to_move());
  const int forward = forward_of(p, side, from, to);
  const std::string_view direction = forward > 0 ? "上" : forward < 0 ? "引" : "寄";
  auto alone = [&](std::string_view words) {
    const std::vector<int> left = narrow(p, side, to, rivals, words);
    return left.size() == 1 && left[0] == from;
  };
  if (alone(direction)) return std::string(direction);
  if (leaps_only(p, cell_piece(p.at(from))) && alone("直")) return "直";
  for (const std::string_view place_word : {"右", "左", "中"}) {
    if (alone(place_word)) return std::string(place_word);
  }
  for (const std::string_view place_word : {"右", "左", "中"}) {
    if (alone(concat({place_word, direction}))) return concat({place_word, direction});
  }
  return concat({"中", direction});
}

/// Which piece types share the name of piece type `piece`.
std::vector<bool> same_name(const std::vector<std::string>& names, int piece) {
  std::vector<bool> kind(names.size());
  for (std::size_t i = 0; i < names.size(); ++i) {
    kind[i] = !names[i].empty() && names[i] == names[static_cast<std::size_t>(piece)];
  }
  return kind;
}

/// Every legal move once, in no order the caller may rely on: legal_moves() without writing
/// and sorting every move's text, for lookups that do not depend on order.
std::vector<Move> legal_set(const Position& p) {
  MoveList list;
  p.generate(list);
  std::vector<Move> out(list.begin(), list.end());
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

/// The word after a board move: 成 for a promotion, 不成 for a declined one, else nothing.
/// A face change that is no one-way promotion and could not be declined goes unsaid.
std::string_view promotion_word(const Position& p, const std::vector<Move>& legal, Move m, std::string_view yes,
                                std::string_view no) {
  const bool choice = std::any_of(legal.begin(), legal.end(), [&](Move other) {
    return same_path(m, other) && other.changes_face() != m.changes_face();
  });
  const ir::PieceType& type = p.variant().rules().pieces[static_cast<std::size_t>(cell_piece(p.at(m.from())))];
  if (m.changes_face()) return choice || ir::promotes_one_way(type.promotion) ? yes : "";
  return choice ? no : "";
}

/// The sign of the side to move.
std::string_view sign_of(SideSigns signs, ir::Side side) {
  const bool sente = side == ir::Side::sente;
  switch (signs) {
    case SideSigns::pieces: return sente ? "☗" : "☖";
    case SideSigns::triangles: return sente ? "▲" : "△";
    case SideSigns::none: return "";
  }
  return "";
}

}  // namespace

std::vector<std::string> japanese_names(const Variant& variant) {
  const std::vector<std::string>& tokens = variant.tables().spelling(kNativeDialect);
  std::vector<std::string> names;
  for (std::size_t i = 0; i < variant.rules().pieces.size(); ++i) {
    const std::string& native = variant.rules().pieces[i].native_name;
    std::vector<std::string> options;
    for (std::size_t start = 0; start <= native.size();) {
      const std::size_t slash = std::min(native.find('/', start), native.size());
      if (slash > start) options.push_back(native.substr(start, slash - start));
      start = slash + 1;
    }
    std::string name = options.empty() ? "" : options[0];
    // Of alternatives, the one KIF writes first for the piece's letter (玉 of 王/玉).
    for (const FormatName& f : kKifNames) {
      if (f.usi != tokens[i]) continue;
      if (std::find(options.begin(), options.end(), f.name) != options.end()) {
        name = std::string(f.name);
        break;
      }
    }
    names.push_back(name);
  }
  return names;
}

Result<std::string> japanese_move(const Position& position, Move move, int previous_to, SideSigns signs) {
  const std::vector<std::string> names = japanese_names(position.variant());
  const int piece = move.is_drop() ? move.dropped() : cell_piece(position.at(move.from()));
  const std::string& name = names[static_cast<std::size_t>(piece)];
  if (name.empty()) {
    const ir::PieceType& type = position.variant().rules().pieces[static_cast<std::size_t>(piece)];
    return Error{"notation-no-japanese-name",
                 concat({"the piece '", type.name, "' (", type.symbol, ") has no Japanese name to write the move in"}), 0};
  }
  const std::vector<Move> legal = legal_set(position);
  const std::vector<bool> kind = same_name(names, piece);
  std::string text(sign_of(signs, position.side_to_move()));
  const std::vector<int> rivals = could_go(position, legal, move.to(), kind);
  if (legs_move(move)) {
    for (int mid : position.middle_squares(move)) {
      if (mid != 0) text += concat({japanese_square(position, mid), "・"});
    }
    return concat({text, japanese_square(position, move.to()), name,
                   jsa_words(position, move.from(), move.to(), rivals), promotion_word(position, legal, move, "成", "不成")});
  }
  text += move.to() == previous_to ? "同　" : japanese_square(position, move.to());
  text += name;
  if (move.is_drop()) {
    // A drop names only the piece: another type of the name droppable there is told apart by none.
    for (const Move m : legal) {
      if (m.is_drop() && m.to() == move.to() && m.dropped() != move.dropped() && kind[static_cast<std::size_t>(m.dropped())]) {
        const auto& pieces = position.variant().rules().pieces;
        return Error{"notation-ambiguous-name",
                     concat({"a drop of '", pieces[static_cast<std::size_t>(piece)].name, "' reads as one of '",
                             pieces[static_cast<std::size_t>(m.dropped())].name, "' too: both are named ", name}),
                     0};
      }
    }
    return text + (rivals.empty() ? "" : "打");
  }
  return concat({text, jsa_words(position, move.from(), move.to(), rivals),
                 promotion_word(position, legal, move, "成", "不成")});
}

std::string western_move(const Position& position, Move move) {
  const std::vector<std::string>& tokens = position.variant().tables().spelling(kNativeDialect);
  if (move.is_drop()) {
    return concat({tokens[static_cast<std::size_t>(move.dropped())], "*", position.square_text(move.to())});
  }
  const int piece = cell_piece(position.at(move.from()));
  const std::vector<Move> legal = legal_set(position);
  std::vector<bool> kind(tokens.size());
  kind[static_cast<std::size_t>(piece)] = true;
  std::string text = tokens[static_cast<std::size_t>(piece)];
  if (igui(position, move)) {
    // Hodges: the square taken on, after x!; the origin when another piece of the token could take there so too.
    const bool twice = std::any_of(legal.begin(), legal.end(), [&](Move m) {
      return m.from() != move.from() && igui(position, m) && m.mid() == move.mid() &&
             cell_piece(position.at(m.from())) == piece;
    });
    return concat({text, twice ? position.square_text(move.from()) : "", "x!", position.square_text(move.mid())});
  }
  // The origin only when another piece with the token could go there too (two legs: Nx6e-5e).
  const std::vector<int> rivals = could_go(position, legal, move.to(), kind);
  if (rivals.size() > 1) text += position.square_text(move.from());
  for (int mid : position.middle_squares(move)) {
    if (mid != 0) text += concat({is_piece(position.at(mid)) ? "x" : "-", position.square_text(mid)});
  }
  text += concat({is_piece(position.at(move.to())) && move.to() != move.from() ? "x" : "-",
                  position.square_text(move.to())});
  return text + std::string(promotion_word(position, legal, move, "+", "="));
}

bool declines_promotion(const Position& position, Move move) {
  if (move.is_drop() || move.changes_face()) return false;
  const std::vector<Move> legal = legal_set(position);
  return std::any_of(legal.begin(), legal.end(), [&](Move other) { return same_path(move, other) && other.changes_face(); });
}

std::string two_step_move(const Judged& game, std::string_view format) {
  Position position = game.start->clone();
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    if (legs_move(game.moves[i])) {
      return concat({format, " cannot record move ", std::to_string(i + 1), " '", position.move_text(game.moves[i]),
                     "', a move of two steps: it gives a move's origin and target only"});
    }
    position.make(game.moves[i]);
  }
  return "";
}

Result<std::string> move_in(const Position& position, Move move, Notation notation, int previous_to,
                            SideSigns signs) {
  switch (notation) {
    case Notation::japanese: return japanese_move(position, move, previous_to, signs);
    case Notation::western: return western_move(position, move);
    case Notation::usi: break;
  }
  return position.move_text(move);
}

namespace {

/// Skips ASCII and full-width spaces.
void skip_blanks(std::string_view s, std::size_t& pos) {
  for (;;) {
    if (pos < s.size() && (s[pos] == ' ' || s[pos] == '\t')) ++pos;
    else if (s.substr(pos, 3) == "　") pos += 3;
    else return;
  }
}

bool take(std::string_view s, std::size_t& pos, std::string_view word) {
  if (s.substr(pos, word.size()) != word) return false;
  pos += word.size();
  return true;
}

/// Reads a digit, ASCII or full-width; -1 when there is none.
int read_digit(std::string_view s, std::size_t& pos) {
  if (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') return s[pos++] - '0';
  for (int d = 0; d <= 9; ++d) {
    if (take(s, pos, kWideDigits[d])) return d;
  }
  return -1;
}

/// Reads a number in kanji (一..九, 十, 十一.., 二十..), or in digits; 0 when there is none.
int read_kanji_number(std::string_view s, std::size_t& pos) {
  auto unit = [&]() {
    for (int d = 1; d <= 9; ++d) {
      if (take(s, pos, kKanjiDigits[d])) return d;
    }
    return 0;
  };
  int n = unit();
  if (take(s, pos, "十")) return (n == 0 ? 1 : n) * 10 + unit();
  if (n != 0) return n;
  const int d = read_digit(s, pos);
  return d < 0 ? 0 : d;
}

/// Reads a square (７六, 76, １２十二) of the position's board; -1 when there is none.
int read_square(const Position& p, std::string_view s, std::size_t& pos) {
  const std::size_t from = pos;
  int file = read_digit(s, pos);
  if (file < 0) return -1;
  // A second digit belongs to the file on a board of ten files or more when a rank follows.
  if (p.variant().tables().files >= 10) {
    std::size_t at = pos;
    const int second = read_digit(s, at);
    std::size_t rank_at = at;
    if (second >= 0 && file * 10 + second <= p.variant().tables().files && read_kanji_number(s, rank_at) != 0) {
      file = file * 10 + second;
      pos = at;
    }
  }
  const int rank = read_kanji_number(s, pos);
  const int square = rank == 0 ? -1 : p.variant().square(file, rank);
  if (square < 0) pos = from;
  return square;
}

/// Every name the reader takes for a piece type: its native name's alternatives, and the
/// KIF names of its letter when the one written is among them (竜 for 龍).
std::vector<std::vector<std::string>> names_read(const Variant& variant, const std::vector<std::string>& names) {
  const std::vector<std::string>& tokens = variant.tables().spelling(kNativeDialect);
  std::vector<std::vector<std::string>> out(names.size());
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string& native = variant.rules().pieces[i].native_name;
    for (std::size_t start = 0; start <= native.size();) {
      const std::size_t slash = std::min(native.find('/', start), native.size());
      if (slash > start) out[i].push_back(native.substr(start, slash - start));
      start = slash + 1;
    }
    if (names[i].empty() || format_name(kKifNames, tokens[i]).empty()) continue;
    bool kif = false;
    for (const FormatName& f : kKifNames) kif = kif || (f.usi == tokens[i] && f.name == names[i]);
    for (const FormatName& f : kKifNames) {
      if (kif && f.usi == tokens[i]) out[i].emplace_back(f.name);
    }
  }
  return out;
}

constexpr std::string_view kSigns[] = {"☗", "☖", "▲", "△", "▼", "▽"};
constexpr std::string_view kWords[] = {"右", "左", "中", "直", "上", "行", "入", "引", "寄"};

}  // namespace

Result<Move> read_japanese_move(const Position& position, std::string_view text, int previous_to) {
  const std::string shown = ir::visible_text(text);
  auto fail = [&](std::string code, std::string why) {
    return Error{std::move(code), concat({"'", shown, "' ", why}), 0};
  };
  std::size_t pos = 0;
  skip_blanks(text, pos);
  for (const std::string_view sign : kSigns) {
    if (take(text, pos, sign)) break;
  }
  skip_blanks(text, pos);
  int to = -1, mid = -1, mid2 = -1;
  if (take(text, pos, "同")) {
    if (previous_to < 0) return fail("ki2-same-square", "says 同 (the square of the move before), but no move comes before it");
    to = previous_to;
    skip_blanks(text, pos);
  } else {
    to = read_square(position, text, pos);
    if (to >= 0 && take(text, pos, "・")) mid = std::exchange(to, read_square(position, text, pos));
    if (to >= 0 && mid >= 0 && take(text, pos, "・")) mid2 = std::exchange(to, read_square(position, text, pos));
    if (to < 0) return fail("ki2-move", "is not a move in Japanese notation: no square of the board");
  }
  const std::vector<std::string> names = japanese_names(position.variant());
  const std::vector<std::vector<std::string>> read = names_read(position.variant(), names);
  std::size_t best = 0;
  std::string name;
  for (std::size_t i = 0; i < read.size(); ++i) {
    for (const std::string& n : read[i]) {
      if (n.size() > best && text.substr(pos, n.size()) == n) best = n.size(), name = n;
    }
  }
  if (best == 0) return fail("ki2-move", "is not a move in Japanese notation: no piece name of the variant");
  pos += best;
  std::vector<bool> kind(read.size());
  for (std::size_t i = 0; i < read.size(); ++i) kind[i] = std::find(read[i].begin(), read[i].end(), name) != read[i].end();
  std::string words;
  for (bool more = true; more;) {
    more = false;
    for (const std::string_view w : kWords) {
      if (take(text, pos, w)) words += w, more = true;
    }
  }
  const bool drop = take(text, pos, "打");
  const bool declined = take(text, pos, "不成") || take(text, pos, "生");
  const bool promoted = !declined && take(text, pos, "成");
  skip_blanks(text, pos);
  if (pos != text.size()) return fail("ki2-move", concat({"is not a move in Japanese notation: '", ir::visible_text(text.substr(pos)), "' follows the piece"}));
  if (drop && (!words.empty() || promoted || declined || mid >= 0)) {
    return fail("ki2-move", "is not a move in Japanese notation: a drop (打) takes no other word");
  }
  const std::vector<Move> legal = legal_set(position);
  const int side = static_cast<int>(position.side_to_move());
  std::vector<Move> fit;
  if (!drop) {
    const std::vector<int> from = narrow(position, side, to, could_go(position, legal, to, kind), words);
    for (const Move m : legal) {
      if (m.is_drop() || m.to() != to || std::find(from.begin(), from.end(), m.from()) == from.end()) continue;
      if (mid2 >= 0 ? !three_steps_fit(position, m, mid, mid2, to)
                    : mid >= 0 ? !steps_fit(position, m, mid, to) : legs_move(m)) {
        continue;
      }
      if ((promoted && !m.changes_face()) || (declined && m.changes_face())) continue;
      fit.push_back(m);
    }
    // Without 成 or 不成 the move that keeps its face, when there is one.
    if (!promoted && !declined && fit.size() > 1) {
      std::vector<Move> kept;
      for (const Move m : fit) {
        if (!m.changes_face()) kept.push_back(m);
      }
      if (!kept.empty()) fit = kept;
    }
  }
  // A drop needs no 打 when no board move of the piece goes there.
  if (drop || (fit.empty() && words.empty() && !promoted && !declined && mid < 0)) {
    for (const Move m : legal) {
      if (m.is_drop() && m.to() == to && kind[static_cast<std::size_t>(m.dropped())]) fit.push_back(m);
    }
  }
  if (fit.empty()) return fail("ki2-no-such-move", "is no legal move here");
  if (fit.size() > 1) {
    std::vector<std::string> texts;
    for (const Move m : fit) texts.push_back(position.move_text(m));
    std::sort(texts.begin(), texts.end());
    std::string which;
    for (const std::string& t : texts) which += (which.empty() ? "" : ", ") + t;
    return fail("ki2-ambiguous", concat({"could be any of ", which}));
  }
  return fit[0];
}

namespace {

/// Reads a square as USI writes it (7f, 10h) of the position's board; -1 when there is none.
int read_usi_square(const Position& p, std::string_view s, std::size_t& pos) {
  std::size_t at = pos;
  int file = 0;
  while (at < s.size() && s[at] >= '0' && s[at] <= '9' && file < 1000) file = file * 10 + (s[at++] - '0');
  if (at == pos) return -1;
  const int rank = read_rank_letters(s, at, p.variant().rules().board.ranks);
  if (rank == 0) return -1;
  const int square = p.variant().square(file, rank);
  if (square >= 0) pos = at;
  return square;
}

/// What a move in Western notation says: the piece token, the origin (-1: not given), the
/// squares after it (one, or two or three for moves of several steps), the drop and igui
/// marks, the face change.
struct WesternText {
  std::string token;
  int origin = -1;
  std::vector<int> squares;
  bool drop = false, igui = false;
  char suffix = 0;  ///< '+', '=' or 0
};

/// Reads the parts of a move in Western notation; false when `text` is not one.
bool read_western_parts(const Position& p, std::string_view text, WesternText& out) {
  const std::vector<std::string>& tokens = p.variant().tables().spelling(kNativeDialect);
  for (const std::string& t : tokens) {
    if (t.size() > out.token.size() && text.substr(0, t.size()) == t) out.token = t;
  }
  if (out.token.empty()) return false;
  std::size_t pos = out.token.size();
  out.origin = read_usi_square(p, text, pos);
  if (pos < text.size() && text[pos] == '*') {
    ++pos;
    out.drop = true;
  } else if (text.substr(pos, 2) == "x!") {
    pos += 2;
    out.igui = true;
  }
  if (out.drop || out.igui) {
    out.squares.push_back(read_usi_square(p, text, pos));
  } else {
    // One step, two or three, each after - or x.
    while (out.squares.size() < 3 && pos < text.size() && (text[pos] == '-' || text[pos] == 'x')) {
      ++pos;
      out.squares.push_back(read_usi_square(p, text, pos));
    }
  }
  if (std::find(out.squares.begin(), out.squares.end(), -1) != out.squares.end()) return false;
  if (pos < text.size() && (text[pos] == '+' || text[pos] == '=')) out.suffix = text[pos++];
  return pos == text.size() && !out.squares.empty() && !(out.drop && (out.origin >= 0 || out.suffix != 0));
}

/// Whether the legal move `m` is what the parts of a Western move say.
bool western_fits(const Position& p, Move m, const WesternText& w) {
  const std::vector<std::string>& tokens = p.variant().tables().spelling(kNativeDialect);
  if (m.is_drop()) return w.drop && tokens[static_cast<std::size_t>(m.dropped())] == w.token && m.to() == w.squares[0];
  if (w.drop || tokens[static_cast<std::size_t>(cell_piece(p.at(m.from())))] != w.token) return false;
  if (w.origin >= 0 && m.from() != w.origin) return false;
  if ((w.suffix == '+' && !m.changes_face()) || (w.suffix == '=' && m.changes_face())) return false;
  if (w.igui) return igui(p, m) && m.mid() == w.squares[0];
  if (w.squares.size() == 1) return !legs_move(m) && m.to() == w.squares[0];
  if (w.squares.size() == 3) return three_steps_fit(p, m, w.squares[0], w.squares[1], w.squares[2]);
  return steps_fit(p, m, w.squares[0], w.squares[1]);
}

}  // namespace

Result<Move> read_western_move(const Position& position, std::string_view text) {
  const std::string shown = ir::visible_text(text);
  auto fail = [&](std::string code, std::string why) {
    return Error{std::move(code), concat({"'", shown, "' ", why}), 0};
  };
  WesternText w;
  if (!read_western_parts(position, text, w)) {
    return fail("western-move", "is not a move in Western notation (a piece token, the squares, + or =)");
  }
  std::vector<Move> fit;
  for (const Move m : position.legal_moves()) {
    if (western_fits(position, m, w)) fit.push_back(m);
  }
  // Without + or = the move that keeps its face, when there is one.
  if (w.suffix == 0 && fit.size() > 1) {
    std::vector<Move> kept;
    for (const Move m : fit) {
      if (!m.changes_face()) kept.push_back(m);
    }
    if (!kept.empty()) fit = kept;
  }
  if (fit.empty()) return fail("western-no-such-move", "is no legal move here");
  if (fit.size() > 1) {
    std::string which;
    for (const Move m : fit) which += (which.empty() ? "" : ", ") + position.move_text(m);
    return fail("western-ambiguous", concat({"could be any of ", which}));
  }
  return fit[0];
}

}  // namespace koma::records
