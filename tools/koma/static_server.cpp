// A small HTTP/1.1 server for a folder of static files on the loopback interface, for
// `koma playground`: GET and HEAD only, one request per connection, nothing outside the folder.
#include "static_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/core.h>

#include "cli_error.h"

namespace koma::cli {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxRequestHead = 8192;  ///< bytes of request line and headers read

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/// %-decodes `text`; empty on a malformed escape.
std::optional<std::string> percent_decode(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out += text[i];
      continue;
    }
    if (i + 2 >= text.size()) return std::nullopt;
    const int high = hex_value(text[i + 1]);
    const int low = hex_value(text[i + 2]);
    if (high < 0 || low < 0) return std::nullopt;
    out += static_cast<char>(high * 16 + low);
    i += 2;
  }
  return out;
}

/// Writes all of `data`; false when the peer went away.
bool send_all(int connection, std::string_view data) {
  while (!data.empty()) {
    const ssize_t sent = ::send(connection, data.data(), data.size(), MSG_NOSIGNAL);
    if (sent < 0 && errno == EINTR) continue;
    if (sent <= 0) return false;
    data.remove_prefix(static_cast<std::size_t>(sent));
  }
  return true;
}

void send_status(int connection, int code, std::string_view reason) {
  const std::string body = fmt::format("{} {}\n", code, reason);
  send_all(connection, fmt::format("HTTP/1.1 {} {}\r\nContent-Type: text/plain; charset=utf-8\r\n"
                                   "Content-Length: {}\r\nConnection: close\r\n\r\n{}",
                                   code, reason, body.size(), body));
}

}  // namespace

std::optional<std::string> resolve_request_path(const std::string& root, std::string_view target) {
  if (target.empty() || target.front() != '/') return std::nullopt;
  target = target.substr(0, target.find_first_of("?#"));
  const std::optional<std::string> decoded = percent_decode(target);
  if (!decoded) return std::nullopt;
  std::string relative = decoded->substr(1);
  if (relative.empty() || relative.back() == '/') relative += "index.html";
  if (relative.find('\0') != std::string::npos || relative.find('\\') != std::string::npos) {
    return std::nullopt;
  }
  for (std::size_t begin = 0; begin <= relative.size();) {
    const std::size_t end = std::min(relative.find('/', begin), relative.size());
    const std::string_view part = std::string_view(relative).substr(begin, end - begin);
    if (part.empty() || part == "." || part == "..") return std::nullopt;
    begin = end + 1;
  }
  // The file itself, its links followed, must still be inside the folder.
  std::error_code error;
  const fs::path path = fs::weakly_canonical(fs::path(root) / relative, error);
  if (error) return std::nullopt;
  const std::string text = path.string();
  if (text.size() <= root.size() || text.compare(0, root.size(), root) != 0 || text[root.size()] != '/') {
    return std::nullopt;
  }
  return text;
}

std::string_view mime_type(std::string_view file_name) {
  const std::size_t dot = file_name.rfind('.');
  const std::string_view extension = dot == std::string_view::npos ? "" : file_name.substr(dot + 1);
  if (extension == "html") return "text/html; charset=utf-8";
  if (extension == "js" || extension == "mjs") return "text/javascript; charset=utf-8";
  if (extension == "wasm") return "application/wasm";
  if (extension == "css") return "text/css; charset=utf-8";
  if (extension == "svg") return "image/svg+xml";
  if (extension == "png") return "image/png";
  if (extension == "md") return "text/markdown; charset=utf-8";
  if (extension == "json") return "application/json";
  return "application/octet-stream";
}

StaticServer::StaticServer(std::string root, std::uint16_t port) : root_(std::move(root)) {
  listener_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (listener_ < 0) throw CliError(fmt::format("cannot open a socket: {}", std::strerror(errno)));
  const int yes = 1;
  ::setsockopt(listener_, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(port);
  if (::bind(listener_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0 ||
      ::listen(listener_, 16) != 0) {
    const int reason = errno;
    ::close(listener_);
    throw CliError(fmt::format("cannot listen on 127.0.0.1:{}: {}", port, std::strerror(reason)));
  }
  socklen_t length = sizeof address;
  ::getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length);
  port_ = ntohs(address.sin_port);
}

StaticServer::~StaticServer() {
  if (listener_ >= 0) ::close(listener_);
}

void StaticServer::run() {
  std::signal(SIGPIPE, SIG_IGN);
  for (;;) {
    const int connection = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
    if (connection < 0) continue;  // EINTR, a connection reset before it was accepted
    // A client that stops sending holds the server for a few seconds at most.
    timeval timeout{5, 0};
    ::setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    ::setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
    answer(connection);
    ::close(connection);
  }
}

void StaticServer::answer(int connection) const {
  std::string head;
  char buffer[2048];
  while (head.find("\r\n\r\n") == std::string::npos && head.size() < kMaxRequestHead) {
    const ssize_t got = ::recv(connection, buffer, sizeof buffer, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    head.append(buffer, static_cast<std::size_t>(got));
  }
  const std::size_t line_end = head.find("\r\n");
  if (line_end == std::string::npos) {
    send_status(connection, 400, "Bad Request");
    return;
  }
  std::istringstream line(head.substr(0, line_end));
  std::string method, target, version;
  line >> method >> target >> version;
  if (!version.starts_with("HTTP/1.")) {
    send_status(connection, 400, "Bad Request");
    return;
  }
  if (method != "GET" && method != "HEAD") {
    send_status(connection, 405, "Method Not Allowed");
    return;
  }
  const std::optional<std::string> path = resolve_request_path(root_, target);
  if (!path) {
    send_status(connection, 403, "Forbidden");
    return;
  }
  std::error_code error;
  if (!fs::is_regular_file(*path, error)) {
    send_status(connection, 404, "Not Found");
    return;
  }
  std::ifstream file(*path, std::ios::binary);
  std::ostringstream body;
  body << file.rdbuf();
  if (!file) {
    send_status(connection, 404, "Not Found");
    return;
  }
  const std::string content = body.str();
  const std::string header = fmt::format(
      "HTTP/1.1 200 OK\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\n"
      "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
      mime_type(*path), content.size());
  if (send_all(connection, header) && method == "GET") send_all(connection, content);
}

}  // namespace koma::cli
