// SplitMix64, the round generators and the table sizes (tournament.md 3.1, 3.3).
#include "tournament/tournament.hpp"

namespace marque::tournament {

uint64_t SplitMix64::next() {
  m_state += 0x9E3779B97F4A7C15ULL;
  uint64_t z = m_state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

SplitMix64 round_generator(uint64_t seed, int round) { return SplitMix64(seed + (static_cast<uint64_t>(round) << 32)); }

std::string table_code(SplitMix64& g, std::set<std::string>& used) {
  static constexpr const char* k_letters = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  for (;;) {
    std::string code;
    for (int i = 0; i < 4; ++i) code += k_letters[g.next() % 32];
    if (used.insert(code).second) return code;
  }
}

Sizes table_sizes(const rules::TournamentProfile& p, int n, const std::string& preference) {
  Sizes out;
  if (n < p.min_entrants) return out;
  int pref = p.preferred, other = p.other;
  if (!preference.empty() && preference == p.preference_other && other > 0) std::swap(pref, other);
  // the fewest tables of the fallback size, then the fewest sit-outs, then the fewest of the other size (3.1)
  struct Best {
    int z = -1, s = 0, y = 0, x = 0;
  } best;
  const int max_sit = p.sit_out ? n : 0;
  for (int z = 0; p.fallback > 0 ? z * p.fallback <= n : z == 0; ++z) {
    for (int s = 0; s <= max_sit; ++s) {
      if (best.z >= 0 && (z > best.z || (z == best.z && s >= best.s))) break;
      const int rest = n - z * p.fallback - s;
      if (rest < 0) break;
      for (int y = 0; other > 0 ? y * other <= rest : y == 0; ++y) {
        const int r2 = rest - y * other;
        if (r2 % pref != 0) continue;
        if (best.z < 0 || z < best.z || (z == best.z && (s < best.s || (s == best.s && y < best.y))))
          best = {z, s, y, r2 / pref};
        break;
      }
    }
  }
  if (best.z < 0) return out;
  std::vector<std::pair<int, int>> groups = {{pref, best.x}, {other, best.y}, {p.fallback, best.z}};
  std::sort(groups.begin(), groups.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (const auto& [size, count] : groups)
    for (int i = 0; i < count; ++i) out.tables.push_back(size);
  out.sit_out = best.s;
  out.ok = !out.tables.empty();
  return out;
}

}  // namespace marque::tournament
