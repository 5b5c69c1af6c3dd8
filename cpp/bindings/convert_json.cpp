// Json <-> Python objects: the one place where snapshots, observations and events
// cross the boundary (dict, list, str, int, float, bool, None).
#include <cmath>
#include <string>

#include "common.hpp"

namespace parlour::bindings {

namespace {

constexpr int kMaxDepth = 64;

core::Json from_python_at(py::handle obj, const char* what, int depth) {
  if (depth > kMaxDepth)
    throw core::FormatError(std::string(what) + ": nested deeper than " + std::to_string(kMaxDepth) + " levels");
  if (obj.is_none()) return {};
  if (py::isinstance<py::bool_>(obj)) return obj.cast<bool>();
  if (py::isinstance<py::int_>(obj)) {
    try {
      return obj.cast<long long>();
    } catch (const py::cast_error&) {
      throw core::FormatError(std::string(what) + ": the int " + quoted_repr(obj) + " is out of range");
    }
  }
  if (py::isinstance<py::float_>(obj)) return obj.cast<double>();
  if (py::isinstance<py::str>(obj)) {
    Py_ssize_t size = 0;
    const char* data = PyUnicode_AsUTF8AndSize(obj.ptr(), &size);
    if (!data) {
      PyErr_Clear();
      throw core::FormatError(std::string(what) + ": a string that is not valid Unicode");
    }
    return std::string(data, static_cast<std::size_t>(size));
  }
  if (py::isinstance<py::dict>(obj)) {
    core::Json out = core::Json::object();
    for (auto item : py::reinterpret_borrow<py::dict>(obj)) {
      if (!py::isinstance<py::str>(item.first))
        throw core::FormatError(std::string(what) + ": an object key must be a string, got " + type_name(item.first));
      out.set(from_python_at(item.first, what, depth + 1).as_string(), from_python_at(item.second, what, depth + 1));
    }
    return out;
  }
  if (py::isinstance<py::list>(obj) || py::isinstance<py::tuple>(obj)) {
    core::Json out = core::Json::array();
    for (py::handle h : obj) out.push(from_python_at(h, what, depth + 1));
    return out;
  }
  throw core::FormatError(std::string(what) + ": " + type_name(obj) + " is not a JSON value");
}

}  // namespace

core::Json json_from_python(py::handle obj, const char* what) { return from_python_at(obj, what, 0); }

py::object json_to_python(const core::Json& v) {
  using K = core::Json::Kind;
  switch (v.kind()) {
    case K::Null: return py::none();
    case K::Bool: return py::bool_(v.as_bool());
    case K::Int: return py::int_(v.as_int());
    case K::Float: return py::float_(v.as_float());
    case K::String: return py::str(v.as_string());
    case K::Array: {
      const auto& a = v.as_array();
      py::list out(a.size());
      for (std::size_t i = 0; i < a.size(); ++i) out[i] = json_to_python(a[i]);
      return out;
    }
    case K::Object: {
      py::dict out;
      for (const auto& [k, x] : v.as_object()) out[py::str(k)] = json_to_python(x);
      return out;
    }
  }
  return py::none();
}

}  // namespace parlour::bindings
