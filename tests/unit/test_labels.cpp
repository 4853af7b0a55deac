// Labels (issue 29, point 9): every set-up key, field, option and value of every game has a label in its game's
// description, and a record reads as a scorer says it: no id, no JSON.
#include <algorithm>
#include <cctype>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <catch2/catch.hpp>

#include "app/internal.hpp"
#include "core/labels.hpp"
#include "core/language.hpp"
#include "core/message.hpp"
#include "core/word_table.hpp"
#include "importers/json_importer.hpp"
#include "rules/engine.hpp"
#include "rules/registry.hpp"
#include "tournament/tournament.hpp"

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

// The tables of texts by id every catalogue and label table is (core/word_table.hpp): the first text of an id counts,
// before and after the index is made, and a copy keeps the texts it was given to keep.
TEST_CASE("word table: the first entry of an id counts, in order or indexed, and copies keep their texts", "[labels]") {
  std::vector<std::string> ids;
  for (int i = 0; i < 60; ++i) ids.push_back("id." + std::to_string(i));
  marque::text::WordTable t;
  for (const auto& id : ids) t.add_static(id, std::string_view(id).substr(3));  // "id.7": "7"
  t.add("id.7", "again");  // an id added again: its first text counts
  t.add("kept", "made at run time");
  for (int round = 0; round < 3; ++round)  // read in order, then through the index
    for (const auto& id : ids) {
      const auto* e = t.find(id);
      REQUIRE(e);
      CHECK(e->second == std::string_view(id).substr(3));
      CHECK(t.position(e) == static_cast<size_t>(std::stoi(id.substr(3))));
    }
  CHECK(t.find("nothing") == nullptr);
  CHECK(t.find("id.") == nullptr);
  CHECK(t.size() == 62);
  CHECK(t.unique(*t.find("id.7")));
  CHECK_FALSE(t.unique(*(t.begin() + 60)));
  auto copied = std::make_unique<marque::text::WordTable>(t);
  marque::text::WordTable joined;
  joined.add("own", "text");
  joined.add(*copied);
  copied.reset();
  t = marque::text::WordTable();  // the texts `add` copied go with each table
  REQUIRE(joined.find("kept"));
  CHECK(joined.find("kept")->second == "made at run time");
  CHECK(joined.find("id.7")->second == "7");
  CHECK(joined.find("own")->second == "text");
  CHECK(t.find("kept") == nullptr);
}

// A game's English catalogue falls back on the engine's (default_catalogue) instead of copying it: the same pattern
// for every id only while no id is in both, or twice in one.
TEST_CASE("every English catalogue says each of its ids once, its fallbacks' included", "[labels][language]") {
  std::vector<const marque::text::Catalogue*> catalogues{&marque::rules::default_catalogue(), &marque::app::catalogue(),
                                                         &marque::tournament::catalogue(),
                                                         &marque::importers::catalogue()};
  for (const auto* game : marque::rules::all_games()) catalogues.push_back(&game->catalogue());
  for (const auto* c : catalogues) {
    std::set<std::string_view> seen;
    for (const auto* k = c; k; k = k->fallback)
      for (const auto& [id, pattern] : k->patterns) {
        INFO(id << ": " << pattern);
        CHECK(seen.insert(id).second);
      }
    CHECK(!seen.empty());
  }
}

// app::game_title says an English title without building the game's catalogue: the rules' own title, the same words
TEST_CASE("every game's English catalogue titles it as its rules do", "[labels][language]") {
  for (const auto* game : marque::rules::all_games()) {
    INFO(game->id());
    const auto* said = game->catalogue().find(std::string(game->id()) + ".title");
    if (said) CHECK(*said == game->title());
  }
}

TEST_CASE("labels: ids in the order added, each once, and a record in that order", "[labels]") {
  Labels l{{"b", "bee {}"}, {"a", "ay {}"}, {"=x", "ex"}};
  l.add({{"a", "other"}, {"c", "see {}"}});
  l.add(std::string("d"), std::string("dee {}"));
  CHECK(l.ids() == std::vector<std::string>{"b", "a", "=x", "c", "d"});
  CHECK(*l.find("a") == "ay {}");
  CHECK(l.rank("b") < l.rank("a"));
  CHECK(l.rank("zz") == std::string::npos);
  CHECK(l.record(json{{"a", 1}, {"b", "x"}, {"c", 2}, {"z", 3}, {"d", 4}}) == "bee ex · ay 1 · see 2 · dee 4 · z 3");
  Labels copy;
  {
    Labels made;
    made.add(std::string("e"), std::string("ee {}"));
    copy.add(made);
  }
  CHECK(copy.item("e", 5) == "ee 5");
}

}  // namespace unit_labels
