"""Greedy portfolio search over profiled scans (see README.md): python3 opt.py NAME1,NAME2,... ; MMAX caps the mean moves."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sim import PROF, sim

names = [f[:-4] for f in os.listdir(PROF) if f.endswith(".txt")]
comp = [
    n
    for n in names
    if open(f"{PROF}/{n}.cfg").read().strip().split(",")[-1].split("n")[0].split("s")[0].isdigit()
    and "p" not in open(f"{PROF}/{n}.cfg").read()
]
prun = [n for n in names if n not in comp]
print("complete", comp, "pruned", prun)
MMAX = float(os.environ.get("MMAX", "100"))
cache = {}


def ev(pf, b0):
    k = (tuple(pf), b0)
    if k not in cache:
        r = sim(list(pf), b0)
        r["obj2"] = r["obj"] + (10**9 if r["mm"] > MMAX else 0)
        cache[k] = r
    return cache[k]


def show(pf, b0):
    r = ev(pf, b0)
    print(round(r["obj2"] / 1e6, 3), r, b0, [open(f"{PROF}/{x}.cfg").read().strip() for x in pf], flush=True)


start = sys.argv[1].split(",") if len(sys.argv) > 1 else ["b0", "b1", "b2"]
b0 = 512
best = (start, b0)
show(*best)
improved = True
while improved:
    improved = False
    pf, b = best
    cands = []
    for i in range(len(pf)):
        pool = comp if i == len(pf) - 1 else prun
        for x in pool:
            if x != pf[i]:
                cands.append((pf[:i] + [x] + pf[i + 1 :], b))
    for x in prun:  # insert a pruned scan
        for i in range(len(pf)):
            cands.append((pf[:i] + [x] + pf[i:], b))
    if len(pf) > 2:
        for i in range(len(pf) - 1):
            cands.append((pf[:i] + pf[i + 1 :], b))
    for i in range(len(pf) - 2):
        cands.append((pf[:i] + [pf[i + 1], pf[i]] + pf[i + 2 :], b))
    for nb in (256, 384, 512, 640, 768, 1024):
        if nb != b:
            cands.append((pf, nb))
    for c in cands:
        if ev(*c)["obj2"] < ev(*best)["obj2"]:
            best = c
            improved = True
            show(*best)
show(*best)
