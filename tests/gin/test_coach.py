"""The gin coach: advice over every legal action, its facts against references written
here, information hygiene (the advice cannot change when the hidden cards do),
determinism, the LAYOFF phase, the match odds, the review, errors, Ctrl-C, and the
frontends (parlour gin play --hints / --review, parlour gin replay --review)."""

from __future__ import annotations

import io
import json
import pickle
import random

import pytest

from parlour.cards import Card, CardSet
from parlour.errors import InvalidValueError, PhaseError, WrongTypeError
from parlour.gin import (
    NUM_ACTIONS,
    Action,
    ActionKind,
    Advice,
    EasyBot,
    ExpertBot,
    Game,
    NormalBot,
    Phase,
    Review,
    Round,
    Rules,
    advise,
    best_layoff,
    best_melds,
    deadwood,
    match_win_chance,
    review,
    seat_history,
)

from ..sigint import interrupt, python_child
from .botpos import ONE, TWO, knocked_for_layoffs, position, reshuffled

FAST = 6000  # a small node budget for tests


def live_cards(obs) -> CardSet:  # type: ignore[no-untyped-def]
    """The cards the observer has not seen (a reference: the whole deck less everything visible)."""
    seen = obs.hand | obs.opponent_known | obs.laid_off | CardSet(obs.discard_pile)
    for m in obs.spread:
        seen |= m.cards
    return CardSet.full_deck() - seen


def positions(n: int, seed: int) -> list[Round]:
    """Rounds at random points of random games (Easy and Normal playing), every phase but LAYOFF."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        r = Round.deal(Rules(), ONE if rng.random() < 0.5 else TWO, rng.randrange(10**9))
        bots = {ONE: EasyBot(), TWO: NormalBot()}
        for _ in range(rng.randrange(0, 30)):
            if r.is_terminal or r.phase is Phase.LAYOFF:
                break
            r.apply(bots[r.turn].act(r.observation(r.turn)))
        if not r.is_terminal and r.phase is not Phase.LAYOFF:
            out.append(r)
    return out


# ---------------------------------------------------------------- the ranking


@pytest.mark.parametrize("r", positions(6, 3), ids=lambda r: r.phase.name)
def test_every_legal_action_is_ranked_once(r: Round) -> None:
    obs = r.observation(r.turn)
    adv = advise(obs, nodes=FAST)
    assert isinstance(adv, Advice) and adv.seat == r.turn and adv.phase == r.phase
    assert sorted(a.action.id for a in adv.actions) == sorted(obs.legal_action_ids())
    assert [a.rank for a in adv.actions] == list(range(1, len(adv.actions) + 1))
    assert adv.best.loss == 0.0 and all(a.loss >= -1e-9 for a in adv.actions)
    assert [a.loss for a in adv.actions] == sorted(a.loss for a in adv.actions)
    for a in adv.actions:
        assert a.reasons and all(isinstance(x, str) and x for x in a.reasons)
        assert 0.0 <= a.win_hand <= 1.0 and 0.0 <= a.opponent_ends_soon <= 1.0
        assert a.worlds >= 1
        assert a.match_win is None  # a Round is not a match
    assert adv.worlds >= 32 and adv.nodes > 0
    assert adv.summary


def test_gin_is_ranked_first() -> None:
    # ONE holds three melds and a loose King: knocking with the Kd is gin.
    r = position(
        turn=ONE,
        phase="DISCARD",
        mine="Ac 2c 3c 7h 8h 9h Ts Js Qs Ks Kd",
        theirs="2d 4d 6d 8d Td 3h 5h 9s 9c Jc",
        pile="5c",
    )
    adv = advise(r.observation(ONE), nodes=FAST)
    assert adv.best.action.kind is ActionKind.KNOCK and adv.best.action.card == Card("Kd")
    assert adv.best.deadwood_after == 0 and adv.best.exact
    assert adv.best.win_hand == 1.0 and adv.best.points >= 25


def test_facts_against_references() -> None:
    for r in positions(8, 11):
        obs = r.observation(r.turn)
        adv = advise(obs, nodes=3000)
        live = live_cards(obs)
        assert adv.live == live
        for a in adv.actions:
            kind = a.action.kind
            if kind in (ActionKind.DISCARD, ActionKind.KNOCK):
                kept = obs.hand - a.action.card
            elif kind is ActionKind.TAKE_DISCARD:
                top = obs.discard_pile[-1]
                h = obs.hand | top
                # the best discard, ties to the higher card (value, rank, then suit)
                drop = min(obs.hand, key=lambda c: (deadwood(h - c), -c.deadwood, -int(c.rank), -int(c.suit)))
                kept = h - drop
            else:
                kept = obs.hand
            assert a.deadwood_after == deadwood(kept), a
            if kind is ActionKind.KNOCK:
                continue
            # the live cards that lower it: draw u, then the best discard (never u itself)
            now = deadwood(kept)
            outs = CardSet([u for u in live if min(deadwood((kept | u) - c) for c in kept) < now])
            assert a.outs == outs, (a, outs)
            if kind is ActionKind.DISCARD:
                c = a.action.card
                near = CardSet(
                    [
                        x
                        for x in obs.opponent_known
                        if x.rank == c.rank or (x.suit == c.suit and abs(x.rank - c.rank) <= 2)
                    ]
                )
                assert a.opponent_took_near == near
                assert a.opponent_uses is not None and 0.0 <= a.opponent_uses <= 1.0
            else:
                assert a.opponent_uses is None


def test_the_opponent_visibly_collects() -> None:
    # TWO took the 7d (from ONE's discard) and holds it: discarding the 7s may help it.
    r = position(
        turn=ONE,
        phase="DISCARD",
        mine="Ac 2c 3c 4h 5h 6h 9s Ts 7s Kd Qd",
        theirs="7d 7h 2d 3d 8c 9c Jh Qh Jd 4s",
        pile="Kh 5c",
        my_discards="7d",
        their_discards="5c",
        their_known="7d",
        dealer=TWO,
    )
    adv = advise(r.observation(ONE), nodes=FAST)
    seven = adv.find(Action.discard("7s"))
    assert seven is not None and Card("7d") in seven.opponent_took_near
    assert any("may help it" in x for x in seven.reasons)
    assert adv.opponent_took == CardSet("7d")
    assert any("7d" in s for s in adv.summary)


# ---------------------------------------------------------------- hygiene and determinism


def test_advice_does_not_change_when_the_hidden_cards_do() -> None:
    rng = random.Random(5)
    for r in positions(5, 21):
        obs = r.observation(r.turn)
        ref = advise(obs, nodes=FAST).to_dict()
        for _ in range(2):
            other = reshuffled(r, r.turn, rng)
            assert other.observation(r.turn) == obs
            assert advise(other.observation(r.turn), nodes=FAST).to_dict() == ref


def test_deterministic_for_a_node_budget_whatever_the_threads() -> None:
    r = positions(1, 8)[0]
    obs = r.observation(r.turn)
    a = advise(obs, nodes=FAST).to_dict()
    assert advise(obs, nodes=FAST).to_dict() == a
    assert advise(obs, nodes=FAST, threads=2).to_dict() == a
    assert advise(obs, nodes=FAST, seed=1).to_dict() != a


# ---------------------------------------------------------------- matches


def test_in_a_match_the_chance_to_win_it_ranks() -> None:
    g = Game(Rules(), seed=4)
    obs = g.observation(g.current_player)
    adv = advise(obs, nodes=FAST)
    assert adv.by_match and adv.match_scores == (0, 0) and adv.match_target == 100
    assert all(a.match_win is not None and 0.0 <= a.match_win <= 1.0 for a in adv.actions)
    assert adv.best.value == adv.best.match_win
    assert any("chance to win the match" in x for x in adv.best.reasons)


def test_match_observation_carries_the_scores() -> None:
    from parlour.cards import Rng
    from parlour.gin import Match, RoundResult

    m = Match(Rules())
    m.record(RoundResult.knock(ONE, 3, 20, "", Rules()))
    r = m.new_round(Rng(1))
    obs = m.observation(r, r.turn)
    assert obs.match_scores == (17, 0) and obs.match_target == 100
    assert r.observation(r.turn).match_scores is None  # a Round alone is not a match
    assert advise(obs, nodes=3000).by_match


def test_match_odds_model() -> None:
    rules = Rules()
    assert match_win_chance(rules, 0, 0) == pytest.approx(0.5)
    assert match_win_chance(rules, 100, 0) == 1.0 and match_win_chance(rules, 0, 100) == 0.0
    for a, b in [(0, 50), (30, 70), (90, 95), (10, 0)]:
        assert match_win_chance(rules, a, b) + match_win_chance(rules, b, a) == pytest.approx(1.0)  # equal players
    row = [match_win_chance(rules, a, 40) for a in range(0, 100, 5)]
    assert row == sorted(row) and row[0] < 0.5 < row[-1]
    # A bigger gin bonus makes a big lead less safe: the trailing player catches up faster.
    assert match_win_chance(Rules(gin_bonus=50), 60, 0) < match_win_chance(rules, 60, 0)
    # Targets above the table's size are scaled, not refused.
    assert 0.5 < match_win_chance(Rules(game_target=2000), 1000, 0) < 1.0


def test_play_match_bots_see_the_match_scores() -> None:
    from parlour.gin import play_match

    seen: list[tuple[tuple[int, int] | None, int | None]] = []

    class Recorder:
        def __init__(self) -> None:
            self.bot = EasyBot()

        def act(self, obs):  # type: ignore[no-untyped-def]
            seen.append((obs.match_scores, obs.match_target))
            return self.bot.act(obs)

    m = play_match(Recorder(), EasyBot(), Rules(), seed=2)
    assert all(s is not None and t == 100 for s, t in seen)
    scores = {s for s, _ in seen}
    assert (0, 0) in scores and len(scores) > 1
    assert max(max(s) for s, _ in seen) < max(m.scores)


# ---------------------------------------------------------------- the LAYOFF phase


def test_layoffs_are_valued_exactly() -> None:
    r = knocked_for_layoffs()
    obs = r.observation(r.turn)
    adv = advise(obs, nodes=FAST)
    assert sorted(a.action.id for a in adv.actions) == sorted(obs.legal_action_ids())
    best_plan = best_layoff(obs.hand, list(obs.spread))
    assert adv.best.deadwood_after == best_plan.deadwood
    finish = adv.find(Action.finish_layoffs())
    assert finish is not None and finish.deadwood_after == deadwood(obs.hand)
    assert all(a.exact for a in adv.actions)
    if best_plan.deadwood < deadwood(obs.hand):
        assert finish.rank > 1 and finish.points_loss > 0


# ---------------------------------------------------------------- review


def _played_hand(seed: int, blunder: bool) -> tuple[Round, list[Action], int | None]:
    """A hand of ExpertBot (ONE) against NormalBot, and (with `blunder`) the index in the
    actions where ONE's first discard from a hand with a meld broke the meld instead."""
    start = Round.deal(Rules(), ONE, seed)
    r = start.clone()
    bots = {ONE: ExpertBot(1, nodes=FAST), TWO: NormalBot()}
    actions: list[Action] = []
    at = None
    while not r.is_terminal:
        obs = r.observation(r.turn)
        a = bots[r.turn].act(obs)
        if blunder and at is None and r.turn is ONE and obs.phase is Phase.DISCARD:
            melded = best_melds(obs.hand).melded
            loose = obs.hand - melded
            choices = [c for c in melded if c != obs.taken and Action.discard(c) in obs.legal_actions()]
            if choices and len(loose) >= 2:
                a = Action.discard(max(choices, key=lambda c: c.deadwood))
                at = len(actions)
        r.apply(a)
        actions.append(Action(a))
    return start, actions, at


def test_review_finds_a_blunder_and_explains_it() -> None:
    start, actions, at = _played_hand(12, blunder=True)
    assert at is not None
    history = seat_history(start, actions, ONE)
    assert all(obs.player is ONE for obs, _ in history)
    res = review(history, nodes=200_000)  # (enough deals to tell a 7-point loss from noise)
    assert isinstance(res, Review) and res.seat is ONE and res.decisions == len(history)
    # the blunder's place among ONE's decisions
    blunder = sum(1 for o, _ in seat_history(start, actions[:at], ONE))
    flagged = {m.index: m for m in res.mistakes}
    assert blunder in flagged, res.to_dict()
    m = flagged[blunder]
    assert m.played.action == actions[at] == history[blunder][1]
    assert m.better.action != m.played.action and m.better.rank == 1
    assert m.points_loss >= 1.0 and m.reasons
    assert res.points_lost >= m.points_loss


def test_review_rejects_bad_histories() -> None:
    start, actions, _ = _played_hand(3, blunder=False)
    one = seat_history(start, actions, ONE)
    two = seat_history(start, actions, TWO)
    with pytest.raises(InvalidValueError, match="one seat"):
        review([one[0], two[0]], nodes=FAST)
    obs, a = one[0]
    illegal = next(Action.from_id(i) for i in range(NUM_ACTIONS) if i not in obs.legal_action_ids())
    with pytest.raises(InvalidValueError, match="not a legal action"):
        review([(obs, illegal)], nodes=FAST)
    with pytest.raises(WrongTypeError):
        review([obs], nodes=FAST)
    with pytest.raises(WrongTypeError):
        review("discard Qs", nodes=FAST)
    assert review([], nodes=FAST).decisions == 0


# ---------------------------------------------------------------- the objects


def test_results_are_json_ready_and_pickle() -> None:
    g = Game(Rules(), seed=9)
    adv = advise(g.observation(g.current_player), nodes=FAST)
    d = adv.to_dict()
    assert json.loads(json.dumps(d)) == json.loads(json.dumps(d))
    assert d["best"] == str(adv.best.action) and len(d["actions"]) == len(adv.actions)
    again = pickle.loads(pickle.dumps(adv))
    assert again.to_dict() == d and repr(again) == repr(adv)
    assert repr(adv).startswith("<gin.Advice for Player.") and "best=" in repr(adv)
    start, actions, _ = _played_hand(12, blunder=True)
    res = review(seat_history(start, actions, ONE), nodes=FAST)
    assert pickle.loads(pickle.dumps(res)).to_dict() == res.to_dict()
    json.dumps(res.to_dict())


def test_bad_arguments() -> None:
    r = Round.deal(Rules(), ONE, 1)
    obs = r.observation(r.turn)
    with pytest.raises(WrongTypeError):
        advise("not an observation")  # type: ignore[arg-type]
    with pytest.raises(PhaseError):
        advise(r.observation(r.turn.opponent))
    with pytest.raises(InvalidValueError):
        advise(obs, nodes=0)
    with pytest.raises(InvalidValueError):
        advise(obs, budget_ms=-1)
    with pytest.raises(WrongTypeError):
        advise(obs, budget_ms="fast")  # type: ignore[arg-type]
    assert advise(obs, budget_ms=5).actions  # a time budget alone


def test_ctrl_c_stops_the_advice() -> None:
    script = (
        "from parlour.gin import Round, Rules, Player, advise\n"
        "r = Round.deal(Rules(), Player.ONE, 1)\n"
        "print('ready', flush=True)\n"
        "while True:\n    advise(r.observation(r.turn), nodes=10**12)\n"
    )
    stopped = interrupt(python_child(script), settle=1.0, timeout=30)
    assert stopped.last_error_line == "KeyboardInterrupt", stopped.err[-2000:]
    assert stopped.waited < 2.0


# ---------------------------------------------------------------- frontends


def test_play_with_hints_and_review() -> None:
    from parlour.gin.play import play_terminal

    moves = io.StringIO("hint\n" + "1\n" * 400)
    out = io.StringIO()
    play_terminal(
        "easy", inp=moves, out=out, seed=3, hints=True, review=True, coach_nodes=2000, rules=Rules(game_target=20)
    )
    text = out.getvalue()
    assert "The coach:" in text and "1. " in text
    assert "Review of your decisions" in text


def test_replay_review_cli(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import argparse

    from parlour.gin import cli

    start, actions, _ = _played_hand(12, blunder=True)
    f = tmp_path / "hand.json"
    f.write_text(json.dumps({"round": start.to_dict(), "actions": [str(a) for a in actions]}))
    p = argparse.ArgumentParser()
    cli.register(p.add_subparsers())
    args = p.parse_args(["gin", "replay", str(f), "--review", "--seat", "ONE", "--coach-nodes", str(FAST)])
    out = io.StringIO()
    assert args.func(args, out) == 0
    text = out.getvalue()
    assert "Review of Player.ONE" in text and "better" in text
