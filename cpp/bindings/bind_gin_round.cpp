// Bindings for the gin round engine in parlour._core.gin: Round, Phase, Action,
// Observation, Match and simulate_rounds (glue only; the rules live in cpp/src/gin).
// The JSON snapshot form (to_dict / from_dict) is converted here; every invariant is
// checked by gin::Round::from_state.
#include <pybind11/native_enum.h>

#include <algorithm>
#include <array>
#include <span>
#include <string>
#include <vector>

#include "bind_gin.hpp"
#include "common.hpp"
#include "interrupt.hpp"
#include "parlour/gin/action.hpp"
#include "parlour/gin/match.hpp"
#include "parlour/gin/observation.hpp"
#include "parlour/gin/round.hpp"
#include "parlour/gin/simulate.hpp"

namespace parlour::bindings {

using gin::Action;
using gin::ActionKind;
using gin::Match;
using gin::Meld;
using gin::Melds;
using gin::Observation;
using gin::Phase;
using gin::Player;
using gin::Round;
using gin::RoundResult;
using gin::Rules;

namespace {

constexpr int kSnapshotVersion = 1;
const char* const kSnapshotFormat = "parlour.gin.Round";

// An Action, an action id, or action text.
using ActionLike = py::typing::Union<Action, py::int_, py::str>;
// A Melds (its hand must be the cards arranged), or an iterable of Meld / meld cards.
using MeldsLike = py::typing::Union<Melds, py::typing::Iterable<py::typing::Union<Meld, py::str, core::CardSet>>>;

const char* player_text(Player p) { return p == Player::One ? "ONE" : "TWO"; }

// A JSON-ready dict (its stub type).
using JsonDict = py::typing::Dict<py::str, py::object>;
JsonDict json_dict(py::dict d) { return JsonDict(std::move(d)); }


Player player_arg(py::handle obj) {
  static py::handle player_type;
  if (!player_type) player_type = py::object(py::module_::import("parlour._core.gin").attr("Player")).release();
  if (!py::isinstance(obj, player_type))
    throw core::WrongType("expected a Player, got " + type_name(obj) + " " + core::quote(py::repr(obj).cast<std::string>()));
  return obj.cast<Player>();
}

std::optional<Player> opt_player_arg(py::handle obj) {
  if (obj.is_none()) return std::nullopt;
  return player_arg(obj);
}

Rules rules_arg(py::handle obj) { return cast_arg<Rules>(obj, "a Rules"); }

long long int_arg(py::handle obj, const char* what) {
  if (py::isinstance<py::bool_>(obj) || !py::isinstance<py::int_>(obj))
    throw core::WrongType(std::string(what) + " must be an int, got " + type_name(obj) + " " +
                          core::quote(py::repr(obj).cast<std::string>()));
  try {
    return obj.cast<long long>();
  } catch (const py::cast_error&) {
    throw core::InvalidValue(std::string(what) + " out of range: " + py::repr(obj).cast<std::string>());
  }
}

int small_int_arg(py::handle obj, const char* what) {
  const long long v = int_arg(obj, what);
  if (v < -1000000 || v > 1000000) throw core::InvalidValue(std::string(what) + " out of range: " + std::to_string(v));
  return static_cast<int>(v);
}

Action to_action(py::handle obj) {
  if (py::isinstance<Action>(obj)) return obj.cast<Action>();
  if (py::isinstance<py::str>(obj)) return Action::parse(obj.cast<std::string>());
  if (py::isinstance<py::int_>(obj) && !py::isinstance<py::bool_>(obj)) {
    const long long id = obj.cast<long long>();
    if (id < 0 || id >= gin::kActionCount)
      throw core::InvalidValue("not an action id: " + std::to_string(id) + " (ids are 0 .. " +
                               std::to_string(gin::kActionCount - 1) + ")");
    return Action::from_id(static_cast<int>(id));
  }
  throw core::WrongType("expected an Action, an action id or action text, got " + type_name(obj) + " " +
                        core::quote(py::repr(obj).cast<std::string>()));
}

py::list pile_list(std::span<const core::Card> cards) {
  py::list out;
  for (core::Card c : cards) out.append(card_object(c));
  return out;
}

py::object opt_card(std::optional<core::Card> c) { return c ? card_object(*c) : py::none(); }

// One shared immutable Python object per action id (filled at registration), so
// legal_actions() allocates nothing but its list.
std::array<PyObject*, gin::kActionCount> g_actions{};

py::object action_object(int id) { return py::reinterpret_borrow<py::object>(g_actions[static_cast<std::size_t>(id)]); }

py::typing::List<Action> action_list(std::span<const std::uint16_t> ids) {
  py::list out(ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i) {
    PyObject* o = g_actions[ids[i]];
    Py_INCREF(o);
    PyList_SET_ITEM(out.ptr(), static_cast<py::ssize_t>(i), o);
  }
  return py::typing::List<Action>(out);
}

py::typing::List<py::int_> id_list(std::span<const std::uint16_t> ids) {
  py::list out(ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i)
    PyList_SET_ITEM(out.ptr(), static_cast<py::ssize_t>(i), PyLong_FromLong(ids[i]));
  return py::typing::List<py::int_>(out);
}

py::array_t<bool> mask_array(std::span<const std::uint16_t> ids) {
  py::array_t<bool> arr(gin::kActionCount);
  auto* p = arr.mutable_data();
  std::fill(p, p + gin::kActionCount, false);
  for (std::uint16_t id : ids) p[id] = true;
  return arr;
}

std::span<const std::uint16_t> legal_of(const Round& r, gin::LegalIds& buf) {
  return {buf.data(), static_cast<std::size_t>(r.legal_ids(buf))};
}

// ---- JSON snapshot glue -------------------------------------------------------------------

py::list cards_json(std::span<const core::Card> cards) {
  py::list out;
  for (core::Card c : cards) out.append(c.str());
  return out;
}
py::list set_json(core::CardSet s) {
  py::list out;
  for (core::Card c : s) out.append(c.str());
  return out;
}
py::object player_json(std::optional<Player> p) { return p ? py::object(py::str(player_text(*p))) : py::none(); }

py::dict rules_json(const Rules& r) {
  py::dict d;
  d["knock_limit"] = r.knock_limit;
  d["oklahoma"] = r.oklahoma ? py::object(py::str(*r.oklahoma == gin::OklahomaAce::One ? "ONE" : "GIN_ONLY")) : py::none();
  d["gin_bonus"] = r.gin_bonus;
  d["big_gin_bonus"] = r.big_gin_bonus ? py::object(py::int_(*r.big_gin_bonus)) : py::none();
  d["undercut_bonus"] = r.undercut_bonus;
  d["undercut_on_tie"] = r.undercut_on_tie;
  d["box_bonus"] = r.box_bonus;
  d["immediate_boxes"] = r.immediate_boxes;
  d["game_bonus"] = r.game_bonus;
  d["game_target"] = r.game_target;
  if (r.shutout) {
    py::dict s;
    const auto k = r.shutout->kind();
    s["kind"] = k == gin::Shutout::Kind::DoubleTotal ? "DOUBLE_TOTAL"
                : k == gin::Shutout::Kind::DoubleHandPoints ? "DOUBLE_HAND_POINTS" : "FLAT";
    s["amount"] = r.shutout->amount();
    d["shutout"] = s;
  } else {
    d["shutout"] = py::none();
  }
  d["alternate_dealer"] = r.alternate_dealer;
  return d;
}

const char* kind_text(gin::ResultKind k) {
  switch (k) {
    case gin::ResultKind::Dead: return "DEAD";
    case gin::ResultKind::Knock: return "KNOCK";
    case gin::ResultKind::Undercut: return "UNDERCUT";
    case gin::ResultKind::Gin: return "GIN";
    case gin::ResultKind::BigGin: return "BIG_GIN";
  }
  return "DEAD";
}

py::object result_json(const std::optional<RoundResult>& r) {
  if (!r) return py::none();
  py::dict d;
  d["kind"] = kind_text(r->kind());
  d["knocker"] = player_json(r->knocker());
  d["winner"] = player_json(r->winner());
  d["knocker_deadwood"] = r->knocker_deadwood();
  d["defender_deadwood"] = r->defender_deadwood();
  d["laid_off"] = set_json(r->laid_off());
  return d;
}

py::list spread_json(std::span<const Meld> spread) {
  py::list out;
  for (const Meld& m : spread) out.append(set_json(m.cards()));
  return out;
}

py::dict round_json(const Round& r) {
  const gin::RoundState s = r.state();
  py::dict d;
  d["format"] = kSnapshotFormat;
  d["version"] = kSnapshotVersion;
  d["rules"] = rules_json(s.rules);
  d["dealer"] = player_text(s.dealer);
  d["phase"] = gin::phase_name(s.phase);
  d["turn"] = player_json(s.turn);
  d["hands"] = py::make_tuple(set_json(s.hands[0]), set_json(s.hands[1])).cast<py::list>();
  d["discard_pile"] = cards_json(s.discard_pile);
  d["stock"] = cards_json(s.stock);
  d["initial_upcard"] = s.initial_upcard.str();
  d["passes"] = s.passes;
  d["taken"] = s.taken ? py::object(py::str(s.taken->str())) : py::none();
  d["knocker"] = player_json(s.knocker);
  d["spread"] = spread_json(s.spread);
  d["laid_off"] = set_json(s.laid_off);
  d["known"] = py::make_tuple(set_json(s.known[0]), set_json(s.known[1])).cast<py::list>();
  d["discarded"] = py::make_tuple(set_json(s.discarded[0]), set_json(s.discarded[1])).cast<py::list>();
  d["result"] = result_json(s.result);
  return d;
}

[[noreturn]] void bad_snapshot(const std::string& why) { throw core::FormatError("corrupt gin round snapshot: " + why); }

// Inside a catch (...) while loading a snapshot: any library, Python or cast error
// becomes StateFormatError; anything else propagates unchanged.
[[noreturn]] void rethrow_as_bad_snapshot() {
  try {
    throw;
  } catch (const core::FormatError&) {
    throw;
  } catch (const core::Error& e) {
    bad_snapshot(e.what());
  } catch (const py::error_already_set& e) {
    bad_snapshot(e.what());
  } catch (const py::cast_error& e) {
    bad_snapshot(e.what());
  }
}

py::handle field(const py::dict& d, const char* key) {
  if (!d.contains(key)) bad_snapshot(std::string("missing field '") + key + "'");
  return d[key];
}

template <class T>
T typed(py::handle v, const char* what) {
  if constexpr (std::is_same_v<T, int>) {
    if (py::isinstance<py::bool_>(v) || !py::isinstance<py::int_>(v)) bad_snapshot(std::string(what) + " must be an int");
    const long long x = v.cast<long long>();
    if (x < -1000000 || x > 1000000) bad_snapshot(std::string(what) + " out of range");
    return static_cast<int>(x);
  } else if constexpr (std::is_same_v<T, bool>) {
    if (!py::isinstance<py::bool_>(v)) bad_snapshot(std::string(what) + " must be a bool");
    return v.cast<bool>();
  } else {
    if (!py::isinstance<py::str>(v)) bad_snapshot(std::string(what) + " must be a string");
    return v.cast<std::string>();
  }
}

core::Card card_json_in(py::handle v, const char* what) {
  const std::string t = typed<std::string>(v, what);
  try {
    return core::Card::parse(t);
  } catch (const core::Error&) {
    bad_snapshot(std::string(what) + ": not a card " + core::quote(t));
  }
}

std::vector<core::Card> cards_in(py::handle v, const char* what) {
  if (!py::isinstance<py::list>(v) && !py::isinstance<py::tuple>(v)) bad_snapshot(std::string(what) + " must be a list of cards");
  std::vector<core::Card> out;
  for (py::handle h : v) out.push_back(card_json_in(h, what));
  return out;
}

core::CardSet set_in(py::handle v, const char* what) {
  core::CardSet s;
  for (core::Card c : cards_in(v, what)) {
    if (s.contains(c)) bad_snapshot(std::string(what) + ": the card " + c.str() + " appears twice");
    s |= c;
  }
  return s;
}

std::optional<Player> player_in(py::handle v, const char* what, bool nullable) {
  if (v.is_none()) {
    if (!nullable) bad_snapshot(std::string(what) + " must be ONE or TWO");
    return std::nullopt;
  }
  const std::string t = typed<std::string>(v, what);
  if (t == "ONE") return Player::One;
  if (t == "TWO") return Player::Two;
  bad_snapshot(std::string(what) + " must be ONE or TWO, got " + core::quote(t));
}

std::array<core::CardSet, 2> pair_in(py::handle v, const char* what) {
  if ((!py::isinstance<py::list>(v) && !py::isinstance<py::tuple>(v)) || py::len(v) != 2)
    bad_snapshot(std::string(what) + " must be a pair of card lists");
  return {set_in(v[py::int_(0)], what), set_in(v[py::int_(1)], what)};
}

py::dict dict_in(py::handle v, const char* what) {
  if (!py::isinstance<py::dict>(v)) bad_snapshot(std::string(what) + " must be a dict");
  return py::reinterpret_borrow<py::dict>(v);
}

Rules rules_in(py::handle v) {
  const py::dict d = dict_in(v, "rules");
  static const char* const fields[] = {"knock_limit", "oklahoma",   "gin_bonus",  "big_gin_bonus",
                                       "undercut_bonus", "undercut_on_tie", "box_bonus", "immediate_boxes",
                                       "game_bonus",  "game_target", "shutout", "alternate_dealer"};
  for (auto item : d) {
    const std::string key = py::str(item.first).cast<std::string>();
    bool known = false;
    for (const char* f : fields) known = known || key == f;
    if (!known) bad_snapshot("rules: unknown field " + core::quote(key));
  }
  Rules r;
  r.knock_limit = typed<int>(field(d, "knock_limit"), "rules.knock_limit");
  const py::handle ok = field(d, "oklahoma");
  if (!ok.is_none()) {
    const std::string t = typed<std::string>(ok, "rules.oklahoma");
    if (t == "ONE") r.oklahoma = gin::OklahomaAce::One;
    else if (t == "GIN_ONLY") r.oklahoma = gin::OklahomaAce::GinOnly;
    else bad_snapshot("rules.oklahoma must be null, ONE or GIN_ONLY");
  }
  r.gin_bonus = typed<int>(field(d, "gin_bonus"), "rules.gin_bonus");
  const py::handle big = field(d, "big_gin_bonus");
  if (!big.is_none()) r.big_gin_bonus = typed<int>(big, "rules.big_gin_bonus");
  r.undercut_bonus = typed<int>(field(d, "undercut_bonus"), "rules.undercut_bonus");
  r.undercut_on_tie = typed<bool>(field(d, "undercut_on_tie"), "rules.undercut_on_tie");
  r.box_bonus = typed<int>(field(d, "box_bonus"), "rules.box_bonus");
  r.immediate_boxes = typed<bool>(field(d, "immediate_boxes"), "rules.immediate_boxes");
  r.game_bonus = typed<int>(field(d, "game_bonus"), "rules.game_bonus");
  r.game_target = typed<int>(field(d, "game_target"), "rules.game_target");
  // (absent from snapshots written before the field existed: the rule card's default)
  if (d.contains("alternate_dealer"))
    r.alternate_dealer = typed<bool>(d["alternate_dealer"], "rules.alternate_dealer");
  const py::handle sh = field(d, "shutout");
  if (!sh.is_none()) {
    const py::dict s = dict_in(sh, "rules.shutout");
    const std::string k = typed<std::string>(field(s, "kind"), "rules.shutout.kind");
    const int amount = typed<int>(field(s, "amount"), "rules.shutout.amount");
    try {
      if (k == "DOUBLE_TOTAL") r.shutout = gin::Shutout::double_total();
      else if (k == "DOUBLE_HAND_POINTS") r.shutout = gin::Shutout::double_hand_points();
      else if (k == "FLAT") r.shutout = gin::Shutout::flat(amount);
      else bad_snapshot("rules.shutout.kind must be DOUBLE_TOTAL, DOUBLE_HAND_POINTS or FLAT");
    } catch (const core::InvalidValue& e) {
      bad_snapshot(std::string("rules.shutout: ") + e.what());
    }
  }
  try {
    r.validate();
  } catch (const core::Error& e) {
    bad_snapshot(std::string("rules: ") + e.what());
  }
  return r;
}

RoundResult result_in(py::handle v) {
  const py::dict d = dict_in(v, "result");
  const std::string k = typed<std::string>(field(d, "kind"), "result.kind");
  gin::ResultKind kind = gin::ResultKind::Dead;
  if (k == "DEAD") kind = gin::ResultKind::Dead;
  else if (k == "KNOCK") kind = gin::ResultKind::Knock;
  else if (k == "UNDERCUT") kind = gin::ResultKind::Undercut;
  else if (k == "GIN") kind = gin::ResultKind::Gin;
  else if (k == "BIG_GIN") kind = gin::ResultKind::BigGin;
  else bad_snapshot("result.kind " + core::quote(k));
  try {
    return RoundResult(kind, player_in(field(d, "knocker"), "result.knocker", true),
                       typed<int>(field(d, "knocker_deadwood"), "result.knocker_deadwood"),
                       typed<int>(field(d, "defender_deadwood"), "result.defender_deadwood"),
                       set_in(field(d, "laid_off"), "result.laid_off"));
  } catch (const core::InvalidValue& e) {
    bad_snapshot(std::string("result: ") + e.what());
  }
}

Phase phase_in(py::handle v) {
  const std::string t = typed<std::string>(v, "phase");
  for (Phase p : {Phase::Upcard, Phase::Draw, Phase::Discard, Phase::Layoff, Phase::Finished})
    if (t == gin::phase_name(p)) return p;
  bad_snapshot("phase must be UPCARD, DRAW, DISCARD, LAYOFF or FINISHED, got " + core::quote(t));
}

Round round_from_json(py::handle obj) {
  try {
    const py::dict d = dict_in(obj, "the snapshot");
    if (!d.contains("format") || !py::isinstance<py::str>(d["format"]) || d["format"].cast<std::string>() != kSnapshotFormat)
      bad_snapshot(std::string("not a gin round snapshot (expected \"format\": \"") + kSnapshotFormat + "\")");
    const int version = typed<int>(field(d, "version"), "version");
    if (version != kSnapshotVersion)
      bad_snapshot("unsupported snapshot version " + std::to_string(version) + " (this library reads version " +
                   std::to_string(kSnapshotVersion) + ")");
    static const char* const keys[] = {"format", "version", "rules", "dealer", "phase", "turn", "hands",
                                       "discard_pile", "stock", "initial_upcard", "passes", "taken", "knocker",
                                       "spread", "laid_off", "known", "discarded", "result"};
    for (auto item : d) {
      const std::string key = py::str(item.first).cast<std::string>();
      bool known = false;
      for (const char* k : keys) known = known || key == k;
      if (!known) bad_snapshot("unknown field " + core::quote(key));
    }
    gin::RoundState s;
    s.rules = rules_in(field(d, "rules"));
    s.dealer = *player_in(field(d, "dealer"), "dealer", false);
    s.phase = phase_in(field(d, "phase"));
    s.turn = player_in(field(d, "turn"), "turn", true);
    s.hands = pair_in(field(d, "hands"), "hands");
    s.discard_pile = cards_in(field(d, "discard_pile"), "discard_pile");
    s.stock = cards_in(field(d, "stock"), "stock");
    s.initial_upcard = card_json_in(field(d, "initial_upcard"), "initial_upcard");
    s.passes = typed<int>(field(d, "passes"), "passes");
    const py::handle taken = field(d, "taken");
    if (!taken.is_none()) s.taken = card_json_in(taken, "taken");
    s.knocker = player_in(field(d, "knocker"), "knocker", true);
    const py::handle spread = field(d, "spread");
    if (!py::isinstance<py::list>(spread) && !py::isinstance<py::tuple>(spread)) bad_snapshot("spread must be a list of melds");
    for (py::handle m : spread) {
      const core::CardSet cs = set_in(m, "spread");
      if (!Meld::is_meld(cs)) bad_snapshot("spread: '" + cs.str() + "' is not a meld");
      s.spread.push_back(Meld::from_cards(cs));
    }
    s.laid_off = set_in(field(d, "laid_off"), "laid_off");
    s.known = pair_in(field(d, "known"), "known");
    s.discarded = pair_in(field(d, "discarded"), "discarded");
    const py::handle res = field(d, "result");
    if (!res.is_none()) s.result = result_in(res);
    return Round::from_state(s);
  } catch (...) {
    rethrow_as_bad_snapshot();
  }
}

py::dict observation_json(const Observation& o) {
  py::dict d;
  d["format"] = "parlour.gin.Observation";
  d["version"] = kSnapshotVersion;
  d["player"] = player_text(o.player);
  d["dealer"] = player_text(o.dealer);
  d["phase"] = gin::phase_name(o.phase);
  d["turn"] = player_json(o.turn);
  d["rules"] = rules_json(o.rules);
  d["hand"] = set_json(o.hand);
  d["discard_pile"] = cards_json(o.discard_pile());
  d["opponent_known"] = set_json(o.opponent_known);
  d["opponent_discards"] = set_json(o.opponent_discards);
  d["own_discards"] = set_json(o.own_discards);
  d["stock_size"] = o.stock_size;
  d["opponent_hand_size"] = o.opponent_hand_size;
  d["knock_limit"] = o.knock_limit;
  d["initial_upcard"] = o.initial_upcard.str();
  d["taken"] = o.taken ? py::object(py::str(o.taken->str())) : py::none();
  d["passes"] = o.passes;
  d["knocker"] = player_json(o.knocker);
  d["spread"] = spread_json(o.spread_melds());
  d["laid_off"] = set_json(o.laid_off);
  d["result"] = result_json(o.result);
  py::list ids, texts;
  for (const std::uint16_t id : o.legal()) {
    ids.append(id);
    texts.append(Action::from_id(id).str());
  }
  d["legal_action_ids"] = ids;
  d["legal_actions"] = texts;
  return d;
}

Observation observation_from_json(py::handle obj) {
  try {
    const py::dict d = dict_in(obj, "the observation");
    if (!d.contains("format") || !py::isinstance<py::str>(d["format"]) ||
        d["format"].cast<std::string>() != "parlour.gin.Observation")
      bad_snapshot("not a gin observation (expected \"format\": \"parlour.gin.Observation\")");
    if (typed<int>(field(d, "version"), "version") != kSnapshotVersion) bad_snapshot("unsupported observation version");
    Observation o;
    o.player = *player_in(field(d, "player"), "player", false);
    o.dealer = *player_in(field(d, "dealer"), "dealer", false);
    o.phase = phase_in(field(d, "phase"));
    o.turn = player_in(field(d, "turn"), "turn", true);
    o.rules = rules_in(field(d, "rules"));
    o.hand = set_in(field(d, "hand"), "hand");
    const auto pile = cards_in(field(d, "discard_pile"), "discard_pile");
    if (pile.size() > o.pile.size()) bad_snapshot("discard_pile too long");
    std::copy(pile.begin(), pile.end(), o.pile.begin());
    o.pile_size = static_cast<std::uint8_t>(pile.size());
    o.opponent_known = set_in(field(d, "opponent_known"), "opponent_known");
    o.opponent_discards = set_in(field(d, "opponent_discards"), "opponent_discards");
    o.own_discards = set_in(field(d, "own_discards"), "own_discards");
    o.stock_size = typed<int>(field(d, "stock_size"), "stock_size");
    o.opponent_hand_size = typed<int>(field(d, "opponent_hand_size"), "opponent_hand_size");
    o.knock_limit = typed<int>(field(d, "knock_limit"), "knock_limit");
    if (o.stock_size < 0 || o.stock_size > gin::kStockSize || o.opponent_hand_size < 0 || o.opponent_hand_size > 11 ||
        o.knock_limit < 0 || o.knock_limit > 10)
      bad_snapshot("stock_size, opponent_hand_size or knock_limit out of range");
    o.initial_upcard = card_json_in(field(d, "initial_upcard"), "initial_upcard");
    const py::handle taken = field(d, "taken");
    if (!taken.is_none()) o.taken = card_json_in(taken, "taken");
    o.passes = typed<int>(field(d, "passes"), "passes");
    o.knocker = player_in(field(d, "knocker"), "knocker", true);
    const py::handle spread = field(d, "spread");
    if (!py::isinstance<py::list>(spread) || py::len(spread) > gin::kSpreadSlots) bad_snapshot("spread must be a list of up to 3 melds");
    for (py::handle m : spread) {
      const core::CardSet cs = set_in(m, "spread");
      if (!Meld::is_meld(cs)) bad_snapshot("spread: '" + cs.str() + "' is not a meld");
      o.spread[o.spread_size++] = Meld::from_cards(cs);
    }
    o.laid_off = set_in(field(d, "laid_off"), "laid_off");
    const py::handle res = field(d, "result");
    if (!res.is_none()) o.result = result_in(res);
    const py::handle ids = field(d, "legal_action_ids");
    if (!py::isinstance<py::list>(ids) || py::len(ids) > gin::kMaxLegal) bad_snapshot("legal_action_ids must be a list");
    int prev = -1;
    for (py::handle h : ids) {
      const int id = typed<int>(h, "legal_action_ids");
      if (id <= prev || id >= gin::kActionCount) bad_snapshot("legal_action_ids must ascend within 0 .. 264");
      o.legal_ids[o.legal_count++] = static_cast<std::uint16_t>(id);
      prev = id;
    }
    if (!o.hand.is_disjoint(o.opponent_known)) bad_snapshot("the hand and the opponent's known cards overlap");
    return o;
  } catch (...) {
    rethrow_as_bad_snapshot();
  }
}

std::string round_repr(const Round& r) {
  std::string s = "<gin.Round " + std::string(gin::phase_name(r.phase()));
  if (const auto t = r.turn()) s += std::string(" turn=Player.") + player_text(*t);
  s += " stock=" + std::to_string(r.stock_size()) + " pile=" + std::to_string(r.discard_pile().size());
  if (const auto res = r.result()) s += " result=" + res->repr();
  return s + ">";
}

std::string round_str(const Round& r) {
  std::string s = "Round (" + std::string(gin::phase_name(r.phase())) + "), dealer Player." + player_text(r.dealer()) +
                  ", knock limit " + std::to_string(r.knock_limit()) + "\n";
  for (Player p : {Player::One, Player::Two}) {
    s += std::string("  Player.") + player_text(p) + ": " + r.hand(p).str() + "  (deadwood " +
         std::to_string(gin::deadwood(r.hand(p))) + ")";
    if (r.turn() && *r.turn() == p) s += "  <- to act";
    s += "\n";
  }
  const auto pile = r.discard_pile();
  s += "  discard pile: " + (pile.empty() ? std::string("(empty)") : "top " + pile.back().str() + " of " + std::to_string(pile.size()));
  s += ", stock: " + std::to_string(r.stock_size()) + " cards\n";
  if (r.knocker()) {
    s += std::string("  spread of Player.") + player_text(*r.knocker()) + ":";
    for (const Meld& m : r.spread()) s += " [" + m.str() + "]";
    s += "\n";
  }
  if (const auto res = r.result()) s += "  result: " + res->repr() + "\n";
  if (!s.empty()) s.pop_back();
  return s;
}

std::string action_repr(const Action& a) { return "Action.parse('" + a.str() + "')"; }

}  // namespace

// Round.turn / current_player: the cached Player member, or None once finished.
std::optional<Member<Player>> turn_member(const Round& r) {
  if (const auto t = r.turn()) return Member<Player>{*t};
  return std::nullopt;
}

void register_gin_round(py::module_& m) {
  m.attr("ACTION_COUNT") = gin::kActionCount;

  py::native_enum<Phase>(m, "Phase", "enum.Enum",
                         "The phase of a round: UPCARD (the opening offer of the upcard), DRAW, DISCARD (discard, "
                         "knock or big gin), LAYOFF (the defender lays off after a knock), FINISHED.")
      .value("UPCARD", Phase::Upcard)
      .value("DRAW", Phase::Draw)
      .value("DISCARD", Phase::Discard)
      .value("LAYOFF", Phase::Layoff)
      .value("FINISHED", Phase::Finished)
      .finalize();
  cache_members<Phase>(m.attr("Phase"), 5);

  py::native_enum<ActionKind>(m, "ActionKind", "enum.Enum",
                              "The kind of an Action: PASS, TAKE_DISCARD, DRAW_STOCK, DISCARD, KNOCK, BIG_GIN, "
                              "LAY_OFF, FINISH_LAYOFFS.")
      .value("PASS", ActionKind::Pass)
      .value("TAKE_DISCARD", ActionKind::TakeDiscard)
      .value("DRAW_STOCK", ActionKind::DrawStock)
      .value("DISCARD", ActionKind::Discard)
      .value("KNOCK", ActionKind::Knock)
      .value("BIG_GIN", ActionKind::BigGin)
      .value("LAY_OFF", ActionKind::LayOff)
      .value("FINISH_LAYOFFS", ActionKind::FinishLayoffs)
      .finalize();
  cache_members<ActionKind>(m.attr("ActionKind"), 8);

  py::class_<Action>(m, "Action",
                     "One move of a round, immutable and hashable, with a fixed integer id (ACTION_COUNT = 265) and a "
                     "text form.\n\nIds: 0 pass, 1 take discard, 2 draw stock, 3..54 discard (3 + card index), 55..106 "
                     "knock (55 + card index, the best arrangement), 107 big gin, 108..263 lay off (108 + 3*card index "
                     "+ meld slot 0..2), 264 finish layoffs; card index = 13*suit + rank - 1.\n\nText: 'pass', 'take "
                     "discard', 'draw stock', 'discard Qs', 'knock Qs' or 'knock Qs with 7h8h9h QcQsQd', 'big gin', 'lay "
                     "off 9s on 0', 'finish layoffs' (parsing is case-insensitive and accepts 'take', 'draw', 'finish').")
      .def(py::init([](const ActionLike& a) { return to_action(a); }), py::arg("action"),
           "An action from an Action, its integer id, or its text.")
      .def_static("pass_", &Action::pass, "Decline the upcard.")
      .def_static("take_discard", &Action::take_discard, "Take the top card of the discard pile.")
      .def_static("draw_stock", &Action::draw_stock, "Draw the top card of the stock.")
      .def_static("discard", [](const CardLike& c) { return Action::discard(to_card(c)); }, py::arg("card"),
                  "Discard a card, ending the turn.")
      .def_static("knock", [](const CardLike& c, const std::optional<MeldsLike>& melds) {
        if (!melds) return Action::knock(to_card(c));
        const auto ms = to_melds(*melds);
        return Action::knock(to_card(c), ms);
      }, py::arg("card"), py::arg("melds") = py::none(),
         "Discard a card and knock, spreading these melds (default: the best arrangement of the rest).")
      .def_static("big_gin", [](const std::optional<MeldsLike>& melds) {
        if (!melds) return Action::big_gin();
        const auto ms = to_melds(*melds);
        return Action::big_gin(ms);
      }, py::arg("melds") = py::none(), "Declare big gin (all 11 cards melded; default: the best arrangement).")
      .def_static("lay_off", [](const CardLike& c, const Arg<py::int_>& meld) { return Action::lay_off(to_card(c), small_int_arg(meld, "the meld slot")); },
                  py::arg("card"), py::arg("meld"), "Lay a card off onto meld slot 0..2 of the knocker's spread.")
      .def_static("finish_layoffs", &Action::finish_layoffs, "End the layoffs and settle the round.")
      .def_static("from_id", [](const Arg<py::int_>& id) -> py::typing::Union<Action> {
        return action_object(to_action(id).id());
      }, py::arg("id"),
                  "The action with this id (InvalidValueError outside 0 .. 264).")
      .def_static("parse", [](const Arg<py::str>& text) {
        if (!py::isinstance<py::str>(text)) throw core::WrongType("Action.parse needs text, got " + type_name(text));
        return Action::parse(text.cast<std::string>());
      }, py::arg("text"),
                  "The action of this text ('discard Qs', 'knock Qs', ...); NotationError quoting bad text.")
      .def_property_readonly("kind", [](const Action& a) { return Member<ActionKind>{a.kind()}; }, "PASS, TAKE_DISCARD, DRAW_STOCK, DISCARD, KNOCK, BIG_GIN, LAY_OFF or FINISH_LAYOFFS.")
      .def_property_readonly("card", [](const Action& a) -> py::typing::Optional<core::Card> {
        return a.has_card() ? card_object(a.card()) : py::none();
      }, "The card discarded, knocked with or laid off; None for the other kinds.")
      .def_property_readonly("meld", [](const Action& a) -> std::optional<int> {
        if (a.kind() == ActionKind::LayOff) return a.meld();
        return std::nullopt;
      }, "The meld slot of a layoff; None for the other kinds.")
      .def_property_readonly("melds", [](const Action& a) -> std::optional<std::vector<Meld>> {
        if (!a.has_melds()) return std::nullopt;
        const auto s = a.melds();
        return std::vector<Meld>(s.begin(), s.end());
      }, "The explicit arrangement of a knock or big gin; None for the best one (or other kinds).")
      .def_property_readonly("id", &Action::id, "The integer id (an explicit arrangement is not part of it).")
      .def("__int__", &Action::id, "The integer id.")
      .def("__index__", &Action::id, "The integer id.")
      .def("__str__", &Action::str)
      .def("__repr__", &action_repr)
      .def("__eq__", value_eq<Action>(), py::arg("other"), py::is_operator())
      .def("__hash__", [](const Action& a) { return py::hash(py::str(a.str())); })
      .def("__copy__", [](const Action& a) { return a; })
      .def("__deepcopy__", [](const Action& a, const py::object&) { return a; }, py::arg("memo"))
      .def(py::pickle([](const Action& a) { return py::str(a.str()); },
                      [](const py::str& s) {
                        try {
                          return Action::parse(s.cast<std::string>());
                        } catch (const core::Error& e) {
                          throw core::FormatError(std::string("corrupt Action pickle: ") + e.what());
                        }
                      }));

  for (int i = 0; i < gin::kActionCount; ++i) g_actions[static_cast<std::size_t>(i)] = py::cast(Action::from_id(i)).release().ptr();

  py::class_<Observation>(m, "Observation",
                          "What one player may see of a round: own hand, the discard pile, the cards the opponent is "
                          "known to hold (taken from the pile), both players' discards, the stock size, the phase, the "
                          "knock limit, the spread and layoffs, and the legal actions when it is this player's turn "
                          "— never the opponent's hand or the stock order. to_dict() is what a web frontend may send "
                          "to that player.")
      .def_property_readonly("player", [](const Observation& o) { return Member<Player>{o.player}; }, "The observing player.")
      .def_readonly("dealer", &Observation::dealer, "The dealer of the round.")
      .def_property_readonly("phase", [](const Observation& o) { return Member<Phase>{o.phase}; }, "The phase of the round.")
      .def_readonly("turn", &Observation::turn, "The player to act, or None once finished.")
      .def_readonly("rules", &Observation::rules, "The rules of the round.")
      .def_readonly("hand", &Observation::hand, "The observing player's hand.")
      .def_property_readonly("discard_pile", [](const Observation& o) { return py::typing::List<core::Card>(pile_list(o.discard_pile())); },
                             "The discard pile, top card last.")
      .def_readonly("opponent_known", &Observation::opponent_known,
                    "The cards the opponent took from the discard pile and still holds.")
      .def_readonly("opponent_discards", &Observation::opponent_discards, "Every card the opponent has discarded.")
      .def_readonly("own_discards", &Observation::own_discards, "Every card the observing player has discarded.")
      .def_readonly("stock_size", &Observation::stock_size, "The number of cards in the stock.")
      .def_readonly("opponent_hand_size", &Observation::opponent_hand_size, "How many cards the opponent holds.")
      .def_readonly("knock_limit", &Observation::knock_limit, "The knock limit of this round.")
      .def_readonly("initial_upcard", &Observation::initial_upcard, "The opening upcard.")
      .def_property_readonly("taken", [](const Observation& o) -> py::typing::Optional<core::Card> { return opt_card(o.taken); },
                             "The card taken from the discard pile this turn (it may not be discarded), or None.")
      .def_readonly("passes", &Observation::passes, "How many players passed the upcard (0..2).")
      .def_readonly("knocker", &Observation::knocker, "The knocker, or None.")
      .def_property_readonly("spread", [](const Observation& o) {
        const auto s = o.spread_melds();
        return std::vector<Meld>(s.begin(), s.end());
      }, "The knocker's melds, grown by the layoffs.")
      .def_readonly("laid_off", &Observation::laid_off, "The cards laid off onto the spread.")
      .def_readonly("result", &Observation::result, "The result once the round is finished, else None.")
      .def_property_readonly("is_my_turn", &Observation::is_my_turn, "Whether the observing player is to act.")
      .def("legal_actions", [](const Observation& o) { return action_list(o.legal()); },
           "The legal actions (empty unless the observing player is to act).")
      .def("legal_action_ids", [](const Observation& o) { return id_list(o.legal()); },
           "The ids of the legal actions, ascending (empty unless the observing player is to act).")
      .def("legal_action_mask", [](const Observation& o) { return mask_array(o.legal()); },
           "A NumPy bool array of ACTION_COUNT entries, True at the legal action ids.")
      .def("to_dict", [](const Observation& o) { return json_dict(observation_json(o)); }, "A JSON-ready dict of the observation (cards as text, legal actions as ids and text).")
      .def_static("from_dict", [](const Typed<JsonDict>& d) { return observation_from_json(d); }, py::arg("data"),
                  "The observation of a to_dict() dict; StateFormatError when malformed.")
      .def("__copy__", [](const Observation& o) { return o; })
      .def("__deepcopy__", [](const Observation& o, const py::object&) { return o; }, py::arg("memo"))
      .def(py::pickle([](const Observation& o) { return json_dict(observation_json(o)); },
                      [](const JsonDict& d) { return observation_from_json(d); }))
      .def("__eq__", value_eq<Observation>(), py::arg("other"), py::is_operator())
      .def("__repr__", [](const Observation& o) {
        return std::string("<gin.Observation of Player.") + player_text(o.player) + " " + gin::phase_name(o.phase) +
               " hand='" + o.hand.str() + "' stock=" + std::to_string(o.stock_size) + ">";
      });

  py::class_<Round> round(m, "Round",
                          "One deal of two-handed gin rummy (the Round of the Rust crate gin-rummy; the rule card's flow): the upcard "
                          "offer non-dealer -> dealer -> forced stock draw; draw then discard, knock or big gin; the "
                          "card just taken from the pile cannot be discarded that turn; a discard leaving two stock "
                          "cards ends a dead hand; layoffs after a knock, then finish_layoffs() settles.\n\nEvery "
                          "action validates first: a refused action raises a RoundError subclass and changes nothing. "
                          "can_<op>() answers without raising. The frontend protocol: current_player, "
                          "legal_actions(), legal_action_mask(), apply(), is_terminal(), returns(), clone(), "
                          "observation(player), to_dict() / Round.from_dict() and pickle.");
  round
      .def_static("from_deal", [](const Arg<Rules>& rules, const Arg<Player>& dealer,
                                  const py::typing::Tuple<CardsLike, CardsLike>& hands, const CardLike& upcard,
                                  const py::typing::Iterable<CardLike>& stock) {
        if (!py::isinstance<py::sequence>(hands) || py::isinstance<py::str>(hands) || py::len(hands) != 2)
          throw core::WrongType("hands must be a pair of hands, got " + type_name(hands));
        std::array<core::CardSet, 2> hs{to_cardset(hands[py::int_(0)]), to_cardset(hands[py::int_(1)])};
        if (py::isinstance<py::str>(stock) || !py::isinstance<py::iterable>(stock))
          throw core::WrongType("the stock must be a sequence of cards, got " + type_name(stock));
        std::vector<core::Card> st;
        for (py::handle h : stock) st.push_back(to_card(h));
        const core::Card up = to_card(upcard);
        return Round::from_deal(rules_arg(rules), player_arg(dealer), hs, up, st);
      }, py::arg("rules"), py::arg("dealer"), py::arg("hands"), py::arg("upcard"), py::arg("stock"),
         "A round from a fixed deal: hands[i] is Player i's 10 cards, the upcard starts the pile, the stock is in draw "
         "order (the last element is drawn first). WrongHandSize, WrongStockSize, RepeatedCard (DealError).")
      .def_static("deal", [](const Arg<Rules>& rules, const Arg<Player>& dealer, const SeedLike& seed) {
        const Rules r = rules_arg(rules);
        const Player d = player_arg(dealer);
        core::Rng local;
        core::Rng* rng = rng_from(seed, local);
        return Round::deal(r, d, *rng);
      }, py::arg("rules") = Rules{}, py::arg_v("dealer", Player::One, "Player.ONE"), py::arg("seed") = 0,
         "Shuffle with the engine's generator (a seed or an Rng) and deal: the non-dealer gets deck[0], deck[2], ..., "
         "the dealer deck[1], deck[3], ..., deck[20] is the upcard, deck[21..51] the stock.")
      .def_static("from_dict", [](const Typed<JsonDict>& d) { return round_from_json(d); }, py::arg("data"),
                  "The round of a to_dict() snapshot, every invariant re-validated; StateFormatError on a corrupt or "
                  "foreign snapshot.")
      .def_property_readonly("rules", &Round::rules, "The rules of the round.")
      .def_property_readonly("dealer", &Round::dealer, "The dealer.")
      .def_property_readonly("non_dealer", &Round::non_dealer, "The non-dealer, who has the first upcard offer.")
      .def_property_readonly("phase", [](const Round& r) { return Member<Phase>{r.phase()}; }, "The current phase.")
      .def_property_readonly("turn", &turn_member, "The player to act (the defender during layoffs), None once finished.")
      .def_property_readonly("current_player", &turn_member, "The player to act, None once finished (the protocol's name for turn).")
      .def("hand", [](const Round& r, const Arg<Player>& p) { return r.hand(player_arg(p)); }, py::arg("player"), "The hand of a player (both are visible: this is the referee's view).")
      .def_property_readonly("discard_pile", [](const Round& r) { return py::typing::List<core::Card>(pile_list(r.discard_pile())); },
                             "The discard pile, top card last.")
      .def_property_readonly("stock", [](const Round& r) { return py::typing::List<core::Card>(pile_list(r.stock())); },
                             "The stock in draw order, top card last (visible: the referee's view).")
      .def_property_readonly("stock_size", &Round::stock_size, "The number of cards in the stock.")
      .def_property_readonly("knock_limit", &Round::knock_limit,
                             "The knock limit of this round: the rules', capped by the upcard under Oklahoma.")
      .def_property_readonly("initial_upcard", &Round::initial_upcard, "The opening upcard.")
      .def_property_readonly("knocker", &Round::knocker, "Who knocked or declared big gin, or None.")
      .def_property_readonly("spread", [](const Round& r) {
        const auto s = r.spread();
        return std::vector<Meld>(s.begin(), s.end());
      }, "The knocker's melds, grown by the layoffs (empty before a knock).")
      .def_property_readonly("laid_off", &Round::laid_off, "The cards the defender has laid off.")
      .def_property_readonly("result", &Round::result, "The result once finished, else None.")
      .def_property_readonly("taken", [](const Round& r) -> py::typing::Optional<core::Card> { return opt_card(r.taken()); },
                             "The card taken from the discard pile this turn, or None.")
      .def_property_readonly("passes", &Round::passes, "How many players passed the upcard (0..2).")
      .def_property_readonly("knocker_deadwood", &Round::knocker_deadwood, "The knocker's deadwood (0 before a knock).")
      .def("known_cards", [](const Round& r, const Arg<Player>& p) { return r.known_cards(player_arg(p)); }, py::arg("player"),
           "The cards a player took from the discard pile and still holds (public).")
      .def("discards_of", [](const Round& r, const Arg<Player>& p) { return r.discards_of(player_arg(p)); }, py::arg("player"), "Every card a player has discarded (public).")
      // actions
      .def("pass_", &Round::pass, "Decline the upcard; WrongPhase outside the UPCARD phase.")
      .def("take_discard", &Round::take_discard,
           "Take the top of the discard pile (the upcard, or a normal draw) and return it; WrongPhase, "
           "MustDrawFromStock after both players passed.")
      .def("draw_stock", &Round::draw_stock, "Draw the top of the stock and return it; WrongPhase outside DRAW.")
      .def("discard", [](Round& r, const CardLike& c) { r.discard(to_card(c)); }, py::arg("card"),
           "Discard a card, ending the turn (a dead hand when two stock cards remain); WrongPhase, NotInHand, "
           "DiscardJustTaken.")
      .def("knock", [](Round& r, const CardLike& c, const std::optional<MeldsLike>& melds) {
        const core::Card card = to_card(c);
        if (!melds) return r.knock(card);
        if (py::isinstance<Melds>(*melds)) return r.knock(card, melds->cast<const Melds&>());
        const auto ms = to_melds(*melds);
        r.knock(card, ms);
      }, py::arg("card"), py::arg("melds") = py::none(),
         "Discard a card and knock, spreading `melds` (a Melds of the hand without the card, or melds; default "
         "best_melds(hand - card)); zero deadwood is gin and finishes at once. WrongPhase, NotInHand, "
         "DiscardJustTaken, MeldsMismatch, TooMuchDeadwood.")
      .def("declare_big_gin", [](Round& r, const std::optional<MeldsLike>& melds) {
        if (!melds) return r.declare_big_gin();
        if (py::isinstance<Melds>(*melds)) return r.declare_big_gin(melds->cast<const Melds&>());
        const auto ms = to_melds(*melds);
        r.declare_big_gin(ms);
      }, py::arg("melds") = py::none(),
         "Declare big gin: all 11 cards melded, no discard; finishes at once. WrongPhase, BigGinDisabled, "
         "MeldsMismatch, NotBigGin.")
      .def("lay_off", [](Round& r, const CardLike& c, const Arg<py::int_>& index) {
        r.lay_off(to_card(c), small_int_arg(index, "the meld index"));
      }, py::arg("card"),
           py::arg("index"),
           "Lay a card off onto the spread meld at `index` (indices are stable; chains allowed). WrongPhase, "
           "NotInHand, NoSuchMeld, CannotLayOff.")
      .def("finish_layoffs", &Round::finish_layoffs,
           "End the layoffs and settle (the defender's remaining cards melded optimally); returns the RoundResult.")
      // can_<op>
      .def("can_pass", [](const Round& r) { return r.check_pass() == gin::RoundError::Ok; }, "Whether pass_() is legal.")
      .def("can_take_discard", [](const Round& r) { return r.check_take_discard() == gin::RoundError::Ok; },
           "Whether take_discard() is legal.")
      .def("can_draw_stock", [](const Round& r) { return r.check_draw_stock() == gin::RoundError::Ok; },
           "Whether draw_stock() is legal.")
      .def("can_discard", [](const Round& r, const CardLike& c) { return r.check_discard(to_card(c)) == gin::RoundError::Ok; },
           py::arg("card"), "Whether discard(card) is legal.")
      .def("can_knock", [](const Round& r, const CardLike& c, const std::optional<MeldsLike>& melds) {
        const core::Card card = to_card(c);
        if (!melds) return r.check_knock(card) == gin::RoundError::Ok;
        if (py::isinstance<Melds>(*melds)) {
          const Melds& ms = melds->cast<const Melds&>();
          if (r.check_discard(card) != gin::RoundError::Ok || !r.turn() || ms.hand() != r.hand(*r.turn()) - card) return false;
          return r.check_knock(card, ms.melds()) == gin::RoundError::Ok;
        }
        const auto ms = to_melds(*melds);
        return r.check_knock(card, ms) == gin::RoundError::Ok;
      }, py::arg("card"), py::arg("melds") = py::none(), "Whether knock(card, melds) is legal.")
      .def("can_declare_big_gin", [](const Round& r, const std::optional<MeldsLike>& melds) {
        if (!melds) return r.check_big_gin() == gin::RoundError::Ok;
        if (py::isinstance<Melds>(*melds)) {
          const Melds& ms = melds->cast<const Melds&>();
          if (!r.turn() || ms.hand() != r.hand(*r.turn())) return false;
          return r.check_big_gin(ms.melds()) == gin::RoundError::Ok;
        }
        const auto ms = to_melds(*melds);
        return r.check_big_gin(ms) == gin::RoundError::Ok;
      }, py::arg("melds") = py::none(), "Whether declare_big_gin(melds) is legal.")
      .def("can_lay_off", [](const Round& r, const CardLike& c, const Arg<py::int_>& index) {
        return r.check_lay_off(to_card(c), small_int_arg(index, "the meld index")) == gin::RoundError::Ok;
      }, py::arg("card"), py::arg("index"), "Whether lay_off(card, index) is legal.")
      .def("can_finish_layoffs", [](const Round& r) { return r.check_finish_layoffs() == gin::RoundError::Ok; },
           "Whether finish_layoffs() is legal.")
      .def("can_apply", [](const Round& r, const ActionLike& a) { return r.check(to_action(a)) == gin::RoundError::Ok; },
           py::arg("action"), "Whether apply(action) is legal.")
      // protocol
      .def("legal_actions", [](const Round& r) {
        gin::LegalIds buf;
        return action_list(legal_of(r, buf));
      }, "The legal actions in id order (knocks and big gin with the best arrangement); empty once finished.")
      .def("legal_action_ids", [](const Round& r) {
        gin::LegalIds buf;
        return id_list(legal_of(r, buf));
      }, "The ids of the legal actions, ascending.")
      .def("legal_action_mask", [](const Round& r) {
        gin::LegalIds buf;
        return mask_array(legal_of(r, buf));
      },
           "A NumPy bool array of ACTION_COUNT entries, True at the legal action ids.")
      .def("apply", [](Round& r, const ActionLike& a) { r.apply(to_action(a)); }, py::arg("action"),
           "Apply an Action, an action id or action text; raises like the named method and changes nothing when refused.")
      .def("is_terminal", &Round::is_terminal, "Whether the round is finished.")
      .def("returns", [](const Round& r) {
        const auto v = r.returns();
        return std::make_tuple(v[0], v[1]);
      }, "Zero-sum returns (Player.ONE, Player.TWO): the winner +points(rules), the loser -points; (0, 0) before the end and for a dead hand.")
      .def("observation", [](const Round& r, const Arg<Player>& p) { return gin::observe(r, player_arg(p)); }, py::arg("player"),
           "What a player may see (never the opponent's hand or the stock order).")
      .def("clone", [](const Round& r) { return r; }, "An independent copy.")
      .def("__copy__", [](const Round& r) { return r; })
      .def("__deepcopy__", [](const Round& r, const py::object&) { return r; }, py::arg("memo"))
      .def("to_dict", [](const Round& r, const py::typing::Optional<Player>& player) -> JsonDict {
        if (const auto p = opt_player_arg(player)) return json_dict(observation_json(gin::observe(r, *p)));
        return json_dict(round_json(r));
      }, py::arg("player") = py::none(),
         "A JSON-ready, versioned snapshot (cards as text); with a player, that player's observation instead.")
      .def("__eq__", value_eq<Round>(), py::arg("other"), py::is_operator())
      .def("__repr__", &round_repr)
      .def("__str__", &round_str)
      .def(py::pickle([](const Round& r) { return json_dict(round_json(r)); },
                      [](const JsonDict& d) { return round_from_json(d); }));
  round.attr("__hash__") = py::none();

  py::class_<gin::SimulationStats>(m, "SimulationStats",
                                   "The outcome counts of simulate_rounds: rounds, dead hands, knocks, undercuts, gins, "
                                   "big gins, wins and points per player (Player.ONE, Player.TWO), actions applied.")
      .def_readonly("rounds", &gin::SimulationStats::rounds, "Rounds played.")
      .def_readonly("dead", &gin::SimulationStats::dead, "Dead hands.")
      .def_readonly("knocks", &gin::SimulationStats::knocks, "Knocks won by the knocker.")
      .def_readonly("undercuts", &gin::SimulationStats::undercuts, "Undercuts.")
      .def_readonly("gins", &gin::SimulationStats::gins, "Gins.")
      .def_readonly("big_gins", &gin::SimulationStats::big_gins, "Big gins.")
      .def_property_readonly("wins", [](const gin::SimulationStats& s) { return std::make_tuple(s.wins[0], s.wins[1]); },
                             "Rounds won by (Player.ONE, Player.TWO).")
      .def_property_readonly("points", [](const gin::SimulationStats& s) { return std::make_tuple(s.points[0], s.points[1]); },
                             "Points won by (Player.ONE, Player.TWO).")
      .def_readonly("actions", &gin::SimulationStats::actions, "Actions applied in all rounds.")
      .def("to_dict", [](const gin::SimulationStats& s) -> JsonDict {
        py::dict d;
        d["rounds"] = s.rounds;
        d["dead"] = s.dead;
        d["knocks"] = s.knocks;
        d["undercuts"] = s.undercuts;
        d["gins"] = s.gins;
        d["big_gins"] = s.big_gins;
        d["wins"] = py::make_tuple(s.wins[0], s.wins[1]);
        d["points"] = py::make_tuple(s.points[0], s.points[1]);
        d["actions"] = s.actions;
        return json_dict(d);
      }, "The counts as a dict.")
      .def("__repr__", [](const gin::SimulationStats& s) {
        return "SimulationStats(rounds=" + std::to_string(s.rounds) + ", dead=" + std::to_string(s.dead) +
               ", knocks=" + std::to_string(s.knocks) + ", undercuts=" + std::to_string(s.undercuts) +
               ", gins=" + std::to_string(s.gins) + ", big_gins=" + std::to_string(s.big_gins) + ", wins=(" +
               std::to_string(s.wins[0]) + ", " + std::to_string(s.wins[1]) + "), points=(" +
               std::to_string(s.points[0]) + ", " + std::to_string(s.points[1]) + "), actions=" +
               std::to_string(s.actions) + ")";
      });

  m.def("simulate_rounds", [](const Arg<py::int_>& n_arg, const SeedLike& seed,
                              const py::typing::Union<py::str, py::typing::Tuple<py::str, py::str>>& policy,
                              const Arg<Rules>& rules_obj) {
        const long long n = int_arg(n_arg, "the number of rounds");
        if (n < 0) throw core::InvalidValue("the number of rounds must be >= 0, got " + std::to_string(n));
        const Rules rules = rules_arg(rules_obj);
        const std::uint64_t s = to_seed(seed);
        std::string p1, p2;
        if (py::isinstance<py::str>(policy)) {
          p1 = p2 = policy.cast<std::string>();
        } else if (py::isinstance<py::tuple>(policy) && py::len(policy) == 2) {
          p1 = cast_arg<std::string>(policy[py::int_(0)], "a policy name");
          p2 = cast_arg<std::string>(policy[py::int_(1)], "a policy name");
        } else {
          throw core::WrongType("policy must be a name or a pair of names, got " + type_name(policy));
        }
        (void)gin::make_policy(p1, 0);  // unknown names raise before the GIL is released
        (void)gin::make_policy(p2, 0);
        return run_interruptible([&](core::StopToken& stop) { return gin::simulate_rounds(n, s, p1, p2, rules, &stop); });
      }, py::arg("n"), py::arg("seed") = 0, py::arg("policy") = "random", py::arg("rules") = Rules{},
      "Play n whole rounds in C++ (the GIL released) and count the outcomes. Round i is dealt by Player.ONE when i is "
      "even, Player.TWO when odd; `policy` names the policy of both seats ('random': uniform among the legal actions) "
      "or a pair (Player.ONE's, Player.TWO's). Every decision sees only that player's observation. Reproducible for a "
      "seed.");

  py::class_<Match>(m, "Match",
                    "A match: hands in order until a player's running total reaches rules.game_target. record(result) "
                    "adds a hand; the winner of a hand deals the next (the same dealer after a dead hand); "
                    "final_score() is match_result of the hands once over.")
      .def(py::init([](const Arg<Rules>& rules, const Arg<Player>& first_dealer) {
        return Match(rules_arg(rules), player_arg(first_dealer));
      }), py::arg("rules") = Rules{}, py::arg_v("first_dealer", Player::One, "Player.ONE"),
           "A new match under the rules, first dealt by first_dealer.")
      .def_property_readonly("rules", &Match::rules, "The rules of the match.")
      .def_property_readonly("first_dealer", &Match::first_dealer, "Who dealt the first hand.")
      .def_property_readonly("hands", [](const Match& mt) {
        const auto h = mt.hands();
        return std::vector<RoundResult>(h.begin(), h.end());
      }, "The results recorded so far, in order.")
      .def_property_readonly("scores", [](const Match& mt) {
        const auto s = mt.scores();
        return std::make_tuple(s[0], s[1]);
      }, "The running totals toward the target (Player.ONE, Player.TWO): hand points, plus box bonuses under immediate_boxes.")
      .def_property_readonly("boxes", [](const Match& mt) {
        const auto b = mt.boxes();
        return std::make_tuple(b[0], b[1]);
      }, "The box bonuses earned (box_bonus per hand won) by (Player.ONE, Player.TWO).")
      .def_property_readonly("next_dealer", &Match::next_dealer,
                             "Who deals the next hand: the winner of the last, the same dealer after a dead hand.")
      .def_property_readonly("is_over", &Match::is_over, "Whether a player has reached the target.")
      .def_property_readonly("winner", &Match::winner, "The winner once over, else None.")
      .def("record", [](Match& mt, const Arg<RoundResult>& result) {
        mt.record(cast_arg<RoundResult>(result, "a RoundResult"));
      }, py::arg("result"), "Add a hand's result; WrongPhase once the match is over.")
      .def("final_score", &Match::final_score,
           "The MatchResult (winner, totals with every bonus, shutout) of the hands; WrongPhase while the match goes on.")
      .def("new_round", [](const Match& mt, const SeedLike& seed) {
        core::Rng local;
        core::Rng* rng = rng_from(seed, local);
        return mt.new_round(*rng);
      }, py::arg("seed"), "A new round dealt by next_dealer (a seed or an Rng); WrongPhase once over.")
      .def("__repr__", [](const Match& mt) {
        const auto s = mt.scores();
        return "<gin.Match " + std::to_string(mt.hands().size()) + " hands, " + std::to_string(s[0]) + " to " +
               std::to_string(s[1]) + (mt.is_over() ? ", over>" : ">");
      })
      .def(py::pickle([](const Match& mt) {
        py::list hands;
        for (const auto& h : mt.hands()) hands.append(py::cast(h));
        return py::typing::Tuple<int, Rules, Player, py::typing::List<RoundResult>>(
            py::make_tuple(1, py::cast(mt.rules()), py::cast(mt.first_dealer()), hands));
      }, [](const py::typing::Tuple<int, Rules, Player, py::typing::List<RoundResult>>& t) {
        try {
          if (t.size() != 4 || t[0].cast<int>() != 1) throw core::FormatError("unknown version");
          Match mt(t[1].cast<Rules>(), t[2].cast<Player>());
          for (py::handle h : t[3]) mt.record(h.cast<RoundResult>());
          return mt;
        } catch (const std::exception& e) {
          throw core::FormatError(std::string("corrupt Match pickle: ") + e.what());
        }
      }));
}

}  // namespace parlour::bindings
