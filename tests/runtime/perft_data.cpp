// Reading tests/data/perft.txt (see perft_data.h).
#include "perft_data.h"

#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include "support/variants.h"

namespace koma::test {

namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(' ');
  const auto e = s.find_last_not_of(' ');
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

}  // namespace

std::string PerftRow::describe() const {
  return "perft.txt line " + std::to_string(line) + ": " + variant + " depth " + std::to_string(depth) + " `" +
         sfen + "` expects " + std::to_string(nodes) + " (" + source + ")";
}

std::vector<PerftRow> read_perft_rows(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<PerftRow> rows;
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    if (trim(text).empty() || trim(text)[0] == '#') continue;
    std::vector<std::string> cells;
    std::stringstream ss(text);
    for (std::string cell; std::getline(ss, cell, '|');) cells.push_back(trim(cell));
    if (cells.size() != 6) throw std::runtime_error(path + ":" + std::to_string(line) + ": expected 6 cells");
    PerftRow row;
    row.line = line;
    row.variant = cells[0];
    row.depth = std::stoi(cells[1]);
    row.nodes = std::stoull(cells[2]);
    row.slow = cells[3] == "slow";
    row.sfen = cells[4];
    row.source = cells[5];
    rows.push_back(row);
  }
  return rows;
}

std::shared_ptr<const Variant> variant_named(const std::string& name) {
  static std::map<std::string, std::shared_ptr<const Variant>> cache;
  if (auto it = cache.find(name); it != cache.end()) return it->second;
  ir::RuleSet rules;
  if (name == "shogi") rules = standard_shogi();
  else if (name == "kyoto") rules = kyoto_shogi();
  else if (name == "heian") rules = heian_shogi();
  else if (name == "micro") rules = micro_shogi();
  else if (name == "toy12") rules = toy_large();
  else if (name == "dobutsu") rules = dobutsu_shogi();
  else if (name == "sho") rules = sho_shogi();
  else if (name == "check") rules = check_shogi();
  else if (name == "annan") rules = annan_shogi();
  else if (name == "cannon") rules = cannon_shogi();
  else if (name == "whale") rules = whale_shogi();
  else if (name == "wa") rules = wa_shogi();
  else if (name == "jumping") rules = jumping_shogi();
  else if (name == "capture-emperor") rules = capture_emperor_test();
  else if (name == "capture-emperor-open") rules = capture_emperor_open_test();
  else if (name == "many-moves") rules = many_moves_test();
  else if (name == "many-types") rules = many_types_test();
  else if (name == "wide-kinds") rules = wide_kinds_test();
  else if (name == "tenjiku-mechanisms") rules = tenjiku_mechanisms();
  else if (name == "tenjiku-burning") rules = tenjiku_burning();
  else if (name == "hook-movers") rules = hook_movers();
  else if (name == "range-capturers") rules = range_capturers();
  else if (name == "taikyoku-mechanisms") rules = taikyoku_mechanisms();
  else if (name == "lion3-mechanisms") rules = lion3_mechanisms();
  else throw std::runtime_error("unknown variant in perft data: " + name);
  auto loaded = Variant::load(std::move(rules));
  if (!loaded) throw std::runtime_error("cannot load " + name + ": " + loaded.error().message);
  return cache[name] = loaded.value();
}

}  // namespace koma::test
