// A minimal test harness for the C++ scenario tests (cpp/tests/<game>_test.cpp), so
// the engine can be tested, and run under the sanitizers, without Python and without
// a test framework:
//
//   TEST_CASE(knock_at_ten) { CHECK(r.phase() == Phase::Layoff); CHECK_EQ(points, 20); }
//   int main() { return parlour::test::run_all(); }
//
// A failed CHECK prints the file, the line and the expression, and the test goes on;
// CHECK_THROWS(expr, Type) expects expr to throw Type.  run_all() runs every test
// case in the order of definition and returns 1 when any check failed (ctest then
// reports the test as failed), 0 otherwise.
#pragma once

#include <cstdio>
#include <exception>
#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

// PARLOUR_TEST_SANITIZED is 1 in a build under AddressSanitizer (GCC or Clang), where
// the engine runs several times slower: a test may then leave out a repeat of work that
// other builds check.
#if defined(__SANITIZE_ADDRESS__)
#define PARLOUR_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PARLOUR_TEST_SANITIZED 1
#endif
#endif
#ifndef PARLOUR_TEST_SANITIZED
#define PARLOUR_TEST_SANITIZED 0
#endif

namespace parlour::test {

struct Case {
  const char* name;
  std::function<void()> body;
};

inline std::vector<Case>& registry() {
  static std::vector<Case> cases;
  return cases;
}

inline int& failures() {
  static int n = 0;
  return n;
}

struct Register {
  Register(const char* name, std::function<void()> body) { registry().push_back({name, std::move(body)}); }
};

inline void fail(const char* file, int line, const std::string& what) {
  std::fprintf(stderr, "%s:%d: FAILED: %s\n", file, line, what.c_str());
  ++failures();
}

template <class A, class B>
void check_eq(const A& a, const B& b, const char* text, const char* file, int line) {
  if (a == b) return;
  std::ostringstream s;
  s << text;
  if constexpr (requires(std::ostream& o) { o << a << b; }) s << " (" << a << " != " << b << ")";
  fail(file, line, s.str());
}

inline int run_all() {
  for (const auto& c : registry()) {
    const int before = failures();
    try {
      c.body();
    } catch (const std::exception& e) { fail(c.name, 0, std::string("uncaught exception: ") + e.what()); }
    std::printf("%s %s\n", failures() == before ? "ok    " : "FAILED", c.name);
  }
  std::printf("%zu test cases, %d failed checks\n", registry().size(), failures());
  return failures() == 0 ? 0 : 1;
}

}  // namespace parlour::test

#define PARLOUR_TEST_CAT2(a, b) a##b
#define PARLOUR_TEST_CAT(a, b) PARLOUR_TEST_CAT2(a, b)

#define TEST_CASE(name)                                                                                            \
  static void PARLOUR_TEST_CAT(test_, name)();                                                                     \
  static const ::parlour::test::Register PARLOUR_TEST_CAT(register_, name){#name, &PARLOUR_TEST_CAT(test_, name)}; \
  static void PARLOUR_TEST_CAT(test_, name)()

#define CHECK(expr) ((expr) ? void(0) : ::parlour::test::fail(__FILE__, __LINE__, #expr))

#define CHECK_EQ(a, b) ::parlour::test::check_eq((a), (b), #a " == " #b, __FILE__, __LINE__)

#define CHECK_THROWS(expr, Type)                                                                 \
  do {                                                                                           \
    bool parlour_test_thrown = false;                                                            \
    try {                                                                                        \
      (void)(expr);                                                                              \
    } catch (const Type&) { parlour_test_thrown = true; }                                        \
    if (!parlour_test_thrown) ::parlour::test::fail(__FILE__, __LINE__, #expr " throws " #Type); \
  } while (false)
