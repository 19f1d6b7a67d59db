// The playground's file server: which request targets name a file inside its folder, and the
// content types it sends.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "static_server.h"

using namespace koma::cli;
namespace fs = std::filesystem;

namespace {

/// A scratch folder `name` holding index.html, app.js and sub/page.html, and a link pointing
/// outside (one per test case: ctest runs them at once).
std::string scratch_site(const std::string& name) {
  const fs::path root = fs::temp_directory_path() / ("koma-static-server-" + name);
  fs::remove_all(root);
  fs::create_directories(root / "sub");
  std::ofstream(root / "index.html") << "<p>index</p>";
  std::ofstream(root / "app.js") << "1;";
  std::ofstream(root / "sub" / "page.html") << "<p>page</p>";
  fs::create_directory_symlink(fs::temp_directory_path(), root / "outside");
  return fs::canonical(root).string();
}

}  // namespace

TEST_CASE("request targets inside the folder resolve to its files, / to index.html") {
  const std::string root = scratch_site("inside");
  CHECK(resolve_request_path(root, "/") == root + "/index.html");
  CHECK(resolve_request_path(root, "/app.js") == root + "/app.js");
  CHECK(resolve_request_path(root, "/app.js?v=2#top") == root + "/app.js");
  CHECK(resolve_request_path(root, "/sub/page%2Ehtml") == root + "/sub/page.html");
  CHECK(resolve_request_path(root, "/sub/") == root + "/sub/index.html");
}

TEST_CASE("request targets that would leave the folder are refused") {
  const std::string root = scratch_site("outside");
  CHECK_FALSE(resolve_request_path(root, "/../etc/passwd"));
  CHECK_FALSE(resolve_request_path(root, "/sub/../../etc/passwd"));
  CHECK_FALSE(resolve_request_path(root, "/%2e%2e/etc/passwd"));
  CHECK_FALSE(resolve_request_path(root, "/sub/%2e%2e%2f%2e%2e%2fetc"));
  CHECK_FALSE(resolve_request_path(root, "/..%5cetc"));
  CHECK_FALSE(resolve_request_path(root, "/index.html%00.js"));
  CHECK_FALSE(resolve_request_path(root, "/bad%zzescape"));
  CHECK_FALSE(resolve_request_path(root, "/truncated%2"));
  CHECK_FALSE(resolve_request_path(root, "relative.html"));
  CHECK_FALSE(resolve_request_path(root, "//etc/passwd"));
  CHECK_FALSE(resolve_request_path(root, "/outside/anything"));
}

TEST_CASE("files are sent with the content type browsers need for modules and WebAssembly") {
  CHECK(mime_type("index.html") == "text/html; charset=utf-8");
  CHECK(mime_type("koma-playground.js") == "text/javascript; charset=utf-8");
  CHECK(mime_type("koma.wasm") == "application/wasm");
  CHECK(mime_type("playground.css") == "text/css; charset=utf-8");
  CHECK(mime_type("board.svg") == "image/svg+xml");
  CHECK(mime_type("README") == "application/octet-stream");
}
