"""``parlour serve`` with every message it sends checked against the message models.

The server tests start the server with this script (see ``Server`` in conftest.py):
each WebSocket message, at the one place messages leave (``Connection.push``), and
each HTTP error answer (``error_payload``) is validated by the pydantic models of
``parlour.server.messages`` — whose JSON Schema is docs/server-schema.json, kept equal
to them by test_server.py — before it goes out.  A message that does not validate is
written to the file named by ``PARLOUR_TEST_MESSAGE_LOG`` (and still sent); the test
harness fails the test whose server wrote one.  The file's first line says the checks
are on.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from parlour.cli import main
from parlour.server import errors, messages, table


def _log() -> str:
    return os.environ["PARLOUR_TEST_MESSAGE_LOG"]


def _report(what: str, message: Any, problem: Exception) -> None:
    with open(_log(), "a", encoding="utf-8") as f:
        f.write(json.dumps({"bad": what, "message": str(message)[:2000], "problem": str(problem)[:2000]}) + "\n")


def check_text(text: str) -> None:
    """Report a WebSocket message that the models refuse."""
    try:
        messages.parse_server(text)
    except Exception as e:  # noqa: BLE001 - any refusal is reported
        _report("websocket", text, e)


_push = table.Connection.push
_payload = errors.error_payload


def push(self: table.Connection, text: str | None) -> None:
    if text is not None:
        check_text(text)
    _push(self, text)


def error_payload(exc: Any, ref: int | None = None) -> dict[str, object]:
    out = _payload(exc, ref)
    try:
        messages.ErrorMsg.model_validate(out)
    except Exception as e:  # noqa: BLE001 - any refusal is reported
        _report("http error", out, e)
    return out


def install() -> None:
    """Check every message from now on (in this process)."""
    table.Connection.push = push  # type: ignore[method-assign]
    errors.error_payload = error_payload
    # the modules that imported error_payload by name
    from parlour.server import app

    app.error_payload = error_payload  # type: ignore[attr-defined]
    with open(_log(), "a", encoding="utf-8") as f:
        f.write(json.dumps({"checking": os.getpid()}) + "\n")


if __name__ == "__main__":
    install()
    sys.exit(main(["serve", *sys.argv[1:]]))
