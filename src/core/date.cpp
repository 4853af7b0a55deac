#include "core/date.hpp"

#include <ctime>

namespace marque {

namespace {
bool leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }
int days_in(int y, int m) {
  static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return m == 2 && leap(y) ? 29 : days[m - 1];
}
const char* const k_months[] = {"January", "February", "March",     "April",   "May",      "June",
                                "July",    "August",   "September", "October", "November", "December"};
}  // namespace

std::string date_problem(std::string_view s) {
  auto digits = [&](size_t from, size_t n) {
    for (size_t i = from; i < from + n; ++i)
      if (s[i] < '0' || s[i] > '9') return false;
    return true;
  };
  if (s.size() != 10 || s[4] != '-' || s[7] != '-' || !digits(0, 4) || !digits(5, 2) || !digits(8, 2))
    return "not a date: write YYYY-MM-DD (e.g. 2026-11-20)";
  auto num = [&](size_t from, size_t n) {
    int v = 0;
    for (size_t i = from; i < from + n; ++i) v = v * 10 + (s[i] - '0');
    return v;
  };
  int y = num(0, 4), m = num(5, 2), d = num(8, 2);
  if (y < 1) return "not a date: the year must be 0001 or later";
  if (m < 1 || m > 12) return "not a date: the month must be 01 to 12";
  if (d < 1 || d > days_in(y, m))
    return "not a date: " + std::string(k_months[m - 1]) + " " + std::to_string(y) + " has " +
           std::to_string(days_in(y, m)) + " days";
  return "";
}

bool is_valid_date(std::string_view s) { return date_problem(s).empty(); }

namespace {
std::string local_now(const char* format) {
  std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char buf[32];
  std::strftime(buf, sizeof buf, format, &local);
  return buf;
}
}  // namespace

std::string today() { return local_now("%Y-%m-%d"); }
std::string clock_now() { return local_now("%H:%M:%S"); }

}  // namespace marque
