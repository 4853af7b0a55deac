// Coinche guided entry (rules/entry.hpp): the questions of one hand in the order a scorer at the table thinks —
// who dealt, was it played, who bid what in which suit, coinche / surcoinche, the bidders' card points, the last
// trick, capot, belote, announcements — each with its legal answers. The answers are the words of `marque hand`
// (coinche_fields.cpp); spec coinche §2.2 and §3 decide what is asked.
//
// Started from nothing, every question that applies is asked (guided). Started from words typed on the command
// line that already describe a played hand, only the fields the record still needs are asked.
#include "core/language.hpp"
#include "rules/coinche/coinche.hpp"

namespace marque::rules::coinche {

namespace {

// Answers that say "nothing" and are left out of the words (record_from_words's defaults).
bool nothing_answer(const std::string& key, const std::string& value) {
  return (key == "redeal" && (value == "played" || value == "none")) ||
         ((key == "coinche" || key == "surcoinche") && value == "no");
}

// The record fields that show a played hand.
constexpr std::array<const char*, 15> k_played_fields = {"bidder",
                                                         "bid",
                                                         "contract",
                                                         "trump",
                                                         "coinche",
                                                         "coinched_by",
                                                         "surcoinched_by",
                                                         "bidder_card_points",
                                                         "defender_card_points",
                                                         "last_trick",
                                                         "capot",
                                                         "sole_winner",
                                                         "belote",
                                                         "announcements",
                                                         "auction"};

struct HandQuestions {
  const CoincheGame& game;
  const Answers& answers;
  json rec;  // the answers so far as a record (aliases and names resolved)

  const Options& opts() const { return game.options(); }

  bool has(const char* field) const { return rec.contains(field) && !rec[field].is_null(); }
  std::string text_of(const char* field) const {
    return has(field) && rec[field].is_string() ? rec[field].get<std::string>() : "";
  }
  int seat_in(const char* field) const { return seat_index(text_of(field)); }
  std::optional<int64_t> int_in(const char* field) const { return has(field) ? as_int(rec[field]) : std::nullopt; }
  std::string contract() const { return has("contract") ? text_of("contract") : "points"; }

  std::string seat_label(int s) const { return seat_name(s) + " — " + game.names()[static_cast<size_t>(s)]; }
  std::string team_label(int t) const {
    return t == 0 ? "N/S (" + game.names()[0] + " & " + game.names()[2] + ")"
                  : "E/W (" + game.names()[1] + " & " + game.names()[3] + ")";
  }

  Question seat_question(std::string key, std::string text, const std::vector<int>& seats,
                         const std::string& prefix = "") const {
    Question q = ask_choice(std::move(key), std::move(text), {});
    q.kind = "player";
    for (int s : seats) q.choices.push_back({seat_name(s), prefix + seat_label(s), s + 1});  // numbered by seat
    return q;
  }

  // The seats of the bidding team (the bidder first) or of the defenders (N, E, S, W order).
  std::vector<int> team_seats(bool bidders) const {
    const int b = seat_in("bidder");
    if (b < 0) return {};
    const int d = 1 - team_of(b);
    return bidders ? std::vector<int>{b, (b + 2) % 4} : std::vector<int>{d, d + 2};
  }

  // --- the questions, in table order

  Question dealer() const {
    Question q = seat_question("dealer", text::tr("coinche.entry.dealer", "Who dealt?"), {0, 1, 2, 3});
    q.preset = seat_name(game.next_dealer_seat());
    q.help = text::tr("coinche.entry.dealer.help", "the expected dealer is {seat}",
                      text::Message().text("seat", seat_label(game.next_dealer_seat())));
    return q;
  }

  Question redeal() const {
    Question q = ask_choice("redeal", text::tr("coinche.entry.redeal", "Was the hand played?"),
                            {{"played", text::tr("coinche.entry.redeal.played", "a contract was bid and played")},
                             {"all_pass", text::tr("coinche.entry.redeal.all_pass", "all four passed: redeal")},
                             {"misdeal",
                              text::tr("coinche.entry.redeal.misdeal", "a void deal: the same dealer deals again")}});
    q.preset = "played";
    return q;
  }

  Question bidder() const {
    Question q = seat_question("bidder", text::tr("coinche.entry.bidder", "Who made the final bid?"), {0, 1, 2, 3});
    q.help = text::tr("coinche.entry.bidder.help", "the bidder's team is the bidding team");
    return q;
  }

  // The bids as a grid: 80 to 180 by 10 (to max_numeric_bid when set), 250 when no maximum stops below it, then
  // the capot and générale contracts the options allow; another number (190, 260 ...) may be typed.
  Question bid() const {
    const int max = opts().max_numeric_bid;
    Question q = ask_number("bid", text::tr("coinche.entry.bid", "The bid?"), "int", 80,
                            max > 0 ? std::optional<int64_t>(max) : std::nullopt);
    for (int v = 80; v <= (max > 0 ? max : 180); v += 10) q.choices.push_back({std::to_string(v), ""});
    if (max <= 0) q.choices.push_back({"250", ""});
    // a grid's button shows its label: short
    if (opts().capot_bid) q.choices.push_back({"capot", "capot"});
    if (opts().generale_bid) q.choices.push_back({"generale", "générale"});
    q.layout = "grid";
    q.help = max > 0 ? text::tr("coinche.entry.bid.help_max", "80 to {max} in steps of 10",
                                text::Message().number("max", max))
                     : text::tr("coinche.entry.bid.help",
                                "80, 90, 100 ... in steps of 10 (above 250 only with announcements or belote)");
    if (opts().capot_bid)
      q.help += text::tr("coinche.entry.bid.help_capot", "; capot: the bidding team takes all eight tricks ({points})",
                         text::Message().number("points", k_capot_value));
    if (opts().generale_bid)
      q.help += text::tr("coinche.entry.bid.help_generale",
                         "; generale: the bidder alone takes all eight tricks ({points})",
                         text::Message().number("points", k_generale_value));
    q.fields = {"bid", "contract"};
    return q;
  }

  // The suits with their symbols and French names; the value stays the letter the record takes.
  Question trump() const {
    Question q = ask_choice(
        "trump", text::tr("coinche.entry.trump", "Trump suit?"),
        {{"S", "\u2660 pique"}, {"H", "\u2665 c\u0153ur"}, {"D", "\u2666 carreau"}, {"C", "\u2663 tr\u00e8fle"}});
    q.layout = "labels";
    return q;
  }

  Question coinche() const {
    Question q = seat_question("coinche", text::tr("coinche.entry.coinche", "Coinche (x2)?"), team_seats(false),
                               text::tr("coinche.entry.coinche.by", "coinched by "));
    q.kind = "choice";
    q.choices.insert(q.choices.begin(), {"no", text::tr("coinche.entry.coinche.no", "no coinche")});
    q.preset = "no";
    q.fields = {"coinche", "coinched_by"};
    return q;
  }

  Question surcoinche() const {
    Question q = seat_question("surcoinche",
                               text::tr("coinche.entry.surcoinche", "Surcoinche (x{factor})?",
                                        text::Message().text("factor", std::to_string(opts().surcoinche_factor))),
                               team_seats(true), text::tr("coinche.entry.surcoinche.by", "surcoinched by "));
    q.kind = "choice";
    q.choices.insert(q.choices.begin(), {"no", text::tr("coinche.entry.surcoinche.no", "no surcoinche")});
    q.preset = "no";
    q.fields = {"surcoinche", "surcoinched_by"};
    return q;
  }

  Question points() const {
    const int b = seat_in("bidder");
    Question q =
        ask_number("points",
                   text::tr("coinche.entry.points", "Card points won by the bidders{team}, without the dix de der?",
                            text::Message().text("team", b < 0 ? std::string() : " " + team_label(team_of(b)))),
                   "int", 0, k_card_points);
    q.help = text::tr("coinche.entry.points.help",
                      "0 to 152, not 1 or 151; the defenders have the rest (152 minus this)");
    q.fields = {"points", "bidder_card_points"};
    q.complement = k_card_points;
    q.complement_text = text::tr("coinche.entry.points.defenders", "the defenders' card points");
    return q;
  }

  Question last() const {
    const int b = seat_in("bidder");
    auto label = [&](int team) { return b < 0 ? std::string() : team_label(team); };
    Question q = ask_choice("last", text::tr("coinche.entry.last", "Who took the last trick (dix de der)?"),
                            {{"bidders", label(team_of(b))}, {"defenders", label(1 - team_of(b))}});
    auto p = int_in("bidder_card_points");
    if (p && *p == k_card_points) q.preset = "bidders";
    if (p && *p == 0) q.preset = "defenders";
    q.fields = {"last", "last_trick"};
    return q;
  }

  // spec coinche §3 C12: a capot team holds all 152 card points and the last trick.
  std::string possible_capot() const {
    auto p = int_in("bidder_card_points");
    const std::string l = text_of("last_trick");
    if (p && *p == k_card_points && l == "bidders") return "bidders";
    if (p && *p == 0 && l == "defenders") return "defenders";
    return "";
  }

  Question capot() const {
    const std::string team = possible_capot();
    const int b = seat_in("bidder");
    const int t = team == "bidders" ? team_of(b) : 1 - team_of(b);
    Question q = ask_choice("capot",
                            text::tr("coinche.entry.capot",
                                     "Capot: did the {team, select, bidders {bidders} other {defenders}} take all "
                                     "eight tricks?",
                                     text::Message().text("team", team)),
                            {{team, text::tr("coinche.entry.capot.yes", "capot: {side} took every trick",
                                             text::Message().text("side", team_label(t)))},
                             {"none",
                              text::tr("coinche.entry.capot.none", "no capot: {side} won a trick with no card points",
                                       text::Message().text("side", team_label(1 - t)))}});
    q.preset = team;
    return q;
  }

  Question sole() const {
    Question q = seat_question("sole", text::tr("coinche.entry.sole", "Who won all eight tricks (générale)?"),
                               team_seats(true));
    q.choices.push_back({"none", text::tr("coinche.entry.sole.none", "shared: both partners won tricks")});
    q.fields = {"sole", "sole_winner"};
    return q;
  }

  Question belote() const {
    Question q = seat_question("belote",
                               text::tr("coinche.entry.belote", "Belote and rebelote (K and Q of trumps, both said)?"),
                               {0, 1, 2, 3});
    q.choices.insert(q.choices.begin(), {"none", text::tr("coinche.entry.belote.none", "no belote")});
    q.preset = "none";
    return q;
  }

  // The one-line syntax, offered as the list's text fallback.
  static Question announcements_typed() {
    Question q = ask_choice("annonce", text::tr("coinche.entry.annonce", "Announcements?"), {});
    q.kind = "words";
    q.optional = true;
    q.help = text::tr("coinche.entry.annonce.help",
                      "PLAYER:TYPE:SUIT:TOP or PLAYER:carre:RANK, comma-separated (e.g. W:tierce:C:Q,N:carre:J; "
                      "cent:H:A:6 for 6 cards); empty for none");
    q.fields = {"annonce", "announcements"};
    return q;
  }

  // Whether the announcements before and `item` (a complete one) pass the engine's checks with this hand's trump and
  // belote (C15..C18: a card claimed twice, a carré of eights, a sequence below the 7 ...).
  bool legal(const std::vector<ListItem>& earlier, const ListItem& item) const {
    std::string words;
    for (const auto& e : earlier) words += announcement_words(e) + ",";
    words += announcement_words(item);
    Diagnostics d;
    const json r = record_from_words({{"annonce", words}}, game, d);
    if (d.has_errors() || !r.contains("announcements")) return false;
    return announcements_legal(r["announcements"], suit_index(text_of("trump")), seat_in("belote"), opts(),
                               game.names());
  }

  // Every announcement there is (the legal choices are those some of them complete).
  static const std::vector<ListItem>& all_announcements() {
    static const std::vector<ListItem> all = [] {
      std::vector<ListItem> out;
      auto rank = [](int r) { return std::string(k_ranks[static_cast<size_t>(r)]); };
      for (int s = 0; s < 4; ++s)
        for (const auto& type : k_announcement_types) {
          const std::string who = seat_name(s), t(type);
          if (t == "carre") {
            for (int r = 0; r < 6; ++r) out.push_back({{{"who", who}, {"type", t}, {"rank", rank(r)}}});
            continue;
          }
          const int len = t == "tierce" ? 3 : t == "cinquante" ? 4 : 5;
          for (const auto& suit : k_suits)
            for (int top = 0; top + len <= 8; ++top) {
              ListItem i{{{"who", who}, {"type", t}, {"suit", std::string(suit)}, {"top", rank(top)}}};
              if (t != "cent" || top > 2) {
                out.push_back(i);
                continue;
              }
              for (int l = 5; top + l <= 8; ++l) {
                out.push_back(i);
                out.back().parts.emplace_back("length", std::to_string(l));
              }
            }
        }
      return out;
    }();
    return all;
  }

  // The choices of part `part` that some legal announcement completes.
  std::vector<Choice> legal_only(const std::vector<ListItem>& earlier, const ListItem& current, const char* part,
                                 std::vector<Choice> choices) const {
    return legal_choices(current, part, std::move(choices), all_announcements(),
                         [&](const ListItem& item) { return legal(earlier, item); });
  }

  // An announcement in the one-line syntax: W:tierce:C:Q, E:cent:H:A:6, N:carre:J (5 cards, a cent's least, unsaid).
  static std::string announcement_words(const ListItem& i) {
    auto v = [&](const char* part) { return i.part(part) ? *i.part(part) : std::string(); };
    if (v("type") == "carre") return v("who") + ":carre:" + v("rank");
    std::string w = v("who") + ":" + v("type") + ":" + v("suit") + ":" + v("top");
    if (!v("length").empty() && v("length") != "5") w += ":" + v("length");
    return w;
  }

  // The part of an announcement still to ask: who -> which -> suit -> top card (-> length of a cent from A, K or Q),
  // or who -> carré -> rank; "" when it is complete.
  static std::string missing_part(const ListItem& cur) {
    if (!cur.part("who")) return "who";
    if (!cur.part("type")) return "type";
    if (*cur.part("type") == "carre") return cur.part("rank") ? "" : "rank";
    if (!cur.part("suit")) return "suit";
    if (!cur.part("top")) return "top";
    if (*cur.part("type") == "cent" && !cur.part("length") && rank_index(json(*cur.part("top"))) <= 2) return "length";
    return "";
  }

  // The list's shape alone (folding the answers into the words needs no game).
  static ListAsk announcement_shape() {
    ListAsk l;
    l.key = "annonce";
    l.typed = announcements_typed();
    l.next_part = [](const std::vector<ListItem>&, const ListItem& cur) -> std::optional<Question> {
      const std::string part = missing_part(cur);
      if (part.empty()) return std::nullopt;
      Question q;
      q.key = part;
      return q;
    };
    l.item_words = &announcement_words;
    return l;
  }

  // The next part of an announcement with its legal choices only.
  std::optional<Question> announcement_part(const std::vector<ListItem>& earlier, const ListItem& cur) const {
    auto only = [&](const char* part, std::vector<Choice> c) { return legal_only(earlier, cur, part, std::move(c)); };
    const std::string part = missing_part(cur);
    if (part.empty()) return std::nullopt;
    if (part == "who") {
      Question q = seat_question("who", text::tr("coinche.entry.annonce.who", "Who showed the announcement?"),
                                 {0, 1, 2, 3});
      q.choices = only("who", q.choices);
      return q;
    }
    const std::string who = *cur.part("who");
    if (part == "type")
      return ask_choice("type",
                        text::tr("coinche.entry.annonce.type", "Which announcement did {who} show?",
                                 text::Message().text("who", who)),
                        only("type",
                             {{"tierce", text::tr("coinche.entry.annonce.tierce", "tierce: 3 in a row (20)")},
                              {"cinquante", text::tr("coinche.entry.annonce.cinquante", "cinquante: 4 in a row (50)")},
                              {"cent", text::tr("coinche.entry.annonce.cent", "cent: 5 or more in a row (100)")},
                              {"carre", text::tr("coinche.entry.annonce.carre", "carré: four of a kind")}}));
    const std::string type = *cur.part("type");
    if (part == "rank")
      return ask_choice("rank", text::tr("coinche.entry.annonce.rank", "A carré of?"),
                        only("rank", {{"J", "J (200)"},
                                      {"9", "9 (150)"},
                                      {"A", "A (100)"},
                                      {"10", "10 (100)"},
                                      {"K", "K (100)"},
                                      {"Q", "Q (100)"}}));
    if (part == "suit") {
      Question q = trump();
      q.key = "suit";
      q.text = text::tr("coinche.entry.annonce.suit", "In which suit is the {type}?",
                        text::Message().text("type", type));
      q.choices = only("suit", q.choices);
      return q;
    }
    const int len = type == "tierce" ? 3 : type == "cinquante" ? 4 : 5;
    if (part == "top") {
      std::vector<Choice> c;
      for (int top = 0; top + len <= 8; ++top) {
        std::string cards;
        for (int r = top; r < top + len; ++r)
          cards += (cards.empty() ? "" : " ") + std::string(k_ranks[static_cast<size_t>(r)]);
        c.push_back({std::string(k_ranks[static_cast<size_t>(top)]), cards + (type == "cent" ? " ..." : "")});
      }
      return ask_choice("top", text::tr("coinche.entry.annonce.top", "Its top card?"), only("top", c));
    }
    std::vector<Choice> c;
    for (int l = 5; rank_index(json(*cur.part("top"))) + l <= 8; ++l)
      c.push_back(
          {std::to_string(l), text::tr("coinche.entry.annonce.cards", "{n} cards", text::Message().number("n", l))});
    Question q = ask_choice("length", text::tr("coinche.entry.annonce.length", "How many cards in the cent?"),
                            only("length", c));
    q.preset = "5";
    return q;
  }

  ListAsk announcement_list() const {
    ListAsk l = announcement_shape();
    l.first = text::tr("coinche.entry.annonce", "Announcements?");
    l.add = text::tr("coinche.entry.annonce.add", "add an announcement");
    l.another = text::tr("coinche.entry.annonce.another", "Another announcement?");
    l.next_part = [this](const std::vector<ListItem>& earlier, const ListItem& cur) {
      return announcement_part(earlier, cur);
    };
    return l;
  }

  // --- which questions apply

  bool played_fields_given() const {
    for (const char* f : k_played_fields)
      if (rec.contains(f)) return true;
    return false;
  }

  std::optional<Question> next() const {
    if (answers.empty()) return dealer();
    if (!asked(answers, "redeal") && !played_fields_given()) return redeal();
    if (has("redeal") && rec["redeal"] != "played") return std::nullopt;  // all_pass / misdeal: nothing else
    // a guided hand asks everything that applies; typed words only what the record still needs
    const bool guided = asked(answers, "redeal");
    auto ask = [&](const char* key, const char* field) { return !asked(answers, key) && !rec.contains(field); };
    if (ask("bidder", "bidder")) return bidder();
    if (contract() == "points" && ask("bid", "bid")) return bid();
    if (ask("trump", "trump")) return trump();
    if (guided && ask("coinche", "coinched_by") && !has("coinche")) return coinche();
    if (guided && has("coinched_by") && ask("surcoinche", "surcoinched_by")) return surcoinche();
    if (ask("points", "bidder_card_points")) return points();
    if (ask("last", "last_trick")) return last();
    if (guided && !possible_capot().empty() && ask("capot", "capot")) return capot();
    if (contract() == "generale" && text_of("capot") == "bidders" && ask("sole", "sole_winner")) return sole();
    if (guided && ask("belote", "belote")) return belote();
    if (guided && opts().announcements && (asked(answers, "annonce#1") || ask("annonce", "announcements")))
      return ask_list(announcement_list(), answers);
    return std::nullopt;
  }
};

}  // namespace

Words entry_words_of(const Answers& given) {
  const Answers answers = fold_list(HandQuestions::announcement_shape(), given);
  Words w;
  for (const auto& a : answers) {
    std::erase_if(w, [&](const auto& x) { return x.first == a.first; });
    if (a.second.empty() || nothing_answer(a.first, a.second)) continue;
    w.emplace_back(a);
  }
  return w;
}

std::optional<Question> entry_question(const Game& before, const Answers& answers) {
  const auto* g = dynamic_cast<const CoincheGame*>(&before);
  if (!g || g->finished()) return std::nullopt;
  Diagnostics ignored;
  HandQuestions hq{*g, answers, record_from_words(entry_words_of(answers), before, ignored)};
  return hq.next();
}

}  // namespace marque::rules::coinche
