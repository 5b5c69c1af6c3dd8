// The one exception translator: core::Error (and its kinds) -> parlour.errors classes;
// pybind11's own argument errors become WrongTypeError too.
#include <pybind11/detail/function_record_pyobject.h>

#include <string>
#include <unordered_set>

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

// pybind11's cast_error ("Unable to cast Python instance of type ... to C++ type ...")
// from a conversion inside a function: WrongTypeError with pybind11's text, without its
// advice on compile options.
void set_cast_error(const py::cast_error& e) {
  std::string what = e.what();
  if (const auto cut = what.find(" (#define PYBIND11_DETAILED_ERROR_MESSAGES"); cut != std::string::npos)
    what.resize(cut);
  set_error(core::WrongType("an argument of the wrong type or out of range: " + what));
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

// ---- arguments that fit no signature
//
// When no overload of a bound function accepts the arguments, pybind11's dispatcher
// raises a bare TypeError ("f(): incompatible function arguments. The following argument
// types are supported: ...").  register_argument_errors points every bound function's
// method slot at checked_dispatcher, which calls pybind11's dispatcher and, on that one
// error, raises WrongTypeError (a TypeError too) with the same text and the function's
// class in its name.  The successful path costs one extra direct call; overload
// resolution, signatures, docstrings and stubs are untouched.

namespace {

using Dispatcher = PyObject* (*)(PyObject*, PyObject* const*, std::size_t, PyObject*);
Dispatcher pybind_dispatcher = nullptr;  // set once by register_argument_errors

constexpr std::size_t kMaxArgumentMessage = 2000;  // bytes: the arguments' reprs can be long

void rewrite_argument_error(PyObject* self) {
  PyObject *type = nullptr, *value = nullptr, *traceback = nullptr;
  PyErr_Fetch(&type, &value, &traceback);
  PyErr_NormalizeException(&type, &value, &traceback);
  auto restore = [&] { PyErr_Restore(type, value, traceback); };
  if (type != PyExc_TypeError || value == nullptr) return restore();
  PyObject* text = PyObject_Str(value);
  const char* utf8 = text != nullptr ? PyUnicode_AsUTF8(text) : nullptr;
  if (utf8 == nullptr) {
    PyErr_Clear();
    Py_XDECREF(text);
    return restore();
  }
  std::string message(utf8);
  Py_DECREF(text);
  const bool no_signature =
      message.find("(): incompatible ") != std::string::npos &&
      message.find(" arguments. The following argument types are supported:") != std::string::npos;
  const bool no_self = message.rfind("__init__(self, ...) called with invalid or missing `self` argument", 0) == 0;
  if (!no_signature && !no_self) return restore();
  // Name the class of a method: "Card.from_index(): ..." rather than "from_index(): ...".
  const py::detail::function_record* rec = reinterpret_cast<py::detail::function_record_PyObject*>(self)->cpp_func_rec;
  if (rec != nullptr && rec->scope && PyType_Check(rec->scope.ptr()))
    message.insert(
        0, std::string(reinterpret_cast<PyTypeObject*>(rec->scope.ptr())->tp_name)
                   .substr(std::string(reinterpret_cast<PyTypeObject*>(rec->scope.ptr())->tp_name).rfind('.') + 1) +
               ".");
  if (message.size() > kMaxArgumentMessage) {
    std::size_t cut = kMaxArgumentMessage;
    while (cut > 0 && (static_cast<unsigned char>(message[cut]) & 0xC0u) == 0x80u) --cut;  // a UTF-8 boundary
    message.resize(cut);
    message += " ...";
  }
  PyObject* errors = PyImport_ImportModule("parlour.errors");
  PyObject* cls = errors != nullptr ? PyObject_GetAttrString(errors, "WrongTypeError") : nullptr;
  Py_XDECREF(errors);
  if (cls == nullptr) {
    PyErr_Clear();
    return restore();
  }
  Py_DECREF(type);
  Py_XDECREF(value);
  Py_XDECREF(traceback);
  PyErr_SetString(cls, message.c_str());
  Py_DECREF(cls);
}

PyObject* checked_dispatcher(PyObject* self, PyObject* const* args, std::size_t nargsf, PyObject* kwnames) {
  PyObject* result = pybind_dispatcher(self, args, nargsf, kwnames);
  if (result == nullptr && PyErr_ExceptionMatches(PyExc_TypeError)) rewrite_argument_error(self);
  return result;
}

void check_function(PyObject* obj) {
  PyObject* inner = nullptr;  // a new reference when set
  if (PyInstanceMethod_Check(obj)) {
    obj = PyInstanceMethod_GET_FUNCTION(obj);
  } else if (Py_IS_TYPE(obj, &PyStaticMethod_Type)) {
    inner = PyObject_GetAttrString(obj, "__func__");
    if (inner == nullptr) {
      PyErr_Clear();
      return;
    }
    obj = inner;
  }
  if (PyCFunction_Check(obj)) {
    PyMethodDef* def = reinterpret_cast<PyCFunctionObject*>(obj)->m_ml;
    if (def != nullptr && reinterpret_cast<void (*)()>(def->ml_meth) == reinterpret_cast<void (*)()>(pybind_dispatcher))
      def->ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&checked_dispatcher));
  }
  Py_XDECREF(inner);
}

void check_class(PyObject* type, std::unordered_set<PyObject*>& seen) {
  if (!seen.insert(type).second) return;
  PyObject* dict = reinterpret_cast<PyTypeObject*>(type)->tp_dict;
  PyObject *key = nullptr, *value = nullptr;
  Py_ssize_t pos = 0;
  while (PyDict_Next(dict, &pos, &key, &value)) {
    if (PyType_Check(value)) {
      if (py::detail::get_type_info(reinterpret_cast<PyTypeObject*>(value)) != nullptr) check_class(value, seen);
    } else if (PyObject_TypeCheck(value, &PyProperty_Type)) {
      for (const char* part : {"fget", "fset", "fdel"}) {
        PyObject* f = PyObject_GetAttrString(value, part);
        if (f == nullptr) {
          PyErr_Clear();
          continue;
        }
        check_function(f);
        Py_DECREF(f);
      }
    } else {
      check_function(value);
    }
  }
}

}  // namespace

void register_argument_errors(py::module_& root) {
  // pybind11's dispatcher: the method slot of any function it made.
  const py::cpp_function probe([] {});
  pybind_dispatcher = reinterpret_cast<Dispatcher>(
      reinterpret_cast<void (*)()>(reinterpret_cast<PyCFunctionObject*>(probe.ptr())->m_ml->ml_meth));
  std::vector<py::module_> modules{root};
  for (const auto& item : root.attr("__dict__").cast<py::dict>())
    if (py::isinstance<py::module_>(item.second)) modules.push_back(py::reinterpret_borrow<py::module_>(item.second));
  std::unordered_set<PyObject*> seen;
  for (const py::module_& mod : modules) {
    for (const auto& item : mod.attr("__dict__").cast<py::dict>()) {
      PyObject* value = item.second.ptr();
      if (PyType_Check(value)) {
        if (py::detail::get_type_info(reinterpret_cast<PyTypeObject*>(value)) != nullptr) check_class(value, seen);
      } else {
        check_function(value);
      }
    }
  }
}

}  // namespace parlour::bindings

namespace parlour::bindings {

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
