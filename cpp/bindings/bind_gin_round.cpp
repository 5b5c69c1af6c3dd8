// Bindings for the gin round engine in parlour._core.gin: Round, Match, Action,
// observations and bots (glue only; the rules live in cpp/src/gin).
#include "common.hpp"

namespace parlour::bindings {

void register_gin_round(py::module_& /*m*/) {}

}  // namespace parlour::bindings
