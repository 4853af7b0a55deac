// The Prefa score sheet (κιτάπι, spec prefa §7): the ⊥ sheet (3 players) or the column sheet (4 players,
// open question Q8), the hand log, the received-from matrix, the settlement and the result line.
#include <algorithm>

#include "core/language.hpp"
#include "core/text.hpp"
#include "rules/common/sheet.hpp"
#include "rules/prefa/prefa.hpp"

namespace marque::rules::prefa {

namespace {

using text::display_width;
using text::pad_left;
using text::pad_right;

// j[k] in units of 1/per: a pool (per 1) or points (twelfths, k_scale); 0 when missing or not such a number
Amount amount_in(const ojson& j, const std::string& k, int64_t per) {
  std::optional<Amount> a;
  if (j.is_object())
    if (auto it = j.find(k); it != j.end()) a = amount_of(*it, per);
  return a ? *a : Amount::whole(0, per);
}

// points x stake in money, to the cent (halves away from zero: 31.5 x 0.05 is 1.58), computed exactly
Amount times(const Amount& points, const Amount& stake) {
  __extension__ using wide = __int128;
  const wide units = static_cast<wide>(points.units) * stake.units * 100,
             per = static_cast<wide>(points.per) * stake.per;
  const wide cents = (units + (units < 0 ? -per : per) / 2) / per;
  return Amount{static_cast<int64_t>(cents), 100};
}

// One column of running values: every value but the last is superseded (struck out on paper).
struct Column {
  std::vector<std::string> values;  // with marks
  std::vector<std::string> rendered() const {
    std::vector<std::string> out;
    for (size_t i = 0; i < values.size(); ++i) out.push_back(i + 1 < values.size() ? "(" + values[i] + ")" : values[i]);
    return out;
  }
  int width() const {
    int w = 0;
    for (const auto& s : rendered()) w = std::max(w, display_width(s));
    return w;
  }
};

// The histories read back from the score document.
struct History {
  std::vector<std::string> players;
  std::vector<Column> pool;               // per player
  std::vector<std::vector<Column>> recv;  // recv[to][from]
};

// Reads the pools and received columns back from the score document, hand by hand.
class HistoryBuilder {
public:
  HistoryBuilder(const json& file, const ojson& score) {
    for (const auto& p : score["players"]) h.players.push_back(p.get<std::string>());
    n = h.players.size();
    h.pool.resize(n);
    h.recv.assign(n, std::vector<Column>(n));
    pool.assign(n, Amount{});
    recv.assign(n, std::vector<Amount>(n, Amount::whole(0, k_scale)));
    const json setup = file.contains("setup") ? file["setup"] : json::object();
    net = setup.contains("options") && setup["options"].is_object() &&
          setup["options"].value("sheet_columns", "gross") == "net";
    start(setup);
    for (const auto& hand : score["hands"]) add(hand);
  }
  History h;

private:
  // The initial pools (initial_pool, or a resumed game's start.pools) and start.received.
  void start(const json& setup) {
    long long initial = setup.contains("initial_pool") && setup["initial_pool"].is_number()
                            ? setup["initial_pool"].get<long long>()
                            : 31;
    if (!setup.contains("initial_pool") && setup.contains("options") && setup["options"].is_object() &&
        setup["options"].contains("initial_pool") && setup["options"]["initial_pool"].is_number())
      initial = setup["options"]["initial_pool"].get<long long>();
    const json st = setup.contains("start") && setup["start"].is_object() ? setup["start"] : json::object();
    const json received = st.contains("received") && st["received"].is_object() ? st["received"] : json::object();
    for (size_t i = 0; i < n; ++i) {
      const std::string& p = h.players[i];
      pool[i] = Amount::whole(initial);
      if (st.contains("pools") && st["pools"].contains(p) && st["pools"][p].is_number())
        pool[i] = amount_of(st["pools"][p], 1).value_or(pool[i]);
      h.pool[i].values.push_back(common::local(pool[i]));
      for (size_t j = 0; j < n; ++j)
        if (i != j && received.contains(p) && received[p].contains(h.players[j]) &&
            received[p][h.players[j]].is_number())
          recv[i][j] = amount_of(received[p][h.players[j]], k_scale).value_or(recv[i][j]);
    }
    for (size_t i = 0; i < n; ++i)
      for (size_t j = 0; j < n; ++j)
        if (i != j && recv[i][j] != 0) {
          if (!net || recv[i][j] >= recv[j][i]) push_pair(i, j);
        }
  }

  // A new value in the column of i received from j (net: the pair's running net on the winner's side).
  void push_pair(size_t i, size_t j) {
    if (!net) {
      h.recv[i][j].values.push_back(common::local(recv[i][j]));
      return;
    }
    const Amount d = recv[i][j] - recv[j][i];
    if (d >= 0)
      h.recv[i][j].values.push_back(common::local(d));
    else
      h.recv[j][i].values.push_back(common::local(-d));
  }

  size_t index(const std::string& nm) const {
    for (size_t k = 0; k < n; ++k)
      if (h.players[k] == nm) return k;
    return 0;
  }

  // One hand: its transfers into the received columns, its pools with their marks.
  void add(const ojson& hand) {
    std::vector<bool> licked(n, false);
    auto changed = std::vector<std::vector<bool>>(n, std::vector<bool>(n, false));
    for (const auto& t : hand["transfers"]) {
      size_t from = index(t["from"].get<std::string>()), to = index(t["to"].get<std::string>());
      recv[to][from] += amount_in(t, "amount", k_scale);
      changed[to][from] = true;
      if (t["reason"] == "overflow") licked[from] = true;
    }
    for (size_t i = 0; i < n; ++i)
      for (size_t j = 0; j < n; ++j) {
        if (!changed[i][j]) continue;
        if (!net)
          push_pair(i, j);
        else if (i < j || !changed[j][i])
          push_pair(std::min(i, j), std::max(i, j));
      }
    const std::vector<Amount> prev_pool = pool;
    for (size_t i = 0; i < n; ++i) {
      pool[i] = amount_in(hand["pools"], h.players[i], 1);
      if (pool[i] == prev_pool[i]) continue;
      // marks: + went up, * lowered by another player's overflow, 0. a closed pool (spec prefa §7)
      std::string v = common::local(pool[i]);
      if (pool[i] > prev_pool[i])
        v += "+";
      else if (pool[i] == 0)
        v += ".";
      else if (licked[i])
        v += "*";
      h.pool[i].values.push_back(v);
    }
  }

  size_t n = 0;
  bool net = false;
  std::vector<Amount> pool;               // whole points
  std::vector<std::vector<Amount>> recv;  // twelfths
};

History build_history(const json& file, const ojson& score) { return HistoryBuilder(file, score).h; }

// A row of an area: left column text, centred text, right column text, in `width` display columns.
std::string area_row(const std::string& a, int wa, const std::string& b, const std::string& c, int wc, int width) {
  std::string left(1, ' ');
  left += pad_right(a, wa);
  std::string right = pad_left(c, wc);
  right += ' ';
  int mid = width - display_width(left) - display_width(right);
  int bw = display_width(b);
  int lpad = std::max(0, (mid - bw) / 2);
  std::string middle = std::string(static_cast<size_t>(lpad), ' ') + b;
  return left + pad_right(middle, mid) + right;
}

struct Area {
  std::vector<std::string> a, b, c;  // per row
};

std::string t_sheet(const History& h, size_t scorer) {
  const size_t n = 3;
  size_t right = (scorer + 1) % n, left = (scorer + 2) % n;
  auto rev = [](std::vector<std::string> v) {
    std::reverse(v.begin(), v.end());
    return v;
  };
  // name + pool column
  auto pool_col = [&](size_t p) {
    std::vector<std::string> v = {h.players[p]};
    for (const auto& s : h.pool[p].rendered()) v.push_back(s);
    return v;
  };
  // top-left: a = left from scorer (upwards, bottom rows), b = pool, c = left from right (top down)
  // top-right: a = right from left (top down), b = pool, c = right from scorer (upwards, bottom rows)
  std::vector<std::string> tl_up = rev(h.recv[left][scorer].rendered());
  std::vector<std::string> tl_down = h.recv[left][right].rendered();
  std::vector<std::string> tr_down = h.recv[right][left].rendered();
  std::vector<std::string> tr_up = rev(h.recv[right][scorer].rendered());
  std::vector<std::string> tl_pool = pool_col(left), tr_pool = pool_col(right), b_pool = pool_col(scorer);
  size_t top_h = std::max({std::max(tl_pool.size(), tl_down.size()) + tl_up.size(),
                           std::max(tr_pool.size(), tr_down.size()) + tr_up.size()});
  std::vector<std::string> bl = h.recv[scorer][left].rendered(), br = h.recv[scorer][right].rendered();
  size_t bot_h = std::max({b_pool.size(), bl.size(), br.size()});

  auto wmax = [](const std::vector<std::string>& v) {
    int w = 0;
    for (const auto& s : v) w = std::max(w, display_width(s));
    return w;
  };
  int wa_l = wmax(tl_up), wc_l = wmax(tl_down), wa_r = wmax(tr_down), wc_r = wmax(tr_up);
  int width = std::max({35, wa_l + wc_l + wmax(tl_pool) + 6, wa_r + wc_r + wmax(tr_pool) + 6,
                        (wmax(bl) + wmax(br) + wmax(b_pool) + 6) / 2});
  auto at = [](const std::vector<std::string>& v, size_t i) { return i < v.size() ? v[i] : std::string(); };
  const std::string dashes(static_cast<size_t>(width), '-');
  std::string border_top(1, '+');
  border_top.append(dashes).append(1, '+').append(dashes).append("+\n");
  std::string out = border_top;
  for (size_t r = 0; r < top_h; ++r) {
    std::string la = r + tl_up.size() >= top_h ? at(tl_up, r + tl_up.size() - top_h) : "";
    std::string rc = r + tr_up.size() >= top_h ? at(tr_up, r + tr_up.size() - top_h) : "";
    out += '|';
    out += area_row(la, wa_l, at(tl_pool, r), at(tl_down, r), wc_l, width);
    out += '|';
    out += area_row(at(tr_down, r), wa_r, at(tr_pool, r), rc, wc_r, width);
    out += "|\n";
  }
  out += border_top;
  int wb_l = wmax(bl), wb_r = wmax(br);
  for (size_t r = 0; r < bot_h; ++r) {
    out += '|';
    out += area_row(at(bl, r), wb_l, at(b_pool, r), at(br, r), wb_r, 2 * width + 1);
    out += "|\n";
  }
  out += '+';
  out.append(static_cast<size_t>(2 * width + 1), '-');
  out += "+\n";
  return out;
}

// Four players (open question Q8): every player's pool column and "received from" columns, as a table.
sheet::Table column_sheet(const History& h, size_t scorer) {
  const size_t n = h.players.size();
  sheet::Table t;
  t.columns = {{text::tr("sheet.prefa.col.player", "player"), false},
               {text::tr("sheet.prefa.col.pool", "pool"), false},
               {text::tr("sheet.prefa.col.received_from", "received from"), false}};
  t.rule();
  for (size_t k = 0; k < n; ++k) {
    size_t i = (scorer + k) % n;
    std::string pools;
    for (const auto& s : h.pool[i].rendered()) pools += (pools.empty() ? "" : " ") + s;
    std::string recv;
    for (size_t j = 0; j < n; ++j) {
      if (j == i) continue;
      std::string col;
      for (const auto& s : h.recv[i][j].rendered()) col += (col.empty() ? "" : " ") + s;
      recv += (recv.empty() ? "" : "  |  ") + h.players[j] + ": " + (col.empty() ? "0" : col);
    }
    t.row({h.players[i] + (k == 0 ? text::tr("sheet.prefa.scorer_mark", " (scorer)") : ""), pools, recv}, "pool");
  }
  return t;
}

// The sheet as drawn (HTML): the scorer's area under the line, the others above it, left to right as they sit
// (3 players: the left-hand and right-hand neighbours, with the columns facing the scorer written upwards; 4: left,
// opposite, right, each with its three "received from" columns).
sheet::Drawing drawn_sheet(const History& h, size_t scorer) {
  const size_t n = h.players.size();
  auto tally = [&](size_t to, size_t from, bool upwards) {
    sheet::Tally t;
    t.label = text::tr("sheet.prefa.from", "from {name}", text::Message().text("name", h.players[from]));
    t.values = h.recv[to][from].values;
    t.upwards = upwards;
    return t;
  };
  auto area = [&](size_t p) {
    sheet::Area a;
    a.name = h.players[p];
    a.pool.values = h.pool[p].values;
    return a;
  };
  sheet::Drawing d;
  d.bottom = area(scorer);
  if (n == 3) {
    const size_t right = (scorer + 1) % n, left = (scorer + 2) % n;
    sheet::Area l = area(left), r = area(right);
    l.left.push_back(tally(left, scorer, true));
    l.right.push_back(tally(left, right, false));
    r.left.push_back(tally(right, left, false));
    r.right.push_back(tally(right, scorer, true));
    d.top = {l, r};
    d.bottom.left.push_back(tally(scorer, left, false));
    d.bottom.right.push_back(tally(scorer, right, false));
    return d;
  }
  auto with_columns = [&](size_t p) {  // an area with its "received from" columns, the next player's first
    sheet::Area a = area(p);
    for (size_t k = 1; k < n; ++k) a.right.push_back(tally(p, (p + k) % n, false));
    return a;
  };
  for (size_t k = n - 1; k >= 1; --k) d.top.push_back(with_columns((scorer + k) % n));
  d.bottom = with_columns(scorer);
  return d;
}

std::string defence_text(const ojson& b) {
  std::string mode = b.value("mode", "");
  if (mode == "none") return text::tr("sheet.prefa.both_pass", "both pass");
  if (mode == "alone")
    return text::tr("sheet.prefa.alone", "{name} alone", text::Message().text("name", b.value("lone_defender", "")));
  if (mode == "along")
    return text::tr("sheet.prefa.along", "{taker} takes {taken} along",
                    text::Message().text("taker", b.value("taker", "")).text("taken", b.value("taken", "")));
  if (mode == "both")
    return b.contains("calls") && b["calls"].is_object() ? text::tr("sheet.prefa.both_play", "both play") : "-";
  return "";
}

}  // namespace

namespace {

// The drawing of the ⊥ sheet (3 players), line by line, or the column table (4 players).
void pools_block(sheet::Sheet& out, const History& h, size_t scorer) {
  if (h.players.size() == 3) {
    const std::string drawing = t_sheet(h, scorer);
    for (size_t pos = 0; pos < drawing.size();) {
      size_t nl = drawing.find('\n', pos);
      out.line(drawing.substr(pos, nl - pos), "pools");
      pos = nl == std::string::npos ? drawing.size() : nl + 1;
    }
  } else {
    out.table("pools") = column_sheet(h, scorer);
  }
  out.blocks.back().drawing = drawn_sheet(h, scorer);
}

// The hand log (spec prefa §7): one row per hand.
void hand_log(sheet::Sheet& out, const History& h, const ojson& score) {
  const size_t n = h.players.size();
  sheet::Table& log = out.table("hands");
  log.columns = {{"#", true},
                 {text::tr("sheet.prefa.col.dealer", "dealer"), false},
                 {text::tr("sheet.prefa.col.declarer", "declarer"), false},
                 {text::tr("sheet.prefa.col.contract", "contract"), false},
                 {text::tr("sheet.prefa.col.defence", "defence"), false},
                 {text::tr("sheet.prefa.col.tricks", "tricks"), false},
                 {text::tr("sheet.prefa.col.outcome", "outcome"), false}};
  for (const std::string& what :
       {text::tr("sheet.prefa.col.pools", "pools"), text::tr("sheet.prefa.col.cash", "cash"),
        text::tr("sheet.prefa.col.value", "value")}) {  // each player's own column (text: "pools A/B/C")
    log.groups.push_back({static_cast<int>(log.columns.size()), static_cast<int>(n), what});
    for (const auto& p : h.players) log.columns.push_back({p, true});
  }
  log.rule();
  for (const auto& hand : score["hands"]) {
    const ojson& b = hand["breakdown"];
    std::string tricks;
    if (b.contains("tricks"))
      for (auto it = b["tricks"].begin(); it != b["tricks"].end(); ++it)
        tricks += (tricks.empty() ? "" : ", ") + it.key() + " " + common::local(int64_t{it.value().get<int>()});
    std::vector<std::string> pools, cash, value;
    for (size_t i = 0; i < n; ++i) {
      const std::string& p = h.players[i];
      pools.push_back(common::local(amount_in(hand["pools"], p, 1)));
      cash.push_back(
          common::local_signed(b.contains("cash_delta") ? amount_in(b["cash_delta"], p, k_scale) : Amount{}));
      value.push_back(common::local(amount_in(hand["totals"], p, k_scale)));
    }
    std::string contract = b.value("contract", "");
    if (b.value("four_aces", false)) contract += " +4A";
    std::string outcome = labels().value("outcome", b.value("outcome", json("")));
    if (b.value("game_over", false)) outcome += text::tr("sheet.prefa.game_over", ", game over");
    std::vector<std::string> row = {std::to_string(hand.value("hand", hand.value("seq", 0))),
                                    hand.value("dealer", ""),
                                    b.value("declarer", ""),
                                    contract,
                                    defence_text(b),
                                    tricks,
                                    outcome};
    for (const auto* part : {&pools, &cash, &value}) row.insert(row.end(), part->begin(), part->end());
    log.row(row);
  }
}

// The received-from matrix (spec prefa §5.5 step 2).
void received_block(sheet::Sheet& out, const History& h, const ojson& res) {
  out.line("", "received");
  out.line(text::tr("sheet.prefa.received", "received from (row received from column):"), "received");
  sheet::Table& m = out.table("received");
  m.columns = {{"", false}};
  for (const auto& p : h.players) m.columns.push_back({p, true});
  for (const auto& p : h.players) {
    std::vector<std::string> row = {p};
    for (const auto& q : h.players)
      row.push_back(p == q ? "-"
                           : common::local(res.contains("received") && res["received"].contains(p)
                                               ? amount_in(res["received"][p], q, k_scale)
                                               : Amount{}));
    m.row(row, "");
  }
}

// The settlement (spec prefa §5.5 steps 3 and 5) and the result line.
void settlement_block(sheet::Sheet& out, const ojson& res, bool finished, const Amount& stake) {
  auto in_money = [&](const Amount& v) {
    return stake > 0 ? text::tr("sheet.prefa.money", " ({amount} money)",
                                text::Message().text("amount", common::local(times(v, stake))))
                     : std::string();
  };
  out.line("", "settlement");
  out.line(finished ? text::tr("sheet.prefa.settlement.final", "settlement, who pays whom:")
                    : text::tr("sheet.prefa.settlement.now",
                               "settlement if the game were closed now (general end settlement):"),
           "settlement");
  if (res.contains("settlement")) {
    sheet::Table& st = out.table("settlement");
    st.header = false;
    st.columns = {{text::tr("sheet.prefa.col.from", "from"), false},
                  {"", false},
                  {text::tr("sheet.prefa.col.to", "to"), false},
                  {text::tr("sheet.prefa.col.amount", "amount"), false}};
    for (const auto& t : res["settlement"]["pairwise"])
      st.row({"  " + t["from"].get<std::string>(), text::tr("sheet.prefa.pays", "pays"), t["to"].get<std::string>(),
              common::local(amount_in(t, "amount", k_scale)) + in_money(amount_in(t, "amount", k_scale))},
             "payment");
    if (res["settlement"]["pairwise"].empty())
      st.row({"  " + text::tr("sheet.prefa.nobody_pays", "nobody pays anybody")}, "");
    std::string minimal;
    for (const auto& t : res["settlement"]["payments"])
      minimal += (minimal.empty() ? "" : text::tr("sheet.prefa.payments_separator", "; ")) +
                 text::tr("sheet.pays", "{from} pays {to} {amount}",
                          text::Message()
                              .text("from", t["from"].get<std::string>())
                              .text("to", t["to"].get<std::string>())
                              .text("amount", common::local(amount_in(t, "amount", k_scale))));
    if (!minimal.empty())
      out.line(text::tr("sheet.prefa.fewest", "  in fewest payments: {payments}",
                        text::Message().text("payments", minimal)),
               "settlement");
  }
  std::string line = finished ? text::tr("sheet.prefa.result", "result:")
                              : text::tr("sheet.prefa.standing", "standing (game in progress):");
  int i = 0;
  for (const auto& p : res["ranking"]) {
    std::string nm = p.get<std::string>();
    int place = res.contains("places") && res["places"].contains(nm) ? res["places"][nm].get<int>() : i + 1;
    ++i;
    const Amount final_result = amount_in(res["final"], nm, k_scale);
    line += "  " + std::to_string(place) + ". " + nm + " " + common::local_signed(final_result) +
            in_money(final_result);
  }
  out.line("", "result");
  out.line(line, "result");
}

}  // namespace

sheet::Sheet render_sheet(const json& file, const ojson& score) {
  History h = build_history(file, score);
  const size_t n = h.players.size();
  const json setup = file.contains("setup") ? file["setup"] : json::object();
  size_t scorer = 0;
  std::string scorer_name = score.value("scorer", setup.value("scorer", h.players.front()));
  for (size_t i = 0; i < n; ++i)
    if (h.players[i] == scorer_name) scorer = i;

  sheet::Sheet out;
  out.title = text::tr("sheet.prefa.title", "Prefa");
  out.line(text::tr("sheet.prefa.heading", "Prefa score sheet (scorer {name})",
                    text::Message().text("name", h.players[scorer])));
  pools_block(out, h, scorer);
  out.line(text::tr("sheet.prefa.legend",
                    "(x) superseded value, + pool went up, * lowered by another player's overflow, 0. closed pool"),
           "notes");
  out.line("", "notes");
  hand_log(out, h, score);
  // spec prefa §5.4, §5.3: the value column, once
  out.line(text::tr("sheet.prefa.value_note", "value: each player's result if the game were closed now = points "
                                              "received - paid - 10 x (own pool - average pool);"),
           "notes");
  out.line(text::tr("sheet.prefa.fraction_note",
                    "  its fractions come from that end settlement: each open pool point is paid at 10 points shared "
                    "among all {n} players (10 x pool / {n} to each)",
                    text::Message().number("n", static_cast<int64_t>(n))),
           "notes");
  const ojson& res = score["result"];
  received_block(out, h, res);
  const Amount stake = setup.contains("stake") ? stake_of(setup["stake"]).value_or(Amount{}) : Amount{};  // 0: no money
  settlement_block(out, res, score.value("finished", false), stake);
  out.chart = common::running_totals(score, k_scale);
  return out;
}

}  // namespace marque::rules::prefa
