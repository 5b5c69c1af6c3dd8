// parlour::core interruption and thread pools — how a long computation stops when asked
// and how it spreads over threads.
//
// Every long loop of the engine (simulations, arenas, solvers, batch searches) takes a
// StopToken and asks it `stop_requested()` often (every few hundred positions or one
// game at a time); once it answers true the loop winds down and throws Interrupted.  The
// engine knows nothing of Python: a caller that wants Ctrl-C to work (the bindings)
// subclasses StopToken and overrides poll(), which the token calls at most every
// `kPollInterval` on the thread that made it (the thread that holds the interpreter).
//
// Thread counts are checked in one place (resolve_threads) and capped at kMaxThreads;
// run_parallel starts the threads, waits for them while still polling the token, stops
// them all when one fails, and never lets a thread that could not be created terminate
// the process (the work then runs on the threads that did start).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "parlour/core/errors.hpp"
#include "parlour/core/platform.hpp"

namespace parlour::core {

// Thrown by a computation that stopped because its StopToken asked it to.
class Interrupted : public Error {
 public:
  explicit Interrupted(const std::string& message = "interrupted") : Error(message, {}, ErrorKind::Interrupted) {}
};

// The most threads any call starts (a request above it is refused, not clamped).
inline constexpr int kMaxThreads = 256;

// How often the owner thread polls (e.g. for Ctrl-C).
inline constexpr std::chrono::milliseconds kPollInterval{20};

class StopToken {
 public:
  StopToken() : owner_(std::this_thread::get_id()), last_poll_(std::chrono::steady_clock::now()) {}
  StopToken(const StopToken&) = delete;
  StopToken& operator=(const StopToken&) = delete;
  virtual ~StopToken() = default;

  // True once a stop was requested (by request_stop or by poll).  Cheap: an atomic load,
  // plus on the owner thread a clock read and, every kPollInterval, one poll().
  bool stop_requested() noexcept {
    if (stop_.load(std::memory_order_relaxed)) return true;
    if (std::this_thread::get_id() == owner_) {
      const auto now = std::chrono::steady_clock::now();
      if (now - last_poll_ >= kPollInterval) {
        last_poll_ = now;
        if (poll()) request_stop();
      }
    }
    return stop_.load(std::memory_order_relaxed);
  }
  // Throws Interrupted when a stop was requested.
  void throw_if_stop_requested() {
    if (stop_requested()) throw Interrupted();
  }
  void request_stop() noexcept { stop_.store(true, std::memory_order_relaxed); }
  // Whether a stop was requested, without polling (any thread).
  [[nodiscard]] bool stopped() const noexcept { return stop_.load(std::memory_order_relaxed); }

 protected:
  // Called on the owner thread at most every kPollInterval; true asks the computation to stop.
  virtual bool poll() noexcept { return false; }

 private:
  std::atomic<bool> stop_{false};
  std::thread::id owner_;
  std::chrono::steady_clock::time_point last_poll_;
};

// A fresh token nobody stops (the default for callers that do not care).
class NoStop final : public StopToken {};

// `requested` threads as a count: 0 means one per processor this process may run on
// (platform::available_cpus, which honours an affinity mask); InvalidValue for a
// negative count or one above kMaxThreads, naming `what` (the argument).
inline int resolve_threads(long long requested, const char* what = "threads") {
  if (requested < 0 || requested > kMaxThreads)
    throw InvalidValue(std::string(what) + " must be in 0.." + std::to_string(kMaxThreads) +
                       " (0: one per core), got " + std::to_string(requested));
  if (requested == 0) return std::clamp(platform::available_cpus(), 1, kMaxThreads);
  return static_cast<int>(requested);
}

// Runs work(i) for i in 0..n-1, each on its own thread (work(0) on the calling thread),
// and returns when all have returned.  While it waits, the calling thread keeps polling
// `stop` (so Ctrl-C is seen even while other threads do the work).  The first exception
// a worker throws asks the others to stop (stop.request_stop()) and is rethrown here;
// a thread that cannot be started leaves its share to the others, so `work` must take
// its items from a shared queue rather than a fixed slice when n > 1.  n must be
// >= 1 (see resolve_threads).
template <class Work>
void run_parallel(int n, StopToken& stop, Work&& work) {
  std::mutex mu;
  std::condition_variable cv;
  int running = 0;
  std::exception_ptr error;
  auto body = [&](int i) {
    try {
      work(i);
    } catch (...) {
      const std::lock_guard<std::mutex> lock(mu);
      if (!error) error = std::current_exception();
      stop.request_stop();
    }
  };
  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(std::max(0, n - 1)));
  for (int i = 1; i < n; ++i) {
    {
      const std::lock_guard<std::mutex> lock(mu);
      ++running;
    }
    try {
      threads.emplace_back([&, i] {
        body(i);
        const std::lock_guard<std::mutex> lock(mu);
        --running;
        cv.notify_all();
      });
    } catch (const std::system_error&) {  // no more threads: the ones running share the work
      const std::lock_guard<std::mutex> lock(mu);
      --running;
      break;
    }
  }
  body(0);
  {
    std::unique_lock<std::mutex> lock(mu);
    while (running > 0) {
      cv.wait_for(lock, kPollInterval);
      lock.unlock();
      (void)stop.stop_requested();  // polls on the calling thread
      lock.lock();
    }
  }
  for (auto& t : threads) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace parlour::core
