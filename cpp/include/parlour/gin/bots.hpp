// parlour::gin bots — the three computer players the rule card describes (Easy keeps
// its melds and sheds its highest unmatched card; Normal plays the best meld partition
// and avoids feeding the opponent; Hard estimates the opponent's cards and weighs
// knocking now against playing on for gin), behind the Policy interface of
// observation.hpp: act(observation) -> Action.
//
// No bot takes back from the pile a card it discarded itself (so two bots cannot
// pass the same cards to and fro forever: the stock always runs down).
//
// Every bot sees only an Observation (its own hand, the discard pile, the cards the
// opponent is known to hold, both players' discards, the stock size, the phase, the
// knock limit, the legal actions).  Each decision is a pure function of the
// observation and the bot's seed (the HardBot draws its samples from a generator
// seeded by the seed and the observation), so a bot is deterministic for a seed and
// its decisions cannot change when the hidden cards (the opponent's unknown cards,
// the stock order) are reshuffled.
//
//   EasyBot    keeps the melds it has formed (best_melds) and discards its unmatched
//              card of highest value (ties: higher rank, then higher suit); takes the
//              upcard / pile top only when that card is melded in the best
//              arrangement of the hand with it; knocks as soon as it may (with the
//              best discard); lays off every unmatched card that fits.
//   NormalBot  plays from the best meld partition: takes the pile top when the
//              deadwood it reaches after its best discard is lower than the expected
//              deadwood after a stock draw (exact over the unseen cards; a card that
//              melds with nothing must gain three points over it); discards to
//              minimise deadwood plus a penalty for cards the opponent can use
//              (judged from the cards it took and the cards it threw), less half a
//              point per out kept (unseen cards that would meld with the cards
//              left); knocks as soon as it may while the stock holds 20 cards or
//              more, afterwards only with 7 deadwood or less (later in the hand an
//              undercut is likelier); lays off optimally (best_layoff).
//   HardBot    samples the opponent's hidden cards consistently with the
//              observation (drawn from the unseen cards and resampled by how well
//              they explain the opponent's takes, passes and discards: the belief
//              model of ExpertBot, sample_opponent_hand); discards by the expected
//              deadwood after its next draw plus the sampled chance that the card
//              helps the opponent; when it may knock, compares the expected points
//              of knocking now (settled exactly against each sample: layoffs,
//              undercuts) with playing on (rollouts of the rest of the round in
//              sampled worlds), and takes the better.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "parlour/gin/observation.hpp"

namespace parlour::gin {

// A bot: a Policy with a name and a seed, which can make a fresh copy of itself
// with another seed (the arena builds one per match).
class Bot : public Policy {
 public:
  explicit Bot(std::uint64_t seed = 0) noexcept : seed_(seed) {}
  [[nodiscard]] std::uint64_t seed() const noexcept { return seed_; }
  // "easy", "normal", "hard", "simple", "expert".
  [[nodiscard]] virtual std::string_view name() const noexcept = 0;
  [[nodiscard]] virtual std::unique_ptr<Bot> fresh(std::uint64_t seed) const = 0;

 protected:
  std::uint64_t seed_;
};

class EasyBot final : public Bot {
 public:
  using Bot::Bot;
  Action act(const Observation& obs) override;
  [[nodiscard]] std::string_view name() const noexcept override { return "easy"; }
  [[nodiscard]] std::unique_ptr<Bot> fresh(std::uint64_t seed) const override {
    return std::make_unique<EasyBot>(seed);
  }
};

class NormalBot final : public Bot {
 public:
  using Bot::Bot;
  Action act(const Observation& obs) override;
  [[nodiscard]] std::string_view name() const noexcept override { return "normal"; }
  [[nodiscard]] std::unique_ptr<Bot> fresh(std::uint64_t seed) const override {
    return std::make_unique<NormalBot>(seed);
  }
};

struct HardParams {
  int samples = 48;   // sampled opponent hands per decision
  int rollouts = 48;  // rollouts per option when weighing a knock
};

class HardBot final : public Bot {
 public:
  explicit HardBot(std::uint64_t seed = 0, HardParams params = {}) noexcept : Bot(seed), params_(params) {}
  Action act(const Observation& obs) override;
  // act(), asking `stop` before each rollout (core::Interrupted).
  Action act_until(const Observation& obs, core::StopToken& stop) override;
  [[nodiscard]] std::string_view name() const noexcept override { return "hard"; }
  [[nodiscard]] std::unique_ptr<Bot> fresh(std::uint64_t seed) const override {
    return std::make_unique<HardBot>(seed, params_);
  }
  [[nodiscard]] const HardParams& params() const noexcept { return params_; }

  // The expected points (for the bot) of knocking now with `card`, and of
  // discarding `play_card` and playing on, as the bot estimates them (for tests and
  // for explaining a decision).  PhaseError outside the DISCARD phase of the player
  // to act; IllegalAction "gin.TooMuchDeadwood" when no knock is legal.  At zero
  // deadwood `knock` is the expected value of gin.
  struct KnockEstimate {
    double knock = 0.0;
    double play_on = 0.0;
    Card knock_card{};
    Card play_card{};
  };
  [[nodiscard]] KnockEstimate estimate_knock(const Observation& obs) const;

 private:
  HardParams params_;
};

// SimpleBot — a port of the starter player of the EAAI Gin Rummy competition
// (SimpleGinRummyPlayer, Todd W. Neller, EAAI 2021 materials), the common reference
// opponent of published gin rummy players:
//   - draws the face-up card (the upcard, the pile top) only when it would be part of
//     some meld of its hand with that card, otherwise draws from the stock (passes
//     on the upcard);
//   - discards uniformly at random among the cards whose removal leaves the least
//     deadwood — never the face-up card it just took, never a card that would repeat
//     a draw/discard pair it already made this hand (pairs compared as sets);
//   - knocks as soon as its deadwood after the discard allows it, spreading one of
//     its minimum-deadwood meld arrangements chosen uniformly at random;
//   - as the defender, melds its hand the same way and lays off its unmelded cards
//     one at a time as the competition's GinRummyGame does (the first card, in the
//     Java card order clubs, hearts, spades, diamonds, that extends the first meld
//     it fits; then again from the start);
//   - ignores everything the opponent does.
// Unlike the rule card's bots it may take back a card it discarded itself (the
// draw/discard pair rule is what keeps it from looping).  Its randomness comes from
// its seed and the observation (a decision seed, as HardBot's); the draw/discard
// pairs are the one thing it remembers between decisions, per seat, forgotten when a
// new hand starts.
class SimpleBot final : public Bot {
 public:
  using Bot::Bot;
  Action act(const Observation& obs) override;
  [[nodiscard]] std::string_view name() const noexcept override { return "simple"; }
  [[nodiscard]] std::unique_ptr<Bot> fresh(std::uint64_t seed) const override {
    return std::make_unique<SimpleBot>(seed);
  }
  // The draw/discard pairs made this hand by the seat, each as the mask of its one
  // or two cards (a card drawn from the stock and discarded at once is one card).
  [[nodiscard]] std::vector<CardSet> pairs(Player seat) const;

 private:
  struct Memory {
    bool valid = false;
    Player dealer = Player::One;
    Card upcard{};
    int stock = 0;
    CardSet own_discards{};
    CardSet before_draw{};
    bool drew = false;
    std::vector<CardSet> pairs;
  };
  std::array<Memory, 2> memory_{};
};

// Every minimum-deadwood arrangement of a hand (at most 11 cards) into disjoint
// melds, each listed once (as the EAAI GinRummyUtil.cardsToBestMeldSets lists them):
// a 6-card run is one arrangement as a whole and another as two 3-card runs.  In a
// fixed order (by the masks of their melds).  gin.ArrangeError above 11 cards.
std::vector<Melds> best_arrangements(CardSet hand);

// A bot by name ("easy", "normal", "hard", "simple", "expert"); InvalidValue otherwise.
std::unique_ptr<Bot> make_bot(std::string_view name, std::uint64_t seed);
// Register the bots by name with make_policy (simulate_rounds); idempotent.
void register_bots();

// ---- pieces shared by the bots (exposed for tests)

// The cards whose place the observer cannot see: not in its hand, not in the
// discard pile, not known to be in the opponent's hand, not on the table.
CardSet unseen_cards(const Observation& obs) noexcept;
// Whether `card` is melded in the best arrangement of hand + card.
bool completes_meld(CardSet hand, Card card);
// The lowest deadwood of hand + card after discarding any card but `card`.
int deadwood_after_taking(CardSet hand, Card card) noexcept;
// The mean over the unseen cards u of the best deadwood of hand + u after a discard.
double expected_deadwood_after_draw(CardSet hand, CardSet unseen) noexcept;

}  // namespace parlour::gin
