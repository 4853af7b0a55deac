// Names as people compare them, through ICU (Debian's libicu): case and accents written two ways are one
// name ("élodie" is "Élodie"), and lists sort as a dictionary does ("Élodie" before "Paul"). No SQLite here.
// ICU is in the plugin marque-icu.so (src/plugins/icu.cpp), loaded the first time a name needs it: an ASCII name is
// folded here, by the rule ICU follows for ASCII (A-Z lower-cased, nothing else changed), so a command that meets
// only ASCII names never loads ICU.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace marque::plugins {
struct IcuApi;
}

namespace marque::unicode {

// ICU's functions (plugins/icu_api.hpp), marque-icu.so loaded when first asked; throws Error(k_exit_unavailable)
// naming where it looked when the plugin is missing. core/message.cpp and core/language.cpp ask it too.
const plugins::IcuApi& icu();

// The name's matching key: NFKC case folding ("Élodie", "ÉLODIE" and "e\u0301lodie" give one key). Invalid
// UTF-8 is kept as it is (input files are checked for UTF-8 at the door).
std::string fold(std::string_view utf8);
// The same name once case folding is set aside: same key.
inline bool same_name(std::string_view a, std::string_view b) { return a == b || fold(a) == fold(b); }

// A search's key: the name folded (fold) and without its accents ("Zoé", "ZOE" and "zoe" give "zoe"); and whether
// `name` holds `typed` by those keys (a roster's search: "zo" finds Zoé and Enzo; "" finds every name).
std::string search_key(std::string_view utf8);
bool search_matches(std::string_view name, std::string_view typed);

// Dictionary order of the root locale (accents after plain letters, case after accents): < 0, 0, > 0.
int collate(std::string_view a, std::string_view b);
// Sorts names in that order (a stable sort: equal names keep their order).
void sort_names(std::vector<std::string>& names);

// Edit distance between the folded forms (for "did you mean"): insertions, deletions, substitutions and
// transpositions of characters (not bytes).
int distance(std::string_view a, std::string_view b);
// The candidates closest to `word` (distance at most 2, or a candidate that starts with it), best first;
// empty when none is close.
std::vector<std::string> suggestions(std::string_view word, const std::vector<std::string>& candidates, size_t max = 3);
// "did you mean 'Élodie'?" or "did you mean 'garde' or 'garde_sans'?"; "" when nothing is close.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace marque::unicode
