// Reading a bound function's signatures, and judging a call's arguments against them in
// the library's words: what arguments.cpp says when no overload takes a call's arguments.
#include "signature.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace parlour::bindings {

namespace {

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

}  // namespace

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

namespace {

std::string strip(std::string_view t) {
  while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
  while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
  return std::string(t);
}

}  // namespace

// "parlour._core.gin.Rules" -> "Rules"
std::string short_name(std::string_view qualified) {
  const auto dot = qualified.rfind('.');
  return std::string(dot == std::string_view::npos ? qualified : qualified.substr(dot + 1));
}

namespace {

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

std::string described(py::handle value) { return type_name(value) + " " + quoted_repr(value); }

}  // namespace

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
  for (std::size_t i = first; i < params.size(); ++i) {  // None where the type does not say "| None"
    if (given[i] && given[i].is_none() && params[i].type.find("None") == std::string::npos) {
      out.reason = params[i].name + " must not be None";
      return out;
    }
  }
  for (std::size_t i = first; i < params.size(); ++i) {  // a number whose __float__ fails
    const std::string& t = params[i].type;
    if (!given[i] || (t.find("SupportsFloat") == std::string::npos && t != "float")) continue;
    if (PyFloat_AsDouble(given[i].ptr()) == -1.0 && PyErr_Occurred() != nullptr) {
      PyErr_Clear();
      out.reason = params[i].name + " must be a number, got " + described(given[i]) + " (its __float__ failed)";
      return out;
    }
  }
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

}  // namespace parlour::bindings
