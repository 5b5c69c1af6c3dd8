#include "parlour/freecell/encode.hpp"

#include <algorithm>
#include <string>

namespace parlour::freecell {

bool fits_observation(const GameState& state) noexcept {
  const auto& cascades = state.cascades();
  return std::all_of(cascades.begin(), cascades.end(), [](const Cascade& c) { return c.size() <= kMaxCascade; });
}

void encode_observation(const GameState& state, std::span<std::int8_t, kObsSize> out) {
  for (int i = 0; i < kCascades; ++i) {
    const auto& cards = state.cascades()[static_cast<std::size_t>(i)].cards();
    if (static_cast<int>(cards.size()) > kMaxCascade)
      throw core::InvalidValue("cascade " + std::to_string(i + 1) + " holds " + std::to_string(cards.size()) +
                               " cards, more than the " + std::to_string(kMaxCascade) + " an observation holds");
  }
  std::int8_t* o = out.data();
  for (int i = 0; i < kCascades; ++i) {
    const auto& cards = state.cascades()[static_cast<std::size_t>(i)].cards();
    std::int8_t* row = o + kObsCascades + i * kMaxCascade;
    std::size_t j = 0;
    for (; j < cards.size(); ++j) row[j] = static_cast<std::int8_t>(cards[j].index() + 1);
    for (; j < static_cast<std::size_t>(kMaxCascade); ++j) row[j] = 0;
  }
  for (int i = 0; i < kFreecells; ++i) {
    const auto& cell = state.freecells().cells()[static_cast<std::size_t>(i)];
    o[kObsFreecells + i] = static_cast<std::int8_t>(cell ? cell->index() + 1 : 0);
  }
  for (int s = 0; s < 4; ++s)
    o[kObsFoundations + s] = static_cast<std::int8_t>(state.foundations().heights()[static_cast<std::size_t>(s)]);
}

}  // namespace parlour::freecell
