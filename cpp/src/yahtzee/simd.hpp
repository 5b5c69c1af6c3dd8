// The instruction sets the Yahtzee lane kernels (solver_lanes.inc) can be compiled for;
// internal to cpp/src/yahtzee.  On x86-64 with GCC, PARLOUR_YAHTZEE_HAVE_AVX2 is defined
// and the AVX2 intrinsics are available (the kernels are compiled a second time with the
// avx2 target and chosen at run time by use_avx2() in widget.hpp); elsewhere SSE2's
// when the target has them, otherwise the kernels are plain C++.
#pragma once

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define PARLOUR_YAHTZEE_HAVE_AVX2 1
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif
