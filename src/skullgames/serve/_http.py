"""The HTTP side of the server: routes, request bodies, JSON answers and error statuses."""

from __future__ import annotations

import ipaddress
import json
import re
import sys
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import parse_qs, urlsplit

from skullgames.serve._tables import ApiError, Tables

__all__ = ["MAX_BODY", "TableServer"]

MAX_BODY = 1_000_000
"""The largest request body the server reads, in bytes (a saved game is far smaller)."""

_GAME = re.compile(r"/api/games/([A-Za-z0-9_-]{1,64})(/moves|/bots|/save)?")


class TableServer(ThreadingHTTPServer):
    """A threading HTTP server that holds the :class:`Tables` its handlers use."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], tables: Tables, *, quiet: bool = False) -> None:
        self.tables = tables
        self.quiet = quiet
        super().__init__(address, _Handler)
        host = self.server_address[0]
        self.host = bytes(host).decode() if isinstance(host, (bytes, bytearray)) else host
        self.port: int = self.server_address[1]
        self.allowed_hosts = _loopback_names(self.host, self.port)

    @property
    def url(self) -> str:
        """The address to open in a browser."""
        shown = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{shown}:{self.port}/"


class _Handler(BaseHTTPRequestHandler):
    server: TableServer
    server_version = "skullgames"
    timeout = 60  # seconds a connection may stay silent
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        self._answer(self._get)

    def do_POST(self) -> None:
        self._answer(self._post)

    def do_PUT(self) -> None:
        self._answer(self._refuse)

    do_DELETE = do_PATCH = do_PUT

    def log_message(self, format: str, *args: Any) -> None:
        if not self.server.quiet:
            sys.stderr.write(f"{self.address_string()} {format % args}\n")

    # -- routes ------------------------------------------------------------------------

    def _get(self) -> tuple[int, Any]:
        url = urlsplit(self.path)
        tables = self.server.tables
        if url.path in ("/", "/index.html"):
            return 200, _page()
        if url.path == "/api":
            return 200, tables.info()
        found = _GAME.fullmatch(url.path)
        if found and found.group(2) in (None, "/save"):
            seat = _seat_query(url.query)
            if found.group(2) == "/save":
                return 200, tables.save(found.group(1), seat)
            return 200, tables.view(found.group(1), seat)
        if found or url.path in ("/api/games", "/api/games/load"):
            raise ApiError(405, f"{url.path} takes POST")
        raise ApiError(404, f"nothing at {url.path}")

    def _post(self) -> tuple[int, Any]:
        url = urlsplit(self.path)
        tables = self.server.tables
        if url.path == "/api/games":
            return 201, tables.new(self._body())
        if url.path == "/api/games/load":
            return 201, tables.load(self._body())
        found = _GAME.fullmatch(url.path)
        if found and found.group(2) == "/moves":
            return 200, tables.move(found.group(1), self._body())
        if found and found.group(2) == "/bots":
            return 200, tables.bots(found.group(1), self._body())
        if found or url.path in ("/", "/api"):
            raise ApiError(405, f"{url.path} takes GET")
        raise ApiError(404, f"nothing at {url.path}")

    # -- plumbing ----------------------------------------------------------------------

    def _body(self) -> dict[str, Any]:
        length_text = self.headers.get("Content-Length")
        if self.headers.get("Transfer-Encoding") or length_text is None:
            self.close_connection = True
            raise ApiError(411, "send the body with a Content-Length")
        try:
            length = int(length_text)
        except ValueError:
            length = -1
        if length < 0:
            self.close_connection = True
            raise ApiError(400, f"bad Content-Length {length_text!r}")
        if length > MAX_BODY:
            self.close_connection = True  # the body is never read
            raise ApiError(413, f"the body is {length} bytes; the limit is {MAX_BODY}")
        raw = self.rfile.read(length)
        try:
            body = json.loads(raw.decode("utf-8")) if raw.strip() else {}
        except (UnicodeDecodeError, ValueError):
            raise ApiError(400, "the body is not JSON") from None
        if not isinstance(body, dict):
            raise ApiError(400, "the body is a JSON object")
        return body

    def _refuse(self) -> tuple[int, Any]:
        raise ApiError(405, "use GET or POST")

    def _answer(self, route: Callable[[], tuple[int, Any]]) -> None:
        try:
            allowed = self.server.allowed_hosts
            if allowed is not None and self.headers.get("Host", "").lower() not in allowed:
                # A web page elsewhere that renames itself to 127.0.0.1 (DNS rebinding)
                # must not reach a server that listens on this machine only.
                raise ApiError(403, "this server answers only to its own address: "
                                    + ", ".join(sorted(allowed)))
            status, payload = route()
        except ApiError as error:
            status, payload = error.status, {"error": error.message, "status": error.status}
        except Exception as error:  # never a traceback to the client
            self.log_error("internal error: %r", error)
            status, payload = 500, {"error": "internal error", "status": 500}
        if isinstance(payload, bytes):
            self._send(status, payload, "text/html; charset=utf-8")
        else:
            self._send(status, json.dumps(payload).encode("utf-8"), "application/json")

    def _send(self, status: int, data: bytes, content_type: str) -> None:
        self.send_response(status, HTTPStatus(status).phrase)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)


def _loopback_names(host: str, port: int) -> frozenset[str] | None:
    """The Host headers a server on this machine only accepts.

    ``None`` when it listens on the network: whoever runs it so chose any name.
    """
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = host == "localhost"
    if not loopback:
        return None
    return frozenset(f"{name}:{port}" for name in ("127.0.0.1", "localhost", "[::1]", host))


def _seat_query(query: str) -> int | str | None:
    values = parse_qs(query).get("seat")
    if not values:
        return None
    text = values[0]
    return int(text) if text.isdigit() and len(text) < 4 else text


def _page() -> bytes:
    return resources.files(__package__ or __name__).joinpath("index.html").read_bytes()
