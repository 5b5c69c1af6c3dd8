// The one exception translator: core::Error (and its kinds) -> parlour.errors classes;
// pybind11's own argument errors become WrongTypeError too.
#include <pybind11/detail/function_record_pyobject.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_set>
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

// ---- arguments that fit no signature
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

namespace {

using Dispatcher = PyObject* (*)(PyObject*, PyObject* const*, std::size_t, PyObject*);
Dispatcher pybind_dispatcher = nullptr;  // set once by register_argument_errors

constexpr std::size_t kMaxArgumentMessage = 2000;  // bytes: the arguments' reprs can be long

struct Param {
  std::string name, type;
  bool has_default = false, keyword_only = false, positional_only = false, star_args = false, star_kwargs = false;
};

// The top-level pieces of text split at `sep` (outside (), [] and quotes).
std::vector<std::string> split_top(std::string_view text, std::string_view sep) {
  std::vector<std::string> out;
  int depth = 0;
  char quote = 0;
  std::size_t from = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote != 0) {
      if (c == quote) quote = 0;
      continue;
    }
    if (c == '\'' || c == '"') quote = c;
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (depth == 0 && text.substr(i, sep.size()) == sep) {
      out.emplace_back(text.substr(from, i - from));
      from = i + sep.size();
      i = from - 1;
    }
  }
  out.emplace_back(text.substr(from));
  return out;
}

// The parameters of a pybind11 signature "(self: X, a: int, *, b: str = 'x') -> R".
std::vector<Param> parse_signature(std::string_view sig) {
  std::vector<Param> out;
  if (sig.empty() || sig.front() != '(') return out;
  int depth = 0;
  std::size_t close = 0;
  for (std::size_t i = 0; i < sig.size(); ++i) {
    if (sig[i] == '(' || sig[i] == '[') ++depth;
    if (sig[i] == ')' || sig[i] == ']') --depth;
    if (depth == 0) {
      close = i;
      break;
    }
  }
  const std::string_view inner = sig.substr(1, close - 1);
  if (inner.empty()) return out;
  bool keyword_only = false;
  for (const std::string& piece : split_top(inner, ", ")) {
    if (piece == "*") {
      keyword_only = true;
      continue;
    }
    if (piece == "/") {
      for (Param& q : out) q.positional_only = true;
      continue;
    }
    Param q;
    std::string rest = piece;
    if (const auto parts = split_top(rest, " = "); parts.size() > 1) {
      q.has_default = true;
      rest = parts[0];
    }
    const auto colon = rest.find(": ");
    q.name = rest.substr(0, colon);
    q.type = colon == std::string::npos ? std::string("object") : rest.substr(colon + 2);
    if (q.name.rfind("**", 0) == 0) {
      q.star_kwargs = true;
      q.name = q.name.substr(2);
    } else if (q.name.rfind('*', 0) == 0) {
      q.star_args = true;
      q.name = q.name.substr(1);
      keyword_only = true;
    }
    q.keyword_only = keyword_only && !q.star_args;
    out.push_back(std::move(q));
  }
  return out;
}

std::string strip(std::string_view t) {
  while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
  while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
  return std::string(t);
}

// "parlour._core.gin.Rules" -> "Rules"
std::string short_name(std::string_view qualified) {
  const auto dot = qualified.rfind('.');
  return std::string(dot == std::string_view::npos ? qualified : qualified.substr(dot + 1));
}

// A type of the signature in words: "an int", "a Rules or None", "a list of ints".
std::string in_words(std::string_view type, bool plural = false);

std::string generic_in_words(std::string_view base, std::string_view inner, bool plural) {
  const std::string b(base);
  const std::string of = in_words(inner, true);
  const auto a = [&](const std::string& noun) { return (plural ? noun + "s" : "a " + noun) + " of " + of; };
  if (b == "list" || b == "typing.List") return a("list");
  if (b == "collections.abc.Sequence" || b == "typing.Sequence") return a("sequence");
  if (b == "collections.abc.Iterable" || b == "typing.Iterable" || b == "collections.abc.Iterator")
    return plural ? "iterables of " + of : "an iterable of " + of;
  if (b == "dict" || b == "typing.Dict" || b == "collections.abc.Mapping") return plural ? "dicts" : "a dict";
  if (b == "tuple" || b == "typing.Tuple") {
    const auto items = split_top(inner, ", ");
    std::string t;
    for (std::size_t i = 0; i < items.size(); ++i) t += (i ? ", " : "") + in_words(items[i]);
    return (plural ? "tuples (" : "a tuple (") + t + ")";
  }
  if (b == "typing.Optional") return in_words(inner, plural) + " or None";
  if (b == "typing.Union") {
    std::string t;
    const auto items = split_top(inner, ", ");
    for (std::size_t i = 0; i < items.size(); ++i)
      t += (i ? (i + 1 == items.size() ? " or " : ", ") : "") + in_words(items[i], plural);
    return t;
  }
  if (b == "collections.abc.Callable" || b == "typing.Callable") return plural ? "callables" : "a callable";
  if (b.find("NDArray") != std::string::npos || b == "numpy.ndarray" || b == "typing.Annotated")
    return plural ? "NumPy arrays" : "a NumPy array";
  return plural ? short_name(b) + "s" : "a " + short_name(b);
}

std::string in_words(std::string_view type, bool plural) {
  const auto alternatives = split_top(type, " | ");
  std::vector<std::string> words;
  for (const std::string& raw : alternatives) {
    const std::string alt = strip(raw);
    std::string w;
    if (alt == "typing.SupportsInt" || alt == "typing.SupportsIndex" || alt == "int")
      w = plural ? "ints" : "an int";
    else if (alt == "typing.SupportsFloat" || alt == "float")
      w = plural ? "numbers" : "a number";
    else if (alt == "str")
      w = plural ? "strs" : "a str";
    else if (alt == "bytes")
      w = plural ? "bytes" : "bytes";
    else if (alt == "bool")
      w = "True or False";
    else if (alt == "None")
      w = "None";
    else if (alt == "object" || alt == "typing.Any")
      w = plural ? "values" : "any value";
    else if (const auto open = alt.find('['); open != std::string::npos && alt.back() == ']')
      w = generic_in_words(std::string_view(alt).substr(0, open),
                           std::string_view(alt).substr(open + 1, alt.size() - open - 2), plural);
    else
      w = plural ? short_name(alt) + "s" : "a " + short_name(alt);
    if (std::find(words.begin(), words.end(), w) == words.end()) words.push_back(w);
  }
  // "a number" already covers "an int" (SupportsFloat | SupportsIndex)
  if (std::find(words.begin(), words.end(), plural ? "numbers" : "a number") != words.end())
    words.erase(std::remove(words.begin(), words.end(), plural ? "ints" : "an int"), words.end());
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i)
    out += (i == 0 ? "" : (i + 1 == words.size() ? " or " : ", ")) + words[i];
  return out;
}

// The class named by a qualified name ("parlour._core.gin.Rules", "builtins.int",
// "parlour._core.gin.HardBot.KnockEstimate"), or None when it names none.
py::object resolve_type(const std::string& qualified) {
  const auto parts = split_top(qualified, ".");
  if (parts.size() == 1) return py::getattr(py::module_::import("builtins"), qualified.c_str(), py::none());
  for (std::size_t cut = parts.size() - 1; cut > 0; --cut) {
    std::string module = parts[0];
    for (std::size_t i = 1; i < cut; ++i) module += "." + parts[i];
    py::object found;
    try {
      found = py::module_::import(module.c_str());
    } catch (py::error_already_set& e) {
      if (!e.matches(PyExc_ImportError)) throw;
      continue;
    }
    for (std::size_t i = cut; i < parts.size() && !found.is_none(); ++i)
      found = py::getattr(found, parts[i].c_str(), py::none());
    return found;
  }
  return py::none();
}

bool is_iterable(py::handle value) {
  return PyObject_HasAttrString(value.ptr(), "__iter__") != 0 || PySequence_Check(value.ptr()) != 0;
}

// Whether value is of `type` (a signature's type text); an unknown type fits anything.
bool fits(py::handle value, std::string_view type) {
  for (const std::string& raw : split_top(type, " | ")) {
    const std::string alt = strip(raw);
    PyObject* v = value.ptr();
    if (alt == "typing.SupportsInt" || alt == "typing.SupportsIndex" || alt == "int") {
      if (is_integer(value)) return true;
    } else if (alt == "typing.SupportsFloat" || alt == "float") {
      if (PyFloat_Check(v) || is_integer(value) ||
          (!PyUnicode_Check(v) && Py_TYPE(v)->tp_as_number != nullptr && Py_TYPE(v)->tp_as_number->nb_float != nullptr))
        return true;
    } else if (alt == "str") {
      if (PyUnicode_Check(v)) return true;
    } else if (alt == "bytes") {
      if (PyBytes_Check(v)) return true;
    } else if (alt == "bool") {
      if (PyBool_Check(v)) return true;
    } else if (alt == "None") {
      if (value.is_none()) return true;
    } else if (const auto open = alt.find('['); open != std::string::npos && alt.back() == ']') {
      const std::string base = alt.substr(0, open);
      const std::string inner = alt.substr(open + 1, alt.size() - open - 2);
      if (base == "list" || base == "typing.List" || base == "collections.abc.Sequence" || base == "typing.Sequence") {
        if (PySequence_Check(v) != 0 && !PyUnicode_Check(v) && !PyBytes_Check(v) && !PyDict_Check(v)) return true;
      } else if (base == "collections.abc.Iterable" || base == "typing.Iterable" ||
                 base == "collections.abc.Iterator") {
        if (is_iterable(value)) return true;
      } else if (base == "dict" || base == "typing.Dict" || base == "collections.abc.Mapping") {
        if (PyDict_Check(v) || PyMapping_Check(v) != 0) return true;
      } else if (base == "tuple" || base == "typing.Tuple") {
        if (PySequence_Check(v) != 0 && !PyUnicode_Check(v)) return true;
      } else if (base == "typing.Optional") {
        if (value.is_none() || fits(value, inner)) return true;
      } else if (base == "typing.Union") {
        for (const std::string& item : split_top(inner, ", "))
          if (fits(value, item)) return true;
      } else if (base == "collections.abc.Callable" || base == "typing.Callable") {
        if (PyCallable_Check(v) != 0) return true;
      } else {
        return true;  // NumPy arrays (any array-like converts), Literal, ...: not checked here
      }
    } else if (alt == "object" || alt == "typing.Any") {
      return true;
    } else {
      const py::object cls = resolve_type(alt);
      if (!PyType_Check(cls.ptr())) return true;
      const int is = PyObject_IsInstance(v, cls.ptr());
      if (is < 0) PyErr_Clear();
      if (is > 0) return true;
    }
  }
  return false;
}

// What one overload says about a call: "" when the arguments fit (as far as fits() can tell).
struct Verdict {
  bool arity_ok = true;
  int matched = 0;     // parameters checked before the first that does not fit
  std::string reason;  // empty when everything fits
};

std::string described(py::handle value) { return type_name(value) + " " + quoted_repr(value); }

Verdict judge(const std::vector<Param>& params, PyObject* const* args, std::size_t npos, PyObject* kwnames,
              bool skip_self) {
  Verdict out;
  std::vector<py::handle> given(params.size());
  std::size_t positional = 0;  // parameters that take a positional argument
  bool star_args = false, star_kwargs = false;
  for (const Param& q : params) {
    if (q.star_args) star_args = true;
    if (q.star_kwargs) star_kwargs = true;
    if (!q.keyword_only && !q.star_args && !q.star_kwargs) ++positional;
  }
  const std::size_t first = skip_self ? 1 : 0;  // the self of a constructor is not the caller's
  if (npos > positional && !star_args) {
    out.arity_ok = false;
    const std::size_t shown = positional - first, got = npos - first;
    out.reason = "takes " + (shown == 0 ? std::string("no") : std::to_string(shown)) + " positional argument" +
                 (shown == 1 ? "" : "s") + ", got " + std::to_string(got);
    return out;
  }
  for (std::size_t i = 0; i < std::min(npos, positional); ++i) given[i] = args[i];
  const Py_ssize_t nkw = kwnames != nullptr ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t k = 0; k < nkw; ++k) {
    const char* key = PyUnicode_AsUTF8(PyTuple_GET_ITEM(kwnames, k));
    if (key == nullptr) {
      PyErr_Clear();
      continue;
    }
    bool found = false;
    for (std::size_t i = 0; i < params.size(); ++i) {
      if (params[i].name != key || params[i].star_args || params[i].star_kwargs || params[i].positional_only) continue;
      found = true;
      if (given[i]) {
        out.arity_ok = false;
        out.reason = "got " + params[i].name + " twice (by position and by keyword)";
        return out;
      }
      given[i] = args[npos + static_cast<std::size_t>(k)];
    }
    if (!found && !star_kwargs) {
      out.arity_ok = false;
      std::string names;
      for (std::size_t i = first; i < params.size(); ++i)
        if (!params[i].star_args && !params[i].star_kwargs && !params[i].positional_only)
          names += (names.empty() ? "" : ", ") + params[i].name;
      out.reason = std::string("has no parameter ") + key + (names.empty() ? "" : " (its parameters: " + names + ")");
      return out;
    }
  }
  for (std::size_t i = first; i < params.size(); ++i) {
    const Param& q = params[i];
    if (q.star_args || q.star_kwargs || given[i] || q.has_default) continue;
    out.arity_ok = false;
    out.reason = "missing its argument " + q.name + " (" + in_words(q.type) + ")";
    return out;
  }
  for (std::size_t i = first; i < params.size(); ++i) {
    const Param& q = params[i];
    if (q.star_args || q.star_kwargs || !given[i]) continue;
    if (!fits(given[i], q.type)) {
      out.reason = q.name + " must be " + in_words(q.type) + ", got " + described(given[i]);
      return out;
    }
    ++out.matched;
  }
  // Every value is of its parameter's type, yet pybind11 refused: text that is not valid
  // Unicode, an int out of the C++ type's range (a count above 2**31, a negative id), or
  // an element of a container.
  for (std::size_t i = first; i < params.size(); ++i) {
    if (!given[i] || !PyUnicode_Check(given[i].ptr())) continue;
    if (PyUnicode_AsUTF8AndSize(given[i].ptr(), nullptr) == nullptr) {
      PyErr_Clear();
      out.reason = params[i].name + " is not valid Unicode text (it holds a lone surrogate): " + quoted_repr(given[i]);
      return out;
    }
  }
  for (std::size_t i = first; i < params.size(); ++i) {
    if (!given[i] || params[i].star_args || params[i].star_kwargs) continue;
    if (is_integer(given[i]) && split_top(params[i].type, "[").size() == 1) {
      out.reason = params[i].name + " is out of range, got " + quoted_repr(given[i]);
      return out;
    }
  }
  for (std::size_t i = first; i < params.size(); ++i) {
    if (!given[i] || params[i].star_args || params[i].star_kwargs) continue;
    if (params[i].type.find('[') != std::string::npos) {
      out.reason = params[i].name + " must be " + in_words(params[i].type) + ", got " + described(given[i]);
      return out;
    }
  }
  out.reason = "cannot take these arguments";
  return out;
}

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
