// Legal-move lists per second called directly, the baseline the front ends are measured against:
// the runtime's list (Position::legal_moves), libkoma's list with move data (Game::legal_moves),
// and that list as JSON text (what koma serve and the WebAssembly module hand over).
// usage: koma_move_lists_bench [VARIANT [SFEN]] [--seconds S]
#include <chrono>
#include <ctime>
#include <cstdio>
#include <string>

#include "game_session.h"
#include "variant_source.h"

namespace {

double cpu_now() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

/// Calls `list` for `seconds` of CPU time; returns calls per CPU second.
template <class List>
double rate(double seconds, List list) {
  std::size_t calls = 0;
  std::size_t sink = 0;
  const double start = cpu_now();
  double elapsed = 0;
  while (elapsed < seconds) {
    for (int i = 0; i < 1000; ++i) sink += list();
    calls += 1000;
    elapsed = cpu_now() - start;
  }
  if (sink == 42) std::puts("");  // keeps the work from being optimised away
  return static_cast<double>(calls) / elapsed;
}

}  // namespace

int main(int argc, char** argv) {
  std::string variant_name = "shogi", sfen;
  double seconds = 1.0;
  int positional = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--seconds" && i + 1 < argc) {
      seconds = std::stod(argv[++i]);
    } else if (positional++ == 0) {
      variant_name = arg;
    } else {
      sfen = arg;
    }
  }
  auto loaded = koma::lib::load_variant(variant_name);
  if (!loaded) {
    std::fprintf(stderr, "koma_move_lists_bench: %s\n", loaded.error().message.c_str());
    return 1;
  }
  koma::lib::GameSetup setup;
  if (!sfen.empty()) setup.sfen = sfen;
  auto game = koma::lib::Game::start(loaded->variant, setup);
  if (!game) {
    std::fprintf(stderr, "koma_move_lists_bench: %s\n", game.error().message.c_str());
    return 1;
  }
  const koma::Position& position = game->position();
  const double runtime = rate(seconds, [&] { return position.legal_moves().size(); });
  const double with_data = rate(seconds, [&] { return game->legal_moves().size(); });
  const double as_json = rate(seconds, [&] {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& move : game->legal_moves()) list.push_back(koma::lib::move_json(move));
    return list.dump().size();
  });
  std::printf("%s: %zu legal moves; lists per CPU second: runtime %.0f, libkoma with move data %.0f, "
              "as JSON %.0f\n", variant_name.c_str(), position.legal_moves().size(), runtime, with_data, as_json);
  return 0;
}
