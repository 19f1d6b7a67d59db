// Variant::load: checks a RuleSet (variant_check.cpp), builds its tables (variant_tables.cpp,
// zobrist.cpp), and answers questions about dialects and squares.
#include "variant.h"

#include <utility>

#include "bitboard.h"
#include "position.h"
#include "variant_build.h"

namespace koma {

Result<std::shared_ptr<const Variant>> Variant::load(ir::RuleSet rules) {
  if (auto e = detail::check_rules(rules)) return *e;
  std::shared_ptr<Variant> v(new Variant());
  v->rules_ = std::move(rules);
  if (auto e = detail::build_tables(v->rules_, v->tables_)) return *e;
  detail::build_keys(v->tables_);
  v->tables_.bitboard = build_bitboard_tables(v->rules_, v->tables_);
  std::shared_ptr<const Variant> loaded(std::move(v));
  const Position start(loaded);
  if (auto e = start.check_side_not_to_move()) {
    return detail::ir_error("ir-start-royal-capturable", "the start position is illegal: " + e->message);
  }
  if (auto e = start.check_material_limit()) {
    return detail::ir_error("ir-bad-setup", "the start position is too large: " + e->message);
  }
  return loaded;
}

int Variant::bitboard_width() const { return tables_.bitboard ? tables_.bitboard->width : 0; }

int Variant::dialect(std::string_view name) const {
  if (name == rules_.notation) return kNativeDialect;
  for (std::size_t i = 0; i < rules_.dialects.size(); ++i) {
    if (rules_.dialects[i].name == name) return static_cast<int>(i);
  }
  return kUnknownDialect;
}

int Variant::square(int file, int rank) const {
  const Tables& t = tables_;
  if (file < 1 || file > t.files || rank < 1 || rank > t.ranks) return -1;
  return detail::square_index(t, file, rank);
}

}  // namespace koma
