"""Raw HTTP for the server tests: what a well-behaved client library would never send, and the answer read
byte for byte."""

from __future__ import annotations

import json
import socket
from typing import Any

from parlour.server import messages

from .conftest import Server


def is_error(body: bytes, name: str) -> dict[str, Any]:
    """The documented error object (and nothing else) with this error class."""
    err = json.loads(body)
    messages.ErrorMsg.model_validate(err)
    assert err["error"] == name, err
    return dict(err)


class Raw:
    """One raw TCP connection to the server: what it sends and the one answer it reads."""

    def __init__(self, srv: Server, timeout: float = 10) -> None:
        self.sock = socket.create_connection(("127.0.0.1", srv.port), timeout=timeout)

    def send(self, data: bytes) -> bool:
        """Send; False once the server has closed the connection."""
        try:
            self.sock.sendall(data)
            return True
        except OSError:
            return False

    def answer(self) -> tuple[int, dict[str, str], bytes]:
        """Status, headers and body of the server's answer (read until it closes or the length is there)."""
        buf = b""
        while b"\r\n\r\n" not in buf:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError(f"closed without an answer after {buf!r}")
            buf += chunk
        head, _, body = buf.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {k.strip().lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:])}
        n = int(headers.get("content-length", "0"))
        while len(body) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                break
            body += chunk
        return status, headers, body

    def closed(self) -> bool:
        """Whether the server closed the connection (after its answer)."""
        try:
            self.sock.settimeout(5)
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    return True
        except (ConnectionResetError, BrokenPipeError):
            return True
        except TimeoutError:
            return False

    def close(self) -> None:
        self.sock.close()


def request(srv: Server, head: bytes, body: bytes = b"") -> tuple[int, dict[str, str], bytes]:
    r = Raw(srv)
    try:
        r.send(head + body)
        return r.answer()
    finally:
        r.close()


def post_head(path: str, length: int | None = None, extra: bytes = b"") -> bytes:
    size = b"Transfer-Encoding: chunked\r\n" if length is None else b"Content-Length: %d\r\n" % length
    return b"POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n%s%s\r\n" % (
        path.encode(),
        size,
        extra,
    )
