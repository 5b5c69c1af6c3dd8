// Bindings for parlour._core.gin (glue only; the rules live in cpp/src/gin).
#include "common.hpp"

namespace parlour::bindings {

void register_gin(py::module_& /*m*/) {}

}  // namespace parlour::bindings
