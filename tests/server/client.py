"""A small WebSocket client for the server tests (the websockets library, asyncio)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from websockets.asyncio.client import ClientConnection, connect


class Client:
    """One connection to a table: records every message it receives."""

    def __init__(self, url: str, token: str | None = None) -> None:
        self.url = url
        self.token = token
        self.ws: ClientConnection | None = None
        self.received: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.next_seq = 1
        self.state: dict[str, Any] | None = None

    async def __aenter__(self) -> Client:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def connect(self, hello: bool = True) -> None:
        self.ws = await connect(self.url, max_size=2**22)
        if hello:
            await self.send({"type": "hello", "token": self.token})
            w = await self.recv()
            assert w["type"] == "welcome", w
            st = await self.recv_state()
            if st["ack"] is not None:  # a seat resumes numbering after its last accepted action
                self.next_seq = max(self.next_seq, st["ack"] + 1)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
            self.ws = None

    async def send(self, msg: Any) -> None:
        assert self.ws is not None
        await self.ws.send(msg if isinstance(msg, (str, bytes)) else json.dumps(msg))

    async def recv(self, timeout: float = 20) -> dict[str, Any]:
        assert self.ws is not None
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        assert isinstance(text, str)
        self.raw.append(text)
        msg: dict[str, Any] = json.loads(text)
        self.received.append(msg)
        if msg["type"] == "state":
            self.state = msg
        return msg

    async def recv_state(self, min_seq: int = 0, timeout: float = 20) -> dict[str, Any]:
        """The next state message with seq >= min_seq (errors and older states are skipped)."""
        while True:
            m = await self.recv(timeout)
            if m["type"] == "state" and m["seq"] >= min_seq:
                return m

    async def recv_type(self, kind: str, timeout: float = 20) -> dict[str, Any]:
        while True:
            m = await self.recv(timeout)
            if m["type"] == kind:
                return m

    async def act(self, action: int | str, seq: int | None = None, **extra: Any) -> int:
        """Send an action with the next client sequence number (or ``seq``); returns the number used."""
        if seq is None:
            seq = self.next_seq
            self.next_seq += 1
        await self.send({"type": "action", "seq": seq, "action": action, **extra})
        return seq
