// Coinche command-line syntax: `marque start coinche N=Nina E=Emil S=Sara W=Will dealer=W ...` and
// `marque hand bidder=S bid=90 trump=D coinche=E points=95 last=bidders belote=S annonce=W:tierce:C:Q`.
//
// Hand keys (players as a seat N/E/S/W or a name; teams as bidders/defenders, NS/EW or a player of the team):
//   dealer=W                      (default: the expected dealer)
//   redeal=all_pass|misdeal       a hand with no play
//   bidder=S  bid=90  trump=D     (bid=90D sets both; bid=capot / bid=generale with those options; contract=)
//   coinche=1|2|E                 level, or who said coinche (level 1); coinched_by=E
//   surcoinche=S                  who said surcoinche (level 2); surcoinched_by=S
//   points=95                     the bidders' card points (bidder_card_points=); defender_card_points=57
//   last=bidders|defenders|NS|S   who took the last trick (last_trick=)
//   capot=bidders|defenders|none  sole=S (sole_winner=)   belote=S|none
//   annonce=W:tierce:C:Q,N:carre:J,E:cent:H:A:6   (ann=, annonces=, announcements=; repeat the key to add more)
//   auction=N:pass,E:80H,S:90D,W:pass,N:pass,E:coinche,S:pass   (E:capotH, E:generale:S, N:surcoinche)
#include <cctype>

#include "rules/coinche/coinche.hpp"

namespace marque::rules::coinche {

namespace {

// "D", "d", "♦", "diamonds", "carreau" -> "D"; otherwise the text unchanged (the engine reports it).
std::string suit_word(const std::string& v) {
  static constexpr std::array<std::array<std::string_view, 6>, 4> k_words = {{
      {"s", "\u2660", "spades", "spade", "pique", "piques"},
      {"h", "\u2665", "hearts", "heart", "coeur", "coeurs"},
      {"d", "\u2666", "diamonds", "diamond", "carreau", "carreaux"},
      {"c", "\u2663", "clubs", "club", "trefle", "trefles"},
  }};
  std::string l = lower(v);
  for (size_t i = 0; i < 4; ++i)
    for (auto w : k_words[i])
      if (l == w) return std::string(k_suits[i]);
  return v;
}

// suffix suit of "90D" / "80♠" / "capotH": returns {head, suit} or {v, ""}.
std::pair<std::string, std::string> split_suit(const std::string& v) {
  for (size_t i = 0; i < 4; ++i) {
    std::string sym(k_suit_symbols[i]);
    if (v.size() > sym.size() && v.compare(v.size() - sym.size(), sym.size(), sym) == 0)
      return {v.substr(0, v.size() - sym.size()), std::string(k_suits[i])};
  }
  if (v.size() > 1) {
    char c = static_cast<char>(std::toupper(static_cast<unsigned char>(v.back())));
    std::string head = v.substr(0, v.size() - 1);
    if (suit_index(std::string(1, c)) >= 0 &&
        (std::isdigit(static_cast<unsigned char>(head.back())) || lower(head) == "capot" || lower(head) == "generale" ||
         head == "générale"))
      return {head, std::string(1, c)};
  }
  return {v, ""};
}

std::string contract_word(const std::string& v) {
  std::string l = lower(v);
  if (l == "générale" || l == "generale" || l == "gen") return "generale";
  if (l == "capot") return "capot";
  return v;
}

// "Q" / "q" -> "Q"; a card rank as the record writes it (first letter upper case).
std::string rank_word(std::string r) {
  if (!r.empty() && std::isalpha(static_cast<unsigned char>(r[0])))
    r[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(r[0])));
  return r;
}

// "t", "20", "3" -> "tierce" ...; "carré" -> "carre"
std::string announcement_type_word(const std::string& v) {
  std::string t = lower(v);
  if (t == "carré" || t == "carre" || t == "square") return "carre";
  if (t == "t" || t == "20" || t == "3") return "tierce";
  if (t == "50" || t == "4") return "cinquante";
  if (t == "100" || t == "5") return "cent";
  return t;
}

constexpr std::array<std::string_view, 24> k_hand_keys = {"dealer",
                                                          "redeal",
                                                          "bidder",
                                                          "bid",
                                                          "contract",
                                                          "trump",
                                                          "coinche",
                                                          "coinched_by",
                                                          "surcoinche",
                                                          "surcoinched_by",
                                                          "points",
                                                          "bidder_card_points",
                                                          "defender_card_points",
                                                          "last",
                                                          "last_trick",
                                                          "capot",
                                                          "sole",
                                                          "sole_winner",
                                                          "belote",
                                                          "annonce",
                                                          "annonces",
                                                          "ann",
                                                          "announcements",
                                                          "auction"};

// The words of `marque hand`, read into a record one key at a time.
struct RecordReader {
  const CoincheGame* game;
  Diagnostics& d;
  json rec = json::object();
  std::string last_word, capot_word;  // resolved against the bidder at the end

  RecordReader(const CoincheGame* g, Diagnostics& diags) : game(g), d(diags) {}

  // a player as a seat letter or a name -> the seat letter; unknown text stays (the engine names it).
  json seat(const std::string& key, const std::string& v) const {
    if (lower(v) == "none" || v == "-" || lower(v) == "null") return nullptr;
    int s = game ? game->seat_of(v) : seat_index(v);
    if (s < 0) {
      std::string known;
      if (game)
        for (size_t i = 0; i < 4; ++i)
          known += (known.empty() ? "" : ", ") + std::string(k_seats[i]) + "=" + game->names()[i];
      d.error(key, "C01",
              known.empty() ? text::Message("coinche.err.player_or_seat").text("value", v)
                            : text::Message("coinche.err.player_or_seat_known").text("value", v).text("seats", known),
              catalogue());
      return v;
    }
    return std::string(k_seats[static_cast<size_t>(s)]);
  }

  // dealer, redeal, bidder, bid, contract, trump
  bool contract_key(const std::string& key, const std::string& v) {
    if (key == "dealer" || key == "bidder") {
      rec[key] = seat(key, v);
    } else if (key == "redeal") {
      std::string l = lower(v);
      rec["redeal"] = l == "all_pass" || l == "allpass" || l == "all-pass" || l == "pass" ? json("all_pass")
                      : l == "misdeal"                                                    ? json("misdeal")
                      : l == "none" || l == "null"                                        ? json(nullptr)
                                                                                          : json(v);
    } else if (key == "bid") {
      auto [head, suit] = split_suit(v);
      std::string c = contract_word(head);
      if (c == "capot" || c == "generale")
        rec["contract"] = c;
      else
        rec["bid"] = typed_value(head);
      if (!suit.empty()) rec["trump"] = suit;
    } else if (key == "contract") {
      rec["contract"] = contract_word(v) == "generale" ? "generale" : lower(v);
    } else if (key == "trump") {
      rec["trump"] = suit_word(v);
    } else {
      return false;
    }
    return true;
  }

  // coinche, coinched_by, surcoinche, surcoinched_by
  bool coinche_key(const std::string& key, const std::string& v) {
    if (key == "coinche") {
      if (v == "0" || v == "1" || v == "2") {
        rec["coinche"] = std::stoi(v);
      } else if (lower(v) == "no" || lower(v) == "none") {  // said by nobody: no coinche
        rec["coinche"] = 0;
      } else {
        rec["coinched_by"] = seat(key, v);
        if (!rec.contains("coinche") || rec["coinche"] == 0) rec["coinche"] = 1;
      }
    } else if (key == "surcoinche") {
      if (!(v == "1" || lower(v) == "true" || lower(v) == "yes")) rec["surcoinched_by"] = seat(key, v);
      rec["coinche"] = 2;
    } else if (key == "coinched_by" || key == "surcoinched_by") {
      rec[key] = seat(key, v);
    } else {
      return false;
    }
    return true;
  }

  // points, last trick, capot, sole winner, belote
  bool play_key(const std::string& key, const std::string& v) {
    if (key == "points" || key == "bidder_card_points") {
      rec["bidder_card_points"] = typed_value(v);
    } else if (key == "defender_card_points") {
      rec["defender_card_points"] = typed_value(v);
    } else if (key == "last" || key == "last_trick") {
      last_word = v;
    } else if (key == "capot") {
      capot_word = v;
    } else if (key == "sole" || key == "sole_winner") {
      rec["sole_winner"] = seat(key, v);
    } else if (key == "belote") {
      rec["belote"] = seat(key, v);
    } else {
      return false;
    }
    return true;
  }

  // one announcement: PLAYER:TYPE:SUIT:TOP[:LENGTH] or PLAYER:carre:RANK
  std::optional<json> announcement(const std::string& key, const std::string& item) {
    auto parts = split_list(item, ':');
    if (parts.size() < 2) {
      d.error(key, "C15", text::Message("coinche.err.announcement_words").text("value", item), catalogue());
      return std::nullopt;
    }
    json a = json::object();
    a["player"] = seat(key, parts[0]);
    std::string t = announcement_type_word(parts[1]);
    a["type"] = t;
    if (t == "carre") {
      if (parts.size() != 3) {
        d.error(key, "C15", text::Message("coinche.err.carre_words").text("value", item), catalogue());
        return std::nullopt;
      }
      a["rank"] = parts[2] == "10" || parts[2] == "9" ? parts[2] : rank_word(parts[2]);
      return a;
    }
    if (parts.size() < 4 || parts.size() > 5) {
      d.error(key, "C15", text::Message("coinche.err.sequence_words").text("value", item), catalogue());
      return std::nullopt;
    }
    a["suit"] = suit_word(parts[2]);
    a["top"] = rank_word(parts[3]);
    if (parts.size() == 5) a["length"] = typed_value(parts[4]);
    return a;
  }

  void announcements(const std::string& key, const std::string& v) {
    if (!rec.contains("announcements")) rec["announcements"] = json::array();
    if (lower(v) == "none" || v.empty()) return;
    for (const auto& item : split_list(v))
      if (auto a = announcement(key, item)) rec["announcements"].push_back(*a);
  }

  // one call: SEAT:pass, SEAT:90D, SEAT:capot:H, SEAT:coinche, SEAT:surcoinche
  std::optional<json> call(const std::string& key, const std::string& item) {
    auto parts = split_list(item, ':');
    if (parts.size() < 2 || parts.size() > 3) {
      d.error(key, "C19", text::Message("coinche.err.call_words").text("value", item), catalogue());
      return std::nullopt;
    }
    json c = json::object();
    c["seat"] = seat(key, parts[0]);
    std::string what = parts.size() == 3 ? parts[1] + parts[2] : parts[1];
    std::string l = lower(what);
    if (l == "pass" || l == "p" || l == "passe") {
      c["call"] = "pass";
    } else if (l == "coinche" || l == "c" || l == "x2" || l == "contre") {
      c["call"] = "coinche";
    } else if (l == "surcoinche" || l == "sc" || l == "x4" || l == "surcontre") {
      c["call"] = "surcoinche";
    } else {
      auto [head, suit] = split_suit(what);
      c["call"] = "bid";
      std::string ct = contract_word(head);
      if (ct == "capot" || ct == "generale")
        c["contract"] = ct;
      else
        c["bid"] = typed_value(head);
      c["suit"] = suit.empty() ? json(nullptr) : json(suit);
    }
    return c;
  }

  void auction(const std::string& key, const std::string& v) {
    json calls = json::array();
    for (const auto& item : split_list(v))
      if (auto c = call(key, item)) calls.push_back(*c);
    rec["auction"] = calls;
  }

  void word(const std::string& key, const std::string& v) {
    if (contract_key(key, v) || coinche_key(key, v) || play_key(key, v)) return;
    if (key == "annonce" || key == "annonces" || key == "ann" || key == "announcements") {
      announcements(key, v);
    } else if (key == "auction") {
      auction(key, v);
    } else {
      std::string known;
      for (auto k : k_hand_keys) known += (known.empty() ? "" : ", ") + std::string(k);
      d.error(key, "cli.unknown_key", text::Message("coinche.err.unknown_key").text("key", key).text("keys", known),
              catalogue());
    }
  }

  // team words: bidders / defenders, NS / EW, or a player of the team (needs the bidder)
  json team(const std::string& key, const std::string& field, const std::string& v) {
    std::string l = lower(v);
    if (l == "bidders" || l == "b" || l == "bidder" || l == "preneurs") return "bidders";
    if (l == "defenders" || l == "d" || l == "defender" || l == "defense" || l == "défense") return "defenders";
    if (l == "none" || l == "null" || l == "-" || l == "no") return nullptr;
    const std::string code = field == "capot" ? "C12" : "C11";
    int t = l == "ns" ? 0 : l == "ew" ? 1 : -1;
    if (t < 0 && game) {
      int s = game->seat_of(v);
      if (s >= 0) t = team_of(s);
    }
    if (t < 0) {
      d.error(key, code,
              text::Message("coinche.err.not_team").text("value", v).text("none", field == "capot" ? "yes" : "no"),
              catalogue());
      return v;
    }
    if (!rec.contains("bidder") || !rec["bidder"].is_string() || seat_index(rec["bidder"].get<std::string>()) < 0) {
      d.error(key, code, text::Message("coinche.err.team_needs_bidder").text("value", v), catalogue());
      return v;
    }
    return t == team_of(seat_index(rec["bidder"].get<std::string>())) ? "bidders" : "defenders";
  }
};

}  // namespace

json record_from_words(const std::vector<std::pair<std::string, std::string>>& kv, const Game& game, Diagnostics& d) {
  RecordReader r(dynamic_cast<const CoincheGame*>(&game), d);
  for (const auto& [key, v] : kv) r.word(key, v);
  if (!r.last_word.empty()) r.rec["last_trick"] = r.team("last", "last_trick", r.last_word);
  if (!r.capot_word.empty()) r.rec["capot"] = r.team("capot", "capot", r.capot_word);
  // the dealer is the one field filled by default: the expected dealer
  if (!r.rec.contains("dealer") && r.game)
    r.rec["dealer"] = std::string(k_seats[static_cast<size_t>(r.game->next_dealer_seat())]);
  return r.rec;
}

json setup_from_words(const std::vector<std::pair<std::string, std::string>>& kv, Diagnostics& d) {
  json setup = json::object();
  json seats = json::object();
  json options = json::object();
  std::string dealer;
  const auto table = option_table();
  auto option_value = [](const std::string& v) {
    if (v.find(',') == std::string::npos) return typed_value(v);
    json arr = json::array();
    for (const auto& part : split_list(v)) arr.push_back(typed_value(part));
    return arr;
  };
  for (const auto& [key, v] : kv) {
    if (seat_index(key) >= 0) {
      seats[key] = v;
    } else if (key == "seats") {
      for (const auto& item : split_list(v)) {
        auto parts = split_list(item, ':');
        if (parts.size() != 2 || seat_index(parts[0]) < 0) {
          d.error("seats", "coinche.seats", text::Message("coinche.err.seats_words").text("value", item), catalogue());
          continue;
        }
        seats[parts[0]] = parts[1];
      }
    } else if (key == "players") {
      auto names = split_list(v);
      if (names.size() != 4) {
        d.error("players", "coinche.seats",
                text::Message("coinche.err.players_words").number("count", static_cast<int64_t>(names.size())),
                catalogue());
        continue;
      }
      for (size_t i = 0; i < 4; ++i) seats[std::string(k_seats[i])] = names[i];
    } else if (key == "dealer" || key == "first_dealer") {
      dealer = v;
    } else if (key == "target" || key == "target_score") {
      options["target_score"] = typed_value(v);
    } else if (key == "starting_totals" || key == "start") {
      json st = json::object();
      for (const auto& item : split_list(v)) {
        auto parts = split_list(item, ':');
        if (parts.size() != 2) {
          d.error("starting_totals", "coinche.starting_totals",
                  text::Message("coinche.err.starting_words").text("value", item), catalogue());
          continue;
        }
        std::string team = parts[0];
        for (auto& c : team) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        st[team] = typed_value(parts[1]);
      }
      setup["starting_totals"] = st;
    } else if (key == "nous") {
      std::string t = v;
      for (auto& c : t) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      setup["nous"] = t;
    } else if (key.rfind("option.", 0) == 0 || key.rfind("opt.", 0) == 0) {
      options[key.substr(key.find('.') + 1)] = option_value(v);
    } else {
      bool is_option = false;
      for (const auto& o : table) is_option = is_option || o.id == key;
      if (is_option) {
        options[key] = option_value(v);
      } else {
        d.error(key, "cli.unknown_key", text::Message("coinche.err.setup_key").text("key", key), catalogue());
      }
    }
  }
  if (!seats.empty()) setup["seats"] = seats;
  if (!dealer.empty()) {
    // a seat, or the name of a seated player
    std::string seat = dealer;
    if (seat_index(seat) < 0) {
      std::string up = dealer;
      for (auto& c : up) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      if (seat_index(up) >= 0) seat = up;
      for (auto it = seats.begin(); it != seats.end(); ++it)
        if (it.value() == dealer) seat = it.key();
    }
    setup["first_dealer"] = seat;
  }
  setup["options"] = options;
  return setup;
}

const text::Labels& labels() {
  // the set-up (§2.1), the hand fields (§2.2) and their values, then the options (§6)
  static const text::Labels& table = *new text::Labels(common::game_labels(
      {
          text::said_label("seats", "seats {}"),
          text::said_label("first_dealer", "first dealer {}"),
          text::said_label("starting_totals", "starting totals {}"),
          {"nous", "nous = {}"},
          {"redeal", "{}"},
          text::said_label("redeal=all_pass", "all four passed"),
          text::said_label("redeal=misdeal", "misdeal"),
          text::said_label("bidder", "bidder {}"),
          {"contract", "{}"},
          {"contract=points", ""},
          text::said_label("contract=capot", "capot contract"),
          text::said_label("contract=generale", "générale contract"),
          text::said_label("bid", "bid {}"),
          {"trump", "{}"},
          // a suit is a letter, and so is a seat (S, the south seat, is no spade): the suits' letters are labelled
          // where they are suits only
          {"auction.suit=S", "♠"},
          {"auction.suit=H", "♥"},
          {"auction.suit=D", "♦"},
          {"auction.suit=C", "♣"},
          {"announcements.suit=S", "♠"},
          {"announcements.suit=H", "♥"},
          {"announcements.suit=D", "♦"},
          {"announcements.suit=C", "♣"},
          text::said_label("trump=S", "♠ trumps"),
          text::said_label("trump=H", "♥ trumps"),
          text::said_label("trump=D", "♦ trumps"),
          text::said_label("trump=C", "♣ trumps"),
          {"coinche", "{}"},
          text::said_label("coinche=0", "not coinched"),
          text::said_label("coinche=1", "coinched"),
          text::said_label("coinche=2", "surcoinched"),
          text::said_label("coinched_by", "coinche by {}"),
          text::said_label("surcoinched_by", "surcoinche by {}"),
          text::said_label("auction", "auction {}"),
          {"auction.seat", "{}"},
          {"auction.call", "{}"},
          {"auction.call=bid", ""},
          {"auction.bid", "{}"},
          {"auction.suit", "{}"},
          {"auction.contract", "{}"},
          {"=pass", "pass"},
          {"=coinche", "coinche"},
          {"=surcoinche", "surcoinche"},
          {"=capot", "capot"},
          {"=generale", "générale"},
          text::said_label("bidder_card_points", "bidders {} card points"),
          text::said_label("defender_card_points", "defenders {} card points"),
          text::said_label("last_trick", "last trick {}"),
          text::said_label("last_trick=bidders", "last trick to the bidders"),
          text::said_label("last_trick=defenders", "last trick to the defenders"),
          text::said_label("capot", "capot {}"),
          text::said_label("capot=bidders", "capot by the bidders"),
          text::said_label("capot=defenders", "capot by the defenders"),
          text::said_label("sole_winner", "générale by {}"),
          {"belote", "belote {}"},
          text::said_label("announcements", "announcements {}"),
          {"announcements.player", "{}"},
          {"announcements.type", "{}"},
          {"announcements.suit", "{}"},
          text::said_label("announcements.top", "to the {}"),
          text::said_label("announcements.rank", "of {}"),
          text::said_label("announcements.length", "{} cards"),
          {"=tierce", "tierce"},
          {"=cinquante", "cinquante"},
          {"=cent", "cent"},
          {"=carre", "carré"},
      },
      option_labels()));
  return table;
}

}  // namespace marque::rules::coinche
