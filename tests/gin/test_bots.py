"""The bots' documented behaviour on constructed positions, their legality over many
seeded rounds, determinism, and Python objects as bots.

The positions are Round snapshots built in botpos.py; each comment draws the hands.
"""

from __future__ import annotations

import pickle

import pytest

from parlour.cards import Card, CardSet
from parlour.errors import IllegalActionError, InvalidValueError, PhaseError, WrongTypeError
from parlour.gin import (
    Action,
    ActionKind,
    EasyBot,
    HardBot,
    NormalBot,
    OklahomaAce,
    Phase,
    Round,
    Rules,
    TooMuchDeadwood,
    best_layoff,
    best_melds,
    deadwood,
    make_bot,
    play_match,
    simulate_rounds,
)

from .botpos import ONE, TWO, knock_would_be_undercut, knocked_for_layoffs, position  # the shared position helpers

BOTS = [EasyBot, NormalBot, HardBot]


def act(bot, r: Round) -> Action:
    return bot.act(r.observation(r.turn))


# ---------------------------------------------------------------- EasyBot


def test_easy_discards_its_highest_unmatched_card() -> None:
    # Easy: 3c4c5c  7h7d7s | Kd Qs 9h 2d 5s  -> Kd (10, and K above Q)
    r = position(
        turn=ONE,
        phase="DISCARD",
        mine="3c 4c 5c 7h 7d 7s Kd Qs 9h 2d 5s",
        theirs="Ac 2c 8c 9c Tc Jc Qc 2h 3h 4h",
        pile="6d 8d",
        my_discards="8d",
    )
    assert act(EasyBot(), r) == Action.discard("Kd")
    # keeps the run 9h Th Jh although Jh is its highest card: discards Qs
    r = position(
        turn=ONE,
        phase="DISCARD",
        mine="9h Th Jh 7h 7d 7s Qs 8c 2d 5s Ac",
        theirs="2c 3c 4c 9c Tc Jc Qc 2h 3h 4h",
        pile="6d 8d",
        my_discards="8d",
    )
    assert act(EasyBot(), r) == Action.discard("Qs")


def test_easy_never_discards_the_card_it_just_took() -> None:
    # took Kd from the pile (it melds with Kc Ks), then Kc Ks Kd are a set; highest unmatched is Qs
    r = position(
        turn=ONE,
        phase="DRAW",
        mine="Kc Ks 7h 7d 7s Qs 9h 2d 5s 4c",
        theirs="Ac 2c 8c 9c Tc Jc Qc 2h 3h 4h",
        pile="6d Kd",
        their_discards="Kd",
    )
    assert act(EasyBot(), r) == Action.take_discard()
    r.apply(Action.take_discard())
    assert act(EasyBot(), r) == Action.discard("Qs")


def test_easy_takes_the_pile_top_only_when_it_completes_a_meld() -> None:
    mine = "Kc Ks 7h 7d 2s Qs 9h 2d 5s 4c"
    theirs = "Ac 2c 8c 9c Tc Jc Qc 2h 3h 4h"
    # 7s completes 7h 7d 7s: take it
    r = position(turn=ONE, phase="DRAW", mine=mine, theirs=theirs, pile="6d 7s", their_discards="7s")
    assert act(EasyBot(), r) == Action.take_discard()
    # the Ace of diamonds lowers the deadwood but melds with nothing: draw from the stock
    # (and no bot takes back a card it threw itself)
    r = position(turn=ONE, phase="DRAW", mine=mine, theirs=theirs, pile="6d 7s", my_discards="7s")
    assert act(EasyBot(), r) == Action.draw_stock()
    r = position(turn=ONE, phase="DRAW", mine=mine, theirs=theirs, pile="6d Ad", their_discards="Ad")
    assert act(EasyBot(), r) == Action.draw_stock()
    # on the upcard: pass unless it melds
    r = Round.from_deal(
        Rules(),
        TWO,
        (mine, theirs),
        "6d",
        [str(c) for c in CardSet.full_deck() if str(c) not in (mine + " " + theirs + " 6d").split()],
    )
    assert r.phase is Phase.UPCARD and r.turn is ONE
    assert act(EasyBot(), r) == Action.pass_()


def test_easy_knocks_as_soon_as_it_may() -> None:
    # 3c4c5c 7h7d7s  9h Th Jh | 2d Kd -> discarding Kd leaves 2: knock
    r = position(
        turn=ONE,
        phase="DISCARD",
        mine="3c 4c 5c 7h 7d 7s 9h Th Jh 2d Kd",
        theirs="Ac 2c 8c 9c Tc Jc Qc 2h 3h 4h",
        pile="6d 8d",
        my_discards="8d",
    )
    assert act(EasyBot(), r) == Action.knock("Kd")
    # and with exactly 10 after the discard
    r = position(
        turn=ONE,
        phase="DISCARD",
        mine="3c 4c 5c 7h 7d 7s 9h Th Jh 5d Kd",
        theirs="Ac 2c 8c 9c Tc Jc Qc 2h 3h 4h",
        pile="6d 8d",
        my_discards="8d",
    )
    assert deadwood(r.hand(ONE) - Card("Kd")) == 5
    assert act(EasyBot(), r).kind is ActionKind.KNOCK


# ---------------------------------------------------------------- NormalBot

# Normal holds As2s3s4s TdJdQdKd | 7c 6s 6h (it must discard; 12 or more is left).
NORMAL_MINE = "As 2s 3s 4s Td Jd Qd Kd 7c 6s 6h"
NORMAL_THEIRS = "7h 7d 2c 3c 9c 9h 5d 8s Ks 2h"


def test_normal_does_not_throw_the_card_that_completes_a_meld_the_opponent_collects() -> None:
    # The opponent took 7h and 7d from the pile (both thrown by Normal) and still holds them:
    # 7c would complete its set.  Normal throws 6s instead (one point more deadwood).
    r = position(
        turn=ONE,
        phase="DISCARD",
        mine=NORMAL_MINE,
        theirs=NORMAL_THEIRS,
        pile="4h 5c",
        my_discards="7h 7d 5c",
        their_known="7h 7d",
    )
    obs = r.observation(ONE)
    assert obs.opponent_known == CardSet("7h 7d")
    assert NormalBot().act(obs) == Action.discard("6s")
    assert EasyBot().act(obs) == Action.discard("7c")  # Easy does not look
    # The same hand with nothing seen: 7c is the right discard, and Normal throws it.
    r = position(turn=ONE, phase="DISCARD", mine=NORMAL_MINE, theirs=NORMAL_THEIRS, pile="4h 5c", my_discards="5c")
    assert NormalBot().act(r.observation(ONE)) == Action.discard("7c")


def test_normal_draws_by_the_deadwood_it_reaches() -> None:
    # 3c4c5c 7h7d7s | Kd Qs 9h 2d: the Ad lowers its deadwood to 21 after discarding Kd, far
    # below what a stock draw is expected to reach: take it (Easy would not: it melds with nothing).
    mine = "3c 4c 5c 7h 7d 7s Kd Qs 9h 2d"
    r = position(
        turn=ONE, phase="DRAW", mine=mine, theirs="Ac 2c 8c 9c Tc Jc Qc 2h 3h 4h", pile="6d Ad", their_discards="Ad"
    )
    assert act(NormalBot(), r) == Action.take_discard()
    assert act(EasyBot(), r) == Action.draw_stock()
    # a King on the pile reaches nothing better: draw from the stock
    r = position(
        turn=ONE, phase="DRAW", mine=mine, theirs="Ac 2c 8c 9c Tc Jc Qc 2h 3h 4h", pile="6d Kh", their_discards="Kh"
    )
    assert act(NormalBot(), r) == Action.draw_stock()


def test_normal_lays_off_optimally() -> None:
    r = knocked_for_layoffs()
    assert r.phase is Phase.LAYOFF and r.turn is TWO
    expected = best_layoff(r.hand(TWO), r.spread)
    bot = NormalBot()
    while r.phase is Phase.LAYOFF:
        r.apply(act(bot, r))
    assert r.laid_off == expected.laid
    assert r.result is not None and r.result.defender_deadwood == expected.deadwood


# ---------------------------------------------------------------- HardBot


def test_hard_knocks_when_knocking_now_is_clearly_worth_more() -> None:
    # Early in the round, 1 point of deadwood after discarding 8c and nothing known of the opponent.
    r = position(
        turn=ONE,
        phase="DISCARD",
        mine="As 2s 3s 4s Td Jd Qd Kd 7c 8c Ah",
        theirs="7h 7d 2c 3c 9c 9h 5d 8s Ks 2h",
        pile="4h 5c",
        my_discards="5c",
    )
    bot = HardBot(1)
    est = bot.estimate_knock(r.observation(ONE))
    assert est.knock > 25 and est.knock > est.play_on + 5
    assert act(bot, r) == Action.knock("8c")


def test_hard_plays_on_when_a_knock_would_be_undercut() -> None:
    # Hard could knock with 8 (4s5s6s TdJdQd 9c9h9d | 8d, discarding Kc) but the opponent has
    # visibly collected Ac2c3c Ah2h3h 4c4h4d: its deadwood is its one hidden card.
    r = knock_would_be_undercut()
    obs = r.observation(ONE)
    assert deadwood(r.hand(ONE) - Card("Kc")) == 8
    assert NormalBot().act(obs).kind is ActionKind.KNOCK  # Normal knocks as soon as it may
    bot = HardBot(1)
    est = bot.estimate_knock(obs)
    # Reference: the opponent's hidden card is any unseen card (uniformly); settle each.
    unseen = CardSet.full_deck() - obs.hand - obs.opponent_known - CardSet(obs.discard_pile)
    spread = best_melds(obs.hand - Card("Kc")).melds
    pts = []
    for x in unseen:
        d = best_layoff(obs.opponent_known | x, spread).deadwood
        pts.append(d - 8 if d > 8 else -(8 - d + 25))
    ref = sum(pts) / len(pts)
    assert ref < -10
    assert abs(est.knock - ref) < 6  # sampled and weighted by the opponent's discards
    assert est.play_on > est.knock
    assert act(bot, r).kind is ActionKind.DISCARD


def test_hard_goes_gin_at_once() -> None:
    r = position(
        turn=ONE,
        phase="DISCARD",
        mine="As 2s 3s 4s Td Jd Qd Kd 7c 7h 7d",
        theirs="8h 9d 2c 3c 9c 9h 5d 8s Ks 2h",
        pile="4h 5c",
        my_discards="5c",
    )
    assert act(HardBot(), r) == Action.knock("4s") or deadwood(r.hand(ONE) - act(HardBot(), r).card) == 0


def test_estimate_knock_needs_a_legal_knock() -> None:
    r = Round.deal(Rules(), ONE, 3)
    with pytest.raises(PhaseError):
        HardBot().estimate_knock(r.observation(r.turn))
    r = position(
        turn=ONE,
        phase="DISCARD",
        mine="3c 4c 5c 7h 7d 7s Kd Qs 9h 2d 5s",
        theirs="Ac 2c 8c 9c Tc Jc Qc 2h 3h 4h",
        pile="6d 8d",
        my_discards="8d",
    )
    with pytest.raises(TooMuchDeadwood, match="over the knock limit"):
        HardBot().estimate_knock(r.observation(ONE))
    # at zero deadwood the knock is gin: worth the gin bonus and more
    r = position(
        turn=ONE,
        phase="DISCARD",
        mine="As 2s 3s 4s Td Jd Qd Kd 7c 7h 7d",
        theirs="8h 9d 2c 3c 9c 9h 5d 8s Ks 2h",
        pile="4h 5c",
        my_discards="5c",
    )
    assert HardBot().estimate_knock(r.observation(ONE)).knock > 25


# ---------------------------------------------------------------- every bot, every rule set

RULES = [
    Rules(),
    Rules.modern(),
    Rules(oklahoma=OklahomaAce.ONE),
    Rules(oklahoma=OklahomaAce.GIN_ONLY, knock_limit=7),
    Rules(knock_limit=0),
    Rules.classic().replace(undercut_on_tie=False),
]


def _rounds_are_all_legal(rules: Rules, share: int) -> None:
    # play_round (inside simulate_rounds) raises IllegalActionError on any illegal choice.
    for pair, n in [
        (("easy", "normal"), 2000),
        (("normal", "hard"), 400),
        (("hard", "easy"), 400),
        (("easy", "easy"), 2000),
        (("hard", "hard"), 200),
    ]:
        n //= share
        st = simulate_rounds(n, 17, pair, rules)
        assert st.rounds == n
        assert st.dead + st.knocks + st.undercuts + st.gins + st.big_gins == n


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_bots_never_choose_an_illegal_action(rules: Rules) -> None:
    _rounds_are_all_legal(rules, share=8)


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_bots_never_choose_an_illegal_action_long(rules: Rules) -> None:
    _rounds_are_all_legal(rules, share=1)


def test_bot_actions_are_in_the_legal_list_step_by_step() -> None:
    for seed in range(30):
        r = Round.deal(Rules.modern(), ONE if seed % 2 else TWO, seed)
        bots = {ONE: BOTS[seed % 3](seed), TWO: BOTS[(seed + 1) % 3](seed)}
        while not r.is_terminal:
            a = act(bots[r.turn], r)
            assert a in r.legal_actions() or (a.kind is ActionKind.KNOCK and r.can_apply(a))
            r.apply(a)


def test_bots_are_deterministic_for_a_seed() -> None:
    for cls in BOTS:
        m1 = play_match(cls(5), NormalBot(6), Rules(), seed=9)
        m2 = play_match(cls(5), NormalBot(6), Rules(), seed=9)
        assert m1.hands == m2.hands and m1.scores == m2.scores
    a = [HardBot(1).act(Round.deal(Rules(), ONE, s).observation(TWO)) for s in range(20)]
    b = [HardBot(1).act(Round.deal(Rules(), ONE, s).observation(TWO)) for s in range(20)]
    assert a == b


def test_bot_objects() -> None:
    assert repr(HardBot(3, samples=10, rollouts=5)) == "HardBot(seed=3, samples=10, rollouts=5)"
    assert repr(EasyBot(2)) == "EasyBot(seed=2)"
    assert [make_bot(n).name for n in ("easy", "Normal", "HARD")] == ["easy", "normal", "hard"]
    for b in (EasyBot(4), NormalBot(5), HardBot(6, samples=7, rollouts=8)):
        c = pickle.loads(pickle.dumps(b))
        assert repr(c) == repr(b) and type(c) is type(b)
    with pytest.raises(InvalidValueError, match="'grandmaster'"):
        make_bot("grandmaster")
    with pytest.raises(InvalidValueError):
        HardBot(samples=0)
    with pytest.raises(WrongTypeError):
        EasyBot().act("pass")  # type: ignore[arg-type]
    r = Round.deal(Rules(), ONE, 3)
    with pytest.raises(PhaseError):
        EasyBot().act(r.observation(r.turn.opponent))  # not that player's turn


# ---------------------------------------------------------------- Python bots


class FirstLegal:
    """A Python bot: the first legal action (knocks with the best arrangement)."""

    def __init__(self) -> None:
        self.calls = 0

    def act(self, observation):
        self.calls += 1
        return observation.legal_actions()[0]


class Cheater:
    def act(self, observation):
        return (
            "discard As"
            if observation.phase is Phase.DISCARD and Card("As") not in observation.hand
            else (observation.legal_actions()[0])
        )


def test_a_python_object_with_act_is_a_bot() -> None:
    py = FirstLegal()
    m = play_match(py, EasyBot(1), Rules(), seed=4)
    assert m.is_over and py.calls > 0
    assert len(m.hands) >= 1


def test_a_python_bot_that_returns_an_illegal_action_is_refused() -> None:
    with pytest.raises(IllegalActionError):
        for seed in range(50):
            play_match(Cheater(), EasyBot(1), Rules(), seed=seed)
    with pytest.raises(WrongTypeError):
        play_match(object(), EasyBot(1))
