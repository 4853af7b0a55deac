// Text that lines up and numbers as a scorer writes them: display width of UTF-8 (so "Gergő", "Zoë" and "日本"
// line up), padding, and the number formats every sheet and report uses. No SQLite, no rules.
#pragma once

#include <string>
#include <string_view>

#include "core/amount.hpp"

namespace marque::text {

// Terminal columns taken by a UTF-8 string (East Asian wide = 2, combining marks = 0).
int display_width(std::string_view utf8);
std::string pad_right(const std::string& s, int width);
std::string pad_left(const std::string& s, int width);

// 12 -> "12", -3.5 -> "-3.5", 1/3 -> "0.33" (at most `decimals`, trailing zeros dropped).
std::string format_number(double v, int decimals = 2);
// Like format_number with an explicit sign: "+12", "-3.5", "0".
std::string format_signed(double v, int decimals = 2);
// The same for an exact amount.
std::string format_number(const Amount& a, int decimals = 2);
std::string format_signed(const Amount& a, int decimals = 2);

}  // namespace marque::text
