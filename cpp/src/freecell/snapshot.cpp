#include "parlour/freecell/snapshot.hpp"

#include <string>

namespace parlour::freecell {

using core::Json;
using core::JsonReader;

namespace {

constexpr const char* kGame = "freecell";
constexpr const char* kLegacyFormat = "parlour.freecell.Game";
constexpr std::int64_t kMaxDeal = (std::int64_t{1} << 33) - 1;

Json card_json(const std::optional<Card>& c) { return c ? Json(c->str()) : Json(); }

const char* suit_letter(int s) { return s == 0 ? "c" : s == 1 ? "s" : s == 2 ? "h" : "d"; }

}  // namespace

Json game_to_json(const Game& g) {
  Json s = Json::object();
  s.set("deal", g.deal() ? Json(static_cast<long long>(*g.deal())) : Json());
  s.set("start", g.start().to_text());
  Json moves = Json::array();
  GameState pos = g.start();
  for (const Move& m : g.history()) {
    moves.push(pos.notation(m));
    pos.apply_in_place(m);
  }
  s.set("moves", std::move(moves));
  return core::envelope(kGame, kSnapshotVersion, Json(), std::move(s));
}

Game game_from_json(const Json& doc) {
  const core::Envelope env = core::open_envelope(doc, kGame, kSnapshotVersion, kLegacyFormat);
  const JsonReader& st = env.state;
  if (env.version == 0)
    st.only({"format", "version", "deal", "start", "moves"});
  else {
    st.only({"deal", "start", "moves"});
    if (!env.rules.is_null()) env.rules.fail("FreeCell has no rules options: must be null");
  }
  std::optional<std::uint64_t> deal;
  if (!st["deal"].is_null()) deal = static_cast<std::uint64_t>(st["deal"].integer(1, kMaxDeal));
  GameState start;
  try {
    start = GameState::parse(st["start"].string());
  } catch (const core::Error& e) { st["start"].fail(e.what()); }
  std::optional<Game> game;
  try {
    game.emplace(start, deal);
  } catch (const core::Error& e) { st["start"].fail(e.what()); }
  for (const auto& m : st["moves"].items(0, 1000000)) {
    try {
      game->apply_recorded(Move::parse(m.string()));
    } catch (const core::FormatError&) { throw; } catch (const core::Error& e) {
      m.fail(e.what());
    }
  }
  return std::move(*game);
}

Json observation_to_json(const Observation& o) {
  Json d = Json::object();
  d.set("game", kGame);
  d.set("seat", o.seat ? Json(*o.seat) : Json());
  Json cascades = Json::array();
  for (const Cascade& c : o.state.cascades()) {
    Json col = Json::array();
    for (Card card : c.cards()) col.push(card.str());
    cascades.push(std::move(col));
  }
  d.set("cascades", std::move(cascades));
  Json cells = Json::array();
  for (const auto& c : o.state.freecells().cells()) cells.push(card_json(c));
  d.set("freecells", std::move(cells));
  Json found = Json::object();
  for (int s = 0; s < 4; ++s) found.set(suit_letter(s), o.state.foundations().heights()[static_cast<std::size_t>(s)]);
  d.set("foundations", std::move(found));
  d.set("moves", static_cast<long long>(o.moves));
  d.set("deal", o.deal ? Json(static_cast<long long>(*o.deal)) : Json());
  d.set("solved", o.state.is_solved());
  d.set("over", o.terminal);
  d.set("position", o.state.to_text());
  Json legal = Json::array();
  for (const auto id : o.legal) {
    Json a = Json::object();
    a.set("id", static_cast<int>(id));
    const auto m = o.state.resolve(Move::from_action_id(id));
    a.set("text", m ? o.state.notation(*m) : Move::from_action_id(id).notation());
    legal.push(std::move(a));
  }
  d.set("legal_actions", std::move(legal));
  return d;
}

Observation observation_from_json(const Json& doc) {
  const JsonReader in(doc, "corrupt freecell observation");
  in.only({"game", "seat", "cascades", "freecells", "foundations", "moves", "deal", "solved", "over", "position",
           "legal_actions"});
  if (in["game"].string() != kGame) in["game"].fail("not a freecell observation");
  Observation o;
  if (!in["seat"].is_null()) o.seat = in["seat"].small_int(0, 0);
  try {
    o.state = GameState::parse(in["position"].string());
  } catch (const core::Error& e) { in["position"].fail(e.what()); }
  o.moves = static_cast<std::size_t>(in["moves"].integer(0, INT64_MAX));
  if (!in["deal"].is_null()) o.deal = static_cast<std::uint64_t>(in["deal"].integer(1, kMaxDeal));
  o.terminal = in["over"].boolean();
  if (in["solved"].boolean() != o.state.is_solved()) in["solved"].fail("does not match the position");
  int prev = -1;
  for (const auto& a : in["legal_actions"].items(0, kNumActions)) {
    a.only({"id", "text"});
    const int id = a["id"].small_int(0, kNumActions - 1);
    if (id <= prev) a["id"].fail("the legal action ids must ascend");
    if (!o.state.resolve(Move::from_action_id(id))) a["id"].fail("is not a legal move in the position");
    o.legal.push_back(static_cast<std::uint16_t>(id));
    prev = id;
  }
  return o;
}

Json event_to_json(const GameEvent& e, const Game& g) {
  Json d = Json::object();
  d.set("seat", 0);
  d.set("action", e.notation);
  d.set("card", card_json(e.move.card));
  d.set("from", e.move.from.str());
  d.set("to", e.move.to.str());
  d.set("count", e.move.count);
  d.set("moves", static_cast<long long>(g.move_count()));
  d.set("solved", g.state().is_solved());
  return d;
}

}  // namespace parlour::freecell
