// Bindings of the observation encoders (added to the gin, yahtzee and freecell
// submodules) and of the batched environments (parlour._core.envs).  Glue only: the
// encodings live in cpp/src/{gin,yahtzee,freecell}/encode.cpp, the batched games in
// cpp/src/envs.
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "../common.hpp"
#include "../interrupt.hpp"
#include "../yahtzee/yahtzee.hpp"
#include "parlour/envs/freecell_batch.hpp"
#include "parlour/envs/gin_batch.hpp"
#include "parlour/envs/yahtzee_batch.hpp"
#include "parlour/freecell/encode.hpp"
#include "parlour/gin/encode.hpp"
#include "parlour/yahtzee/encode.hpp"

namespace parlour::bindings {

namespace {

using Int8Array = py::array_t<std::int8_t>;

long long int_value(py::handle obj, const char* what) {
  if (py::isinstance<py::bool_>(obj) || !(py::isinstance<py::int_>(obj) || py::hasattr(obj, "__index__")))
    throw core::WrongType(std::string(what) + " must be an int, got " + type_name(obj) + " " + quoted_repr(obj));
  try {
    return py::reinterpret_steal<py::int_>(PyNumber_Index(obj.ptr())).cast<long long>();
  } catch (const py::cast_error&) {
    throw core::InvalidValue(std::string(what) + " out of range: " + py::repr(obj).cast<std::string>());
  }
}

void register_encoders(py::module_& root) {
  auto gin_m = root.attr("gin").cast<py::module_>();
  gin_m.attr("OBSERVATION_SHAPE") = py::make_tuple(gin::kObsPlanes, gin::kObsColumns);
  gin_m.attr("OBSERVATION_SIZE") = gin::kObsSize;
  gin_m.def(
      "encode_observation",
      [](const Arg<gin::Observation>& obs_obj) {
        const auto& obs = cast_arg<const gin::Observation&>(obs_obj, "a gin Observation");
        Int8Array out({py::ssize_t{gin::kObsPlanes}, py::ssize_t{gin::kObsColumns}});
        gin::encode_observation(obs, std::span<std::int8_t, gin::kObsSize>(out.mutable_data(), gin::kObsSize));
        return out;
      },
      py::arg("observation"),
      "The observation as an int8 array of shape OBSERVATION_SHAPE (13, 52), OBSERVATION_SIZE (676) values: 0/1 "
      "planes, column = dense card "
      "index. Rows: 0 hand, 1 pile top, 2 rest of the pile, 3 cards the opponent is known to hold, 4 the "
      "opponent's discards, 5 own discards, 6 the knocker's spread, 7 laid-off cards, 8 the card taken this turn; "
      "thermometers (first n columns 1) of 9 the stock size, 10 the knock limit, 11 the opponent's hand size; "
      "12 status: columns 0..4 the phase one-hot, 5 my turn, 6 I dealt, 7 I knocked, 8 the opponent knocked, "
      "9 upcard passed once, 10 twice.");

  auto yz = root.attr("yahtzee").cast<py::module_>();
  yz.attr("OBSERVATION_SIZE") = yahtzee::kObsSize;
  yz.def(
      "encode_observation",
      [](const Arg<yahtzee::State>& state, const DiceLike& dice, const Arg<py::int_>& rolls) {
        const auto st = cast_arg<yahtzee::State>(state, "a Yahtzee State");
        const auto d = to_dice(dice);
        const long long r = int_value(rolls, "rolls_left");
        if (r < 0 || r > 3) throw core::InvalidValue("rolls_left must be 0..3, got " + std::to_string(r));
        Int8Array out(py::ssize_t{yahtzee::kObsSize});
        yahtzee::encode_observation(st, d, static_cast<int>(r),
                                    std::span<std::int8_t, yahtzee::kObsSize>(out.mutable_data(), yahtzee::kObsSize));
        return out;
      },
      py::arg("state"), py::arg("dice"), py::arg("rolls_left"),
      "The decision as an int8 array of OBSERVATION_SIZE (21) values: 0..4 the dice ascending, 5 rolls_left, "
      "6..18 1 for each filled box (card order), 19 the upper subtotal capped at 63, 20 whether the Yahtzee box "
      "holds 50.");

  auto fc = root.attr("freecell").cast<py::module_>();
  fc.attr("OBSERVATION_SIZE") = freecell::kObsSize;
  fc.attr("MAX_CASCADE") = freecell::kMaxCascade;
  fc.def(
      "encode_observation",
      [](const Arg<freecell::GameState>& state) {
        const auto& st = cast_arg<const freecell::GameState&>(state, "a FreeCell GameState");
        Int8Array out(py::ssize_t{freecell::kObsSize});
        freecell::encode_observation(
            st, std::span<std::int8_t, freecell::kObsSize>(out.mutable_data(), freecell::kObsSize));
        return out;
      },
      py::arg("state"),
      "The position as an int8 array of OBSERVATION_SIZE (160) values, a card as its dense index + 1 and 0 for "
      "none: 0..151 the eight cascades, MAX_CASCADE (19) values each, bottom card first; 152..155 the free cells; "
      "156..159 the foundation heights by suit. InvalidValueError for a cascade taller than MAX_CASCADE.");
}

// ---- the batched games: a C++ batch and the NumPy arrays it writes into

template <class T>
using Array = py::array_t<T, py::array::c_style>;

// An array the caller may read but not write.
template <class T>
py::array read_only(const Array<T>& a) {
  py::array view = a.attr("view")();
  view.attr("flags").attr("writeable") = false;
  return view;
}

template <class Batch>
struct Bound {
  std::unique_ptr<Batch> batch;
  int n = 0;
  Array<std::int8_t> obs, mask, final_obs, seat;
  Array<double> reward;
  Array<bool> terminated, truncated, illegal, has_final;
  Array<std::uint64_t> episode;

  // obs_shape: one game's observation shape (its product is the batch's obs_size()).
  Bound(std::unique_ptr<Batch> b, const std::vector<py::ssize_t>& obs_shape, int num_actions, int reward_width)
      : batch(std::move(b)), n(batch->size()) {
    const auto N = static_cast<py::ssize_t>(n);
    std::vector<py::ssize_t> shape{N};
    shape.insert(shape.end(), obs_shape.begin(), obs_shape.end());
    obs = Array<std::int8_t>(shape);
    final_obs = Array<std::int8_t>(shape);
    mask = Array<std::int8_t>({N, py::ssize_t{num_actions}});
    seat = Array<std::int8_t>(N);
    reward = reward_width == 1 ? Array<double>(N) : Array<double>({N, py::ssize_t{reward_width}});
    terminated = Array<bool>(N);
    truncated = Array<bool>(N);
    illegal = Array<bool>(N);
    has_final = Array<bool>(N);
    episode = Array<std::uint64_t>(N);
    for (auto* a : {&obs, &final_obs, &mask, &seat}) std::fill_n(a->mutable_data(), a->size(), std::int8_t{0});
    std::fill_n(reward.mutable_data(), reward.size(), 0.0);
    for (auto* a : {&terminated, &truncated, &illegal, &has_final}) std::fill_n(a->mutable_data(), a->size(), false);
    std::fill_n(episode.mutable_data(), n, std::uint64_t{0});
  }

  envs::Outputs outputs() {
    envs::Outputs o;
    o.obs = obs.mutable_data();
    o.mask = mask.mutable_data();
    o.reward = reward.mutable_data();
    o.terminated = terminated.mutable_data();
    o.truncated = truncated.mutable_data();
    o.illegal = illegal.mutable_data();
    o.final_obs = final_obs.mutable_data();
    o.has_final = has_final.mutable_data();
    o.episode = episode.mutable_data();
    o.seat = seat.mutable_data();
    return o;
  }

  // n values from an optional array-like (None: nullptr); `keep` holds the converted array.
  template <class T>
  using Converted = py::array_t<T, py::array::c_style | py::array::forcecast>;

  template <class T>
  const T* column(const py::object& obj, const char* what, Converted<T>& keep) const {
    if (obj.is_none()) return nullptr;
    py::array a = py::array::ensure(obj);
    if (!a)
      throw core::WrongType(std::string(what) + " must be an array of " + std::to_string(n) + " values, got " +
                            type_name(obj));
    const char kind = a.dtype().kind();
    if constexpr (std::is_same_v<T, bool>) {
      if (kind != 'b')
        throw core::WrongType(std::string(what) + " must be a bool array, got dtype " +
                              py::str(a.dtype()).cast<std::string>());
    } else {
      if (kind != 'i' && kind != 'u')
        throw core::WrongType(std::string(what) + " must be an integer array, got dtype " +
                              py::str(a.dtype()).cast<std::string>());
    }
    if (a.ndim() != 1 || a.shape(0) != n)
      throw core::InvalidValue(std::string(what) + " must have shape (" + std::to_string(n) + ",), got " +
                               py::repr(a.attr("shape")).cast<std::string>());
    keep = Converted<T>::ensure(a);
    if (!keep)
      throw core::WrongType(std::string(what) + ": cannot read the values as " +
                            (std::is_same_v<T, bool> ? "bool" : "uint64"));
    if constexpr (!std::is_same_v<T, bool>) {
      if (kind == 'i') {
        auto signed_view = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(a);
        for (py::ssize_t k = 0; k < n; ++k)
          if (signed_view.data()[k] < 0)
            throw core::InvalidValue(std::string(what) + " must be >= 0, got " + std::to_string(signed_view.data()[k]));
      }
    }
    return keep.data();
  }

  void reset(const py::object& seeds, const py::object& which, const py::object& episodes) {
    Converted<std::uint64_t> s_keep, e_keep;
    Converted<bool> w_keep;
    const std::uint64_t* s = column<std::uint64_t>(seeds, "seeds", s_keep);
    const bool* w = column<bool>(which, "reset_mask", w_keep);
    const std::uint64_t* e = column<std::uint64_t>(episodes, "episodes", e_keep);
    const envs::Outputs o = outputs();
    run_interruptible([&](core::StopToken& stop) { batch->reset(s, w, e, o, stop); });
  }

  void step(const py::object& actions) {
    py::array a = py::array::ensure(actions);
    if (!a || (a.dtype().kind() != 'i' && a.dtype().kind() != 'u'))
      throw core::WrongType("actions must be an integer array of " + std::to_string(n) + " action ids, got " +
                            (a ? "dtype " + py::str(a.dtype()).cast<std::string>() : type_name(actions)));
    if (a.ndim() != 1 || a.shape(0) != n)
      throw core::InvalidValue("actions must have shape (" + std::to_string(n) + ",), got " +
                               py::repr(a.attr("shape")).cast<std::string>());
    auto ids = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(a);
    const std::int64_t* p = ids.data();
    const envs::Outputs o = outputs();
    run_interruptible([&](core::StopToken& stop) { batch->step(p, o, stop); });
  }
};

}  // namespace
}  // namespace parlour::bindings

// A batch made without its constructor is refused like every other bound class (guarded.hpp).
PARLOUR_GUARDED_CASTER(parlour::bindings::Bound<parlour::envs::YahtzeeBatch>)
PARLOUR_GUARDED_CASTER(parlour::bindings::Bound<parlour::envs::FreeCellBatch>)
PARLOUR_GUARDED_CASTER(parlour::bindings::Bound<parlour::envs::GinBatch>)

namespace parlour::bindings {
namespace {

envs::BatchConfig config_arg(const Arg<py::int_>& threads, const std::string& illegal, double illegal_reward,
                             const std::string& autoreset) {
  envs::BatchConfig c;
  c.threads = core::resolve_threads(int_value(threads, "threads"));
  c.illegal = envs::illegal_mode_from(illegal);
  c.illegal_reward = illegal_reward;
  c.autoreset = envs::autoreset_from(autoreset);
  return c;
}

int games_arg(const Arg<py::int_>& n) {
  const long long v = int_value(n, "num_envs");
  if (v < 1 || v > (1 << 22)) throw core::InvalidValue("num_envs must be in 1..4194304, got " + std::to_string(v));
  return static_cast<int>(v);
}

template <class Batch, class Cls>
void def_common(Cls& cls) {
  using B = Bound<Batch>;
  cls.def("reset", &B::reset, py::arg("seeds") = py::none(), py::arg("reset_mask") = py::none(),
          py::arg("episodes") = py::none(),
          "Start new episodes in the games where reset_mask is true (all when None; the first reset must reset "
          "all): a game whose seed is given restarts its episode stream from it; `episodes` sets the engine seed "
          "(or deal) of the next episode instead of drawing it. Writes the first observations and masks; GIL released.")
      .def("step", &B::step, py::arg("actions"),
           "Apply one action id per game (an integer array of num_envs), writing observations, masks, rewards, "
           "terminations, truncations and the illegal flags into this object's arrays; GIL released.")
      .def_property_readonly(
          "num_envs", [](const B& b) { return b.n; }, "The number of games.")
      .def_property_readonly(
          "threads", [](const B& b) { return b.batch->config().threads; }, "The threads a step may use.")
      .def_property_readonly(
          "illegal_action", [](const B& b) { return envs::illegal_mode_name(b.batch->config().illegal); },
          "'raise', 'penalty' or 'terminate'.")
      .def_property_readonly(
          "illegal_reward", [](const B& b) { return b.batch->config().illegal_reward; },
          "The reward of an illegal action under 'penalty' or 'terminate'.")
      .def_property_readonly(
          "autoreset_mode", [](const B& b) { return envs::autoreset_name(b.batch->config().autoreset); },
          "'next_step' or 'same_step'.")
      .def_property_readonly(
          "observations", [](const B& b) { return read_only(b.obs); }, "(num_envs, obs size) int8, read-only view.")
      .def_property_readonly(
          "action_masks", [](const B& b) { return read_only(b.mask); },
          "(num_envs, num actions) int8 0/1, read-only view.")
      .def_property_readonly(
          "rewards", [](const B& b) { return read_only(b.reward); },
          "float64 rewards of the last step, read-only view.")
      .def_property_readonly(
          "terminations", [](const B& b) { return read_only(b.terminated); }, "bool, read-only view.")
      .def_property_readonly(
          "truncations", [](const B& b) { return read_only(b.truncated); }, "bool, read-only view.")
      .def_property_readonly(
          "illegal", [](const B& b) { return read_only(b.illegal); },
          "bool: the last step's action was illegal in that game, read-only view.")
      .def_property_readonly(
          "final_observations", [](const B& b) { return read_only(b.final_obs); },
          "same_step: the last observation of the episodes that ended on the last step, read-only view.")
      .def_property_readonly(
          "has_final", [](const B& b) { return read_only(b.has_final); },
          "same_step: which rows of final_observations were written by the last step, read-only view.")
      .def_property_readonly(
          "episodes", [](const B& b) { return read_only(b.episode); },
          "uint64: the engine seed (or deal) of each game's current episode, read-only view.")
      .def("__repr__", [](const py::object& self) {
        const B& b = self.cast<const B&>();
        return py::str("{}(num_envs={}, threads={}, illegal_action='{}', autoreset_mode='{}')")
            .format(self.attr("__class__").attr("__name__"), b.n, b.batch->config().threads,
                    envs::illegal_mode_name(b.batch->config().illegal),
                    envs::autoreset_name(b.batch->config().autoreset));
      });
}

void register_batches(py::module_& m) {
  using YB = Bound<envs::YahtzeeBatch>;
  py::class_<YB> yb(m, "YahtzeeBatch",
                    "num_envs games of solitaire Yahtzee stepped together in C++ (the engine of "
                    "parlour.envs.vector.YahtzeeVectorEnv).");
  yb.def(py::init([](const Arg<py::int_>& n, const std::optional<yahtzee::YahtzeeRules>& rules,
                     const Arg<py::int_>& threads, const std::string& illegal, double illegal_reward,
                     const std::string& autoreset) {
           auto b = std::make_unique<envs::YahtzeeBatch>(games_arg(n), rules ? *rules : yahtzee::YahtzeeRules{},
                                                         config_arg(threads, illegal, illegal_reward, autoreset));
           return std::make_unique<YB>(std::move(b), std::vector<py::ssize_t>{yahtzee::kObsSize}, yahtzee::kNumActions,
                                       1);
         }),
         py::arg("num_envs"), py::kw_only(), py::arg("rules") = py::none(), py::arg("threads") = 1,
         py::arg("illegal_action") = "terminate", py::arg("illegal_reward") = -1.0,
         py::arg("autoreset_mode") = "next_step", "A batch of num_envs games under `rules` (default YahtzeeRules()).")
      .def("game", [](const YB& b, int i) { return b.batch->game(i); }, py::arg("index"), "A copy of game `index`.");
  def_common<envs::YahtzeeBatch>(yb);

  using FB = Bound<envs::FreeCellBatch>;
  py::class_<FB> fb(m, "FreeCellBatch",
                    "num_envs games of FreeCell from Microsoft deals stepped together in C++ (the engine of "
                    "parlour.envs.vector.FreeCellVectorEnv).");
  fb.def(py::init([](const Arg<py::int_>& n, const Arg<py::int_>& max_steps, const Arg<py::int_>& max_deal,
                     const Arg<py::int_>& threads, const std::string& illegal, double illegal_reward,
                     const std::string& autoreset) {
           const long long ms = int_value(max_steps, "max_steps");
           if (ms < 1 || ms > 1'000'000'000)
             throw core::InvalidValue("max_steps must be in 1..10**9, got " + std::to_string(ms));
           const long long md = int_value(max_deal, "max_deal");
           if (md < 1) throw core::InvalidValue("max_deal must be at least 1, got " + std::to_string(md));
           auto b =
               std::make_unique<envs::FreeCellBatch>(games_arg(n), static_cast<int>(ms), static_cast<std::uint64_t>(md),
                                                     config_arg(threads, illegal, illegal_reward, autoreset));
           return std::make_unique<FB>(std::move(b), std::vector<py::ssize_t>{freecell::kObsSize},
                                       freecell::kNumActions, 1);
         }),
         py::arg("num_envs"), py::kw_only(), py::arg("max_steps") = 1000, py::arg("max_deal") = 1000000,
         py::arg("threads") = 1, py::arg("illegal_action") = "terminate", py::arg("illegal_reward") = -1.0,
         py::arg("autoreset_mode") = "next_step",
         "A batch of num_envs games, deals drawn from 1..max_deal, truncated after max_steps steps.")
      .def(
          "state", [](const FB& b, int i) { return b.batch->state(i); }, py::arg("index"),
          "The position of game `index`.")
      .def(
          "steps", [](const FB& b, int i) { return b.batch->steps(i); }, py::arg("index"),
          "The steps taken in game `index`'s episode.");
  def_common<envs::FreeCellBatch>(fb);

  using GB = Bound<envs::GinBatch>;
  py::class_<GB> gb(m, "GinBatch",
                    "num_envs hands of gin rummy stepped together in C++: self-play (opponent None; the "
                    "observation of the seat to act, both seats' rewards) or against a registered policy "
                    "playing the other seat inside C++ (the engine of parlour.envs.vector's gin environments).");
  gb.def(py::init([](const Arg<py::int_>& n, const Arg<gin::Rules>& rules, const std::optional<std::string>& opponent,
                     const Arg<py::int_>& seat, double reward_scale, const Arg<py::int_>& threads,
                     const std::string& illegal, double illegal_reward, const std::string& autoreset) {
           const long long st = int_value(seat, "seat");
           if (st < -1 || st > 1)
             throw core::InvalidValue("seat must be 0, 1 or -1 (drawn each episode), got " + std::to_string(st));
           auto b = std::make_unique<envs::GinBatch>(games_arg(n), cast_arg<gin::Rules>(rules, "a gin Rules"),
                                                     opponent.value_or(""), static_cast<int>(st), reward_scale,
                                                     config_arg(threads, illegal, illegal_reward, autoreset));
           const int width = b->reward_width();
           return std::make_unique<GB>(std::move(b), std::vector<py::ssize_t>{gin::kObsPlanes, gin::kObsColumns},
                                       gin::kActionCount, width);
         }),
         py::arg("num_envs"), py::kw_only(), py::arg("rules") = gin::Rules{}, py::arg("opponent") = py::none(),
         py::arg("seat") = -1, py::arg("reward_scale") = 1.0, py::arg("threads") = 1,
         py::arg("illegal_action") = "terminate", py::arg("illegal_reward") = -1.0,
         py::arg("autoreset_mode") = "next_step",
         "A batch of num_envs hands under `rules`; `opponent` a policy name ('random', 'easy', 'normal', 'hard', or "
         "any registered) or None for self-play; `seat` the caller's seat against an opponent (0, 1, or -1: drawn "
         "each episode).")
      .def(
          "round", [](const GB& b, int i) { return b.batch->round(i); }, py::arg("index"),
          "A copy of hand `index`'s Round.")
      .def_property_readonly(
          "seats", [](const GB& b) { return read_only(b.seat); },
          "int8: the seat (0 Player.ONE, 1 Player.TWO) whose view each row of observations holds.")
      .def_property_readonly(
          "opponent",
          [](const GB& b) -> std::optional<std::string> {
            if (b.batch->self_play()) return std::nullopt;
            return b.batch->opponent();
          },
          "The opponent's policy name, or None for self-play.");
  def_common<envs::GinBatch>(gb);
}

}  // namespace

void register_envs(py::module_& root) {
  register_encoders(root);
  auto m = root.def_submodule("envs", "Batched games stepped in C++ into NumPy arrays (parlour.envs.vector).");
  register_batches(m);
}

}  // namespace parlour::bindings
