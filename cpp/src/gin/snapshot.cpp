// Gin as JSON (snapshot.hpp): rules, results, rounds, observations, match games, events.
// Why one file: every form shares the card, seat and meld readers at the top, one
// section each.
#include "parlour/gin/snapshot.hpp"

#include <algorithm>
#include <string>

namespace parlour::gin {

using core::Json;
using core::JsonReader;

namespace {

constexpr const char* kRoundGame = "gin.round";
constexpr const char* kGame = "gin";
constexpr const char* kLegacyRoundFormat = "parlour.gin.Round";

Json card_json(Card c) { return c.str(); }
Json opt_card_json(std::optional<Card> c) { return c ? card_json(*c) : Json(); }
Json cards_json(std::span<const Card> cards) {
  Json out = Json::array();
  for (Card c : cards) out.push(card_json(c));
  return out;
}
Json set_json(CardSet s) {
  Json out = Json::array();
  for (Card c : s) out.push(card_json(c));
  return out;
}
Json seat_json(std::optional<Player> p) { return p ? Json(static_cast<int>(*p)) : Json(); }
Json spread_json(std::span<const Meld> spread) {
  Json out = Json::array();
  for (const Meld& m : spread) out.push(set_json(m.cards()));
  return out;
}

const char* result_kind_name(ResultKind k) {
  switch (k) {
    case ResultKind::Dead: return "DEAD";
    case ResultKind::Knock: return "KNOCK";
    case ResultKind::Undercut: return "UNDERCUT";
    case ResultKind::Gin: return "GIN";
    case ResultKind::BigGin: return "BIG_GIN";
  }
  return "DEAD";
}

Card card_in(const JsonReader& in) {
  const std::string& t = in.string();
  try {
    return Card::parse(t);
  } catch (const core::Error&) { in.fail("not a card: " + core::quote(t)); }
}
std::optional<Card> opt_card_in(const JsonReader& in) {
  if (in.is_null()) return std::nullopt;
  return card_in(in);
}
std::vector<Card> cards_in(const JsonReader& in, std::size_t max = core::kDeckSize) {
  std::vector<Card> out;
  for (const auto& item : in.items(0, max)) out.push_back(card_in(item));
  return out;
}
CardSet set_in(const JsonReader& in) {
  CardSet s;
  for (const auto& item : in.items(0, core::kDeckSize)) {
    const Card c = card_in(item);
    if (s.contains(c)) item.fail("the card " + c.str() + " appears twice");
    s |= c;
  }
  return s;
}
// A seat: 0 or 1 (the first releases' documents: "ONE" or "TWO"); null when nullable.
std::optional<Player> seat_in(const JsonReader& in, bool nullable, bool legacy = false) {
  if (in.is_null()) {
    if (!nullable) in.fail("must be a seat, 0 or 1");
    return std::nullopt;
  }
  if (legacy) return in.name_of({"ONE", "TWO"}) == 0 ? Player::One : Player::Two;
  return in.integer(0, 1) == 0 ? Player::One : Player::Two;
}
std::array<CardSet, 2> pair_in(const JsonReader& in) {
  const auto items = in.items(2, 2);
  return {set_in(items[0]), set_in(items[1])};
}
Meld meld_in(const JsonReader& in) {
  const CardSet cs = set_in(in);
  if (!Meld::is_meld(cs)) in.fail("'" + cs.str() + "' is not a meld");
  return Meld::from_cards(cs);
}
Phase phase_in(const JsonReader& in) {
  return static_cast<Phase>(in.name_of({"UPCARD", "DRAW", "DISCARD", "LAYOFF", "FINISHED"}));
}

Json record_json(const RoundEvent& e) {
  Json d = Json::object();
  d.set("seat", static_cast<int>(e.seat));
  d.set("action", e.action.str());
  d.set("card", opt_card_json(e.card));
  return d;
}

RoundEvent record_in(const JsonReader& in) {
  RoundEvent e;
  e.seat = *seat_in(in["seat"], false);
  try {
    e.action = Action::parse(in["action"].string());
  } catch (const core::Error& ex) { in["action"].fail(ex.what()); }
  e.card = opt_card_in(in["card"]);
  return e;
}

}  // namespace

// ---- rules and results

Json rules_to_json(const Rules& r) {
  Json d = Json::object();
  d.set("knock_limit", r.knock_limit);
  d.set("oklahoma", r.oklahoma ? Json(*r.oklahoma == OklahomaAce::One ? "ONE" : "GIN_ONLY") : Json());
  d.set("gin_bonus", r.gin_bonus);
  d.set("big_gin_bonus", r.big_gin_bonus ? Json(*r.big_gin_bonus) : Json());
  d.set("undercut_bonus", r.undercut_bonus);
  d.set("undercut_on_tie", r.undercut_on_tie);
  d.set("box_bonus", r.box_bonus);
  d.set("immediate_boxes", r.immediate_boxes);
  d.set("game_bonus", r.game_bonus);
  d.set("game_target", r.game_target);
  if (r.shutout) {
    Json s = Json::object();
    const auto k = r.shutout->kind();
    s.set("kind", k == Shutout::Kind::DoubleTotal        ? "DOUBLE_TOTAL"
                  : k == Shutout::Kind::DoubleHandPoints ? "DOUBLE_HAND_POINTS"
                                                         : "FLAT");
    s.set("amount", r.shutout->amount());
    d.set("shutout", std::move(s));
  } else {
    d.set("shutout", Json());
  }
  d.set("alternate_dealer", r.alternate_dealer);
  return d;
}

Rules rules_from_json(const JsonReader& in) {
  in.only({"knock_limit", "oklahoma", "gin_bonus", "big_gin_bonus", "undercut_bonus", "undercut_on_tie", "box_bonus",
           "immediate_boxes", "game_bonus", "game_target", "shutout", "alternate_dealer"});
  constexpr int kBig = 1000000;
  Rules r;
  r.knock_limit = in["knock_limit"].small_int(-kBig, kBig);
  if (const auto ok = in["oklahoma"]; !ok.is_null())
    r.oklahoma = ok.name_of({"ONE", "GIN_ONLY"}) == 0 ? OklahomaAce::One : OklahomaAce::GinOnly;
  r.gin_bonus = in["gin_bonus"].small_int(-kBig, kBig);
  if (const auto big = in["big_gin_bonus"]; !big.is_null()) r.big_gin_bonus = big.small_int(-kBig, kBig);
  r.undercut_bonus = in["undercut_bonus"].small_int(-kBig, kBig);
  r.undercut_on_tie = in["undercut_on_tie"].boolean();
  r.box_bonus = in["box_bonus"].small_int(-kBig, kBig);
  r.immediate_boxes = in["immediate_boxes"].boolean();
  r.game_bonus = in["game_bonus"].small_int(-kBig, kBig);
  r.game_target = in["game_target"].small_int(-kBig, kBig);
  // (absent from the first releases' snapshots: the rule card's default)
  if (in.has("alternate_dealer")) r.alternate_dealer = in["alternate_dealer"].boolean();
  if (const auto sh = in["shutout"]; !sh.is_null()) {
    sh.only({"kind", "amount"});
    const int kind = sh["kind"].name_of({"DOUBLE_TOTAL", "DOUBLE_HAND_POINTS", "FLAT"});
    const int amount = sh["amount"].small_int(-kBig, kBig);
    try {
      r.shutout = kind == 0   ? Shutout::double_total()
                  : kind == 1 ? Shutout::double_hand_points()
                              : Shutout::flat(amount);
    } catch (const core::Error& e) { sh.fail(e.what()); }
  }
  try {
    r.validate();
  } catch (const core::Error& e) { in.fail(e.what()); }
  return r;
}

Json result_to_json(const RoundResult& r) {
  Json d = Json::object();
  d.set("kind", result_kind_name(r.kind()));
  d.set("knocker", seat_json(r.knocker()));
  d.set("winner", seat_json(r.winner()));
  d.set("knocker_deadwood", r.knocker_deadwood());
  d.set("defender_deadwood", r.defender_deadwood());
  d.set("laid_off", set_json(r.laid_off()));
  return d;
}

RoundResult result_from_json(const JsonReader& in, bool legacy) {
  in.only({"kind", "knocker", "winner", "knocker_deadwood", "defender_deadwood", "laid_off"});
  const auto kind = static_cast<ResultKind>(in["kind"].name_of({"DEAD", "KNOCK", "UNDERCUT", "GIN", "BIG_GIN"}));
  try {
    RoundResult r(kind, seat_in(in["knocker"], true, legacy), in["knocker_deadwood"].small_int(0, 1000),
                  in["defender_deadwood"].small_int(0, 1000), set_in(in["laid_off"]));
    if (in.has("winner") && seat_in(in["winner"], true, legacy) != r.winner())
      in["winner"].fail("does not follow from the result");
    return r;
  } catch (const core::FormatError&) { throw; } catch (const core::Error& e) {
    in.fail(e.what());
  }
}

// ---- rounds

Json round_state_to_json(const RoundState& s) {
  Json d = Json::object();
  d.set("dealer", seat_json(s.dealer));
  d.set("phase", phase_name(s.phase));
  d.set("turn", seat_json(s.turn));
  Json hands = Json::array();
  for (CardSet h : s.hands) hands.push(set_json(h));
  d.set("hands", std::move(hands));
  d.set("discard_pile", cards_json(s.discard_pile));
  d.set("stock", cards_json(s.stock));
  d.set("initial_upcard", card_json(s.initial_upcard));
  d.set("passes", s.passes);
  d.set("taken", opt_card_json(s.taken));
  d.set("knocker", seat_json(s.knocker));
  d.set("spread", spread_json(s.spread));
  d.set("laid_off", set_json(s.laid_off));
  Json known = Json::array(), discarded = Json::array();
  for (int p = 0; p < 2; ++p) {
    known.push(set_json(s.known[static_cast<std::size_t>(p)]));
    discarded.push(set_json(s.discarded[static_cast<std::size_t>(p)]));
  }
  d.set("known", std::move(known));
  d.set("discarded", std::move(discarded));
  d.set("result", s.result ? result_to_json(*s.result) : Json());
  if (s.turns > 0) d.set("turns", s.turns);  // written when not 0 (older snapshots have none)
  return d;
}

RoundState round_state_from_json(const JsonReader& in, const Rules& rules, bool legacy, bool with_event) {
  if (legacy) {
    in.only({"format", "version", "rules", "dealer", "phase", "turn", "hands", "discard_pile", "stock",
             "initial_upcard", "passes", "taken", "knocker", "spread", "laid_off", "known", "discarded", "result"});
  } else if (with_event) {
    in.only({"dealer", "phase", "turn", "hands", "discard_pile", "stock", "initial_upcard", "passes", "taken",
             "knocker", "spread", "laid_off", "known", "discarded", "result", "turns", "last_event"});
  } else {
    in.only({"dealer", "phase", "turn", "hands", "discard_pile", "stock", "initial_upcard", "passes", "taken",
             "knocker", "spread", "laid_off", "known", "discarded", "result", "turns"});
  }
  RoundState s;
  s.rules = rules;
  s.dealer = *seat_in(in["dealer"], false, legacy);
  s.phase = phase_in(in["phase"]);
  s.turn = seat_in(in["turn"], true, legacy);
  s.hands = pair_in(in["hands"]);
  s.discard_pile = cards_in(in["discard_pile"]);
  s.stock = cards_in(in["stock"], kStockSize);
  s.initial_upcard = card_in(in["initial_upcard"]);
  s.passes = in["passes"].small_int(0, 2);
  s.taken = opt_card_in(in["taken"]);
  s.knocker = seat_in(in["knocker"], true, legacy);
  for (const auto& m : in["spread"].items(0, kSpreadSlots)) s.spread.push_back(meld_in(m));
  s.laid_off = set_in(in["laid_off"]);
  s.known = pair_in(in["known"]);
  s.discarded = pair_in(in["discarded"]);
  if (const auto res = in["result"]; !res.is_null()) s.result = result_from_json(res, legacy);
  if (!legacy && in.has("turns")) s.turns = in["turns"].small_int(1, kMaxTurns);
  return s;
}

Json round_to_json(const Round& round) {
  const RoundState s = round.state();
  Json state = round_state_to_json(s);
  const auto e = round.last_event();
  state.set("last_event", e ? record_json(*e) : Json());
  return core::envelope(kRoundGame, kSnapshotVersion, rules_to_json(s.rules), std::move(state));
}

Round round_from_json(const Json& doc) {
  const core::Envelope env = core::open_envelope(doc, kRoundGame, kSnapshotVersion, kLegacyRoundFormat);
  const bool legacy = env.version == 0;
  const RoundState s = round_state_from_json(env.state, rules_from_json(env.rules), legacy, !legacy);
  std::optional<RoundEvent> last;
  if (!legacy && !env.state["last_event"].is_null()) last = record_in(env.state["last_event"]);
  try {
    Round r = Round::from_state(s);
    r.restore_last_event(last);
    return r;
  } catch (const core::Error& e) { env.state.fail(e.what()); }
}

// ---- observations

Json observation_to_json(const Observation& o) {
  Json d = Json::object();
  d.set("game", "gin");
  d.set("seat", o.spectator ? Json() : Json(static_cast<int>(o.player)));
  d.set("dealer", seat_json(o.dealer));
  d.set("phase", phase_name(o.phase));
  d.set("turn", seat_json(o.turn));
  d.set("rules", rules_to_json(o.rules));
  if (!o.spectator) d.set("hand", set_json(o.hand));
  d.set("discard_pile", cards_json(o.discard_pile()));
  d.set("stock_size", o.stock_size);
  d.set("knock_limit", o.knock_limit);
  d.set("initial_upcard", card_json(o.initial_upcard));
  d.set("taken", opt_card_json(o.taken));
  d.set("passes", o.passes);
  Json players = Json::array();
  for (Player p : {Player::One, Player::Two}) {
    const bool own = p == o.player;
    Json side = Json::object();
    side.set("hand_size", own ? o.own_hand_size : o.opponent_hand_size);
    side.set("known", set_json(own ? o.own_known : o.opponent_known));
    side.set("discards", set_json(own ? o.own_discards : o.opponent_discards));
    players.push(std::move(side));
  }
  d.set("players", std::move(players));
  d.set("knocker", seat_json(o.knocker));
  d.set("spread", spread_json(o.spread_melds()));
  d.set("laid_off", set_json(o.laid_off));
  d.set("result", o.result ? result_to_json(*o.result) : Json());
  if (o.match_target > 0) {
    Json m = Json::object();
    m.set("scores", Json(Json::Array{o.match_scores[0], o.match_scores[1]}));
    m.set("target", o.match_target);
    m.set("hands_played", o.hands_played);
    d.set("match", std::move(m));
  }
  Json legal = Json::array();
  for (const std::uint16_t id : o.legal()) {
    Json a = Json::object();
    a.set("id", static_cast<int>(id));
    a.set("text", Action::from_id(id).str());
    legal.push(std::move(a));
  }
  d.set("legal_actions", std::move(legal));
  return d;
}

Observation observation_from_json(const Json& doc) {
  const JsonReader in(doc, "corrupt gin observation");
  in.only({"game",         "seat",       "dealer",      "phase",          "turn",  "rules",        "hand",
           "discard_pile", "stock_size", "knock_limit", "initial_upcard", "taken", "passes",       "players",
           "knocker",      "spread",     "laid_off",    "result",         "match", "legal_actions"});
  if (in["game"].string() != "gin") in["game"].fail("not a gin observation");
  Observation o;
  const auto seat = seat_in(in["seat"], true);
  o.spectator = !seat;
  o.player = seat.value_or(Player::One);
  if (o.spectator == in.has("hand")) in.fail(o.spectator ? "a spectator's observation has no hand" : "missing hand");
  o.dealer = *seat_in(in["dealer"], false);
  o.phase = phase_in(in["phase"]);
  o.turn = seat_in(in["turn"], true);
  o.rules = rules_from_json(in["rules"]);
  if (!o.spectator) o.hand = set_in(in["hand"]);
  const auto pile = cards_in(in["discard_pile"]);
  std::copy(pile.begin(), pile.end(), o.pile.begin());
  o.pile_size = static_cast<std::uint8_t>(pile.size());
  o.stock_size = in["stock_size"].small_int(0, kStockSize);
  o.knock_limit = in["knock_limit"].small_int(0, 10);
  o.initial_upcard = card_in(in["initial_upcard"]);
  o.taken = opt_card_in(in["taken"]);
  o.passes = in["passes"].small_int(0, 2);
  const auto players = in["players"].items(2, 2);
  for (int p = 0; p < 2; ++p) {
    const auto& side = players[static_cast<std::size_t>(p)];
    side.only({"hand_size", "known", "discards"});
    const bool own = static_cast<Player>(p) == o.player;
    (own ? o.own_hand_size : o.opponent_hand_size) = side["hand_size"].small_int(0, 11);
    (own ? o.own_known : o.opponent_known) = set_in(side["known"]);
    (own ? o.own_discards : o.opponent_discards) = set_in(side["discards"]);
  }
  o.knocker = seat_in(in["knocker"], true);
  for (const auto& m : in["spread"].items(0, kSpreadSlots)) o.spread[o.spread_size++] = meld_in(m);
  o.laid_off = set_in(in["laid_off"]);
  if (const auto res = in["result"]; !res.is_null()) o.result = result_from_json(res);
  if (in.has("match")) {
    const auto m = in["match"];
    m.only({"scores", "target", "hands_played"});
    const auto scores = m["scores"].items(2, 2);
    o.match_target = m["target"].small_int(1, 1000000);
    for (std::size_t i = 0; i < 2; ++i) o.match_scores[i] = scores[i].small_int(0, 10000000);
    o.hands_played = m["hands_played"].small_int(0, 10000000);
  }
  int prev = -1;
  for (const auto& a : in["legal_actions"].items(0, kMaxLegal)) {
    a.only({"id", "text"});
    const int id = a["id"].small_int(0, kActionCount - 1);
    if (id <= prev) a["id"].fail("the legal action ids must ascend");
    o.legal_ids[o.legal_count++] = static_cast<std::uint16_t>(id);
    prev = id;
  }
  try {
    validate(o);
  } catch (const core::Error& e) { in.fail(e.what()); }
  return o;
}

// ---- match games

Json game_to_json(const Game& g) {
  Json state = Json::object();
  state.set("first_dealer", seat_json(g.match().first_dealer()));
  Json hands = Json::array();
  for (const RoundResult& r : g.match().hands()) hands.push(result_to_json(r));
  state.set("hands", std::move(hands));
  state.set("round", round_state_to_json(g.round().state()));
  state.set("rng", core::rng_to_json(g.rng()));
  if (const auto& e = g.last_event()) {
    Json ev = record_json(e->event);
    ev.set("finished", e->finished ? round_state_to_json(e->finished->state()) : Json());
    state.set("last_event", std::move(ev));
  } else {
    state.set("last_event", Json());
  }
  return core::envelope(kGame, kSnapshotVersion, rules_to_json(g.rules()), std::move(state));
}

Game game_from_json(const Json& doc) {
  const core::Envelope env = core::open_envelope(doc, kGame, kSnapshotVersion);
  const Rules rules = rules_from_json(env.rules);
  const JsonReader& st = env.state;
  st.only({"first_dealer", "hands", "round", "rng", "last_event"});
  try {
    Match match(rules, *seat_in(st["first_dealer"], false));
    for (const auto& h : st["hands"].items(0, 100000)) {
      if (match.is_over()) h.fail("a hand after the end of the match");
      match.record(result_from_json(h));
    }
    Round round = Round::from_state(round_state_from_json(st["round"], rules));
    Game game(std::move(match), std::move(round), core::rng_from_json(st["rng"]));
    if (const auto ev = st["last_event"]; !ev.is_null()) {
      ev.only({"seat", "action", "card", "finished"});
      GameEvent e{record_in(ev), std::nullopt};
      if (!ev["finished"].is_null()) {
        Round done = Round::from_state(round_state_from_json(ev["finished"], rules));
        if (!done.is_terminal()) ev["finished"].fail("the hand an event finished must be finished");
        done.restore_last_event(e.event);
        e.finished = std::move(done);
      }
      game.restore_last_event(std::move(e));
    }
    return game;
  } catch (const core::FormatError&) { throw; } catch (const core::Error& e) {
    st.fail(e.what());
  }
}

// ---- events

Json event_to_json(const RoundEvent& e, const Round& round, std::optional<Player> seat) {
  Json d = Json::object();
  d.set("seat", static_cast<int>(e.seat));
  d.set("kind", action_kind_name(e.action.kind()));
  // The action as its holder sees it; the card drawn from the stock is the drawer's secret.
  d.set("action", e.action.str());
  if (e.card && (e.action.kind() == ActionKind::TakeDiscard || (seat && *seat == e.seat)))
    d.set("card", card_json(*e.card));
  if (e.action.kind() == ActionKind::Knock || e.action.kind() == ActionKind::BigGin)
    d.set("spread", spread_json(e.action.melds()));
  if (const auto r = round.result()) {
    d.set("result", result_to_json(*r));
    d.set("points", r->points(round.rules()));
    // The hand is over: both hands are laid on the table.
    Json hands = Json::array();
    for (Player p : {Player::One, Player::Two}) hands.push(set_json(round.hand(p)));
    d.set("hands", std::move(hands));
  }
  return d;
}

Json event_to_json(const GameEvent& e, const Game& game, std::optional<Player> seat) {
  Json d = event_to_json(e.event, e.finished ? *e.finished : game.round(), seat);
  if (e.finished) {
    Json m = Json::object();
    const auto scores = game.match().scores();
    m.set("scores", Json(Json::Array{scores[0], scores[1]}));
    m.set("over", game.match().is_over());
    m.set("winner", seat_json(game.match().winner()));
    d.set("match", std::move(m));
  }
  return d;
}

}  // namespace parlour::gin
