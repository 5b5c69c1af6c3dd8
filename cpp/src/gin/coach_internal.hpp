// The facts and plain sentences behind the gin coach's advice (coach_reasons.cpp),
// shared by the advice and the review (coach.cpp).  Private to cpp/src/gin.
#pragma once

#include <string>

#include "parlour/gin/coach.hpp"
#include "parlour/gin/observation.hpp"

namespace parlour::gin::coach_detail {

// "3c 4c 5c", the cards in the order parlour shows them.
std::string cards_text(CardSet cards);
// A probability as a percentage, "42 %".
std::string pct(double x);
// Points with their sign, "+3.5".
std::string signed_points(double x);
// "clubs", "diamonds", ...
const char* suit_plural(Suit s) noexcept;
// The hand facts of an action: the 10 cards kept after it and their arrangement, the
// cards that would improve it among `live`.
void hand_facts(const Observation& obs, CardSet live, ActionAdvice& a);
// The plain sentences of an action's reasons, from its facts.
void add_reasons(const Observation& obs, bool in_match, int live_count, ActionAdvice& a);

}  // namespace parlour::gin::coach_detail
