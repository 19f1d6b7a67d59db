// The playground's file server: how it reads a request line, which request targets name a file
// inside its folder, the content types it sends, and that no client holds it for another.
#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "static_server.h"

using namespace koma::cli;
namespace fs = std::filesystem;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

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

/// A server running in its own thread, stopped and joined on destruction.
class RunningServer {
 public:
  RunningServer(const std::string& root, ServerLimits limits)
      : server_(root, 0, limits), thread_([this] { server_.run(); }) {}
  ~RunningServer() {
    server_.stop();
    thread_.join();
  }
  RunningServer(const RunningServer&) = delete;
  RunningServer& operator=(const RunningServer&) = delete;
  std::uint16_t port() const { return server_.port(); }

 private:
  StaticServer server_;
  std::thread thread_;
};

/// A connection to 127.0.0.1:`port`, closed on destruction.
class Client {
 public:
  explicit Client(std::uint16_t port) : socket_(::socket(AF_INET, SOCK_STREAM, 0)) {
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(port);
    REQUIRE(::connect(socket_, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0);
  }
  ~Client() { ::close(socket_); }
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  /// False when the server has closed the connection.
  bool send(std::string_view text) {
    return ::send(socket_, text.data(), text.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(text.size());
  }
  /// Whether the server has answered or closed the connection within `wait`.
  bool answered_within(std::chrono::milliseconds wait) {
    pollfd polled{socket_, POLLIN, 0};
    return ::poll(&polled, 1, static_cast<int>(wait.count())) == 1;
  }
  /// What the server sends until it closes the connection or `wait` passes.
  std::string receive(std::chrono::milliseconds wait) {
    std::string got;
    const Clock::time_point end = Clock::now() + wait;
    char buffer[4096];
    while (Clock::now() < end) {
      pollfd polled{socket_, POLLIN, 0};
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - Clock::now());
      if (::poll(&polled, 1, static_cast<int>(left.count()) + 1) != 1) break;
      const ssize_t n = ::recv(socket_, buffer, sizeof buffer, 0);
      if (n <= 0) break;
      got.append(buffer, static_cast<std::size_t>(n));
    }
    return got;
  }

 private:
  int socket_;
};

}  // namespace

TEST_CASE("a request line is read into its method and target, or the status that refuses it") {
  const RequestHead get = parse_request_head("GET /app.js?v=2 HTTP/1.1\r\nHost: x\r\n\r\n");
  CHECK(get.status == 200);
  CHECK(get.method == "GET");
  CHECK(get.target == "/app.js?v=2");
  const RequestHead head = parse_request_head("HEAD / HTTP/1.0\r\n");
  CHECK(head.status == 200);
  CHECK(head.method == "HEAD");
  CHECK(parse_request_head("POST / HTTP/1.1\r\n\r\n").status == 405);
  CHECK(parse_request_head("get / HTTP/1.1\r\n\r\n").status == 405);
  CHECK(parse_request_head("GET / HTTP/2.0\r\n\r\n").status == 505);
  CHECK(parse_request_head("GET / HTTP/1.1").status == 400);       // no end of line
  CHECK(parse_request_head("GET /\r\n\r\n").status == 400);            // no version
  CHECK(parse_request_head("GET  / HTTP/1.1\r\n").status == 400);  // an empty part
  CHECK(parse_request_head("GET / x HTTP/1.1\r\n").status == 400);
  CHECK(parse_request_head("GET /\t HTTP/1.1\r\n").status == 400);
  CHECK(parse_request_head("G(T / HTTP/1.1\r\n").status == 400);
  CHECK(parse_request_head("GET / HTTP/1.1x\r\n").status == 400);
  CHECK(parse_request_head("").status == 400);
}

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

TEST_CASE("a client sending its request a byte a second neither delays another nor outlasts its deadline") {
  const std::string root = scratch_site("slow-client");
  RunningServer server(root, ServerLimits{.head_time = 2000ms});
  Client slow(server.port());
  const Clock::time_point start = Clock::now();
  const std::string request = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + std::string(64, 'a');
  std::thread trickle([&] {  // for six seconds at most, well past the deadline
    for (std::size_t i = 0; i < 6; ++i) {
      if (slow.answered_within(1000ms) || !slow.send(request.substr(i, 1))) return;
    }
  });
  std::this_thread::sleep_for(1500ms);

  Client other(server.port());
  const Clock::time_point asked = Clock::now();
  REQUIRE(other.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
  const std::string answer = other.receive(3000ms);
  CHECK(Clock::now() - asked < 1000ms);
  CHECK(answer.starts_with("HTTP/1.1 200 OK\r\n"));
  CHECK(answer.ends_with("<p>index</p>"));

  // The slow client gets 408 at its deadline, two seconds after it connected.
  trickle.join();
  const std::string timed_out = slow.receive(1000ms);
  const auto held = Clock::now() - start;
  CHECK(timed_out.starts_with("HTTP/1.1 408 Request Timeout\r\n"));
  CHECK(held > 1500ms);
  CHECK(held < 4000ms);
}

TEST_CASE("connections beyond the limit are answered 503 at once, the others still served") {
  const std::string root = scratch_site("limit");
  RunningServer server(root, ServerLimits{.max_connections = 2});
  Client first(server.port());
  Client second(server.port());
  Client third(server.port());
  CHECK(third.receive(1000ms).starts_with("HTTP/1.1 503 Service Unavailable\r\n"));
  REQUIRE(first.send("HEAD /app.js HTTP/1.1\r\n\r\n"));
  const std::string answer = first.receive(1000ms);
  CHECK(answer.starts_with("HTTP/1.1 200 OK\r\n"));
  CHECK(answer.find("Content-Length: 2\r\n") != std::string::npos);
  CHECK(answer.ends_with("\r\n\r\n"));
}
