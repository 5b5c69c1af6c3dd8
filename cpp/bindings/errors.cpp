// The one exception translator: core::Error (and its kinds) -> parlour.errors classes;
// an object made without its constructor, or a damaged pickled state, raises the
// library's error (arguments that fit no signature: arguments.cpp).
#include <stdexcept>
#include <string>
#include <vector>

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
  } catch (const core::Error& e) { set_error(e); } catch (py::error_already_set& e) {
    e.restore();
  } catch (const py::builtin_exception& e) { e.set_error(); } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  } catch (const std::exception& e) { PyErr_SetString(PyExc_RuntimeError, e.what()); } catch (...) {
    PyErr_SetString(PyExc_RuntimeError, "unknown C++ exception");
  }
}

// pybind11's cast_error ("Unable to cast Python instance of type <class 'int'> to C++ type
// '?'") from a conversion inside a function: WrongTypeError in the library's words, naming
// the Python type that did not fit.  (Arguments are converted by the converters, which name
// the parameter; this is the net under them.)
void set_cast_error(const py::cast_error& e) {
  const std::string what = e.what();
  std::string got;
  if (const auto open = what.find("<class '"); open != std::string::npos) {
    const auto close = what.find("'>", open + 8);
    if (close != std::string::npos) got = what.substr(open + 8, close - open - 8);
  }
  set_error(core::WrongType(got.empty() ? std::string("a value of the wrong type or out of range")
                                        : "a value of type " + got + " is of the wrong type or out of range here"));
}

void register_errors(py::module_& /*m*/) {
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const core::Error& e) { set_error(e); } catch (const py::cast_error& e) {
      set_cast_error(e);
    }
  });
}

bool unconstructed(py::handle src, const py::detail::type_info* tinfo) {
  if (tinfo == nullptr || !src || !PyObject_TypeCheck(src.ptr(), tinfo->type)) return false;
  auto* inst = reinterpret_cast<py::detail::instance*>(src.ptr());
  // The instance's own value (a derived class's object holds the value of the base it was made as).
  const py::detail::value_and_holder vh = inst->get_value_and_holder(nullptr, /*throw_if_missing=*/false);
  return !vh || vh.value_ptr() == nullptr;  // an instance never made has no value (or no value slot found)
}

void throw_unconstructed(py::handle src) {
  const std::string name = type_name(src);
  throw core::FormatError("this " + name + " was never made: it was created by " + name +
                          ".__new__ without __init__ or __setstate__ (for example by unpickling data without a state)");
}

namespace {

// pybind11 answers a __setstate__ given a state of the wrong shape with its own TypeError
// ("incompatible constructor arguments"), IndexError or RuntimeError ("Unable to cast").
// Wrap each class's __setstate__ so that unpickling damaged or foreign data raises
// StateFormatError instead; the library's own errors pass through unchanged.
void guard_setstate(const py::handle& cls, const std::string& name) {
  PyObject* setstate = PyDict_GetItemString(reinterpret_cast<PyTypeObject*>(cls.ptr())->tp_dict, "__setstate__");
  if (setstate == nullptr || !PyInstanceMethod_Check(setstate)) return;
  py::object original = py::reinterpret_borrow<py::object>(PyInstanceMethod_GET_FUNCTION(setstate));
  py::setattr(cls, "__setstate__",
              py::cpp_function(
                  [original, name](const py::handle& self, const py::object& state) {
                    try {
                      original(self, state);
                    } catch (py::error_already_set& e) {
                      static const py::handle library =
                          py::object(py::module_::import("parlour.errors").attr("ParlourError")).release();
                      if (e.matches(library) || !(e.matches(PyExc_TypeError) || e.matches(PyExc_ValueError) ||
                                                  e.matches(PyExc_IndexError) || e.matches(PyExc_KeyError) ||
                                                  e.matches(PyExc_RuntimeError) || e.matches(PyExc_OverflowError)))
                        throw;
                      throw core::FormatError("not the pickled state of a " + name + " of this version: got " +
                                              type_name(state) + " " + quoted_repr(state));
                    }
                  },
                  py::is_method(cls), py::name("__setstate__"), py::arg("state")));
}

}  // namespace

// A class bound without a constructor answers X(...) with pybind11's bare TypeError ("No
// constructor defined!").  Give each such class an __init__ that raises WrongTypeError
// naming the class instead; pickling and copying do not call __init__ and still work.
void register_constructor_errors(py::module_& root) {
  std::vector<py::module_> modules{root};
  for (const auto& item : root.attr("__dict__").cast<py::dict>())
    if (py::isinstance<py::module_>(item.second)) modules.push_back(py::reinterpret_borrow<py::module_>(item.second));
  for (const py::module_& mod : modules) {
    for (const auto& item : mod.attr("__dict__").cast<py::dict>()) {
      if (!PyType_Check(item.second.ptr())) continue;
      auto* type = reinterpret_cast<PyTypeObject*>(item.second.ptr());
      if (py::detail::get_type_info(type) == nullptr) continue;  // not a bound class (a native enum, ...)
      // A bound constructor is an instancemethod in the class's dict; without one, the dict
      // holds pybind11's inherited slot wrapper (or nothing).
      const std::string name = py::str(item.second.attr("__name__")).cast<std::string>();
      guard_setstate(item.second, name);
      PyObject* init = PyDict_GetItemString(type->tp_dict, "__init__");  // borrowed
      if (init != nullptr && PyInstanceMethod_Check(init)) continue;
      const std::string message = name + " objects are not made by " + name +
                                  "(...): the library's functions and methods return them (see help(" + name + "))";
      // pybind11 copies the docstring when it makes the function.
      const std::string doc = "Refuses: " + message + ".";
      py::setattr(item.second, "__init__",
                  py::cpp_function([message](const py::handle&, const py::args&,
                                             const py::kwargs&) { throw core::WrongType(message); },
                                   py::is_method(item.second), py::name("__init__"), py::doc(doc.c_str())));
    }
  }
}

}  // namespace parlour::bindings
