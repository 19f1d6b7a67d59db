// Diagnostic codes the phrase parser reports, spelled as in diagnostics.def.
#pragma once

#include <string_view>

namespace koma::compiler::phrase {

inline constexpr std::string_view kPhraseEmpty = "phrase-empty";
inline constexpr std::string_view kUnknownWord = "unknown-word";
inline constexpr std::string_view kPhraseSyntax = "phrase-syntax";
inline constexpr std::string_view kPhraseAmbiguous = "phrase-ambiguous";
inline constexpr std::string_view kPhraseContradiction = "phrase-contradiction";
inline constexpr std::string_view kUnknownPieceInPhrase = "unknown-piece-in-phrase";
inline constexpr std::string_view kBetzaInvalid = "betza-invalid";
inline constexpr std::string_view kBetzaUnsupported = "betza-unsupported";
inline constexpr std::string_view kPhraseTooLong = "phrase-too-long";

/// Every code above, for the test that checks them against diagnostics.def.
inline constexpr std::string_view kPhraseCodes[] = {
    kPhraseEmpty, kUnknownWord, kPhraseSyntax, kPhraseAmbiguous,
    kPhraseContradiction, kUnknownPieceInPhrase, kBetzaInvalid, kBetzaUnsupported, kPhraseTooLong,
};

}  // namespace koma::compiler::phrase
