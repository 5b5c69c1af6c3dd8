"""Shared test settings and helpers.

Hypothesis runs without deadlines (the engine is fast, but CI machines vary);
``run_cli`` runs the ``parlour`` command in this process.
"""

from __future__ import annotations

import io

from hypothesis import HealthCheck, settings

from parlour.cli import main

settings.register_profile("parlour", deadline=None, max_examples=200, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("parlour")


def run_cli(*argv: str) -> str:
    """Run ``parlour ARGV...``, expect exit status 0, and return what it printed."""
    out = io.StringIO()
    status = main(list(argv), out)
    assert status == 0, (argv, status, out.getvalue()[-2000:])
    return out.getvalue()
