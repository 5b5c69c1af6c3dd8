"""Replays the fast mode round robin from per-scan profiles (see README.md): python3 sim.py BUDGET NAME1 NAME2 ..."""

import functools
import os
import sys

PROF = os.environ.get("PROF", "prof")  # directory of prof.sh outputs
CH = 64


@functools.lru_cache(None)
def load(name):
    T = []
    for l in open(f"{PROF}/{name}.txt"):
        f = l.split()
        T.append((f[2], int(f[3]), int(f[4]), int(f[5]), [int(x) for x in f[6:]]))
    return T


def states_at(tr, e):
    # states after e expansions (e multiple of CH, less than E_final or capped)
    if e >= tr[1]:
        return tr[2]
    return tr[4][e // CH - 1] if e > 0 else 1


def sim_deal(trs, b0, complete_last=True):
    n = len(trs)
    e = [0] * n
    created = [False] * n
    done = [False] * n
    b = b0
    while True:
        for i, tr in enumerate(trs):
            if done[i]:
                continue
            created[i] = True
            st, E, S, mv, _ = tr
            if st in "GX" and E <= e[i] + b:
                if st == "G":
                    e[i] = E
                    tot = S + sum(states_at(trs[j], e[j]) for j in range(n) if created[j] and j != i)
                    return ("G", tot, sum(e), mv, i)
                else:
                    e[i] = E
                    done[i] = True
                    if i == n - 1 and complete_last:
                        tot = sum(states_at(trs[j], e[j]) if j != i else S for j in range(n) if created[j])
                        return ("X", tot, sum(e), 0, i)
                    continue
            if st == "C" and e[i] + b > E:
                done[i] = True
                e[i] = E - E % CH
                if all(done):
                    return ("C", 10**6, sum(e), 0, -1)
                continue
            e[i] += b
        b *= 2


def sim(names, b0=512, deals=None, verbose=False):
    Ts = [load(x) for x in names]
    N = len(Ts[0])
    rng = range(N) if deals is None else deals
    S = E = M = ns = 0
    cens = 0
    wins = [0] * len(names)
    for d in rng:
        r = sim_deal([T[d] for T in Ts], b0)
        S += r[1]
        E += r[2]
        if r[0] == "G":
            M += r[3]
            ns += 1
            wins[r[4]] += 1
        elif r[0] == "C":
            cens += 1
    return dict(st=S, ex=E, obj=S + E, mm=round(M / max(ns, 1), 2), cens=cens, wins=wins)


if __name__ == "__main__":
    b0 = int(sys.argv[1])
    print(sim(sys.argv[2:], b0))
