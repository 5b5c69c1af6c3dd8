"""The hand model behind parlour.gin's match odds: how hands between strong players end.

Plays matches between ExpertBot (a small node budget) and HardBot under the rule card,
both seats, and counts how each decided hand ended: a knock won by the knocker (by the
margin of deadwood after layoffs), an undercut (by the margin), or gin (by the
defender's deadwood).  Prints the counts as the C++ tables of cpp/src/gin/match_odds.cpp.

    PYTHONPATH=src python tools/gin_hand_model.py --matches 400 --nodes 20000
"""

from __future__ import annotations

import argparse
from collections import Counter

from parlour.gin import ExpertBot, HardBot, ResultKind, Rules, play_match


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=400)
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    kinds: Counter[str] = Counter()
    knock: Counter[int] = Counter()
    under: Counter[int] = Counter()
    gin: Counter[int] = Counter()
    for m in range(args.matches):
        bots = (ExpertBot(m, nodes=args.nodes), HardBot(m))
        one, two = bots if m % 2 == 0 else bots[::-1]
        match = play_match(one, two, Rules(), seed=args.seed * 1_000_003 + m)
        for h in match.hands:
            kinds[h.kind.name] += 1
            if h.kind is ResultKind.KNOCK:
                knock[h.defender_deadwood - h.knocker_deadwood] += 1
            elif h.kind is ResultKind.UNDERCUT:
                under[h.knocker_deadwood - h.defender_deadwood] += 1
            elif h.kind in (ResultKind.GIN, ResultKind.BIG_GIN):
                gin[h.defender_deadwood] += 1

    def table(name: str, c: Counter[int], top: int) -> str:
        vals = [c.get(i, 0) for i in range(top)]
        vals[-1] += sum(v for k, v in c.items() if k >= top)
        body = ", ".join(str(v) for v in vals)
        return f"constexpr std::array<int, {top}> {name} = {{{body}}};"

    print(f"// {sum(kinds.values())} hands of {args.matches} matches: {dict(kinds)}")
    print(table("kKnockMargin", knock, 64))
    print(table("kUndercutMargin", under, 16))
    print(table("kGinDefender", gin, 100))


if __name__ == "__main__":
    main()
