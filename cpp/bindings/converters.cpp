// The argument converters declared in converters.hpp.
#include "converters.hpp"

#include <functional>
#include <limits>
#include <string>

#include "parlour/core/interrupt.hpp"

namespace parlour::bindings {

std::string quoted_repr(py::handle obj) {
  // repr() may raise (a RecursionError for a deeply nested list, a class whose __repr__
  // fails): reprlib shows a few levels of a container; failing that, the type's name.
  for (const bool limited : {false, true}) {
    try {
      if (!limited) return core::clip(py::repr(obj).cast<std::string>());
      return core::clip(py::module_::import("reprlib").attr("repr")(obj).cast<std::string>());
    } catch (py::error_already_set& e) {
      if (!e.matches(PyExc_Exception)) throw;
    } catch (const py::cast_error&) {}
  }
  return "<" + type_name(obj) + " object>";
}

PyObject* index_or_null(PyObject* obj) {
  if (PyBool_Check(obj) || !PyIndex_Check(obj)) return nullptr;  // an int has __index__ too
  PyObject* v = PyNumber_Index(obj);
  if (v == nullptr) {
    if (!PyErr_ExceptionMatches(PyExc_Exception)) throw py::error_already_set();
    PyErr_Clear();
  }
  return v;
}

py::int_ to_index(py::handle obj, const char* what) {
  if (PyObject* v = index_or_null(obj.ptr())) return py::reinterpret_steal<py::int_>(v);
  const bool has_index = !PyBool_Check(obj.ptr()) && PyIndex_Check(obj.ptr());
  throw core::WrongType(std::string(what) + " must be an int, got " + type_name(obj) + " " + quoted_repr(obj) +
                        (has_index ? " (its __index__ failed)" : ""));
}

long long to_int(py::handle obj, const char* what, long long lo, long long hi) {
  const py::int_ v = to_index(obj, what);
  int overflow = 0;
  const long long x = PyLong_AsLongLongAndOverflow(v.ptr(), &overflow);
  if (overflow != 0 || x < lo || x > hi)
    throw core::InvalidValue(std::string(what) + " must be in " + std::to_string(lo) + ".." + std::to_string(hi) +
                             ", got " + quoted_repr(v));
  return x;
}

bool is_integer(py::handle obj) { return !PyBool_Check(obj.ptr()) && PyIndex_Check(obj.ptr()); }

bool to_bool(py::handle obj, const char* what) {
  if (!py::isinstance<py::bool_>(obj))
    throw core::WrongType(std::string(what) + " must be True or False, got " + type_name(obj) + " " + quoted_repr(obj));
  return obj.cast<bool>();
}

int to_threads(py::handle obj, const char* what) { return static_cast<int>(to_int(obj, what, 0, core::kMaxThreads)); }

std::vector<int> to_int_list(py::handle obj, const char* what, std::size_t max_items, int lo, int hi) {
  if (py::isinstance<py::str>(obj) || !py::isinstance<py::iterable>(obj))
    throw core::WrongType(std::string(what) + " must be an iterable of ints, got " + type_name(obj) + " " +
                          quoted_repr(obj));
  std::vector<int> out;
  for_each_item(obj, what, [&](py::handle item) {
    if (out.size() == max_items)
      throw core::InvalidValue(std::string(what) + " must have at most " + std::to_string(max_items) + " items, got " +
                               quoted_repr(obj));
    out.push_back(static_cast<int>(to_int(item, what, lo, hi)));
  });
  return out;
}

namespace {
// "TypeError: the message" on one line, without the "At:" traceback pybind11 appends.
std::string error_line(const py::error_already_set& e) {
  std::string text;
  try {
    text = py::str(e.type().attr("__name__")).cast<std::string>() + ": " + py::str(e.value()).cast<std::string>();
  } catch (const py::error_already_set&) { text += "(its message cannot be shown)"; }
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  return text;
}
}  // namespace

void for_each_item(py::handle obj, const char* what, const std::function<void(py::handle)>& fn) {
  py::object it;
  try {
    it = py::reinterpret_borrow<py::object>(obj).attr("__iter__")();
  } catch (py::error_already_set& e) {
    if (!e.matches(PyExc_Exception)) throw;
    throw core::WrongType(std::string(what) + ": cannot iterate over " + type_name(obj) + " " + quoted_repr(obj) +
                          " (" + error_line(e) + ")");
  }
  for (;;) {
    py::object item = py::reinterpret_steal<py::object>(PyIter_Next(it.ptr()));
    if (!item) {
      if (PyErr_Occurred() == nullptr) return;
      py::error_already_set e;
      if (!e.matches(PyExc_Exception)) throw e;
      throw core::WrongType(std::string(what) + ": iterating over " + type_name(obj) + " failed (" + error_line(e) +
                            ")");
    }
    fn(item);
  }
}

std::string to_text(py::handle obj, const char* what) {
  if (!py::isinstance<py::str>(obj))
    throw core::WrongType(std::string(what) + " must be a str, got " + type_name(obj) + " " + quoted_repr(obj));
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(obj.ptr(), &size);
  if (data == nullptr) {
    PyErr_Clear();
    throw core::InvalidValue(std::string(what) +
                             " is not valid Unicode text (it holds a lone surrogate): " + quoted_repr(obj));
  }
  return {data, static_cast<std::size_t>(size)};
}

void check_callback(py::handle obj, const char* what) {
  if (!obj.is_none() && PyCallable_Check(obj.ptr()) == 0)
    throw core::WrongType(std::string(what) + " must be a callable or None, got " + type_name(obj) + " " +
                          quoted_repr(obj));
}

std::string type_name(py::handle obj) { return py::str(py::type::handle_of(obj).attr("__name__")).cast<std::string>(); }

core::Card to_card(py::handle obj) {
  if (py::isinstance<core::Card>(obj)) return obj.cast<core::Card>();
  if (py::isinstance<py::str>(obj)) return core::Card::parse(to_text(obj, "card text"));
  throw core::WrongType("expected a Card or card text like 'As', got " + type_name(obj) + " " + quoted_repr(obj));
}

core::CardSet to_cardset(py::handle obj) {
  if (is_cardset(obj.ptr())) return core::CardSet::unchecked(reinterpret_cast<PyCardSet*>(obj.ptr())->mask);
  if (py::isinstance<core::Card>(obj)) return core::CardSet::of(obj.cast<core::Card>());
  if (py::isinstance<py::str>(obj)) return core::CardSet::parse(to_text(obj, "card text"));
  if (py::isinstance<py::bool_>(obj)) throw core::WrongType("expected cards, got bool " + quoted_repr(obj));
  if (is_integer(obj)) {
    const py::int_ value = to_index(obj, "a card mask");
    if (value < py::int_(0) || value > py::int_(std::numeric_limits<std::uint64_t>::max()))
      throw core::InvalidValue("not a card mask: " + py::repr(obj).cast<std::string>() +
                               " is not a 64-bit unsigned int");
    return core::CardSet::from_mask(value.cast<std::uint64_t>());
  }
  if (py::isinstance<py::iterable>(obj)) {
    core::CardSet out;
    for_each_item(obj, "cards", [&](py::handle item) { out |= to_card(item); });
    return out;
  }
  throw core::WrongType("expected cards (a CardSet, Card, text like 'As 2s', int mask or iterable of cards), got " +
                        type_name(obj) + " " + quoted_repr(obj));
}

std::uint64_t to_seed(py::handle obj) {
  const py::int_ value = to_index(obj, "a seed");
  if (value < py::int_(0) || value > py::int_(std::numeric_limits<std::uint64_t>::max()))
    throw core::InvalidValue("a seed must be in 0 .. 2**64 - 1, got " + py::repr(obj).cast<std::string>());
  return value.cast<std::uint64_t>();
}

core::Rng* rng_from(py::handle obj, core::Rng& local) {
  if (py::isinstance<core::Rng>(obj)) return &obj.cast<core::Rng&>();
  local.reseed(to_seed(obj));
  return &local;
}

MaskArray to_mask_array(py::handle obj, const char* what) {
  if (py::isinstance<py::str>(obj) ||
      !(py::isinstance<py::array>(obj) || py::isinstance<py::sequence>(obj) || py::isinstance<py::iterable>(obj)))
    throw core::WrongType(std::string("expected an array of uint64 card masks for ") + what + ", got " +
                          type_name(obj));
  py::array arr;
  try {
    arr = py::array::ensure(obj);
  } catch (py::error_already_set&) {}
  if (!arr)
    throw core::WrongType(std::string("expected an array of uint64 card masks for ") + what + ", got " +
                          type_name(obj));
  if (arr.ndim() != 1)
    throw core::InvalidValue(std::string(what) + " must be 1-D, got " + std::to_string(arr.ndim()) + " dimensions");
  const char kind = arr.dtype().kind();
  if (kind != 'u' && kind != 'i' && !(kind == 'O' && arr.size() == 0) && !(kind == 'f' && arr.size() == 0))
    throw core::WrongType(std::string(what) + " must hold integers, got dtype " +
                          py::str(arr.dtype()).cast<std::string>());
  if (kind == 'i' && arr.size() > 0) {
    auto as_signed = py::array_t<std::int64_t, py::array::forcecast>::ensure(arr);
    for (py::ssize_t i = 0; i < as_signed.size(); ++i)
      if (as_signed.data()[i] < 0)
        throw core::InvalidValue(std::string(what) + "[" + std::to_string(i) +
                                 "] is negative: " + std::to_string(as_signed.data()[i]));
  }
  return MaskArray::ensure(arr);
}

}  // namespace parlour::bindings
