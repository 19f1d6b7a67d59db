// Lowering, setup: engine.setup, an SFEN ("BOARD [SIDE [HANDS [MOVE]]]") read with the
// variant's own letters into placements, hands and the side to move.
#include <algorithm>
#include <cctype>
#include <map>

#include "ir/piece_token.h"
#include "lower_context.h"
#include "names.h"

namespace koma::compiler {
namespace {

/// Most pieces of one type in one hand at the start (the runtime's limit too).
constexpr int kMaxHandCount = 255;

class SetupReader {
 public:
  SetupReader(LowerContext& ctx, const Located<std::string>& setup) : ctx_(ctx), setup_(setup) {}

  void run() {
    const std::string& text = setup_.value;
    std::vector<std::pair<std::size_t, std::string>> fields;
    for (std::size_t i = 0; i < text.size();) {
      if (text[i] == ' ') {
        ++i;
        continue;
      }
      const std::size_t end = std::min(text.find(' ', i), text.size());
      fields.emplace_back(i, text.substr(i, end - i));
      i = end;
    }
    if (fields.empty() || fields.size() > 4) {
      error(Code::setup_syntax, 0,
            "engine.setup must be an SFEN: BOARD [SIDE [HANDS [MOVE-NUMBER]]], not " + quote(text));
      return;
    }
    board(fields[0].first, fields[0].second);
    if (fields.size() > 1) side(fields[1].first, fields[1].second);
    if (fields.size() > 2) hands(fields[2].first, fields[2].second);
    if (fields.size() > 3) move_number(fields[3].first, fields[3].second);
    ctx_.out.setup.loc = setup_.loc;
  }

 private:
  ir::SourceLoc at(std::size_t offset) const {
    ir::SourceLoc loc = setup_.loc;
    loc.column += static_cast<std::uint32_t>(offset);
    return loc;
  }
  void error(Code code, std::size_t offset, std::string message) {
    ctx_.error(code, at(offset), std::move(message));
  }

  /// The piece type spelled `token` ("+p", "G", "c'"), and the side its letter's case says.
  std::optional<std::pair<ir::PieceId, ir::Side>> piece(std::size_t offset, std::string token) {
    const char letter = token[token[0] == '+' ? 1 : 0];
    const ir::Side owner = std::islower(static_cast<unsigned char>(letter)) ? ir::Side::gote
                                                                             : ir::Side::sente;
    for (char& c : token) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    std::vector<std::string> symbols;
    for (std::size_t i = 0; i < ctx_.out.pieces.size(); ++i) {
      if (ctx_.out.pieces[i].symbol == token) return std::pair{static_cast<ir::PieceId>(i), owner};
      symbols.push_back(ctx_.out.pieces[i].symbol);
    }
    if (ctx_.unspelled()) {
      ctx_.setup_incomplete = true;
      return std::nullopt;
    }
    std::string known;
    for (const std::string& s : symbols) known += (known.empty() ? "" : " ") + s;
    error(Code::setup_unknown_piece, offset,
          "no piece type has the letter " + quote(token) + "; the letters are " + known);
    return std::nullopt;
  }

  void board(std::size_t start, const std::string& text) {
    const ir::Board& size = ctx_.out.board;
    std::vector<std::pair<std::size_t, std::string>> ranks;
    for (std::size_t i = 0;;) {
      const std::size_t end = std::min(text.find('/', i), text.size());
      ranks.emplace_back(start + i, text.substr(i, end - i));
      if (end == text.size()) break;
      i = end + 1;
    }
    if (ranks.size() != size.ranks) {
      error(Code::setup_board_mismatch, start,
            "engine.setup has " + std::to_string(ranks.size()) + " ranks but the board has " +
                std::to_string(size.ranks));
      return;
    }
    for (std::size_t r = 0; r < ranks.size(); ++r) {
      const auto& [offset, rank] = ranks[r];
      // Squares read so far, from the left; capped (far past any board) so that no run of
      // digits, however long, can overflow it.
      int file_index = 0;
      constexpr int cap = 1000;
      for (std::size_t i = 0; i < rank.size();) {
        if (std::isdigit(static_cast<unsigned char>(rank[i]))) {
          int run = 0;
          while (i < rank.size() && std::isdigit(static_cast<unsigned char>(rank[i]))) {
            run = std::min(run * 10 + (rank[i++] - '0'), cap);
          }
          file_index = std::min(file_index + run, cap);
          continue;
        }
        const std::size_t token_start = i;
        if (rank[i] == '+') ++i;
        if (i >= rank.size() || !std::isalpha(static_cast<unsigned char>(rank[i]))) {
          error(Code::setup_syntax, offset + token_start,
                "engine.setup has " + quote(rank.substr(token_start, 1)) +
                    " where a piece letter or a digit should be");
          return;
        }
        i = ir::token_end(rank, i);
        const auto found = piece(offset + token_start, rank.substr(token_start, i - token_start));
        if (found && file_index < size.files) {
          ir::Placement placement;
          placement.file = static_cast<std::uint8_t>(size.files - file_index);
          placement.rank = static_cast<std::uint8_t>(r + 1);
          placement.piece = found->first;
          placement.side = found->second;
          placement.loc = at(offset + token_start);
          ctx_.out.setup.placements.push_back(placement);
        }
        file_index = std::min(file_index + 1, cap);
      }
      if (file_index != size.files) {
        error(Code::setup_board_mismatch, offset,
              "rank " + std::to_string(r + 1) + " of engine.setup (" + quote(rank) + ") spans " +
                  (file_index == cap ? "more than " + std::to_string(cap - 1)
                                     : std::to_string(file_index)) +
                  " files but the board has " + std::to_string(size.files));
      }
    }
  }

  void side(std::size_t offset, const std::string& text) {
    if (text == "b" || text == "w") {
      ctx_.out.setup.to_move = text == "b" ? ir::Side::sente : ir::Side::gote;
    } else {
      error(Code::setup_syntax, offset,
            "the side to move in engine.setup is 'b' (sente) or 'w' (gote), not " + quote(text));
    }
  }

  void hands(std::size_t start, const std::string& text) {
    if (text == "-") return;
    // Running totals per side and piece type, so a type named twice is counted once.
    std::map<std::pair<int, ir::PieceId>, int> totals;
    for (std::size_t i = 0; i < text.size();) {
      const std::size_t token_start = i;
      int count = 0;
      while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
        count = std::min(count * 10 + (text[i++] - '0'), kMaxHandCount + 1);
      }
      if (i == token_start) count = 1;
      const std::size_t letter_start = i;
      if (i < text.size() && text[i] == '+') ++i;
      if (i >= text.size() || !std::isalpha(static_cast<unsigned char>(text[i])) || count == 0) {
        error(Code::setup_syntax, start + token_start,
              "the hands in engine.setup must be '-' or counts and letters like 'S2Pb3p', not " +
                  quote(text));
        return;
      }
      i = ir::token_end(text, i);
      const std::string token = text.substr(letter_start, i - letter_start);
      const auto found = piece(start + letter_start, token);
      if (!found) continue;
      const ir::PieceType& type = ctx_.out.pieces[found->first];
      if (type.royal || (type.base_face != ir::kNoPiece && type.base_face != found->first)) {
        error(Code::setup_hand_face, start + letter_start,
              quote(token) + " (" + type.name + ") cannot be in hand: " +
                  (type.royal ? std::string("it is royal")
                              : "a captured " + type.name + " goes to hand as " +
                                    quote(ctx_.out.pieces[type.base_face].symbol)));
        continue;
      }
      int& total = totals[{static_cast<int>(found->second), found->first}];
      total = std::min(total + count, kMaxHandCount + 1);
      if (total > kMaxHandCount) {
        error(Code::setup_hand_count, start + token_start,
              "engine.setup puts more than " + std::to_string(kMaxHandCount) + " " +
                  quote(type.symbol) + " in one hand; " + std::to_string(kMaxHandCount) +
                  " is the most");
        continue;
      }
      auto& hand = ctx_.out.setup.hands[static_cast<int>(found->second)];
      hand.push_back({found->first, static_cast<std::uint16_t>(count)});
    }
  }

  void move_number(std::size_t offset, const std::string& text) {
    bool digits = !text.empty() && text.size() < 6;
    for (char c : text) digits = digits && std::isdigit(static_cast<unsigned char>(c));
    if (!digits || std::stoi(text) < 1) {
      error(Code::setup_syntax, offset,
            "the move number in engine.setup must be a number from 1, not " + quote(text));
    }
  }

  LowerContext& ctx_;
  const Located<std::string>& setup_;
};

}  // namespace

void lower_setup(LowerContext& ctx) {
  const FrontMatter& fm = ctx.doc.front;
  if (fm.setup) {
    SetupReader(ctx, *fm.setup).run();
  } else if (ctx.parent != nullptr && ctx.inherited_pieces && !fm.rows) {
    ctx.out.setup = ctx.parent->setup;
  } else {
    ctx.error(Code::missing_key, make_loc(ctx.doc.path, 1, 1),
              "the front matter needs 'engine.setup', the starting position as an SFEN");
  }
}

}  // namespace koma::compiler
