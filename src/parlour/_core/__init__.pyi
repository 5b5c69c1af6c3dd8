"""
The C++ engine of parlour. Use the public packages (parlour.cards, parlour.gin, ...) instead.
"""
from __future__ import annotations
from . import cards
from . import envs
from . import freecell
from . import gin
from . import yahtzee
__all__: list[str] = ['cards', 'envs', 'freecell', 'gin', 'yahtzee']
