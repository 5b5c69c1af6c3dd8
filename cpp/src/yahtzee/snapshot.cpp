#include "parlour/yahtzee/snapshot.hpp"

#include <string>

namespace parlour::yahtzee {

using core::Json;
using core::JsonReader;

namespace {

constexpr const char* kGame = "yahtzee";
constexpr const char* kLegacyFormat = "parlour.yahtzee.Game";

Json opt_dice(const std::optional<Dice>& d) { return d ? Json(d->str()) : Json(); }

Dice dice_in(const JsonReader& in) {
  try {
    return Dice::parse(in.string());
  } catch (const core::Error& e) { in.fail(e.what()); }
}

std::optional<Dice> opt_dice_in(const JsonReader& in) {
  if (in.is_null()) return std::nullopt;
  return dice_in(in);
}

Keep keep_in(const JsonReader& in) {
  try {
    return Keep::parse(in.string());
  } catch (const core::Error& e) { in.fail(e.what()); }
}

Phase phase_in(const JsonReader& in, bool legacy) {
  if (legacy) return static_cast<Phase>(in.name_of({"roll", "decide", "over"}));
  return static_cast<Phase>(in.name_of({"ROLL", "DECIDE", "OVER"}));
}

Json legal_json(const std::vector<std::uint16_t>& ids) {
  Json out = Json::array();
  for (const auto id : ids) {
    Json a = Json::object();
    a.set("id", static_cast<int>(id));
    a.set("text", action_str(action_from_id(id)));
    out.push(std::move(a));
  }
  return out;
}

}  // namespace

Json rules_to_json(const YahtzeeRules& r) {
  Json d = Json::object();
  d.set("joker", r.joker == Joker::Forced ? "FORCED" : r.joker == Joker::Free ? "FREE" : "NONE");
  d.set("yahtzee_bonus", r.yahtzee_bonus);
  d.set("upper_bonus", r.upper_bonus);
  return d;
}

YahtzeeRules rules_from_json(const JsonReader& in) {
  if (in.json().kind() == Json::Kind::String) {  // the rules' text, as the first releases wrote them
    try {
      return YahtzeeRules::parse(in.string());
    } catch (const core::Error& e) { in.fail(e.what()); }
  }
  in.only({"joker", "yahtzee_bonus", "upper_bonus"});
  YahtzeeRules r;
  r.joker = static_cast<Joker>(in["joker"].name_of({"FORCED", "FREE", "NONE"}));
  r.yahtzee_bonus = in["yahtzee_bonus"].boolean();
  r.upper_bonus = in["upper_bonus"].boolean();
  return r;
}

Json scorecard_to_json(const Scorecard& s) {
  Json d = Json::object();
  Json boxes = Json::object();
  for (int c = 0; c < kNumCategories; ++c) {
    const int v = s.boxes()[static_cast<std::size_t>(c)];
    boxes.set(category_name(static_cast<Category>(c)), v < 0 ? Json() : Json(v));
  }
  d.set("boxes", std::move(boxes));
  d.set("yahtzee_bonuses", s.yahtzee_bonuses());
  return d;
}

Scorecard scorecard_from_json(const JsonReader& in, const YahtzeeRules& rules) {
  in.only({"boxes", "yahtzee_bonuses", "rules"});
  if (in.has("rules") && !(rules_from_json(in["rules"]) == rules)) in["rules"].fail("differ from the game's rules");
  const auto boxes = in["boxes"];
  if (boxes.json().kind() != Json::Kind::Object || boxes.json().as_object().size() != kNumCategories)
    boxes.fail("must name the 13 boxes");
  std::array<int, kNumCategories> arr{};
  for (int c = 0; c < kNumCategories; ++c) {
    const auto v = boxes[category_name(static_cast<Category>(c))];
    arr[static_cast<std::size_t>(c)] = v.is_null() ? -1 : v.small_int(0, 50);
  }
  try {
    return Scorecard::from_boxes(rules, arr, in["yahtzee_bonuses"].small_int(0, 12));
  } catch (const core::Error& e) { in.fail(e.what()); }
}

Json game_to_json(const Game& g) {
  Json s = Json::object();
  s.set("auto_roll", g.auto_roll());
  s.set("current_player", g.player());
  s.set("phase", phase_name(g.phase()));
  s.set("rolls_left", g.rolls_left());
  s.set("dice", opt_dice(g.dice()));
  s.set("kept", g.kept().str());
  Json cards = Json::array();
  for (const auto& c : g.scorecards()) cards.push(scorecard_to_json(c));
  s.set("scorecards", std::move(cards));
  s.set("rng", core::rng_to_json(g.rng()));
  if (const auto& e = g.last_event()) {
    Json ev = Json::object();
    ev.set("seat", e->seat);
    ev.set("action", action_str(e->action));
    ev.set("dice", e->dice.str());
    if (e->delta) {
      Json d = Json::object();
      d.set("value", e->delta->value);
      d.set("upper_bonus", e->delta->upper_bonus);
      d.set("yahtzee_bonus", e->delta->yahtzee_bonus);
      ev.set("delta", std::move(d));
    } else {
      ev.set("delta", Json());
    }
    s.set("last_event", std::move(ev));
  } else {
    s.set("last_event", Json());
  }
  return core::envelope(kGame, kSnapshotVersion, rules_to_json(g.rules()), std::move(s));
}

Game game_from_json(const Json& doc) {
  const core::Envelope env = core::open_envelope(doc, kGame, kSnapshotVersion, kLegacyFormat);
  const bool legacy = env.version == 0;
  const JsonReader& st = env.state;
  if (legacy)
    st.only({"format", "version", "rules", "auto_roll", "current_player", "phase", "rolls_left", "dice", "kept",
             "scorecards", "rng"});
  else
    st.only({"auto_roll", "current_player", "phase", "rolls_left", "dice", "kept", "scorecards", "rng", "last_event"});
  const YahtzeeRules rules = rules_from_json(env.rules);
  std::vector<Scorecard> cards;
  for (const auto& c : st["scorecards"].items(1, 8)) cards.push_back(scorecard_from_json(c, rules));
  const core::Rng rng = core::rng_from_json(st["rng"]);
  try {
    Game g = Game::restore(rules, std::move(cards), st["current_player"].small_int(0, 7), phase_in(st["phase"], legacy),
                           st["rolls_left"].small_int(0, 3), opt_dice_in(st["dice"]), keep_in(st["kept"]), rng.state(),
                           st["auto_roll"].boolean());
    if (!legacy && !st["last_event"].is_null()) {
      const auto ev = st["last_event"];
      ev.only({"seat", "action", "dice", "delta"});
      GameEvent e;
      e.seat = ev["seat"].small_int(0, g.num_players() - 1);
      try {
        e.action = parse_action(ev["action"].string());
      } catch (const core::Error& ex) { ev["action"].fail(ex.what()); }
      e.dice = dice_in(ev["dice"]);
      if (!ev["delta"].is_null()) {
        const auto d = ev["delta"];
        d.only({"value", "upper_bonus", "yahtzee_bonus"});
        ScoreDelta delta;
        delta.value = d["value"].small_int(0, 50);
        delta.upper_bonus = d["upper_bonus"].small_int(0, 35);
        delta.yahtzee_bonus = d["yahtzee_bonus"].small_int(0, 100);
        delta.next_index = g.scorecards()[static_cast<std::size_t>(e.seat)].state().index();
        e.delta = delta;
      }
      g.restore_last_event(std::move(e));
    }
    return g;
  } catch (const core::FormatError& e) { st.fail(e.what()); }
}

Json observation_to_json(const Observation& o) {
  Json d = Json::object();
  d.set("game", kGame);
  d.set("seat", o.seat ? Json(*o.seat) : Json());
  d.set("rules", rules_to_json(o.rules));
  Json players = Json::array();
  for (const auto& c : o.scorecards) {
    Json p = scorecard_to_json(c);
    p.set("upper_subtotal", c.upper_subtotal());
    p.set("upper_bonus", c.upper_bonus());
    p.set("lower_subtotal", c.lower_subtotal());
    p.set("total", c.total());
    players.push(std::move(p));
  }
  d.set("players", std::move(players));
  d.set("current_player", o.current_player ? Json(*o.current_player) : Json());
  d.set("phase", phase_name(o.phase));
  d.set("rolls_left", o.rolls_left);
  d.set("dice", opt_dice(o.dice));
  d.set("kept", o.kept.str());
  d.set("last_dice", opt_dice(o.last_dice));
  // What each box would score now for the player to act (the joker rules applied).
  if (o.dice && o.current_player) {
    const Scorecard& card = o.scorecards[static_cast<std::size_t>(*o.current_player)];
    Json now = Json::object();
    for (int c = 0; c < kNumCategories; ++c) {
      const auto cat = static_cast<Category>(c);
      if (!card.can_score(cat, *o.dice)) continue;
      Scorecard copy = card;
      now.set(category_name(cat), copy.score(cat, *o.dice).value);
    }
    d.set("scores_now", std::move(now));
  }
  d.set("legal_actions", legal_json(o.legal));
  return d;
}

Observation observation_from_json(const Json& doc) {
  const JsonReader in(doc, "corrupt yahtzee observation");
  in.only({"game", "seat", "rules", "players", "current_player", "phase", "rolls_left", "dice", "kept", "last_dice",
           "scores_now", "legal_actions"});
  if (in["game"].string() != kGame) in["game"].fail("not a yahtzee observation");
  Observation o;
  o.rules = rules_from_json(in["rules"]);
  for (const auto& p : in["players"].items(1, 8)) {
    p.only({"boxes", "yahtzee_bonuses", "upper_subtotal", "upper_bonus", "lower_subtotal", "total"});
    const Json* boxes = p.json().find("boxes");
    const Json* bonuses = p.json().find("yahtzee_bonuses");
    Json card = Json::object();
    card.set("boxes", boxes ? *boxes : Json());
    card.set("yahtzee_bonuses", bonuses ? *bonuses : Json());
    o.scorecards.push_back(scorecard_from_json(JsonReader(card, "corrupt yahtzee observation", p.path()), o.rules));
  }
  const int n = static_cast<int>(o.scorecards.size());
  if (!in["seat"].is_null()) o.seat = in["seat"].small_int(0, n - 1);
  if (!in["current_player"].is_null()) o.current_player = in["current_player"].small_int(0, n - 1);
  o.phase = phase_in(in["phase"], false);
  o.rolls_left = in["rolls_left"].small_int(0, 3);
  o.dice = opt_dice_in(in["dice"]);
  o.kept = keep_in(in["kept"]);
  o.last_dice = opt_dice_in(in["last_dice"]);
  if ((o.phase == Phase::Over) != !o.current_player)
    in["current_player"].fail("must be null exactly when the game is over");
  if ((o.phase == Phase::Decide) != o.dice.has_value())
    in["dice"].fail("dice are on the table exactly in phase DECIDE");
  int prev = -1;
  for (const auto& a : in["legal_actions"].items(0, kNumActions)) {
    a.only({"id", "text"});
    const int id = a["id"].small_int(0, kNumActions - 1);
    if (id <= prev) a["id"].fail("the legal action ids must ascend");
    o.legal.push_back(static_cast<std::uint16_t>(id));
    prev = id;
  }
  if (!o.legal.empty() && (!o.is_my_turn() || !o.dice)) in["legal_actions"].fail("legal actions for a seat not to act");
  return o;
}

Json event_to_json(const GameEvent& e, const Game& g) {
  Json d = Json::object();
  d.set("seat", e.seat);
  d.set("action", action_str(e.action));
  d.set("dice", e.dice.str());
  if (const auto* s = std::get_if<Score>(&e.action)) {
    d.set("kind", "SCORE");
    d.set("category", category_name(s->category));
    if (e.delta) {
      d.set("points", e.delta->value);
      d.set("upper_bonus", e.delta->upper_bonus);
      d.set("yahtzee_bonus", e.delta->yahtzee_bonus);
      d.set("reward", e.delta->reward());
    }
    d.set("total", g.scorecards()[static_cast<std::size_t>(e.seat)].total());
  } else {
    d.set("kind", "REROLL");
    d.set("kept", std::get<Reroll>(e.action).keep.str());
  }
  return d;
}

}  // namespace parlour::yahtzee
