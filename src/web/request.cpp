// Reading one request within limits (issue 30): see request.hpp. httplib 0.11 reads a request's head line by line
// with no bound on the number of headers, nor on a line before it is complete, and a chunked or compressed body
// whole past the body limit; the server hands it only what this has read whole.
#include "web/request.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>

#include "core/diag.hpp"

namespace marque::web {

namespace {

std::string kb(size_t n) { return std::to_string(n / 1024) + " KB"; }

std::string_view trimmed(std::string_view v) {
  while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
  while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
  return v;
}

std::string lower(std::string s) {
  for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

}  // namespace

RequestReader::Step RequestReader::refuse(int status, const char* reason, std::string message) {
  m_refusal = {status, reason, std::move(message)};
  m_length = 0;
  return m_step = Step::refused;
}

RequestReader::Step RequestReader::read(std::string_view buf) {
  if (m_step == Step::head) m_step = head(buf);
  if (m_step != Step::body) return m_step;
  if (m_chunked) return m_step = chunks(buf);
  if (buf.size() < m_head_end + m_body_length) return m_step;
  m_request.body = std::string(buf.substr(m_head_end, m_body_length));
  m_length = m_head_end + m_body_length;
  return m_step = Step::done;
}

RequestReader::Step RequestReader::head(std::string_view buf) {
  // the head: everything up to its blank line
  const size_t end = buf.find("\r\n\r\n", m_scanned);
  if (end == std::string_view::npos) {
    m_scanned = buf.size() < 3 ? 0 : buf.size() - 3;
    if (buf.size() > m_limits.head)
      return refuse(431, "Request Header Fields Too Large",
                    "the request's headers are longer than " + kb(m_limits.head));
    return Step::head;
  }
  m_head_end = end + 4;
  const bool long_head = m_head_end > m_limits.head;  // refused below, after a line too long is named
  // its lines: the request line, then the headers
  std::string content_length, transfer;
  size_t lines = 0;
  for (size_t at = 0; at < end + 2;) {
    const size_t eol = buf.find("\r\n", at);
    const size_t len = eol - at;
    if (lines == 0 && len > m_limits.line)
      return refuse(414, "URI Too Long", "the request's address is longer than " + kb(m_limits.line));
    if (len > m_limits.line)
      return refuse(431, "Request Header Fields Too Large", "a header line is longer than " + kb(m_limits.line));
    std::string_view line = buf.substr(at, len);
    if (lines == 0) {
      const size_t sp1 = line.find(' '), sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
      m_request.method = std::string(line.substr(0, sp1));
      if (sp1 != std::string_view::npos)
        m_request.target = std::string(line.substr(sp1 + 1, sp2 == std::string_view::npos ? sp2 : sp2 - sp1 - 1));
      if (sp2 != std::string_view::npos) m_request.version = std::string(line.substr(sp2 + 1));
    } else {
      const size_t colon = line.find(':');
      std::string name = lower(std::string(line.substr(0, colon == std::string_view::npos ? 0 : colon)));
      std::string given(colon == std::string_view::npos ? std::string_view() : trimmed(line.substr(colon + 1)));
      const std::string value = lower(given);
      if (name == "content-length") {
        if (!content_length.empty() && content_length != value)
          return refuse(400, "Bad Request", "two different Content-Length headers");
        content_length = value;
      } else if (name == "transfer-encoding") {
        transfer += (transfer.empty() ? "" : ",") + value;
      } else if (name == "range" && value.size() > 100) {  // httplib parses it with a std::regex
        return refuse(416, "Range Not Satisfiable", "a Range header longer than 100 characters");
      } else if (name == "content-encoding" && value != "identity") {
        return refuse(415, "Unsupported Media Type",
                      "compressed request bodies (Content-Encoding: " + clip(value, 40) + ") are not accepted");
      }
      m_request.headers.emplace_back(std::move(name), std::move(given));
    }
    if (++lines > m_limits.headers + 1)
      return refuse(431, "Request Header Fields Too Large",
                    "the request has more than " + std::to_string(m_limits.headers) + " headers");
    at = eol + 2;
  }
  if (long_head)
    return refuse(431, "Request Header Fields Too Large", "the request's headers are longer than " + kb(m_limits.head));
  // the body: its length, or chunks
  if (!transfer.empty()) {
    if (transfer != "chunked")
      return refuse(501, "Not Implemented",
                    "Transfer-Encoding " + clip(transfer, 40) + " is not accepted (chunked is)");
    if (!content_length.empty()) return refuse(400, "Bad Request", "both Content-Length and Transfer-Encoding");
    m_chunked = true;
    m_at = m_scanned = m_head_end;
  } else if (!content_length.empty()) {
    size_t n = 0;
    auto [p, ec] = std::from_chars(content_length.data(), content_length.data() + content_length.size(), n);
    if (ec == std::errc::result_out_of_range)
      n = std::numeric_limits<size_t>::max();
    else if (ec != std::errc() || p != content_length.data() + content_length.size())
      return refuse(400, "Bad Request", "Content-Length is not a number");
    if (n > m_limits.body)
      return refuse(413, "Payload Too Large", "the request's body is larger than " + kb(m_limits.body));
    m_body_length = n;
  }
  return Step::body;
}

// chunks: "SIZE[;ext]\r\n" DATA "\r\n" ... "0\r\n" [trailers] "\r\n"; the sizes are added up as they come
RequestReader::Step RequestReader::chunks(std::string_view buf) {
  const size_t most = m_limits.body +
                      m_limits.head * 2;  // bytes of chunks as sent: sizes of a byte each, long extensions
  for (;;) {
    const size_t eol = buf.find("\r\n", std::max(m_at, m_scanned));
    if (eol == std::string_view::npos) {
      m_scanned = buf.size() < 1 ? 0 : buf.size() - 1;
      if (m_trailers && buf.size() - m_head_end > most)
        return refuse(431, "Request Header Fields Too Large", "the request's trailers are too long");
      if (!m_trailers && buf.size() - m_at > 1024) return refuse(400, "Bad Request", "a chunk's size line is too long");
      return Step::body;
    }
    if (m_trailers) {  // the trailers, up to a blank line
      const bool blank = eol == m_at;
      m_at = m_scanned = eol + 2;
      if (m_at - m_head_end > most)
        return refuse(431, "Request Header Fields Too Large", "the request's trailers are too long");
      if (!blank) continue;
      m_length = m_at;
      return Step::done;
    }
    if (eol - m_at > 1024) return refuse(400, "Bad Request", "a chunk's size line is too long");
    size_t size = 0;
    const char* first = buf.data() + m_at;
    auto [p, ec] = std::from_chars(first, buf.data() + eol, size, 16);
    if (ec != std::errc() || p == first || (p != buf.data() + eol && *p != ';' && *p != ' '))
      return refuse(400, "Bad Request", "a chunk's size is not a hexadecimal number");
    if (size > m_limits.body || m_request.body.size() + size > m_limits.body)
      return refuse(413, "Payload Too Large", "the request's body is larger than " + kb(m_limits.body));
    if (size == 0) {
      m_trailers = true;
      m_at = m_scanned = eol + 2;
      continue;
    }
    const size_t data = eol + 2;
    if (buf.size() < data + size + 2) return Step::body;  // the chunk's size line is read again when more comes
    if (buf.substr(data + size, 2) != "\r\n")
      return refuse(400, "Bad Request", "a chunk does not end where its size says");
    m_request.body.append(buf.substr(data, size));
    m_at = m_scanned = data + size + 2;
    if (m_at - m_head_end > most)
      return refuse(413, "Payload Too Large", "the request's chunks are too many for their size");
  }
}

bool json_shallow(std::string_view body, int max_depth) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (char ch : body) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (ch == '\\')
        escaped = true;
      else if (ch == '"')
        in_string = false;
      continue;
    }
    if (ch == '"') in_string = true;
    if (ch == '[' || ch == '{') {
      if (++depth > max_depth) return false;
    }
    if (ch == ']' || ch == '}') --depth;
  }
  return true;
}

std::optional<rules::Answers> entry_answers(const nlohmann::json& body, const char* member) {
  rules::Answers a;
  if (!body.contains(member)) return a;
  if (!body[member].is_array() || body[member].size() > 200) return std::nullopt;
  for (const auto& p : body[member]) {
    if (!p.is_array() || p.size() != 2 || !p[0].is_string() || !p[1].is_string()) return std::nullopt;
    a.emplace_back(p[0].get<std::string>(), p[1].get<std::string>());
  }
  return a;
}

}  // namespace marque::web
