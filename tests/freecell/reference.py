"""An independent FreeCell reference for the tests: plain Python lists, its own rules.

Nothing here calls the engine; tests compare the engine against it.
"""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "cshd"  # the library's suit numbering: CLUB 0, SPADE 1, HEART 2, DIAMOND 3

Card = tuple[int, int]  # (rank 1..13, suit 0..3)


def card(text: str) -> Card:
    """'Jd' / 'JD' / '10h' -> (rank, suit)."""
    text = text.strip()
    rank_text, suit_text = text[:-1], text[-1].lower()
    rank = 10 if rank_text == "10" else RANKS.index(rank_text.upper()) + 1
    return rank, SUITS.index(suit_text)


def red(c: Card) -> bool:
    return c[1] >= 2


def builds(upper: Card, lower: Card) -> bool:
    return upper[0] + 1 == lower[0] and red(upper) != red(lower)


def ms_deal(n: int) -> list[list[Card]]:
    """Microsoft deal n, written from the published description (and PySol's extension above 2**31)."""
    ms_suits = [0, 3, 2, 1]  # clubs, diamonds, hearts, spades in the library's numbering
    seed = n if n < 2**32 else n - 2**32

    def rand() -> int:
        nonlocal seed
        seed = (seed * 214013 + 2531011) % 2**32
        if n < 2**32:
            r = (seed >> 16) & 0x7FFF
            return r | 0x8000 if n >= 2**31 else r
        return ((seed >> 16) & 0xFFFF) + 1

    deck = list(range(52))
    cols: list[list[Card]] = [[] for _ in range(8)]
    for i in range(52):
        left = 52 - i
        j = rand() % left
        d = deck[j]
        deck[j] = deck[left - 1]
        cols[i % 8].append((d // 4 + 1, ms_suits[d % 4]))
    return cols


class Table:
    """A position as plain lists, with the rules of FreeCell written out directly."""

    def __init__(
        self, cascades: list[list[Card]], cells: list[Card | None] | None = None, home: list[int] | None = None
    ) -> None:
        self.cascades = [list(c) for c in cascades]
        self.cells: list[Card | None] = list(cells) if cells else [None] * 4
        self.home = list(home) if home else [0, 0, 0, 0]

    def solved(self) -> bool:
        return self.home == [13, 13, 13, 13]

    def limit(self, target_empty: bool) -> int:
        free = sum(c is None for c in self.cells)
        empty = sum(not c for c in self.cascades) - (1 if target_empty else 0)
        return (free + 1) * 2**empty

    def move(self, text: str) -> None:
        """Apply one move in standard notation; AssertionError when it breaks a rule."""
        text = text.strip().lower()
        src, dst = text[0], text[1]
        count = (
            int(text[3:], 16) if len(text) == 4 else int(text[3:]) if len(text) > 2 else None
        )  # 10..13: one hex digit
        assert len(text) == 2 or text[2] == "v", text
        if src in "abcd":
            i = "abcd".index(src)
            c = self.cells[i]
            assert c is not None, f"{text}: empty cell"
            moving = [c]
            take = lambda: self.cells.__setitem__(i, None)  # noqa: E731
        else:
            col = self.cascades[int(src) - 1]
            assert col, f"{text}: empty cascade"
            if count is None:
                count = 1
                if dst in "12345678" and self.cascades[int(dst) - 1]:
                    target = self.cascades[int(dst) - 1][-1]
                    for k in range(1, len(col) + 1):
                        if builds(col[-k], target):
                            count = k
                            break
            moving = col[-count:]
            assert len(moving) == count, text
            for a, b in zip(moving[1:], moving):
                assert builds(a, b), f"{text}: not a sequence"
            if count > 1:
                assert dst in "12345678", text
                assert count <= self.limit(not self.cascades[int(dst) - 1]), f"{text}: too long"
            take = lambda: col.__delitem__(slice(len(col) - count, None))  # noqa: E731
        if dst == "h":
            assert len(moving) == 1
            c = moving[0]
            assert self.home[c[1]] + 1 == c[0], f"{text}: foundation refuses {c}"
            take()
            self.home[c[1]] += 1
        elif dst in "abcd":
            j = "abcd".index(dst)
            assert len(moving) == 1 and self.cells[j] is None, f"{text}: cell busy"
            take()
            self.cells[j] = moving[0]
        else:
            target_col = self.cascades[int(dst) - 1]
            assert target_col is not (self.cascades[int(src) - 1] if src not in "abcd" else None), text
            if target_col:
                assert builds(moving[0], target_col[-1]), f"{text}: does not build"
            take()
            target_col.extend(moving)
