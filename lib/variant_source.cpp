// Resolves VARIANT arguments to files, compiles them and loads them into the runtime.
#include "variant_source.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include <fmt/core.h>

#include "did_you_mean.h"
#include "names.h"
#include "runtime_checks.h"

#ifndef KOMA_VARIANTS_DIR
#define KOMA_VARIANTS_DIR "variants"
#endif
#ifndef KOMA_VARIANTS_FROM_BIN
#define KOMA_VARIANTS_FROM_BIN "../share/koma/variants"
#endif

namespace koma::lib {

namespace fs = std::filesystem;

std::vector<std::string> data_search_path(const char* environment, const char* from_binary,
                                          const char* build_tree) {
  const char* from_environment = std::getenv(environment);
  if (from_environment != nullptr && *from_environment != '\0') return {from_environment};
  std::vector<std::string> folders;
  std::error_code error;
  const fs::path executable = fs::read_symlink("/proc/self/exe", error);
  if (!error && executable.has_parent_path()) {
    folders.push_back((executable.parent_path() / from_binary).lexically_normal().string());
  }
  folders.push_back(build_tree);
  return folders;
}

std::vector<std::string> variants_search_path() {
  return data_search_path("KOMA_VARIANTS", KOMA_VARIANTS_FROM_BIN, KOMA_VARIANTS_DIR);
}

std::string variants_dir() {
  const auto folders = variants_search_path();
  std::error_code error;
  for (const auto& folder : folders) {
    if (fs::is_directory(folder, error)) return folder;
  }
  return folders.front();
}

std::string describe_search_path() {
  std::string searched;
  for (const auto& folder : variants_search_path()) searched += (searched.empty() ? "" : ", ") + folder;
  return searched;
}

bool is_slug(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
           return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
         });
}

namespace {

/// README, FORMAT, FORMAT-movement: a first word of two or more capitals, digits or '_'.
bool is_documentation_name(std::string_view stem) {
  const std::string_view word = stem.substr(0, stem.find('-'));
  return word.size() >= 2 && std::all_of(word.begin(), word.end(), [](char c) {
           return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
         });
}

/// The variant files in a folder (NAME.md where NAME is a slug), unsorted; `error` is set when
/// the folder cannot be read.
std::vector<fs::path> slug_files(const std::string& folder, std::error_code& error) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(folder, error)) {
    const fs::path& file = entry.path();
    if (file.extension() == ".md" && entry.is_regular_file(error) && is_slug(file.stem().string())) {
      files.push_back(file);
    }
  }
  return files;
}

}  // namespace

Result<FolderListing> list_folder(const std::string& folder) {
  FolderListing listing;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(folder, error)) {
    const fs::path& file = entry.path();
    std::error_code type_error;
    if (entry.is_directory(type_error)) {
      listing.folders.push_back(file.string());
      continue;
    }
    if (file.extension() != ".md") continue;
    const std::string stem = file.stem().string();
    if (!entry.is_regular_file(type_error)) {
      listing.not_regular.push_back(file.string());
    } else if (is_slug(stem)) {
      listing.variants.push_back(file.string());
    } else if (is_documentation_name(stem)) {
      listing.documentation.push_back(file.string());
    } else {
      listing.misnamed.push_back(file.string());
    }
  }
  if (error) {
    return Error{"folder-unreadable", fmt::format("cannot read folder '{}': {}", folder, error.message())};
  }
  for (auto* list : {&listing.variants, &listing.misnamed, &listing.documentation,
                     &listing.folders, &listing.not_regular}) {
    std::sort(list->begin(), list->end());
  }
  return listing;
}

std::vector<std::string> bundled_slugs() {
  std::error_code error;
  std::vector<std::string> slugs;
  for (const fs::path& file : slug_files(variants_dir(), error)) slugs.push_back(file.stem().string());
  std::sort(slugs.begin(), slugs.end());
  return slugs;
}

bool looks_like_path(const std::string& argument) {
  return argument.find('/') != std::string::npos ||
         (argument.size() > 3 && argument.ends_with(".md"));
}

Result<std::string> resolve_variant_path(const std::string& argument) {
  std::error_code error;
  if (looks_like_path(argument)) {
    const fs::file_status status = fs::status(argument, error);
    if (error || !fs::is_regular_file(status)) {
      return Error{"variant-unreadable",
                   fmt::format("cannot read variant file {}: {}", compiler::quote(argument),
                               error ? error.message()
                               : fs::is_directory(status) ? std::string("it is a folder")
                                                          : std::string("it is not a regular file"))};
    }
    return argument;
  }
  const std::string folder = variants_dir();
  if (!fs::is_directory(folder, error)) {
    return Error{"unknown-variant",
                 fmt::format("unknown variant {}: no variants folder found (searched {}; set "
                             "KOMA_VARIANTS to a folder of variant files)",
                             compiler::quote(argument), describe_search_path())};
  }
  const std::string path = (fs::path(folder) / (argument + ".md")).string();
  if (argument.empty() || !fs::is_regular_file(path, error)) {
    const auto slugs = bundled_slugs();
    std::string known;
    for (const auto& slug : slugs) known += (known.empty() ? "" : ", ") + slug;
    const std::string hint = did_you_mean(argument, slugs);
    return Error{"unknown-variant",
                 fmt::format("unknown variant {}{} ({}searched {})", compiler::quote(argument), hint,
                             hint.empty() && !known.empty() ? "bundled: " + known + "; " : std::string(),
                             folder)};
  }
  return path;
}

std::optional<ir::RuleSet> compile_variant(const std::string& path,
                                           compiler::DiagnosticList& diagnostics) {
  compiler::Options options;
  options.variants_dir = variants_dir();
  return compiler::compile_file(path, diagnostics, options);
}

namespace {

/// The variant from what the compiler made of a file: the runtime's checks, then the load.
Result<LoadedVariant> finish_load(std::optional<ir::RuleSet> rules, const std::string& path,
                                  compiler::DiagnosticList& diagnostics) {
  std::shared_ptr<const Variant> variant;
  if (rules && !diagnostics.has_errors()) variant = check_with_runtime(*rules, path, diagnostics);
  if (!variant || diagnostics.has_errors()) return compile_error(path, std::move(diagnostics.items));
  return LoadedVariant{path, std::move(variant), std::move(diagnostics.items)};
}

}  // namespace

Result<LoadedVariant> load_variant_text(const std::string& text, const std::string& path,
                                        const compiler::Options& options) {
  compiler::DiagnosticList diagnostics;
  auto rules = compiler::compile_source(text, path, diagnostics, options);
  return finish_load(std::move(rules), path, diagnostics);
}

Result<LoadedVariant> load_variant_file(const std::string& path, const compiler::Options& options) {
  compiler::DiagnosticList diagnostics;
  auto rules = compiler::compile_file(path, diagnostics, options);
  return finish_load(std::move(rules), path, diagnostics);
}

Result<LoadedVariant> load_variant(const std::string& argument) {
  auto path = resolve_variant_path(argument);
  if (!path) return path.error();
  compiler::Options options;
  options.variants_dir = variants_dir();
  return load_variant_file(*path, options);
}

}  // namespace koma::lib
