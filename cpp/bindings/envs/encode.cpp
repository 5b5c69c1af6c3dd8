// Bindings of the observation encoders, added to the gin, yahtzee and freecell
// submodules.  Glue only: the encodings live in cpp/src/{gin,yahtzee,freecell}/encode.cpp.
#include <span>

#include "../common.hpp"
#include "../yahtzee/yahtzee.hpp"
#include "parlour/freecell/encode.hpp"
#include "parlour/gin/encode.hpp"
#include "parlour/yahtzee/encode.hpp"

namespace parlour::bindings {

namespace {

using Int8Array = py::array_t<std::int8_t>;

}  // namespace

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
        const long long r = to_int(rolls, "rolls_left", 0, 3);
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

}  // namespace parlour::bindings
