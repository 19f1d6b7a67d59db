// `koma playground [--port N]`: serves the playground's built web page (frontends/web/build.sh) on
// 127.0.0.1 until stopped; the page runs koma compiled to WebAssembly in the browser.
#include <cstdio>
#include <filesystem>
#include <iostream>

#include <fmt/core.h>

#include "cli_error.h"
#include "commands.h"
#include "static_server.h"
#include "variant_source.h"

#ifndef KOMA_WEB_DIR
#define KOMA_WEB_DIR "build-web/web"
#endif
#ifndef KOMA_WEB_FROM_BIN
#define KOMA_WEB_FROM_BIN "../share/koma/web"
#endif

namespace koma::cli {

namespace {

namespace fs = std::filesystem;

struct PlaygroundArgs {
  int port = 8080;
  std::string web;
};

/// Where the built page may be: $KOMA_WEB alone when set; else share/koma/web of the prefix
/// `koma` is installed in, then the web build folder of the source tree it was built from.
std::vector<std::string> web_search_path() {
  return data_search_path("KOMA_WEB", KOMA_WEB_FROM_BIN, KOMA_WEB_DIR);
}

bool has_page(const fs::path& folder) {
  std::error_code error;
  return fs::is_regular_file(folder / "index.html", error) &&
         fs::is_regular_file(folder / "koma-playground.js", error);
}

std::string find_web_folder(const std::string& given) {
  const std::vector<std::string> folders = given.empty() ? web_search_path() : std::vector{given};
  for (const std::string& folder : folders) {
    if (has_page(folder)) return fs::canonical(folder).string();
  }
  std::string searched;
  for (const std::string& folder : folders) searched += (searched.empty() ? "" : ", ") + folder;
  throw CliError(fmt::format("the playground's web files are not built (no index.html and "
                             "koma-playground.js in {}): build them with frontends/web/build.sh",
                             searched));
}

int run_playground(const PlaygroundArgs& args) {
  const std::string folder = find_web_folder(args.web);
  StaticServer server(folder, static_cast<std::uint16_t>(args.port));
  std::cout << fmt::format("koma playground: serving {} at http://127.0.0.1:{}/ (Ctrl-C stops)\n",
                           folder, server.port());
  std::cout.flush();
  std::fflush(stdout);
  server.run();
  return kExitOk;
}

}  // namespace

void add_playground(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<PlaygroundArgs>();
  CLI::App* command = app.add_subcommand(
      "playground",
      "Serve the variant playground on 127.0.0.1: a web page that compiles a variant as you "
      "write it, shows its diagnostics and board, and plays it (built by frontends/web/build.sh).");
  command->add_option("--port", args->port, "Port to listen on (0: any free port)")
      ->check(CLI::Range(0, 65535));
  command->add_option("--web", args->web,
                      "Folder of the built page (default: $KOMA_WEB, share/koma/web of the "
                      "install prefix, or the source tree's build-web/web)");
  command->callback([args, &exit_code] { exit_code = run_playground(*args); });
}

}  // namespace koma::cli
