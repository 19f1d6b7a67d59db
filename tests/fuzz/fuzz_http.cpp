// libFuzzer target: how the playground's server reads a request. The input is a request head for
// parse_request_head; the target it accepts, and the whole input taken as a target, are resolved
// by resolve_request_path inside a scratch folder holding files, a link inside and a link out. A
// head accepted is GET or HEAD with the target of its request line; a resolved path is always a
// canonical file name strictly inside the folder.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "static_server.h"

namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const std::string& what, std::string_view input) {
  std::fprintf(stderr, "invariant broken: %s\n  input: %.*s\n", what.c_str(),
               static_cast<int>(input.size()), input.data());
  std::abort();
}

/// A folder of this process's own, removed at exit: two files, a folder, a link inside, two out.
struct ScratchFolder {
  std::string root;
  ScratchFolder() {
    const fs::path folder = fs::temp_directory_path() / ("koma-fuzz-http-" + std::to_string(::getpid()));
    fs::remove_all(folder);
    fs::create_directories(folder / "sub" / "deeper");
    std::ofstream(folder / "index.html") << "<p>index</p>";
    std::ofstream(folder / "app.js") << "1;";
    std::ofstream(folder / "sub" / "index.html") << "<p>sub</p>";
    fs::create_directory_symlink(folder / "sub", folder / "inside");
    fs::create_directory_symlink(fs::temp_directory_path(), folder / "outside");
    fs::create_symlink("/etc/passwd", folder / "passwd");
    root = fs::canonical(folder).string();
  }
  ~ScratchFolder() {
    std::error_code error;
    fs::remove_all(root, error);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
};

/// Resolves `target` and checks the path it names, if any, is canonical and inside `root`.
void check_resolved(const std::string& root, std::string_view target, std::string_view input) {
  const std::optional<std::string> path = koma::cli::resolve_request_path(root, target);
  if (!path) return;
  if (path->size() <= root.size() + 1 || path->compare(0, root.size(), root) != 0 ||
      (*path)[root.size()] != '/') {
    fail("resolved outside the folder: " + *path, input);
  }
  if (path->find('\0') != std::string::npos) fail("a resolved path holds a NUL", input);
  for (const fs::path& part : fs::path(path->substr(root.size() + 1))) {
    if (part.empty() || part == "." || part == "..") fail("a resolved path holds '" + part.string() + "'", input);
  }
  std::error_code error;
  const fs::path canonical = fs::weakly_canonical(*path, error);
  if (error || canonical.string() != *path) fail("a resolved path is not canonical: " + *path, input);
}

/// Checks what parse_request_head made of `input`.
void check_head(const koma::cli::RequestHead& head, std::string_view input) {
  if (head.status == 400) {
    if (!head.method.empty() || !head.target.empty()) fail("a 400 head carries a method or target", input);
    return;
  }
  if (head.status != 200 && head.status != 405 && head.status != 505) {
    fail("unexpected status " + std::to_string(head.status), input);
  }
  const std::string line = head.method + " " + head.target + " HTTP/";
  if (head.method.empty() || head.target.empty() || !input.starts_with(line)) {
    fail("the method and target are not those of the request line", input);
  }
  const bool get_or_head = head.method == "GET" || head.method == "HEAD";
  if (head.status == 200 && (!get_or_head || !input.substr(line.size()).starts_with("1."))) {
    fail("a 200 head is not a GET or HEAD over HTTP/1.x", input);
  }
  if (head.status == 405 && get_or_head) fail("GET or HEAD refused as a method", input);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 8192) return 0;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  static const ScratchFolder scratch;
  const std::string& root = scratch.root;
  const koma::cli::RequestHead head = koma::cli::parse_request_head(input);
  check_head(head, input);
  if (head.status == 200) check_resolved(root, head.target, input);
  check_resolved(root, input, input);
  return 0;
}
