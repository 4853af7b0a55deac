// Calendar dates as marque stores them: "YYYY-MM-DD", a real day of the proleptic Gregorian calendar.
// The one check used wherever a date enters (command-line options, nights, imported meta.date).
#pragma once

#include <string>
#include <string_view>

namespace marque {

// true for "2026-02-28", "2024-02-29"; false for "2026-02-30", "2026-13-01", "2026-1-5", "not a date", "".
bool is_valid_date(std::string_view s);

// "" when `s` is a valid date, else why not (for a message: "2026-02-30 is not a date: February 2026 has 28 days").
std::string date_problem(std::string_view s);

// Today's date on this computer's clock and time zone ("2026-11-24"): the date a game is played when none is given.
std::string today();
// the local time of day, HH:MM:SS (a log line's stamp)
std::string clock_now();

}  // namespace marque
