// parlour::gin::Round — one deal of two-handed gin rummy (the Round of the Rust crate
// gin-rummy 0.1.3, docs.rs/gin-rummy; played by the rule card).
//
// Flow (the rule card):
//   - Deal: 10 cards each, one upcard starts the discard pile, 31 cards of stock
//     (the last element of stock() is drawn first).  The non-dealer moves first.
//   - UPCARD: the non-dealer may take the upcard or pass; then the dealer has the same
//     choice; when both pass, the non-dealer must draw from the stock (DRAW phase with
//     the forced stock draw: take_discard raises MustDrawFromStock).
//   - DRAW: take the top of the discard pile or of the stock.  DISCARD: discard a card
//     (not the card just taken from the pile), knock (discard and spread an
//     arrangement with deadwood <= the knock limit; zero deadwood is gin and ends the
//     round at once) or, when the rules enable it, declare big gin (11 cards melded).
//   - A discard that leaves two cards (or fewer) in the stock ends the round as a dead
//     hand: nobody scores and the same dealer redeals.
//   - LAYOFF (after a knock that is not gin): the defender lays cards off onto the
//     knocker's melds (indices stable, chains allowed), then finish_layoffs() melds
//     the defender's remaining cards optimally and settles (undercut on less deadwood,
//     or equal under Rules::undercut_on_tie).
//   - The knock limit is Rules::knock_limit, capped under Oklahoma by the opening
//     upcard (Rules::knock_limit_for).
//
// Every action validates first: a refused action throws (PhaseError "gin.WrongPhase",
// IllegalAction "gin.<Name>") and leaves the round exactly as it was.  check_<op>()
// answers for one named action without throwing (the RoundError, Ok when legal).
// A Round is a core::Game (core/game.hpp; the static_assert is in observation.hpp,
// beside observe): legal_ids, can_apply, why_not, apply, observe, last_event, returns,
// is_terminal, current_player.  The state is a handful of 64-bit card
// masks and fixed arrays: no heap allocation on any action.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "parlour/core/cardset.hpp"
#include "parlour/core/rng.hpp"
#include "parlour/gin/action.hpp"
#include "parlour/gin/deadwood.hpp"
#include "parlour/gin/meld.hpp"
#include "parlour/gin/player.hpp"
#include "parlour/gin/rules.hpp"
#include "parlour/gin/scoring.hpp"

namespace parlour::gin {

enum class Phase : std::uint8_t { Upcard = 0, Draw = 1, Discard = 2, Layoff = 3, Finished = 4 };
const char* phase_name(Phase p) noexcept;  // "UPCARD", ...

inline constexpr int kHandSize = 10;
inline constexpr int kStockSize = 31;
// The round ends as a dead hand when a discard leaves this many stock cards.
inline constexpr int kDeadStock = 2;
// A round also ends as a dead hand at the discard that completes its kMaxTurns-th turn
// without a knock.  Players who keep taking the discard never run the stock down, so
// without a bound such a round would never end (OpenSpiel's gin_rummy ends the game
// after 50 draws of the upcard for the same reason).  Play that ever tries to finish
// stays far below it: in random play, where 97 % of rounds run the stock down, the
// longest of 3,000 rounds had 89 turns.
inline constexpr int kMaxTurns = 200;

// Why an action is refused (Ok when it is legal).  The names are the RoundError
// variants of the gin-rummy crate.
enum class RoundError : std::uint8_t {
  Ok = 0,
  WrongPhase,
  MustDrawFromStock,
  NotInHand,
  DiscardJustTaken,
  TooMuchDeadwood,
  MeldsMismatch,
  NotBigGin,
  BigGinDisabled,
  NoSuchMeld,
  CannotLayOff
};
const char* round_error_name(RoundError e) noexcept;  // "WrongPhase", ...

// The most actions legal at once (11 discards + 11 knocks + big gin; 10 cards x 3
// melds + finish layoffs), with room to spare.
inline constexpr int kMaxLegal = 64;
using LegalIds = std::array<std::uint16_t, kMaxLegal>;

// A set of action ids (0 .. kActionCount-1) as a bit mask.
struct ActionMask {
  std::array<std::uint64_t, 5> words{};
  void set(int id) noexcept { words[static_cast<std::size_t>(id >> 6)] |= std::uint64_t{1} << (id & 63); }
  [[nodiscard]] bool test(int id) const noexcept {
    return id >= 0 && id < kActionCount && ((words[static_cast<std::size_t>(id >> 6)] >> (id & 63)) & 1) != 0;
  }
  [[nodiscard]] int count() const noexcept;
  [[nodiscard]] bool empty() const noexcept { return count() == 0; }
  // The id of the k-th set bit (0-based, in id order); -1 when k >= count().
  [[nodiscard]] int nth(int k) const noexcept;
  friend bool operator==(const ActionMask&, const ActionMask&) = default;
};

// The plain contents of a round (the snapshot form).  Round::from_state re-validates
// every invariant and throws core::FormatError on anything inconsistent.
struct RoundState {
  Rules rules{};
  Player dealer = Player::One;
  Phase phase = Phase::Upcard;
  std::optional<Player> turn{};
  std::array<CardSet, 2> hands{};
  std::vector<Card> discard_pile;  // top last
  std::vector<Card> stock;         // top last
  Card initial_upcard{};
  int passes = 0;               // upcard passes so far (0, 1, 2)
  std::optional<Card> taken{};  // the card taken from the pile this turn (DISCARD phase)
  std::optional<Player> knocker{};
  std::vector<Meld> spread;  // the knocker's melds, grown by the layoffs
  CardSet laid_off{};
  std::array<CardSet, 2> known{};      // cards each player took from the pile and still holds
  std::array<CardSet, 2> discarded{};  // every card each player has discarded
  std::optional<RoundResult> result{};
  int turns = 0;  // turns completed (discards, a knock included), 0..kMaxTurns
};

// What the last accepted action did: who acted, the action (a knock or big gin with the
// arrangement it used), and the card drawn from the stock or taken from the pile.
struct RoundEvent {
  Player seat = Player::One;
  Action action{};
  std::optional<Card> card{};
};

class Round {
 public:
  using Action = gin::Action;
  using LegalIds = gin::LegalIds;
  static constexpr int kNumActions = kActionCount;

  // A fixed initial deal.  hands[i] is Player i's hand; `stock` is face-down draw
  // order (the last element is drawn first).  InvalidValue "gin.WrongHandSize" unless
  // both hands hold 10 cards, "gin.WrongStockSize" unless the stock holds 31, and
  // "gin.RepeatedCard" when any card appears twice; the rules are validated.
  static Round from_deal(const Rules& rules, Player dealer, const std::array<CardSet, 2>& hands, Card upcard,
                         std::span<const Card> stock);
  // Shuffle (core::shuffled_deck) and deal: the non-dealer gets deck[0], deck[2], ...,
  // deck[18], the dealer deck[1], ..., deck[19], deck[20] is the upcard, and deck[21..51]
  // the stock (deck[51] drawn first).
  static Round deal(const Rules& rules, Player dealer, core::Rng& rng);
  // Re-validated construction from a snapshot; core::FormatError naming the problem.
  static Round from_state(const RoundState& state);
  [[nodiscard]] RoundState state() const;

  // ---- properties
  [[nodiscard]] const Rules& rules() const noexcept { return rules_; }
  [[nodiscard]] Player dealer() const noexcept { return dealer_; }
  [[nodiscard]] Player non_dealer() const noexcept { return opponent(dealer_); }
  [[nodiscard]] Phase phase() const noexcept { return phase_; }
  // The player to act (the defender during layoffs); none once finished.
  [[nodiscard]] std::optional<Player> turn() const noexcept {
    if (phase_ == Phase::Finished) return std::nullopt;
    return turn_;
  }
  [[nodiscard]] CardSet hand(Player p) const noexcept { return hands_[idx(p)]; }
  [[nodiscard]] std::span<const Card> discard_pile() const noexcept { return {pile_.data(), pile_n_}; }
  [[nodiscard]] std::span<const Card> stock() const noexcept { return {stock_.data(), stock_n_}; }
  [[nodiscard]] int stock_size() const noexcept { return static_cast<int>(stock_n_); }
  [[nodiscard]] int knock_limit() const noexcept { return knock_limit_; }
  [[nodiscard]] Card initial_upcard() const noexcept { return upcard_; }
  [[nodiscard]] std::optional<Player> knocker() const noexcept { return knocker_; }
  [[nodiscard]] std::span<const Meld> spread() const noexcept { return {spread_.data(), spread_n_}; }
  [[nodiscard]] CardSet laid_off() const noexcept { return laid_off_; }
  [[nodiscard]] std::optional<RoundResult> result() const noexcept {
    if (phase_ != Phase::Finished) return std::nullopt;
    return result_;
  }
  // The card taken from the discard pile this turn, if any (it may not be discarded).
  [[nodiscard]] std::optional<Card> taken() const noexcept {
    if (has_taken_) return taken_;
    return std::nullopt;
  }
  // Upcard passes so far (0, 1 or 2).
  [[nodiscard]] int passes() const noexcept { return passes_; }
  // Turns completed so far (each ends with a discard or a knock); see kMaxTurns.
  [[nodiscard]] int turns() const noexcept { return turns_; }
  // Whether the next draw must come from the stock (both players passed the upcard).
  [[nodiscard]] bool forced_stock_draw() const noexcept {
    return phase_ == Phase::Draw && passes_ == 2 && stock_n_ == kStockSize;
  }
  // Cards `p` took from the discard pile and still holds (public knowledge).
  [[nodiscard]] CardSet known_cards(Player p) const noexcept { return known_[idx(p)]; }
  // Every card `p` has discarded (public knowledge).
  [[nodiscard]] CardSet discards_of(Player p) const noexcept { return discarded_[idx(p)]; }
  // The knocker's deadwood (after the knock).
  [[nodiscard]] int knocker_deadwood() const noexcept { return knocker_deadwood_; }

  // ---- checks (no exception; Ok when legal)
  [[nodiscard]] RoundError check_pass() const noexcept;
  [[nodiscard]] RoundError check_take_discard() const noexcept;
  [[nodiscard]] RoundError check_draw_stock() const noexcept;
  [[nodiscard]] RoundError check_discard(Card c) const noexcept;
  // With the best arrangement of the hand without c.
  [[nodiscard]] RoundError check_knock(Card c) const noexcept;
  [[nodiscard]] RoundError check_knock(Card c, std::span<const Meld> melds) const noexcept;
  [[nodiscard]] RoundError check_big_gin() const noexcept;
  [[nodiscard]] RoundError check_big_gin(std::span<const Meld> melds) const noexcept;
  [[nodiscard]] RoundError check_lay_off(Card c, int index) const noexcept;
  [[nodiscard]] RoundError check_finish_layoffs() const noexcept;

  // ---- actions (throw on a refused action, changing nothing)
  void pass();
  Card take_discard();
  Card draw_stock();
  void discard(Card c);
  void knock(Card c);
  void knock(Card c, std::span<const Meld> melds);
  // MeldsMismatch unless melds.hand() is exactly the hand without c.
  void knock(Card c, const Melds& melds);
  void declare_big_gin();
  void declare_big_gin(std::span<const Meld> melds);
  void declare_big_gin(const Melds& melds);
  void lay_off(Card c, int index);
  RoundResult finish_layoffs();
  void apply(const Action& a);

  // ---- the game protocol (core::Game)
  static constexpr int num_players() noexcept { return 2; }
  // The player to act: turn().
  [[nodiscard]] std::optional<Player> current_player() const noexcept { return turn(); }
  // Writes the legal action ids in ascending order; returns how many.
  int legal_ids(LegalIds& out) const noexcept;
  // Whether apply(a) would be accepted.
  [[nodiscard]] bool can_apply(const Action& a) const noexcept { return refusal(a) == RoundError::Ok; }
  // Why apply(a) would be refused (the message it would throw), or nullopt.
  [[nodiscard]] std::optional<std::string> why_not(const Action& a) const;
  [[nodiscard]] ActionMask legal_mask() const noexcept;
  // The legal actions in id order (knocks and big gin with the best arrangement).
  [[nodiscard]] std::vector<Action> legal_actions() const;
  [[nodiscard]] bool is_terminal() const noexcept { return phase_ == Phase::Finished; }
  // Zero-sum returns: the winner +points(rules), the loser -points; 0 otherwise.
  [[nodiscard]] std::array<int, 2> returns() const noexcept;

  // The last accepted action (none after a deal).
  [[nodiscard]] std::optional<RoundEvent> last_event() const noexcept {
    if (!has_last_) return std::nullopt;
    return RoundEvent{last_seat_, last_action_, last_card_};
  }
  // Sets the last event of a round restored from a snapshot (what it describes is not
  // checked against the position: it is a record, not part of the game's state).
  void restore_last_event(const std::optional<RoundEvent>& e) noexcept {
    has_last_ = e.has_value();
    if (e) record(e->seat, e->action, e->card);
  }

  friend bool operator==(const Round&, const Round&) noexcept;

 private:
  Round() = default;
  // Why a is refused (Ok when legal): the check_<op>() of its kind.
  [[nodiscard]] RoundError refusal(const Action& a) const noexcept;
  // The message of refusal e of a, and the exception that carries it (PhaseError for
  // WrongPhase, IllegalAction otherwise, with the code "gin.<Name>").
  [[nodiscard]] std::string refusal_message(RoundError e, const Action& a) const;
  [[noreturn]] void refuse(RoundError e, const Action& a) const;
  static constexpr std::size_t idx(Player p) noexcept { return static_cast<std::size_t>(p); }
  [[nodiscard]] RoundError check_arrangement(CardSet cards, std::span<const Meld> melds, int& dw) const noexcept;
  void end_turn_discard(Card c);
  void do_knock(Card c, std::span<const Meld> melds, int dw);
  void do_big_gin(std::span<const Meld> melds);
  void record(Player seat, const Action& a, std::optional<Card> card = std::nullopt) noexcept {
    last_seat_ = seat;
    last_action_ = a;
    last_card_ = card;
    has_last_ = true;
  }

  Rules rules_{};
  std::array<CardSet, 2> hands_{};
  std::array<CardSet, 2> known_{};
  std::array<CardSet, 2> discarded_{};
  CardSet laid_off_{};
  std::array<Meld, kSpreadSlots> spread_{};
  RoundResult result_{};
  std::array<Card, core::kDeckSize> pile_{};
  std::array<Card, kStockSize> stock_{};
  std::uint8_t pile_n_ = 0;
  std::uint8_t stock_n_ = 0;
  std::uint8_t spread_n_ = 0;
  std::uint8_t passes_ = 0;
  std::uint16_t turns_ = 0;
  Card upcard_{};
  Card taken_{};
  bool has_taken_ = false;
  Player dealer_ = Player::One;
  Player turn_ = Player::One;
  Phase phase_ = Phase::Upcard;
  std::optional<Player> knocker_{};
  int knock_limit_ = 10;
  int knocker_deadwood_ = 0;
  Action last_action_{};
  std::optional<Card> last_card_{};
  Player last_seat_ = Player::One;
  bool has_last_ = false;
};

}  // namespace parlour::gin
