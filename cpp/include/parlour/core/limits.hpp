// parlour::core limits — the caps on the counts a call takes, so that no argument makes a
// call allocate without bound or run for ever (docs/limits.md lists every cap with the
// calls that use it).
//
// A count of work whose result is a total (the matches of an arena pair, the rounds of a
// simulation) is at most kMaxCount: at a microsecond each, 2**48 items take nine years, so
// the cap only refuses a value that cannot be meant (10**100), and a long call stops on
// Ctrl-C anyway.  A count whose results are kept item by item in memory has a smaller
// cap next to the call, worked out from the bytes an item takes (about 1 GiB in all);
// longer runs go through parlour.distributed's result stores, chunk by chunk.
#pragma once

#include <cstdint>

namespace parlour::core {

inline constexpr std::int64_t kMaxCount = std::int64_t{1} << 48;

}  // namespace parlour::core
