// One call at a time on an engine object whose binding releases the GIL while it works.
//
// A batch's step, a solver's solve or a bot's act runs in C++ with the GIL released
// (interrupt.hpp), so another Python thread may call into the same object meanwhile and
// both would change it at once.  Such a call holds the object's claim (Exclusive) for as
// long as the engine works on it: a second thread's call waits for the first to finish,
// with the GIL released and Ctrl-C still seen; a call from the thread that already holds
// the claim, or from a callback the object runs (InCallback: a progress function calling
// back into the solver being solved, on any thread), raises PhaseError instead of
// waiting for ever.  Claims are per object (by address), so calls
// on different objects never wait for each other.
#pragma once

#include <initializer_list>
#include <optional>
#include <utility>
#include <vector>

#include "interrupt.hpp"
#include "parlour/core/interrupt.hpp"

namespace parlour::bindings {

class Exclusive {
 public:
  // Claims every object of `objects` (nullptr entries and repeats are skipped) at once,
  // waiting while any is claimed by another thread; `stop` is asked while waiting
  // (core::Interrupted).  Call with the GIL released: inside run_interruptible.
  Exclusive(std::initializer_list<const void*> objects, core::StopToken& stop);
  Exclusive(const void* object, core::StopToken& stop) : Exclusive({object}, stop) {}
  // Claims the objects only if none is claimed by another thread (never waits, so the GIL
  // may be held); `if (claim)` tells whether it did.
  struct TryOnly {};
  Exclusive(std::initializer_list<const void*> objects, TryOnly);
  ~Exclusive();
  Exclusive(const Exclusive&) = delete;
  Exclusive& operator=(const Exclusive&) = delete;
  explicit operator bool() const noexcept { return claimed_; }

 private:
  // Claims every object when none is claimed by another thread; PhaseError when this
  // thread holds one already.  Call with g_mutex held.
  bool try_claim();
  std::vector<const void*> objects_;
  bool claimed_ = false;
};

// Marks the calling thread as running a callback of `owner` (a progress function called
// by a solve) for its lifetime: a claim of `owner` from inside the callback raises
// PhaseError, whichever thread the engine calls the callback on.
class InCallback {
 public:
  explicit InCallback(const void* owner) noexcept;
  ~InCallback();
  InCallback(const InCallback&) = delete;
  InCallback& operator=(const InCallback&) = delete;

 private:
  const void* previous_;
};

// f() with the GIL held while `objects` are claimed (the claim is waited for with the GIL
// released): for a method that reads or changes an object in several steps, some of them
// with the GIL released (a lazy solve, then a query).  Call with the GIL held.
template <class F>
auto claimed(std::initializer_list<const void*> objects, F&& f) -> decltype(f()) {
  std::optional<Exclusive> claim;
  claim.emplace(objects, Exclusive::TryOnly{});  // the usual case: free, claimed at once
  if (!*claim) {
    claim.reset();
    run_interruptible([&](core::StopToken& stop) { claim.emplace(objects, stop); });
  }
  return f();
}
template <class F>
auto claimed(const void* object, F&& f) -> decltype(f()) {
  return claimed({object}, std::forward<F>(f));
}

}  // namespace parlour::bindings
