// CardSet as a native CPython type (see cardset_type.hpp for why).  Glue only: every
// operation is one call into core::CardSet.
#include "cardset_type.hpp"

#include <cstdio>
#include <string>

#include "common.hpp"

namespace parlour::bindings {

using core::Card;
using core::CardSet;

namespace {

PyTypeObject* g_type = nullptr;
PyTypeObject* g_card_type = nullptr;

inline CardSet value_of(PyObject* o) noexcept { return CardSet::unchecked(reinterpret_cast<PyCardSet*>(o)->mask); }

// The operand of a set operator or comparison: a CardSet or a Card; false otherwise.
inline bool operand(PyObject* o, CardSet& out) {
  if (Py_TYPE(o) == g_type) {
    out = value_of(o);
    return true;
  }
  if (Py_TYPE(o) == g_card_type) {
    out = CardSet::of(py::handle(o).cast<Card>());
    return true;
  }
  return false;
}

template <class F>
PyObject* binary(PyObject* a, PyObject* b, F f) noexcept {
  try {
    CardSet x, y;
    if (!operand(a, x) || !operand(b, y)) Py_RETURN_NOTIMPLEMENTED;
    return make_cardset(f(x, y));
  } catch (...) {
    set_error_from_current_exception();
    return nullptr;
  }
}

PyObject* nb_or(PyObject* a, PyObject* b) {
  return binary(a, b, [](CardSet x, CardSet y) { return x | y; });
}
PyObject* nb_and(PyObject* a, PyObject* b) {
  return binary(a, b, [](CardSet x, CardSet y) { return x & y; });
}
PyObject* nb_xor(PyObject* a, PyObject* b) {
  return binary(a, b, [](CardSet x, CardSet y) { return x ^ y; });
}
PyObject* nb_sub(PyObject* a, PyObject* b) {
  return binary(a, b, [](CardSet x, CardSet y) { return x - y; });
}
int nb_bool(PyObject* a) { return value_of(a).empty() ? 0 : 1; }
PyObject* nb_int(PyObject* a) { return PyLong_FromUnsignedLongLong(value_of(a).mask()); }
Py_ssize_t sq_len(PyObject* a) { return value_of(a).size(); }

int sq_contains(PyObject* a, PyObject* x) {
  if (Py_TYPE(x) != g_card_type) return 0;  // only Card objects are members, as in a frozenset of Card
  try {
    return value_of(a).contains(py::handle(x).cast<Card>()) ? 1 : 0;
  } catch (...) {
    set_error_from_current_exception();
    return -1;
  }
}

PyObject* richcompare(PyObject* a, PyObject* b, int op) {
  if (Py_TYPE(a) != g_type || Py_TYPE(b) != g_type) Py_RETURN_NOTIMPLEMENTED;
  const CardSet x = value_of(a), y = value_of(b);
  bool r = false;
  switch (op) {
    case Py_EQ: r = x == y; break;
    case Py_NE: r = x != y; break;
    case Py_LE: r = x.is_subset_of(y); break;
    case Py_LT: r = x.is_subset_of(y) && x != y; break;
    case Py_GE: r = y.is_subset_of(x); break;
    case Py_GT: r = y.is_subset_of(x) && x != y; break;
    default: Py_RETURN_NOTIMPLEMENTED;
  }
  if (r) Py_RETURN_TRUE;
  Py_RETURN_FALSE;
}

Py_hash_t hash(PyObject* a) {
  std::uint64_t h = value_of(a).mask() * 0x9e3779b97f4a7c15ull;
  h ^= h >> 29;
  auto out = static_cast<Py_hash_t>(h);
  return out == -1 ? -2 : out;
}

PyObject* iter(PyObject* a) {
  try {
    py::list cards = card_list(value_of(a));
    return PyObject_GetIter(cards.ptr());
  } catch (...) {
    set_error_from_current_exception();
    return nullptr;
  }
}

PyObject* repr(PyObject* a) {
  const CardSet s = value_of(a);
  const std::string text = s.empty() ? "CardSet()" : "CardSet('" + s.str() + "')";
  return PyUnicode_FromStringAndSize(text.data(), static_cast<Py_ssize_t>(text.size()));
}

PyObject* str(PyObject* a) {
  const std::string text = value_of(a).str();
  return PyUnicode_FromStringAndSize(text.data(), static_cast<Py_ssize_t>(text.size()));
}

PyObject* tp_new(PyTypeObject* /*type*/, PyObject* args, PyObject* kwargs) {
  try {
    static const char* kwlist[] = {"cards", nullptr};
    PyObject* cards = nullptr;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|O:CardSet", const_cast<char**>(kwlist), &cards)) return nullptr;
    if (cards == nullptr) return make_cardset(CardSet());
    if (Py_TYPE(cards) == g_type) {
      Py_INCREF(cards);
      return cards;
    }
    return make_cardset(to_cardset(cards));
  } catch (...) {
    set_error_from_current_exception();
    return nullptr;
  }
}

// Methods: wrap a function of (CardSet, args) -> py::object with the error handling.
template <class F>
PyObject* guarded(F f) noexcept {
  try {
    return f().release().ptr();
  } catch (...) {
    set_error_from_current_exception();
    return nullptr;
  }
}

PyObject* m_union(PyObject* self, PyObject* args) {
  return guarded([&] {
    CardSet s = value_of(self);
    for (py::handle o : py::reinterpret_borrow<py::tuple>(args)) s |= to_cardset(o);
    return py::cast(s);
  });
}
PyObject* m_intersection(PyObject* self, PyObject* args) {
  return guarded([&] {
    CardSet s = value_of(self);
    for (py::handle o : py::reinterpret_borrow<py::tuple>(args)) s &= to_cardset(o);
    return py::cast(s);
  });
}
PyObject* m_difference(PyObject* self, PyObject* args) {
  return guarded([&] {
    CardSet s = value_of(self);
    for (py::handle o : py::reinterpret_borrow<py::tuple>(args)) s -= to_cardset(o);
    return py::cast(s);
  });
}
PyObject* m_symmetric_difference(PyObject* self, PyObject* other) {
  return guarded([&] { return py::cast(value_of(self) ^ to_cardset(other)); });
}
PyObject* m_issubset(PyObject* self, PyObject* other) {
  return guarded([&] { return py::object(py::bool_(value_of(self).is_subset_of(to_cardset(other)))); });
}
PyObject* m_issuperset(PyObject* self, PyObject* other) {
  return guarded([&] { return py::object(py::bool_(to_cardset(other).is_subset_of(value_of(self)))); });
}
PyObject* m_isdisjoint(PyObject* self, PyObject* other) {
  return guarded([&] { return py::object(py::bool_(value_of(self).is_disjoint(to_cardset(other)))); });
}
PyObject* m_self(PyObject* self, PyObject* /*unused*/) {
  Py_INCREF(self);
  return self;
}
PyObject* m_cards(PyObject* self, PyObject* /*unused*/) {
  return guarded([&] { return py::object(card_list(value_of(self))); });
}
PyObject* m_unicode(PyObject* self, PyObject* /*unused*/) {
  return guarded([&] { return py::object(py::str(value_of(self).unicode())); });
}
PyObject* m_getstate(PyObject* self, PyObject* /*unused*/) {
  return guarded([&] { return py::object(py::make_tuple(value_of(self).mask())); });
}
PyObject* m_setstate(PyObject* self, PyObject* state) {
  return guarded([&] {
    py::handle t(state);
    if (!PyTuple_Check(state) || PyTuple_GET_SIZE(state) != 1 || !PyLong_Check(PyTuple_GET_ITEM(state, 0)))
      throw core::FormatError("a pickled CardSet is one int mask, got " + py::repr(t).cast<std::string>());
    CardSet s;
    try {
      s = to_cardset(PyTuple_GET_ITEM(state, 0));
    } catch (const core::Error& e) { throw core::FormatError(std::string("corrupt CardSet pickle: ") + e.what()); }
    reinterpret_cast<PyCardSet*>(self)->mask = s.mask();
    return py::object(py::none());
  });
}
PyObject* m_from_mask(PyObject* /*cls*/, PyObject* mask) {
  return guarded([&] {
    if (!PyLong_Check(mask) || PyBool_Check(mask))
      throw core::WrongType("from_mask expects an int, got " + type_name(mask));
    return py::cast(to_cardset(mask));
  });
}
PyObject* m_parse(PyObject* /*cls*/, PyObject* text) {
  return guarded([&] {
    if (!PyUnicode_Check(text)) throw core::WrongType("parse expects text, got " + type_name(text));
    return py::cast(CardSet::parse(to_text(text, "card text")));
  });
}
PyObject* m_full_deck(PyObject* /*cls*/, PyObject* /*unused*/) {
  return guarded([&] { return py::cast(CardSet::full_deck()); });
}
PyObject* m_of_suit(PyObject* /*cls*/, PyObject* suit) {
  return guarded([&] {
    const long long s = to_int(suit, "suit", 0, 3);
    return py::cast(CardSet::suit(static_cast<core::Suit>(s)));
  });
}
PyObject* get_mask(PyObject* self, void* /*closure*/) { return PyLong_FromUnsignedLongLong(value_of(self).mask()); }

// Docstrings start with a pybind11-style signature line, which the stub generator reads.
PyMethodDef kMethods[] = {
    {"union", m_union, METH_VARARGS,
     "union(self, *others: parlour._core.cards.CardSet | parlour._core.cards.Card | str | int | "
     "collections.abc.Iterable[parlour._core.cards.Card | str]) -> parlour._core.cards.CardSet\n\n"
     "The cards in this set or any of the others (each anything CardSet() accepts)."},
    {"intersection", m_intersection, METH_VARARGS,
     "intersection(self, *others: parlour._core.cards.CardSet | parlour._core.cards.Card | str | int | "
     "collections.abc.Iterable[parlour._core.cards.Card | str]) -> parlour._core.cards.CardSet\n\n"
     "The cards in this set and in all of the others."},
    {"difference", m_difference, METH_VARARGS,
     "difference(self, *others: parlour._core.cards.CardSet | parlour._core.cards.Card | str | int | "
     "collections.abc.Iterable[parlour._core.cards.Card | str]) -> parlour._core.cards.CardSet\n\n"
     "The cards in this set and in none of the others."},
    {"symmetric_difference", m_symmetric_difference, METH_O,
     "symmetric_difference(self, other: parlour._core.cards.CardSet | parlour._core.cards.Card | str | int | "
     "collections.abc.Iterable[parlour._core.cards.Card | str]) -> parlour._core.cards.CardSet\n\n"
     "The cards in exactly one of the two sets."},
    {"issubset", m_issubset, METH_O,
     "issubset(self, other: parlour._core.cards.CardSet | parlour._core.cards.Card | str | int | "
     "collections.abc.Iterable[parlour._core.cards.Card | str]) -> bool\n\nWhether every card of this set is in "
     "other."},
    {"issuperset", m_issuperset, METH_O,
     "issuperset(self, other: parlour._core.cards.CardSet | parlour._core.cards.Card | str | int | "
     "collections.abc.Iterable[parlour._core.cards.Card | str]) -> bool\n\nWhether every card of other is in this "
     "set."},
    {"isdisjoint", m_isdisjoint, METH_O,
     "isdisjoint(self, other: parlour._core.cards.CardSet | parlour._core.cards.Card | str | int | "
     "collections.abc.Iterable[parlour._core.cards.Card | str]) -> bool\n\nWhether the two sets share no card."},
    {"copy", m_self, METH_NOARGS, "copy(self) -> parlour._core.cards.CardSet\n\nThe set itself (it is immutable)."},
    {"__copy__", m_self, METH_NOARGS,
     "__copy__(self) -> parlour._core.cards.CardSet\n\nThe set itself (it is immutable)."},
    {"__deepcopy__", m_self, METH_O,
     "__deepcopy__(self, memo: typing.Any) -> parlour._core.cards.CardSet\n\nThe set itself (it is immutable)."},
    {"cards", m_cards, METH_NOARGS,
     "cards(self) -> list[parlour._core.cards.Card]\n\nThe cards as a list, in bit order."},
    {"unicode", m_unicode, METH_NOARGS, "unicode(self) -> str\n\nThe cards with suit glyphs, like 'A♠ 2♠ 3♠'."},
    {"__getstate__", m_getstate, METH_NOARGS, "__getstate__(self) -> tuple[int]\n\nThe pickled state: (mask,)."},
    {"__setstate__", m_setstate, METH_O,
     "__setstate__(self, state: tuple[int]) -> None\n\nRestore a pickled state; StateFormatError when it is corrupt."},
    {"from_mask", m_from_mask, METH_O | METH_STATIC,
     "from_mask(mask: int) -> parlour._core.cards.CardSet\n\n"
     "The set with this 64-bit mask; InvalidValueError for a bit that is not a card."},
    {"parse", m_parse, METH_O | METH_STATIC,
     "parse(text: str) -> parlour._core.cards.CardSet\n\n"
     "Cards separated by spaces or commas, or run together ('As2s3s'); NotationError on a malformed or repeated card."},
    {"full_deck", m_full_deck, METH_NOARGS | METH_STATIC,
     "full_deck() -> parlour._core.cards.CardSet\n\nAll 52 cards."},
    {"of_suit", m_of_suit, METH_O | METH_STATIC,
     "of_suit(suit: parlour._core.cards.Suit) -> parlour._core.cards.CardSet\n\nThe 13 cards of one suit."},
    {nullptr, nullptr, 0, nullptr}};

PyGetSetDef kGetSet[] = {{"mask", get_mask, nullptr, "The 64-bit mask, bit 16*suit + rank.", nullptr},
                         {nullptr, nullptr, nullptr, nullptr, nullptr}};

constexpr const char* kDoc =
    "CardSet(cards: CardSet | Card | str | int | Iterable[Card | str] = ...)\n--\n\n"
    "An immutable set of cards stored as a 64-bit mask, bit 16*suit + rank.\n\n"
    "It behaves as a frozenset of Card: | & ^ - (with a Card or CardSet on either side), in, len, iteration "
    "in bit order (clubs A..K, spades, hearts, diamonds), <= / < as subset, issubset / issuperset / "
    "isdisjoint, hashing; int(s) and operator.index(s) give the mask. CardSet('As 2s 3s'), "
    "CardSet([card, ...]) and CardSet(0x...) build one; a repeated card in text raises NotationError, a mask "
    "bit that is not a card InvalidValueError, anything else WrongTypeError.";

}  // namespace

PyTypeObject* cardset_type() noexcept { return g_type; }

PyObject* make_cardset(CardSet s) noexcept {
  PyObject* o = g_type->tp_alloc(g_type, 0);
  if (o) reinterpret_cast<PyCardSet*>(o)->mask = s.mask();
  return o;
}

void register_cardset_type(py::module_& m) {
  static PyType_Slot slots[] = {{Py_tp_doc, const_cast<char*>(kDoc)},
                                {Py_tp_new, reinterpret_cast<void*>(tp_new)},
                                {Py_tp_repr, reinterpret_cast<void*>(repr)},
                                {Py_tp_str, reinterpret_cast<void*>(str)},
                                {Py_tp_hash, reinterpret_cast<void*>(hash)},
                                {Py_tp_richcompare, reinterpret_cast<void*>(richcompare)},
                                {Py_tp_iter, reinterpret_cast<void*>(iter)},
                                {Py_tp_methods, kMethods},
                                {Py_tp_getset, kGetSet},
                                {Py_nb_or, reinterpret_cast<void*>(nb_or)},
                                {Py_nb_and, reinterpret_cast<void*>(nb_and)},
                                {Py_nb_xor, reinterpret_cast<void*>(nb_xor)},
                                {Py_nb_subtract, reinterpret_cast<void*>(nb_sub)},
                                {Py_nb_bool, reinterpret_cast<void*>(nb_bool)},
                                {Py_nb_int, reinterpret_cast<void*>(nb_int)},
                                {Py_nb_index, reinterpret_cast<void*>(nb_int)},
                                {Py_sq_length, reinterpret_cast<void*>(sq_len)},
                                {Py_sq_contains, reinterpret_cast<void*>(sq_contains)},
                                {0, nullptr}};
  static PyType_Spec spec = {"parlour._core.cards.CardSet", static_cast<int>(sizeof(PyCardSet)), 0,
                             Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE, slots};
  PyObject* type = PyType_FromSpec(&spec);
  if (!type) throw py::error_already_set();
  g_type = reinterpret_cast<PyTypeObject*>(type);  // the reference is kept for the process
  g_card_type = reinterpret_cast<PyTypeObject*>(py::type::of<Card>().ptr());
  m.attr("CardSet") = py::handle(type);
}

}  // namespace parlour::bindings
