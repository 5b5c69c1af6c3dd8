"""Shared test settings and helpers.

Hypothesis runs without deadlines (the engine is fast, but CI machines vary);
``run_cli`` runs the ``parlour`` command in this process.
"""

from __future__ import annotations

import io
import signal

from hypothesis import HealthCheck, settings

from parlour.cli import main

settings.register_profile("parlour", deadline=None, max_examples=200, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("parlour")

# A test run started in the background by a non-interactive shell inherits SIGINT ignored,
# and so would every process it starts; the Ctrl-C tests need the default disposition
# (Python installs its KeyboardInterrupt handler only over the default).
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def run_cli(*argv: str) -> str:
    """Run ``parlour ARGV...``, expect exit status 0, and return what it printed."""
    out = io.StringIO()
    status = main(list(argv), out)
    assert status == 0, (argv, status, out.getvalue()[-2000:])
    return out.getvalue()
