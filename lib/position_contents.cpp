// The pieces of a position by square and in hand, and the position as a plain-text board.
#include "position_contents.h"

#include <algorithm>
#include <cctype>

#include "board_geometry.h"
#include "board_picture.h"
#include "position_setup.h"
#include "usi_square.h"

namespace koma::lib {

namespace {

std::string lowercase(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

std::string uppercase(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

/// The letter a hand piece is written with: its own, or the other face's when its own has '+'
/// (as SFEN writes hands).
std::string hand_letter(const Tables& tables, const std::vector<std::string>& tokens, int piece) {
  const std::string& own = tokens[static_cast<std::size_t>(piece)];
  const int other = tables.promotes_to[static_cast<std::size_t>(piece)];
  if (own[0] == '+' && other >= 0 && tokens[static_cast<std::size_t>(other)][0] != '+') {
    return tokens[static_cast<std::size_t>(other)];
  }
  return own;
}

/// "2R B" for a hand, "-" when it is empty.
std::string hand_line(const Position& position, ir::Side side, int dialect) {
  std::string out;
  for (const HandPiece& item : hand_pieces(position, side, dialect)) {
    if (!out.empty()) out += ' ';
    if (item.count > 1) out += std::to_string(item.count);
    out += side == ir::Side::gote ? lowercase(item.symbol) : item.symbol;
  }
  return out.empty() ? "-" : out;
}

std::string pad_left(const std::string& text, std::size_t width) {
  return std::string(width > text.size() ? width - text.size() : 0, ' ') + text;
}

}  // namespace

int square_index(const Variant& variant, std::string_view text) {
  std::size_t i = 0;
  int file = 0;
  while (i < text.size() && i < 2 && std::isdigit(static_cast<unsigned char>(text[i]))) {
    file = file * 10 + (text[i++] - '0');
  }
  if (i == 0) return -1;
  const int rank = read_rank_letters(text, i, variant.rules().board.ranks);
  if (rank == 0 || i != text.size()) return -1;
  return variant.square(file, rank);
}

PieceInfo piece_info(const Variant& variant, ir::PieceId id, ir::Side side, int dialect) {
  const ir::PieceType& type = variant.rules().pieces[id];
  PieceInfo info;
  info.id = id;
  const std::string& token = variant.tables().spelling(dialect)[id];
  info.symbol = side == ir::Side::gote ? lowercase(token) : token;
  info.name = type.name;
  info.label = type.native_name.empty() ? info.symbol : piece_label(type, side);
  info.side = side;
  info.promoted = is_promoted_face(variant.rules(), type);
  return info;
}

std::optional<PieceInfo> piece_at(const Position& position, int square, int dialect) {
  const Cell cell = position.at(square);
  if (!is_piece(cell)) return std::nullopt;
  return piece_info(position.variant(), static_cast<ir::PieceId>(cell_piece(cell)),
                    static_cast<ir::Side>(cell_side(cell)), dialect);
}

std::vector<SquarePiece> board_pieces(const Position& position, int dialect) {
  const Variant& variant = position.variant();
  const ir::Board& board = variant.rules().board;
  std::vector<SquarePiece> out;
  for (int rank = 1; rank <= board.ranks; ++rank) {
    for (int file = board.files; file >= 1; --file) {
      std::optional<PieceInfo> piece = piece_at(position, variant.square(file, rank), dialect);
      if (!piece) continue;
      out.push_back({square_name(static_cast<std::uint8_t>(file), static_cast<std::uint8_t>(rank)),
                     std::move(*piece)});
    }
  }
  return out;
}

std::vector<HandPiece> hand_pieces(const Position& position, ir::Side side, int dialect) {
  const Tables& tables = position.variant().tables();
  const std::vector<std::string>& tokens = tables.spelling(dialect);
  std::vector<HandPiece> out;
  for (int piece = 0; piece < tables.piece_count; ++piece) {
    const int count = position.hand_count(static_cast<int>(side), piece);
    if (count == 0) continue;
    out.push_back({static_cast<ir::PieceId>(piece), hand_letter(tables, tokens, piece), count});
  }
  return out;
}

std::optional<ir::PieceId> piece_named(const Variant& variant, std::string_view symbol, int dialect) {
  const std::string wanted = uppercase(symbol);
  const auto find = [&](int spelling) -> std::optional<ir::PieceId> {
    const std::vector<std::string>& tokens = variant.tables().spelling(spelling);
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      if (tokens[i] == wanted) return static_cast<ir::PieceId>(i);
    }
    return std::nullopt;
  };
  if (auto found = find(dialect)) return found;
  const int spellings = static_cast<int>(variant.rules().dialects.size());
  for (int spelling = kNativeDialect; spelling < spellings; ++spelling) {
    if (auto found = find(spelling)) return found;
  }
  return std::nullopt;
}

std::string board_text(const Position& position, int dialect) {
  const Variant& variant = position.variant();
  const ir::RuleSet& rules = variant.rules();
  std::size_t width = 2;
  for (const std::string& token : variant.tables().spelling(dialect)) width = std::max(width, token.size());
  ++width;
  const bool hands = rules.drops.enabled && rules.drops.captured == ir::CaptureFate::to_hand;
  const auto hand = [&](ir::Side side) {
    return side_name(variant, side) + " hand: " + hand_line(position, side, dialect) + "\n";
  };
  std::string out;
  if (hands) out += hand(ir::Side::gote);
  for (int file = rules.board.files; file >= 1; --file) out += pad_left(std::to_string(file), width);
  out += '\n';
  for (int rank = 1; rank <= rules.board.ranks; ++rank) {
    for (int file = rules.board.files; file >= 1; --file) {
      const std::optional<PieceInfo> piece = piece_at(position, variant.square(file, rank), dialect);
      out += pad_left(piece ? piece->symbol : ".", width);
    }
    out += ' ';
    out += rank_letters(rank);
    out += '\n';
  }
  if (hands) out += hand(ir::Side::sente);
  out += side_name(variant, position.side_to_move()) + " to move\n";
  return out;
}

}  // namespace koma::lib
