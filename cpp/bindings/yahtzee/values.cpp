// Bindings for parlour._core.yahtzee: the value types (Category, Categories, Dice,
// Keep, YahtzeeRules, State, ScoreDelta, Scorecard, Score, Reroll).  Glue only; the
// rules live in cpp/src/yahtzee.  The Game, the Solver and the bots are bound in
// game.cpp and solver.cpp beside this file.
// Why one file: the value types share the multiset and pickling helpers defined at the
// top (def_multiset, def_value), and each class has its own bind_* function; most of
// its length is the classes' docstrings.
#include <pybind11/native_enum.h>

#include <limits>
#include <string>
#include <vector>

#include "parlour/yahtzee/snapshot.hpp"
#include "yahtzee.hpp"

namespace parlour::bindings {

using namespace parlour::yahtzee;

namespace {

std::string categories_repr(Categories c) {
  if (c.empty()) return "Categories()";
  std::string s = "Categories([";
  bool first = true;
  for (int i = 0; i < kNumCategories; ++i) {
    if (!c.contains(static_cast<Category>(i))) continue;
    if (!first) s += ", ";
    first = false;
    s += "Category." + upper_name(static_cast<Category>(i));
  }
  return s + "])";
}

std::string rules_repr(const YahtzeeRules& r) {
  std::string j(joker_name(r.joker));
  for (auto& ch : j) ch = static_cast<char>(ch - 'a' + 'A');
  return std::string("Rules(joker=Joker.") + j + ", yahtzee_bonus=" + (r.yahtzee_bonus ? "True" : "False") +
         ", upper_bonus=" + (r.upper_bonus ? "True" : "False") + ")";
}

std::string state_repr(State s) {
  return "State(" + categories_repr(s.scored()) + ", upper=" + std::to_string(s.upper()) +
         ", yahtzee_50=" + (s.yahtzee_50() ? "True" : "False") + ")";
}

std::string delta_repr(const ScoreDelta& d) {
  return "ScoreDelta(value=" + std::to_string(d.value) + ", upper_bonus=" + std::to_string(d.upper_bonus) +
         ", yahtzee_bonus=" + std::to_string(d.yahtzee_bonus) + ", next=" + state_repr(d.next()) + ")";
}

Categories categories_from(py::handle obj) {
  if (py::isinstance<Categories>(obj)) return obj.cast<Categories>();
  if (py::isinstance<py::str>(obj)) {
    Categories out;
    std::string text = to_text(obj, "category text");
    std::size_t start = 0;
    while (start <= text.size()) {
      std::size_t end = text.find(',', start);
      if (end == std::string::npos) end = text.size();
      std::string part = text.substr(start, end - start);
      const auto b = part.find_first_not_of(' ');
      const auto e = part.find_last_not_of(' ');
      part = b == std::string::npos ? "" : part.substr(b, e - b + 1);
      if (!part.empty() && part != "-") out = out.with(parse_category(part));
      start = end + 1;
    }
    return out;
  }
  if (py::isinstance(obj, py::module_::import("enum").attr("Enum"))) return Categories::of(to_category(obj));
  if (py::isinstance<py::int_>(obj)) return Categories::from_bits(to_int(obj, "a category set", 0, 8191));
  if (py::isinstance<py::iterable>(obj)) {
    Categories out;
    for (py::handle item : py::reinterpret_borrow<py::iterable>(obj)) out = out.with(to_category(item));
    return out;
  }
  throw core::WrongType("expected categories (Categories, an iterable of Category, names or 13-bit int), got " +
                        type_name(obj) + " " + quoted_repr(obj));
}

YahtzeeRules rules_or_default(const std::optional<YahtzeeRules>& r) { return r ? *r : YahtzeeRules{}; }

py::tuple counts_tuple(Keep k) {
  const auto c = k.counts();
  return py::make_tuple(c[0], c[1], c[2], c[3], c[4], c[5]);
}

std::array<int, 6> counts_arg(const std::vector<int>& v) {
  if (v.size() != 6) throw core::InvalidValue("counts are six numbers (faces 1..6), got " + std::to_string(v.size()));
  return {v[0], v[1], v[2], v[3], v[4], v[5]};
}

template <class K, class Cls>
void def_multiset(Cls& cls) {
  cls.def(
         "count",
         [](const K& k, int face) {
           if (face < 1 || face > 6) throw core::InvalidValue("a die face is 1..6, got " + std::to_string(face));
           return k.count(face);
         },
         py::arg("face"), "How many dice show this face (1..6).")
      .def_property_readonly(
          "counts", [](const K& k) { return counts_tuple(k); }, "The counts of faces 1..6, a 6-tuple.")
      .def_property_readonly("faces", &K::faces, "The faces in ascending order.")
      .def_property_readonly("sum", &K::sum, "The total of the faces.")
      .def("__len__", &K::size, "The number of dice.")
      .def("__str__", &K::str)
      .def("__hash__", [](const K& k) { return static_cast<Py_ssize_t>(k.packed()); })
      .def(
          "__lt__", [](const K& a, const K& b) { return a.Keep::index() < b.Keep::index(); }, py::arg("other"),
          py::is_operator())
      .def("__copy__", [](const K& k) { return k; })
      .def("__deepcopy__", [](const K& k, const py::object&) { return k; }, py::arg("memo"));
}

}  // namespace

std::string upper_name(Category c) {
  std::string s(category_name(c));
  for (auto& ch : s) ch = static_cast<char>(ch >= 'a' && ch <= 'z' ? ch - 'a' + 'A' : ch);
  return s;
}

Category to_category(py::handle obj) {
  if (py::isinstance<py::str>(obj)) return parse_category(to_text(obj, "category text"));
  if (py::isinstance<py::bool_>(obj) || !py::hasattr(obj, "__index__"))
    throw core::WrongType("expected a Category, its name or 0..12, got " + type_name(obj) + " " + quoted_repr(obj));
  return category_from_int(to_int(obj, "a category", 0, kNumCategories - 1));
}

Dice to_dice(py::handle obj) {
  if (py::isinstance<Dice>(obj)) return obj.cast<Dice>();
  if (py::isinstance<py::str>(obj)) return Dice::parse(to_text(obj, "dice text"));
  if (py::isinstance<Keep>(obj)) return Dice::from_keep(obj.cast<Keep>());
  if (py::isinstance<py::iterable>(obj))
    return Dice::from_faces(
        to_int_list(obj, "a die face", 64, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
  throw core::WrongType("expected dice (Dice, text like '35556' or five faces), got " + type_name(obj) + " " +
                        quoted_repr(obj));
}

Keep to_keep(py::handle obj) {
  if (py::isinstance<Keep>(obj)) return obj.cast<Keep>();
  if (py::isinstance<Dice>(obj)) return obj.cast<Dice>();
  if (py::isinstance<py::str>(obj)) return Keep::parse(to_text(obj, "keep text"));
  if (py::isinstance<py::iterable>(obj))
    return Keep::from_faces(
        to_int_list(obj, "a kept face", 64, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
  throw core::WrongType("expected a keep (Keep, text like '66' or up to five faces), got " + type_name(obj) + " " +
                        quoted_repr(obj));
}

Action to_yahtzee_action(py::handle obj) {
  if (py::isinstance<Score>(obj)) return obj.cast<Score>();
  if (py::isinstance<Reroll>(obj)) return obj.cast<Reroll>();
  if (py::isinstance<py::str>(obj)) return parse_action(to_text(obj, "action text"));
  if (is_integer(obj)) return action_from_id(to_int(obj, "a Yahtzee action id", 0, kNumActions - 1));
  throw core::WrongType("expected an action (Score, Reroll, an id 0..222 or text like 'keep 66'), got " +
                        type_name(obj) + " " + quoted_repr(obj));
}

ActionObject yahtzee_action_object(const Action& a) {
  if (const auto* s = std::get_if<Score>(&a)) return py::reinterpret_steal<ActionObject>(py::cast(*s).release());
  return py::reinterpret_steal<ActionObject>(py::cast(std::get<Reroll>(a)).release());
}

JsonDict scorecard_to_dict(const Scorecard& s) {
  core::Json j = yahtzee::scorecard_to_json(s);
  j.set("rules", yahtzee::rules_to_json(s.rules()));
  return JsonDict(json_to_python(j));
}

Scorecard scorecard_from_dict(py::handle d) {
  const core::Json j = json_from_python(d, "a Yahtzee scorecard");
  const core::JsonReader in(j, "corrupt Yahtzee scorecard");
  return yahtzee::scorecard_from_json(in, yahtzee::rules_from_json(in["rules"]));
}

std::string keep_repr(Keep k) { return "Keep('" + k.str() + "')"; }
std::string dice_repr(Dice d) { return "Dice('" + d.str() + "')"; }
std::string action_repr(const Action& a) {
  if (const auto* s = std::get_if<Score>(&a)) return "Score(Category." + upper_name(s->category) + ")";
  return "Reroll(" + keep_repr(std::get<Reroll>(a).keep) + ")";
}
std::string yahtzee_state_repr(State s) { return state_repr(s); }

namespace {

void bind_categories(py::module_& m) {
  py::native_enum<Category>(m, "Category", "enum.IntEnum",
                            "A box of the card, in card order: ACES=0 .. SIXES=5 (upper section), THREE_OF_A_KIND=6, "
                            "FOUR_OF_A_KIND=7, FULL_HOUSE=8 (25), SMALL_STRAIGHT=9 (30), LARGE_STRAIGHT=10 (40), "
                            "YAHTZEE=11 (50), CHANCE=12. Card order is also the tie-break order.")
      .value("ACES", Category::Aces)
      .value("TWOS", Category::Twos)
      .value("THREES", Category::Threes)
      .value("FOURS", Category::Fours)
      .value("FIVES", Category::Fives)
      .value("SIXES", Category::Sixes)
      .value("THREE_OF_A_KIND", Category::ThreeOfAKind)
      .value("FOUR_OF_A_KIND", Category::FourOfAKind)
      .value("FULL_HOUSE", Category::FullHouse)
      .value("SMALL_STRAIGHT", Category::SmallStraight)
      .value("LARGE_STRAIGHT", Category::LargeStraight)
      .value("YAHTZEE", Category::Yahtzee)
      .value("CHANCE", Category::Chance)
      .finalize();
  cache_members<Category>(m.attr("Category"), kNumCategories);
  py::native_enum<Joker>(m, "Joker", "enum.Enum",
                         "The extra-Yahtzee convention: FORCED (official: matching upper box first, then a lower box "
                         "at joker value, then an upper box for zero), FREE (Verhoeff: any open box; full house and "
                         "straights pay joker values only when the matching upper box is filled), NONE (no joker).")
      .value("FORCED", Joker::Forced)
      .value("FREE", Joker::Free)
      .value("NONE", Joker::None)
      .finalize();

  py::class_<Categories> cats(m, "Categories",
                              "A set of categories (13 bits, bit i = Category i): |, &, ^, - and ~ (the complement "
                              "within the 13 boxes), in, len, iteration in card order, hashing.\n\n"
                              "Categories([Category.ACES, 'chance']), Categories(0b1000000000001) and "
                              "Categories.from_bits(bits) build one.");
  cats.def(py::init<>(), "The empty set.")
      .def(py::init([](const CategoriesLike& obj) { return categories_from(obj); }), py::arg("categories"),
           "From an iterable of Category (or names), comma-separated names, or the 13-bit int.")
      .def_static("from_bits", &Categories::from_bits, py::arg("bits"),
                  "The set with these bits (0..8191); InvalidValueError otherwise.")
      .def_property_readonly("bits", &Categories::bits, "The 13-bit mask.")
      .def("__len__", &Categories::size)
      .def("__bool__", [](Categories c) { return !c.empty(); })
      .def("__int__", &Categories::bits)
      .def("__index__", &Categories::bits)
      .def(
          "__contains__",
          [](Categories c, const CategoryLike& x) {
            try {
              return c.contains(to_category(x));
            } catch (const core::Error&) { return false; }
          },
          py::arg("category"))
      .def("__iter__",
           [](Categories c) {
             py::list out;
             for (int i = 0; i < kNumCategories; ++i)
               if (c.contains(static_cast<Category>(i)))
                 out.append(py::cast(Member<Category>{static_cast<Category>(i)}));
             return py::reinterpret_steal<py::typing::Iterator<Category>>(py::iter(out).release());
           })
      .def(
          "__or__", [](Categories a, Categories b) { return a | b; }, py::arg("other"), py::is_operator())
      .def(
          "__and__", [](Categories a, Categories b) { return a & b; }, py::arg("other"), py::is_operator())
      .def(
          "__xor__", [](Categories a, Categories b) { return a ^ b; }, py::arg("other"), py::is_operator())
      .def(
          "__sub__", [](Categories a, Categories b) { return a - b; }, py::arg("other"), py::is_operator())
      .def("__invert__", [](Categories a) { return ~a; })
      .def(
          "__le__", [](Categories a, Categories b) { return (a - b).empty(); }, py::arg("other"), py::is_operator())
      .def(
          "__ge__", [](Categories a, Categories b) { return (b - a).empty(); }, py::arg("other"), py::is_operator())
      .def("__hash__", [](Categories c) { return static_cast<Py_ssize_t>(c.bits()); })
      .def("__repr__", &categories_repr)
      .def("__str__", &Categories::str)
      .def("__copy__", [](Categories c) { return c; })
      .def(
          "__deepcopy__", [](Categories c, const py::object&) { return c; }, py::arg("memo"))
      .def(py::pickle([](Categories c) { return py::make_tuple(c.bits()); },
                      [](const py::tuple& t) {
                        if (t.size() != 1) throw core::FormatError("a pickled Categories is one int");
                        return Categories::from_bits(t[0].cast<long long>());
                      }));
  def_equality<Categories>(cats);
  cats.attr("EMPTY") = Categories{};
  cats.attr("ALL") = Categories::all();
  cats.attr("UPPER") = Categories::upper();
  cats.attr("LOWER") = Categories::lower();
}

void bind_dice(py::module_& m) {
  py::class_<Keep> keep(m, "Keep",
                        "0 to 5 dice kept before a reroll, as a multiset of faces. Keep('66'), Keep(''), "
                        "Keep.from_faces([6, 6]), Keep.from_counts([0, 0, 0, 0, 0, 2]). Keep.index numbers the 462 "
                        "keeps by size, then in lexicographic order of the sorted faces.");
  py::class_<Dice> dice(m, "Dice",
                        "Five dice as a multiset of faces (order never matters): Dice('35556'), "
                        "Dice.from_faces([3, 5, 5, 5, 6]), Dice.from_counts([0, 0, 1, 0, 3, 1]). There are 252 "
                        "distinct rolls; Dice.index numbers them 0..251 ('11111' .. '66666').");
  keep.def(py::init([](const std::string& text) { return Keep::parse(text); }), py::arg("text") = "",
           "Parse up to five faces 1-6 in any order ('66', '6 6', '' or '-' for none); NotationError otherwise.")
      .def_static(
          "from_faces", [](const std::vector<int>& f) { return Keep::from_faces(f); }, py::arg("faces"),
          "A keep from 0..5 faces (1..6).")
      .def_static(
          "from_counts", [](const std::vector<int>& c) { return Keep::from_counts(counts_arg(c)); }, py::arg("counts"),
          "A keep from the counts of faces 1..6 (at most five dice).")
      .def_static("from_index", &Keep::from_index, py::arg("index"), "The keep with this index (0..461).")
      .def_static(
          "all",
          [] {
            std::vector<Keep> out;
            for (int i = 0; i < kNumKeeps; ++i) out.push_back(Keep::from_index(i));
            return out;
          },
          "All 462 keeps in index order.")
      .def_property_readonly("index", &Keep::index, "The keep's index, 0..461 (by size, then faces).")
      .def(
          "issubset", [](Keep a, const KeepLike& b) { return a.is_subset_of(to_keep(b)); }, py::arg("other"),
          "Whether every die of this keep is in other.")
      .def("__repr__", &keep_repr)
      .def(py::pickle([](Keep k) { return py::make_tuple(k.str()); },
                      [](const py::tuple& t) {
                        if (t.size() != 1 || !py::isinstance<py::str>(t[0]))
                          throw core::FormatError("a pickled Keep is one text");
                        return Keep::parse(t[0].cast<std::string>());
                      }));
  def_multiset<Keep>(keep);
  def_equality<Keep>(keep);

  dice.def(py::init([](const py::object& d) { return to_dice(d); }), py::arg("dice"),
           "Parse five faces 1-6 in any order ('35556', '3 5 5 5 6') or take five faces; NotationError / "
           "InvalidValueError otherwise.")
      .def_static(
          "parse", [](const std::string& t) { return Dice::parse(t); }, py::arg("text"),
          "Parse five faces 1-6 in any order; NotationError otherwise.")
      .def_static(
          "from_faces", [](const std::vector<int>& f) { return Dice::from_faces(f); }, py::arg("faces"),
          "Dice from five faces (1..6).")
      .def_static(
          "from_counts", [](const std::vector<int>& c) { return Dice::from_counts(counts_arg(c)); }, py::arg("counts"),
          "Dice from the counts of faces 1..6 (five dice in all).")
      .def_static("from_index", &Dice::from_index, py::arg("index"), "The roll with this index (0..251).")
      .def_static(
          "all",
          [] {
            std::vector<Dice> out;
            for (int i = 0; i < kNumRolls; ++i) out.push_back(Dice::from_index(i));
            return out;
          },
          "All 252 distinct rolls in index order.")
      .def_static(
          "outcomes",
          [] {
            std::vector<std::pair<Dice, double>> out;
            for (int i = 0; i < kNumRolls; ++i) {
              const Dice d = Dice::from_index(i);
              out.emplace_back(d, d.probability());
            }
            return out;
          },
          "All 252 rolls of five fair dice with their probabilities (orderings / 7776).")
      .def_property_readonly("index", &Dice::index, "The roll's index, 0..251.")
      .def_property_readonly("yahtzee_face", &Dice::yahtzee_face, "The face of five of a kind, or 0.")
      .def_property_readonly("probability", &Dice::probability, "The probability of this roll of five fair dice.")
      .def(
          "keep", [](Dice d) { return Keep::from_packed_unchecked(d.packed()); },
          "The five dice as a Keep (keeping them all).")
      .def("keeps", &Dice::keeps,
           "The distinct sub-multisets (what can be kept), in the tie-break order: all five dice first, then "
           "four, ..., none, each size in ascending Keep.index.")
      .def(
          "score", [](Dice d, const CategoryLike& c) { return d.score(to_category(c)); }, py::arg("category"),
          "The natural score of these dice in a category (no joker).")
      .def("__repr__", &dice_repr)
      .def(py::pickle([](Dice d) { return py::make_tuple(d.str()); },
                      [](const py::tuple& t) {
                        if (t.size() != 1 || !py::isinstance<py::str>(t[0]))
                          throw core::FormatError("pickled Dice are one text");
                        return Dice::parse(t[0].cast<std::string>());
                      }));
  def_multiset<Dice>(dice);
  def_equality<Dice>(dice);

  m.def(
      "category_score", [](const CategoryLike& c, const DiceLike& d) { return to_dice(d).score(to_category(c)); },
      py::arg("category"), py::arg("dice"),
      "The natural score of the dice in a category (no joker): Category.score(dice) calls this.");
  m.def(
      "category_upper_face", [](const CategoryLike& c) { return upper_face(to_category(c)); }, py::arg("category"),
      "The face an upper category counts (1..6), 0 for a lower one: Category.upper_face calls this.");
  m.def(
      "category_name", [](const CategoryLike& c) { return std::string(category_name(to_category(c))); },
      py::arg("category"), "The snake-case name of a category ('full_house').");
  m.def(
      "parse_category", [](const std::string& text) { return parse_category(text); }, py::arg("text"),
      "A category from its name ('full_house', 'Full House', 'sixes') or an alias ('fh', '3k', 'ss', '6'); "
      "NotationError otherwise.");
}

void bind_rules(py::module_& m) {
  py::class_<YahtzeeRules> rules(m, "Rules",
                                 "The rule variant: the joker convention (Joker.FORCED by default, FREE, NONE) and "
                                 "the switches for the Yahtzee bonus (100 per extra Yahtzee while the box holds "
                                 "50) and the upper bonus (35 at an upper subtotal of 63). Immutable and hashable; "
                                 "str() gives the text form ('forced', 'none+no-yahtzee-bonus', ...).");
  rules
      .def(py::init([](const py::object& joker, bool yb, bool ub) {
             Joker j = Joker::Forced;
             if (py::isinstance<py::str>(joker))
               j = parse_joker(to_text(joker, "joker"));
             else if (!joker.is_none())
               j = cast_arg<Joker>(joker, "joker to be a Joker or 'forced' / 'free' / 'none'");
             return YahtzeeRules{j, yb, ub};
           }),
           py::arg("joker") = py::none(), py::arg("yahtzee_bonus") = true, py::arg("upper_bonus") = true,
           "Rules with this joker convention (a Joker or 'forced' / 'free' / 'none'; default forced) and bonuses.")
      .def_static("parse", &YahtzeeRules::parse, py::arg("text"),
                  "Rules from their text: 'forced', 'free' or 'none' (or 'default'), optionally followed by "
                  "'+no-yahtzee-bonus' and/or '+no-upper-bonus'; NotationError otherwise.")
      .def_readonly("joker", &YahtzeeRules::joker, "The joker convention.")
      .def_readonly("yahtzee_bonus", &YahtzeeRules::yahtzee_bonus, "Whether extra Yahtzees earn 100.")
      .def_readonly("upper_bonus", &YahtzeeRules::upper_bonus, "Whether an upper subtotal of 63 earns 35.")
      .def_property_readonly("code", &YahtzeeRules::code, "A one-byte code of the rules (used in table files).")
      .def("__str__", &YahtzeeRules::str)
      .def("__repr__", &rules_repr)
      .def("__hash__", [](const YahtzeeRules& r) { return static_cast<Py_ssize_t>(r.code()); })
      .def(py::pickle([](const YahtzeeRules& r) { return py::make_tuple(r.str()); },
                      [](const py::tuple& t) {
                        if (t.size() != 1 || !py::isinstance<py::str>(t[0]))
                          throw core::FormatError("pickled YahtzeeRules are one text");
                        return YahtzeeRules::parse(t[0].cast<std::string>());
                      }));
  def_equality<YahtzeeRules>(rules);
}

void bind_state(py::module_& m) {
  py::class_<State> state(m, "State",
                          "Everything about a card that affects future play: the filled categories, the upper "
                          "subtotal capped at 63 and whether the Yahtzee box holds 50. Immutable and hashable.\n\n"
                          "index is a perfect 20-bit hash: category bits 0-12 in card order, the capped upper "
                          "subtotal in bits 13-18, the Yahtzee-50 flag in bit 19.");
  py::class_<ScoreDelta> delta(m, "ScoreDelta",
                               "The result of writing dice in a box: the value written, the upper bonus earned by "
                               "this write (35 when it brought the upper subtotal to 63), the Yahtzee bonus (100 "
                               "for an extra Yahtzee while the box holds 50), the next State and the reward (their "
                               "sum).");
  delta.def_readonly("value", &ScoreDelta::value, "The value written in the box.")
      .def_readonly("upper_bonus", &ScoreDelta::upper_bonus,
                    "35 when this write reached 63 in the upper section, else 0.")
      .def_readonly("yahtzee_bonus", &ScoreDelta::yahtzee_bonus,
                    "100 for an extra Yahtzee while the box holds 50, else 0.")
      .def_property_readonly("next", &ScoreDelta::next, "The state after the write.")
      .def_property_readonly("reward", &ScoreDelta::reward, "value + upper_bonus + yahtzee_bonus.")
      .def("__repr__", &delta_repr)
      .def("__hash__",
           [](const ScoreDelta& d) {
             return py::hash(py::make_tuple(d.value, d.upper_bonus, d.yahtzee_bonus, d.next_index));
           })
      .def(py::pickle(
          [](const ScoreDelta& d) { return py::make_tuple(d.value, d.upper_bonus, d.yahtzee_bonus, d.next_index); },
          [](const py::tuple& t) {
            if (t.size() != 4) throw core::FormatError("a pickled ScoreDelta is four ints");
            ScoreDelta d;
            d.value = t[0].cast<int>();
            d.upper_bonus = t[1].cast<int>();
            d.yahtzee_bonus = t[2].cast<int>();
            const auto s = State::from_index(t[3].cast<long long>());
            if (!s) throw core::FormatError("a pickled ScoreDelta has an invalid next state");
            d.next_index = s->index();
            return d;
          }));
  def_equality<ScoreDelta>(delta);

  state
      .def(py::init([](const CategoriesLike& scored, const Arg<py::int_>& upper, const Arg<py::bool_>& y50) {
             return State::checked(categories_from(scored), static_cast<int>(to_int(upper, "upper", -1000, 1000)),
                                   to_bool(y50, "yahtzee_50"));
           }),
           py::arg("scored") = Categories{}, py::arg("upper") = 0, py::arg("yahtzee_50") = false,
           "A state: the filled boxes, the upper subtotal (0 up to what the filled upper boxes can total; above 63 "
           "it is kept as 63, all the bonus needs) and whether the Yahtzee box holds 50 (only once it is filled). "
           "InvalidValueError for a state no card can reach.")
      .def_static(
          "parse",
          [](const Arg<py::str>& text) {
            if (!py::isinstance<py::str>(text)) throw core::WrongType("State.parse needs text, got " + type_name(text));
            return State::parse(to_text(text, "state text"));
          },
          py::arg("text"),
          "A state from text: an index ('4097'), 'start', or the filled boxes by name separated by commas with "
          "optional 'upper=N' and 'y50' words: 'aces,chance,yahtzee upper=3 y50'. NotationError otherwise.")
      .def_static(
          "from_index", [](long long i) { return State::from_index(i); }, py::arg("index"),
          "The state with this index, or None when the index breaks the invariants (an upper subtotal "
          "beyond what the scored upper boxes can total or beyond 63, a Yahtzee-50 flag without the "
          "Yahtzee box) or is outside 0 .. 2**20 - 1.")
      .def_property_readonly("scored", &State::scored, "The filled categories.")
      .def_property_readonly("upper", &State::upper, "The upper-section subtotal, capped at 63.")
      .def_property_readonly("yahtzee_50", &State::yahtzee_50,
                             "Whether the Yahtzee box holds 50 (enabling the 100 bonus for further Yahtzees).")
      .def_property_readonly("is_full", &State::is_full, "Whether every category is filled (the game is over).")
      .def_property_readonly("index", &State::index, "The perfect 20-bit hash (see the class docstring).")
      .def(
          "legal_categories",
          [](State s, const DiceLike& d, const std::optional<YahtzeeRules>& r) {
            return s.legal_categories(to_dice(d), rules_or_default(r));
          },
          py::arg("dice"), py::arg("rules") = py::none(),
          "The boxes the dice may be written in (default rules: the forced joker restricts an extra Yahtzee to the "
          "matching upper box if open, else the open lower boxes, else the open upper boxes). Empty only on a full "
          "card.")
      .def(
          "apply",
          [](State s, const CategoryLike& c, const DiceLike& d, const std::optional<YahtzeeRules>& r) {
            return s.apply(to_category(c), to_dice(d), rules_or_default(r));
          },
          py::arg("category"), py::arg("dice"), py::arg("rules") = py::none(),
          "Writes the dice in the box: the ScoreDelta (value, bonuses, next state), or None when the box is not "
          "legal. An extra Yahtzee scores joker values in the lower section and earns 100 whenever the Yahtzee "
          "box holds 50, even on a forced zero.")
      .def("__repr__", &state_repr)
      .def("__str__", &State::str)
      .def("__hash__", [](State s) { return static_cast<Py_ssize_t>(s.index()); })
      .def("__copy__", [](State s) { return s; })
      .def(
          "__deepcopy__", [](State s, const py::object&) { return s; }, py::arg("memo"))
      .def(py::pickle([](State s) { return py::make_tuple(s.index()); },
                      [](const py::tuple& t) {
                        if (t.size() != 1) throw core::FormatError("a pickled State is one index");
                        const auto s = State::from_index(t[0].cast<long long>());
                        if (!s)
                          throw core::FormatError("a pickled State has an invalid index " +
                                                  py::repr(t[0]).cast<std::string>());
                        return *s;
                      }));
  def_equality<State>(state);
  state.attr("START") = kStart;
}

void bind_scorecard_and_actions(py::module_& m) {
  py::class_<Scorecard> card(m, "Scorecard",
                             "One player's card box by box, for display and play: get(category), the upper "
                             "subtotal (uncapped), the bonuses and the total. score(category, dice) writes a box by "
                             "the rules; an illegal write raises IllegalActionError and changes nothing.");
  card.def(py::init([](const std::optional<YahtzeeRules>& r) { return Scorecard(rules_or_default(r)); }),
           py::arg("rules") = py::none(), "An empty card under these rules (default: forced joker, both bonuses).")
      .def_property_readonly("rules", &Scorecard::rules, "The rules of the card.")
      .def(
          "get", [](const Scorecard& s, const CategoryLike& c) { return s.get(to_category(c)); }, py::arg("category"),
          "The value in a box, or None while it is open.")
      .def_property_readonly(
          "boxes",
          [](const Scorecard& s) {
            py::list out;
            for (int v : s.boxes()) out.append(v < 0 ? py::object(py::none()) : py::object(py::int_(v)));
            return out;
          },
          "The 13 boxes in card order (None when open).")
      .def_property_readonly("state", &Scorecard::state, "The State (what matters for play).")
      .def_property_readonly("filled", &Scorecard::filled, "The filled categories.")
      .def_property_readonly("is_full", &Scorecard::is_full, "Whether every box is filled.")
      .def_property_readonly("upper_subtotal", &Scorecard::upper_subtotal, "The upper subtotal (uncapped).")
      .def_property_readonly("upper_bonus", &Scorecard::upper_bonus,
                             "35 once the upper subtotal reaches 63 (if the rules have it).")
      .def_property_readonly("lower_subtotal", &Scorecard::lower_subtotal,
                             "The lower-section total (bonuses excluded).")
      .def_property_readonly("yahtzee_bonuses", &Scorecard::yahtzee_bonuses, "The number of 100-point Yahtzee bonuses.")
      .def_property_readonly("total", &Scorecard::total, "The score: boxes plus bonuses.")
      .def(
          "legal_categories", [](const Scorecard& s, const DiceLike& d) { return s.legal_categories(to_dice(d)); },
          py::arg("dice"), "The boxes the dice may be written in now.")
      .def(
          "can_score",
          [](const Scorecard& s, const CategoryLike& c, const DiceLike& d) {
            return s.can_score(to_category(c), to_dice(d));
          },
          py::arg("category"), py::arg("dice"), "Whether score(category, dice) would be legal.")
      .def(
          "score",
          [](Scorecard& s, const CategoryLike& c, const DiceLike& d) { return s.score(to_category(c), to_dice(d)); },
          py::arg("category"), py::arg("dice"),
          "Writes the dice in the box and returns the ScoreDelta; IllegalActionError (naming the legal boxes) "
          "when the box is filled or the joker rule forces another, leaving the card unchanged.")
      .def(
          "copy", [](const Scorecard& s) { return s; }, "A copy.")
      .def("__copy__", [](const Scorecard& s) { return s; })
      .def(
          "__deepcopy__", [](const Scorecard& s, const py::object&) { return s; }, py::arg("memo"))
      .def("__str__", &Scorecard::str)
      .def("__repr__",
           [](const Scorecard& s) {
             return "<Scorecard " + s.rules().str() + " filled=" + std::to_string(s.filled().size()) +
                    " total=" + std::to_string(s.total()) + ">";
           })
      .def(
          "to_dict", [](const Scorecard& s) { return scorecard_to_dict(s); },
          "A JSON-ready dict: rules, the 13 boxes by name (None when open) and the Yahtzee bonuses.")
      .def_static(
          "from_dict", [](const Arg<JsonDict>& d) { return scorecard_from_dict(d); }, py::arg("data"),
          "The inverse of to_dict; StateFormatError for anything inconsistent.")
      .def(py::pickle([](const Scorecard& s) { return scorecard_to_dict(s); },
                      [](const py::object& d) { return scorecard_from_dict(d); }));
  def_equality<Scorecard>(card);
  card.attr("__hash__") = py::none();

  py::class_<Score> score(m, "Score",
                          "The action of writing the dice in a box (ends the turn). Its id is the category (0..12); "
                          "str() is 'score full_house'.");
  score
      .def(py::init([](const CategoryLike& c) { return Score{to_category(c)}; }), py::arg("category"),
           "Score in this box (a Category, its name or 0..12).")
      .def_readonly("category", &Score::category, "The box.")
      .def_property_readonly(
          "id", [](const Score& s) { return action_id(s); }, "The action id, 0..12.")
      .def("__str__", [](const Score& s) { return action_str(s); })
      .def("__repr__", [](const Score& s) { return action_repr(s); })
      .def("__hash__", [](const Score& s) { return static_cast<Py_ssize_t>(action_id(s)); })
      .def(py::pickle([](const Score& s) { return py::make_tuple(to_int(s.category)); },
                      [](const py::tuple& t) {
                        if (t.size() != 1) throw core::FormatError("a pickled Score is one category");
                        return Score{category_from_int(t[0].cast<long long>())};
                      }));
  def_equality<Score>(score);

  py::class_<Reroll> reroll(m, "Reroll",
                            "The action of keeping 0..4 dice and rerolling the rest. Its id is 13 + keep.index "
                            "(13..222); str() is 'keep 66' ('keep -' rerolls all five).");
  reroll
      .def(py::init([](const KeepLike& k) {
             const Keep kk = to_keep(k);
             if (kk.size() >= kNumDice)
               throw core::InvalidValue("a reroll keeps at most four dice, got '" + kk.str() + "'");
             return Reroll{kk};
           }),
           py::arg("keep"), "Keep these dice (a Keep, text like '66' or faces) and reroll the others.")
      .def_readonly("keep", &Reroll::keep, "The dice kept.")
      .def_property_readonly(
          "id", [](const Reroll& r) { return action_id(r); }, "The action id, 13..222.")
      .def("__str__", [](const Reroll& r) { return action_str(r); })
      .def("__repr__", [](const Reroll& r) { return action_repr(r); })
      .def("__hash__", [](const Reroll& r) { return static_cast<Py_ssize_t>(action_id(r)); })
      .def(py::pickle([](const Reroll& r) { return py::make_tuple(r.keep.str()); },
                      [](const py::tuple& t) {
                        if (t.size() != 1 || !py::isinstance<py::str>(t[0]))
                          throw core::FormatError("a pickled Reroll is one keep text");
                        const Keep k = Keep::parse(t[0].cast<std::string>());
                        if (k.size() >= kNumDice) throw core::FormatError("a pickled Reroll keeps at most four dice");
                        return Reroll{k};
                      }));
  def_equality<Reroll>(reroll);

  m.def(
      "parse_action", [](const std::string& t) { return yahtzee_action_object(parse_action(t)); }, py::arg("text"),
      "An action from its text: 'score <category>' or 'keep <faces>' / 'reroll <faces>' ('keep -' rerolls all); "
      "NotationError otherwise.");
  m.def(
      "action_from_id", [](long long id) { return yahtzee_action_object(action_from_id(id)); }, py::arg("id"),
      "The action with this id: Score(category) for 0..12, Reroll(Keep.from_index(id - 13)) for 13..222.");
  m.attr("NUM_ACTIONS") = kNumActions;
  m.attr("NUM_VALID_STATES") = kNumValidStates;
  m.attr("INDEX_SIZE") = kIndexSize;
}

}  // namespace

void register_yahtzee(py::module_& m) {
  bind_categories(m);
  bind_dice(m);
  bind_rules(m);
  bind_state(m);
  bind_scorecard_and_actions(m);
}

}  // namespace parlour::bindings
