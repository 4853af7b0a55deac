// Labels (issue 29, point 9): every set-up key, field, option and value of every game has a label in its game's
// description, and a record reads as a scorer says it: no id, no JSON.
#include <algorithm>
#include <cctype>
#include <string>

#include <catch2/catch.hpp>

#include "core/labels.hpp"
#include "core/language.hpp"
#include "rules/engine.hpp"
#include "rules/registry.hpp"

namespace unit_labels {

using marque::text::Labels;
using json = nlohmann::json;

bool has_value_label(const Labels& l, const std::string& key, const json& v) {
  const std::string t = v.is_string() ? v.get<std::string>() : v.dump();
  return l.own_value_label(key, t) || l.value_label(key, t) || (v.is_boolean());
}

TEST_CASE("labels: every field, option and value of every game has one", "[labels]") {
  for (const auto* game : marque::rules::all_games()) {
    const Labels& l = game->labels();
    INFO(game->id());
    for (const auto& f : game->fields()) {
      INFO("field " << f.name);
      CHECK(l.key_label(f.name));
      for (const auto& v : f.values)
        if (f.type == "enum") CHECK(has_value_label(l, f.name, json(v)));
    }
    for (const auto& o : game->options()) {
      INFO("option " << o.id);
      CHECK(l.key_label(o.id));
      for (const auto& v : o.values)
        if (v.is_string()) CHECK(has_value_label(l, o.id, v));
    }
    for (const char* k : {"players", "first_dealer", "dealer", "note", "options"}) CHECK(l.key_label(k));
  }
}

TEST_CASE("labels: a record as a scorer says it", "[labels]") {
  const Labels& l = marque::rules::find_game("tarot")->labels();
  const json rec = {{"type", "hand"},
                    {"taker", "Ann"},
                    {"contract", "garde_sans"},
                    {"oudlers", 2},
                    {"points", 47},
                    {"petit_au_bout", "none"},
                    {"chelem_announced", false},
                    {"poignees", json::array({{{"player", "Ben"}, {"level", "simple"}}})}};
  CHECK(l.record(rec) ==
        "taker Ann · garde sans · 2 oudlers · 47 points · no petit au bout · poignée Ben simple · no chelem announced");
  CHECK(l.item("end", R"({"mode": "deals", "deals": 10})"_json) == "end: after 10 deals");
  CHECK(l.key("end") == "end");
  CHECK(l.key("stake_per_point") == "stake a point");
  CHECK(l.item("petit_au_bout", nullptr) == "no petit au bout");
  // a value of an option in its key's words; an unknown id with spaces, a name as it is
  CHECK(l.item("gain_rounding", "nearest_10") == "gain rounded to the nearest 10");
  CHECK(l.key("some_new_key") == "some new key");
  CHECK(l.item("Zoë_B", 3) == "Zoë_B 3");
}

TEST_CASE("labels: a coinche seat is a seat, a suit letter a suit (S is south, not ♠)", "[labels]") {
  const Labels& l = marque::rules::find_game("coinche")->labels();
  const json rec = {{"bidder", "S"},
                    {"bid", 90},
                    {"trump", "H"},
                    {"belote", "S"},
                    {"announcements",
                     json::array({{{"player", "W"}, {"type", "tierce"}, {"suit", "S"}, {"top", "Q"}}})}};
  const std::string words = l.record(rec);
  INFO(words);
  CHECK(words.find("bidder S") != std::string::npos);
  CHECK(words.find("belote S") != std::string::npos);
  CHECK(words.find("♥ trumps") != std::string::npos);
  CHECK(words.find("tierce ♠") != std::string::npos);
  CHECK(words.find("bidder ♠") == std::string::npos);
}

// The first word of the text (a run of [A-Za-z0-9_]) that reads like an id: lower-case letters and digits joined by
// '_', a letter first, not '_' last (the regex (^|\W)[a-z][a-z0-9]*_[a-z0-9_]*[a-z0-9]($|\W), by hand: <regex> cost
// the tests' unit seconds of compile time); "" when there is none.
std::string snake_case_id(const std::string& text) {
  const auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (std::size_t i = 0; i < text.size();) {
    if (!word_char(text[i])) {
      ++i;
      continue;
    }
    std::size_t e = i;
    while (e < text.size() && word_char(text[e])) ++e;
    const std::string word = text.substr(i, e - i);
    const bool lower = std::all_of(word.begin(), word.end(),
                                   [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; });
    if (lower && word.size() >= 3 && word.front() >= 'a' && word.front() <= 'z' && word.back() != '_' &&
        word.find('_') != std::string::npos)
      return word;
    i = e;
  }
  return "";
}

TEST_CASE("labels: the games' records of the examples read without ids", "[labels]") {
  const json fields = {{"tarot", {{"reason", "few_honours"}, {"contract", "garde_contre"}, {"chelem", "defence"}}},
                       {"coinche",
                        {{"redeal", "all_pass"},
                         {"last_trick", "defenders"},
                         {"auction", json::array({{{"seat", "N"}, {"call", "pass"}}})}}},
                       {"prefa", {{"type", "all_pass"}, {"calls", {{"Ann", "play"}}}}},
                       {"piquet", {{"point", {{"winner", "elder"}, {"cards", 5}}}, {"carte_blanche", nullptr}}},
                       {"alsos",
                        {{"contract", {{"kind", "no_trumps"}, {"declarer", "Ann"}}},
                         {"figurak",
                          json::array({{{"by", "Ann"}, {"name", "negy_asz"}, {"phase", "early"}, {"made", true}}})}}}};
  for (auto it = fields.begin(); it != fields.end(); ++it) {
    const std::string words = marque::rules::find_game(it.key())->labels().record(*it);
    INFO(words);
    CHECK(snake_case_id(words).empty());
    CHECK(words.find("{\"") == std::string::npos);
  }
}

TEST_CASE("labels: guided entry's own questions read as words on the phone's chips", "[labels]") {
  const Labels& piquet = marque::rules::find_game("piquet")->labels();
  CHECK(piquet.item("carte", "none") == "no carte blanche");
  CHECK(piquet.item("seq_winner", "none") == "no sequence");
  CHECK(piquet.item("point_winner", "Pia") == "point to Pia");
  CHECK(piquet.item("entry", "detail") == "in detail");
  CHECK(marque::rules::find_game("tarot")->labels().item("poignee", "none") == "no poignée");
}

// Issue 34: the options' labels said in the reader's language; a count said right for 1 and for many (a translation
// may say a label's "{}" as {n, plural, ...}); English as it always was.
TEST_CASE("labels: options in the reader's language, a count in its plural", "[labels][language]") {
  using marque::text::UseLanguage;
  const Labels& tarot = marque::rules::find_game("tarot")->labels();
  const Labels& alsos = marque::rules::find_game("alsos")->labels();
  const Labels& prefa = marque::rules::find_game("prefa")->labels();
  const json one = R"({"mode": "deals", "count": 1})"_json, eight = R"({"mode": "deals", "count": 8})"_json;
  CHECK(tarot.item("end", R"({"mode": "deals", "deals": 1})"_json) == "end: after 1 deals");  // English unchanged
  CHECK(alsos.item("session_end", eight) == "the session ends after 8 deals");
  CHECK(tarot.item("petite_chelem_tricks", 1) == "petite chelem at 1 tricks");
  {
    UseLanguage fr("fr");
    CHECK(tarot.item("end", R"({"mode": "deals", "deals": 1})"_json) == "fin\u00a0: après 1 donne");
    CHECK(tarot.item("end", R"({"mode": "deals", "deals": 12})"_json) == "fin\u00a0: après 12 donnes");
    CHECK(tarot.item("petite_chelem_tricks", 1) == "petit chelem à 1 pli");
    CHECK(tarot.item("petite_chelem_tricks", 15) == "petit chelem à 15 plis");
    CHECK(alsos.item("session_end", one) == "la séance finit après 1 donne");
    // numbers as the language writes them, in the plural form too
    CHECK(alsos.item("session_end", R"({"mode": "deals", "count": 1000})"_json) ==
          "la séance finit après " + marque::text::local_number(1000.0, "fr") + " donnes");
    CHECK(tarot.key("end.deals") == "après donnes");
    CHECK(tarot.item("gain_rounding", "nearest_10") == "points de gain arrondis à 10 près");
    CHECK(tarot.item("jack_call", false) == "pas d'appel d'un valet");
  }
  {
    UseLanguage hu("hu");
    CHECK(alsos.item("session_end", one) == "a játszma vége: 1 leosztás után");
    CHECK(alsos.item("max_kontra_level", 4) == "legmagasabb kontraszint: 4");
    CHECK(alsos.item("kassza_mode", "double_game") == "kassza: duplázza a játékot");
  }
  {
    UseLanguage el("el");
    CHECK(alsos.item("session_end", one) == "το παιχνίδι τελειώνει μετά από 1 διανομή");
    CHECK(alsos.item("session_end", eight) == "το παιχνίδι τελειώνει μετά από 8 διανομές");
    CHECK(prefa.item("overflow_mode", "level") == "γλείψιμο ένα καπίκι τη φορά");
    CHECK(prefa.item("all_pass", "polles") == "πάσο πάσο πάσο: παίζονται πολλές");
  }
}

}  // namespace unit_labels
