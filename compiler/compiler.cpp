// The variant compiler's driver: runs the stages in order and stops after the first stage
// that reports an error, except that the front matter, the tables and the movement phrases are
// all read before stopping, their errors being independent.
#include "compiler.h"

#include "document.h"
#include "front_matter.h"
#include "lower.h"
#include "markdown.h"
#include "resolve.h"
#include "source.h"

namespace koma::compiler {
namespace {

std::optional<ir::RuleSet> compile_text(std::string_view text, const std::string& path,
                                        DiagnosticSink& sink, const Options& options,
                                        std::vector<std::string>& chain) {
  const std::optional<Source> source = make_source(text, path, sink);
  if (!source) return std::nullopt;
  const std::optional<SplitSource> split = split_front_matter(*source, sink);
  if (!split) return std::nullopt;
  std::optional<FrontMatter> front = parse_front_matter(*source, *split, sink);
  std::optional<MarkdownBody> body = read_markdown(*source, *split, sink);
  if (!body) return std::nullopt;
  // The tables do not depend on the front matter, nor the movement phrases on the other
  // tables: a file with errors there still has them read, so one run reports them all.
  bool complete = false;
  const Document doc = build_document(
      path, front ? std::move(*front) : FrontMatter{}, std::move(*body), sink, complete);
  if (!front || !complete) {
    check_movement(doc, sink);
    return std::nullopt;
  }
  std::optional<ir::RuleSet> parent;
  if (doc.front.parent) {
    chain.push_back(canonical_path(path));
    parent = resolve_parent(
        *doc.front.parent, path, options, chain, sink,
        [&](const std::string& parent_path, std::vector<std::string>& parent_chain) {
          const std::optional<std::string> bytes = read_file_bytes(parent_path, sink);
          if (!bytes) return std::optional<ir::RuleSet>();
          return compile_text(*bytes, parent_path, sink, options, parent_chain);
        });
    chain.pop_back();
    if (!parent) return std::nullopt;
  }
  return lower(doc, parent ? &*parent : nullptr, sink);
}

}  // namespace

std::optional<ir::RuleSet> compile_file(const std::string& path, DiagnosticSink& sink,
                                        const Options& options) {
  const std::optional<std::string> bytes = read_file_bytes(path, sink);
  if (!bytes) return std::nullopt;
  return compile_source(*bytes, path, sink, options);
}

std::optional<ir::RuleSet> compile_source(std::string_view text, const std::string& path,
                                          DiagnosticSink& sink, const Options& options) {
  std::vector<std::string> chain;
  return compile_text(text, path, sink, options, chain);
}

}  // namespace koma::compiler
