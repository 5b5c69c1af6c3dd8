// parlour::gin::Action — one move of a round of gin rummy, with fixed integer ids
// and a text form (what a frontend or an RL loop drives: ids, masks, text).
//
// Kinds: PASS (decline the upcard), TAKE_DISCARD (take the top of the discard pile),
// DRAW_STOCK, DISCARD c, KNOCK c (discard c and knock, spreading an arrangement of the
// other ten cards), BIG_GIN (all eleven cards melded), LAY_OFF c on meld i, and
// FINISH_LAYOFFS.
//
// Integer ids (fixed; kActionCount = 265):
//     0            pass
//     1            take discard
//     2            draw stock
//     3 ..  54     discard card      (3 + card index, index = 13*suit + rank - 1)
//    55 .. 106     knock card        (55 + card index; the best arrangement, best_melds)
//   107            big gin           (the best arrangement)
//   108 .. 263     lay off card on meld slot i   (108 + 3*card index + i, i = 0..2)
//   264            finish layoffs
// A knock or big gin may carry an explicit arrangement; its id is that of the same
// move with the best arrangement (the id does not encode the arrangement).
//
// Text (case-insensitive when parsed; str() gives the first form):
//   "pass" | "take discard" ("take") | "draw stock" ("draw") | "discard Qs" |
//   "knock Qs" | "knock Qs with 7h8h9h QcQsQd" (each meld one token of run-together
//   cards) | "big gin" | "big gin with ..." | "lay off 9s on 0" ("layoff 9s 0") |
//   "finish layoffs" ("finish").
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "parlour/core/card.hpp"
#include "parlour/gin/meld.hpp"

namespace parlour::gin {

enum class ActionKind : std::uint8_t {
  Pass = 0,
  TakeDiscard,
  DrawStock,
  Discard,
  Knock,
  BigGin,
  LayOff,
  FinishLayoffs
};

// "PASS", "TAKE_DISCARD", ..., "FINISH_LAYOFFS".
const char* action_kind_name(ActionKind k) noexcept;

inline constexpr int kActionCount = 265;
inline constexpr int kIdPass = 0;
inline constexpr int kIdTakeDiscard = 1;
inline constexpr int kIdDrawStock = 2;
inline constexpr int kIdDiscard = 3;
inline constexpr int kIdKnock = 55;
inline constexpr int kIdBigGin = 107;
inline constexpr int kIdLayOff = 108;
inline constexpr int kIdFinishLayoffs = 264;
// The most melds in a knocker's spread (and so the meld slots of a layoff id).
inline constexpr int kSpreadSlots = 3;

class Action {
 public:
  constexpr Action() noexcept = default;
  static constexpr Action pass() noexcept { return Action(ActionKind::Pass); }
  static constexpr Action take_discard() noexcept { return Action(ActionKind::TakeDiscard); }
  static constexpr Action draw_stock() noexcept { return Action(ActionKind::DrawStock); }
  static constexpr Action discard(Card c) noexcept { return Action(ActionKind::Discard, c); }
  // A knock with the best arrangement of the hand without c.
  static constexpr Action knock(Card c) noexcept { return Action(ActionKind::Knock, c); }
  // A knock spreading these melds (at most 3; the rest of the hand is deadwood).
  static Action knock(Card c, std::span<const Meld> melds);
  static constexpr Action big_gin() noexcept { return Action(ActionKind::BigGin); }
  static Action big_gin(std::span<const Meld> melds);
  // InvalidValue when the slot is not 0..2.
  static Action lay_off(Card c, int meld);
  static constexpr Action finish_layoffs() noexcept { return Action(ActionKind::FinishLayoffs); }

  // InvalidValue outside 0 .. kActionCount-1.
  static Action from_id(int id);
  // ParseError quoting the text.
  static Action parse(std::string_view text);

  [[nodiscard]] constexpr ActionKind kind() const noexcept { return kind_; }
  // The card of DISCARD, KNOCK and LAY_OFF (a placeholder otherwise).
  [[nodiscard]] constexpr Card card() const noexcept { return card_; }
  [[nodiscard]] constexpr bool has_card() const noexcept {
    return kind_ == ActionKind::Discard || kind_ == ActionKind::Knock || kind_ == ActionKind::LayOff;
  }
  // The meld slot of LAY_OFF.
  [[nodiscard]] constexpr int meld() const noexcept { return meld_; }
  // Whether a KNOCK / BIG_GIN carries its own arrangement (else best_melds is used).
  [[nodiscard]] constexpr bool has_melds() const noexcept { return has_melds_; }
  [[nodiscard]] std::span<const Meld> melds() const noexcept {
    return {melds_.data(), static_cast<std::size_t>(meld_count_)};
  }
  [[nodiscard]] int id() const noexcept;
  [[nodiscard]] std::string str() const;

  friend bool operator==(const Action& a, const Action& b) noexcept;

 private:
  constexpr explicit Action(ActionKind k, Card c = Card()) noexcept : card_(c), kind_(k) {}
  std::array<Meld, kSpreadSlots> melds_{};
  Card card_{};
  ActionKind kind_ = ActionKind::Pass;
  std::uint8_t meld_ = 0;
  std::uint8_t meld_count_ = 0;
  bool has_melds_ = false;
};

}  // namespace parlour::gin
