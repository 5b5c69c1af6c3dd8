// Ctrl-C for long calls: run_interruptible releases the GIL, runs the engine with a
// StopToken that checks Python's signal handlers every few milliseconds, and turns a
// stop back into the exception the handler raised (KeyboardInterrupt for Ctrl-C).
#pragma once

#include <optional>
#include <type_traits>
#include <utility>

#include "common.hpp"
#include "parlour/core/interrupt.hpp"

namespace parlour::bindings {

// A StopToken whose poll runs Python's signal handlers (on the thread that made it).
class PyStopToken final : public core::StopToken {
 public:
  // Re-raises what a signal handler raised during the call, if anything (GIL held).
  void raise_pending() {
    if (pending_) {
      auto e = std::move(*pending_);
      pending_.reset();
      throw e;
    }
  }

 protected:
  bool poll() noexcept override {
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() == 0) return false;
    pending_.emplace();  // fetches the handler's exception
    return true;
  }

 private:
  std::optional<py::error_already_set> pending_;
};

// f(token) with the GIL released; Ctrl-C (or any exception a signal handler raises)
// stops it within a few tens of milliseconds and is raised here.  Call with the GIL
// held, after converting the arguments.
template <class F>
auto run_interruptible(F&& f) -> std::invoke_result_t<F&, core::StopToken&> {
  using R = std::invoke_result_t<F&, core::StopToken&>;
  PyStopToken token;
  try {
    if constexpr (std::is_void_v<R>) {
      {
        py::gil_scoped_release release;
        f(static_cast<core::StopToken&>(token));
      }
      token.raise_pending();
    } else {
      std::optional<R> out;
      {
        py::gil_scoped_release release;
        out.emplace(f(static_cast<core::StopToken&>(token)));
      }
      token.raise_pending();
      return std::move(*out);
    }
  } catch (const core::Interrupted&) {
    token.raise_pending();
    throw;
  }
}

}  // namespace parlour::bindings
