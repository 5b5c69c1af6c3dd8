"""Move rules, sequence moves and their limit, standard notation, legal move lists."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.cards import Card
from parlour.errors import NotationError
from parlour.freecell import (
    NUM_ACTIONS,
    Foundations,
    Freecells,
    GameState,
    IllegalMove,
    Move,
    Position,
    PositionKind,
)

from .reference import Table, builds, card


def make(cascades: list[str], cells: list[str | None] | None = None, home: tuple[int, ...] = (0, 0, 0, 0)) -> GameState:
    cascades = cascades + [""] * (8 - len(cascades))
    return GameState(cascades, Foundations(home), Freecells(cells or []), validate=False)


def table_of(g: GameState) -> Table:
    return Table(
        [[(c.rank, int(c.suit)) for c in col] for col in g.cascades],
        [None if c is None else (c.rank, int(c.suit)) for c in g.freecells],
        list(g.foundations.heights),
    )


# ---------------------------------------------------------------- single moves


def test_cascade_to_cell_foundation_cascade() -> None:
    g = make(["Kd As", "9s 8h", "Kc 9h", "Qh"])
    assert g.apply("1h").foundations.heights == (0, 1, 0, 0)
    assert g.apply("2a").freecells[0] == Card("8h")
    assert str(g.apply("2a").apply("1b").freecells[1]) == "As"  # b is the first empty cell then
    with pytest.raises(IllegalMove):
        g.apply("24")  # 8h on Qh is not one rank lower
    assert not g.allows_move("34")  # 9h on Qh: two ranks apart


def test_every_destination_rule() -> None:
    g = make(["Kd 7s", "9s 8h", "Kc 9h", "Qh", ""], cells=["Jc"])
    cases = {
        "13": False,  # 7s onto 9h: two ranks apart
        "24": False,  # 8h onto Qh
        "15": True,  # 7s onto an empty cascade
        "1h": False,  # 7s not next on the spade foundation
        "a4": True,  # Jc onto Qh
        "a3": False,  # Jc onto 9h
        "a5": True,  # free cell to empty cascade
        "ab": False,  # free cell to another: the cells are interchangeable, it changes nothing
        "1a": False,  # free cell a is full
        "1b": True,  # b is the first empty free cell
        "1c": False,  # c is empty, but b comes first
        "51": False,  # empty source
        "b1": False,  # empty cell
    }
    for text, ok in cases.items():
        assert g.allows_move(text) is ok, text


def test_builds_down_in_other_colour() -> None:
    g = make(["Kd 9s", "8h", "8c"])
    assert g.apply("21").cascades[0] == g.cascades[0].add_card("8h")
    with pytest.raises(IllegalMove, match="does not build"):
        g.apply("31")


def test_moves_that_change_nothing_are_illegal() -> None:
    g = make(["Kd", "9s 8h"], cells=["Jc"])
    assert not g.allows_move("15")  # a one-card cascade to an empty cascade
    assert not g.allows_move(Move(None, Position.cascade(0), Position.cascade(0)))
    assert not g.allows_move(Move(None, Position.freecell(0), Position.freecell(0)))
    with pytest.raises(IllegalMove, match="interchangeable"):
        g.apply("ab")  # the same position up to the order of the free cells


def test_a_card_goes_to_the_first_empty_free_cell() -> None:
    g = make(["Kd 7s", "9s 8h"], cells=[None, "Jc"])  # a empty, b full, c and d empty
    assert g.allows_move("1a") and g.resolve("1a").to == Position.freecell(0)
    with pytest.raises(IllegalMove, match="free cell a is empty: a card goes to the first empty free cell"):
        g.apply("1c")
    assert [str(m) for m in g.legal_move_list() if m.to.kind is PositionKind.FREECELL] == ["1a", "2a"]


def test_foundation_is_never_a_source() -> None:
    g = make(["Kd"], home=(1, 0, 0, 0))
    assert not g.allows_move(Move(None, Position.foundation(), Position.cascade(1)))
    with pytest.raises(NotationError):
        Move.parse("h1")


def test_refused_move_leaves_state_and_names_reason() -> None:
    g = GameState.from_ms_deal(1)
    before = g.to_text()
    with pytest.raises(IllegalMove, match="'1h'"):
        g.apply("1h")
    assert g.to_text() == before


def test_card_of_move_must_match() -> None:
    g = GameState.from_ms_deal(1)
    assert g.allows_move(Move.parse("1a", card="6s"))
    assert not g.allows_move(Move.parse("1a", card="6d"))


# ---------------------------------------------------------------- supermoves


def seq_position(free_cells: int, empty_cascades: int, length: int) -> GameState:
    """A sequence of `length` cards on cascade 1 (K..), a target Q? no: target cascade 2 holds the card above."""
    seq = ["Kd", "Qs", "Jh", "Tc", "9d", "8s", "7h", "6c", "5d", "4s", "3h", "2c"]
    col1 = "Ks " + " ".join(seq[1 : 1 + length])  # Qs..: builds a run of `length` on a base Ks
    target = "Kh"  # Qs.. runs onto Kh
    filler_cells = ["Ac", "Ah", "Ad", "As"][: 4 - free_cells]
    cols = [col1, target]
    others = ["2d", "2h", "2s", "3d", "3c", "3s"]
    n_full = 6 - empty_cascades
    cols += others[:n_full]
    return make(cols, cells=filler_cells)


@pytest.mark.parametrize("free_cells", range(5))
@pytest.mark.parametrize("empty_cascades", range(4))
def test_supermove_limit(free_cells: int, empty_cascades: int) -> None:
    for length in range(2, 12):
        g = seq_position(free_cells, empty_cascades, length)
        assert g.cascades[0].run_length() == length
        limit = (free_cells + 1) * 2**empty_cascades
        assert g.supermove_limit() == limit
        move = Move.parse("12")
        assert g.allows_move(move) is (length <= limit), (free_cells, empty_cascades, length)
        if length <= limit:
            after = g.apply(move)
            assert len(after.cascades[1]) == 1 + length and len(after.cascades[0]) == 1
            assert g.resolve(move).count == length


@pytest.mark.parametrize("free_cells", range(5))
@pytest.mark.parametrize("empty_cascades", range(1, 4))
def test_supermove_limit_to_empty_cascade(free_cells: int, empty_cascades: int) -> None:
    g = seq_position(free_cells, empty_cascades, 8)
    target = 8  # the last cascade is empty
    assert not g.cascades[target - 1]
    limit = (free_cells + 1) * 2 ** (empty_cascades - 1)  # the target does not count
    assert g.supermove_limit(to_empty=True) == limit
    for k in range(1, 9):
        text = f"1{target}v{k}"
        assert g.allows_move(text) is (k <= limit), text
        if k <= limit:
            assert g.notation(text) == (f"1{target}" if k == 1 else text)


def test_sequence_must_be_a_run() -> None:
    g = make(["Kh 9s 8h", "Kd", "Tc"])
    assert g.cascades[0].run_length() == 2
    assert not g.allows_move("13")  # neither 8h nor 9s 8h builds on Tc (9s is black)
    g2 = make(["Kh 9d 8s", "Kd", "Tc", ""])
    assert g2.allows_move("13") and g2.resolve("13").count == 2
    assert not g2.allows_move("14v3")  # Kh 9d is not a sequence
    with pytest.raises(IllegalMove, match="not a sequence"):
        g2.apply("14v3")


def test_sequences_only_between_cascades() -> None:
    with pytest.raises(NotationError):
        Move.parse("1av2")
    g = make(["Kh 9d 8s", "Kd", "Tc", ""])
    assert not g.allows_move(Move(None, Position.cascade(0), Position.freecell(0), 2))


# ---------------------------------------------------------------- notation


@pytest.mark.parametrize(
    ("text", "src", "dst", "count"),
    [
        ("3a", (PositionKind.CASCADE, 2), (PositionKind.FREECELL, 0), 1),
        ("8h", (PositionKind.CASCADE, 7), (PositionKind.FOUNDATION, 0), 1),
        ("a5", (PositionKind.FREECELL, 0), (PositionKind.CASCADE, 4), 1),
        ("12v5", (PositionKind.CASCADE, 0), (PositionKind.CASCADE, 1), 5),
        ("12", (PositionKind.CASCADE, 0), (PositionKind.CASCADE, 1), 0),
        (" D1 ", (PositionKind.FREECELL, 3), (PositionKind.CASCADE, 0), 1),
    ],
)
def test_parse_notation(text: str, src: tuple[PositionKind, int], dst: tuple[PositionKind, int], count: int) -> None:
    m = Move.parse(text)
    assert (m.from_.kind, m.from_.index) == src and (m.to.kind, m.to.index) == dst and m.count == count
    assert m.card is None
    assert Move.parse(str(m)) == m


@pytest.mark.parametrize("bad", ["", "3", "9a", "3e", "h3", "33", "aa", "12v", "12v0", "12v14", "12x3", "3a4", "1hv2"])
def test_malformed_notation(bad: str) -> None:
    with pytest.raises(NotationError):
        Move.parse(bad)
    with pytest.raises(NotationError):
        GameState.from_ms_deal(1).apply(bad)


def test_move_values() -> None:
    m = Move(Card("Jd"), Position.cascade(0), Position.freecell(2))
    assert str(m) == "1c" and m.card == Card("Jd")
    assert eval(repr(m), {"Move": Move}) == m
    assert pickle.loads(pickle.dumps(m)) == m and hash(pickle.loads(pickle.dumps(m))) == hash(m)
    assert Move.from_id(m.id) == Move(None, Position.cascade(0), Position.freecell(2))


def test_action_ids_round_trip() -> None:
    seen = set()
    for i in range(NUM_ACTIONS):
        m = Move.from_id(i)
        assert m.id == i
        seen.add(str(m))
    assert len(seen) == NUM_ACTIONS
    with pytest.raises(ValueError):
        Move.from_id(NUM_ACTIONS)


# ---------------------------------------------------------------- legal move lists against the reference


def reference_single_moves(t: Table) -> set[str]:
    out = set()
    first_cell = next((i for i, c in enumerate(t.cells) if c is None), None)
    sources: list[tuple[str, tuple[int, int], int]] = []
    for i, col in enumerate(t.cascades):
        if col:
            sources.append((str(i + 1), col[-1], len(col)))
    for i, c in enumerate(t.cells):
        if c is not None:
            sources.append(("abcd"[i], c, 0))
    for src, c, size in sources:
        if t.home[c[1]] + 1 == c[0]:
            out.add(src + "h")
        for j, col in enumerate(t.cascades):
            if str(j + 1) == src:
                continue
            if (not col and size != 1) or (col and builds(c, col[-1])):
                out.add(src + str(j + 1))
        if src.isdigit() and first_cell is not None:
            out.add(src + "abcd"[first_cell])
    return out


def random_walk(seed: int, steps: int) -> list[GameState]:
    rng = random.Random(seed)
    g = GameState.from_ms_deal(rng.randrange(1, 2**33))
    out = [g]
    for _ in range(steps):
        moves = g.legal_moves(supermoves=True)
        if not moves:
            break
        g, _ = rng.choice(moves)
        out.append(g)
    return out


@given(st.integers(0, 10**9))
def test_legal_single_moves_match_reference(seed: int) -> None:
    for g in random_walk(seed, 40)[::4]:
        got = {str(m) for m in g.legal_move_list()}
        assert got == reference_single_moves(table_of(g))


@given(st.integers(0, 10**9))
def test_every_legal_move_is_accepted_by_reference(seed: int) -> None:
    for g in random_walk(seed, 30)[::3]:
        for nxt, m in g.legal_moves(supermoves=True):
            t = table_of(g)
            t.move(g.notation(m))
            assert table_of(nxt).__dict__ == t.__dict__
            assert nxt == g.apply(m)
            nxt.validate()


def test_supermoves_listed_are_the_runs() -> None:
    g = make(["Ks Qh Js Th", "Kc", "Qd", "", "2c", "2d", "2h", "2s"], cells=[])
    seqs = {str(m) for m in g.legal_move_list(supermoves=True) if m.count > 1}
    # Qh Js Th onto Kc, Js Th onto Qd, 2 or 3 cards to the empty cascade (not all 4: no change)
    assert seqs == {"12v3", "13v2", "14v2", "14v3"}
    assert g.notation(Move.parse("12v3")) == "12"


def test_reference_checks_itself() -> None:
    t = Table([[card("Kd"), card("9s")], [card("Th")]])
    t.move("12")
    assert t.cascades[1][-1] == card("9s")
    with pytest.raises(AssertionError):
        t.move("1h")


def test_sequence_counts_of_ten_or_more_are_written_as_freecell_solver_writes_them() -> None:
    assert Move.parse("52va") == Move.parse("52v10")
    assert Move.parse("52vA").count == 10 and Move.parse("12vd").count == 13
    assert Move.parse("12v13").notation == "12vd" and Move.parse("12v9").notation == "12v9"
    with pytest.raises(NotationError):
        Move.parse("12ve")  # 14 cards: no sequence is that long
