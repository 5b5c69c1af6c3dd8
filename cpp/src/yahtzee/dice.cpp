#include "parlour/yahtzee/dice.hpp"

#include <algorithm>

#include "parlour/core/errors.hpp"

namespace parlour::yahtzee {

namespace {

constexpr std::uint32_t pack(const std::array<int, 6>& c) noexcept {
  std::uint32_t p = 0;
  for (int f = 0; f < 6; ++f) p |= static_cast<std::uint32_t>(c[static_cast<std::size_t>(f)]) << (3 * f);
  return p;
}

std::array<int, 6> unpack(std::uint32_t p) noexcept {
  std::array<int, 6> c{};
  for (int f = 0; f < 6; ++f) c[static_cast<std::size_t>(f)] = static_cast<int>((p >> (3 * f)) & 7u);
  return c;
}

int code_of(const std::array<int, 6>& c) noexcept {
  int code = 0;
  for (int f = 5; f >= 0; --f) code = code * 6 + c[static_cast<std::size_t>(f)];
  return code;
}

// Appends every nondecreasing face sequence of length n (lexicographic order).
void gen(int n, int lo, std::array<int, 6>& c, std::vector<std::uint32_t>& out) {
  if (n == 0) {
    out.push_back(pack(c));
    return;
  }
  for (int f = lo; f <= 6; ++f) {
    ++c[static_cast<std::size_t>(f - 1)];
    gen(n - 1, f, c, out);
    --c[static_cast<std::size_t>(f - 1)];
  }
}

DiceTables build() {
  DiceTables t;
  std::vector<std::uint32_t> all;
  for (int n = 0; n <= kNumDice; ++n) {
    std::array<int, 6> c{};
    gen(n, 1, c, all);
  }
  t.by_code.fill(-1);
  for (std::size_t i = 0; i < all.size(); ++i) {
    t.packed[i] = all[i];
    const auto c = unpack(all[i]);
    int n = 0;
    for (int x : c) n += x;
    t.size[i] = static_cast<std::uint8_t>(n);
    t.by_code[static_cast<std::size_t>(code_of(c))] = static_cast<std::int16_t>(i);
  }
  for (std::size_t i = 0; i < all.size(); ++i) {
    auto c = unpack(all[i]);
    for (int f = 0; f < 6; ++f) {
      auto& cf = c[static_cast<std::size_t>(f)];
      if (t.size[i] < kNumDice) {
        ++cf;
        t.add[i][static_cast<std::size_t>(f)] = t.by_code[static_cast<std::size_t>(code_of(c))];
        --cf;
      }
      if (cf > 0) {
        --cf;
        t.sub[i][static_cast<std::size_t>(f)] = t.by_code[static_cast<std::size_t>(code_of(c))];
        ++cf;
      } else {
        t.sub[i][static_cast<std::size_t>(f)] = -1;
      }
    }
  }
  static constexpr int fact[] = {1, 1, 2, 6, 24, 120};
  for (int r = 0; r < kNumRolls; ++r) {
    const auto c = unpack(t.packed[static_cast<std::size_t>(r + kNumPartialKeeps)]);
    int ways = 120;
    for (int x : c) ways /= fact[x];
    t.roll_ways[static_cast<std::size_t>(r)] = static_cast<std::uint16_t>(ways);
    t.roll_prob[static_cast<std::size_t>(r)] = ways / 7776.0;
    for (int k = 0; k < kNumCategories; ++k)
      t.natural[static_cast<std::size_t>(r)][static_cast<std::size_t>(k)] =
          static_cast<std::uint8_t>(natural_score(static_cast<Category>(k), c));
    int yf = 0;
    for (int f = 0; f < 6; ++f)
      if (c[static_cast<std::size_t>(f)] == 5) yf = f + 1;
    t.yahtzee_face[static_cast<std::size_t>(r)] = static_cast<std::uint8_t>(yf);
  }
  for (int r = 0; r < kNumRolls; ++r) {
    const Keep roll = Keep::from_packed_unchecked(t.packed[static_cast<std::size_t>(r + kNumPartialKeeps)]);
    int n = 0;
    for (int size = kNumDice; size >= 0; --size)
      for (int k = 0; k < kNumKeeps; ++k) {
        if (t.size[static_cast<std::size_t>(k)] != size) continue;
        if (!Keep::from_packed_unchecked(t.packed[static_cast<std::size_t>(k)]).is_subset_of(roll)) continue;
        t.roll_keeps[static_cast<std::size_t>(r)][static_cast<std::size_t>(n++)] = static_cast<std::int16_t>(k);
      }
    t.roll_keep_count[static_cast<std::size_t>(r)] = static_cast<std::uint8_t>(n);
  }
  return t;
}

std::array<int, 6> checked_counts(const std::array<int, 6>& counts) {
  int n = 0;
  for (int x : counts) {
    if (x < 0 || x > kNumDice) throw core::InvalidValue("a face count must be in 0..5, got " + std::to_string(x));
    n += x;
  }
  if (n > kNumDice) throw core::InvalidValue("at most five dice, got " + std::to_string(n));
  return counts;
}

std::array<int, 6> counts_of_faces(const std::vector<int>& faces) {
  std::array<int, 6> c{};
  if (faces.size() > static_cast<std::size_t>(kNumDice))
    throw core::InvalidValue("at most five dice, got " + std::to_string(faces.size()));
  for (int f : faces) {
    if (f < 1 || f > 6) throw core::InvalidValue("a die face must be in 1..6, got " + std::to_string(f));
    ++c[static_cast<std::size_t>(f - 1)];
  }
  return c;
}

std::array<int, 6> parse_counts(std::string_view text, const char* what) {
  std::array<int, 6> c{};
  int n = 0;
  std::string_view t = text;
  if (t == "-" || t == "none") t = {};
  for (char ch : t) {
    if (ch == ' ' || ch == ',') continue;
    if (ch < '1' || ch > '6' || ++n > kNumDice)
      throw core::ParseError(std::string("not ") + what + ": " + core::quote(text) +
                             " (expected up to five faces 1-6, like '35556')");
    ++c[static_cast<std::size_t>(ch - '1')];
  }
  return c;
}

}  // namespace

int natural_score(Category cat, const std::array<int, 6>& c) noexcept {
  int sum = 0, maxc = 0, distinct_mask = 0;
  bool three = false, two = false;
  for (int f = 0; f < 6; ++f) {
    const int x = c[static_cast<std::size_t>(f)];
    sum += (f + 1) * x;
    maxc = std::max(maxc, x);
    if (x > 0) distinct_mask |= 1 << f;
    if (x == 3) three = true;
    if (x == 2) two = true;
  }
  switch (cat) {
    case Category::ThreeOfAKind: return maxc >= 3 ? sum : 0;
    case Category::FourOfAKind: return maxc >= 4 ? sum : 0;
    case Category::FullHouse: return (three && two) ? kFullHouseScore : 0;
    case Category::SmallStraight: {
      const bool ss = (distinct_mask & 0xF) == 0xF || (distinct_mask & 0x1E) == 0x1E || (distinct_mask & 0x3C) == 0x3C;
      return ss ? kSmallStraightScore : 0;
    }
    case Category::LargeStraight: return (distinct_mask == 0x1F || distinct_mask == 0x3E) ? kLargeStraightScore : 0;
    case Category::Yahtzee: return maxc == 5 ? kYahtzeeScore : 0;
    case Category::Chance: return sum;
    default: {
      const int f = to_int(cat);
      return (f + 1) * c[static_cast<std::size_t>(f)];
    }
  }
}

const DiceTables& dice_tables() noexcept {
  static const DiceTables t = build();
  return t;
}

Keep Keep::from_counts(const std::array<int, 6>& counts) { return from_packed_unchecked(pack(checked_counts(counts))); }
Keep Keep::from_faces(const std::vector<int>& faces) { return from_packed_unchecked(pack(counts_of_faces(faces))); }
Keep Keep::parse(std::string_view text) { return from_packed_unchecked(pack(parse_counts(text, "a keep"))); }
Keep Keep::from_index(long long index) {
  if (index < 0 || index >= kNumKeeps)
    throw core::InvalidValue("a keep index must be in 0..461, got " + std::to_string(index));
  return from_packed_unchecked(dice_tables().packed[static_cast<std::size_t>(index)]);
}

std::array<int, 6> Keep::counts() const noexcept { return unpack(packed_); }

std::vector<int> Keep::faces() const {
  std::vector<int> out;
  for (int f = 1; f <= 6; ++f)
    for (int i = 0; i < count(f); ++i) out.push_back(f);
  return out;
}

int Keep::index() const noexcept { return dice_tables().by_code[static_cast<std::size_t>(code())]; }

std::string Keep::str() const {
  std::string s;
  for (int f : faces()) s.push_back(static_cast<char>('0' + f));
  return s;
}

Dice Dice::from_counts(const std::array<int, 6>& counts) { return from_keep(Keep::from_counts(counts)); }
Dice Dice::from_faces(const std::vector<int>& faces) {
  if (faces.size() != static_cast<std::size_t>(kNumDice))
    throw core::InvalidValue("a roll is exactly five dice, got " + std::to_string(faces.size()));
  return from_keep(Keep::from_faces(faces));
}
Dice Dice::parse(std::string_view text) {
  const auto c = parse_counts(text, "five dice");
  int n = 0;
  for (int x : c) n += x;
  if (n != kNumDice)
    throw core::ParseError("not five dice: " + core::quote(text) + " (expected five faces 1-6, like '35556')");
  return from_packed_unchecked(pack(c));
}
Dice Dice::from_index(long long index) {
  if (index < 0 || index >= kNumRolls)
    throw core::InvalidValue("a roll index must be in 0..251, got " + std::to_string(index));
  return from_packed_unchecked(dice_tables().packed[static_cast<std::size_t>(index + kNumPartialKeeps)]);
}
Dice Dice::from_keep(Keep k) {
  if (k.size() != kNumDice)
    throw core::InvalidValue("a roll is exactly five dice, got " + std::to_string(k.size()) + " ('" + k.str() + "')");
  return from_packed_unchecked(k.packed());
}

int Dice::index() const noexcept { return Keep::index() - kNumPartialKeeps; }

std::vector<Keep> Dice::keeps() const {
  const auto& t = dice_tables();
  const auto r = static_cast<std::size_t>(index());
  std::vector<Keep> out;
  for (int i = 0; i < t.roll_keep_count[r]; ++i)
    out.push_back(
        Keep::from_packed_unchecked(t.packed[static_cast<std::size_t>(t.roll_keeps[r][static_cast<std::size_t>(i)])]));
  return out;
}

double Dice::probability() const noexcept { return dice_tables().roll_prob[static_cast<std::size_t>(index())]; }

int Dice::score(Category c) const noexcept { return natural_score(c, counts()); }

}  // namespace parlour::yahtzee
