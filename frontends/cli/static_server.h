// A small HTTP/1.1 server for a folder of static files on the loopback interface, for
// `koma playground`: GET and HEAD only, one request per connection, nothing outside the folder.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace koma::cli {

/// A request head read: its method and target when `status` is 200, else the error status
/// to answer (400 malformed, 405 a method other than GET and HEAD, 505 not HTTP/1.x).
struct RequestHead {
  int status = 400;
  std::string method;
  std::string target;
};

/// Reads the request line of `head` (the bytes received, up to and including the blank line
/// when it came): "METHOD TARGET HTTP/1.x" and CRLF. The headers after it are not judged.
RequestHead parse_request_head(std::string_view head);

/// The file a request target names inside `root` (an absolute, canonical folder): the path
/// part of the target, %-decoded, "/" meaning index.html. Empty when the target is malformed
/// or would leave the folder ("..", a NUL, a backslash, a symbolic link pointing out).
std::optional<std::string> resolve_request_path(const std::string& root, std::string_view target);

/// The Content-Type for a file name: text/html, text/javascript, application/wasm, text/css,
/// image/svg+xml, image/png, text/markdown, application/json; else application/octet-stream.
std::string_view mime_type(std::string_view file_name);

/// How much one client may take of the server.
struct ServerLimits {
  int max_connections = 64;                       ///< served at once; more are answered 503
  std::chrono::milliseconds head_time{10'000};    ///< from accept to the end of the head (408)
  std::chrono::milliseconds answer_time{30'000};  ///< from the head to the answer's last byte
};

/// Listens on 127.0.0.1:`port` (0: any free port) and serves its connections together, in one
/// thread, each within `limits`. Throws CliError when it cannot.
class StaticServer {
 public:
  StaticServer(std::string root, std::uint16_t port, ServerLimits limits = {});
  ~StaticServer();
  StaticServer(const StaticServer&) = delete;
  StaticServer& operator=(const StaticServer&) = delete;

  /// The port it listens on.
  std::uint16_t port() const { return port_; }
  /// Answers requests until stop() is called.
  void run();
  /// Makes run() return soon; callable from any thread.
  void stop();

 private:
  struct Connection;
  using Clock = std::chrono::steady_clock;
  /// Takes the connections waiting, answering 503 to those beyond the limit.
  void accept_all(std::vector<Connection>& connections, Clock::time_point now) const;
  /// Reads or writes what `connection` is ready for; false once it is to be closed.
  bool step(Connection& connection, Clock::time_point now) const;
  /// The whole answer to a request.
  std::string answer(const RequestHead& request) const;

  std::string root_;
  ServerLimits limits_;
  int listener_ = -1;
  int wake_[2] = {-1, -1};  ///< a pipe stop() writes to
  std::uint16_t port_ = 0;
};

}  // namespace koma::cli
