"""Shared test settings: hypothesis without deadlines (the engine is fast, but CI machines vary)."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "parlour", deadline=None, max_examples=200, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("parlour")
