// Bindings of the FreeCell solver (parlour._core.freecell): SearchResult, search, prove,
// the deal batches and the autoplay rule.  Glue only: conversions and GIL release; the
// search lives in cpp/src/freecell/solver_*.cpp, the surveys in survey.cpp.
#include <pybind11/functional.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "../common.hpp"
#include "../interrupt.hpp"
#include "freecell.hpp"
#include "parlour/freecell/solver.hpp"
#include "parlour/freecell/survey.hpp"

namespace parlour::bindings {

namespace fc = parlour::freecell;

namespace {

fc::SolveMode to_mode(const std::string& mode) {
  if (mode == "fast") return fc::SolveMode::Fast;
  if (mode == "short") return fc::SolveMode::Short;
  if (mode == "proof") return fc::SolveMode::Proof;
  throw core::InvalidValue("mode is 'fast', 'short' or 'proof', got " + core::quote(mode));
}

std::uint64_t to_limit(const py::object& value, const char* name = "max_states") {
  if (value.is_none()) return 0;
  if (!is_integer(value))
    throw core::WrongType(std::string(name) + " must be a positive int or None, got " + type_name(value) + " " +
                          quoted_repr(value));
  return static_cast<std::uint64_t>(to_int(value, name, 1, std::numeric_limits<long long>::max()));
}

double to_time(const py::object& t) {
  if (t.is_none()) return 0.0;
  if (py::isinstance<py::bool_>(t) || !(py::isinstance<py::float_>(t) || is_integer(t)))
    throw core::WrongType("time_limit must be seconds (an int or a float) or None, got " + type_name(t) + " " +
                          quoted_repr(t));
  double v = 0.0;
  try {
    v = py::float_(t).cast<double>();
  } catch (py::error_already_set&) {  // an int too large for a float
    v = 0.0;
  }
  if (!(v > 0) || !std::isfinite(v))
    throw core::InvalidValue("time_limit must be a positive, finite number of seconds or None, got " + quoted_repr(t));
  return v;
}

// SearchResult, the raw outcome of a search.
void bind_search_result(py::module_& m) {
  py::class_<fc::SolveResult>(m, "SearchResult",
                              "The raw outcome of the solver (parlour.freecell.solve wraps it in Solution, "
                              "Unsolvable or Unknown).")
      .def_property_readonly(
          "verdict", [](const fc::SolveResult& r) { return r.verdict; }, "SOLVED, UNSOLVABLE or UNKNOWN.")
      .def_property_readonly(
          "moves", [](const fc::SolveResult& r) { return r.moves; }, "The moves (when solved).")
      .def_property_readonly(
          "notation",
          [](const fc::SolveResult& r) {
            std::vector<std::string_view> out;
            out.reserve(r.moves.size());
            const std::string_view all = r.notation;
            for (std::size_t i = 0; i < all.size();) {
              std::size_t j = all.find(' ', i);
              if (j == std::string_view::npos) j = all.size();
              out.push_back(all.substr(i, j - i));
              i = j + 1;
            }
            return out;
          },
          "The moves in standard notation (a list of strings).")
      .def_property_readonly(
          "length", [](const fc::SolveResult& r) { return r.moves.size(); }, "The number of moves (0 unless solved).")
      .def_property_readonly(
          "states", [](const fc::SolveResult& r) { return r.states; }, "Positions stored.")
      .def_property_readonly(
          "expanded", [](const fc::SolveResult& r) { return r.expanded; }, "Positions expanded.")
      .def_property_readonly(
          "seconds", [](const fc::SolveResult& r) { return r.seconds; }, "Wall time of the search.")
      .def_property_readonly(
          "reason", [](const fc::SolveResult& r) { return r.reason; },
          "Why UNKNOWN: 'max_states', 'time_limit', 'memory_limit' or (prove) 'disk_limit' ('' otherwise).")
      .def_property_readonly(
          "memory", [](const fc::SolveResult& r) { return r.memory; },
          "The most bytes the search held for positions at once.")
      .def_property_readonly(
          "disk", [](const fc::SolveResult& r) { return r.disk; },
          "prove: the most bytes its files held at once (0 for other searches).")
      .def("__repr__", [](const fc::SolveResult& r) {
        return "<SearchResult verdict=" + std::to_string(static_cast<int>(r.verdict)) +
               " moves=" + std::to_string(r.moves.size()) + " states=" + std::to_string(r.states) + ">";
      });
}

// One position: search (the solver's modes) and prove (the complete scan on disk).
void bind_search(py::module_& m) {
  m.attr("DEFAULT_MEMORY_LIMIT") = fc::kDefaultMemoryLimit;
  m.def(
      "search",
      [](const fc::GameState& g, const std::string& mode, const py::object& max_states, const py::object& time_limit,
         const py::object& memory_limit) {
        const auto md = to_mode(mode);
        const auto ms = to_limit(max_states);
        const double tl = to_time(time_limit);
        const auto mem = to_limit(memory_limit, "memory_limit");
        return run_interruptible([&](core::StopToken& stop) { return fc::solve(g, md, ms, tl, &stop, mem); });
      },
      py::arg("state"), py::arg("mode") = "fast", py::arg("max_states") = py::none(),
      py::arg("time_limit") = py::none(), py::arg("memory_limit") = fc::kDefaultMemoryLimit,
      "Run the solver (GIL released, deterministic); see parlour.freecell.solve.");
  m.def(
      "prove",
      [](const fc::GameState& g, const std::string& work_dir, const py::object& time_limit,
         const py::object& memory_limit, int threads, const py::object& progress, std::uint64_t quick_states,
         const py::object& disk_limit) {
        fc::ProofOptions opt;
        opt.quick_states = quick_states;
        opt.work_dir = work_dir;
        opt.time_limit = to_time(time_limit);
        opt.memory_limit = to_limit(memory_limit, "memory_limit");
        opt.disk_limit = to_limit(disk_limit, "disk_limit");
        opt.threads = threads;
        fc::ProofProgressFn cb;
        check_callback(progress);
        if (!progress.is_none()) {
          // Called from the worker threads, one at a time; an exception stops the proof.
          cb = [&progress](const fc::ProofProgress& p) {
            py::gil_scoped_acquire gil;
            progress(p.layer, p.splits, p.states, p.disk, p.memory, p.seconds);
          };
        }
        return run_interruptible([&](core::StopToken& stop) { return fc::prove(g, opt, &stop, cb); });
      },
      py::arg("state"), py::arg("work_dir"), py::arg("time_limit") = py::none(),
      py::arg("memory_limit") = fc::kDefaultMemoryLimit, py::arg("threads") = 1, py::arg("progress") = py::none(),
      py::arg("quick_states") = fc::ProofOptions{}.quick_states, py::arg("disk_limit") = py::none(),
      "The complete scan in bounded memory with positions waiting on disk (GIL released, resumable); "
      "see parlour.freecell.prove.");
}

// Many deals: search_deals and survey_deals, the replay check, the autoplay rule.
void bind_deals(py::module_& m) {
  m.def(
      "search_deals",
      [](const py::typing::Iterable<py::int_>& deal_numbers, const std::string& mode, int jobs,
         const py::object& max_states, const py::object& time_limit, const py::object& progress) {
        // One SolveResult a deal comes back: at most 2**20 deals a call (parlour.freecell.solve_deals
        // with out=... runs more, chunk by chunk).
        constexpr std::size_t kMaxDeals = std::size_t{1} << 20;
        if (py::isinstance<py::str>(deal_numbers) || !py::isinstance<py::iterable>(deal_numbers))
          throw core::WrongType("numbers must be an iterable of deal numbers, got " + type_name(deal_numbers));
        std::vector<std::uint64_t> numbers;
        for_each_item(deal_numbers, "numbers", [&](py::handle n) {
          if (numbers.size() == kMaxDeals)
            throw core::InvalidValue("at most 2**20 deals a call (their results are kept in memory)");
          numbers.push_back(to_deal(n));
        });
        const auto md = to_mode(mode);
        const auto ms = to_limit(max_states);
        const double tl = to_time(time_limit);
        if (jobs < 1 || jobs > core::kMaxThreads)
          throw core::InvalidValue("jobs must be in 1.." + std::to_string(core::kMaxThreads) + ", got " +
                                   std::to_string(jobs));
        std::function<void(std::size_t, std::size_t, std::size_t)> cb;
        check_callback(progress);
        if (!progress.is_none()) {
          // An exception from the callback stops the batch and propagates.
          cb = [&progress](std::size_t done, std::size_t total, std::size_t index) {
            py::gil_scoped_acquire gil;
            progress(done, total, index);
          };
        }
        return run_interruptible(
            [&](core::StopToken& stop) { return fc::solve_deals(numbers, md, ms, tl, jobs, cb, &stop); });
      },
      py::arg("numbers"), py::arg("mode") = "fast", py::arg("jobs") = 1, py::arg("max_states") = py::none(),
      py::arg("time_limit") = py::none(), py::arg("progress") = py::none(),
      "Solve Microsoft deals in `jobs` threads (GIL released); progress(done, total, index) after each deal.");
  m.def(
      "replays_to_win",
      [](const fc::GameState& start, const std::string& notation) { return fc::replays_to_win(start, notation); },
      py::arg("start"), py::arg("notation"),
      "Whether the moves of `notation` (standard notation separated by spaces) are each legal in turn from "
      "`start` and leave every card on the foundations: the check survey_deals makes of every solution.");
  m.def(
      "survey_deals",
      [](const Arg<py::array_t<std::uint64_t>>& deal_numbers, const std::string& mode, int jobs,
         const py::object& max_states, const py::object& time_limit, bool solutions) {
        if (!py::isinstance<py::array_t<std::uint64_t>>(deal_numbers) ||
            py::reinterpret_borrow<py::array>(deal_numbers).ndim() != 1)
          throw core::WrongType("numbers must be a 1-D uint64 NumPy array of deal numbers, got " +
                                type_name(deal_numbers));
        const auto arr = py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast>::ensure(deal_numbers);
        std::vector<std::uint64_t> numbers(arr.data(), arr.data() + arr.size());
        const auto md = to_mode(mode);
        const auto ms = to_limit(max_states);
        const double tl = to_time(time_limit);
        if (jobs < 1 || jobs > core::kMaxThreads)
          throw core::InvalidValue("jobs must be in 1.." + std::to_string(core::kMaxThreads) + ", got " +
                                   std::to_string(jobs));
        fc::SurveyColumns c = run_interruptible(
            [&](core::StopToken& stop) { return fc::survey_deals(numbers, md, ms, tl, jobs, solutions, &stop); });
        py::dict out;
        out["deal"] = to_numpy(std::move(c.deal));
        out["verdict"] = to_numpy(std::move(c.verdict));
        out["reason"] = to_numpy(std::move(c.reason));
        out["moves"] = to_numpy(std::move(c.moves));
        out["states"] = to_numpy(std::move(c.states));
        out["seconds"] = to_numpy(std::move(c.seconds));
        out["replayed"] = to_numpy(std::move(c.replayed));
        if (solutions) out["solution"] = py::cast(c.solutions);
        return out;
      },
      py::arg("numbers"), py::arg("mode") = "fast", py::arg("jobs") = 1, py::arg("max_states") = py::none(),
      py::arg("time_limit") = py::none(), py::arg("solutions") = false,
      "Solve Microsoft deals as search_deals does, replay every solution with full checks, and return columns: "
      "deal, verdict (Verdict values), reason (0, 1 max_states, 2 time_limit, 3 memory_limit), moves, states, seconds, "
      "replayed "
      "(1 when the solution replayed to a won position) as NumPy arrays, and solution (a list of str) when "
      "solutions is true. GIL released; Ctrl-C stops it.");
  m.def(
      "is_safe_autoplay",
      [](const fc::Foundations& f, const CardLike& c) { return fc::is_safe_autoplay(f, to_card(c)); },
      py::arg("foundations"), py::arg("card"),
      "Whether the solver plays this card home automatically: it is playable and of rank <= 2, or both "
      "foundations of the other colour hold its rank minus one.");
}

}  // namespace

void register_freecell_solver(py::module_& m) {
  bind_search_result(m);
  bind_search(m);
  bind_deals(m);
}

}  // namespace parlour::bindings
