"""
The C++ engine of parlour. Use the public packages (parlour.cards, parlour.gin, ...) instead.
"""
from __future__ import annotations
import typing
from . import cards
from . import envs
from . import freecell
from . import gin
from . import platform
from . import yahtzee
__all__: list[str] = ['Event', 'cards', 'envs', 'freecell', 'gin', 'platform', 'yahtzee']
class Event:
    """
    What the last accepted action of a game did: the seat that acted, the action, its text, and to_dict(seat) — a JSON-ready description as that seat may see it (None: anyone else, e.g. a spectator). A card drawn face down is shown to its drawer only.
    """
    __hash__: typing.ClassVar[None]  # type: ignore[assignment]
    def __eq__(self, other: typing.Any) -> typing.Any:
        ...
    def __getstate__(self) -> tuple[int, typing.Any, str, typing.Any, typing.Any]:
        ...
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        """
        Refuses: Event objects are not made by Event(...): the library's functions and methods return them (see help(Event)).
        """
    def __repr__(self) -> str:
        ...
    def __setstate__(self, state: typing.Any) -> None:
        ...
    def to_dict(self, seat: typing.Any = None) -> dict[str, typing.Any]:
        """
        The event as `seat` may see it (None: the public view).
        """
    @property
    def action(self) -> typing.Any:
        """
        The action applied (the game's action object).
        """
    @property
    def seat(self) -> int:
        """
        The seat that acted.
        """
    @property
    def text(self) -> str:
        """
        The action's text.
        """
