// Private glue shared by the gin binding files (bind_gin*.cpp).
#pragma once

#include <vector>

#include "common.hpp"
#include "parlour/gin/meld.hpp"

namespace parlour::bindings {

// Melds from a Melds, a Meld, or an iterable of Meld / card collections; WrongTypeError
// for anything else, InvalidMeld for cards that are not a meld (bind_gin_scoring.cpp).
std::vector<gin::Meld> to_melds(py::handle obj);

}  // namespace parlour::bindings
