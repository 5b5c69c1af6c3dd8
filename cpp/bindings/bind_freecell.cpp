// Bindings for parlour._core.freecell (glue only; the rules live in cpp/src/freecell).
#include "common.hpp"

namespace parlour::bindings {

void register_freecell(py::module_& /*m*/) {}

}  // namespace parlour::bindings
