"""Reference encodings in plain Python/NumPy: the environments' encoders as they were
written before the engine encoded observations itself (kept as the independent
reference the C++ encoders are checked against)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from parlour.cards import masks_to_dense
from parlour.freecell import GameState
from parlour.gin import Observation, Phase
from parlour.yahtzee import Dice, State

_COLUMNS = np.arange(52)
_PHASE_COLUMN = {Phase.UPCARD: 0, Phase.DRAW: 1, Phase.DISCARD: 2, Phase.LAYOFF: 3, Phase.FINISHED: 4}


def gin_planes(obs: Observation) -> npt.NDArray[np.int8]:
    """The (13, 52) planes of a gin observation, built from its fields."""
    pile = obs.discard_pile
    spread = 0
    for meld in obs.spread:
        spread |= int(meld.cards)
    taken = obs.taken
    masks = np.array(
        [
            int(obs.hand),
            pile[-1].mask if pile else 0,
            sum(card.mask for card in pile[:-1]),
            int(obs.opponent_known),
            int(obs.opponent_discards),
            int(obs.own_discards),
            spread,
            int(obs.laid_off),
            taken.mask if taken is not None else 0,
        ],
        dtype=np.uint64,
    )
    planes = np.zeros((13, 52), dtype=np.int8)
    planes[:9] = masks_to_dense(masks)
    planes[9] = _COLUMNS < obs.stock_size
    planes[10] = _COLUMNS < obs.knock_limit
    planes[11] = _COLUMNS < obs.opponent_hand_size
    status = planes[12]
    status[_PHASE_COLUMN[obs.phase]] = 1
    me = obs.player
    status[5] = obs.is_my_turn
    status[6] = obs.dealer == me
    status[7] = obs.knocker == me
    status[8] = obs.knocker is not None and obs.knocker != me
    status[9] = obs.passes >= 1
    status[10] = obs.passes >= 2
    return planes


def yahtzee_vector(state: State, dice: Dice, rolls_left: int) -> npt.NDArray[np.int8]:
    """dice (5, ascending), rolls_left, filled (13), upper_total, yahtzee_50."""
    filled = np.zeros(13, dtype=np.int8)
    filled[[int(c) for c in state.scored]] = 1
    return np.concatenate(
        [
            np.array(dice.faces, dtype=np.int8),
            np.array([rolls_left], dtype=np.int8),
            filled,
            np.array([state.upper, int(state.yahtzee_50)], dtype=np.int8),
        ]
    )


def freecell_vector(state: GameState) -> npt.NDArray[np.int8]:
    """cascades (8 x 19, card index + 1 bottom first), free cells (4), foundation heights (4)."""
    cascades = np.zeros((8, 19), dtype=np.int8)
    for i, cascade in enumerate(state.cascades):
        for j, card in enumerate(cascade.cards):
            cascades[i, j] = card.index + 1
    cells = np.array([0 if (c := state.freecells[i]) is None else c.index + 1 for i in range(4)], dtype=np.int8)
    heights = np.array(state.foundations.heights, dtype=np.int8)
    return np.concatenate([cascades.ravel(), cells, heights])
