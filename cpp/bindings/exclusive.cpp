// The claims of exclusive.hpp: a table of the objects in use and the thread using each.
#include "exclusive.hpp"

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <unordered_map>

#include "parlour/core/errors.hpp"

namespace parlour::bindings {

namespace {

std::mutex g_mutex;
std::condition_variable g_released;
std::unordered_map<const void*, std::thread::id>& claims() {
  static auto* table = new std::unordered_map<const void*, std::thread::id>();  // never freed: used until exit
  return *table;
}

std::vector<const void*> distinct(std::initializer_list<const void*> objects) {
  std::vector<const void*> out;
  for (const void* p : objects)
    if (p != nullptr && std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
  return out;
}

thread_local const void* t_callback_of = nullptr;  // the object whose callback this thread runs

}  // namespace

InCallback::InCallback(const void* owner) noexcept : previous_(t_callback_of) { t_callback_of = owner; }
InCallback::~InCallback() { t_callback_of = previous_; }

bool Exclusive::try_claim() {
  const auto me = std::this_thread::get_id();
  auto& table = claims();
  bool busy = false;
  for (const void* p : objects_) {
    if (p == t_callback_of)
      throw core::PhaseError(
          "this object called a callback that calls back into it (a progress function querying the solver being "
          "solved); query it after the call");
    const auto it = table.find(p);
    if (it == table.end()) continue;
    if (it->second == me)
      throw core::PhaseError(
          "this object is already working on this thread (a callback called back into the object that called it)");
    busy = true;
  }
  if (busy) return false;
  for (const void* p : objects_) table.emplace(p, me);
  claimed_ = true;
  return true;
}

Exclusive::Exclusive(std::initializer_list<const void*> objects, core::StopToken& stop) : objects_(distinct(objects)) {
  std::unique_lock<std::mutex> lock(g_mutex);
  while (!try_claim()) {
    g_released.wait_for(lock, core::kPollInterval);
    lock.unlock();
    stop.throw_if_stop_requested();
    lock.lock();
  }
}

Exclusive::Exclusive(std::initializer_list<const void*> objects, TryOnly) : objects_(distinct(objects)) {
  const std::lock_guard<std::mutex> lock(g_mutex);
  (void)try_claim();
}

Exclusive::~Exclusive() {
  if (!claimed_) return;
  {
    const std::lock_guard<std::mutex> lock(g_mutex);
    for (const void* p : objects_) claims().erase(p);
  }
  g_released.notify_all();
}

}  // namespace parlour::bindings
