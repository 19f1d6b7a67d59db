// `koma serve`'s limits, asked of the Server directly: each is checked before the work it bounds,
// and a request that breaks one gets its error code while the server carries on.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "serve.h"
#include "variant_source.h"

namespace {

using koma::cli::Server;
using Json = nlohmann::json;
namespace fs = std::filesystem;

Json ask(Server& server, const std::string& line) { return Json::parse(server.answer(line)); }

std::string error_code(Server& server, const std::string& line) {
  const Json answer = ask(server, line);
  if (answer.at("ok").get<bool>()) return "ok";
  return answer.at("error").at("code").get<std::string>();
}

/// A scratch folder removed at the end of the test.
struct ScratchFolder {
  fs::path path;
  explicit ScratchFolder(const std::string& name)
      : path(fs::temp_directory_path() / (name + std::to_string(::getpid()))) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~ScratchFolder() { fs::remove_all(path); }
};

void copy_bundled(const std::string& slug, const fs::path& to) {
  fs::copy_file(fs::path(koma::lib::variants_dir()) / (slug + ".md"), to,
                fs::copy_options::overwrite_existing);
}

}  // namespace

TEST_CASE("serve: an id nested 70,000 deep is refused before it is parsed or echoed") {
  Server server;
  const std::string deep(70000, '[');
  const std::string line = "{\"id\":" + deep + std::string(70000, ']') + ",\"cmd\":\"status\",\"variant\":\"shogi\"}";
  const Json answer = ask(server, line);
  CHECK(answer.at("error").at("code") == "request-too-deep");
  CHECK_FALSE(answer.contains("id"));
  CHECK(error_code(server, R"({"cmd":"status","variant":"shogi"})") == "ok");
}

TEST_CASE("serve: an id comes back exactly as it was written") {
  Server server;
  const std::string big = "123456789012345678901234567890";
  CHECK(server.answer("{\"id\":" + big + ",\"cmd\":\"close\",\"position\":\"p9\"}")
            .starts_with("{\"id\":" + big + ","));
  CHECK(server.answer(R"({"id": -0 ,"cmd":"status","variant":"shogi"})").starts_with(R"({"id":-0,"ok":true)"));
  CHECK(server.answer(R"({"cmd":"status","id":{"a":[1,"]"]},"variant":"shogi"})")
            .starts_with(R"({"id":{"a":[1,"]"]},"ok":true)"));
}

TEST_CASE("serve: a key given twice, a NUL in a field and an over-long id are refused") {
  Server server;
  CHECK(error_code(server, R"({"cmd":"status","variant":"shogi","variant":"kyoto-shogi"})") == "duplicate-key");
  CHECK(error_code(server, R"({"cmd":"status","variant":"shogi","vari\u0061nt":"kyoto-shogi"})") == "duplicate-key");
  CHECK(error_code(server, R"({"cmd":"status","variant":"shogi\u0000"})") == "bad-field");
  CHECK(error_code(server, R"({"cmd":"moves","variant":"shogi","moves":["7g7f\u0000"]})") == "bad-field");
  const std::string id(koma::cli::kMaxIdBytes + 1, '1');
  CHECK(error_code(server, "{\"id\":" + id + ",\"cmd\":\"status\",\"variant\":\"shogi\"}") == "bad-field");
  CHECK(error_code(server, "{\"id\":" + id.substr(1) + ",\"cmd\":\"status\",\"variant\":\"shogi\"}") == "ok");
}

TEST_CASE("serve: every spelling of one file shares one compiled variant, and the cache is bounded") {
  ScratchFolder folder("koma-serve-cache-");
  copy_bundled("minishogi", folder.path / "mini.md");
  Server server(koma::cli::ServeOptions{.folders = {fs::canonical(folder.path)}});
  const std::string dir = folder.path.string();
  for (const std::string& spelling : {dir + "/mini.md", dir + "/./mini.md", dir + "//mini.md",
                                      dir + "/../" + folder.path.filename().string() + "/mini.md"}) {
    CHECK(error_code(server, Json{{"cmd", "status"}, {"variant", spelling}}.dump()) == "ok");
  }
  CHECK(server.cached_variants() == 1);
  // Many files: the cache keeps the most recently used ones only.
  for (std::size_t i = 0; i < koma::cli::kMaxCachedVariants + 4; ++i) {
    const fs::path file = folder.path / fmt::format("m{}.md", i);
    copy_bundled("minishogi", file);
    std::ofstream(file, std::ios::app) << "\nCopy " << i << ".\n";
    CHECK(error_code(server, Json{{"cmd", "status"}, {"variant", file.string()}}.dump()) == "ok");
  }
  CHECK(server.cached_variants() == koma::cli::kMaxCachedVariants);
}

TEST_CASE("serve: a changed file is compiled again") {
  ScratchFolder folder("koma-serve-change-");
  const fs::path file = folder.path / "mini.md";
  copy_bundled("minishogi", file);
  Server server(koma::cli::ServeOptions{.folders = {fs::canonical(folder.path)},
                                        .recheck_after = std::chrono::milliseconds(0)});
  const std::string request = Json{{"cmd", "validate"}, {"variant", file.string()}}.dump();
  const std::string status = Json{{"cmd", "status"}, {"variant", file.string()}}.dump();
  CHECK(error_code(server, status) == "ok");
  std::ofstream(file, std::ios::trunc) << "---\ntitle: broken\n";
  CHECK(error_code(server, status) == "variant-does-not-compile");
  CHECK_FALSE(ask(server, request).at("valid").get<bool>());
}

TEST_CASE("serve: only the bundled variants and the allowed folders are read, and a refusal tells nothing") {
  ScratchFolder outside("koma-serve-outside-");
  copy_bundled("minishogi", outside.path / "mini.md");
  std::ofstream(outside.path / "secret.md") << "---\ndb_password: hunter2\n---\n";
  fs::create_directories(outside.path / "folder.md");
  Server server;
  std::string message;
  for (const std::string name : {"mini.md", "secret.md", "folder.md", "missing.md"}) {
    const Json answer = ask(server, Json{{"cmd", "validate"}, {"variant", (outside.path / name).string()}}.dump());
    CHECK(answer.at("error").at("code") == "unknown-variant");
    const std::string text = answer.at("error").at("message").get<std::string>();
    CHECK(text.find("hunter2") == std::string::npos);
    CHECK(text.find("db_password") == std::string::npos);
    // The same words for every kind of path, whatever it is.
    const std::string shape(text, text.find("':"));
    if (message.empty()) message = shape;
    CHECK(shape == message);
  }
  CHECK(error_code(server, R"({"cmd":"validate","variant":"/etc/shadow"})") == "unknown-variant");
  // Text sent in a request may not reach a parent in a folder that is not allowed.
  const Json text = ask(server, Json{{"cmd", "validate"},
                                     {"text", "---\ntitle: Child\nslug: child\nparent: secret\n---\n"},
                                     {"path", (outside.path / "child.md").string()}}.dump());
  CHECK(text.dump().find("hunter2") == std::string::npos);
  CHECK(text.dump().find("db_password") == std::string::npos);
  bool missing_parent = false;
  for (const Json& diagnostic : text.at("diagnostics")) missing_parent |= diagnostic.at("code") == "missing-parent";
  CHECK(missing_parent);
  // With --allow the folder's files are read.
  Server allowed(koma::cli::ServeOptions{.folders = {fs::canonical(outside.path)}});
  CHECK(error_code(allowed, Json{{"cmd", "status"}, {"variant", (outside.path / "mini.md").string()}}.dump()) == "ok");
  CHECK(error_code(allowed, R"({"cmd":"validate","variant":"/etc/shadow"})") == "unknown-variant");
}

TEST_CASE("serve: a held position's history and all held histories are bounded") {
  Server server;
  REQUIRE(ask(server, R"({"cmd":"new","variant":"minishogi"})").at("position") == "p1");
  // Kings walk back and forth: four moves that repeat, 5,000 times over.
  std::string moves;
  for (std::size_t i = 0; i * 4 < koma::cli::kMaxPliesPerPosition + 8; ++i) moves += " 5e4d 1a2b 4d5e 2b1a";
  const Json over = ask(server, Json{{"cmd", "play"}, {"position", "p1"}, {"moves", moves}}.dump());
  CHECK(over.at("error").at("code") == "too-many-plies");
  CHECK(server.held_plies() == 0);
  CHECK(error_code(server, Json{{"cmd", "moves"}, {"variant", "minishogi"}, {"moves", moves}}.dump()) ==
        "too-many-plies");
  CHECK(error_code(server, R"({"cmd":"play","position":"p1","moves":"5e4d 1a2b"})") == "ok");
  CHECK(server.held_plies() == 2);
  CHECK(error_code(server, R"({"cmd":"new","position":"p1"})") == "ok");
  CHECK(server.held_plies() == 4);
  CHECK(error_code(server, R"({"cmd":"undo","position":"p2"})") == "ok");
  CHECK(server.held_plies() == 3);
  CHECK(error_code(server, R"({"cmd":"close","position":"p1"})") == "ok");
  CHECK(server.held_plies() == 1);
}

TEST_CASE("serve: perft stops at its node budget with an error, and the position is unchanged") {
  Server server;
  REQUIRE(error_code(server, R"({"cmd":"new","variant":"shogi"})") == "ok");
  const Json too_big = ask(server, R"({"id":1,"cmd":"perft","position":"p1","depth":7})");
  CHECK(too_big.at("error").at("code") == "perft-too-large");
  CHECK(ask(server, R"({"cmd":"perft","position":"p1","depth":3})").at("nodes") == 25470);
  CHECK(ask(server, R"({"cmd":"status","position":"p1"})").at("sfen") ==
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
}

TEST_CASE("serve: render draws the position the request sets up, as koma render does") {
  Server server;
  const Json answer = ask(server, R"({"cmd":"render","variant":"shogi","moves":["7g7f"],"title":"after 7g7f"})");
  REQUIRE(answer.at("ok").get<bool>());
  const std::string svg = answer.at("svg").get<std::string>();
  CHECK(svg.starts_with("<?xml"));
  CHECK(svg.find("<title>after 7g7f</title>") != std::string::npos);
  CHECK(error_code(server, R"({"cmd":"render","variant":"shogi","moves":["7g7e"]})") == "move-illegal");
}

TEST_CASE("serve: a record is judged, converted, and its problems are located") {
  Server server;
  const Json judged = ask(server, R"({"cmd":"record","variant":"shogi","text":"7g7f 3c3d 8h2b+ resign"})");
  REQUIRE(judged.at("ok").get<bool>());
  CHECK(judged.at("verdict").at("rule") == "resignation");
  CHECK(judged.at("verdict").at("ply") == 3);
  const Json bytes = ask(server, R"({"cmd":"record","variant":"shogi","text":"7g7f","to":"kif","to_encoding":"shift-jis"})");
  REQUIRE(bytes.at("ok").get<bool>());
  CHECK(bytes.at("bytes").is_array());
  CHECK(bytes.at("bytes").at(0) == 0x8e);  // 手 in Shift-JIS
  CHECK(error_code(server, R"({"cmd":"record","variant":"shogi","text":"","format":"kif"})") == "empty-record");
}

TEST_CASE("serve: moves in words, parallel to the moves; a play that cannot be written is taken back") {
  Server server;
  REQUIRE(error_code(server, R"({"cmd":"new","variant":"shogi","moves":"7g7f 3c3d"})") == "ok");
  const Json listed = ask(server, R"({"cmd":"moves","position":"p1","notation":"western"})");
  REQUIRE(listed.at("words").size() == listed.at("moves").size());
  const Json moves = listed.at("moves");
  const auto bishop = std::find(moves.begin(), moves.end(), "8h2b+") - moves.begin();
  CHECK(listed.at("words").at(static_cast<std::size_t>(bishop)) == "Bx2b+");
  const Json played = ask(server, R"({"cmd":"play","position":"p1","moves":"8h2b+ 3a2b","notation":"japanese","signs":"triangles"})");
  CHECK(played.at("words") == Json::array({"▲２二角成", "△同　銀"}));
  CHECK(ask(server, R"({"cmd":"status","position":"p1","notation":"japanese"})").at("last_move") == "☖同　銀");
  CHECK(error_code(server, R"({"cmd":"moves","position":"p1","notation":"kanji"})") == "unknown-notation");
  CHECK(error_code(server, R"({"cmd":"moves","position":"p1","notation":"usi","signs":"dots"})") == "unknown-signs");
  // Pieces without Japanese names: the error, and the held position as it was.
  ScratchFolder folder("koma-serve-words-");
  fs::copy_file(fs::path(KOMA_SOURCE_DIR) / "tests/cli/data/no_japanese_names.md", folder.path / "plain.md");
  Server plain(koma::cli::ServeOptions{.folders = {fs::canonical(folder.path)}});
  const std::string file = (folder.path / "plain.md").string();
  REQUIRE(error_code(plain, Json{{"cmd", "new"}, {"variant", file}}.dump()) == "ok");
  CHECK(error_code(plain, R"({"cmd":"play","position":"p1","moves":"5d5b","notation":"japanese"})") ==
        "notation-no-japanese-name");
  CHECK(plain.held_plies() == 0);
  CHECK(ask(plain, R"({"cmd":"status","position":"p1"})").at("sfen") == "2k2/5/5/R4/2K1L b - 1");
}
