// concat: joins pieces of text into one string (also sidesteps a false -Wrestrict of GCC 12
// on `"literal" + std::string` chains).
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

namespace koma::records {

inline std::string concat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view p : parts) out.append(p);
  return out;
}

}  // namespace koma::records
