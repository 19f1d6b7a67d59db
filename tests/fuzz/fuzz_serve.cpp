// libFuzzer target: a `koma serve` session. The input is a JSON-lines session (requests, one a
// line) answered by one Server, as `koma serve` answers its standard input. Every answer must be
// one line of JSON, an object whose "ok" is a boolean, carrying "error.code" when it is false,
// and echoing the request's id exactly when the request gave one that could be read.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "serve.h"

namespace {

[[noreturn]] void fail(const std::string& what, std::string_view request, const std::string& answer) {
  std::fprintf(stderr, "invariant broken: %s\n  request: %.*s\n  answer: %s\n", what.c_str(),
               static_cast<int>(request.size()), request.data(), answer.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using Json = nlohmann::json;
  if (size > 65536) return 0;
  // A small perft budget keeps each run short; the limit's own code path is the same. One server
  // for the process keeps its compiled variants; each session starts with no position held.
  static koma::cli::Server server(koma::cli::ServeOptions{.perft_nodes = 20000});
  server.forget_positions();
  const std::string_view session(reinterpret_cast<const char*>(data), size);
  for (std::size_t begin = 0; begin < session.size();) {
    std::size_t end = session.find('\n', begin);
    if (end == std::string_view::npos) end = session.size();
    const std::string_view request = session.substr(begin, end - begin);
    begin = end + 1;
    const std::string answer = server.answer(request);
    if (answer.find('\n') != std::string::npos) fail("an answer spans lines", request, answer);
    const Json parsed = Json::parse(answer, nullptr, false);
    if (parsed.is_discarded() || !parsed.is_object()) fail("an answer is not a JSON object", request, answer);
    if (!parsed.contains("ok") || !parsed["ok"].is_boolean()) fail("an answer has no boolean ok", request, answer);
    if (!parsed["ok"].get<bool>() && !parsed["error"]["code"].is_string()) {
      fail("an error answer has no code", request, answer);
    }
    // An id that a JSON parser reads from the request comes back equal to it.
    const Json asked = Json::parse(request, nullptr, false);
    if (parsed["ok"].get<bool>() && asked.is_object() && asked.contains("id") &&
        (!parsed.contains("id") || parsed["id"] != asked["id"])) {
      fail("the id does not come back", request, answer);
    }
  }
  return 0;
}
