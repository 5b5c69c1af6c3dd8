// parlour::freecell — FreeCell positions, moves, Microsoft deals and notation.
//
// Rules (as the freecell crate states them): 52 cards dealt face up into 8 cascades
// (the first four get 7 cards, the rest 6), 4 free cells, 4 foundations indexed by
// suit (CLUB=0, SPADE=1, HEART=2, DIAMOND=3).  A move takes one card — the top card
// of a cascade or a card in a free cell — to (a) an empty free cell, (b) its suit's
// foundation when it is the Ace on an empty foundation or one rank above the top card
// there, (c) a cascade whose top card is one rank higher and of the other colour, or
// any empty cascade.  Cards never leave the foundations.  Moves that do not change
// the position (a card to the cell or cascade it is in) are illegal.  The free cells
// are interchangeable, so a card goes to the first empty one and never from one cell
// to another: those moves would only rename the position (as canonical_key says), and
// so every legal move has one action id (GameState::resolve; CellChoice::Any replays
// the moves earlier releases also took).  A sequence move
// ("supermove") of k cards in alternating colours and descending rank from the top of
// one cascade to another is shorthand for single moves through free space and is
// legal when k <= (empty free cells + 1) * 2^(empty cascades, not counting the target).
// The game is won when the four foundations hold Ace to King.
//
// Collections have value semantics (the CardCollection trait of the Rust crate
// freecell 0.1.0): add_card returns a
// new collection or throws IllegalAction with code "freecell.IllegalMove";
// pop_card returns every (remaining collection, card).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "parlour/core/card.hpp"
#include "parlour/core/errors.hpp"

namespace parlour::freecell {

using core::Card;
using core::Colour;
using core::Suit;

inline constexpr int kCascades = 8;
inline constexpr int kFreecells = 4;
inline constexpr const char* kIllegalMove = "freecell.IllegalMove";
inline constexpr const char* kInvalidPosition = "freecell.InvalidPosition";

// Thrown by add_card / apply for a move the rules forbid.
[[noreturn]] void throw_illegal(const std::string& message);

// Whether `upper` may go onto `lower` in a cascade: one rank lower, the other colour.
constexpr bool builds_on(Card upper, Card lower) noexcept {
  return upper.rank() + 1 == lower.rank() && upper.colour() != lower.colour();
}

// One suit's pile: Ace up to King.
class Foundation {
 public:
  explicit Foundation(Suit suit = Suit::Club, int height = 0);
  [[nodiscard]] Suit suit() const noexcept { return suit_; }
  // Number of cards (0..13); the top card has this rank.
  [[nodiscard]] int height() const noexcept { return height_; }
  [[nodiscard]] std::optional<Card> top() const;
  [[nodiscard]] std::vector<Card> cards() const;
  [[nodiscard]] bool accepts(Card c) const noexcept { return c.suit() == suit_ && c.rank() == height_ + 1; }
  [[nodiscard]] Foundation add_card(Card c) const;
  [[nodiscard]] std::vector<std::pair<Foundation, Card>> pop_card() const { return {}; }
  [[nodiscard]] bool is_complete() const noexcept { return height_ == 13; }
  friend bool operator==(const Foundation&, const Foundation&) = default;

 private:
  Suit suit_;
  int height_;
};

// The four foundations, indexed by suit.
class Foundations {
 public:
  Foundations() = default;
  explicit Foundations(std::array<int, 4> heights);
  [[nodiscard]] Foundation foundation(Suit s) const { return Foundation(s, heights_[static_cast<int>(s)]); }
  [[nodiscard]] int height(Suit s) const noexcept { return heights_[static_cast<int>(s)]; }
  [[nodiscard]] const std::array<int, 4>& heights() const noexcept { return heights_; }
  [[nodiscard]] bool accepts(Card c) const noexcept { return c.rank() == heights_[static_cast<int>(c.suit())] + 1; }
  [[nodiscard]] Foundations add_card(Card c) const;
  [[nodiscard]] std::vector<std::pair<Foundations, Card>> pop_card() const { return {}; }
  [[nodiscard]] int size() const noexcept { return heights_[0] + heights_[1] + heights_[2] + heights_[3]; }
  [[nodiscard]] bool is_complete() const noexcept { return size() == 52; }
  [[nodiscard]] bool contains(Card c) const noexcept { return c.rank() <= heights_[static_cast<int>(c.suit())]; }
  [[nodiscard]] std::string str() const;  // "Kc -- 5h --": the top of each pile, suits in order
  friend bool operator==(const Foundations&, const Foundations&) = default;

 private:
  std::array<int, 4> heights_{0, 0, 0, 0};
};

// Four cells, each empty or holding one card.
class Freecells {
 public:
  Freecells() = default;
  explicit Freecells(std::array<std::optional<Card>, 4> cells);
  [[nodiscard]] const std::optional<Card>& operator[](int i) const { return cells_.at(static_cast<std::size_t>(i)); }
  [[nodiscard]] const std::array<std::optional<Card>, 4>& cells() const noexcept { return cells_; }
  [[nodiscard]] int count() const noexcept;  // cards held
  [[nodiscard]] int empty_count() const noexcept { return kFreecells - count(); }
  [[nodiscard]] int first_empty() const noexcept;  // -1 when full
  [[nodiscard]] int find(Card c) const noexcept;   // -1 when absent
  [[nodiscard]] std::vector<Card> cards() const;
  // The card goes into the first empty cell; IllegalMove when all four are full.
  [[nodiscard]] Freecells add_card(Card c) const;
  [[nodiscard]] Freecells with(int i, std::optional<Card> c) const;
  [[nodiscard]] std::vector<std::pair<Freecells, Card>> pop_card() const;
  [[nodiscard]] std::string str() const;  // "3h -- Qc --"
  friend bool operator==(const Freecells&, const Freecells&) = default;

 private:
  std::array<std::optional<Card>, 4> cells_{};
};

// A pile of cards, bottom card first; only the top (last) card is free.
class Cascade {
 public:
  Cascade() = default;
  explicit Cascade(std::vector<Card> cards) : cards_(std::move(cards)) {}
  [[nodiscard]] const std::vector<Card>& cards() const noexcept { return cards_; }
  [[nodiscard]] int size() const noexcept { return static_cast<int>(cards_.size()); }
  [[nodiscard]] bool empty() const noexcept { return cards_.empty(); }
  [[nodiscard]] std::optional<Card> top() const;
  // An empty cascade takes any card; otherwise one rank below the top and the other colour.
  [[nodiscard]] bool accepts(Card c) const noexcept;
  [[nodiscard]] Cascade add_card(Card c) const;
  [[nodiscard]] std::vector<std::pair<Cascade, Card>> pop_card() const;
  // Length of the alternating-colour descending run at the top (0 when empty).
  [[nodiscard]] int run_length() const noexcept;
  [[nodiscard]] std::string str() const;  // "Jd Kd 2s"
  friend bool operator==(const Cascade&, const Cascade&) = default;

 private:
  friend class GameState;  // apply_in_place edits the cards
  std::vector<Card> cards_;
};

using Cascades = std::array<Cascade, kCascades>;

// Where a card is: a cascade (0-based), a free cell (0-based), or the foundations.
enum class PositionKind : std::uint8_t { Cascade = 0, Freecell = 1, Foundation = 2 };

struct Position {
  PositionKind kind = PositionKind::Cascade;
  int index = 0;  // cascade 0..7, cell 0..3, 0 for the foundations
  static Position cascade(int i);
  static Position freecell(int i);
  static Position foundation() { return Position{PositionKind::Foundation, 0}; }
  [[nodiscard]] char notation() const;    // '1'..'8', 'a'..'d', 'h'
  [[nodiscard]] std::string str() const;  // "cascade 3", "free cell b", "the foundations"
  friend bool operator==(const Position&, const Position&) = default;
};

// One move: `count` cards (a sequence when count > 1) whose deepest card is `card`,
// from one position to another.  A parsed move may leave card unknown and count 0
// ("as many as fit"); GameState::resolve fills them in from the position.
struct Move {
  std::optional<Card> card;
  Position from;
  Position to;
  int count = 1;

  // Standard notation: "3a", "8h", "a5", "12" (a sequence onto a cascade: as many
  // cards as fit), "12v5" (5 cards, needed onto an empty cascade).  ParseError quoting
  // the text otherwise.
  static Move parse(std::string_view text);
  [[nodiscard]] std::string notation() const;
  // Action ids for frontends: single moves src*13 + dst (src 0..7 cascades, 8..11 cells;
  // dst 0..7 cascades, 8..11 cells, 12 foundations) in 0..155; sequence moves of
  // count 2..13 between cascades 156 + (src*8 + dst)*12 + count - 2, up to 923.
  [[nodiscard]] int action_id() const;
  static Move from_action_id(int id);
  friend bool operator==(const Move&, const Move&) = default;
};

inline constexpr int kNumActions = 156 + 64 * 12;

// Which free cell a move may take a card to: the first empty one, as the rules say
// (First), or any empty one, and from one cell to another (Any: how earlier releases
// recorded moves, which snapshots replay).
enum class CellChoice : std::uint8_t { First = 0, Any = 1 };

class GameState {
 public:
  GameState() = default;
  // Checks each card at most once, cascades within size (validate() checks all 52).
  GameState(Cascades cascades, Foundations foundations, Freecells freecells);
  // Microsoft deal n, 1 <= n < 2^33 (the Windows numbering, extended as FreeCell Pro
  // and PySol extend it above 2^31); InvalidValue otherwise.
  static GameState from_ms_deal(std::uint64_t n);

  [[nodiscard]] const Cascades& cascades() const noexcept { return cascades_; }
  [[nodiscard]] const Foundations& foundations() const noexcept { return foundations_; }
  [[nodiscard]] const Freecells& freecells() const noexcept { return freecells_; }

  [[nodiscard]] int empty_cascades() const noexcept;
  // Largest sequence that may move to a cascade (to an empty one when to_empty).
  [[nodiscard]] int supermove_limit(bool to_empty) const noexcept;
  // The legal form of `m` here (card and count filled in), or nullopt; `why`, when
  // given, receives the reason it is illegal.
  [[nodiscard]] std::optional<Move> resolve(const Move& m, std::string* why = nullptr,
                                            CellChoice cells = CellChoice::First) const;
  // Standard notation of a (resolved) move here: "12" onto a card, "12v5" onto an
  // empty cascade.
  [[nodiscard]] std::string notation(const Move& m) const;
  [[nodiscard]] bool allows_move(const Move& m) const { return resolve(m).has_value(); }
  // The next position; IllegalMove (naming the move and the reason) otherwise.
  [[nodiscard]] GameState apply(const Move& m) const;
  // Without checks: m must be a resolved legal move.
  [[nodiscard]] GameState apply_unchecked(const Move& m) const;
  // The same, changing this position (no copy): used where moves are replayed.
  void apply_in_place(const Move& m);
  // Every legal single-card move (to the first empty free cell only; no cell-to-cell
  // moves), plus legal sequence moves when supermoves is true.
  [[nodiscard]] std::vector<std::pair<GameState, Move>> legal_moves(bool supermoves = false) const;
  [[nodiscard]] std::vector<Move> legal_move_list(bool supermoves = false) const;
  [[nodiscard]] bool is_solved() const noexcept { return foundations_.is_complete(); }
  // InvalidValue (code freecell.InvalidPosition) unless each of the 52 cards is here
  // exactly once.
  void validate() const;
  // Equal for positions that differ only in the order of cascades or of free cells:
  // 52 bytes, for each card (dense index) the card beneath it, 52 for a cascade
  // bottom, 53 for a free cell, 54 for the foundations.
  [[nodiscard]] std::string canonical_key() const;
  // Where a card is, or nullopt when absent.
  [[nodiscard]] std::optional<Position> locate(Card c) const;

  // The text format of the freecell crate:
  //   foundations: Ac -- 5h --      (top card of each pile, clubs spades hearts diamonds)
  //   cascade: Jd Kd 2s 4c 3s 6d 6s (eight lines, bottom card first)
  //   freecells: 3h -- Qc --
  [[nodiscard]] std::string to_text() const;
  static GameState parse(std::string_view text, bool check = true);
  // The common solver board format (fc-solve, PySol):
  //   Foundations: H-5 C-A S-0 D-K
  //   Freecells:  3H  -  QC  -
  //   JD KD 2S 4C 3S 6D 6S          (one line per cascade, bottom first; ":" optional)
  [[nodiscard]] std::string to_board() const;
  static GameState parse_board(std::string_view text, bool check = true);
  // A picture for people (unicode suits when unicode).
  [[nodiscard]] std::string pretty(bool unicode) const;

  friend bool operator==(const GameState&, const GameState&) = default;

 private:
  Cascades cascades_{};
  Foundations foundations_{};
  Freecells freecells_{};
};

}  // namespace parlour::freecell
