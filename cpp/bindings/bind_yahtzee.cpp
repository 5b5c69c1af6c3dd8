// Bindings for parlour._core.yahtzee (glue only; the rules live in cpp/src/yahtzee).
#include "common.hpp"

namespace parlour::bindings {

void register_yahtzee(py::module_& /*m*/) {}

}  // namespace parlour::bindings
