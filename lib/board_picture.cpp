// Reads the board, side and hands of an SFEN into a BoardPicture, labelling pieces with the
// names the variant file gives them.
#include "board_picture.h"

#include <algorithm>
#include <cctype>

#include <fmt/core.h>

#include "ir/piece_token.h"

namespace koma::lib {

namespace {

/// The piece type whose sente symbol is `token` (uppercase, with any '+').
const ir::PieceType* find_symbol(const ir::RuleSet& rules, const std::string& token) {
  for (const auto& type : rules.pieces) {
    if (type.symbol == token) return &type;
  }
  return nullptr;
}

/// Reads one piece token ("+p", "K", "c'") at `i`, advancing it; empty on failure.
std::string read_token(const std::string& text, std::size_t& i, ir::Side& side) {
  std::string token;
  if (i < text.size() && text[i] == '+') token += text[i++];
  if (i >= text.size() || !std::isalpha(static_cast<unsigned char>(text[i]))) return "";
  const std::size_t end = ir::token_end(text, i);
  const char letter = text[i];
  side = std::isupper(static_cast<unsigned char>(letter)) ? ir::Side::sente : ir::Side::gote;
  token += static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
  token += text.substr(i + 1, end - i - 1);
  i = end;
  return token;
}

}  // namespace

bool is_promoted_face(const ir::RuleSet& rules, const ir::PieceType& type) {
  for (const auto& other : rules.pieces) {
    if (ir::promotes_one_way(other.promotion) &&
        other.promotes_to < rules.pieces.size() && &rules.pieces[other.promotes_to] == &type) {
      return true;
    }
  }
  return type.symbol.starts_with("+");
}

std::string piece_label(const ir::PieceType& type, ir::Side side) {
  const std::string& name = type.native_name;
  if (name.empty()) return type.symbol;
  const auto slash = name.find('/');
  if (slash == std::string::npos) return name;
  return side == ir::Side::gote ? name.substr(0, slash) : name.substr(name.rfind('/') + 1);
}

PictureResult picture_from_sfen(const ir::RuleSet& rules, const std::string& sfen,
                                const std::string& title) {
  BoardPicture picture;
  picture.files = rules.board.files;
  picture.ranks = rules.board.ranks;
  picture.cell_size = rules.meta.cell_size > 0 ? rules.meta.cell_size : 40;
  picture.title = title;
  picture.side_names[0] = rules.meta.side_names[0];
  picture.side_names[1] = rules.meta.side_names[1];
  picture.show_hands = rules.drops.enabled && rules.drops.captured == ir::CaptureFate::to_hand;

  const auto fail = [&](const std::string& why) { return PictureResult{std::nullopt, why}; };
  const std::size_t board_end = sfen.find(' ');
  const std::string board = sfen.substr(0, board_end);
  int rank = 1, file = picture.files;
  for (std::size_t i = 0; i < board.size();) {
    const char c = board[i];
    if (c == '/') {
      ++rank;
      file = picture.files;
      ++i;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      int run = 0;
      while (i < board.size() && std::isdigit(static_cast<unsigned char>(board[i]))) {
        run = std::min(run * 10 + (board[i++] - '0'), 1000);
      }
      file -= run;
    } else {
      ir::Side side{};
      const std::string token = read_token(board, i, side);
      const ir::PieceType* type = token.empty() ? nullptr : find_symbol(rules, token);
      if (type == nullptr) return fail(fmt::format("unknown piece in SFEN board '{}'", board));
      if (file < 1 || rank > picture.ranks) return fail("SFEN board does not fit the board");
      picture.cells.push_back({file, rank, piece_label(*type, side), side, is_promoted_face(rules, *type)});
      --file;
    }
  }
  if (board_end == std::string::npos) return PictureResult{picture, ""};

  const std::size_t side_at = board_end + 1;
  if (side_at < sfen.size() && sfen[side_at] == 'w') picture.to_move = ir::Side::gote;
  const std::size_t hands_at = sfen.find(' ', side_at);
  if (hands_at == std::string::npos) return PictureResult{picture, ""};
  const std::string hands = sfen.substr(hands_at + 1, sfen.find(' ', hands_at + 1) - hands_at - 1);
  if (hands == "-") return PictureResult{picture, ""};
  for (std::size_t i = 0; i < hands.size();) {
    int count = 0;
    while (i < hands.size() && std::isdigit(static_cast<unsigned char>(hands[i]))) {
      count = std::min(count * 10 + (hands[i++] - '0'), 100000);
    }
    ir::Side side{};
    const std::string token = read_token(hands, i, side);
    const ir::PieceType* type = token.empty() ? nullptr : find_symbol(rules, token);
    if (type == nullptr) return fail(fmt::format("unknown piece in SFEN hands '{}'", hands));
    picture.hands[static_cast<int>(side)].push_back({piece_label(*type, side), count == 0 ? 1 : count, type->symbol});
  }
  return PictureResult{picture, ""};
}

}  // namespace koma::lib
