// parlour::core::Rng — the engine-owned random generator.
//
// Algorithm: xoshiro256** 1.0 (Blackman & Vigna, 2018), seeded from a 64-bit seed
// by four outputs of SplitMix64 (the seeding the authors recommend).  Everything
// derived from it is the library's own integer arithmetic, so a seed gives the same
// numbers and the same shuffles on every compiler and platform:
//
//   next()        the raw 64-bit output
//   below(n)      uniform in [0, n): Lemire's multiply-shift with rejection
//                 (nearly divisionless, exact, consumes one or more outputs)
//   uniform01()   (next() >> 11) * 2^-53, in [0, 1)
//   shuffle(v)    Fisher-Yates from the back: for i = n-1 .. 1, swap v[i] with
//                 v[below(i + 1)]
//   jump()        advances 2^128 steps (independent streams for threads)
//
// The state is four 64-bit words; it is saved and restored with state()/set_state()
// (the all-zero state is invalid and refused).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <utility>

#include "parlour/core/card.hpp"

namespace parlour::core {

// The 128-bit product of two 64-bit numbers as (high, low) words: from four 32-bit
// products (any compiler), or the compiler's 128-bit integer where it has one (GCC,
// Clang; MSVC has none).  Both give the same words (a test compares them).
struct Wide {
  std::uint64_t hi, lo;
};
constexpr Wide mul_wide_parts(std::uint64_t a, std::uint64_t b) noexcept {
  const std::uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
  const std::uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const std::uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  return {p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32), (mid << 32) | (p00 & 0xffffffffu)};
}
inline Wide mul_wide(std::uint64_t a, std::uint64_t b) noexcept {
#if defined(__SIZEOF_INT128__)
  __extension__ using u128 = unsigned __int128;
  const u128 m = static_cast<u128>(a) * b;
  return {static_cast<std::uint64_t>(m >> 64), static_cast<std::uint64_t>(m)};
#else
  return mul_wide_parts(a, b);
#endif
}

class Rng {
 public:
  using State = std::array<std::uint64_t, 4>;

  explicit Rng(std::uint64_t seed = 0) noexcept { reseed(seed); }

  void reseed(std::uint64_t seed) noexcept;
  [[nodiscard]] const State& state() const noexcept { return s_; }
  // InvalidValue on the all-zero state, from which xoshiro never leaves.
  void set_state(const State& s);

  std::uint64_t next() noexcept {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform integer in [0, n); n must be at least 1 (n == 0 returns 0).
  std::uint64_t below(std::uint64_t n) noexcept {
    if (n == 0) return 0;
    Wide m = mul_wide(next(), n);
    if (m.lo < n) {
      const std::uint64_t threshold = (0 - n) % n;
      while (m.lo < threshold) m = mul_wide(next(), n);
    }
    return m.hi;
  }

  double uniform01() noexcept { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  template <class T>
  void shuffle(std::span<T> v) noexcept {
    for (std::size_t i = v.size(); i > 1; --i) {
      const std::size_t j = static_cast<std::size_t>(below(i));
      std::swap(v[i - 1], v[j]);
    }
  }

  void jump() noexcept;

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
  State s_{};
};

// SplitMix64, used for seeding (and available for hashing seeds into streams).
std::uint64_t splitmix64(std::uint64_t& x) noexcept;

// The 52 cards in index order (clubs A..K, spades, hearts, diamonds).
std::array<Card, kDeckSize> ordered_deck() noexcept;
// A deck shuffled by rng.shuffle from ordered_deck().
std::array<Card, kDeckSize> shuffled_deck(Rng& rng) noexcept;

}  // namespace parlour::core
