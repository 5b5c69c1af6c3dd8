// Bindings for parlour._core.cards: Card, Rank, Suit, Colour, CardSet, Rng and the
// NumPy batch conversions (glue only; the rules live in cpp/src/core).
#include <pybind11/native_enum.h>
#include <pybind11/operators.h>

#include <string>
#include <vector>

#include "../common.hpp"

namespace parlour::bindings {

using core::Card;
using core::CardSet;

namespace {

std::string card_repr(Card c) { return "Card('" + c.str() + "')"; }

// The other operand of a set operator: a CardSet or a Card, else None (NotImplemented).
std::optional<CardSet> operand(py::handle obj) {
  if (is_cardset(obj.ptr())) return CardSet::unchecked(reinterpret_cast<PyCardSet*>(obj.ptr())->mask);
  if (py::isinstance<Card>(obj)) return CardSet::of(obj.cast<Card>());
  return std::nullopt;
}

// Set operators return a CardSet, or NotImplemented for a foreign operand (so Python
// tries the other side and finally raises TypeError, as frozenset does).
using SetResult = py::typing::Union<CardSet>;
using Operand = py::typing::Union<Card, CardSet>;

template <class F>
SetResult binop(py::handle a, py::handle b, F f) {
  const auto x = operand(a);
  const auto y = operand(b);
  if (!x || !y) return py::reinterpret_borrow<SetResult>(Py_NotImplemented);
  return py::reinterpret_steal<SetResult>(py::cast(f(*x, *y)).release());
}

template <class Cls>
void def_set_operators(Cls& cls) {
  constexpr auto or_ = [](CardSet x, CardSet y) { return x | y; };
  constexpr auto and_ = [](CardSet x, CardSet y) { return x & y; };
  constexpr auto xor_ = [](CardSet x, CardSet y) { return x ^ y; };
  constexpr auto sub_ = [](CardSet x, CardSet y) { return x - y; };
  cls.def(
         "__or__", [or_](const py::object& a, const Operand& b) { return binop(a, b, or_); }, py::arg("other"),
         py::is_operator())
      .def(
          "__ror__", [or_](const py::object& a, const Operand& b) { return binop(b, a, or_); }, py::arg("other"),
          py::is_operator())
      .def(
          "__and__", [and_](const py::object& a, const Operand& b) { return binop(a, b, and_); }, py::arg("other"),
          py::is_operator())
      .def(
          "__rand__", [and_](const py::object& a, const Operand& b) { return binop(b, a, and_); }, py::arg("other"),
          py::is_operator())
      .def(
          "__xor__", [xor_](const py::object& a, const Operand& b) { return binop(a, b, xor_); }, py::arg("other"),
          py::is_operator())
      .def(
          "__rxor__", [xor_](const py::object& a, const Operand& b) { return binop(b, a, xor_); }, py::arg("other"),
          py::is_operator())
      .def(
          "__sub__", [sub_](const py::object& a, const Operand& b) { return binop(a, b, sub_); }, py::arg("other"),
          py::is_operator())
      .def(
          "__rsub__", [sub_](const py::object& a, const Operand& b) { return binop(b, a, sub_); }, py::arg("other"),
          py::is_operator());
}

void check_masks(const std::uint64_t* p, py::ssize_t n) {
  for (py::ssize_t i = 0; i < n; ++i) {
    if ((p[i] & ~core::kValidMask) != 0) {
      try {
        (void)CardSet::from_mask(p[i]);
      } catch (const core::InvalidValue& e) {
        throw core::InvalidValue("masks[" + std::to_string(i) + "]: " + e.what());
      }
    }
  }
}

// One shared Python object per card bit (entries for non-card bits stay null); the
// references are deliberately never released (52 small objects for the process).
std::array<PyObject*, 64> g_card_objects{};

}  // namespace

py::object card_object(Card c) {
  return py::reinterpret_borrow<py::object>(g_card_objects[static_cast<std::size_t>(c.bit())]);
}

py::list card_list(CardSet s) {
  py::list out(static_cast<std::size_t>(s.size()));
  std::size_t i = 0;
  for (Card c : s) {
    PyObject* o = g_card_objects[static_cast<std::size_t>(c.bit())];
    Py_INCREF(o);
    PyList_SET_ITEM(out.ptr(), static_cast<py::ssize_t>(i++), o);
  }
  return out;
}

namespace {

// Rank, Suit and Colour, with their members cached for fast returns.
void bind_enums(py::module_& m) {
  py::native_enum<core::Rank>(m, "Rank", "enum.IntEnum",
                              "A card rank, 1..13 with the Ace low (ACE=1, JACK=11, QUEEN=12, KING=13).")
      .value("ACE", core::Rank::Ace)
      .value("TWO", core::Rank::Two)
      .value("THREE", core::Rank::Three)
      .value("FOUR", core::Rank::Four)
      .value("FIVE", core::Rank::Five)
      .value("SIX", core::Rank::Six)
      .value("SEVEN", core::Rank::Seven)
      .value("EIGHT", core::Rank::Eight)
      .value("NINE", core::Rank::Nine)
      .value("TEN", core::Rank::Ten)
      .value("JACK", core::Rank::Jack)
      .value("QUEEN", core::Rank::Queen)
      .value("KING", core::Rank::King)
      .finalize();
  py::native_enum<core::Suit>(m, "Suit", "enum.IntEnum",
                              "A suit, numbered as the FreeCell crate numbers them: CLUB=0, SPADE=1, HEART=2, "
                              "DIAMOND=3 (foundations are indexed by suit).")
      .value("CLUB", core::Suit::Club)
      .value("SPADE", core::Suit::Spade)
      .value("HEART", core::Suit::Heart)
      .value("DIAMOND", core::Suit::Diamond)
      .finalize();
  py::native_enum<core::Colour>(m, "Colour", "enum.IntEnum",
                                "The colour of a suit: clubs and spades BLACK, "
                                "hearts and diamonds RED.")
      .value("BLACK", core::Colour::Black)
      .value("RED", core::Colour::Red)
      .finalize();
  m.def("colour_of", &core::colour_of, py::arg("suit"), "The colour of a suit (BLACK for clubs and spades).");

  cache_members<core::Rank>(m.attr("Rank"), 14);
  cache_members<core::Suit>(m.attr("Suit"), 4);
  cache_members<core::Colour>(m.attr("Colour"), 2);
}

// Card, and the shared Card objects card_object() hands out.
py::class_<Card> bind_card(py::module_& m) {
  py::class_<Card> card(m, "Card",
                        "One playing card: a rank (Ace low) and a suit; immutable, hashable, ordered by bit "
                        "(suit-major: clubs, spades, hearts, diamonds; then rank).\n\n"
                        "Card('As'), Card('10h'), Card('Jack of Diamonds') and Card(Rank.ACE, Suit.SPADE) all "
                        "build a card. Text 'As', 'Td', '7c' is canonical (str); unicode() gives 'A♠'. "
                        "The dense index is 13*suit + rank - 1 (0..51); the CardSet bit is 16*suit + rank.");
  card.def(py::init([](int rank, int suit) { return Card::make(rank, suit); }), py::arg("rank"), py::arg("suit"),
           "A card from a rank (Rank or 1..13) and a suit (Suit or 0..3); InvalidValueError outside those.")
      .def(py::init([](const std::string& text) { return Card::parse(text); }), py::arg("text"),
           "Parse a card: 'As', 'td', '10h', 'T♦' or 'Jack of Diamonds' (case-insensitive); NotationError otherwise.")
      .def_static(
          "parse", [](const std::string& text) { return Card::parse(text); }, py::arg("text"),
          "Parse a card: 'As', 'td', '10h', 'T♦' or 'Jack of Diamonds' (case-insensitive); NotationError "
          "otherwise.")
      .def_static("from_index", &Card::from_index, py::arg("index"),
                  "The card with dense index 13*suit + rank - 1 (0..51); InvalidValueError outside.")
      .def_static("from_bit", &Card::from_bit, py::arg("bit"),
                  "The card with CardSet bit 16*suit + rank; InvalidValueError for a bit that is not a card.")
      .def_property_readonly(
          "rank", [](Card c) { return Member<core::Rank>{static_cast<core::Rank>(c.rank())}; }, "The rank (Ace low).")
      .def_property_readonly(
          "suit", [](Card c) { return Member<core::Suit>{c.suit()}; }, "The suit.")
      .def_property_readonly(
          "colour", [](Card c) { return Member<core::Colour>{c.colour()}; }, "The colour of the suit.")
      .def_property_readonly("index", &Card::index, "The dense index 13*suit + rank - 1, in 0..51.")
      .def_property_readonly("bit", &Card::bit, "The CardSet bit 16*suit + rank.")
      .def_property_readonly("mask", &Card::mask, "1 << bit: the card as a one-card mask.")
      .def("unicode", &Card::unicode, "The card with a suit glyph, like 'A♠'.")
      .def("long_name", &Card::long_name, "The card in words, like 'Ace of Spades'.")
      .def("__str__", &Card::str)
      .def("__repr__", &card_repr)
      .def("__hash__", [](Card c) { return c.bit(); })
      .def(
          "__lt__", [](Card a, Card b) { return a < b; }, py::arg("other"), py::is_operator())
      .def(
          "__le__", [](Card a, Card b) { return a <= b; }, py::arg("other"), py::is_operator())
      .def(
          "__gt__", [](Card a, Card b) { return a > b; }, py::arg("other"), py::is_operator())
      .def(
          "__ge__", [](Card a, Card b) { return a >= b; }, py::arg("other"), py::is_operator())
      .def("__copy__", [](Card c) { return c; })
      .def(
          "__deepcopy__", [](Card c, const py::object&) { return c; }, py::arg("memo"))
      .def(py::pickle([](Card c) { return py::make_tuple(c.str()); },
                      [](const py::tuple& t) {
                        if (t.size() != 1 || !py::isinstance<py::str>(t[0]))
                          throw core::FormatError("a pickled Card is one card text, got " +
                                                  py::repr(t).cast<std::string>());
                        try {
                          return Card::parse(t[0].cast<std::string>());
                        } catch (const core::Error& e) {
                          throw core::FormatError(std::string("corrupt Card pickle: ") + e.what());
                        }
                      }));

  for (int i = 0; i < core::kDeckSize; ++i) {
    const Card c = Card::from_index_unchecked(i);
    g_card_objects[static_cast<std::size_t>(c.bit())] = py::cast(c).release().ptr();
  }
  return card;
}

// The batch conversions between card masks, card lists and dense (n, 52) arrays.
void bind_mask_functions(py::module_& m) {
  m.def(
      "masks_to_cards",
      [](const Arg<MaskArray>& masks) -> py::typing::List<py::typing::List<Card>> {
        auto arr = to_mask_array(masks);
        const auto n = arr.size();
        const std::uint64_t* p = arr.data();
        check_masks(p, n);
        py::list out(n);
        for (py::ssize_t i = 0; i < n; ++i) out[static_cast<std::size_t>(i)] = card_list(CardSet::unchecked(p[i]));
        return py::reinterpret_steal<py::typing::List<py::typing::List<Card>>>(out.release());
      },
      py::arg("masks"),
      "A list of card lists (bit order) from a 1-D array of uint64 masks; InvalidValueError names "
      "the first mask with a bit that is not a card.");
  m.def(
      "cards_to_masks",
      [](const py::typing::Iterable<CardsLike>& hands) {
        std::vector<std::uint64_t> v;
        for (py::handle h : hands) v.push_back(to_cardset(h).mask());
        py::array_t<std::uint64_t> out(static_cast<py::ssize_t>(v.size()));
        std::copy(v.begin(), v.end(), out.mutable_data());
        return out;
      },
      py::arg("hands"),
      "A 1-D uint64 array of masks from an iterable of card collections (each anything CardSet() "
      "accepts).");
  m.def(
      "masks_to_dense",
      [](const Arg<MaskArray>& masks) {
        auto arr = to_mask_array(masks);
        const auto n = arr.size();
        const std::uint64_t* p = arr.data();
        check_masks(p, n);
        py::array_t<bool> out({n, static_cast<py::ssize_t>(core::kDeckSize)});
        bool* q = out.mutable_data();
        for (py::ssize_t i = 0; i < n; ++i)
          for (int k = 0; k < core::kDeckSize; ++k)
            q[i * core::kDeckSize + k] = (p[i] >> Card::from_index_unchecked(k).bit()) & 1;
        return out;
      },
      py::arg("masks"), "An (n, 52) bool array, column = dense card index, from n uint64 masks.");
  m.def(
      "dense_to_masks",
      [](const Arg<py::array_t<bool>>& dense) {
        auto arr = py::array_t<bool, py::array::c_style | py::array::forcecast>::ensure(dense);
        if (!arr || arr.ndim() != 2 || arr.shape(1) != core::kDeckSize)
          throw core::InvalidValue(
              "expected an (n, 52) bool array, got " + type_name(dense) +
              (arr ? " of shape " + py::repr(py::getattr(dense, "shape", py::none())).cast<std::string>()
                   : std::string()));
        const auto n = arr.shape(0);
        const bool* q = arr.data();
        py::array_t<std::uint64_t> out(n);
        std::uint64_t* p = out.mutable_data();
        for (py::ssize_t i = 0; i < n; ++i) {
          std::uint64_t mask = 0;
          for (int k = 0; k < core::kDeckSize; ++k)
            if (q[i * core::kDeckSize + k]) mask |= Card::from_index_unchecked(k).mask();
          p[i] = mask;
        }
        return out;
      },
      py::arg("dense"), "n uint64 masks from an (n, 52) bool array (column = dense card index).");
}

}  // namespace

void register_cards(py::module_& m) {
  bind_enums(m);
  py::class_<Card> card = bind_card(m);
  register_cardset_type(m);
  def_set_operators(card);
  def_equality<Card>(card);
  bind_mask_functions(m);
}

void register_rng(py::module_& m) {
  py::class_<core::Rng>(m, "Rng",
                        "The engine's random generator: xoshiro256** seeded by SplitMix64, with the library's own "
                        "bounded integers (Lemire's method) and Fisher-Yates shuffle, so a seed gives the same "
                        "sequence on every platform. Every seeded function of the library accepts an int seed or "
                        "an Rng (which it then advances).")
      .def(py::init([](const py::typing::Union<py::int_>& seed) { return core::Rng(to_seed(seed)); }),
           py::arg("seed") = 0, "A generator seeded with an int in 0 .. 2**64 - 1.")
      .def_static(
          "from_state",
          [](const std::array<std::uint64_t, 4>& s) {
            core::Rng r;
            r.set_state(s);
            return r;
          },
          py::arg("state"), "A generator in a saved state (four 64-bit words, not all zero).")
      .def_property(
          "state", [](const core::Rng& r) { return r.state(); },
          [](core::Rng& r, const std::array<std::uint64_t, 4>& s) { r.set_state(s); },
          "The four 64-bit state words; assign a saved tuple to restore it.")
      .def("next_u64", &core::Rng::next, "The next raw 64-bit output.")
      .def(
          "below",
          [](core::Rng& r, std::uint64_t n) {
            if (n == 0) throw core::InvalidValue("below(n) needs n >= 1, got 0");
            return r.below(n);
          },
          py::arg("n"), "A uniform integer in [0, n).")
      .def("random", &core::Rng::uniform01, "A uniform float in [0, 1) with 53 random bits.")
      .def(
          "shuffle",
          [](core::Rng& r, py::list& items) {
            const auto n = items.size();
            for (std::size_t i = n; i > 1; --i) {
              const auto j = static_cast<std::size_t>(r.below(i));
              py::object tmp = items[i - 1];
              items[i - 1] = items[j];
              items[j] = tmp;
            }
          },
          py::arg("items"), "Shuffle a list in place (Fisher-Yates from the back).")
      .def(
          "shuffled_deck",
          [](core::Rng& r) {
            py::list out;
            for (Card c : core::shuffled_deck(r)) out.append(card_object(c));
            return py::typing::List<Card>(out);
          },
          "The 52 cards in index order, shuffled; the deck deals from the front.")
      .def("jump", &core::Rng::jump, "Advance by 2**128 outputs: a stream independent of the current one.")
      .def("__copy__", [](const core::Rng& r) { return r; })
      .def(
          "__deepcopy__", [](const core::Rng& r, const py::object&) { return r; }, py::arg("memo"))
      .def(
          "__eq__",
          [](const core::Rng& a, const py::object& b) -> py::object {
            if (!py::isinstance<core::Rng>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
            return py::bool_(a.state() == b.cast<const core::Rng&>().state());
          },
          py::arg("other"), py::is_operator())
      .def("__repr__",
           [](const core::Rng& r) {
             const auto& s = r.state();
             char buf[160];
             std::snprintf(buf, sizeof buf, "Rng.from_state((0x%016llx, 0x%016llx, 0x%016llx, 0x%016llx))",
                           static_cast<unsigned long long>(s[0]), static_cast<unsigned long long>(s[1]),
                           static_cast<unsigned long long>(s[2]), static_cast<unsigned long long>(s[3]));
             return std::string(buf);
           })
      .def(py::pickle([](const core::Rng& r) { return py::make_tuple(r.state()); },
                      [](const py::tuple& t) {
                        core::Rng r;
                        try {
                          if (t.size() != 1) throw core::FormatError("bad tuple size");
                          r.set_state(t[0].cast<std::array<std::uint64_t, 4>>());
                        } catch (const std::exception& e) {
                          throw core::FormatError(std::string("corrupt Rng pickle: ") + e.what());
                        }
                        return r;
                      }));
  m.def(
      "shuffled_deck",
      [](const SeedLike& seed) {
        core::Rng local;
        py::list out;
        for (Card c : core::shuffled_deck(*rng_from(seed, local))) out.append(card_object(c));
        return py::typing::List<Card>(out);
      },
      py::arg("seed"), "The 52 cards shuffled by the engine's generator from a seed (or an Rng).");
}

}  // namespace parlour::bindings
