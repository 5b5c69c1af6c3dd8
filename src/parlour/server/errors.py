"""The errors a game server reports to its clients.

Each is a :class:`parlour.errors.ParlourError` and also derives from the library's
error class that fits (an out-of-turn action is an :class:`IllegalActionError`, a
malformed message a :class:`NotationError`), so a client sees the exact class name
in ``error`` and the library's category in ``kind``.
"""

from __future__ import annotations

from parlour.errors import (
    IllegalActionError,
    InvalidValueError,
    NotationError,
    ParlourError,
    PhaseError,
    StateFormatError,
    WrongTypeError,
)

__all__ = [
    "AuthError",
    "BodyTooLarge",
    "ConnectionLimitReached",
    "HeadersTooLarge",
    "InternalError",
    "LimitError",
    "MessageError",
    "MessageTooLarge",
    "MethodNotAllowed",
    "NestingTooDeep",
    "NotYourTurn",
    "OriginRefused",
    "RateLimited",
    "RequestTimeout",
    "SeatTaken",
    "ServerError",
    "SpectatorLimitReached",
    "StaleAction",
    "TableClosed",
    "TableLimitReached",
    "UnknownPath",
    "UnknownTable",
    "error_kind",
    "error_payload",
]


class ServerError(ParlourError):
    """Anything the game server refuses; the message is safe to show to a client."""


class MessageError(ServerError, NotationError):
    """A message that is not a JSON object of a known type with the documented fields."""


class NestingTooDeep(MessageError):
    """A message whose JSON nests deeper than the server accepts."""


class LimitError(ServerError, RuntimeError):
    """A request over one of the server's limits; nothing was changed."""


class MessageTooLarge(LimitError):
    """A message longer than the server's limit (``max_message_bytes``)."""


class RateLimited(LimitError):
    """More messages per second on one connection than the server accepts; this one was dropped."""


class TableLimitReached(LimitError):
    """The server already holds its limit of tables in play."""


class SpectatorLimitReached(LimitError):
    """The table already has its limit of spectator tokens (``--max-spectators``)."""


class ConnectionLimitReached(LimitError):
    """The server already holds its limit of open connections (``--max-connections``)."""


class BodyTooLarge(LimitError):
    """An HTTP request body longer than the server's limit (``--max-body-bytes``); it was not read."""


class HeadersTooLarge(LimitError):
    """An HTTP request head (request line and headers) longer, or with more headers, than the server takes."""


class RequestTimeout(LimitError):
    """An HTTP request whose head or body did not arrive within the server's time (``--request-timeout``)."""


class AuthError(ServerError, PermissionError):
    """No token, an unknown token, or a token that does not allow this (a spectator's, another table's)."""


class OriginRefused(AuthError):
    """A browser's request or WebSocket from a page of another origin than the server's own or the allowed ones
    (``--allow-origin``)."""


class NotYourTurn(ServerError, IllegalActionError):
    """An action from a seat that is not the one to act."""


class StaleAction(ServerError, IllegalActionError):
    """An action with an old client sequence number, or made against an old table state."""


class UnknownTable(ServerError, LookupError):
    """No table with this id."""


class SeatTaken(ServerError, PhaseError):
    """The seat is not open: a person or a bot already holds it, or there is no such seat."""


class TableClosed(ServerError, PhaseError):
    """The server closed the table: no action for its idle time (``--idle-timeout``), or no seat could act."""


class UnknownPath(ServerError, LookupError):
    """No HTTP route at this path."""


class MethodNotAllowed(MessageError):
    """An HTTP method that the path does not take (the answer's ``Allow`` header lists those it takes)."""


class InternalError(ServerError):
    """The server could not complete the request (for example the database failed); nothing changed."""


#: The library's categories, most specific first; ``kind`` in an error message is one of these.
_KINDS: tuple[type[ParlourError], ...] = (
    NotationError,
    IllegalActionError,
    PhaseError,
    StateFormatError,
    InvalidValueError,
    WrongTypeError,
    LimitError,
    AuthError,
    UnknownTable,
)


def error_kind(exc: ParlourError) -> str:
    """The library category of ``exc``: one of NotationError, IllegalActionError, ... or ParlourError."""
    for cls in _KINDS:
        if isinstance(exc, cls):
            return cls.__name__
    return "ParlourError"


def error_payload(exc: ParlourError, ref: int | None = None) -> dict[str, object]:
    """The ``error`` message for ``exc``: its class name, its category and its text (never a traceback)."""
    return {"type": "error", "error": type(exc).__name__, "kind": error_kind(exc), "message": str(exc), "ref": ref}
