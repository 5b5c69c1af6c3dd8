"""A hypothesis state machine that plays rounds through the frontend protocol.

After every step: the 52 cards are conserved; legal_action_mask() equals
legal_actions(), and both equal a reference computed in this file from the rules
(deadwood of the hand without each card, meld extensions for layoffs); clone(),
pickle and to_dict/JSON round-trip; replaying the history on the same seed gives the
same round; an observation shows no hidden card; a refused action changes nothing.
"""

from __future__ import annotations

import json
import pickle

import numpy as np
import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from parlour.cards import Card, CardSet
from parlour.errors import ParlourError
from parlour.gin import (
    NUM_ACTIONS,
    Action,
    ActionKind,
    Observation,
    OklahomaAce,
    Phase,
    Player,
    ResultKind,
    Round,
    Rules,
    deadwood,
)

ONE, TWO = Player.ONE, Player.TWO
RULES = [
    Rules(),
    Rules.modern(),
    Rules(oklahoma=OklahomaAce.ONE),
    Rules(oklahoma=OklahomaAce.GIN_ONLY, knock_limit=7),
    Rules(knock_limit=0),
    Rules.classic().replace(undercut_on_tie=False),
]


def reference_legal(r: Round) -> list[int]:
    """The legal ids, from the rule card, independent of the engine's fast paths."""
    ph = r.phase
    if ph is Phase.UPCARD:
        return [0, 1]
    if ph is Phase.DRAW:
        forced = r.passes == 2 and r.stock_size == 31
        return [2] if forced else [1, 2]
    if ph is Phase.DISCARD:
        assert r.turn is not None
        hand = r.hand(r.turn)
        ids = []
        for c in hand:
            if c == r.taken:
                continue
            ids.append(3 + c.index)
            if deadwood(hand - c) <= r.knock_limit:
                ids.append(55 + c.index)
        if r.rules.big_gin_bonus is not None and deadwood(hand) == 0:
            ids.append(107)
        return sorted(ids)
    if ph is Phase.LAYOFF:
        assert r.turn is not None
        hand = r.hand(r.turn)
        ids = [108 + 3 * c.index + i for i, m in enumerate(r.spread) for c in hand if m.extended(c) is not None]
        return sorted(ids + [264])
    return []


def cards_in(obj: object) -> set[str]:
    """Every card text inside a JSON-ready object (strings that parse as one card)."""
    out: set[str] = set()
    if isinstance(obj, dict):
        for v in obj.values():
            out |= cards_in(v)
    elif isinstance(obj, list):
        for v in obj:
            out |= cards_in(v)
    elif isinstance(obj, str) and len(obj) == 2:
        try:
            out.add(str(Card(obj)))
        except ParlourError:
            pass
    return out


class RoundMachine(RuleBasedStateMachine):
    """Plays one round per example with legal actions drawn by hypothesis."""

    round: Round

    @initialize(seed=st.integers(0, 2**64 - 1), rules=st.sampled_from(RULES), dealer=st.sampled_from([ONE, TWO]))
    def deal(self, seed: int, rules: Rules, dealer: Player) -> None:
        self.seed, self.rules, self.dealer = seed, rules, dealer
        self.round = Round.deal(rules, dealer, seed)
        self.history: list[int] = []

    @precondition(lambda self: not self.round.is_terminal)
    @rule(data=st.data(), eager=st.booleans())
    def step(self, data: st.DataObject, eager: bool) -> None:
        legal = self.round.legal_actions()
        assert legal
        # Knocks and layoffs are rare under uniform play: prefer them half of the time.
        keen = [a for a in legal if a.kind in (ActionKind.KNOCK, ActionKind.BIG_GIN, ActionKind.LAY_OFF)]
        action = data.draw(st.sampled_from(keen if eager and keen else legal))
        self.round.apply(action)
        self.history.append(action.id)

    @rule(i=st.integers(0, NUM_ACTIONS - 1))
    def try_any(self, i: int) -> None:
        if self.round.can_apply(i):
            return
        before = self.round.to_dict()
        try:
            self.round.apply(i)
        except ParlourError:
            pass
        else:  # pragma: no cover - a failure
            raise AssertionError(f"illegal action {Action.from_id(i)} accepted")
        assert self.round.to_dict() == before

    @invariant()
    def cards_conserved(self) -> None:
        r = self.round
        cards = list(r.hand(ONE)) + list(r.hand(TWO)) + r.discard_pile + r.stock + list(r.laid_off)
        assert len(cards) == 52 and len(set(cards)) == 52
        assert 2 <= r.stock_size <= 31

    @invariant()
    def legal_actions_agree(self) -> None:
        r = self.round
        ids = [a.id for a in r.legal_actions()]
        mask = r.legal_action_mask()
        assert mask.dtype == np.bool_ and mask.shape == (NUM_ACTIONS,)
        assert list(np.flatnonzero(mask)) == ids == r.legal_action_ids()
        assert ids == reference_legal(r)
        for a in r.legal_actions():
            assert Action.parse(str(a)) == a and Action.from_id(a.id) == a

    @invariant()
    def round_trips(self) -> None:
        r = self.round
        assert r.clone() == r
        assert pickle.loads(pickle.dumps(r)) == r
        d = r.to_dict()
        back = Round.from_dict(json.loads(json.dumps(d)))
        assert back == r and back.to_dict() == d
        assert back.legal_action_ids() == r.legal_action_ids()

    @invariant()
    def same_seed_same_game(self) -> None:
        again = Round.deal(self.rules, self.dealer, self.seed)
        for i in self.history:
            again.apply(i)
        assert again == self.round

    @invariant()
    def observations_hide_the_hidden(self) -> None:
        r = self.round
        for p in (ONE, TWO):
            obs = r.observation(p)
            public = (
                set(map(str, r.hand(p)))
                | set(map(str, r.discard_pile))
                | set(map(str, r.known_cards(p.opponent)))
                | set(map(str, r.discards_of(ONE) | r.discards_of(TWO)))
                | set(map(str, r.laid_off))
                | {str(c) for m in r.spread for c in m.cards}
                | {str(r.initial_upcard)}
            )
            seen = cards_in(obs.to_dict())
            assert seen <= public, seen - public
            assert obs.hand == r.hand(p) and obs.stock_size == r.stock_size
            assert obs.opponent_known <= r.hand(p.opponent)
            assert obs.opponent_hand_size == len(r.hand(p.opponent))
            mine = r.turn == p
            assert [a.id for a in obs.legal_actions()] == (r.legal_action_ids() if mine else [])
            assert obs.to_dict() == r.observation(p).to_dict()
            assert Observation.from_dict(json.loads(json.dumps(obs.to_dict()))) == obs
            assert pickle.loads(pickle.dumps(obs)) == obs

    @invariant()
    def results_settle(self) -> None:
        r = self.round
        res = r.result
        if res is None:
            assert r.returns() == (0, 0)
            return
        one, two = r.returns()
        assert one + two == 0
        if res.kind is ResultKind.DEAD:
            assert r.stock_size == 2 and (one, two) == (0, 0)
            return
        knocker = r.knocker
        assert knocker is not None and res.knocker == knocker
        defender = knocker.opponent
        assert res.defender_deadwood == deadwood(r.hand(defender))
        assert res.laid_off == r.laid_off
        kept = r.hand(knocker) - CardSet().union(*[m.cards - r.laid_off for m in r.spread])
        assert res.knocker_deadwood == sum(c.deadwood for c in kept) <= r.knock_limit
        assert max(one, two) == res.points(r.rules)


TestRoundMachine = RoundMachine.TestCase
TestRoundMachine.settings = settings(max_examples=6, stateful_step_count=160)


@pytest.mark.slow
class TestRoundMachineLong(RoundMachine.TestCase):
    """The same machine over many more rounds (``pytest -m slow``)."""

    settings = settings(max_examples=100, stateful_step_count=200)
