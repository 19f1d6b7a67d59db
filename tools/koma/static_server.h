// A small HTTP/1.1 server for a folder of static files on the loopback interface, for
// `koma playground`: GET and HEAD only, one request per connection, nothing outside the folder.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace koma::cli {

/// The file a request target names inside `root` (an absolute, canonical folder): the path
/// part of the target, %-decoded, "/" meaning index.html. Empty when the target is malformed
/// or would leave the folder ("..", a NUL, a backslash, a symbolic link pointing out).
std::optional<std::string> resolve_request_path(const std::string& root, std::string_view target);

/// The Content-Type for a file name: text/html, text/javascript, application/wasm, text/css,
/// image/svg+xml, image/png, text/markdown, application/json; else application/octet-stream.
std::string_view mime_type(std::string_view file_name);

/// Listens on 127.0.0.1:`port` (0: any free port). Throws CliError when it cannot.
class StaticServer {
 public:
  StaticServer(std::string root, std::uint16_t port);
  ~StaticServer();
  StaticServer(const StaticServer&) = delete;
  StaticServer& operator=(const StaticServer&) = delete;

  /// The port it listens on.
  std::uint16_t port() const { return port_; }
  /// Answers requests until the process ends.
  [[noreturn]] void run();

 private:
  void answer(int connection) const;

  std::string root_;
  int listener_ = -1;
  std::uint16_t port_ = 0;
};

}  // namespace koma::cli
