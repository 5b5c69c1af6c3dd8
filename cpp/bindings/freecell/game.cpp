// Bindings of the FreeCell game (parlour._core.freecell): Observation and Game behind the
// game protocol (protocol.hpp).  Glue only; the game lives in cpp/src/freecell/game.cpp,
// the JSON forms in snapshot.cpp, the encoding in encode.cpp.
#include <span>
#include <string>

#include "../common.hpp"
#include "../interrupt.hpp"
#include "../protocol.hpp"
#include "freecell.hpp"
#include "parlour/freecell/encode.hpp"
#include "parlour/freecell/game.hpp"
#include "parlour/freecell/snapshot.hpp"
#include "parlour/freecell/solver.hpp"

namespace parlour::bindings {

namespace fc = parlour::freecell;

// A Move, an action id or standard notation ('3a').
using MoveLike = py::typing::Union<fc::Move, py::int_, py::str>;

namespace {

fc::Move to_freecell_move(py::handle obj) {
  if (py::isinstance<fc::Move>(obj)) return obj.cast<fc::Move>();
  if (py::isinstance<py::str>(obj)) return fc::Move::parse(to_text(obj, "move text"));
  if (is_integer(obj))
    return fc::Move::from_action_id(static_cast<int>(to_int(obj, "an action id", 0, fc::kNumActions - 1)));
  throw core::WrongType("expected a Move, an action id or move text like '3a', got " + type_name(obj) + " " +
                        quoted_repr(obj));
}

}  // namespace

template <>
struct GameTraits<fc::Game> {
  static constexpr const char* kName = "freecell";
  static constexpr const char* kSnapshotWhat = "a freecell game snapshot";
  using ActionLike = MoveLike;
  using ActionStub = fc::Move;
  static fc::Move to_action(py::handle a) { return to_freecell_move(a); }
  // The move of an id as the position resolves it (its card and count filled in).
  static py::object action_object(const fc::Game& g, int id) {
    const auto m = g.state().resolve(fc::Move::from_action_id(id));
    return py::cast(m ? *m : fc::Move::from_action_id(id));
  }
  static py::object event(const fc::Game& g) {
    const auto& e = g.last_event();
    const core::Json j = fc::event_to_json(*e, g);
    return py::cast(Event{0, py::cast(e->move), e->notation, j, j});
  }
  static core::Json to_json(const fc::Game& g) { return fc::game_to_json(g); }
  static fc::Game from_json(const core::Json& doc) { return fc::game_from_json(doc); }
};

namespace {

py::array_t<std::int8_t> encode(const fc::Observation& o) {
  py::array_t<std::int8_t> out(fc::kObsSize);
  fc::encode_observation(o.state, std::span<std::int8_t, fc::kObsSize>(out.mutable_data(), fc::kObsSize));
  return out;
}

fc::Observation observation_from_dict(py::handle d) {
  return fc::observation_from_json(json_from_python(d, "a freecell observation"));
}

void register_observation(py::module_& m) {
  py::class_<fc::Observation> cls(m, "Observation",
                                  "What the player sees of a Game (every card is face up): the position, the moves "
                                  "made, the deal, and the legal actions (seat 0; a spectator, seat None, has none). "
                                  "to_dict() is JSON-ready; to_array() the int8 vector of parlour.envs.freecell.");
  cls.def_readonly("seat", &fc::Observation::seat, "The observing seat (0), or None for a spectator.")
      .def_readonly("state", &fc::Observation::state, "The position.")
      .def_readonly("moves", &fc::Observation::moves, "The number of moves made.")
      .def_readonly("deal", &fc::Observation::deal, "The Microsoft deal number, or None.")
      .def_readonly("is_terminal", &fc::Observation::terminal, "Whether the game is over (won, or no move left).")
      .def(
          "legal_action_ids", [](const fc::Observation& o) { return id_list(o.legal); },
          "The ids of the legal moves, ascending (empty for a spectator or once over).")
      .def(
          "legal_actions",
          [](const fc::Observation& o) {
            std::vector<fc::Move> out;
            for (const auto id : o.legal) out.push_back(*o.state.resolve(fc::Move::from_action_id(id)));
            return out;
          },
          "The legal moves, resolved (card and count filled in), in id order.")
      .def(
          "legal_action_mask", [](const fc::Observation& o) { return mask_array(o.legal, fc::kNumActions); },
          "A NumPy bool array of NUM_ACTIONS entries, True at the legal action ids.")
      .def(
          "to_dict", [](const fc::Observation& o) { return JsonDict(json_to_python(fc::observation_to_json(o))); },
          "A JSON-ready dict: cascades (bottom card first), free cells, foundation heights by suit letter, the "
          "position's text, the legal actions as {'id', 'text'}.")
      .def(
          "to_json", [](const fc::Observation& o) { return core::to_text(fc::observation_to_json(o)); },
          "to_dict() as compact JSON text, made without building Python objects: json.loads(to_json()) == to_dict().")
      .def("to_array", &encode, "The int8 vector (160,) of parlour.envs.freecell: cascades 8 x 19, cells, foundations.")
      .def_static(
          "from_dict", [](const Arg<JsonDict>& d) { return observation_from_dict(d); }, py::arg("data"),
          "The observation of a to_dict() dict; StateFormatError when malformed.")
      .def(py::pickle([](const fc::Observation& o) { return JsonDict(json_to_python(fc::observation_to_json(o))); },
                      [](const py::object& d) { return observation_from_dict(d); }))
      .def("__eq__", value_eq<fc::Observation>(), py::arg("other"), py::is_operator())
      .def("__repr__", [](const fc::Observation& o) {
        return "<freecell.Observation seat=" + (o.seat ? std::to_string(*o.seat) : std::string("None")) +
               " moves=" + std::to_string(o.moves) + (o.state.is_solved() ? " solved>" : ">");
      });
  cls.attr("__hash__") = py::none();
}

void def_game_specific(py::class_<fc::Game>& cls) {
  cls.def(py::init([](const OptArg<fc::GameState>& start, const OptArg<py::int_>& deal) {
            if (!start.is_none() && !deal.is_none()) {
              return fc::Game(cast_arg<fc::GameState>(start, "a GameState"), to_deal(deal));
            }
            if (!start.is_none()) return fc::Game(cast_arg<fc::GameState>(start, "a GameState"));
            const std::uint64_t n = deal.is_none() ? 1 : to_deal(deal);
            return fc::Game::from_deal(n);
          }),
          py::arg("start") = py::none(), py::kw_only(), py::arg("deal") = py::none(),
          "A game from `start`, or from Microsoft deal `deal` (1 .. 2**33 - 1; deal 1 when neither is given). Given "
          "both, start must be that deal's position.")
      .def_property_readonly("start", &fc::Game::start, "The position the game started from.")
      .def_property_readonly("deal", &fc::Game::deal, "The Microsoft deal number, when the game comes from one.")
      .def_property_readonly("state", &fc::Game::state, "The current position.")
      .def_property_readonly(
          "history",
          [](const fc::Game& g) {
            py::tuple out(g.history().size());
            for (std::size_t i = 0; i < g.history().size(); ++i) out[i] = py::cast(g.history()[i]);
            return py::typing::Tuple<fc::Move, py::ellipsis>(std::move(out));
          },
          "The moves made so far (resolved).")
      .def(
          "legal_moves", [](const fc::Game& g) { return g.state().legal_move_list(true); },
          "Every legal move now, sequence moves included.")
      .def("can_undo", &fc::Game::can_undo, "Whether there is a move to take back.")
      .def("undo", &fc::Game::undo, "Take back the last move and return it; PhaseError at the start.")
      .def(
          "hint",
          [](const fc::Game& g, const OptArg<py::int_>& max_states) -> std::optional<fc::Move> {
            const std::uint64_t cap =
                max_states.is_none() ? 0 : static_cast<std::uint64_t>(to_int(max_states, "max_states", 1, INT64_MAX));
            const fc::GameState s = g.state();
            const fc::SolveResult r = run_interruptible(
                [&](core::StopToken& stop) { return fc::solve(s, fc::SolveMode::Fast, cap, 0.0, &stop); });
            if (r.verdict != fc::Verdict::Solved || r.moves.empty()) return std::nullopt;
            return r.moves.front();
          },
          py::arg("max_states") = 200000,
          "The first move of a solution from here, or None when the solver finds none within max_states positions "
          "(None: no limit).")
      .def("__str__", [](const fc::Game& g) { return g.state().pretty(false); })
      .def("__repr__", [](const fc::Game& g) {
        const std::string origin = g.deal() ? "deal=" + std::to_string(*g.deal()) : std::string("start=...");
        return "<freecell.Game " + origin + " moves=" + std::to_string(g.move_count()) +
               (g.state().is_solved() ? " solved>" : ">");
      });
}

}  // namespace

void register_freecell_game(py::module_& m) {
  register_observation(m);
  py::class_<fc::Game> cls(m, "Game",
                           "A game of FreeCell from a start position: the moves made so far, with undo. It follows "
                           "the game protocol (parlour.protocol.Game): the legal actions are the legal moves, sequence "
                           "moves included, by action id (NUM_ACTIONS of them: singles src*13+dst, sequences "
                           "156+(src*8+dst)*12+count-2); apply() takes a Move, an id or standard notation ('3a'); "
                           "returns() is (1.0,) once won, else (0.0,); to_dict() / Game.from_dict(), pickle. A "
                           "refused move raises IllegalMove and changes nothing.");
  def_game_specific(cls);
  def_game_protocol(cls);
}

}  // namespace parlour::bindings
