// `koma selfplay VARIANT` (not listed in --help): the search at a node budget plays games
// against a random mover or a one-ply material mover, alternating sides, and reports the score.
// tools/selfplay.sh runs it for many games; the tests run a few and require every one won.
#include <memory>
#include <random>
#include <string>

#include <fmt/core.h>

#include "cli_error.h"
#include "cli_variant.h"
#include "commands.h"
#include "output_format.h"
#include "position_setup.h"
#include "search.h"

namespace koma::cli {

namespace {

struct SelfplayArgs {
  std::string variant;
  int games = 10;
  std::uint64_t nodes = 2000;
  std::string opponent = "random";
  std::uint64_t seed = 1;
  int max_plies = 600;
  bool require_wins = false;
};

/// The opponent's move: uniformly random, or the move leaving the best material (a win first),
/// ties broken at random.
Move opponent_move(Position& position, const std::string& kind, const search::Evaluator& eval, std::mt19937_64& rng) {
  const std::vector<Move> legal = position.legal_moves();
  if (kind == "random") return legal[rng() % legal.size()];
  std::vector<Move> best;
  int best_score = 0;
  for (Move m : legal) {
    const ir::Side mover = position.side_to_move();
    position.make(m);
    const GameStatus status = position.status();
    const int score = status.ended && status.winner == mover ? 1 << 20 : -eval.material(position);
    position.unmake();
    if (best.empty() || score > best_score) {
      best.assign(1, m);
      best_score = score;
    } else if (score == best_score) {
      best.push_back(m);
    }
  }
  return best[rng() % best.size()];
}

/// One game; returns +1 when the search wins, 0 for a draw, -1 for a loss, and how it ended.
std::pair<int, std::string> play_game(const std::shared_ptr<const Variant>& variant, search::Searcher& searcher,
                                      const SelfplayArgs& args, int engine_side, std::mt19937_64& rng) {
  Position position(variant);
  search::Control control;
  search::Limits limits;
  limits.nodes = args.nodes;
  limits.resign_when_mated = true;
  searcher.clear();
  auto result = [&](std::optional<ir::Side> winner, const std::string& how) {
    const int score = !winner ? 0 : static_cast<int>(*winner) == engine_side ? 1 : -1;
    return std::make_pair(score, fmt::format("{} after {} plies", how, position.history_size()));
  };
  while (true) {
    const GameStatus status = position.status();
    if (status.ended) return result(status.winner, lib::end_kind_name(status.rule));
    if (static_cast<int>(position.history_size()) >= args.max_plies) return result(std::nullopt, "ply limit");
    if (static_cast<int>(position.side_to_move()) != engine_side) {
      position.make(opponent_move(position, args.opponent, searcher.evaluator(), rng));
      continue;
    }
    const search::Decision d = searcher.think(position, limits, control);
    const auto other = static_cast<ir::Side>(engine_side ^ 1);
    if (d.verdict == search::Verdict::resign) return result(other, "resignation");
    if (d.verdict == search::Verdict::win) {
      const koma::Result<GameStatus> declared = position.declare();
      return result(declared.ok() ? declared->winner : std::optional<ir::Side>(other), "declaration");
    }
    position.make(d.best);
  }
}

int run_selfplay(const SelfplayArgs& args) {
  const LoadedVariant loaded = open_variant(args.variant);
  search::Searcher searcher(loaded.variant, 16);
  std::mt19937_64 rng(args.seed);
  int wins = 0, draws = 0, losses = 0;
  for (int game = 0; game < args.games; ++game) {
    const int engine_side = game % 2;
    const auto [score, how] = play_game(loaded.variant, searcher, args, engine_side, rng);
    wins += score > 0;
    draws += score == 0;
    losses += score < 0;
    print_out(fmt::format("game {}: koma as {} vs {}: {} ({})\n", game + 1,
                          loaded.variant->rules().meta.side_names[engine_side], args.opponent,
                          score > 0 ? "win" : score < 0 ? "loss" : "draw", how));
  }
  const double points = wins + 0.5 * draws;
  print_out(fmt::format("{} vs {} at {} nodes: {} games, +{} ={} -{}, score {:.1f}%\n",
                        loaded.variant->rules().meta.slug, args.opponent, args.nodes, args.games, wins, draws,
                        losses, args.games > 0 ? 100.0 * points / args.games : 0.0));
  return args.require_wins && wins != args.games ? kExitFailure : kExitOk;
}

}  // namespace

void add_selfplay(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<SelfplayArgs>();
  CLI::App* command = app.add_subcommand(
      "selfplay", "Play the search at a node budget against a random or a one-ply material mover");
  command->group("");  // a tool for measuring the search, not listed in --help
  command->add_option("VARIANT", args->variant, "Bundled slug or variant file (.md)")->required();
  command->add_option("--games", args->games, "Games to play (sides alternate)")->check(CLI::Range(1, 100000));
  command->add_option("--nodes", args->nodes, "Nodes the search may visit per move")->check(CLI::Range(1, 100000000));
  command->add_option("--opponent", args->opponent, "random or material")
      ->check(CLI::IsMember({"random", "material"}));
  command->add_option("--seed", args->seed, "Seed of the opponent's random choices");
  command->add_option("--max-plies", args->max_plies, "Plies after which a game is a draw")
      ->check(CLI::Range(1, 100000));
  command->add_flag("--require-wins", args->require_wins, "Fail unless the search wins every game");
  command->callback([args, &exit_code] { exit_code = run_selfplay(*args); });
}

}  // namespace koma::cli
