// French Tarot: the game, a fold over its records (spec tarot §5): dealer rotation, totals, the end rule and
// the result.
#include <algorithm>

#include "rules/tarot/tarot.hpp"

namespace marque::rules::tarot {

namespace {

class TarotGame final : public Game {
public:
  explicit TarotGame(Setup setup) : m_setup(std::move(setup)), m_totals(m_setup.players.size(), 0) {
    m_state.dealer = m_setup.first_dealer;
  }

  std::vector<std::string> players() const override { return m_setup.players; }

  std::optional<HandResult> play_hand(const json& record, Diagnostics& diags) override {
    auto out = play_record(m_setup, m_state, record, diags);
    if (!out) return std::nullopt;
    // advance (spec tarot §5)
    const int np = static_cast<int>(m_setup.players.size());
    const int dealer = m_state.dealer;
    ++m_state.deal_no;
    if (!out->redeal) ++m_state.hand_no;
    for (size_t i = 0; i < m_totals.size(); ++i) m_totals[i] += out->deltas[i];
    if (!out->dealer_repeats) m_state.dealer = (dealer + 1) % np;  // §5.2: to the right (next in the list)
    // §5.3 game end
    bool over = false;
    if (m_setup.end == EndMode::deals) {
      int64_t counted = m_setup.opt.count_redeals ? m_state.deal_no : m_state.hand_no;
      over = counted >= m_setup.end_value;
    } else if (m_setup.end == EndMode::target && !out->redeal) {
      over = std::any_of(m_totals.begin(), m_totals.end(), [&](int64_t t) { return t >= m_setup.end_value; });
    }
    if (over) {
      m_state.over = true;
      m_state.over_after = m_state.deal_no;
    }

    HandResult h;
    auto& head = h.head.get_ref<ojson::object_t&>();  // a fresh object, each key written once, in order
    head.reserve(4);
    head.emplace_back("type", out->redeal ? "redeal" : "hand");
    head.emplace_back("deal_no", m_state.deal_no);
    head.emplace_back("hand_no", m_state.hand_no);  // §2.4: counts hand records (a redeal keeps the count)
    head.emplace_back("dealer", m_setup.players[static_cast<size_t>(dealer)]);
    for (size_t i = 0; i < m_totals.size(); ++i) h.deltas.push_back(Amount::whole(out->deltas[i]));
    h.totals = standing();
    h.breakdown = std::move(out->breakdown);
    if (np == 5 && m_setup.opt.dealer_sits_out) h.tail["sitting_out"] = m_setup.players[static_cast<size_t>(dealer)];
    h.tail["game_over"] = m_state.over;
    return h;
  }

  std::vector<Amount> standing() const override {
    std::vector<Amount> t;
    for (int64_t v : m_totals) t.push_back(Amount::whole(v));
    return t;
  }

  bool finished() const override { return m_state.over; }

  // spec tarot §5.4 ranking (ties share a place, setup order inside), §5.5 settlement.
  ojson result() const override {
    std::vector<size_t> order(m_totals.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return m_totals[a] > m_totals[b]; });
    ojson ranking = ojson::array(), places = ojson::object(), winners = ojson::array();
    int place = 0;
    for (size_t k = 0; k < order.size(); ++k) {
      if (k == 0 || m_totals[order[k]] != m_totals[order[k - 1]]) place = static_cast<int>(k) + 1;
      ranking.push_back(m_setup.players[order[k]]);
      places[m_setup.players[order[k]]] = place;
      if (place == 1) winners.push_back(m_setup.players[order[k]]);
    }
    ojson r = ojson::object();
    r["ranking"] = std::move(ranking);
    r["places"] = std::move(places);
    r["winners"] = std::move(winners);
    if (m_setup.stake_per_point) r["settlement"] = settlement(*m_setup.stake_per_point);
    return r;
  }

  ojson extra() const override {
    ojson x = ojson::object();
    x["deals"] = m_state.deal_no;
    x["hands_played"] = m_state.hand_no;
    return x;
  }

  const Setup& setup() const { return m_setup; }
  const State& state() const { return m_state; }

  std::string next_dealer() const override {
    if (m_state.over) return "";
    return m_setup.players[static_cast<size_t>(m_state.dealer)];
  }
  // §E9: five at the table in dealer_sits_out mode, the dealer is the mort
  std::string sitting_out() const override {
    return m_setup.players.size() == 5 && m_setup.opt.dealer_sits_out ? next_dealer() : "";
  }

  std::optional<json> save_state() const override {
    return json{{"dealer", m_state.dealer}, {"deal_no", m_state.deal_no},       {"hand_no", m_state.hand_no},
                {"over", m_state.over},     {"over_after", m_state.over_after}, {"totals", m_totals}};
  }
  bool restore_state(const json& s) override {
    State st;
    st.dealer = s.at("dealer").get<int>();
    st.deal_no = s.at("deal_no").get<int>();
    st.hand_no = s.at("hand_no").get<int>();
    st.over = s.at("over").get<bool>();
    st.over_after = s.at("over_after").get<int>();
    auto totals = s.at("totals").get<std::vector<int64_t>>();
    if (totals.size() != m_totals.size() || st.dealer < 0 || static_cast<size_t>(st.dealer) >= m_totals.size())
      return false;
    m_state = st;
    m_totals = std::move(totals);
    return true;
  }

private:
  // §5.5: money = total × stake; greedy transfers, debtors and creditors by amount descending, ties by seat.
  ojson settlement(int64_t stake) const {
    ojson money = ojson::object();
    struct Entry {
      size_t seat;
      int64_t amount;
    };
    std::vector<Entry> debtors, creditors;
    for (size_t i = 0; i < m_totals.size(); ++i) {
      int64_t v = m_totals[i] * stake;
      money[m_setup.players[i]] = Amount::whole(v);
      if (v < 0) debtors.push_back({i, -v});
      if (v > 0) creditors.push_back({i, v});
    }
    auto by_amount = [](const Entry& a, const Entry& b) {
      return a.amount != b.amount ? a.amount > b.amount : a.seat < b.seat;
    };
    std::sort(debtors.begin(), debtors.end(), by_amount);
    std::sort(creditors.begin(), creditors.end(), by_amount);
    ojson transfers = ojson::array();
    size_t d = 0, c = 0;
    while (d < debtors.size() && c < creditors.size()) {
      int64_t pay = std::min(debtors[d].amount, creditors[c].amount);
      transfers.push_back({{"from", m_setup.players[debtors[d].seat]},
                           {"to", m_setup.players[creditors[c].seat]},
                           {"amount", Amount::whole(pay)}});
      debtors[d].amount -= pay;
      creditors[c].amount -= pay;
      if (debtors[d].amount == 0) ++d;
      if (creditors[c].amount == 0) ++c;
    }
    ojson s = ojson::object();
    s["stake_per_point"] = stake;
    s["money"] = std::move(money);
    s["transfers"] = std::move(transfers);
    return s;
  }

  Setup m_setup;
  State m_state;
  std::vector<int64_t> m_totals;
};

}  // namespace

std::unique_ptr<Game> make_game(Setup setup) { return std::make_unique<TarotGame>(std::move(setup)); }

const Setup& setup_of(const Game& game) { return dynamic_cast<const TarotGame&>(game).setup(); }
const State& state_of(const Game& game) { return dynamic_cast<const TarotGame&>(game).state(); }

}  // namespace marque::rules::tarot
