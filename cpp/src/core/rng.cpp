#include "parlour/core/rng.hpp"

#include "parlour/core/errors.hpp"

namespace parlour::core {

std::uint64_t splitmix64(std::uint64_t& x) noexcept {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void Rng::reseed(std::uint64_t seed) noexcept {
  std::uint64_t x = seed;
  for (auto& w : s_) w = splitmix64(x);
}

void Rng::set_state(const State& s) {
  if ((s[0] | s[1] | s[2] | s[3]) == 0) throw InvalidValue("the all-zero state is not a valid xoshiro256** state");
  s_ = s;
}

void Rng::jump() noexcept {
  static constexpr std::uint64_t kJump[] = {0x180ec6d33cfd0abaull, 0xd5a61266f0c9392cull, 0xa9582618e03fc9aaull,
                                            0x39abdc4529b1661cull};
  State t{};
  for (std::uint64_t j : kJump) {
    for (int b = 0; b < 64; ++b) {
      if (j & (std::uint64_t{1} << b)) {
        for (int k = 0; k < 4; ++k) t[static_cast<std::size_t>(k)] ^= s_[static_cast<std::size_t>(k)];
      }
      next();
    }
  }
  s_ = t;
}

std::array<Card, kDeckSize> ordered_deck() noexcept {
  std::array<Card, kDeckSize> d{};
  for (int i = 0; i < kDeckSize; ++i) d[static_cast<std::size_t>(i)] = Card::from_index_unchecked(i);
  return d;
}

std::array<Card, kDeckSize> shuffled_deck(Rng& rng) noexcept {
  auto d = ordered_deck();
  rng.shuffle(std::span<Card>(d));
  return d;
}

}  // namespace parlour::core
