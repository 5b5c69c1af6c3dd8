// Bindings for parlour._core.freecell (glue only; the rules live in cpp/src/freecell).
// Why one file: it binds the position's value types in one pass per class
// (bind_foundations, bind_cells_and_cascades, bind_move, bind_game_state), most of its
// length their docstrings; the solver is bound in solver.cpp, the Game in game.cpp.
#include <pybind11/functional.h>
#include <pybind11/native_enum.h>

#include <cmath>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "../common.hpp"
#include "../protocol.hpp"
#include "freecell.hpp"
#include "parlour/freecell/solver.hpp"
#include "parlour/freecell/state.hpp"

namespace parlour::bindings {

namespace fc = parlour::freecell;
using core::Card;

namespace {

std::string card_repr(const std::optional<Card>& c) { return c ? "Card('" + c->str() + "')" : "None"; }

std::string py_text(const std::string& s) { return py::repr(py::str(s)).cast<std::string>(); }

std::optional<Card> opt_card(const py::handle& obj) {
  if (obj.is_none()) return std::nullopt;
  return to_card(obj);
}

fc::Move to_move(const py::handle& obj) {
  if (py::isinstance<fc::Move>(obj)) return obj.cast<fc::Move>();
  if (py::isinstance<py::str>(obj)) return fc::Move::parse(to_text(obj, "move text"));
  throw core::WrongType("expected a Move or move text like '3a', got " + type_name(obj) + " " + quoted_repr(obj));
}

fc::Cascade to_cascade(const py::handle& obj) {
  if (py::isinstance<fc::Cascade>(obj)) return obj.cast<fc::Cascade>();
  std::vector<Card> v;
  const auto add = [&v](Card c) {  // one deck: no cascade holds more (checked before reading on)
    if (v.size() == static_cast<std::size_t>(core::kDeckSize))
      throw core::InvalidValue("a cascade holds at most 52 cards, got more");
    v.push_back(c);
  };
  if (py::isinstance<py::str>(obj)) {
    std::string text = to_text(obj, "cascade text");
    std::string tok;
    for (char ch : text + " ") {
      if (ch == ' ' || ch == ',') {
        if (!tok.empty()) add(Card::parse(tok)), tok.clear();
      } else {
        tok += ch;
      }
    }
    return fc::Cascade(std::move(v));
  }
  if (!py::isinstance<py::iterable>(obj))
    throw core::WrongType("expected a Cascade, card text or an iterable of cards, got " + type_name(obj));
  for_each_item(obj, "cascade", [&](py::handle item) { add(to_card(item)); });
  return fc::Cascade(std::move(v));
}

fc::Cascades to_cascades(const py::handle& obj) {
  if (!py::isinstance<py::iterable>(obj) || py::isinstance<py::str>(obj))
    throw core::WrongType("expected eight cascades, got " + type_name(obj));
  fc::Cascades out;
  int n = 0;
  for_each_item(obj, "cascades", [&](py::handle item) {
    if (n == fc::kCascades) throw core::InvalidValue("a FreeCell position has eight cascades, got more");
    out[n++] = to_cascade(item);
  });
  if (n != fc::kCascades) throw core::InvalidValue("a FreeCell position has eight cascades, got " + std::to_string(n));
  return out;
}

fc::Freecells to_freecells(const py::handle& obj) {
  if (py::isinstance<fc::Freecells>(obj)) return obj.cast<fc::Freecells>();
  if (!py::isinstance<py::iterable>(obj) || py::isinstance<py::str>(obj))
    throw core::WrongType("expected Freecells or up to four cards/None, got " + type_name(obj));
  std::array<std::optional<Card>, 4> cells{};
  int n = 0;
  for_each_item(obj, "free cells", [&](py::handle item) {
    if (n == 4) throw core::InvalidValue("there are only four free cells");
    cells[n++] = opt_card(item);
  });
  return fc::Freecells(cells);
}

fc::Foundations to_foundations(const py::handle& obj) {
  if (py::isinstance<fc::Foundations>(obj)) return obj.cast<fc::Foundations>();
  if (!py::isinstance<py::iterable>(obj) || py::isinstance<py::str>(obj))
    throw core::WrongType("expected Foundations or four pile heights, got " + type_name(obj));
  std::array<int, 4> h{};
  int n = 0;
  for_each_item(obj, "foundations", [&](py::handle item) {
    if (n == 4) throw core::InvalidValue("there are four foundations");
    h[n++] = static_cast<int>(to_int(item, "a foundation height", 0, 13));
  });
  if (n != 4) throw core::InvalidValue("there are four foundations, got " + std::to_string(n) + " heights");
  return fc::Foundations(h);
}

std::string position_repr(const fc::Position& p) {
  switch (p.kind) {
    case fc::PositionKind::Cascade: return "Position.cascade(" + std::to_string(p.index) + ")";
    case fc::PositionKind::Freecell: return "Position.freecell(" + std::to_string(p.index) + ")";
    case fc::PositionKind::Foundation: break;
  }
  return "Position.foundation()";
}

std::string move_repr(const fc::Move& m) {
  std::string out = "Move.parse('" + m.notation() + "'";
  if (m.card) out += ", card='" + m.card->str() + "'";
  if (m.count == 0) out += ", count=0";
  return out + ")";
}

fc::Move parse_move(const std::string& text, const py::object& card, const OptArg<py::int_>& count) {
  fc::Move m = fc::Move::parse(text);
  m.card = opt_card(card);
  // 0: as many cards as fit (what "12" parses to); a sequence is at most the 13 cards of a suit.
  if (!count.is_none()) m.count = static_cast<int>(to_int(count, "count", 0, 13));
  return m;
}

// Value semantics for Python: == and != (NotImplemented for other types, via
// common.hpp), copy and deepcopy.
template <class T, class Cls>
void def_value(Cls& cls) {
  def_equality<T>(cls);
  cls.def("__copy__", [](const T& a) { return a; })
      .def("__deepcopy__", [](const T& a, const py::object&) { return a; }, py::arg("memo"));
}

}  // namespace

std::uint64_t to_deal(py::handle obj) {
  if (py::isinstance<py::bool_>(obj) || !py::isinstance<py::int_>(obj))
    throw core::WrongType("a deal number is an int, got " + type_name(obj));
  const auto v = py::reinterpret_borrow<py::int_>(obj);
  if (v < py::int_(1) || v >= py::int_(std::uint64_t{1} << 33))
    throw core::InvalidValue("a Microsoft deal number is 1 .. 2**33 - 1, got " + py::str(v).cast<std::string>());
  return v.cast<std::uint64_t>();
}

namespace {

void bind_foundations(py::module_& m) {
  m.attr("NUM_ACTIONS") = fc::kNumActions;

  py::native_enum<fc::PositionKind>(m, "PositionKind", "enum.IntEnum",
                                    "What a Position names: a CASCADE, a FREECELL or the FOUNDATION(s).")
      .value("CASCADE", fc::PositionKind::Cascade)
      .value("FREECELL", fc::PositionKind::Freecell)
      .value("FOUNDATION", fc::PositionKind::Foundation)
      .finalize();
  cache_members<fc::PositionKind>(m.attr("PositionKind"), 3);
  py::native_enum<fc::Verdict>(m, "Verdict", "enum.IntEnum",
                               "The outcome of a search: SOLVED, UNSOLVABLE (proved by exhausting the space) or "
                               "UNKNOWN (a limit stopped it).")
      .value("SOLVED", fc::Verdict::Solved)
      .value("UNSOLVABLE", fc::Verdict::Unsolvable)
      .value("UNKNOWN", fc::Verdict::Unknown)
      .finalize();

  // ---------------------------------------------------------------- Foundation
  py::class_<fc::Foundation> foundation(
      m, "Foundation",
      "One suit's foundation pile, Ace up to King (a CardCollection): add_card takes the Ace on an empty pile or "
      "the next rank of the suit, else raises IllegalMove; pop_card() is always empty (cards never leave).");
  foundation
      .def(py::init([](core::Suit s, int height) { return fc::Foundation(s, height); }), py::arg("suit"),
           py::arg("height") = 0, "The pile of `suit` holding Ace..`height` (0..13).")
      .def_property_readonly("suit", &fc::Foundation::suit, "The suit of the pile.")
      .def_property_readonly("height", &fc::Foundation::height, "How many cards the pile holds (0..13).")
      .def_property_readonly("top", &fc::Foundation::top, "The top card, or None when empty.")
      .def("cards", &fc::Foundation::cards, "The cards, Ace first.")
      .def(
          "accepts", [](const fc::Foundation& f, const CardLike& c) { return f.accepts(to_card(c)); }, py::arg("card"),
          "Whether add_card(card) would succeed.")
      .def(
          "add_card", [](const fc::Foundation& f, const CardLike& c) { return f.add_card(to_card(c)); },
          py::arg("card"), "A new pile with the card on top; IllegalMove unless it is the next card of the suit.")
      .def("pop_card", &fc::Foundation::pop_card, "Always empty: cards never leave a foundation.")
      .def_property_readonly("is_complete", &fc::Foundation::is_complete, "Whether the pile holds Ace to King.")
      .def("__len__", &fc::Foundation::height, "The number of cards.")
      .def("__hash__",
           [](const fc::Foundation& f) { return py::hash(py::make_tuple(static_cast<int>(f.suit()), f.height())); })
      .def("__repr__",
           [](const fc::Foundation& f) {
             static constexpr const char* names[4] = {"CLUB", "SPADE", "HEART", "DIAMOND"};
             return "Foundation(Suit." + std::string(names[static_cast<int>(f.suit())]) + ", " +
                    std::to_string(f.height()) + ")";
           })
      .def("__str__", [](const fc::Foundation& f) { return f.top() ? f.top()->str() : std::string("--"); })
      .def(py::pickle([](const fc::Foundation& f) { return py::make_tuple(static_cast<int>(f.suit()), f.height()); },
                      [](const py::tuple& t) {
                        if (t.size() != 2) throw core::FormatError("a pickled Foundation is (suit, height)");
                        return fc::Foundation(static_cast<core::Suit>(t[0].cast<int>()), t[1].cast<int>());
                      }));
  def_value<fc::Foundation>(foundation);

  // ---------------------------------------------------------------- Foundations
  py::class_<fc::Foundations> foundations(
      m, "Foundations",
      "The four foundations indexed by suit (foundations[Suit.SPADE] holds only spades), a CardCollection: "
      "add_card puts a card on its suit's pile when it is the next rank, else raises IllegalMove; pop_card() is "
      "always empty.");
  foundations
      .def(py::init([](const py::object& heights) {
             return heights.is_none() ? fc::Foundations() : to_foundations(heights);
           }),
           py::arg("heights") = py::none(),
           "Empty foundations, or piles of the given heights (clubs, spades, hearts, diamonds).")
      .def("foundation", &fc::Foundations::foundation, py::arg("suit"), "The pile of one suit.")
      .def(
          "__getitem__",
          [](const fc::Foundations& f, int s) {
            if (s < 0 || s > 3) throw py::index_error("foundations are indexed by suit 0..3");
            return f.foundation(static_cast<core::Suit>(s));
          },
          py::arg("suit"), "The pile of one suit (foundations[Suit.SPADE]).")
      .def_property_readonly(
          "heights",
          [](const fc::Foundations& f) {
            const auto& h = f.heights();
            return py::make_tuple(h[0], h[1], h[2], h[3]);
          },
          "The heights of the four piles, by suit.")
      .def(
          "accepts", [](const fc::Foundations& f, const CardLike& c) { return f.accepts(to_card(c)); }, py::arg("card"),
          "Whether add_card(card) would succeed.")
      .def(
          "add_card", [](const fc::Foundations& f, const CardLike& c) { return f.add_card(to_card(c)); },
          py::arg("card"), "New foundations with the card on its suit's pile; IllegalMove unless it is the next rank.")
      .def("pop_card", &fc::Foundations::pop_card, "Always empty: cards never leave the foundations.")
      .def(
          "__contains__", [](const fc::Foundations& f, const CardLike& c) { return f.contains(to_card(c)); },
          py::arg("card"), "Whether the card is on its foundation.")
      .def_property_readonly("is_complete", &fc::Foundations::is_complete, "Whether all four piles reach the King.")
      .def("__len__", &fc::Foundations::size, "The number of cards on the foundations.")
      .def("__hash__",
           [](const fc::Foundations& f) {
             const auto& h = f.heights();
             return py::hash(py::make_tuple(h[0], h[1], h[2], h[3]));
           })
      .def("__repr__",
           [](const fc::Foundations& f) {
             const auto& h = f.heights();
             return "Foundations((" + std::to_string(h[0]) + ", " + std::to_string(h[1]) + ", " + std::to_string(h[2]) +
                    ", " + std::to_string(h[3]) + "))";
           })
      .def("__str__", &fc::Foundations::str)
      .def(py::pickle(
          [](const fc::Foundations& f) {
            const auto& h = f.heights();
            return py::make_tuple(h[0], h[1], h[2], h[3]);
          },
          [](const py::tuple& t) {
            if (t.size() != 4) throw core::FormatError("a pickled Foundations is four heights");
            return fc::Foundations({t[0].cast<int>(), t[1].cast<int>(), t[2].cast<int>(), t[3].cast<int>()});
          }));
  def_value<fc::Foundations>(foundations);
}

void bind_cells_and_cascades(py::module_& m) {
  // ---------------------------------------------------------------- Freecells
  py::class_<fc::Freecells> freecells(
      m, "Freecells",
      "Four free cells, each empty (None) or holding one card, a CardCollection: add_card puts the card in the "
      "first empty cell, IllegalMove when all four are full; pop_card() gives one (remaining, card) per card.");
  freecells
      .def(py::init([](const py::object& cells) { return cells.is_none() ? fc::Freecells() : to_freecells(cells); }),
           py::arg("cells") = py::none(), "Empty cells, or up to four cards / None (InvalidPosition for a card twice).")
      .def(
          "__getitem__",
          [](const fc::Freecells& f, int i) {
            if (i < 0 || i > 3) throw py::index_error("free cells are 0..3");
            return f[i];
          },
          py::arg("index"), "The card in cell `index` (0..3), or None.")
      .def(
          "__len__", [](const fc::Freecells&) { return 4; }, "Always 4 (the number of cells).")
      .def(
          "__iter__",
          [](const fc::Freecells& f) {
            py::list out;
            for (const auto& c : f.cells()) out.append(c ? py::cast(*c) : py::none());
            return py::iter(out);
          },
          "The four cells, None when empty.")
      .def("cards", &fc::Freecells::cards, "The cards held, in cell order.")
      .def_property_readonly("count", &fc::Freecells::count, "How many cells hold a card.")
      .def_property_readonly("empty_count", &fc::Freecells::empty_count, "How many cells are empty.")
      .def(
          "add_card", [](const fc::Freecells& f, const CardLike& c) { return f.add_card(to_card(c)); }, py::arg("card"),
          "New cells with the card in the first empty one; IllegalMove when all four are full.")
      .def("pop_card", &fc::Freecells::pop_card, "Every (remaining cells, card): one per card held.")
      .def("__hash__", [](const fc::Freecells& f) { return py::hash(py::str(f.str())); })
      .def("__repr__",
           [](const fc::Freecells& f) {
             std::string out = "Freecells([";
             for (int i = 0; i < 4; ++i) {
               if (i) out += ", ";
               out += card_repr(f[i]);
             }
             return out + "])";
           })
      .def("__str__", &fc::Freecells::str)
      .def(py::pickle([](const fc::Freecells& f) { return py::make_tuple(f.str()); },
                      [](const py::tuple& t) {
                        if (t.size() != 1) throw core::FormatError("a pickled Freecells is one text");
                        std::array<std::optional<Card>, 4> cells{};
                        std::string s = t[0].cast<std::string>() + " ", tok;
                        int i = 0;
                        for (char ch : s) {
                          if (ch != ' ') {
                            tok += ch;
                            continue;
                          }
                          if (tok.empty()) continue;
                          if (i == 4) throw core::FormatError("corrupt Freecells pickle");
                          if (tok != "--") cells[i] = Card::parse(tok);
                          ++i;
                          tok.clear();
                        }
                        return fc::Freecells(cells);
                      }));
  def_value<fc::Freecells>(freecells);

  // ---------------------------------------------------------------- Cascade
  py::class_<fc::Cascade> cascade(
      m, "Cascade",
      "A cascade, bottom card first, a CardCollection: add_card takes any card on an empty cascade (Aces "
      "included), else one rank below the top card in the other colour, else raises IllegalMove; pop_card() gives "
      "the (rest, top card), or nothing when empty.");
  cascade
      .def(py::init([](const py::object& cards) { return cards.is_none() ? fc::Cascade() : to_cascade(cards); }),
           py::arg("cards") = py::none(), "A cascade of cards (Cards, text, or 'Jd Kd 2s'), bottom first.")
      .def_property_readonly("cards", &fc::Cascade::cards, "The cards, bottom first.")
      .def_property_readonly("top", &fc::Cascade::top, "The top (free) card, or None when empty.")
      .def(
          "accepts", [](const fc::Cascade& c, const CardLike& card) { return c.accepts(to_card(card)); },
          py::arg("card"), "Whether add_card(card) would succeed.")
      .def(
          "add_card", [](const fc::Cascade& c, const CardLike& card) { return c.add_card(to_card(card)); },
          py::arg("card"), "A new cascade with the card on top; IllegalMove unless the rules allow it.")
      .def("pop_card", &fc::Cascade::pop_card, "[(the rest, the top card)], or [] when empty.")
      .def("run_length", &fc::Cascade::run_length,
           "The length of the alternating-colour descending sequence at the top (0 when empty).")
      .def("__len__", &fc::Cascade::size, "The number of cards.")
      .def(
          "__iter__", [](const fc::Cascade& c) { return py::iter(py::cast(c.cards())); }, "The cards, bottom first.")
      .def(
          "__getitem__",
          [](const fc::Cascade& c, long i) {
            const long n = c.size();
            if (i < 0) i += n;
            if (i < 0 || i >= n) throw py::index_error("cascade index out of range");
            return c.cards()[static_cast<std::size_t>(i)];
          },
          py::arg("index"), "The card at `index` (0 is the bottom, -1 the top).")
      .def("__hash__", [](const fc::Cascade& c) { return py::hash(py::str(c.str())); })
      .def("__repr__", [](const fc::Cascade& c) { return "Cascade('" + c.str() + "')"; })
      .def("__str__", &fc::Cascade::str)
      .def(py::pickle([](const fc::Cascade& c) { return py::make_tuple(c.str()); },
                      [](const py::tuple& t) {
                        if (t.size() != 1) throw core::FormatError("a pickled Cascade is one text");
                        return to_cascade(t[0]);
                      }));
  def_value<fc::Cascade>(cascade);

  // ---------------------------------------------------------------- Position, Move
  py::class_<fc::Position> position(m, "Position",
                                    "Where a card is or goes: a cascade (0-based, shown 1-based), a free cell "
                                    "(0-based, shown a-d) or the foundations (shown h).");
  position.def_static("cascade", &fc::Position::cascade, py::arg("index"), "Cascade `index` (0..7).")
      .def_static("freecell", &fc::Position::freecell, py::arg("index"), "Free cell `index` (0..3).")
      .def_static("foundation", &fc::Position::foundation, "The foundations.")
      .def_property_readonly(
          "kind", [](const fc::Position& p) { return Member<fc::PositionKind>{p.kind}; },
          "CASCADE, FREECELL or FOUNDATION.")
      .def_property_readonly(
          "index", [](const fc::Position& p) { return p.index; }, "The cascade or cell index (0 for the foundations).")
      .def_property_readonly("notation", &fc::Position::notation, "'1'..'8', 'a'..'d' or 'h'.")
      .def("__hash__",
           [](const fc::Position& p) { return py::hash(py::make_tuple(static_cast<int>(p.kind), p.index)); })
      .def("__repr__", &position_repr)
      .def("__str__", &fc::Position::str)
      .def(py::pickle([](const fc::Position& p) { return py::make_tuple(static_cast<int>(p.kind), p.index); },
                      [](const py::tuple& t) {
                        if (t.size() != 2) throw core::FormatError("a pickled Position is (kind, index)");
                        const int k = t[0].cast<int>(), i = t[1].cast<int>();
                        if (k == 0) return fc::Position::cascade(i);
                        if (k == 1) return fc::Position::freecell(i);
                        if (k == 2) return fc::Position::foundation();
                        throw core::FormatError("corrupt Position pickle");
                      }));
  def_value<fc::Position>(position);
}

void bind_move(py::module_& m) {
  py::class_<fc::Move> move(
      m, "Move",
      "One move: `count` cards (a sequence when count > 1) whose deepest card is `card`, from one Position to "
      "another.  str() is standard notation ('3a', '8h', 'a5', '12v5'); Move.parse reads it.  A parsed move may "
      "have card None and count 0 ('as many as fit'); GameState.resolve fills them in.");
  move.def(py::init([](const py::object& card, fc::Position from, fc::Position to, int count) {
             if (count < 0 || count > 13)
               throw core::InvalidValue("a move takes 0..13 cards, got " + std::to_string(count));
             return fc::Move{opt_card(card), from, to, count};
           }),
           py::arg("card"), py::arg("from_"), py::arg("to"), py::arg("count") = 1,
           "A move of `card` (and the cards above it when count > 1) from `from_` to `to`; card may be None.")
      .def_static("parse", &parse_move, py::arg("text"), py::arg("card") = py::none(), py::arg("count") = py::none(),
                  "Parse standard notation ('3a', '8h', 'a5', '12', '12v5'); NotationError otherwise.  `card` and "
                  "`count` (when given: 0 .. 13 cards, 0 for as many as fit) override the parsed values.")
      .def_static(
          "from_id",
          [](const Arg<py::int_>& id) {
            return fc::Move::from_action_id(static_cast<int>(to_int(id, "an action id", 0, fc::kNumActions - 1)));
          },
          py::arg("id"), "The move with this action id (0..NUM_ACTIONS-1); InvalidValueError otherwise.")
      .def_static(
          "from_action_id",
          [](const Arg<py::int_>& id) {
            deprecated("Move.from_action_id is deprecated: use Move.from_id");
            return fc::Move::from_action_id(static_cast<int>(to_int(id, "an action id", 0, fc::kNumActions - 1)));
          },
          py::arg("action_id"), "Deprecated: Move.from_id.")
      .def_property_readonly(
          "card", [](const fc::Move& mv) { return mv.card; }, "The (deepest) moved card, or None.")
      .def_property_readonly(
          "from_", [](const fc::Move& mv) { return mv.from; }, "Where the cards come from.")
      .def_property_readonly(
          "to", [](const fc::Move& mv) { return mv.to; }, "Where they go.")
      .def_property_readonly(
          "count", [](const fc::Move& mv) { return mv.count; },
          "How many cards (0: as many as fit, resolved by GameState).")
      .def_property_readonly("notation", &fc::Move::notation,
                             "Standard notation; a sequence always carries 'v<count>' here (GameState.notation "
                             "gives the short form).")
      .def_property_readonly("id", &fc::Move::action_id,
                             "The action id: singles src*13+dst (0..155), sequences 156+(src*8+dst)*12+count-2.")
      .def_property_readonly(
          "action_id",
          [](const fc::Move& mv) {
            deprecated("Move.action_id is deprecated: use Move.id");
            return mv.action_id();
          },
          "Deprecated: Move.id.")
      .def("__hash__",
           [](const fc::Move& mv) {
             return py::hash(py::make_tuple(mv.card ? mv.card->bit() : 0, mv.notation(), mv.count));
           })
      .def("__repr__", &move_repr)
      .def("__str__", &fc::Move::notation)
      .def(py::pickle(
          [](const fc::Move& mv) {
            return py::make_tuple(mv.notation(), mv.card ? py::cast(mv.card->str()) : py::none(), mv.count);
          },
          [](const py::tuple& t) {
            if (t.size() != 3 || !py::isinstance<py::str>(t[0]))
              throw core::FormatError("a pickled Move is (notation, card, count)");
            try {
              return parse_move(to_text(t[0], "notation"), t[1], py::reinterpret_borrow<OptArg<py::int_>>(t[2]));
            } catch (const core::Error& e) { throw core::FormatError(std::string("corrupt Move pickle: ") + e.what()); }
          }));
  def_value<fc::Move>(move);
}

void bind_game_state(py::module_& m) {
  // ---------------------------------------------------------------- GameState
  py::class_<fc::GameState> state(
      m, "GameState",
      "A FreeCell position: eight cascades, the foundations and four free cells; an immutable value.  "
      "apply(move) returns the next position; legal_moves() lists (next position, move) for every legal "
      "single-card move (supermoves=True adds sequence moves).");
  state
      .def(py::init([](const py::object& cascades, const py::object& found, const py::object& cells, bool check) {
             fc::GameState g(to_cascades(cascades), found.is_none() ? fc::Foundations() : to_foundations(found),
                             cells.is_none() ? fc::Freecells() : to_freecells(cells));
             if (check) g.validate();
             return g;
           }),
           py::arg("cascades"), py::arg("foundations") = py::none(), py::arg("freecells") = py::none(),
           py::arg("validate") = true,
           "A position from eight cascades (Cascade, text or card lists), Foundations and Freecells.  "
           "InvalidPosition for a card twice, and (when validate) unless all 52 cards are present.")
      .def_static(
          "from_ms_deal", [](const py::int_& number) { return fc::GameState::from_ms_deal(to_deal(number)); },
          py::arg("number"),
          "Microsoft deal `number` (1 .. 2**33-1: Windows' 1..32000 and 1..1,000,000, extended above 2**31 "
          "as FreeCell Pro and PySol do); InvalidValueError otherwise.")
      .def_static("parse", &fc::GameState::parse, py::arg("text"), py::arg("validate") = true,
                  "Read the freecell crate's text format ('foundations:', eight 'cascade:' lines, 'freecells:'); "
                  "NotationError for malformed text, InvalidPosition for a card twice or (validate) missing.")
      .def_static("parse_board", &fc::GameState::parse_board, py::arg("text"), py::arg("validate") = true,
                  "Read the common solver board format (fc-solve / PySol: 'Foundations: H-5 C-A S-0 D-K', "
                  "'Freecells: 3H - QC -', one line per cascade, bottom first, optional ':').")
      .def_property_readonly(
          "cascades",
          [](const fc::GameState& g) {
            py::list out;
            for (const auto& c : g.cascades()) out.append(c);
            return py::tuple(out);
          },
          "The eight cascades (a tuple of Cascade).")
      .def_property_readonly("foundations", &fc::GameState::foundations, "The foundations.")
      .def_property_readonly("freecells", &fc::GameState::freecells, "The free cells.")
      .def_property_readonly("empty_cascades", &fc::GameState::empty_cascades, "How many cascades are empty.")
      .def("supermove_limit", &fc::GameState::supermove_limit, py::arg("to_empty") = false,
           "The longest sequence that may move now: (empty cells + 1) * 2**(empty cascades, not the target).")
      .def(
          "resolve", [](const fc::GameState& g, const py::object& mv) { return g.resolve(to_move(mv)); },
          py::arg("move"), "The legal form of a move here (card and count filled in), or None when illegal.")
      .def(
          "why_illegal",
          [](const fc::GameState& g, const py::object& mv) -> std::optional<std::string> {
            std::string why;
            if (g.resolve(to_move(mv), &why)) return std::nullopt;
            return why;
          },
          py::arg("move"), "The reason a move is illegal here, or None when it is legal.")
      .def(
          "allows_move", [](const fc::GameState& g, const py::object& mv) { return g.allows_move(to_move(mv)); },
          py::arg("move"), "Whether the move (a Move or notation) is legal here; moves that change nothing are not.")
      .def(
          "apply", [](const fc::GameState& g, const py::object& mv) { return g.apply(to_move(mv)); }, py::arg("move"),
          "The position after the move (a Move or notation); IllegalMove naming the move and the reason otherwise.")
      .def("legal_moves", &fc::GameState::legal_moves, py::arg("supermoves") = false,
           "Every legal (next position, move): single-card moves (to the first empty free cell only), plus "
           "sequence moves within the supermove limit when supermoves is true.")
      .def("legal_move_list", &fc::GameState::legal_move_list, py::arg("supermoves") = false,
           "The moves of legal_moves() without the positions.")
      .def(
          "notation",
          [](const fc::GameState& g, const py::object& mv) {
            std::string why;
            const auto r = g.resolve(to_move(mv), &why);
            if (!r) fc::throw_illegal("illegal move " + core::quote(to_move(mv).notation()) + ": " + why);
            return g.notation(*r);
          },
          py::arg("move"), "Standard notation of a legal move here ('12' onto a card, '12v5' onto an empty cascade).")
      .def_property_readonly("is_solved", &fc::GameState::is_solved, "Whether all 52 cards are on the foundations.")
      .def("validate", &fc::GameState::validate,
           "Raise InvalidPosition unless each of the 52 cards is here exactly once (foundations are in order by "
           "construction).")
      .def(
          "to_arrays",
          [](const fc::GameState& g, int max_height) {
            if (max_height < 1)
              throw core::InvalidValue("max_height must be at least 1, got " + std::to_string(max_height));
            py::array_t<std::int8_t> cascades({py::ssize_t{8}, static_cast<py::ssize_t>(max_height)});
            py::array_t<std::int8_t> cells(py::ssize_t{4}), found(py::ssize_t{4});
            std::int8_t* c = cascades.mutable_data();
            std::fill(c, c + 8 * max_height, std::int8_t{0});
            for (int i = 0; i < 8; ++i) {
              const auto& cards = g.cascades()[static_cast<std::size_t>(i)].cards();
              if (static_cast<int>(cards.size()) > max_height)
                throw core::InvalidValue("cascade " + std::to_string(i + 1) + " holds " + std::to_string(cards.size()) +
                                         " cards, more than " + std::to_string(max_height));
              for (std::size_t j = 0; j < cards.size(); ++j)
                c[static_cast<std::size_t>(i * max_height) + j] = static_cast<std::int8_t>(cards[j].index() + 1);
            }
            for (int i = 0; i < 4; ++i) {
              const auto cell = g.freecells()[i];
              cells.mutable_data()[i] = static_cast<std::int8_t>(cell ? cell->index() + 1 : 0);
              found.mutable_data()[i] =
                  static_cast<std::int8_t>(g.foundations().heights()[static_cast<std::size_t>(i)]);
            }
            using Int8Array = py::array_t<std::int8_t>;
            return py::reinterpret_steal<py::typing::Tuple<Int8Array, Int8Array, Int8Array>>(
                py::make_tuple(cascades, cells, found).release());
          },
          py::arg("max_height") = 19,
          "The position as int8 arrays for learning code: cascades (8, max_height) holding card index + 1 "
          "bottom first and 0 below nothing, free cells (4,) the same, foundation heights (4,) by suit; "
          "InvalidValueError when a cascade is taller than max_height (19 is the most a game from a deal reaches).")
      .def_property_readonly(
          "canonical_key", [](const fc::GameState& g) { return py::bytes(g.canonical_key()); },
          "52 bytes, equal for positions that differ only in the order of cascades or free cells.")
      .def(
          "locate", [](const fc::GameState& g, const CardLike& c) { return g.locate(to_card(c)); }, py::arg("card"),
          "Where the card is (a Position), or None.")
      .def("to_text", &fc::GameState::to_text, "The freecell crate's text format (GameState.parse reads it back).")
      .def("to_board", &fc::GameState::to_board,
           "The common solver board format (GameState.parse_board reads it back).")
      .def("pretty", &fc::GameState::pretty, py::arg("unicode") = true, "A picture of the table for people.")
      .def("__hash__", [](const fc::GameState& g) { return py::hash(py::str(g.to_text())); })
      .def("__repr__", [](const fc::GameState& g) { return "GameState.parse(" + py_text(g.to_text()) + ")"; })
      .def("__str__", [](const fc::GameState& g) { return g.pretty(true); })
      .def(py::pickle([](const fc::GameState& g) { return py::make_tuple(g.to_text()); },
                      [](const py::tuple& t) {
                        if (t.size() != 1 || !py::isinstance<py::str>(t[0]))
                          throw core::FormatError("a pickled GameState is one text");
                        try {
                          return fc::GameState::parse(t[0].cast<std::string>(), false);
                        } catch (const core::Error& e) {
                          throw core::FormatError(std::string("corrupt GameState pickle: ") + e.what());
                        }
                      }));
  def_value<fc::GameState>(state);
}

}  // namespace

void register_freecell(py::module_& m) {
  bind_foundations(m);
  bind_cells_and_cascades(m);
  bind_move(m);
  bind_game_state(m);
}

}  // namespace parlour::bindings
