"""SimpleBot (the EAAI competition's starter player) rule by rule on constructed positions,
and the EAAI rules: Rules.eaai() and the alternating first player.

The positions are Round snapshots built in botpos.py; each comment draws the hands.
The reference behaviour is SimpleGinRummyPlayer of the EAAI Gin Rummy materials
(Todd W. Neller): willDrawFaceUpCard, getDiscard, getFinalMelds, and the layoff loop
of GinRummyGame.
"""

from __future__ import annotations

import itertools
import pickle
import random
from collections import Counter

import pytest

from parlour._core.gin import arena_pair, best_arrangements
from parlour.cards import Card, CardSet
from parlour.gin import (
    ALL_MELDS,
    Action,
    ActionKind,
    EasyBot,
    Match,
    Meld,
    Phase,
    Player,
    ResultKind,
    Round,
    RoundResult,
    Rules,
    SimpleBot,
    arena,
    best_melds,
    deadwood,
    make_bot,
    play_match,
    simulate_rounds,
)

from .botpos import ONE, TWO, position  # the shared position helpers

THEIRS = "Ah 2h 3h 4h Tc Jc Qc Kc 5c 6c"


def act(bot: SimpleBot, r: Round) -> Action:
    return bot.act(r.observation(r.turn))


def all_melds_with(hand: CardSet, card: Card) -> bool:
    """Reference for willDrawFaceUpCard: is `card` in any meld made of hand + card?

    (Any longer meld holding the card holds a meld of three or four cards holding it.)
    """
    cards = list(hand | card)
    for k in (3, 4):
        for combo in itertools.combinations(cards, k):
            if card in combo:
                try:
                    Meld.from_cards(CardSet(combo))
                except ValueError:
                    continue
                return True
    return False


# ---------------------------------------------------------------- drawing


def test_takes_the_face_up_card_when_it_is_part_of_any_meld() -> None:
    # Simple: 6h7h8h 7d 2c3c4c | 9s Ks 8d, pile top 7c.  7c7d7h is a meld of hand + 7c, although the best
    # arrangement keeps 6h7h8h (the set would leave 6h 8h, as many points, and best_melds prefers runs) and
    # leaves 7c unmatched: Simple takes it, Easy (best arrangement) does not.
    mine = "6h 7h 8h 7d 2c 3c 4c 9s Ks 8d"
    r = position(
        turn=ONE, phase="DRAW", mine=mine, theirs="Ah 2h 3h 9c Tc Jc Qc 2d 3d 4d", pile="6d 7c", their_discards="7c"
    )
    assert Card("7c") in best_melds(CardSet(mine) | Card("7c")).deadwood_cards
    assert act(SimpleBot(), r) == Action.take_discard()
    assert EasyBot().act(r.observation(ONE)) == Action.draw_stock()
    # a card that melds with nothing: from the stock, whatever it would do to the deadwood
    r = position(
        turn=ONE, phase="DRAW", mine=mine, theirs="Ah 2h 3h 9c Tc Jc Qc 2d 3d 4d", pile="6d Ad", their_discards="Ad"
    )
    assert act(SimpleBot(), r) == Action.draw_stock()


def test_face_up_rule_matches_the_any_meld_reference() -> None:
    rng = random.Random(4)
    deck = list(CardSet.full_deck())
    for _ in range(300):
        cards = rng.sample(deck, 11)
        hand, top = CardSet(cards[:10]), cards[10]
        rest = [c for c in deck if c not in cards]
        r = Round.from_deal(Rules(), TWO, (hand, CardSet(rest[:10])), top, rest[10:41])
        assert r.phase is Phase.UPCARD and r.turn is ONE
        expected = Action.take_discard() if all_melds_with(hand, top) else Action.pass_()
        assert act(SimpleBot(rng.randrange(99)), r) == expected, (hand, top)


def test_passes_the_upcard_and_then_draws_from_the_stock() -> None:
    mine, theirs = "Kc Ks 7h 7d 2s Qs 9h 2d 5s 4c", "Ac 2c 8c 9c Tc Jc Qc 2h 3h 4h"
    deck = [str(c) for c in CardSet.full_deck() if str(c) not in (mine + " " + theirs + " 6d").split()]
    r = Round.from_deal(Rules(), TWO, (mine, theirs), "6d", deck)
    assert act(SimpleBot(), r) == Action.pass_()
    r.apply(Action.pass_())
    r.apply(Action.pass_())  # the dealer passes too: Simple must draw from the stock
    assert r.phase is Phase.DRAW and r.turn is ONE
    assert act(SimpleBot(), r) == Action.draw_stock()


# ---------------------------------------------------------------- discarding


def test_discards_uniformly_among_the_cards_leaving_the_least_deadwood() -> None:
    # 2c3c4c 5h6h7h | Ks Qd Jd 9s 8d: Ks, Qd and Jd each leave 27 (QdJd are not a meld without Kd or Td).
    r = position(
        turn=ONE,
        phase="DISCARD",
        mine="2c 3c 4c 5h 6h 7h Ks Qd Jd 9s 8d",
        theirs=THEIRS,
        pile="6d 8h",
        my_discards="8h",
    )
    obs = r.observation(ONE)
    tied = {c for c in obs.hand if deadwood(obs.hand - c) == min(deadwood(obs.hand - x) for x in obs.hand)}
    assert tied == {Card("Ks"), Card("Qd"), Card("Jd")}
    picks = Counter(SimpleBot(seed).act(obs).card for seed in range(600))
    assert set(picks) == tied
    assert all(150 <= n <= 250 for n in picks.values()), picks  # 200 each expected; 5 sigma is about 58
    assert SimpleBot(7).act(obs) == SimpleBot(7).act(obs)  # deterministic for a seed


def test_never_discards_the_face_up_card_it_just_took() -> None:
    # Simple: ThJhQh AsAd | 3c Jc 4h 7h Qd, pile top Qs (QhQdQs is a meld of hand + Qs, so it takes it).  Then
    # Qs is one of five discards leaving the least deadwood (36); Simple throws one of the other four.
    mine = "3c Jc As 4h 7h Th Jh Qh Ad Qd"
    r = position(
        turn=ONE, phase="DRAW", mine=mine, theirs="Ac 2c 8c 9c Tc 2h 3h 9d Td 4d", pile="6d Qs", their_discards="Qs"
    )
    r.apply(act(SimpleBot(3), r))
    assert r.taken == Card("Qs")
    hand = r.hand(ONE)
    least = min(deadwood(hand - c) for c in hand)
    assert CardSet([c for c in hand if deadwood(hand - c) == least]) == CardSet("Qs Jc Jh Qd Th")
    picks = CardSet([SimpleBot(seed).act(r.observation(ONE)).card for seed in range(80)])
    assert picks == CardSet("Jc Jh Qd Th")


def _round_dict(
    mine: str,
    theirs: str,
    pile: list[str],
    stock_top_first: list[str],
    *,
    dealer: int = 1,
    my_discards: str = "",
    their_discards: str = "",
    their_known: str = "",
) -> dict:
    used = set(CardSet(mine)) | set(CardSet(theirs)) | {Card(c) for c in pile} | {Card(c) for c in stock_top_first}
    rest = [str(c) for c in CardSet.full_deck() if c not in used]
    d = Round.deal(Rules(), ONE, 0).to_dict()
    d["state"].update(
        dealer=dealer,
        phase="DRAW",
        turn=0,
        hands=[[str(c) for c in CardSet(mine)], [str(c) for c in CardSet(theirs)]],
        discard_pile=pile,
        stock=rest + list(reversed(stock_top_first)),
        initial_upcard=pile[0],
        passes=0,
        taken=None,
        known=[[], [str(c) for c in CardSet(their_known)]],
        discarded=[[str(c) for c in CardSet(my_discards)], [str(c) for c in CardSet(their_discards)]],
    )
    return d


def test_never_repeats_a_draw_discard_pair_of_this_hand() -> None:
    # Turn 1: Simple (ONE) holds 2c3c4c 5h6h7h 9s 8s 7d Kd, draws 2s from the stock and throws Kd (the one
    # 10): the pair {2s, Kd}.
    bot = SimpleBot(1)
    r = Round.from_dict(_round_dict("2c 3c 4c 5h 6h 7h 9s 8s 7d Kd", THEIRS, ["Jd", "5d"], ["2s"], their_discards="5d"))
    r.apply(act(bot, r))
    assert r.hand(ONE) >= CardSet("2s")
    r.apply(act(bot, r))
    assert r.discard_pile[-1] == Card("Kd") and bot.draw_discard_pairs(ONE) == [CardSet("2s Kd")]
    # Later in the same hand (same dealer and upcard, less stock, its discards kept): the opponent took Kd
    # and throws it back; Simple now holds Kc Kh, takes Kd (a set) and would best throw 2s — but {Kd, 2s}
    # is the pair it made: it throws Ad instead (and knocks).  2c3c4c 5h6h7h KcKhKd | 2s Ad.
    later = _round_dict(
        "2c 3c 4c 5h 6h 7h Kc Kh 2s Ad",
        "Ah 2h 3h 9c Tc Jc Qc 2d 3d 4d",
        ["Jd", "5d", "Kd"],
        [],
        my_discards="Kd",
        their_discards="5d Kd",
    )
    later["state"]["stock"] = later["state"]["stock"][:25]
    r2 = Round.from_dict(_fill(later))
    assert act(bot, r2) == Action.take_discard()
    r2.apply(Action.take_discard())
    choice = act(bot, r2)
    assert choice.card == Card("Ad") and choice.kind is ActionKind.KNOCK  # (2 left: it knocks at once)
    # Without the memory of this hand, 2s is the least-deadwood discard.
    fresh = SimpleBot(1)
    assert fresh.act(r2.observation(ONE)).card == Card("2s")
    assert CardSet("Kd Ad") in bot.draw_discard_pairs(ONE)


def _fill(d: dict) -> dict:
    """Put the cards a constructed position leaves out into the opponent's discards at the pile bottom."""
    s = d["state"]
    used = set().union(*map(set, s["hands"])) | set(s["discard_pile"]) | set(s["stock"])
    missing = [str(c) for c in CardSet.full_deck() if str(c) not in used]
    s["discard_pile"] = [s["discard_pile"][0]] + missing + s["discard_pile"][1:]
    s["discarded"][1] = sorted(set(s["discarded"][1]) | set(missing))
    return d


def test_no_draw_discard_pair_repeats_in_whole_games() -> None:
    # Independent of the bot's memory: the pairs are read off the rounds themselves.
    repeats_possible = 0
    for seed in range(400):
        r = Round.deal(Rules(), ONE if seed % 2 else TWO, seed)
        bots = {ONE: SimpleBot(seed), TWO: SimpleBot(seed + 100)}
        made: dict[Player, list[frozenset[Card]]] = {ONE: [], TWO: []}
        drawn: dict[Player, Card | None] = {ONE: None, TWO: None}
        while not r.is_terminal:
            p = r.turn
            a = act(bots[p], r)
            if a.kind is ActionKind.TAKE_DISCARD:
                drawn[p] = r.discard_pile[-1]
                repeats_possible += r.discard_pile[-1] in r.discards_of(p)
            elif a.kind is ActionKind.DRAW_STOCK:
                drawn[p] = r.stock[-1]
            elif a.kind in (ActionKind.DISCARD, ActionKind.KNOCK):
                pair = frozenset({drawn[p], a.card})
                assert pair not in made[p]
                made[p].append(pair)
            r.apply(a)
        for p in (ONE, TWO):
            assert [frozenset(x) for x in bots[p].draw_discard_pairs(p)] == made[p]
    assert repeats_possible >= 1  # Simple does take back its own discards (rarely): the rule is exercised


# ---------------------------------------------------------------- knocking and laying off


def test_knocks_as_soon_as_it_may_with_a_random_best_arrangement() -> None:
    # As2s3s4s5s6s 9c9h9d | 2d, Kd: discarding Kd leaves 2.  The six-card run is one meld or two.
    r = position(
        turn=ONE,
        phase="DISCARD",
        mine="As 2s 3s 4s 5s 6s 9c 9h 9d 2d Kd",
        theirs=THEIRS,
        pile="6d 8h",
        my_discards="8h",
    )
    obs = r.observation(ONE)
    best = best_arrangements(obs.hand - Card("Kd"))
    assert len(best) == 2 and all(m.deadwood == 2 for m in best)
    seen = Counter()
    for seed in range(200):
        a = SimpleBot(seed).act(obs)
        assert a.kind is ActionKind.KNOCK and a.card == Card("Kd")
        assert a.melds and sorted(m.cards for m in a.melds) in [sorted(m.cards for m in b.melds) for b in best]
        seen[len(a.melds)] += 1
        assert r.can_apply(a)
    assert set(seen) == {2, 3}
    # deadwood 10 after the discard is a knock too (the knock limit); 11 is not
    r = position(
        turn=ONE,
        phase="DISCARD",
        mine="As 2s 3s 4s 5s 6s 9c 9h 9d Td Kd",
        theirs=THEIRS,
        pile="6d 8h",
        my_discards="8h",
    )
    assert act(SimpleBot(), r).kind is ActionKind.KNOCK
    r = position(
        turn=ONE,
        phase="DISCARD",
        mine="As 2s 3s 4s 5s 6s 9c 9h 8d Td Kd",
        theirs=THEIRS,
        pile="6d 8h",
        my_discards="8h",
    )
    assert act(SimpleBot(), r).kind is ActionKind.DISCARD


def test_best_arrangements_against_brute_force() -> None:
    # Reference: every set of disjoint melds (from all 329) inside the hand with the least deadwood.
    rng = random.Random(11)
    deck = list(CardSet.full_deck())
    for _ in range(150):
        hand = CardSet(rng.sample(deck, rng.choice([10, 11])))
        inside = [m for m in ALL_MELDS if m.cards.issubset(hand)]
        best = deadwood(hand)
        ref = set()
        for k in range(4):
            for combo in itertools.combinations(inside, k):
                union = CardSet()
                for m in combo:
                    if union & m.cards:
                        break
                    union |= m.cards
                else:
                    if sum(c.deadwood for c in hand - union) == best:
                        ref.add(frozenset(int(m.cards) for m in combo))
        got = [frozenset(int(m.cards) for m in a.melds) for a in best_arrangements(hand)]
        assert len(got) == len(set(got)) and set(got) == ref, hand
        assert all(a.deadwood == best and a.hand == hand for a in best_arrangements(hand))
    with pytest.raises(ValueError):
        best_arrangements(CardSet(deck[:12]))


def test_lays_off_its_unmelded_cards_greedily_in_java_order() -> None:
    # ONE knocks with 6s7s8s 9h9c9d JdQdKd | Ac (discarding 2c).  Simple (TWO) holds 9s Ts 4h4c4d 5h6h7h Qh Qc:
    # it melds 4h4c4d and 5h6h7h and lays off its unmelded cards in the Java order (clubs, hearts, spades,
    # diamonds), each on the first meld it fits, again from the start after each: 9s on the run (the run
    # comes first in the spread), then Ts on the grown run; Qc and Qh stay (20).
    mine = "6s 7s 8s 9h 9c 9d Jd Qd Kd Ac 2c"
    theirs = "9s Ts 4h 4c 4d 5h 6h 7h Qh Qc"
    for spread, expected, left in [
        ("6s7s8s 9h9c9d JdQdKd", ["lay off 9s on 0", "lay off Ts on 0", "finish layoffs"], 20),
        # the set first: 9s goes on it, and Ts then fits nowhere (the joint optimum would leave 20)
        ("9h9c9d 6s7s8s JdQdKd", ["lay off 9s on 0", "finish layoffs"], 30),
    ]:
        r = position(turn=ONE, phase="DISCARD", mine=mine, theirs=theirs, pile="2h 3c", my_discards="3c")
        r.apply(Action.parse(f"knock 2c with {spread}"))
        assert r.phase is Phase.LAYOFF and r.turn is TWO
        bot = SimpleBot(5)
        steps = []
        while r.phase is Phase.LAYOFF:
            a = act(bot, r)
            steps.append(str(a))
            r.apply(a)
        assert steps == expected
        assert r.result.defender_deadwood == left and r.result.knocker_deadwood == 1


def test_does_not_break_its_own_melds_to_lay_off() -> None:
    # ONE knocks with 5s6s7s JdQdKd Ac2c3c | 4d.  Simple holds 8s8h8c8d 9s ThJhQh 2h3h: it melds the four
    # eights, and 9s does not fit 5s6s7s without 8s, so it lays nothing off and keeps 14, where laying off 8s
    # and 9s (keeping 8h8c8d) would leave 5.
    r = position(
        turn=ONE,
        phase="DISCARD",
        mine="5s 6s 7s Jd Qd Kd Ac 2c 3c 4d Kh",
        theirs="8s 8h 8c 8d 9s 2h 3h Th Jh Qh",
        pile="4h 5c",
        my_discards="5c",
    )
    r.apply(Action.parse("knock Kh with 5s6s7s JdQdKd Ac2c3c"))
    bot = SimpleBot(2)
    while r.phase is Phase.LAYOFF:
        r.apply(act(bot, r))
    assert r.laid_off == CardSet()
    assert r.result.defender_deadwood == 14 and r.result.kind is ResultKind.KNOCK


# ---------------------------------------------------------------- ignoring the opponent


def test_ignores_what_the_opponent_does() -> None:
    # The same hand and pile top, different opponent histories: the same choices for every seed.
    mine = "2c 3c 4c 5h 6h 7h Ks Qd Jd 9s 8d"
    # In b the opponent took Ah, which we discarded, from the pile (a known card was always
    # discarded first); in a it is still on the pile.
    a = position(
        turn=ONE,
        phase="DISCARD",
        mine=mine,
        theirs="Ad 2h 3h 4h Tc Jc Qc Kc 5c 6c",
        pile="6d Ah 8h",
        my_discards="8h Ah",
    )
    b = position(
        turn=ONE,
        phase="DISCARD",
        mine=mine,
        theirs="Ac Ah 8c 9c Tc Jc Qc 2h 3h Td",
        pile="6d Kh 8h",
        my_discards="8h Ah",
        their_discards="Kh",
        their_known="Ah",
    )
    assert a.observation(ONE).opponent_known != b.observation(ONE).opponent_known
    for seed in range(50):
        assert SimpleBot(seed).act(a.observation(ONE)) == SimpleBot(seed).act(b.observation(ONE))


# ---------------------------------------------------------------- the bot object


def test_simple_bot_object() -> None:
    assert repr(SimpleBot(4)) == "SimpleBot(seed=4)" and SimpleBot().name == "simple"
    assert type(pickle.loads(pickle.dumps(SimpleBot(3)))) is SimpleBot
    assert make_bot("Simple", 2).name == "simple"
    st = simulate_rounds(500, 3, ("simple", "easy"))
    assert st.rounds == 500
    m1 = play_match(SimpleBot(1), EasyBot(2), Rules.eaai(), seed=5)
    m2 = play_match(SimpleBot(1), EasyBot(2), Rules.eaai(), seed=5)
    assert m1.hands == m2.hands and m1.is_over


# ---------------------------------------------------------------- Rules.eaai() and the alternating deal


def test_eaai_rules_preset() -> None:
    r = Rules.eaai()
    assert (r.knock_limit, r.gin_bonus, r.big_gin_bonus, r.undercut_bonus, r.undercut_on_tie) == (
        10,
        25,
        None,
        25,
        True,
    )
    assert (r.box_bonus, r.game_bonus, r.shutout, r.game_target) == (0, 0, None, 100)
    assert r.alternate_dealer and not Rules().alternate_dealer
    assert r == Rules(alternate_dealer=True) and r != Rules()
    assert repr(r) == "Rules(alternate_dealer=True)" and eval(repr(r), {"Rules": Rules}) == r
    assert pickle.loads(pickle.dumps(r)) == r
    assert Rules().replace(alternate_dealer=True) == r
    assert r.to_dict()["alternate_dealer"] is True
    with pytest.raises(TypeError):
        Rules(alternate_dealer=1)  # type: ignore[arg-type]
    # snapshots carry the field; a snapshot written before it existed loads with the rule card's default
    rd = Round.deal(r, ONE, 3)
    assert Round.from_dict(rd.to_dict()).rules == r
    d = Round.deal(Rules(), ONE, 3).to_dict()
    del d["rules"]["alternate_dealer"]
    assert Round.from_dict(d).rules == Rules()


def test_the_deal_alternates_under_eaai_and_follows_the_winner_otherwise() -> None:
    knock_one = RoundResult.knock(ONE, 5, 20, CardSet(), Rules())
    dead = RoundResult.dead()
    for rules, expected in [(Rules.eaai(), [TWO, TWO, ONE, TWO]), (Rules(), [ONE, ONE, ONE, ONE])]:
        m = Match(rules, ONE)
        dealers = []
        for res in (dead, knock_one, knock_one, knock_one):
            m.record(res)
            dealers.append(m.next_dealer)
        # a dead hand is redealt by the same dealer; then EAAI alternates, the rule card follows the winner
        assert dealers == ([ONE, TWO, ONE, TWO] if rules.alternate_dealer else expected)


def test_a_played_eaai_match_alternates_its_dealers() -> None:
    m = play_match(SimpleBot(1), EasyBot(2), Rules.eaai(), seed=8, first_dealer=TWO)
    dealer = TWO
    rng_dealers = [dealer]
    for h in m.hands[:-1]:
        if h.kind is not ResultKind.DEAD:
            dealer = dealer.opponent
        rng_dealers.append(dealer)
    # replay the deals: Match.new_round deals with next_dealer
    replay = Match(Rules.eaai(), TWO)
    for h, d in zip(m.hands, rng_dealers):
        assert replay.next_dealer is d
        replay.record(h)
    assert replay.scores == m.scores
    res = arena_pair(SimpleBot(1), EasyBot(2), Rules.eaai(), 3, 0, 8, 2)
    assert res.matches == 8 and sum(res.match_wins) == 8


def test_arena_by_name_with_the_eaai_rules() -> None:
    res = arena(["simple", "easy"], matches=6, seed=2, rules=Rules.eaai())
    assert res.pairs[0].a == "simple" and res.pairs[0].matches == 6


def test_cli_arena_and_play_take_the_eaai_rules(tmp_path) -> None:
    import io

    from parlour.cli import main

    out = io.StringIO()
    assert (
        main(["gin", "arena", "--bots", "simple,easy", "--rules", "eaai", "--matches", "4", "--no-progress"], out) == 0
    )
    text = out.getvalue()
    assert "simple vs easy" in text and "Rules(alternate_dealer=True)" in text and "alternating" in text
    f = tmp_path / "moves.txt"
    f.write_text("2\nquit\n")
    out = io.StringIO()
    assert main(["gin", "play", "--bot", "simple", "--rules", "eaai", "--input", str(f)], out) == 0
    assert "against the simple bot" in out.getvalue()
