// Whether a text is one JSON value (RFC 8259), checked in one pass over its bytes without building anything: the
// schema's CHECK constraints call it (storage's json_valid()) on every record and score a writer stores.
#pragma once

#include <string_view>

namespace marque::json_check {

// True when `text` is exactly one RFC 8259 JSON value with optional whitespace around it, and accepted by
// nlohmann/json's parser (what marque reads stored texts with): strings are valid UTF-8 (no overlong forms, no
// encoded surrogates, nothing above U+10FFFF) with no raw control character, a \u escape of a high surrogate is
// followed by one of a low surrogate and a low one never stands alone, a number's value is finite as a double
// (1e999 is refused, 1e-999 is 0), a leading UTF-8 byte order mark is skipped. Nesting depth is unlimited (the
// check keeps one bit per open container, never recursing). Stricter than nlohmann/json in one way: a NUL byte
// outside a string ends nothing (nlohmann/json stops reading there; here the text is refused).
bool valid(std::string_view text);

}  // namespace marque::json_check
