// Bindings for parlour._core.gin (glue only; the rules live in cpp/src/gin):
// melds, arrangements, deadwood and the best discard, and Card.deadwood.  The
// rules and scoring are bound in scoring.cpp beside this file.
#include <pybind11/native_enum.h>

#include <limits>
#include <string>
#include <vector>

#include "gin.hpp"
#include "parlour/gin/deadwood.hpp"
#include "parlour/gin/meld.hpp"
#include "parlour/gin/player.hpp"

namespace parlour::bindings {

using gin::Meld;
using gin::Melds;

namespace {

using RankArg = py::typing::Union<core::Rank, py::int_>;
using SuitArg = py::typing::Union<core::Suit, py::int_>;
// A 1-D array of uint64 card masks (any integer array-like is converted).
using MasksArg = py::typing::Union<py::array_t<std::uint64_t>, py::typing::Iterable<py::int_>>;

std::string meld_repr(const Meld& m) { return "Meld('" + m.str() + "')"; }

std::string melds_repr(const Melds& a) {
  std::string s =
      "Melds(" + (a.hand().empty() ? std::string("CardSet()") : "CardSet('" + a.hand().str() + "')") + ", [";
  bool first = true;
  for (const Meld& m : a.melds()) {
    if (!first) s += ", ";
    s += meld_repr(m);
    first = false;
  }
  return s + "])";
}

std::optional<core::Suit> to_suit(py::handle obj) {
  if (obj.is_none()) return std::nullopt;
  if (py::isinstance<py::bool_>(obj) || !py::isinstance<py::int_>(obj))
    throw core::WrongType("expected a Suit (or 0..3), got " + type_name(obj) + " " + quoted_repr(obj));
  int overflow = 0;
  const long long s = PyLong_AsLongLongAndOverflow(obj.ptr(), &overflow);
  if (overflow != 0)
    throw core::InvalidValue("not a suit: " + quoted_repr(obj) + " (suits are 0 .. 3)", "gin.InvalidMeld");
  if (s < 0 || s > 3)
    throw core::InvalidValue("not a suit: " + py::repr(obj).cast<std::string>() + " (suits are 0 .. 3)",
                             "gin.InvalidMeld");
  return static_cast<core::Suit>(s);
}

int to_rank(py::handle obj) {
  if (py::isinstance<py::bool_>(obj) || !py::isinstance<py::int_>(obj))
    throw core::WrongType("expected a Rank (or 1..13), got " + type_name(obj) + " " + quoted_repr(obj));
  int overflow = 0;
  const long long r = PyLong_AsLongLongAndOverflow(obj.ptr(), &overflow);
  if (overflow != 0)
    throw core::InvalidValue("not a rank: " + quoted_repr(obj) + " (ranks are 1 .. 13)", "gin.InvalidMeld");
  if (r < 1 || r > 13)
    throw core::InvalidValue("not a rank: " + py::repr(obj).cast<std::string>() + " (ranks are 1 .. 13)",
                             "gin.InvalidMeld");
  return static_cast<int>(r);
}

py::array_t<std::uint64_t> masks_array(py::handle masks) {
  if (py::isinstance<py::array>(masks)) {
    const auto dt = py::reinterpret_borrow<py::array>(masks).dtype();
    if (dt.kind() != 'u' && dt.kind() != 'i')
      throw core::WrongType("expected an integer array of uint64 card masks, got dtype " +
                            py::str(dt).cast<std::string>());
  }
  auto arr = py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast>::ensure(masks);
  if (!arr) throw core::WrongType("expected an array of uint64 card masks, got " + type_name(masks));
  if (arr.ndim() != 1)
    throw core::InvalidValue("expected a 1-D array of card masks, got " + std::to_string(arr.ndim()) + " dimensions");
  return arr;
}

void check_masks(const std::uint64_t* p, py::ssize_t n) {
  for (py::ssize_t i = 0; i < n; ++i)
    if ((p[i] & ~core::kValidMask) != 0) {
      try {
        (void)core::CardSet::from_mask(p[i]);
      } catch (const core::InvalidValue& e) {
        throw core::InvalidValue("masks[" + std::to_string(i) + "]: " + e.what());
      }
    }
}

}  // namespace

namespace {

void bind_meld(py::module_& m) {
  // Card.deadwood: the core binds Card; the gin value is added to that same class.
  {
    py::object card_type = py::type::of<core::Card>();
    py::object property = py::module_::import("builtins").attr("property");
    py::setattr(card_type, "deadwood",
                property(py::cpp_function([](core::Card c) { return gin::card_value(c); }), py::none(), py::none(),
                         "The gin rummy deadwood value: Ace 1, 2..9 their pips, T J Q K 10."));
  }

  py::native_enum<gin::Player>(m, "Player", "enum.IntEnum",
                               "The two seats of a game of gin rummy: ONE = 0 and TWO = 1 (they index per-player "
                               "tuples); `player.opponent` is the other seat.")
      .value("ONE", gin::Player::One)
      .value("TWO", gin::Player::Two)
      .finalize();
  cache_members<gin::Player>(m.attr("Player"), 2);
  {
    py::object property = py::module_::import("builtins").attr("property");
    py::setattr(m.attr("Player"), "opponent",
                property(py::cpp_function([](gin::Player p) { return gin::opponent(p); }), py::none(), py::none(),
                         "The other player."));
  }

  py::native_enum<gin::MeldKind>(m, "MeldKind", "enum.Enum",
                                 "The kind of a meld: SET (3 or 4 cards of one rank) or RUN (3+ consecutive cards "
                                 "of one suit, the Ace low only).")
      .value("SET", gin::MeldKind::Set)
      .value("RUN", gin::MeldKind::Run)
      .finalize();
  cache_members<gin::MeldKind>(m.attr("MeldKind"), 2);

  py::class_<Meld> meld(m, "Meld",
                        "A validated gin rummy meld: a SET of 3 or 4 cards of one rank, or a RUN of 3 or more "
                        "consecutive cards of one suit with the Ace low only (Q-K-A and K-A-2 are not runs). "
                        "Immutable, hashable, ordered by card mask.\n\n"
                        "Meld('7h 8h 9h') and Meld.from_cards(cards) validate any cards (InvalidMeld says why "
                        "not); Meld.set(rank, missing=None) and Meld.run(suit, low, high) build one directly. "
                        "A deck holds 329 melds (65 sets, 264 runs): Meld.all().");
  meld.def(py::init([](const CardsLike& cards) { return to_meld(cards); }), py::arg("cards"),
           "The meld made of exactly these cards; InvalidMeld when they are not one (too few cards, mixed "
           "cards, not consecutive).")
      .def_static(
          "from_cards", [](const CardsLike& cards) { return Meld::from_cards(to_cardset(cards)); }, py::arg("cards"),
          "The meld made of exactly these cards; InvalidMeld naming why they are not one.")
      .def_static(
          "set",
          [](const RankArg& rank, const py::typing::Optional<SuitArg>& missing) {
            return Meld::set(to_rank(rank), to_suit(missing));
          },
          py::arg("rank"), py::arg("missing") = py::none(),
          "The set of a rank: all four suits, or the three other than `missing`.")
      .def_static(
          "run",
          [](const SuitArg& suit, const RankArg& low, const RankArg& high) {
            const auto s = to_suit(suit);
            if (!s) throw core::WrongType("Meld.run needs a suit, got None");
            return Meld::run(*s, to_rank(low), to_rank(high));
          },
          py::arg("suit"), py::arg("low"), py::arg("high"),
          "The run of a suit from rank low to rank high inclusive (at least 3 cards, Ace low).")
      .def_static(
          "all",
          [] {
            const auto& a = gin::all_melds();
            return std::vector<Meld>(a.begin(), a.end());
          },
          "All 329 melds of a deck: the 65 sets (by rank: the 4-set, then the 3-sets missing clubs, spades, hearts, "
          "diamonds), then the 264 runs (by suit, low rank, length).")
      .def_static(
          "is_meld", [](const CardsLike& cards) { return Meld::is_meld(to_cardset(cards)); }, py::arg("cards"),
          "Whether the cards form a meld.")
      .def_property_readonly(
          "kind", [](const Meld& x) { return Member<gin::MeldKind>{x.kind()}; }, "SET or RUN.")
      .def_property_readonly("cards", &Meld::cards, "The cards, as a CardSet (a Hand).")
      .def_property_readonly("len", &Meld::size, "The number of cards (also len(meld)).")
      .def_property_readonly(
          "suit",
          [](const Meld& x) -> std::optional<core::Suit> {
            if (x.is_run()) return x.suit();
            return std::nullopt;
          },
          "The suit of a run; None for a set.")
      .def_property_readonly(
          "rank",
          [](const Meld& x) -> std::optional<core::Rank> {
            if (x.is_set()) return static_cast<core::Rank>(x.rank());
            return std::nullopt;
          },
          "The rank of a set; None for a run.")
      .def_property_readonly(
          "low", [](const Meld& x) { return static_cast<core::Rank>(x.low()); }, "The lowest rank (the rank of a set).")
      .def_property_readonly(
          "high", [](const Meld& x) { return static_cast<core::Rank>(x.high()); },
          "The highest rank (the rank of a set).")
      .def_property_readonly("value", &Meld::value, "The sum of the cards' deadwood values.")
      .def_property_readonly("extensions", &Meld::extensions,
                             "The cards that extend this meld by one layoff: the missing card of a 3-set, the "
                             "card below and above a run; empty for a 4-set.")
      .def(
          "extended", [](const Meld& x, const CardLike& card) { return x.extended(to_card(card)); }, py::arg("card"),
          "The meld grown by one laid-off card (a 3-set's fourth card, a run's next card at either end), or None "
          "when the card does not extend it. Chains by extending again.")
      .def("unicode", &Meld::unicode, "The cards with suit glyphs, like '7♥8♥9♥'.")
      .def("__str__", &Meld::str)
      .def("__repr__", &meld_repr)
      .def("__len__", &Meld::size)
      .def("__iter__",
           [](const Meld& x) -> py::typing::Iterator<core::Card> {
             const auto v = x.cards().cards();
             return py::reinterpret_steal<py::typing::Iterator<core::Card>>(py::iter(py::cast(v)).release());
           })
      .def(
          "__contains__",
          [](const Meld& x, py::handle c) {
            return py::isinstance<core::Card>(c) && x.cards().contains(c.cast<core::Card>());
          },
          py::arg("card"))
      .def("__hash__", [](const Meld& x) { return py::hash(py::int_(x.mask())); })
      .def("__eq__", value_eq<Meld>(), py::arg("other"), py::is_operator())
      .def(
          "__lt__", [](const Meld& a, const Meld& b) { return a < b; }, py::arg("other"), py::is_operator())
      .def(
          "__le__", [](const Meld& a, const Meld& b) { return a <= b; }, py::arg("other"), py::is_operator())
      .def(
          "__gt__", [](const Meld& a, const Meld& b) { return a > b; }, py::arg("other"), py::is_operator())
      .def(
          "__ge__", [](const Meld& a, const Meld& b) { return a >= b; }, py::arg("other"), py::is_operator())
      .def("__copy__", [](const Meld& x) { return x; })
      .def(
          "__deepcopy__", [](const Meld& x, const py::object&) { return x; }, py::arg("memo"))
      .def(py::pickle([](const Meld& x) { return py::make_tuple(x.mask()); },
                      [](const py::tuple& t) {
                        try {
                          if (t.size() != 1) throw core::FormatError("expected one mask");
                          return Meld::from_cards(to_cardset(t[0]));
                        } catch (const core::Error& e) {
                          throw core::FormatError(std::string("corrupt Meld pickle: ") + e.what());
                        }
                      }));
}

// Melds: one arrangement of a hand.
void bind_melds(py::module_& m) {
  using MeldLike =
      py::typing::Union<Meld, core::CardSet, py::str, py::typing::Iterable<py::typing::Union<core::Card, py::str>>>;
  py::class_<Melds> melds(m, "Melds",
                          "One arrangement of a hand (at most 11 cards): disjoint melds inside the hand, the other "
                          "cards deadwood. Melds(hand, melds) validates (ArrangeError on a meld not in the hand, "
                          "overlapping melds, or more than 11 cards); best_melds(hand) gives an optimal one. "
                          "str() looks like '7h8h9h QcQsQd | Ad5d', unicode() like '7♥8♥9♥ Q♣Q♠Q♦ | A♦5♦'.");
  melds.def(py::init<>(), "The empty arrangement of the empty hand.")
      .def(py::init([](const CardsLike& hand, const py::typing::Union<py::typing::Iterable<MeldLike>>& ms) {
             if (py::isinstance<py::str>(ms) || !py::isinstance<py::iterable>(ms))
               throw core::WrongType("Melds(hand, melds) takes an iterable of melds, got " + type_name(ms) + " " +
                                     quoted_repr(ms));
             std::vector<Meld> v;
             for (py::handle h : ms) v.push_back(to_meld(h));
             if (v.size() > static_cast<std::size_t>(gin::kMaxMelds)) {
               const auto cards = to_cardset(hand);
               throw core::InvalidValue("an arrangement holds at most 3 melds (11 cards), got " +
                                            std::to_string(v.size()) + " for '" + cards.str() + "'",
                                        "gin.ArrangeError");
             }
             return Melds(to_cardset(hand), v);
           }),
           py::arg("hand"), py::arg("melds"),
           "The arrangement of `hand` into `melds` (Meld objects or cards forming melds); ArrangeError unless the "
           "melds are disjoint and inside a hand of at most 11 cards.")
      .def_property_readonly("hand", &Melds::hand, "The whole hand.")
      .def_property_readonly(
          "melds",
          [](const Melds& a) {
            const auto s = a.melds();
            return std::vector<Meld>(s.begin(), s.end());
          },
          "The melds, in order.")
      .def_property_readonly("melded", &Melds::melded, "The cards in melds.")
      .def_property_readonly("deadwood_cards", &Melds::deadwood_cards, "The cards in no meld.")
      .def_property_readonly("deadwood", &Melds::deadwood, "The value of the deadwood cards.")
      .def_property_readonly(
          "is_gin", [](const Melds& a) { return a.deadwood() == 0; }, "Whether every card is melded.")
      .def("unicode", &Melds::unicode, "The arrangement with suit glyphs, like '7♥8♥9♥ Q♣Q♠Q♦ | A♦5♦'.")
      .def("__str__", &Melds::str)
      .def("__repr__", &melds_repr)
      .def("__eq__", value_eq<Melds>(), py::arg("other"), py::is_operator())
      .def("__hash__",
           [](const Melds& a) {
             std::uint64_t h = a.hand().mask() * 0x9E3779B97F4A7C15ull;
             for (const Meld& x : a.melds()) h ^= x.mask() * 0xC2B2AE3D27D4EB4Full;  // order-free
             return py::hash(py::int_(h));
           })
      .def("__copy__", [](const Melds& a) { return a; })
      .def(
          "__deepcopy__", [](const Melds& a, const py::object&) { return a; }, py::arg("memo"))
      .def(py::pickle(
          [](const Melds& a) {
            py::list ms;
            for (const Meld& x : a.melds()) ms.append(x.mask());
            return py::make_tuple(a.hand().mask(), ms);
          },
          [](const py::tuple& t) {
            try {
              if (t.size() != 2) throw core::FormatError("expected (hand, melds)");
              std::vector<Meld> v;
              for (py::handle h : t[1].cast<py::list>()) v.push_back(Meld::from_cards(to_cardset(h)));
              return Melds(to_cardset(t[0]), v);
            } catch (const core::Error& e) {
              throw core::FormatError(std::string("corrupt Melds pickle: ") + e.what());
            } catch (const py::cast_error& e) {
              throw core::FormatError(std::string("corrupt Melds pickle: ") + e.what());
            }
          }));
}

// Discard, deadwood and the best arrangement and discard, one hand or a batch.
void bind_deadwood(py::module_& m) {
  py::class_<gin::Discard>(m, "Discard",
                           "The result of best_discard: the chosen card, the deadwood left without it, and every "
                           "discard that leaves that same minimum (`ties`).")
      .def_readonly("card", &gin::Discard::card, "The discard (ties: the highest rank, then the highest suit).")
      .def_readonly("deadwood", &gin::Discard::deadwood, "The minimum deadwood of the hand without the discard.")
      .def_readonly("ties", &gin::Discard::ties, "Every discard that reaches the same minimum.")
      .def("__repr__",
           [](const gin::Discard& d) {
             return "Discard(card=Card('" + d.card.str() + "'), deadwood=" + std::to_string(d.deadwood) +
                    ", ties=CardSet('" + d.ties.str() + "'))";
           })
      .def("__eq__", value_eq<gin::Discard>(), py::arg("other"), py::is_operator())
      .def("__hash__",
           [](const gin::Discard& d) { return py::hash(py::make_tuple(d.card.bit(), d.deadwood, d.ties.mask())); })
      .def(py::pickle([](const gin::Discard& d) { return py::make_tuple(d.card.bit(), d.deadwood, d.ties.mask()); },
                      [](const py::tuple& t) {
                        try {
                          if (t.size() != 3) throw core::FormatError("expected (card, deadwood, ties)");
                          return gin::Discard{core::Card::from_bit(t[0].cast<long long>()), t[1].cast<int>(),
                                              core::CardSet::from_mask(t[2].cast<std::uint64_t>())};
                        } catch (const std::exception& e) {
                          throw core::FormatError(std::string("corrupt Discard pickle: ") + e.what());
                        }
                      }));

  m.def(
      "deadwood", [](const CardsLike& hand) { return gin::deadwood(to_cardset(hand)); }, py::arg("hand"),
      "The minimum deadwood of any set of cards: the value (A 1, 2..9 pips, T J Q K 10) of the cards left out of "
      "the best arrangement into disjoint melds. Exact (branch over the set choices, per-suit run tables; a "
      "dynamic program over ranks for very large sets).");
  m.def(
      "best_melds", [](const CardsLike& hand) { return gin::best_melds(to_cardset(hand)); }, py::arg("hand"),
      "An arrangement of the hand (at most 11 cards; ArrangeError above) with the minimum deadwood. Ties go to "
      "fewer sets, then fewer cards in sets, then the lowest mask of set cards; runs are the maximal blocks of "
      "consecutive cards left in each suit; melds are listed by lowest rank, sets before runs, then suit.");
  m.def(
      "best_discard", [](const CardsLike& hand) { return gin::best_discard(to_cardset(hand)); }, py::arg("hand"),
      "The discard that leaves the least deadwood, computed exactly over every card of the hand (normally 11 "
      "cards; InvalidValueError when empty). Ties go to the highest rank (so the highest value), then the highest "
      "suit (diamonds, hearts, spades, clubs); `ties` lists them all.");
  m.def(
      "deadwood_batch",
      [](const MasksArg& masks) {
        auto arr = masks_array(masks);
        const auto n = arr.size();
        check_masks(arr.data(), n);
        py::array_t<std::uint8_t> out(n);
        {
          const std::span<const std::uint64_t> in(arr.data(), static_cast<std::size_t>(n));
          const std::span<std::uint8_t> o(out.mutable_data(), static_cast<std::size_t>(n));
          py::gil_scoped_release release;
          gin::deadwood_batch(in, o);
        }
        return out;
      },
      py::arg("masks"),
      "deadwood() of each hand in a 1-D array of uint64 card masks, as a uint8 array (a count above 255, possible "
      "only for sets of 30+ cards, saturates at 255). InvalidValueError names the first mask with a bit that is not "
      "a card. Releases the GIL.");
  m.def(
      "best_discard_batch",
      [](const MasksArg& masks) -> py::typing::Tuple<py::array_t<std::uint8_t>, py::array_t<std::uint8_t>> {
        auto arr = masks_array(masks);
        const auto n = arr.size();
        check_masks(arr.data(), n);
        py::array_t<std::uint8_t> dw(n), card(n);
        {
          const std::span<const std::uint64_t> in(arr.data(), static_cast<std::size_t>(n));
          const std::span<std::uint8_t> d(dw.mutable_data(), static_cast<std::size_t>(n));
          const std::span<std::uint8_t> c(card.mutable_data(), static_cast<std::size_t>(n));
          py::gil_scoped_release release;
          gin::best_discard_batch(in, d, c);
        }
        return py::reinterpret_steal<py::typing::Tuple<py::array_t<std::uint8_t>, py::array_t<std::uint8_t>>>(
            py::make_tuple(dw, card).release());
      },
      py::arg("masks"),
      "best_discard() of each hand in a 1-D array of uint64 card masks: (deadwood, card), two uint8 arrays: the "
      "minimum deadwood after the discard and the discard's dense card index (13*suit + rank - 1; same tie-break as "
      "best_discard; 255 for an empty hand). Releases the GIL.");

  m.attr("MELD_COUNT") = gin::kMeldCount;
}

}  // namespace

void register_gin(py::module_& m) {
  bind_meld(m);
  bind_melds(m);
  bind_deadwood(m);
}

}  // namespace parlour::bindings
