// The one exception translator: core::Error (and its kinds) -> parlour.errors classes.
#include <string>

#include "common.hpp"

namespace parlour::bindings {

namespace {

const char* kind_name(core::ErrorKind kind) {
  switch (kind) {
    case core::ErrorKind::Parse: return "parse";
    case core::ErrorKind::IllegalAction: return "illegal_action";
    case core::ErrorKind::Phase: return "phase";
    case core::ErrorKind::Format: return "format";
    case core::ErrorKind::InvalidValue: return "invalid_value";
    case core::ErrorKind::WrongType: return "wrong_type";
    case core::ErrorKind::Interrupted:
    case core::ErrorKind::Base: break;
  }
  return "base";
}

// Sets the Python error for e: parlour.errors._class_for(kind, code) picks the class.
// It is looked up on each error (errors are not a hot path), so no Python object
// outlives the interpreter in a static.
void set_error(const core::Error& e) {
  if (e.kind() == core::ErrorKind::Interrupted) {  // a computation stopped by Ctrl-C
    PyErr_SetNone(PyExc_KeyboardInterrupt);
    return;
  }
  py::object cls;
  try {
    cls = py::module_::import("parlour.errors").attr("_class_for")(kind_name(e.kind()), e.code());
  } catch (py::error_already_set& lookup_failed) {
    lookup_failed.restore();
    return;
  }
  PyErr_SetString(cls.ptr(), e.what());
}

}  // namespace

void set_error_from_current_exception() noexcept {
  try {
    throw;
  } catch (const core::Error& e) {
    set_error(e);
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (const py::builtin_exception& e) {
    e.set_error();
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  } catch (...) {
    PyErr_SetString(PyExc_RuntimeError, "unknown C++ exception");
  }
}

void register_errors(py::module_& /*m*/) {
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const core::Error& e) {
      set_error(e);
    }
  });
}

std::string type_name(py::handle obj) { return py::str(py::type::handle_of(obj).attr("__name__")).cast<std::string>(); }

core::Card to_card(py::handle obj) {
  if (py::isinstance<core::Card>(obj)) return obj.cast<core::Card>();
  if (py::isinstance<py::str>(obj)) return core::Card::parse(obj.cast<std::string>());
  throw core::WrongType("expected a Card or card text like 'As', got " + type_name(obj) + " " +
                        core::quote(py::repr(obj).cast<std::string>()));
}

core::CardSet to_cardset(py::handle obj) {
  if (is_cardset(obj.ptr())) return core::CardSet::unchecked(reinterpret_cast<PyCardSet*>(obj.ptr())->mask);
  if (py::isinstance<core::Card>(obj)) return core::CardSet::of(obj.cast<core::Card>());
  if (py::isinstance<py::str>(obj)) return core::CardSet::parse(obj.cast<std::string>());
  if (py::isinstance<py::bool_>(obj))
    throw core::WrongType("expected cards, got bool " + core::quote(py::repr(obj).cast<std::string>()));
  if (py::isinstance<py::int_>(obj) || py::hasattr(obj, "__index__")) {
    const py::int_ value = py::reinterpret_steal<py::int_>(PyNumber_Index(obj.ptr()));
    if (!value) throw py::error_already_set();
    if (value < py::int_(0) || value > py::int_(std::numeric_limits<std::uint64_t>::max()))
      throw core::InvalidValue("not a card mask: " + py::repr(obj).cast<std::string>() + " is not a 64-bit unsigned int");
    return core::CardSet::from_mask(value.cast<std::uint64_t>());
  }
  if (py::isinstance<py::iterable>(obj)) {
    core::CardSet out;
    for (py::handle item : py::reinterpret_borrow<py::iterable>(obj)) {
      const core::Card c = to_card(item);
      out |= c;
    }
    return out;
  }
  throw core::WrongType("expected cards (a CardSet, Card, text like 'As 2s', int mask or iterable of cards), got " +
                        type_name(obj) + " " + core::quote(py::repr(obj).cast<std::string>()));
}

std::uint64_t to_seed(py::handle obj) {
  if (py::isinstance<py::bool_>(obj) || !(py::isinstance<py::int_>(obj) || py::hasattr(obj, "__index__")))
    throw core::WrongType("a seed must be an int, got " + type_name(obj) + " " +
                          core::quote(py::repr(obj).cast<std::string>()));
  const py::int_ value = py::reinterpret_steal<py::int_>(PyNumber_Index(obj.ptr()));
  if (!value) throw py::error_already_set();
  if (value < py::int_(0) || value > py::int_(std::numeric_limits<std::uint64_t>::max()))
    throw core::InvalidValue("a seed must be in 0 .. 2**64 - 1, got " + py::repr(obj).cast<std::string>());
  return value.cast<std::uint64_t>();
}

core::Rng* rng_from(py::handle obj, core::Rng& local) {
  if (py::isinstance<core::Rng>(obj)) return &obj.cast<core::Rng&>();
  local.reseed(to_seed(obj));
  return &local;
}

}  // namespace parlour::bindings
