"""Play a match of gin rummy against a bot in the terminal (``parlour gin play``).

The person plays Player.ONE; each turn shows the hand sorted with its melds grouped
(``[3♣4♣5♣] [7♥7♦7♠] | 2♦ 9♥ K♦``), the top of the discard pile, the stock size and
the legal actions, numbered.  An action is chosen by its number or by its text
(``discard Qs``, ``knock Qs``, ``take``, ``draw``, ``lay off 9s on 0``); a wrong input
gets a clear message and the question again; ``help`` says how to choose.  ``quit``
(or the end of the input) stops.  The actions on a card are numbered in the order of
the hand as it is shown.  The score is shown after each hand.

With ``hints`` the coach (:func:`parlour.gin.advise`) shows its three best actions
with their reasons before each decision (``hint`` shows every action); with
``review`` the person's decisions of each hand are reviewed when it ends
(:func:`parlour.gin.review`).

>>> import io
>>> from parlour.gin.play import play_terminal
>>> out = io.StringIO()
>>> m = play_terminal("easy", inp=io.StringIO("quit\\n"), out=out, seed=1)
>>> "Your hand" in out.getvalue()
True
"""

from __future__ import annotations

from typing import Any, TextIO

from parlour._core.gin import (
    Action,
    ActionKind,
    Match,
    Phase,
    Player,
    ResultKind,
    Round,
    RoundResult,
    Rules,
    best_melds,
    deadwood,
)
from parlour.cards import Card, CardSet, Rng
from parlour.errors import ParlourError
from parlour.gin.bots import make_bot

__all__ = ["describe_result", "format_hand", "numbered_actions", "play_terminal"]

YOU = Player.ONE
BOT = Player.TWO


def _card(c: Card, unicode: bool) -> str:
    return c.unicode() if unicode else str(c)


def _sorted(cards: CardSet) -> list[Card]:
    return sorted(cards, key=lambda c: (int(c.suit), int(c.rank)))


def _arranged(hand: CardSet) -> tuple[list[list[Card]], list[Card]]:
    """The hand as it is shown: its melds (each sorted) and the loose cards by rank."""
    if len(hand) <= 11:
        arrangement = best_melds(hand)
        melds = [_sorted(m.cards) for m in arrangement.melds]
        loose = arrangement.deadwood_cards
    else:  # pragma: no cover - a player never holds more than 11 cards
        melds, loose = [], hand
    return melds, sorted(loose, key=lambda c: (int(c.rank), int(c.suit)))


def format_hand(hand: CardSet, unicode: bool = False) -> str:
    """The hand sorted with its melds grouped: ``[3c 4c 5c] [7h 7d 7s] | 2d 9h Kd  (deadwood 21)``."""
    melds, loose = _arranged(hand)
    parts = [f"[{' '.join(_card(c, unicode) for c in m)}]" for m in melds]
    rest = " ".join(_card(c, unicode) for c in loose)
    text = " ".join(parts)
    if rest:
        text = f"{text} | {rest}" if text else rest
    return f"{text}  (deadwood {deadwood(hand)})"


def describe_result(result: RoundResult, rules: Rules, names: dict[Any, str]) -> str:
    """One line for a hand's result: who won it, how, and for how many points."""
    if result.kind is ResultKind.DEAD:
        return "dead hand: the stock ran down, nobody scores"
    winner = names[result.winner]
    knocker = names[result.knocker]
    pts = result.points(rules)
    if result.kind is ResultKind.GIN:
        return f"{knocker} goes gin: {winner} scores {pts}"
    if result.kind is ResultKind.BIG_GIN:
        return f"{knocker} goes big gin: {winner} scores {pts}"
    kd, dd = result.knocker_deadwood, result.defender_deadwood
    if result.kind is ResultKind.UNDERCUT:
        return f"{knocker} knocks with {kd}, undercut ({dd}): {winner} scores {pts}"
    return f"{knocker} knocks with {kd} against {dd}: {winner} scores {pts}"


def _bot_move(name: str, a: Action, r: Round, unicode: bool) -> str:
    k = a.kind
    card = _card(a.card, unicode) if a.card is not None else ""
    if k is ActionKind.PASS:
        return f"{name} passes"
    if k is ActionKind.TAKE_DISCARD:
        return f"{name} takes {_card(r.discard_pile[-1], unicode)}"
    if k is ActionKind.DRAW_STOCK:
        return f"{name} draws from the stock"
    if k is ActionKind.DISCARD:
        return f"{name} discards {card}"
    if k is ActionKind.KNOCK:
        return f"{name} knocks, discarding {card}"
    if k is ActionKind.LAY_OFF:
        return f"{name} lays off {card}"
    return f"{name}: {a}"


def _show(r: Round, out: TextIO, unicode: bool, bot_name: str) -> None:
    top = _card(r.discard_pile[-1], unicode) if r.discard_pile else "-"
    print(f"  pile top: {top}   stock: {r.stock_size}   knock limit: {r.knock_limit}   ({r.phase.name})", file=out)
    if r.phase is Phase.LAYOFF:
        spread = "  ".join(" ".join(_card(c, unicode) for c in _sorted(m.cards)) for m in r.spread)
        print(f"  {bot_name} knocked; spread: {spread}", file=out)
    known = r.observation(YOU).opponent_known
    if len(known):
        print(
            f"  {bot_name} holds (taken from the pile): {' '.join(_card(c, unicode) for c in _sorted(known))}", file=out
        )
    print(f"  Your hand: {format_hand(r.hand(YOU), unicode)}", file=out)


_HELP = (
    "  type the number of an action from the list, or the action itself: 'discard Qs', 'knock Qs', 'take', "
    "'draw', 'pass', 'lay off 9s on 0'; 'hint' asks the coach (with --hints); 'quit' leaves the table"
)


def numbered_actions(r: Round) -> list[Action]:
    """The legal actions in the order they are numbered: each kind together, as the engine
    lists the kinds, and the actions on a card in the order of the hand as it is shown (so a
    card keeps its place in the list from one turn to the next, beside its neighbours)."""
    legal = r.legal_actions()
    hand = r.hand(r.turn) if r.turn is not None else CardSet()
    melds, loose = _arranged(hand)
    shown = {c: i for i, c in enumerate([c for m in melds for c in m] + loose)}
    kinds: dict[ActionKind, int] = {}
    for a in legal:
        kinds.setdefault(a.kind, len(kinds))
    return sorted(legal, key=lambda a: (kinds[a.kind], shown.get(a.card, -1) if a.card is not None else -1))


def _read_action(r: Round, inp: TextIO, out: TextIO, hint: Any = None) -> Action | None:
    legal = numbered_actions(r)
    print("  " + "  ".join(f"{i + 1}) {a}" for i, a in enumerate(legal)), file=out)
    while True:
        print("> ", end="", file=out)
        out.flush()
        line = inp.readline()
        if not line:
            return None
        text = line.strip()
        if text.lower() in ("quit", "q", "exit"):
            return None
        if text.lower() == "hint":
            if hint is None:
                print("  hints are off (parlour gin play --hints)", file=out)
            else:
                hint(None)
            continue
        if text.lower() in ("help", "h", "?"):
            print(_HELP, file=out)
            continue
        if not text:
            print("  type a number from the list, or an action such as 'discard Qs' ('help' says more)", file=out)
            continue
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(legal):
                return legal[n - 1]
            which = f"the only action is 1) {legal[0]}" if len(legal) == 1 else f"choose 1 to {len(legal)}"
            print(f"  no action numbered {n}: {which}", file=out)
            continue
        try:
            a = Action.parse(text)
        except ParlourError as e:
            print(
                f"  {text!r} is not an action ({e}); try 'discard Qs', 'knock Qs', 'take', 'draw' or a number", file=out
            )
            continue
        if r.can_apply(a):
            return a
        print(f"  {str(a)!r} is not legal now; the legal actions are numbered above", file=out)


def _hinter(obs: Any, out: TextIO, nodes: int | None) -> Any:
    """A function that prints the coach's advice for obs (its `top` best actions, None: all), computed once."""
    from parlour.gin.coach import advise, format_advice

    cache: list[Any] = []

    def show(top: int | None) -> None:
        if not cache:
            cache.append(advise(obs) if nodes is None else advise(obs, nodes=nodes))
        print("  The coach:", file=out)
        print(format_advice(cache[0], top), file=out)

    return show


def play_terminal(
    bot: Any = "hard",
    *,
    inp: TextIO,
    out: TextIO,
    rules: Rules | None = None,
    seed: int = 0,
    unicode: bool = False,
    hints: bool = False,
    review: bool = False,
    coach_nodes: int | None = None,
) -> Match:
    """Play a match in the terminal: the person (Player.ONE, reading ``inp``) against ``bot``.

    ``bot`` is a name ("easy", "normal", "hard") or any object with ``act``; it sees the
    match scores in its observations.  ``hints``: the coach's best actions before each
    decision (``hint`` at the prompt: every action); ``review``: the person's decisions
    reviewed after each hand; ``coach_nodes`` is the coach's node budget (default
    :data:`parlour.gin.COACH_DEFAULT_NODES`).  Returns the Match as it stands when the
    match ends or the person quits.
    """
    rules = Rules() if rules is None else rules
    if isinstance(bot, str):
        bot_name = bot.strip().lower()
        bot = make_bot(bot_name, seed)
    else:
        bot_name = str(getattr(bot, "name", type(bot).__name__))
    names = {YOU: "you", BOT: bot_name}
    match = Match(rules, YOU)
    rng = Rng(seed)
    print(f"Gin rummy against the {bot_name} bot, to {rules.game_target} points. You are Player.ONE.", file=out)
    hand_no = 0
    while not match.is_over:
        hand_no += 1
        r = match.new_round(rng)
        dealer = "you" if r.dealer is YOU else bot_name
        print(f"\n== Hand {hand_no} (dealer: {dealer}) ==", file=out)
        mine: list[tuple[Any, Action]] = []
        while not r.is_terminal:
            if r.turn is BOT:
                a = bot.act(match.observation(r, BOT))
                print("  " + _bot_move(bot_name, Action(a), r, unicode), file=out)
                r.apply(a)
                continue
            _show(r, out, unicode, bot_name)
            obs = match.observation(r, YOU)
            hint = _hinter(obs, out, coach_nodes) if hints else None
            if hint is not None and len(obs.legal_actions()) > 1:
                hint(3)
            a = _read_action(r, inp, out, hint)
            if a is None:
                print("\nYou leave the table.", file=out)
                return match
            mine.append((obs, a))
            r.apply(a)
        result = r.result
        assert result is not None
        if result.kind is not ResultKind.DEAD:
            print(f"  {bot_name}'s hand: {format_hand(r.hand(BOT), unicode)}", file=out)
        print(f"  {describe_result(result, rules, names)}", file=out)
        if review and mine:
            from parlour.gin.coach import format_review
            from parlour.gin.coach import review as review_hand

            kw = {} if coach_nodes is None else {"nodes": coach_nodes}
            print(format_review(review_hand(mine, **kw), {int(YOU): "your decisions"}), file=out)
        match.record(result)
        s = match.scores
        print(f"  Score: you {s[0]}, {bot_name} {s[1]}", file=out)
    winner = "You win" if match.winner is YOU else f"The {bot_name} bot wins"
    s = match.scores
    print(f"\n{winner} the match, {max(s)} to {min(s)}.", file=out)
    return match
