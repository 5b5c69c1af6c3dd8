"""Write the snapshot fixtures of the current snapshot version: tests/data/<game>/snapshot_v<N>.json and .pickle.

Each is a game in the middle of play, reached by a fixed seed and fixed bots, so the
files describe a position with something in every field.  Run this once when a new
snapshot version is introduced and commit the new files; never rewrite an existing
fixture (tests/test_snapshots.py loads every one of them, so a change that breaks old
snapshots fails CI).  Usage: PYTHONPATH=src python tools/snapshot_fixtures.py
"""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any

from parlour import games

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"
# game -> (players, seed, bot, moves to play)
POSITIONS = {"gin": (2, 11, "normal", 61), "yahtzee": (3, 5, "heuristic", 20), "freecell": (1, 617, "solver", 12)}


def position(name: str) -> Any:
    players, seed, bot_name, moves = POSITIONS[name]
    info = games.get(name)
    game = info.new_game(players=players, seed=seed, **({"deal": seed} if name == "freecell" else {}))
    bot = info.bot(bot_name, seed=seed)
    for _ in range(moves):
        game.apply(bot.act(game.observation(game.current_player)))
    return game


def main() -> None:
    for name in POSITIONS:
        game = position(name)
        version = game.to_dict()["version"]
        folder = DATA / name
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"snapshot_v{version}.json"
        if target.exists():
            print(f"{target} exists: fixtures are never rewritten")
            continue
        target.write_text(json.dumps(game.to_dict(), indent=1) + "\n")
        (folder / f"snapshot_v{version}.pickle").write_bytes(pickle.dumps(game, protocol=4))
        print(f"wrote {target} and its pickle")


if __name__ == "__main__":
    main()
