"""Solver verdicts checked against an exhaustive search written here.

Small end-game positions (20-24 cards left, the four free cells full, every cascade two cards
or more, low cards often buried) are searched
to the end by a plain depth-first search over single-card moves in Python, with no
automatic moves and no pruning; the solver must say Unsolvable exactly when that
search finds no win, and Solution otherwise.  (Random end games are nearly always
winnable; the unsolvable side is covered by hand-built positions here and by the eight
known unsolvable Microsoft deals in test_solver.py.)
"""

from __future__ import annotations

import random

import pytest

from parlour.cards import Card
from parlour.freecell import DEFAULT_MEMORY_LIMIT, Foundations, Freecells, GameState, Solution, Unsolvable, solve

from .reference import builds


def exhaustive(
    cascades: list[list[tuple[int, int]]], cells: list[tuple[int, int]], home: list[int], limit: int = 60_000
) -> bool | None:
    """True when some sequence of single-card moves wins, False when none does, None past `limit`."""

    def key(
        cols: tuple[tuple[tuple[int, int], ...], ...], cs: tuple[tuple[int, int], ...], h: tuple[int, ...]
    ) -> object:
        return (tuple(sorted(c for c in cols if c)), tuple(sorted(cs)), h)

    start = (tuple(tuple(c) for c in cascades), tuple(cells), tuple(home))
    seen = {key(*start)}
    stack = [start]
    while stack:
        nxt: list[tuple[tuple[tuple[tuple[int, int], ...], ...], tuple[tuple[int, int], ...], tuple[int, ...]]] = []
        for cols, cs, h in [stack.pop()]:
            if h == (13, 13, 13, 13):
                return True
            sources = [(("col", i), col[-1]) for i, col in enumerate(cols) if col] + [
                (("cell", i), c) for i, c in enumerate(cs)
            ]
            for (kind, i), card in sources:
                if kind == "col":
                    base_cols = list(cols)
                    base_cols[i] = cols[i][:-1]
                    base_cells = list(cs)
                else:
                    base_cols = list(cols)
                    base_cells = list(cs[:i] + cs[i + 1 :])
                targets = []
                if h[card[1]] + 1 == card[0]:
                    hh = list(h)
                    hh[card[1]] += 1
                    targets.append((tuple(base_cols), tuple(base_cells), tuple(hh)))
                for j, col in enumerate(base_cols):
                    if kind == "col" and j == i:
                        continue
                    if not col or builds(card, col[-1]):
                        cc = list(base_cols)
                        cc[j] = col + (card,)
                        targets.append((tuple(cc), tuple(base_cells), h))
                if kind == "col" and len(cs) < 4:
                    targets.append((tuple(base_cols), tuple(base_cells) + (card,), h))
                for t in targets:
                    k = key(*t)
                    if k not in seen:
                        seen.add(k)
                        nxt.append(t)
            if len(seen) > limit:
                return None
        stack.extend(reversed(nxt))
    return False


def random_endgame(
    rng: random.Random,
    *,
    cards: tuple[int, int] = (20, 24),
    lowest_home: int = 5,
    cells: int = 4,
    columns: int = 8,
    two_each: bool = True,
) -> tuple[list[list[tuple[int, int]]], list[tuple[int, int]], list[int]]:
    """An end game of ``cards`` cards left: ``cells`` free cells taken, the rest over the first
    ``columns`` cascades (two each first with ``two_each``, so no cascade is empty), low cards
    often buried under high ones."""
    while True:
        home = [rng.randint(lowest_home, 13) for _ in range(4)]
        left = [(r, s) for s in range(4) for r in range(home[s] + 1, 14)]
        if cards[0] <= len(left) <= cards[1]:
            break
    rng.shuffle(left)
    in_cells, rest = left[:cells], left[cells:]
    cascades: list[list[tuple[int, int]]] = [[] for _ in range(columns)]
    if two_each:
        cascades = [[c, d] for c, d in zip(rest[:columns], rest[columns : 2 * columns])]
        rest = rest[2 * columns :]
    for c in rest:
        cascades[rng.randrange(columns)].append(c)
    for col in cascades:
        if rng.random() < 0.7:  # bury the low cards under the high ones
            col.sort()
    cascades += [[] for _ in range(8 - len(cascades))]
    return cascades, in_cells, home


def to_state(cascades: list[list[tuple[int, int]]], cells: list[tuple[int, int]], home: list[int]) -> GameState:
    text = [[str(Card(r, s)) for r, s in col] for col in cascades]
    return GameState(
        [" ".join(col) for col in text], Foundations(tuple(home)), Freecells([Card(r, s) for r, s in cells])
    )


@pytest.mark.parametrize("seed", range(40))
def test_verdict_matches_exhaustive_search(seed: int) -> None:
    rng = random.Random(seed)
    cascades, cells, home = random_endgame(rng)
    truth = exhaustive(cascades, cells, home)
    if truth is None:
        pytest.skip("the reference search is too large for this position")
    state = to_state(cascades, cells, home)
    # 8 MB: the scans move to the compact store after 1,024 positions.
    runs = (
        ("fast", DEFAULT_MEMORY_LIMIT),
        ("short", DEFAULT_MEMORY_LIMIT),
        ("proof", DEFAULT_MEMORY_LIMIT),
        ("fast", 8_000_000),
    )
    for mode, memory in runs:
        result = solve(state, mode=mode, memory_limit=memory)  # type: ignore[arg-type]
        if truth:
            assert isinstance(result, Solution), (seed, mode, memory)
            assert result.replay(state).is_solved
        else:
            assert isinstance(result, Unsolvable), (seed, mode, memory)


def stuck_position() -> GameState:
    """Cells hold the kings, the nines are buried, no top builds on another: no move at all."""
    cascades = ["9c Qh", "9s Qd", "9h Qc", "9d Qs", "Jh Tc", "Jd Ts", "Jc Th", "Js Td"]
    return GameState(cascades, Foundations((8, 8, 8, 8)), Freecells(["Kc", "Ks", "Kh", "Kd"]))


def test_stuck_position_is_proved_unsolvable() -> None:
    state = stuck_position()
    cols = [[(c.rank, int(c.suit)) for c in col] for col in state.cascades]
    assert exhaustive(cols, [(13, s) for s in (0, 1, 2, 3)], [8, 8, 8, 8]) is False
    assert state.legal_move_list() == []
    for mode in ("fast", "short"):
        assert isinstance(solve(state, mode=mode), Unsolvable)  # type: ignore[arg-type]


def test_a_freed_ten_makes_it_winnable() -> None:
    # Swap a jack and a ten so that Tc can go onto Jh: the reference and the solver agree.
    cascades = ["9c Qh", "9s Qd", "9h Qc", "9d Qs", "Tc Jh", "Jd Ts", "Jc Th", "Js Td"]
    state = GameState(cascades, Foundations((8, 8, 8, 8)), Freecells(["Kc", "Ks", "Kh", "Kd"]))
    cols = [[(c.rank, int(c.suit)) for c in col] for col in state.cascades]
    truth = exhaustive(cols, [(13, s) for s in (0, 1, 2, 3)], [8, 8, 8, 8])
    result = solve(state)
    assert truth is not None and isinstance(result, Solution) is truth and isinstance(result, Unsolvable) is (not truth)


def test_reference_search_finds_wins() -> None:
    verdicts = {exhaustive(*random_endgame(random.Random(seed))) for seed in range(10)}
    assert True in verdicts
