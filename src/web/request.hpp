// One HTTP request read from the bytes received, within limits (issue 30): no sockets, no httplib. `marque serve`
// (web/server.cpp) reads each request whole with this before httplib sees it; the fuzz target
// tests/fuzz/fuzz_http_request.cpp feeds it random bytes.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/entry.hpp"

namespace marque::web {

struct RequestLimits {
  size_t head = 16 * 1024;  // bytes of the request line and headers together
  size_t line = 8 * 1024;   // bytes of one line of them
  size_t headers = 64;      // header lines
  size_t body = 64 * 1024;  // bytes of a body (decoded, when chunked)
};

// What is answered instead of a request: 400, 413, 414, 415, 416, 431 or 501, its reason phrase and why.
struct Refusal {
  int status = 0;
  std::string reason;
  std::string message;
};

// A request read whole: its line's parts, its headers (names in lower case, values trimmed) and its body (decoded
// when it came in chunks).
struct ParsedRequest {
  std::string method, target, version;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
};

// Reads one request from the start of a buffer that grows between calls (the bytes received so far): each call
// looks only at what is new. The head (everything up to its blank line) is bounded in size, in the length of a
// line and in the number of headers; the body is Content-Length bytes or chunks whose sizes are added up as they
// come, both within `body`; a compressed body, a Transfer-Encoding other than chunked, a Range header longer than
// 100 characters are refused.
class RequestReader {
public:
  enum class Step {
    head,     // the head is not whole yet: more bytes are needed
    body,     // the head is read, the body is not whole yet
    done,     // request() and length() are the request
    refused,  // refusal() says what to answer
  };

  explicit RequestReader(const RequestLimits& limits) : m_limits(limits) {}

  Step read(std::string_view buf);
  const ParsedRequest& request() const { return m_request; }
  const Refusal& refusal() const { return m_refusal; }
  // The bytes of the buffer that are this request, as sent (head and body); those after it are the next one's.
  size_t length() const { return m_length; }

private:
  Step head(std::string_view buf);
  Step chunks(std::string_view buf);
  Step refuse(int status, const char* reason, std::string message);

  const RequestLimits& m_limits;
  Step m_step = Step::head;
  size_t m_scanned = 0;      // where the search for the end of the head (or a chunk's line) goes on
  size_t m_head_end = 0;     // the head's length, its blank line included
  size_t m_body_length = 0;  // Content-Length
  bool m_chunked = false;
  bool m_trailers = false;  // the last chunk is read: its trailers come
  size_t m_at = 0;          // the next chunk's size line, or the next trailer
  size_t m_length = 0;
  ParsedRequest m_request;
  Refusal m_refusal;
};

// A JSON body nested deeper than `max_depth` is refused before it is parsed: false.
bool json_shallow(std::string_view body, int max_depth);
// The answers of an entry request's body ({"answers": [[key, value], ...]}, at most 200; none when absent), or
// nullopt when they are not that; `member` another list of that shape ("then": the answers to give next).
std::optional<rules::Answers> entry_answers(const nlohmann::json& body, const char* member = "answers");

}  // namespace marque::web
