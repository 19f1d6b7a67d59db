// A small HTTP/1.1 server for a folder of static files on the loopback interface, for
// `koma playground`: GET and HEAD only, one request per connection, nothing outside the folder.
#include "static_server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

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

std::string_view reason_phrase(int code) {
  switch (code) {
    case 200: return "OK";
    case 400: return "Bad Request";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 431: return "Request Header Fields Too Large";
    case 503: return "Service Unavailable";
    case 505: return "HTTP Version Not Supported";
    default: return "Error";
  }
}

/// A whole answer carrying only its status line as a plain-text body.
std::string status_reply(int code) {
  const std::string body = fmt::format("{} {}\n", code, reason_phrase(code));
  return fmt::format("HTTP/1.1 {} {}\r\nContent-Type: text/plain; charset=utf-8\r\n"
                     "Content-Length: {}\r\nConnection: close\r\n\r\n{}",
                     code, reason_phrase(code), body.size(), body);
}

/// Sends what the socket takes now of a short answer, then closes it (a connection refused or
/// given up on: its peer gets the answer when it is still reading).
void send_and_close(int socket, int code) {
  const std::string reply = status_reply(code);
  [[maybe_unused]] const ssize_t sent = ::send(socket, reply.data(), reply.size(), MSG_NOSIGNAL);
  ::close(socket);
}

/// RFC 9110's token characters, which a method is made of.
bool is_token_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
         std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

int milliseconds_until(std::chrono::steady_clock::time_point deadline,
                       std::chrono::steady_clock::time_point now) {
  if (deadline <= now) return 0;
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - now);
  return static_cast<int>(std::min<std::int64_t>(left.count(), 60'000));
}

}  // namespace

/// One client: the head it is sending, then the answer it is taking, each before `deadline`.
struct StaticServer::Connection {
  int socket = -1;
  Clock::time_point deadline;
  std::string head;
  std::string reply;  ///< empty while the head is read
  std::size_t sent = 0;
};

RequestHead parse_request_head(std::string_view head) {
  RequestHead request;
  const std::size_t line_end = head.find("\r\n");
  if (line_end == std::string_view::npos) return request;
  const std::string_view line = head.substr(0, line_end);
  for (const char c : line) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return request;
  }
  const std::size_t first = line.find(' ');
  const std::size_t last = line.rfind(' ');
  if (first == std::string_view::npos || first == last) return request;
  const std::string_view method = line.substr(0, first);
  const std::string_view target = line.substr(first + 1, last - first - 1);
  const std::string_view version = line.substr(last + 1);
  if (method.empty() || !std::all_of(method.begin(), method.end(), is_token_char)) return request;
  if (target.empty() || target.find(' ') != std::string_view::npos) return request;
  const bool digits = version.size() == 8 && version.starts_with("HTTP/") &&
                      std::isdigit(static_cast<unsigned char>(version[5])) && version[6] == '.' &&
                      std::isdigit(static_cast<unsigned char>(version[7]));
  if (!digits) return request;
  if (version[5] != '1') request.status = 505;
  else if (method != "GET" && method != "HEAD") request.status = 405;
  else request.status = 200;
  request.method = method;
  request.target = target;
  return request;
}

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

StaticServer::StaticServer(std::string root, std::uint16_t port, ServerLimits limits)
    : root_(std::move(root)), limits_(limits) {
  listener_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (listener_ < 0) throw CliError(fmt::format("cannot open a socket: {}", std::strerror(errno)));
  const int yes = 1;
  ::setsockopt(listener_, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(port);
  if (::bind(listener_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0 ||
      ::listen(listener_, 64) != 0 || ::pipe2(wake_, O_CLOEXEC | O_NONBLOCK) != 0) {
    const int reason = errno;
    ::close(listener_);
    throw CliError(fmt::format("cannot listen on 127.0.0.1:{}: {}", port, std::strerror(reason)));
  }
  socklen_t length = sizeof address;
  ::getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length);
  port_ = ntohs(address.sin_port);
}

StaticServer::~StaticServer() {
  for (const int fd : {listener_, wake_[0], wake_[1]}) {
    if (fd >= 0) ::close(fd);
  }
}

void StaticServer::stop() {
  [[maybe_unused]] const ssize_t written = ::write(wake_[1], "x", 1);
}

void StaticServer::run() {
  std::vector<Connection> connections;
  std::vector<pollfd> polled;
  for (;;) {
    Clock::time_point now = Clock::now();
    int timeout = -1;
    polled.assign({pollfd{wake_[0], POLLIN, 0}, pollfd{listener_, POLLIN, 0}});
    for (const Connection& connection : connections) {
      const short events = connection.reply.empty() ? POLLIN : POLLOUT;
      polled.push_back(pollfd{connection.socket, events, 0});
      const int left = milliseconds_until(connection.deadline, now);
      timeout = timeout < 0 ? left : std::min(timeout, left);
    }
    if (::poll(polled.data(), polled.size(), timeout) < 0 && errno != EINTR) {
      throw CliError(fmt::format("cannot wait for connections: {}", std::strerror(errno)));
    }
    if (polled[0].revents != 0) break;
    now = Clock::now();
    for (std::size_t i = 0; i < connections.size(); ++i) {
      Connection& connection = connections[i];
      const bool open = polled[i + 2].revents == 0 || step(connection, now);
      if (open && now < connection.deadline) continue;
      // A head that did not come in time is answered 408; an answer not taken is cut.
      if (open && connection.reply.empty()) send_and_close(connection.socket, 408);
      else ::close(connection.socket);
      connection.socket = -1;
    }
    std::erase_if(connections, [](const Connection& connection) { return connection.socket < 0; });
    if (polled[1].revents != 0) accept_all(connections, now);
  }
  for (const Connection& connection : connections) ::close(connection.socket);
  char drained[16];
  while (::read(wake_[0], drained, sizeof drained) > 0) {}
}

void StaticServer::accept_all(std::vector<Connection>& connections, Clock::time_point now) const {
  for (;;) {
    const int socket = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
    if (socket < 0 && errno == EINTR) continue;
    if (socket < 0) return;  // none left waiting, or a connection reset before it was accepted
    if (connections.size() >= static_cast<std::size_t>(limits_.max_connections)) {
      send_and_close(socket, 503);
      continue;
    }
    connections.push_back(Connection{socket, now + limits_.head_time, {}, {}, 0});
  }
}

bool StaticServer::step(Connection& connection, Clock::time_point now) const {
  if (connection.reply.empty()) {
    char buffer[2048];
    const ssize_t got = ::recv(connection.socket, buffer, sizeof buffer, 0);
    if (got < 0) return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
    connection.head.append(buffer, static_cast<std::size_t>(got));
    const bool complete = got == 0 || connection.head.find("\r\n\r\n") != std::string::npos;
    if (!complete && connection.head.size() < kMaxRequestHead) return true;
    connection.reply = complete ? answer(parse_request_head(connection.head)) : status_reply(431);
    connection.deadline = now + limits_.answer_time;
    return true;
  }
  const std::string_view rest = std::string_view(connection.reply).substr(connection.sent);
  const ssize_t sent = ::send(connection.socket, rest.data(), rest.size(), MSG_NOSIGNAL);
  if (sent < 0) return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
  connection.sent += static_cast<std::size_t>(sent);
  return connection.sent < connection.reply.size();
}

std::string StaticServer::answer(const RequestHead& request) const {
  if (request.status != 200) return status_reply(request.status);
  const std::optional<std::string> path = resolve_request_path(root_, request.target);
  if (!path) return status_reply(403);
  std::error_code error;
  if (!fs::is_regular_file(*path, error)) return status_reply(404);
  std::ifstream file(*path, std::ios::binary);
  std::ostringstream body;
  body << file.rdbuf();
  if (!file) return status_reply(404);
  const std::string content = body.str();
  std::string reply = fmt::format(
      "HTTP/1.1 200 OK\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\n"
      "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
      mime_type(*path), content.size());
  if (request.method == "GET") reply += content;
  return reply;
}

}  // namespace koma::cli
