// The instruction sets of the Yahtzee vector kernels (solver_lanes.inc and the
// distribution's axpy), named here and nowhere else; internal to cpp/src/yahtzee.
//
// On x86-64 (GCC, Clang and MSVC alike) PARLOUR_YAHTZEE_HAVE_AVX2 is defined: the
// kernels are compiled a second time between PARLOUR_AVX2_BEGIN and PARLOUR_AVX2_END,
// which give just those functions the AVX2 target (GCC's `#pragma GCC target`, Clang's
// `#pragma clang attribute`; MSVC compiles AVX2 intrinsics in any function), and
// core::platform::use_avx2() chooses them at run time.  The rest of the engine stays
// at the baseline instruction set (SSE2 on x86-64), so a wheel runs on any x86-64 CPU.
// PARLOUR_YAHTZEE_SSE2 marks the baseline kernels' SSE2 registers; elsewhere (ARM,
// ...) the lanes are plain arrays.  Every version runs the same IEEE operations in
// the same order (and the build forbids fused multiply-adds), so the results are
// bit-identical.
#pragma once

#if defined(__x86_64__) || defined(_M_X64)
#define PARLOUR_YAHTZEE_HAVE_AVX2 1
#define PARLOUR_YAHTZEE_SSE2 1
#include <immintrin.h>
#if defined(__clang__)
#define PARLOUR_AVX2_BEGIN _Pragma("clang attribute push(__attribute__((target(\"avx2\"))), apply_to = function)")
#define PARLOUR_AVX2_END _Pragma("clang attribute pop")
#elif defined(__GNUC__)
#define PARLOUR_AVX2_BEGIN _Pragma("GCC push_options") _Pragma("GCC target(\"avx2\")")
#define PARLOUR_AVX2_END _Pragma("GCC pop_options")
#else
#define PARLOUR_AVX2_BEGIN
#define PARLOUR_AVX2_END
#endif
#elif defined(__SSE2__) || (defined(_M_IX86_FP) && _M_IX86_FP >= 2)
#define PARLOUR_YAHTZEE_SSE2 1
#include <emmintrin.h>
#endif

// A small kernel function inlined into its caller whatever the optimizer thinks.
#if defined(_MSC_VER) && !defined(__clang__)
#define PARLOUR_INLINE __forceinline
#else
#define PARLOUR_INLINE [[gnu::always_inline]] inline
#endif
