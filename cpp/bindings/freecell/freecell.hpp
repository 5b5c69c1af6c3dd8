// Shared glue of the FreeCell binding files (cpp/bindings/freecell/).  No game logic.
#pragma once

#include <cstdint>

#include "../common.hpp"

namespace parlour::bindings {

// A Microsoft deal number from Python: an int in 1 .. 2**33 - 1 (WrongTypeError,
// InvalidValueError otherwise).
std::uint64_t to_deal(py::handle obj);

}  // namespace parlour::bindings
