"""The WebSocket messages, as pydantic models: their validation, their JSON Schema, and the server's wire.

Every message is one JSON object with a ``type``.  A client sends ``hello`` first (with
a seat's or a spectator's token, or none to watch), then ``action``, ``undo``, ``sync``
or ``ping``; the server sends ``welcome``, a ``state`` after every change, ``error`` and
``pong``.  :func:`schema` is the document ``parlour serve --schema`` prints (committed
as docs/server-schema.json).

What the server sends is made here and nowhere else, from these models:
:func:`welcome_text`, :func:`error_text` and :data:`PONG_TEXT` are the models' own JSON;
:func:`state_dict` validates a state through :class:`State`; :func:`state_text`, the
server's hottest path (a push to every seat after every action), writes the fields of
:class:`State` directly, with the observation's JSON text as the engine made it — its
parameters are the model's fields, and the tests check every message the server sends
against the models.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from parlour.errors import ParlourError
from parlour.server._json import dumps
from parlour.server.errors import error_kind

__all__ = [
    "PONG_TEXT",
    "ClientMessage",
    "ServerMessage",
    "error_text",
    "parse_client",
    "parse_server",
    "schema",
    "state_dict",
    "state_text",
    "welcome_text",
]


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Hello(_Msg):
    """First message on a connection: who is connecting."""

    type: Literal["hello"]
    token: str | None = Field(
        default=None,
        max_length=64,
        description="A seat's token (to play that seat) or a spectator token; none to watch as a spectator.",
    )


class ActionMsg(_Msg):
    """An action of the connection's seat."""

    type: Literal["action"]
    seq: int = Field(
        ge=1,
        le=2**53,
        description="The client's sequence number: 1 for the seat's first action, then higher for each new one."
        " Resending the number of the last accepted action is answered without applying it again; a lower"
        " number is refused as stale.",
    )
    action: Annotated[int, Field(ge=0, le=2**31)] | Annotated[str, Field(min_length=1, max_length=200)] = Field(
        description="The action's id or its text, as listed in legal_actions.",
    )
    expect: int | None = Field(
        default=None,
        ge=0,
        description="The table sequence number the action was chosen at; refused as stale if the table has moved on.",
    )


class UndoMsg(_Msg):
    """Take back the table's last move: only at a one-seat table of a game that can take moves back (FreeCell)."""

    type: Literal["undo"]
    seq: int = Field(
        ge=1,
        le=2**53,
        description="The client's sequence number, shared with action messages (an undo is numbered like an action).",
    )


class Sync(_Msg):
    """Ask for the current state again."""

    type: Literal["sync"]


class Ping(_Msg):
    """Keep-alive; answered by pong."""

    type: Literal["ping"]


ClientMessage = Annotated[Hello | ActionMsg | UndoMsg | Sync | Ping, Field(discriminator="type")]


class SeatInfo(_Msg):
    """One seat of a table, as everyone may see it."""

    seat: int
    kind: Literal["open", "human", "bot"]
    name: str | None
    bot: str | None


class Welcome(_Msg):
    """The answer to hello: the connection's role at the table."""

    type: Literal["welcome"]
    table: str
    game: str
    role: Literal["player", "spectator"]
    seat: int | None = Field(description="The connection's seat, or null for a spectator.")
    seats: list[SeatInfo]


class LegalAction(_Msg):
    """One legal action: its id and its text (either may be sent back)."""

    id: int
    text: str


class State(_Msg):
    """Sent after every change of the table (and after hello and sync): what this seat may see now."""

    type: Literal["state"]
    table: str
    game: str
    seq: int = Field(description="The table's sequence number: the count of accepted actions.")
    seat: int | None = Field(description="The seat this view is for; null for a spectator.")
    current_player: int | None = Field(description="The seat to act, or null when the game is over.")
    terminal: bool
    observation: dict[str, Any] = Field(
        description="The game's observation for this seat (Observation.to_dict()): only what the seat may see.",
    )
    legal_actions: list[LegalAction] = Field(description="This seat's legal actions when it is its turn, else [].")
    last_event: dict[str, Any] | None = Field(
        description="The last accepted action (Event.to_dict(seat)): who did what, what was scored.",
    )
    returns: list[float] = Field(description="Each seat's points so far (Game.returns()).")
    ack: int | None = Field(
        description="For a seat: the client sequence number of its last accepted action (0 before any).",
    )


class ErrorMsg(_Msg):
    """A refused message; the table and the connection are unchanged."""

    type: Literal["error"]
    error: str = Field(description="The error's class name, e.g. IllegalActionError, NotYourTurn, MessageError.")
    kind: str = Field(description="The library's category: NotationError, IllegalActionError, PhaseError, ...")
    message: str
    ref: int | None = Field(description="The seq of the action message refused, when there was one.")


class Pong(_Msg):
    """The answer to ping."""

    type: Literal["pong"]


ServerMessage = Annotated[Welcome | State | ErrorMsg | Pong, Field(discriminator="type")]

_client: TypeAdapter[Hello | ActionMsg | UndoMsg | Sync | Ping] = TypeAdapter(ClientMessage)
_server: TypeAdapter[Welcome | State | ErrorMsg | Pong] = TypeAdapter(ServerMessage)


def parse_client(data: Any) -> Hello | ActionMsg | UndoMsg | Sync | Ping:
    """Validate a decoded client message; raises pydantic's ValidationError."""
    msg: Hello | ActionMsg | UndoMsg | Sync | Ping = _client.validate_python(data)
    return msg


def parse_server(text: str | bytes) -> Welcome | State | ErrorMsg | Pong:
    """Validate a message the server sends, as JSON text; raises pydantic's ValidationError."""
    msg: Welcome | State | ErrorMsg | Pong = _server.validate_json(text)
    return msg


def welcome_text(table: str, game: str, seat: int | None, seats: list[dict[str, Any]]) -> str:
    """The ``welcome`` message: the connection's role (a player at ``seat``, or a spectator) and the seats."""
    msg = Welcome(
        type="welcome",
        table=table,
        game=game,
        role="spectator" if seat is None else "player",
        seat=seat,
        seats=[SeatInfo(**s) for s in seats],
    )
    return msg.model_dump_json()


def error_text(exc: ParlourError, ref: int | None = None) -> str:
    """The ``error`` message for a refused message (``ref``: the seq of the refused action)."""
    msg = ErrorMsg(type="error", error=type(exc).__name__, kind=error_kind(exc), message=str(exc), ref=ref)
    return msg.model_dump_json()


#: The ``pong`` message.
PONG_TEXT = Pong(type="pong").model_dump_json()


#: The fields of a ``state`` message but its observation, in the order :func:`state_text` takes them.
StateFields = tuple[
    str, str, int, int | None, int | None, bool, list[dict[str, Any]], dict[str, Any] | None, list[float], int | None
]


def state_text(
    table: str,
    game: str,
    seq: int,
    seat: int | None,
    current_player: int | None,
    terminal: bool,
    legal_actions: list[dict[str, Any]],
    last_event: dict[str, Any] | None,
    returns: list[float],
    ack: int | None,
    observation: str,
) -> str:
    """The ``state`` message as JSON text, ``observation`` given as the JSON text of the observation."""
    head = dumps(
        {
            "type": "state",
            "table": table,
            "game": game,
            "seq": seq,
            "seat": seat,
            "current_player": current_player,
            "terminal": terminal,
            "legal_actions": legal_actions,
            "last_event": last_event,
            "returns": returns,
            "ack": ack,
        }
    )
    return f'{head[:-1]},"observation":{observation}}}'


def state_dict(
    table: str,
    game: str,
    seq: int,
    seat: int | None,
    current_player: int | None,
    terminal: bool,
    legal_actions: list[dict[str, Any]],
    last_event: dict[str, Any] | None,
    returns: list[float],
    ack: int | None,
    observation: dict[str, Any],
) -> dict[str, Any]:
    """The ``state`` message as a dict, validated through :class:`State` (for the HTTP answers that hold one)."""
    msg = State(
        type="state",
        table=table,
        game=game,
        seq=seq,
        seat=seat,
        current_player=current_player,
        terminal=terminal,
        observation=observation,
        legal_actions=[LegalAction(**a) for a in legal_actions],
        last_event=last_event,
        returns=returns,
        ack=ack,
    )
    out: dict[str, Any] = msg.model_dump()
    return out


def schema() -> dict[str, Any]:
    """The JSON Schema of every WebSocket message, client to server and server to client."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "parlour serve: WebSocket messages",
        "description": "Each message is one JSON text frame. 'client' lists what a client sends, 'server' what it"
        " receives. Connect to /ws/tables/{table_id}; send hello first.",
        "client": _client.json_schema(),
        "server": _server.json_schema(),
    }
