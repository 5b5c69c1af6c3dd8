"""Every game through the one game protocol alone (parlour.protocol), parametrised over the registry.

Random playouts choose actions as ids, as action objects and as text; at every step the
snapshot and pickle round-trips give back an equal game, a refused action changes
nothing, the observation is JSON-ready and shows only what its seat may see, and the
last event names the seat that acted.
"""

from __future__ import annotations

import json
import pickle
import random
import warnings
from typing import Any

import numpy as np
import pytest

from parlour import games
from parlour.errors import IllegalActionError, ParlourError, PhaseError, StateFormatError
from parlour.protocol import Bot, Event, Game, Observation, TerminalFlag

GAMES = games.names()
ARRAY_SHAPES = {"gin": (13, 52), "yahtzee": (21,), "freecell": (160,)}


def new_game(name: str, seed: int) -> Any:
    info = games.get(name)
    return info.new_game(players=min(info.max_players, 3), seed=seed)


def hidden_cards(game: Any, seat: int | None) -> set[str]:
    """Cards `seat` may not see in a gin game: the stock, and the opponent's cards not known to be held."""
    if game.game_name != "gin":
        return set()
    rnd = game.round
    if rnd.is_terminal:  # the hand is laid on the table; only the stock stays hidden
        return {str(c) for c in rnd.stock}
    out = {str(c) for c in rnd.stock}
    for p in (0, 1):
        if p != seat:
            out |= {str(c) for c in rnd.hand(p) - rnd.known_cards(p)}
    return out


def strings_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings_in(v) for v in value)) if value else set()
    return set()


def check_position(game: Any) -> None:
    assert isinstance(game, Game)
    ids = game.legal_action_ids()
    assert ids == sorted(set(ids))
    mask = game.legal_action_mask()
    assert mask.dtype == np.bool_ and mask.shape == (game.num_actions,)
    assert np.flatnonzero(mask).tolist() == ids
    assert [a.id for a in game.legal_actions()] == ids
    assert bool(game.is_terminal) == (game.current_player is None) == (not ids)
    returns = game.returns()
    assert isinstance(returns, tuple) and len(returns) == game.num_players
    assert all(isinstance(r, float) for r in returns)
    # snapshots: the envelope, JSON text, pickle, clone
    snap = game.to_dict()
    assert set(snap) == {"game", "version", "rules", "state"} and snap["version"] == 1
    assert json.loads(game.to_json()) == snap  # the engine's own JSON text
    back = games.load(json.loads(json.dumps(snap)))
    assert back == game and back.to_dict() == snap
    assert pickle.loads(pickle.dumps(game)) == game
    assert game.clone() == game
    # observations: JSON-ready, fixed arrays, only what the seat may see
    for seat in [*range(game.num_players), None]:
        obs = game.observation(seat)
        assert isinstance(obs, Observation) and obs.seat == seat
        data = obs.to_dict()
        assert json.loads(json.dumps(data)) == data
        assert json.loads(obs.to_json()) == data
        assert data["game"] == game.game_name and data["seat"] == seat
        assert "rng" not in data and "stock" not in data
        arr = obs.to_array()
        assert arr.dtype == np.int8 and arr.shape == ARRAY_SHAPES[game.game_name]
        if seat == game.current_player:
            assert [a["id"] for a in data["legal_actions"]] == ids == obs.legal_action_ids()
        else:
            assert data["legal_actions"] == [] and obs.legal_action_ids() == []
        assert not strings_in(data) & hidden_cards(game, seat)
        assert type(obs).from_dict(data) == obs
        assert pickle.loads(pickle.dumps(obs)) == obs


def refused_changes_nothing(game: Any, rng: random.Random) -> None:
    illegal = [i for i in range(game.num_actions) if i not in set(game.legal_action_ids())]
    before = game.to_dict()
    for action in rng.sample(illegal, min(3, len(illegal))):
        assert not game.can_apply(action)
        reason = game.why_not(action)
        assert isinstance(reason, str) and reason
        with pytest.raises(ParlourError):
            game.apply(action)
        assert game.to_dict() == before


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_playout_through_the_protocol(name: str, seed: int) -> None:
    rng = random.Random(seed)
    game = new_game(name, seed)
    assert game.game_name == name and games.get(name).game_class is type(game)
    assert game.last_event is None
    steps = 0
    while not game.is_terminal and steps < 400:
        if steps % 7 == 0:
            check_position(game)
            refused_changes_nothing(game, rng)
        seat = game.current_player
        choice = rng.choice(game.legal_actions())
        form = steps % 3
        action = choice.id if form == 0 else choice if form == 1 else str(choice)
        assert game.can_apply(action) and game.why_not(action) is None
        game.apply(action)
        event = game.last_event
        assert isinstance(event, Event) and event.seat == seat
        assert json.loads(json.dumps(event.to_dict(None))) == event.to_dict(None)
        assert event.to_dict(seat)["seat"] == seat
        steps += 1
    check_position(game)


@pytest.mark.parametrize("name", GAMES)
def test_every_registered_bot_plays_a_whole_game(name: str) -> None:
    info = games.get(name)
    for bot_name in info.bots:
        game = info.new_game(seed=5)
        bot = info.bot(bot_name, seed=3)
        assert isinstance(bot, Bot)
        for _ in range(5000):
            if game.is_terminal:
                break
            before = game.to_dict()
            action = bot.act(game.observation(game.current_player))
            assert game.to_dict() == before  # a bot never changes the game
            game.apply(action)
        assert game.is_terminal, f"{bot_name} did not finish a {name} game"


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_game_refuses_every_action(name: str) -> None:
    info = games.get(name)
    game = info.new_game(seed=9)
    bot = info.bot(next(iter(info.bots)), seed=1)
    while not game.is_terminal:
        game.apply(bot.act(game.observation(game.current_player)))
    snap = game.to_dict()
    with pytest.raises((PhaseError, IllegalActionError)):
        game.apply(0)
    assert game.to_dict() == snap and game.why_not(0)


@pytest.mark.parametrize("name", GAMES)
def test_snapshots_refuse_other_games_and_corrupt_envelopes(name: str) -> None:
    game = new_game(name, 4)
    cls = type(game)
    snap = game.to_dict()
    for bad in (
        {**snap, "game": "chess"},
        {**snap, "version": 99},
        {**snap, "version": 0},
        {**snap, "extra": 1},
        {k: v for k, v in snap.items() if k != "state"},
        {**snap, "state": []},
        "not a dict",
        [],
    ):
        with pytest.raises(StateFormatError):
            cls.from_dict(bad)
    other = next(n for n in GAMES if n != name)
    with pytest.raises(StateFormatError):
        cls.from_dict(new_game(other, 1).to_dict())
    with pytest.raises(StateFormatError):
        games.load({**snap, "game": "chess"})


def test_terminal_flag_and_deprecated_spellings() -> None:
    game = games.get("yahtzee").new_game(seed=1)
    flag = game.is_terminal
    assert isinstance(flag, TerminalFlag) and flag == False and not flag  # noqa: E712
    assert repr(flag) == "False" and pickle.loads(pickle.dumps(flag)) is False
    with pytest.warns(DeprecationWarning, match="is_terminal is a property"):
        assert flag() is False
    import parlour.gin as gin
    import parlour.yahtzee as yahtzee
    from parlour.freecell import Move

    with pytest.warns(DeprecationWarning, match="NUM_ACTIONS"):
        assert gin.ACTION_COUNT == gin.NUM_ACTIONS == 265
    with pytest.warns(DeprecationWarning, match="Rules"):
        assert yahtzee.YahtzeeRules is yahtzee.Rules
    with pytest.warns(DeprecationWarning, match="apply"):
        delta = game.act(game.legal_action_ids()[0])
    assert delta.value >= 0
    with pytest.warns(DeprecationWarning, match="can_apply"):
        assert game.can_act(game.legal_action_ids()[0])
    with pytest.warns(DeprecationWarning, match="Move.id"):
        assert Move.parse("3a").action_id == Move.parse("3a").id
    with pytest.warns(DeprecationWarning, match="Move.from_id"):
        assert Move.from_action_id(8) == Move.from_id(8)
    with pytest.warns(DeprecationWarning, match="observation"):
        assert game.to_dict(0) == game.observation(0).to_dict()
    with pytest.warns(DeprecationWarning, match="act\\(observation\\)"):
        yahtzee.HeuristicBot().act(game)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert not game.is_terminal  # the property itself never warns
