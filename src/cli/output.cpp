#include "cli/output.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <streambuf>

#include "core/escape.hpp"

namespace marque::cli {

namespace {

// A buffered streambuf that escapes what it is given and hands it to the original buffer.
class FilterBuf : public std::streambuf {
public:
  explicit FilterBuf(std::streambuf* to) : m_to(to) { setp(m_buf, m_buf + sizeof m_buf); }
  std::streambuf* target() const { return m_to; }
  bool failed() const { return m_failed; }

protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override {
    if (!drain()) return -1;
    if (m_to->pubsync() != 0) {
      m_failed = true;
      return -1;
    }
    return 0;
  }

public:
  bool drain(bool finish = false) {
    m_out.clear();
    m_filter.feed(std::string_view(pbase(), static_cast<size_t>(pptr() - pbase())), m_out);
    if (finish) m_filter.finish(m_out);
    setp(m_buf, m_buf + sizeof m_buf);
    if (m_out.empty()) return !m_failed;
    if (m_to->sputn(m_out.data(), static_cast<std::streamsize>(m_out.size())) != static_cast<std::streamsize>(m_out.size()))
      m_failed = true;
    return !m_failed;
  }

private:
  std::streambuf* m_to;
  char m_buf[4096];
  std::string m_out;
  escape::TerminalFilter m_filter;
  bool m_failed = false;
};

FilterBuf* g_out = nullptr;
FilterBuf* g_err = nullptr;

}  // namespace

TerminalStreams::TerminalStreams() {
  g_out = new FilterBuf(std::cout.rdbuf());
  g_err = new FilterBuf(std::cerr.rdbuf());
  std::cout.rdbuf(g_out);
  std::cerr.rdbuf(g_err);
}

TerminalStreams::~TerminalStreams() {
  std::cout.flush();
  std::cerr.flush();
  g_out->drain(true);
  g_err->drain(true);
  std::cout.rdbuf(g_out->target());
  std::cerr.rdbuf(g_err->target());
  delete g_out;
  delete g_err;
  g_out = g_err = nullptr;
}

void write_stdout(std::string_view bytes) {
  std::cout.flush();
  std::streambuf* to = g_out ? g_out->target() : std::cout.rdbuf();
  if (to->sputn(bytes.data(), static_cast<std::streamsize>(bytes.size())) != static_cast<std::streamsize>(bytes.size()))
    std::cout.setstate(std::ios::badbit);
}

void write_stderr(std::string_view bytes) {
  std::cerr.flush();
  std::streambuf* to = g_err ? g_err->target() : std::cerr.rdbuf();
  to->sputn(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  to->pubsync();
}

std::string finish_stdout() {
  errno = 0;
  std::cout.flush();
  bool bad = std::cout.bad() || (g_out && g_out->failed());
  int err = errno;
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    bad = true;
    if (errno) err = errno;
  }
  if (!bad) return "";
  return err ? std::strerror(err) : "write error";
}

}  // namespace marque::cli
