// Arguments that fit no signature: WrongTypeError naming the parameter, for every bound
// function.
//
// When no overload of a bound function accepts the arguments, pybind11's dispatcher
// raises a bare TypeError ("f(): incompatible function arguments. The following argument
// types are supported: ...") listing its overloads in C++-flavoured types.
// register_argument_errors points every bound function's method slot at
// checked_dispatcher, which calls pybind11's dispatcher and, on that one error, raises
// WrongTypeError saying in the library's words which parameter is wrong and what it
// takes: "Card.from_index(): index must be an int, got str 'x'".  It reads the
// parameters' names, types and defaults from each overload's signature, matches the
// call's arguments to them as Python would, and checks each value against its type (an
// int: an int or an object with __index__; a class: an instance; X | None; a sequence,
// an iterable, a callable, ...).  The successful path costs one extra direct call;
// overload resolution, signatures, docstrings and stubs are untouched.
#include <pybind11/detail/function_record_pyobject.h>

#include <stdexcept>
#include <string>
#include <unordered_set>
#include <vector>

#include "common.hpp"
#include "signature.hpp"

namespace parlour::bindings {

namespace {

using Dispatcher = PyObject* (*)(PyObject*, PyObject* const*, std::size_t, PyObject*);
Dispatcher pybind_dispatcher = nullptr;  // set once by register_argument_errors

constexpr std::size_t kMaxArgumentMessage = 2000;  // bytes: the arguments' reprs can be long

// "Card()", "Card.from_index()", "deadwood()".
std::string function_name(const py::detail::function_record* rec) {
  std::string owner;
  if (rec->scope && PyType_Check(rec->scope.ptr()))
    owner = short_name(reinterpret_cast<PyTypeObject*>(rec->scope.ptr())->tp_name);
  const std::string name = rec->name != nullptr ? rec->name : "?";
  if (rec->is_constructor || name == "__init__") return (owner.empty() ? name : owner) + "()";
  return (owner.empty() ? "" : owner + ".") + name + "()";
}

// One overload as the user would call it: "(rank: int, suit: int)".
std::string form(const std::vector<Param>& params, bool skip_self) {
  std::string out = "(";
  bool first = true;
  for (std::size_t i = (skip_self ? 1 : 0); i < params.size(); ++i) {
    const Param& q = params[i];
    if (i == 0 && q.name == "self") continue;
    if (!first) out += ", ";
    if (q.star_args) out += "*";
    if (q.star_kwargs) out += "**";
    out += q.name;
    first = false;
  }
  return out + ")";
}

std::string argument_message(const py::detail::function_record* rec, PyObject* const* args, std::size_t nargsf,
                             PyObject* kwnames) {
  const std::size_t npos = PyVectorcall_NARGS(nargsf);
  const bool self_first = rec->is_method || rec->is_constructor;
  Verdict best;
  bool have = false;
  std::vector<std::string> forms;
  for (const py::detail::function_record* r = rec; r != nullptr; r = r->next) {
    const std::vector<Param> params = parse_signature(r->signature != nullptr ? r->signature : "");
    const bool skip_self = self_first && !params.empty() && params.front().name == "self";
    forms.push_back(form(params, skip_self));
    const Verdict v = judge(params, args, npos, kwnames, skip_self);
    const bool better =
        !have || (v.arity_ok && !best.arity_ok) || (v.arity_ok == best.arity_ok && v.matched > best.matched);
    if (better) {
      best = v;
      have = true;
    }
  }
  std::string message = function_name(rec) + ": " + best.reason;
  if (forms.size() > 1) {
    const std::string name = function_name(rec);
    const std::string bare = name.substr(0, name.size() - 2);
    message += " (it is called as ";
    for (std::size_t i = 0; i < forms.size(); ++i)
      message += (i == 0 ? "" : (i + 1 == forms.size() ? " or " : ", ")) + bare + forms[i];
    message += ")";
  }
  return message;
}

void rewrite_argument_error(PyObject* self, PyObject* const* args, std::size_t nargsf, PyObject* kwnames) {
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
  const std::string pybind_message(utf8);
  Py_DECREF(text);
  const bool no_signature =
      pybind_message.find("(): incompatible ") != std::string::npos &&
      pybind_message.find(" arguments. The following argument types are supported:") != std::string::npos;
  const bool no_self =
      pybind_message.rfind("__init__(self, ...) called with invalid or missing `self` argument", 0) == 0;
  if (!no_signature && !no_self) return restore();
  const py::detail::function_record* rec = reinterpret_cast<py::detail::function_record_PyObject*>(self)->cpp_func_rec;
  std::string message;
  try {
    if (rec == nullptr) throw std::runtime_error("no record");
    message = no_self ? function_name(rec) + ": called without an object made by its class (call the class itself)"
                      : argument_message(rec, args, nargsf, kwnames);
  } catch (py::error_already_set& e) {
    if (!e.matches(PyExc_Exception)) {
      Py_DECREF(type);
      Py_XDECREF(value);
      Py_XDECREF(traceback);
      e.restore();
      return;
    }
    message = pybind_message;
  } catch (const std::exception&) { message = pybind_message; }
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
  if (result == nullptr && PyErr_ExceptionMatches(PyExc_TypeError)) rewrite_argument_error(self, args, nargsf, kwnames);
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
