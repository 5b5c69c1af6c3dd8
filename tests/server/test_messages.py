"""What the server sends is made from the message models: the builders against the models, and the
checks that validate every message of the server tests (serve_checked.py) against them."""

from __future__ import annotations

import inspect
import json
import random
from pathlib import Path
from typing import Any

import pytest

for _name in ("fastapi", "pydantic", "sqlalchemy"):
    pytest.importorskip(_name, reason=f"the server tests need {_name}: pip install 'parlour[test]'")

from pydantic import ValidationError  # noqa: E402

from parlour import games  # noqa: E402
from parlour.errors import IllegalActionError  # noqa: E402
from parlour.server import messages  # noqa: E402
from parlour.server.errors import NotYourTurn, error_payload  # noqa: E402
from parlour.server.table import Seat, Table  # noqa: E402

from . import serve_checked  # noqa: E402


def _table(name: str, seed: int) -> Table:
    info = games.get(name)
    game = info.new_game(players=info.max_players if info.max_players < 3 else 3, seed=seed)
    seats = [Seat(seat=i, kind="human", client_seq=i) for i in range(game.num_players)]
    return Table(
        id="t1", game_name=name, preset=None, options={}, seed=seed, game=game, seq=0, seats=seats, created=0.0
    )


def test_the_state_builder_takes_exactly_the_models_fields() -> None:
    params = list(inspect.signature(messages.state_text).parameters)
    assert set(params) == set(messages.State.model_fields) - {"type"}
    assert list(inspect.signature(messages.state_dict).parameters) == params
    assert params[-1] == "observation"  # spliced in last, as the engine's text


@pytest.mark.parametrize("name", games.names())
def test_the_fast_state_text_is_the_models_state(name: str) -> None:
    """state_text (orjson and the engine's observation text) against the model's own JSON, along a playout."""
    rng = random.Random(3)
    t = _table(name, 5)
    for step in range(40):
        for seat in [None, *range(len(t.seats))]:
            fast = t.view_text(seat)
            parsed = messages.parse_server(fast)
            assert isinstance(parsed, messages.State)
            reference = json.loads(parsed.model_dump_json())
            assert json.loads(fast) == reference == json.loads(json.dumps(t.view(seat)))
        if t.game.is_terminal:
            break
        t.game.apply(rng.choice(t.game.legal_actions()))
        t.seq = step + 1


def test_welcome_error_and_pong_are_the_models_json() -> None:
    t = _table("yahtzee", 1)
    for seat in (None, 0):
        w = messages.parse_server(t.welcome(seat))
        assert isinstance(w, messages.Welcome) and w.seat == seat
        assert w.role == ("spectator" if seat is None else "player")
    e = messages.parse_server(messages.error_text(NotYourTurn("it is seat 1's turn"), 7))
    assert isinstance(e, messages.ErrorMsg)
    assert (e.error, e.kind, e.ref) == ("NotYourTurn", "IllegalActionError", 7)
    assert json.loads(messages.error_text(IllegalActionError("no"))) == error_payload(IllegalActionError("no"))
    assert json.loads(messages.PONG_TEXT) == {"type": "pong"}


def test_the_models_refuse_what_the_schema_refuses() -> None:
    good: dict[str, Any] = json.loads(_table("gin", 2).view_text(0))
    for bad in (
        {**good, "seq": "1"},
        {**good, "extra": 1},
        {k: v for k, v in good.items() if k != "ack"},
        {**good, "type": "status"},
        {**good, "legal_actions": [{"id": 1}]},
    ):
        with pytest.raises(ValidationError):
            messages.parse_server(json.dumps(bad))


def test_the_checked_server_reports_a_message_outside_the_schema(tmp_path: Path, monkeypatch: Any) -> None:
    """serve_checked.py, which the server tests run: a bad message is written down, a good one is not."""
    log = tmp_path / "messages"
    monkeypatch.setenv("PARLOUR_TEST_MESSAGE_LOG", str(log))
    serve_checked.check_text(messages.PONG_TEXT)
    serve_checked.check_text(_table("freecell", 4).view_text(0))
    assert not log.exists()
    serve_checked.check_text('{"type":"state","seq":1}')
    serve_checked.check_text('{"type":"pong","extra":true}')
    reports = [json.loads(x) for x in log.read_text().splitlines()]
    assert [r["bad"] for r in reports] == ["websocket", "websocket"]
    assert "pong" in reports[1]["message"]
