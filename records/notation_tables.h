// The piece names of the standard-shogi record formats (CSA's two letters, KIF's kanji), tied
// to the USI letters of the pieces they name. They belong to the formats, not to a variant: a
// variant whose letters they do not cover cannot be written in these formats.
#pragma once

#include <cstddef>
#include <string_view>
#include <utility>

namespace koma::records {

/// One piece name of a record format and the USI letter it stands for.
struct FormatName {
  std::string_view usi;   ///< "P", "+P"
  std::string_view name;  ///< "FU", "TO"; "歩", "と"
};

/// CSA piece codes.
inline constexpr FormatName kCsaNames[] = {
    {"P", "FU"},  {"L", "KY"},  {"N", "KE"},  {"S", "GI"},  {"G", "KI"},
    {"B", "KA"},  {"R", "HI"},  {"K", "OU"},  {"+P", "TO"}, {"+L", "NY"},
    {"+N", "NK"}, {"+S", "NG"}, {"+B", "UM"}, {"+R", "RY"}};

/// KIF piece names; the first name of a letter is the one written, the others are read too.
inline constexpr FormatName kKifNames[] = {
    {"P", "歩"},    {"L", "香"},    {"N", "桂"},    {"S", "銀"},    {"G", "金"},
    {"B", "角"},    {"R", "飛"},    {"K", "玉"},    {"K", "王"},    {"+P", "と"},
    {"+L", "成香"}, {"+L", "杏"},   {"+N", "成桂"}, {"+N", "圭"},   {"+S", "成銀"},
    {"+S", "全"},   {"+B", "馬"},   {"+R", "龍"},   {"+R", "竜"}};

/// 手合割 names and their start positions (the handicap side, gote, moves first).
inline constexpr std::pair<std::string_view, std::string_view> kHandicaps[] = {
    {"平手", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
    {"香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"右香落ち", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"角落ち", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"飛車落ち", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"飛香落ち", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"二枚落ち", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"四枚落ち", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"六枚落ち", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"八枚落ち", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"十枚落ち", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
};

/// A header's KIF name and its CSA statement (a name line or a `$` key).
struct HeaderName {
  std::string_view kif;  ///< "先手", "棋戦"
  std::string_view csa;  ///< "N+", "$EVENT"
};

/// The headers both formats name.
inline constexpr HeaderName kHeaderNames[] = {
    {"先手", "N+"},           {"後手", "N-"},           {"棋戦", "$EVENT"},
    {"場所", "$SITE"},        {"開始日時", "$START_TIME"}, {"終了日時", "$END_TIME"},
    {"持ち時間", "$TIME_LIMIT"}, {"戦型", "$OPENING"}};

/// The format name of a USI letter, or "" when the format has none.
template <std::size_t N>
constexpr std::string_view format_name(const FormatName (&table)[N], std::string_view usi) {
  for (const FormatName& f : table) {
    if (f.usi == usi) return f.name;
  }
  return {};
}

/// The USI letter of a format name, or "" when the format has none.
template <std::size_t N>
constexpr std::string_view usi_letter(const FormatName (&table)[N], std::string_view name) {
  for (const FormatName& f : table) {
    if (f.name == name) return f.usi;
  }
  return {};
}

}  // namespace koma::records
