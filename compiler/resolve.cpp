// Stage 5a, resolve: parent lookup and cycle detection.
#include "resolve.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "input_limits.h"
#include "names.h"
#include "source.h"

namespace koma::compiler {

std::string canonical_path(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path canonical = std::filesystem::weakly_canonical(path, ec);
  return ec ? path : canonical.string();
}

namespace {

std::vector<std::string> slugs_in(const std::filesystem::path& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    std::error_code type_error;
    if (entry.path().extension() == ".md" && entry.is_regular_file(type_error)) {
      out.push_back(entry.path().stem().string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

std::optional<ir::RuleSet> resolve_parent(const Located<std::string>& parent,
                                          const std::string& child_path, const Options& options,
                                          std::vector<std::string>& chain, DiagnosticSink& sink,
                                          const CompileFn& compile) {
  const std::string& slug = parent.value;
  // Only a file name stem names a file: no path, no NUL (which would cut the name short), no dots.
  const bool plain = !slug.empty() && std::all_of(slug.begin(), slug.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
  });
  if (!plain) {
    report_error(sink, Code::missing_parent, parent.loc,
                 "'parent' names a variant by its slug (lowercase letters, digits, '-' and '_'), "
                 "not " + quote(slug));
    return std::nullopt;
  }
  std::vector<std::filesystem::path> dirs = {std::filesystem::path(child_path).parent_path()};
  if (!options.variants_dir.empty()) dirs.emplace_back(options.variants_dir);
  if (options.may_search) {
    std::erase_if(dirs, [&](const std::filesystem::path& dir) {
      return !options.may_search(dir.empty() ? std::filesystem::path(".") : dir);
    });
  }
  std::optional<std::string> found;
  std::vector<std::string> known;
  for (const auto& dir : dirs) {
    const std::filesystem::path candidate = (dir.empty() ? std::filesystem::path(".") : dir) /
                                            (slug + ".md");
    std::error_code ec;
    if (!found && std::filesystem::is_regular_file(candidate, ec)) {
      found = candidate.string();
    }
    for (std::string& s : slugs_in(dir.empty() ? std::filesystem::path(".") : dir)) {
      known.push_back(std::move(s));
    }
  }
  if (!found) {
    known.erase(std::remove(known.begin(), known.end(), slug), known.end());
    report_error(sink, Code::missing_parent, parent.loc,
                 "no variant " + quote(slug) + " to start from; 'parent' names a file SLUG.md "
                 "next to this one or among the bundled variants" + did_you_mean(slug, known));
    return std::nullopt;
  }
  const std::string key = canonical_path(*found);
  const auto seen = std::find(chain.begin(), chain.end(), key);
  if (seen != chain.end()) {
    std::vector<Note> notes;
    for (auto it = seen; it != chain.end(); ++it) {
      notes.push_back({make_loc(*it, 0, 0), "this file is part of the cycle"});
    }
    report_error(sink, Code::parent_cycle, parent.loc,
                 "'parent: " + slug + "' leads back to a variant already being read",
                 std::move(notes));
    return std::nullopt;
  }
  if (chain.size() >= kMaxParentChain) {
    report_error(sink, Code::parent_too_deep, parent.loc,
                 "'parent: " + slug + "' makes a chain of more than " +
                     std::to_string(kMaxParentChain) + " variant files, the most koma reads",
                 {{make_loc(chain.front(), 0, 0), "the chain starts from this file"}});
    return std::nullopt;
  }
  return compile(*found, chain);
}

}  // namespace koma::compiler
