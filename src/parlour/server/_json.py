"""Compact JSON text for the server's hot paths: orjson when installed (it is in the server extra)."""

from __future__ import annotations

import json
from typing import Any

__all__ = ["dumps"]

try:
    import orjson

    def dumps(obj: Any) -> str:
        """Compact JSON text of ``obj`` (orjson)."""
        return orjson.dumps(obj).decode()

except ImportError:  # pragma: no cover - orjson is in the server extra

    def dumps(obj: Any) -> str:
        """Compact JSON text of ``obj``."""
        return json.dumps(obj, separators=(",", ":"))
