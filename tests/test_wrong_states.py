"""States that could never arise are refused when loaded, in every game and every format.

Each test takes a real state, changes one thing so that it becomes impossible (a card in
two places, a box holding a score no roll gives, a rules byte of a saved table), and
expects the library's error; the untouched state still loads.
"""

from __future__ import annotations

import copy
import pickle
from pathlib import Path
from typing import Any

import pytest

from parlour.errors import NotationError, StateFormatError
from parlour.gin import Player, Round, Rules
from parlour.yahtzee import Categories, Category, Scorecard, Solver, State, parse_category
from parlour.yahtzee import Rules as YahtzeeRules


def _round_in_discard() -> Round:
    """A round some turns in, with discards by both players, that has just taken the discard."""
    r = Round.deal(Rules(), Player.ONE, 7)
    for _ in range(400):
        acts = r.legal_actions()
        by_kind = {a.kind.name: a for a in acts}
        if r.phase.name == "DRAW" and sum(len(r.discards_of(p)) for p in Player) >= 4:
            r.apply(by_kind["TAKE_DISCARD"])
            return r
        r.apply(by_kind.get("DRAW_STOCK") or by_kind.get("PASS") or next(a for a in acts if a.kind.name == "DISCARD"))
    raise AssertionError("no position found")


def test_a_round_whose_discards_are_in_the_opponents_hand_is_refused() -> None:
    r = _round_in_discard()
    doc = r.to_dict()
    assert Round.from_dict(doc) == r
    one, two = (int(p) for p in Player)
    # A card of Player.TWO's hand that is not known to have come from the pile.
    hidden = [c for c in doc["state"]["hands"][two] if c not in doc["state"]["known"][two]]
    bad = copy.deepcopy(doc)
    bad["state"]["discarded"][one].append(hidden[0])
    with pytest.raises(StateFormatError, match=r"discarded .* neither on the pile"):
        Round.from_dict(bad)
    # The same at the deal: nothing has been discarded yet.
    fresh = Round.deal(Rules(), Player.ONE, 7).to_dict()
    fresh["state"]["discarded"][one].append(fresh["state"]["hands"][two][0])
    with pytest.raises(StateFormatError, match="neither on the pile"):
        Round.from_dict(fresh)
    # A known card that never was on the pile.
    bad = copy.deepcopy(doc)
    bad["state"]["known"][two].append(hidden[0])
    with pytest.raises(StateFormatError, match="never on the discard pile"):
        Round.from_dict(bad)
    # And through pickle, which reads the same document.
    state = r.__getstate__()
    assert isinstance(state, dict)
    bad_state = copy.deepcopy(state)
    bad_state["state"]["discarded"][one].append(hidden[0])
    with pytest.raises(StateFormatError):
        Round.__new__(Round).__setstate__(bad_state)


def test_a_card_taken_back_is_a_discard_the_taker_holds() -> None:
    """A discard in the opponent's hand is fine when the opponent took it: it is known to be there."""
    r = _round_in_discard()
    taken = r.taken
    assert (taken is not None and any(taken in r.discards_of(p) for p in Player)) or taken == r.initial_upcard
    assert Round.from_dict(r.to_dict()) == r


def test_a_scorecard_with_a_chance_of_zero_is_refused() -> None:
    card = Scorecard()
    doc = card.to_dict()
    for value in (0, 1, 4, 31):
        bad = copy.deepcopy(doc)
        bad["boxes"]["chance"] = value
        with pytest.raises(StateFormatError, match="chance"):
            Scorecard.from_dict(bad)
    for value in (5, 30):  # the least and the most five dice sum to
        ok = copy.deepcopy(doc)
        ok["boxes"]["chance"] = value
        assert Scorecard.from_dict(ok).boxes[Category.CHANCE] == value
    ok = copy.deepcopy(doc)
    ok["boxes"]["three_of_a_kind"] = 0  # the other sums can be zero (no three of a kind)
    Scorecard.from_dict(ok)


@pytest.mark.parametrize("text", ["-1", "-aces", "_1", "1-", "fh_", " - 1", "-"])
def test_parse_category_refuses_loose_separators(text: str) -> None:
    with pytest.raises(NotationError, match="not a category"):
        parse_category(text)


def test_parse_category_still_reads_names_and_aliases() -> None:
    assert parse_category("1") is Category.ACES
    assert parse_category(" Full-House ") is Category.FULL_HOUSE
    assert parse_category("three of a kind") is Category.THREE_OF_A_KIND
    assert parse_category("sm_straight") is Category.SMALL_STRAIGHT


@pytest.fixture(scope="module")
def free_solver() -> Solver:
    s = Solver(YahtzeeRules.parse("free"))
    s.solve()
    return s


def test_a_table_file_whose_header_changed_is_refused(free_solver: Solver, tmp_path: Path) -> None:
    path = tmp_path / "free.bin"
    free_solver.save(path)
    raw = path.read_bytes()
    assert Solver.load(path).rules == free_solver.rules
    # The header: magic (8 bytes), version (4), rules (4), count (8), checksum (8).
    rules_code = int.from_bytes(raw[12:16], "little")
    assert rules_code == free_solver.rules.code
    for offset, code in [(12, YahtzeeRules().code), (12, YahtzeeRules.parse("none").code)]:
        bad = bytearray(raw)
        bad[offset : offset + 4] = code.to_bytes(4, "little")
        (tmp_path / "bad.bin").write_bytes(bytes(bad))
        with pytest.raises(StateFormatError, match="checksum"):
            Solver.load(tmp_path / "bad.bin")
    bad = bytearray(raw)
    bad[12:16] = (200).to_bytes(4, "little")  # no rules have this code
    (tmp_path / "bad.bin").write_bytes(bytes(bad))
    with pytest.raises(StateFormatError, match="rules code"):
        Solver.load(tmp_path / "bad.bin")
    bad = bytearray(raw)
    bad[8:12] = (1).to_bytes(4, "little")  # the first table format, whose checksum left the header out
    (tmp_path / "bad.bin").write_bytes(bytes(bad))
    with pytest.raises(StateFormatError, match="older version"):
        Solver.load(tmp_path / "bad.bin")


def test_a_pickled_solver_with_other_rules_or_marks_is_refused(free_solver: Solver) -> None:
    state = free_solver.__getstate__()
    back = pickle.loads(pickle.dumps(free_solver))
    assert back.rules == free_solver.rules and back.value(State.START) == free_solver.value(State.START)
    for other in ["forced", "none", "free+no-yahtzee-bonus"]:
        bad = (state[0], other, *state[2:])
        with pytest.raises(StateFormatError, match="checksum"):
            Solver.__new__(Solver).__setstate__(bad)
    lazy = Solver(YahtzeeRules())
    lazy.value(State(~Categories([Category.CHANCE]), 0, False))
    lazy_state = lazy.__getstate__()
    marks = bytearray(lazy_state[2])
    marks[0] = 0  # claim the start is solved
    with pytest.raises(StateFormatError):
        Solver.__new__(Solver).__setstate__((lazy_state[0], lazy_state[1], bytes(marks), *lazy_state[3:]))
    old = (1, *state[1:])  # the first pickle format
    with pytest.raises(StateFormatError, match="version"):
        Solver.__new__(Solver).__setstate__(old)


def test_a_gin_observation_whose_discards_and_known_cards_disagree_is_refused() -> None:
    from parlour.gin import Observation

    r = _round_in_discard()
    for seat in (Player.ONE, Player.TWO, None):
        obs = r.observation(seat)
        doc = obs.to_dict()
        assert Observation.from_dict(doc) == obs
        sides = doc["players"]
        if seat is not None:
            me = int(seat)
            hidden = [c for c in doc["hand"] if c not in sides[me]["known"]]
            bad = copy.deepcopy(doc)
            bad["players"][1 - me]["discards"].append(hidden[0])  # a card in my hand the opponent discarded
            with pytest.raises(StateFormatError, match="neither on the pile"):
                Observation.from_dict(bad)
        # A known card that was never discarded: move a discard out of the discards.
        bad = copy.deepcopy(doc)
        taker = int(r.turn)
        known = sides[taker]["known"]
        assert known
        for side in bad["players"]:
            side["discards"] = [c for c in side["discards"] if c not in known]
        with pytest.raises(StateFormatError, match=r"never on the discard pile|never discarded"):
            Observation.from_dict(bad)


# ---- observations: what a document derives is derived again, not taken on trust


def _observations() -> list[tuple[str, object]]:
    """(game, observation) in the middle of random play, for the seat to act and a spectator."""
    import random

    from parlour import games

    out: list[tuple[str, object]] = []
    for name, options in [("gin", {}), ("yahtzee", {"players": 2}), ("freecell", {"deal": 11})]:
        rng = random.Random(5)
        game = games.get(name).new_game(seed=5, **options)
        for step in range(60):
            if game.is_terminal:
                break
            if step % 7 == 3:
                out.append((name, game.observation(game.current_player)))
                out.append((name, game.observation(None)))
            game.apply(rng.choice(game.legal_action_ids()))
    return out


@pytest.mark.parametrize("game", ["gin", "yahtzee", "freecell"])
def test_an_observation_with_a_cut_or_altered_legal_list_is_refused(game: str) -> None:
    from parlour import games

    seen = 0
    for name, obs in _observations():
        if name != game:
            continue
        cls = type(obs)
        doc = obs.to_dict()  # type: ignore[attr-defined]
        assert cls.from_dict(doc) == obs  # type: ignore[attr-defined]
        legal = doc["legal_actions"]
        if not legal:
            bad = copy.deepcopy(doc)  # a spectator (or a seat not to act) given actions
            bad["legal_actions"] = [{"id": 0, "text": "x"}]
            with pytest.raises(StateFormatError, match="legal_actions"):
                cls.from_dict(bad)  # type: ignore[attr-defined]
            continue
        seen += 1
        for cut in (legal[:1], legal[1:], legal[:-1]):
            if cut == legal:
                continue
            bad = copy.deepcopy(doc)
            bad["legal_actions"] = cut
            with pytest.raises(StateFormatError, match="legal_actions: does not match"):
                cls.from_dict(bad)  # type: ignore[attr-defined]
        bad = copy.deepcopy(doc)
        bad["legal_actions"][0]["text"] = "something else"
        with pytest.raises(StateFormatError, match="legal_actions"):
            cls.from_dict(bad)  # type: ignore[attr-defined]
        # The library's own bots act inside the legal ids of every observation it accepts.
        info = games.get(name)
        for bot_name in list(info.bots)[:2]:
            action = info.bot(bot_name, seed=1).act(cls.from_dict(doc))  # type: ignore[attr-defined]
            assert getattr(action, "id", action) in obs.legal_action_ids()  # type: ignore[attr-defined]
    assert seen >= 3


def test_derived_fields_of_yahtzee_and_freecell_observations_are_checked() -> None:
    from parlour.freecell import Observation as FreeCellObservation
    from parlour.yahtzee import Observation as YahtzeeObservation

    for name, obs in _observations():
        doc = obs.to_dict()  # type: ignore[attr-defined]
        if name == "yahtzee":
            bad = copy.deepcopy(doc)
            bad["players"][0]["total"] += 1
            with pytest.raises(StateFormatError, match="players"):
                YahtzeeObservation.from_dict(bad)
            if "scores_now" in doc:
                bad = copy.deepcopy(doc)
                box = next(iter(bad["scores_now"]))
                bad["scores_now"][box] += 5
                with pytest.raises(StateFormatError, match="scores_now"):
                    YahtzeeObservation.from_dict(bad)
        elif name == "freecell":
            for key, change in [
                ("over", lambda d: not d["over"]),
                ("foundations", lambda d: {**d["foundations"], "c": 9}),
            ]:
                bad = copy.deepcopy(doc)
                bad[key] = change(doc)
                with pytest.raises(StateFormatError, match=key):
                    FreeCellObservation.from_dict(bad)
            bad = copy.deepcopy(doc)
            bad["cascades"][0] = bad["cascades"][0][:-1]
            with pytest.raises(StateFormatError, match="cascades"):
                FreeCellObservation.from_dict(bad)


# ---- pickled values: impossible ones are refused when unpickled, not when used


def _reloaded(obj: object, state: object) -> object:
    fresh = type(obj).__new__(type(obj))  # type: ignore[call-overload]
    fresh.__setstate__(state)  # type: ignore[attr-defined]
    return fresh


def test_impossible_pickled_values_are_refused() -> None:
    from parlour import gin
    from parlour.freecell import Move

    knocker = gin.best_melds("As 2s 3s 4s 5h 6h 7h 8c 9c Tc")
    discard = gin.best_discard("As 2s 3s 4s 5h 6h 7h 8c 9c Tc Kd")
    layoff = gin.best_layoff("8s Jd", [gin.Meld("5s 6s 7s"), gin.Meld("Ah 2h 3h")])
    settlement = gin.settle(gin.best_melds("As 2s 3s 4h 5h 6h 9c 9d 9s Kd"), "7h 8h Kc Qd Qs 2c 3d 4c 5c 6d")
    game = gin.Game(seed=3)
    game.apply(game.legal_action_ids()[0])
    event = game.last_event
    assert event is not None
    move = Move.parse("3a")
    hands = [gin.RoundResult.gin(gin.Player.ONE, 30)] * 2
    match = gin.match_result(hands, target=100)
    values = [knocker, discard, layoff, settlement, event, move, match]
    for obj in values:  # the untouched states load back equal
        assert _reloaded(obj, obj.__getstate__()) == obj  # type: ignore[attr-defined]

    def bad(obj: object, change: Any) -> None:
        state = list(obj.__getstate__())  # type: ignore[attr-defined]
        change(state)
        with pytest.raises(StateFormatError):
            _reloaded(obj, tuple(state))

    bad(discard, lambda s: s.__setitem__(1, 65_000))  # a deadwood no set of cards has
    bad(discard, lambda s: s.__setitem__(1, -1))
    bad(discard, lambda s: s.__setitem__(2, 0))  # the card is not among the ties
    bad(layoff, lambda s: s.__setitem__(4, layoff.deadwood + 1))  # not the kept cards' deadwood
    bad(layoff, lambda s: s.__setitem__(1, list(reversed(s[1]))))  # cards laid on melds they do not extend
    bad(layoff, lambda s: s.__setitem__(1, s[1][:1]))
    bad(settlement, lambda s: s.__setitem__(1, -5))
    bad(settlement, lambda s: s.__setitem__(1, 65_000_000))
    bad(match, lambda s: s.__setitem__(3, (9, 9)))  # more hands won than played
    bad(match, lambda s: s.__setitem__(1, s[0]))  # the winner is the loser
    bad(match, lambda s: s.__setitem__(2, (-1, 0)))
    bad(match, lambda s: s.__setitem__(7, 0))  # a target of 0
    bad(event, lambda s: s.__setitem__(0, 2**40))
    bad(event, lambda s: s.__setitem__(0, -1))
    bad(event, lambda s: s.__setitem__(3, [1, 2]))
    bad(move, lambda s: s.__setitem__(2, -1))
    bad(move, lambda s: s.__setitem__(2, 99))
    bad(move, lambda s: s.__setitem__(0, "zz"))
