"""Draw a FreeCell survey's distributions as one SVG figure (docs/images/freecell-survey.svg).

    python tools/survey_figure.py SURVEY_DIR OUT.svg

SURVEY_DIR is the store of ``parlour freecell survey`` (or ``solve_deals(..., out=...)``).
The figure has two panels: the solution lengths of the solved deals (moves, a sequence
move counting as one), and the search effort of every deal (positions stored, on a
logarithmic scale), each a histogram of deal counts on a logarithmic axis, so the rare
long solutions and hard deals stay visible.  Needs only NumPy and pyarrow (the
``distributed`` extra); the SVG is written by hand.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq

WIDTH, PANEL_H, MARGIN_L, MARGIN_R, MARGIN_T, MARGIN_B = 720, 270, 64, 34, 50, 44


def _panel(
    counts: np.ndarray,
    edges: np.ndarray,
    top: float,
    title: tuple[str, str],
    xlabel: str,
    log_x: bool,
    color: str,
) -> list[str]:
    """One histogram panel (bars of counts over edges, log-scale counts) as SVG elements."""
    x0, x1 = MARGIN_L, WIDTH - MARGIN_R
    y0, y1 = top + MARGIN_T, top + PANEL_H - MARGIN_B
    lo, hi = (math.log10(edges[0]), math.log10(edges[-1])) if log_x else (edges[0], edges[-1])
    ymax = math.ceil(math.log10(max(int(counts.max()), 1)) + 0.01)

    def sx(v: float) -> float:
        v = math.log10(v) if log_x else v
        return x0 + (v - lo) / (hi - lo) * (x1 - x0)

    def sy(c: float) -> float:  # log10(count + 1), so a single deal still shows
        return y1 - math.log10(c + 1) / ymax * (y1 - y0)

    out = [
        f'<text x="{x0}" y="{top + 20}" class="title">{title[0]}</text>',
        f'<text x="{x0}" y="{top + 36}" class="tick">{title[1]}</text>',
    ]
    for c, a, b in zip(counts, edges[:-1], edges[1:], strict=True):
        if c:
            xa, xb = sx(a), sx(b)
            out.append(
                f'<rect x="{xa:.2f}" y="{sy(c):.2f}" width="{max(xb - xa - 0.4, 0.6):.2f}" '
                f'height="{y1 - sy(c):.2f}" fill="{color}"/>'
            )
    out.append(f'<line x1="{x0}" y1="{y1}" x2="{x1}" y2="{y1}" class="axis"/>')
    out.append(f'<line x1="{x0}" y1="{y0}" x2="{x0}" y2="{y1}" class="axis"/>')
    for e in range(ymax + 1):
        y = sy(10**e - 1)
        out.append(f'<line x1="{x0 - 4}" y1="{y:.2f}" x2="{x0}" y2="{y:.2f}" class="axis"/>')
        out.append(f'<text x="{x0 - 7}" y="{y + 4:.2f}" class="tick" text-anchor="end">{10**e:,}</text>')
    if log_x:
        ticks = [10**e for e in range(math.ceil(lo), math.floor(hi) + 1)]
    else:
        step = 10 if hi - lo <= 120 else 20
        ticks = list(range(int(math.ceil(lo / step) * step), int(hi) + 1, step))
    for t in ticks:
        x = sx(t)
        out.append(f'<line x1="{x:.2f}" y1="{y1}" x2="{x:.2f}" y2="{y1 + 4}" class="axis"/>')
        out.append(f'<text x="{x:.2f}" y="{y1 + 16}" class="tick" text-anchor="middle">{t:,}</text>')
    out.append(f'<text x="{(x0 + x1) / 2}" y="{y1 + 34}" class="label" text-anchor="middle">{xlabel}</text>')
    out.append(
        f'<text x="14" y="{(y0 + y1) / 2}" class="label" text-anchor="middle" '
        f'transform="rotate(-90 14 {(y0 + y1) / 2})">deals</text>'
    )
    return out


def figure(survey: Path) -> str:
    """The SVG text of the figure for the survey stored in ``survey``."""
    table = pq.read_table(survey, columns=["verdict", "moves", "states"])
    verdict = table.column("verdict").to_numpy(zero_copy_only=False).astype(str)
    moves = table.column("moves").to_numpy()
    states = table.column("states").to_numpy().astype(np.float64)
    solved = verdict == "solved"
    n, impossible = len(verdict), int((verdict == "unsolvable").sum())
    m = moves[solved]
    m_edges = np.arange(m.min(), m.max() + 2) - 0.5
    m_counts, _ = np.histogram(m, m_edges)
    s = np.maximum(states, 1)
    first, last = math.floor(math.log10(s.min())), math.ceil(math.log10(s.max()) * 10) / 10  # ten bins a decade
    s_edges = np.logspace(first, last, round((last - first) * 10) + 1)
    s_counts, _ = np.histogram(s, s_edges)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{2 * PANEL_H}" '
        f'viewBox="0 0 {WIDTH} {2 * PANEL_H}" role="img" font-family="sans-serif">',
        f"<title>FreeCell deals 1 to {n:,}: solution lengths and search effort</title>",
        "<style>.axis{stroke:#444;stroke-width:1}.tick{font-size:11px;fill:#333}"
        ".label{font-size:12px;fill:#222}.title{font-size:13px;font-weight:bold;fill:#111}</style>",
        '<rect width="100%" height="100%" fill="white"/>',
        *_panel(
            m_counts,
            m_edges,
            0,
            (
                f"Solution length of the {int(solved.sum()):,} solved deals",
                f"mean {m.mean():.2f} moves, median {int(np.median(m))}, longest {int(m.max())}",
            ),
            "moves (a sequence move counts as one)",
            False,
            "#3b6ea8",
        ),
        *_panel(
            s_counts,
            s_edges,
            PANEL_H,
            (
                f"Search effort of all {n:,} deals ({impossible} proved impossible)",
                f"positions stored: median {int(np.median(states)):,}, mean {states.mean():,.0f}, "
                f"most {int(states.max()):,}",
            ),
            "positions stored (logarithmic scale)",
            True,
            "#b5562d",
        ),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def main(argv: list[str]) -> int:
    """Command line: SURVEY_DIR OUT.svg."""
    if len(argv) != 2:
        print("usage: python tools/survey_figure.py SURVEY_DIR OUT.svg", file=sys.stderr)
        return 2
    Path(argv[1]).write_text(figure(Path(argv[0])), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
