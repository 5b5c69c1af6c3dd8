// Bindings for the gin bots in parlour._core.gin: EasyBot, NormalBot, HardBot,
// play_match and the arena (glue only; the rules live in cpp/src/gin).
#include "common.hpp"

namespace parlour::bindings {

void register_gin_bots(py::module_& /*m*/) {}

}  // namespace parlour::bindings
