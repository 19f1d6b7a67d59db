// Reads standard input and exits 0 when it is one well-formed JSON document, 1 otherwise.
#include <iostream>
#include <iterator>
#include <string>

#include <nlohmann/json.hpp>

int main() {
  const std::string text{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
  if (!nlohmann::json::accept(text)) {
    std::cerr << "json_check: not well-formed JSON\n";
    return 1;
  }
  return 0;
}
