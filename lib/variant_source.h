// Finding and loading a variant named on the command line: a bundled slug (SLUG.md in
// KOMA_VARIANTS, the install prefix's share/koma/variants or the source tree) or a .md path.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compiler.h"
#include "error.h"
#include "diagnostics.h"
#include "game.h"

namespace koma::lib {

/// The folders installed data may be read from, in order: the folder named by the environment
/// variable `environment` alone when it is set; else `from_binary`, relative to the running
/// `koma`'s own folder (the install prefix's share/koma/...), then `build_tree` (the source tree
/// it was built from).
std::vector<std::string> data_search_path(const char* environment, const char* from_binary,
                                          const char* build_tree);

/// The folders bundled variants may be read from, in order: $KOMA_VARIANTS alone when set;
/// else share/koma/variants of the prefix the running `koma` is installed in (found from its
/// own path), then the source tree it was built from.
std::vector<std::string> variants_search_path();

/// The folder bundled variants are read from: the first folder of variants_search_path() that
/// exists, else the first one (which then cannot be read).
std::string variants_dir();

/// The search path as one line for messages: "A, B".
std::string describe_search_path();

/// Whether a file name (without .md) is a variant slug: lowercase letters, digits and '-'.
/// Other Markdown files in a variants folder (FORMAT.md, README.md, fail_*.md) are not variants.
bool is_slug(std::string_view name);

/// What a folder holds, as `koma validate FOLDER` reads it.
struct FolderListing {
  std::vector<std::string> variants;       ///< SLUG.md regular files: checked, sorted
  std::vector<std::string> misnamed;       ///< other .md files that look like variants: skipped, sorted
  std::vector<std::string> documentation;  ///< README.md, FORMAT-movement.md (a capitals word first): skipped
  std::vector<std::string> folders;        ///< subfolders: not searched, sorted
  std::vector<std::string> not_regular;    ///< .md names that are not regular files: skipped
};

/// Lists a folder's Markdown files and subfolders (`folder-unreadable` when it cannot be read).
Result<FolderListing> list_folder(const std::string& folder);

/// Slugs of the bundled variants (the variant files in variants_dir()), sorted.
std::vector<std::string> bundled_slugs();

/// Whether a VARIANT argument is a path (has a '/' or ends in .md) rather than a slug.
bool looks_like_path(const std::string& argument);

/// The file a VARIANT argument names: `unknown-variant` for an unknown slug (with a
/// suggestion), `variant-unreadable` for a path that is not a readable file.
Result<std::string> resolve_variant_path(const std::string& argument);

/// Compiles a variant file; diagnostics are appended to `diagnostics`.
std::optional<ir::RuleSet> compile_variant(const std::string& path,
                                           compiler::DiagnosticList& diagnostics);

/// A compiled and loaded variant, ready to play.
struct LoadedVariant {
  std::string path;                        ///< the file it came from
  std::shared_ptr<const Variant> variant;  ///< never null
  std::vector<compiler::Diagnostic> warnings;  ///< what the compiler said besides (no errors)
};

/// Compiles `text` as the file `path` (`path` names it in diagnostics; parents are looked up as
/// `options` says), runs the runtime's checks (`koma validate`'s) and loads it. A failure
/// carries the first error's code and place and every diagnostic.
Result<LoadedVariant> load_variant_text(const std::string& text, const std::string& path,
                                        const compiler::Options& options);

/// The same for a file.
Result<LoadedVariant> load_variant_file(const std::string& path, const compiler::Options& options);

/// Resolves a VARIANT argument (resolve_variant_path) and loads it (load_variant_file), with
/// bundled parents found in variants_dir().
Result<LoadedVariant> load_variant(const std::string& argument);

}  // namespace koma::lib
