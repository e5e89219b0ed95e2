"""The HTTP side of the server: routes, request checks, JSON answers and error statuses."""

from __future__ import annotations

import contextlib
import io
import ipaddress
import json
import re
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from skullgames.errors import ConfigError
from skullgames.serve._store import StoreError
from skullgames.serve._tables import MAX_WAIT, ApiError, Tables

__all__ = ["HEADER_TIMEOUT", "MAX_BODY", "MAX_CONNECTIONS", "MAX_DEPTH", "READ_TIMEOUT",
           "TableServer", "client_key"]

MAX_BODY = 1_000_000
"""The largest request body the server reads, in bytes (a saved game is far smaller)."""
MAX_DEPTH = 32
"""The deepest a request body's JSON may nest (a load request with a saved game needs 5)."""
MAX_CONNECTIONS = 128
"""Connections the server keeps open at once; one more is answered 503 with
``Retry-After`` and closed (each open connection holds a thread and a file). Fewer when
the process's limit of open files is under 192: 64 files are kept back."""
READ_TIMEOUT = 20.0
"""Seconds a request may take to arrive, its headers or its body (408, or a close, beyond):
a client that stalls cannot hold a connection."""
HEADER_TIMEOUT = 10.0
"""Seconds a request's line and headers may take in all, from the moment the connection
is ready for them (an idle keep-alive connection included); the connection is closed
beyond. A client that sends a byte now and then cannot hold a connection either."""
_RETRY_AFTER = 5  # seconds, in the 503 of a full server
_MAX_REFUSING = 32  # threads answering 503 at once; beyond, a connection is just closed
_DRAIN = 8 * MAX_BODY  # an oversized body up to this size is read (and dropped) before the 413

_GAME = re.compile(r"/api/games/([A-Za-z0-9_-]{1,64})(/moves|/save|/rematch|/hint|/review)?")
_LENGTH = re.compile(r"[0-9]{1,15}")
_NUMBER = re.compile(r"[0-9]{1,9}")
_JSON_TYPE = re.compile(r"application/json\s*(;\s*charset\s*=\s*\"?utf-8\"?\s*)?", re.IGNORECASE)


class TableServer(ThreadingHTTPServer):
    """A threading HTTP server that holds the :class:`Tables` its handlers use.

    ``address`` is ``(host, port)``: an IPv4 or IPv6 address or a host name, and a port
    0 to 65535 (0 picks a free one); anything else is a
    :class:`~skullgames.ConfigError`. ``trusted_proxies`` are the addresses of proxies
    whose ``X-Forwarded-For`` names the client; ``max_connections``, ``read_timeout`` and
    ``header_timeout`` (:data:`MAX_CONNECTIONS`, :data:`READ_TIMEOUT`,
    :data:`HEADER_TIMEOUT`) bound what a client can hold.

    The connections are shared fairly: when the server is full, a new connection from a
    client that holds fewer than another client's connections but one closes one of
    that other client's connections still waiting for their request (the oldest), and is
    served; otherwise it is answered 503. A client is its address (:func:`client_key`),
    or once a request's headers have arrived from a trusted proxy, the client its
    ``X-Forwarded-For`` names.
    """

    daemon_threads = True
    request_queue_size = 128  # the listen backlog: 64 clients at once and then some

    def __init__(self, address: tuple[str, int], tables: Tables, *, quiet: bool = False,
                 trusted_proxies: Iterable[str] = (),
                 max_connections: int = MAX_CONNECTIONS,
                 read_timeout: float = READ_TIMEOUT,
                 header_timeout: float = HEADER_TIMEOUT) -> None:
        host, port = address
        if type(port) is not int or not 0 <= port <= 65535:
            raise ConfigError(f"port: 0 to 65535, not {port!r}")
        if not isinstance(host, str) or not host:
            raise ConfigError(f"host: an address or a name, not {host!r}")
        try:
            found = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM)
        except (OSError, UnicodeError) as error:
            raise ConfigError(f"host: cannot listen on {host!r} ({error})") from None
        self.address_family = found[0][0]
        self.tables = tables
        self.quiet = quiet
        self.trusted_proxies = frozenset(_proxy(p) for p in trusted_proxies)
        if type(max_connections) is not int or max_connections < 1:
            raise ConfigError(f"max_connections: at least 1, not {max_connections!r}")
        self.max_connections = min(max_connections, _files_left())
        self.read_timeout = read_timeout
        if not isinstance(header_timeout, (int, float)) or not header_timeout > 0:
            raise ConfigError(f"header_timeout: seconds above 0, not {header_timeout!r}")
        self.header_timeout = float(header_timeout)
        self.open_connections = 0
        self._refusing = 0
        self._count = threading.Lock()
        self._held: dict[socket.socket, _Held] = {}  # the open connections, by socket
        try:
            super().__init__((host.strip("[]"), port), _Handler)
        except OSError as error:
            raise ConfigError(f"cannot listen on {host} port {port}: {error.strerror or error}"
                              ) from None
        self.host: str = str(self.server_address[0])
        self.port: int = int(self.server_address[1])
        self.allowed_hosts = _loopback_names(self.host, self.port)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Print a handler's error, as the standard library does, unless the client hung up.

        A browser that closes a tab or a client that gives up before its answer is written
        breaks the connection (``BrokenPipeError``, ``ConnectionResetError``): that is no
        fault of the server, and a traceback for it would hide the ones that are.
        """
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)

    def server_close(self) -> None:
        """Stop listening, and close the store of the tables."""
        super().server_close()
        self.tables.store.close()

    def process_request(self, request: Any, client_address: Any) -> None:
        """Serve the connection in its own thread, or answer 503 if the server is full.

        A full server makes room for a client below its fair share (see the class).
        """
        key = client_key(_proxy_or_none(str(client_address[0])) or str(client_address[0]))
        with self._count:
            full = (self.open_connections >= self.max_connections
                    and not self._make_room(key))
            refuse = full and self._refusing < _MAX_REFUSING
            if not full:
                self.open_connections += 1
                self._held[request] = _Held(key)
            elif refuse:
                self._refusing += 1
        if not full:
            super().process_request(request, client_address)
        elif refuse:
            threading.Thread(target=self._refuse, args=(request,), daemon=True).start()
        else:
            self.shutdown_request(request)

    def _make_room(self, key: str) -> bool:
        """Whether room was made for ``key`` (``_count`` held).

        The oldest connection still waiting for its request, of the client holding the
        most, is closed if ``key`` holds at least two fewer.
        """
        counts: dict[str, int] = {}
        for held in self._held.values():
            if not held.evicted:
                counts[held.key] = counts.get(held.key, 0) + 1
        waiting = [(request, held) for request, held in self._held.items()
                   if held.waiting and not held.evicted
                   and counts[held.key] >= counts.get(key, 0) + 2]
        if not waiting:
            return False
        most = max(counts[held.key] for _, held in waiting)
        request, held = min(((r, h) for r, h in waiting if counts[h.key] == most),
                            key=lambda found: found[1].since)
        held.evicted = True
        with contextlib.suppress(OSError):
            request.shutdown(socket.SHUT_RDWR)  # its thread reads the end, and closes
        return True

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            with self._count:
                self.open_connections -= 1
                self._held.pop(request, None)

    def held(self, request: socket.socket) -> _Held:
        """What the server knows of the open connection ``request``."""
        with self._count:
            return self._held.get(request) or _Held("")

    def _refuse(self, request: socket.socket) -> None:
        """Answer a connection over :data:`MAX_CONNECTIONS` with a 503, then close it."""
        body = json.dumps({"error": "the server is full: try again in a few seconds",
                           "status": 503}).encode()
        head = ("HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\nRetry-After: {_RETRY_AFTER}\r\n"
                "Cache-Control: no-store\r\nConnection: close\r\n\r\n").encode()
        try:
            request.settimeout(1.0)
            request.sendall(head + body)
            request.shutdown(socket.SHUT_WR)
            deadline = time.monotonic() + 1.0  # read what the client sent, so that closing
            while time.monotonic() < deadline and request.recv(65536):  # sends no reset
                pass
        except OSError:
            pass
        finally:
            request.close()
            with self._count:
                self._refusing -= 1

    @property
    def url(self) -> str:
        """The address to open in a browser."""
        shown = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{shown}:{self.port}/"


class _Held:
    """One open connection, as the fair share sees it.

    Whose it is (a :func:`client_key`), whether it waits for a request's line and headers
    (and since when), and whether it was closed to make room.
    """

    def __init__(self, key: str) -> None:
        self.key = key
        self.waiting = True
        self.since = time.monotonic()
        self.evicted = False


class _DeadlineReader(io.RawIOBase):
    """The connection's bytes, read by a deadline while ``deadline`` is set.

    Beyond it a read is a ``TimeoutError``, however slowly the bytes trickle in.
    """

    def __init__(self, connection: socket.socket, read_timeout: float) -> None:
        self.connection = connection
        self.read_timeout = read_timeout
        self.deadline: float | None = None

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self.deadline is not None:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the request's line and headers came too slowly")
            self.connection.settimeout(min(left, self.read_timeout))
        try:
            return self.connection.recv_into(buffer)
        finally:
            if self.deadline is not None:
                self.connection.settimeout(self.read_timeout)


class _Handler(BaseHTTPRequestHandler):
    server: TableServer
    server_version = "skullgames"
    timeout = READ_TIMEOUT  # seconds a connection may stay silent (setup: the server's own)
    _retry_after: int | None = None  # the Retry-After of the refusal being sent
    protocol_version = "HTTP/1.1"
    default_request_version = "HTTP/1.1"  # even a garbled request line gets headers and JSON

    def setup(self) -> None:
        super().setup()
        self.connection.settimeout(self.server.read_timeout)
        self._reader = _DeadlineReader(self.connection, self.server.read_timeout)
        self.rfile = io.BufferedReader(self._reader)
        self._held = self.server.held(self.connection)
        self._body_read = False

    def handle_one_request(self) -> None:
        """One request, its line and headers within :data:`HEADER_TIMEOUT` in all."""
        self._held.waiting, self._held.since = True, time.monotonic()
        self._reader.deadline = self._held.since + self.server.header_timeout
        try:
            super().handle_one_request()
        except OSError:  # closed to make room, or by the client
            self.close_connection = True
        finally:
            self._reader.deadline = None

    def do_GET(self) -> None:
        self._answer(self._get)

    def do_HEAD(self) -> None:
        self._answer(self._get)

    def do_POST(self) -> None:
        self._answer(self._post)

    def do_PUT(self) -> None:
        self._answer(self._refuse)

    do_DELETE = do_PATCH = do_OPTIONS = do_PUT

    def log_message(self, format: str, *args: Any) -> None:
        if not self.server.quiet:
            sys.stderr.write(f"{self.address_string()} {format % args}\n")

    def parse_request(self) -> bool:
        """The standard library's reading of the request line and headers; HTTP/1.x only.

        Once they are in, the connection is busy (no longer closed to make room), and
        counts for its client (behind a trusted proxy, the one it names).
        """
        parsed = super().parse_request()
        self._reader.deadline = None
        self._body_read = False
        if not parsed:
            return False
        if self.request_version not in ("HTTP/1.0", "HTTP/1.1"):
            self.send_error(400, "use HTTP/1.1")
            return False
        if self._held.evicted:
            self.close_connection = True
            return False
        with self.server._count:
            self._held.waiting = False
            with contextlib.suppress(ApiError):  # the route answers a bad X-Forwarded-For
                self._held.key = client_key(self._client())
        return True

    def send_error(self, code: int, message: str | None = None,
                   explain: str | None = None) -> None:
        """The standard library's own refusals (a bad request line, too many headers), as JSON.

        Each is the client's doing, so a 4xx: an unknown method is a 405, an HTTP version
        other than 1.x a 400.
        """
        code = {501: 405, 505: 400}.get(code, code)
        if getattr(self, "request_version", None) not in ("HTTP/1.0", "HTTP/1.1"):
            self.request_version = "HTTP/1.1"  # a status line and headers, even then
        self.close_connection = True
        self._send_json(code, {"error": message or HTTPStatus(code).phrase, "status": code})

    # -- routes ------------------------------------------------------------------------

    def _get(self) -> tuple[int, Any]:
        url = urlsplit(self.path)
        tables = self.server.tables
        if url.path in ("/", "/index.html"):
            return 200, _asset("index.html")
        if url.path == "/favicon.ico":
            return 200, _asset("favicon.svg")
        if url.path == "/api":
            return 200, tables.info()
        found = _GAME.fullmatch(url.path)
        if found and found.group(2) == "/save":
            return 200, tables.save(found.group(1), self._token())
        if found and found.group(2) == "/hint":
            return 200, tables.hint(found.group(1), self._token())
        if found and found.group(2) == "/review":
            return 200, tables.review(found.group(1), self._token())
        if found and found.group(2) is None:
            query = _query(url.query, ("since", "wait"))
            wait = min(query.get("wait", 0), MAX_WAIT)
            if self.command == "HEAD":
                wait = 0
            return 200, tables.view(found.group(1), self._token(), query.get("since", 0),
                                    wait)
        if found or url.path in ("/api/games", "/api/games/load"):
            raise ApiError(405, f"{url.path} takes POST")
        raise ApiError(404, f"nothing at {_shown(url.path)}")

    def _post(self) -> tuple[int, Any]:
        url = urlsplit(self.path)
        tables = self.server.tables
        client = client_key(self._client())
        if url.path == "/api/games":
            return 201, tables.new(self._body(), client)
        if url.path == "/api/games/load":
            return 201, tables.load(self._body(), client)
        found = _GAME.fullmatch(url.path)
        if found and found.group(2) == "/moves":
            return 200, tables.move(found.group(1), self._token(), self._body())
        if found and found.group(2) == "/rematch":
            return 201, tables.rematch(found.group(1), self._token(), self._body(), client)
        if found or url.path in ("/", "/api", "/favicon.ico"):
            raise ApiError(405, f"{url.path} takes GET")
        raise ApiError(404, f"nothing at {_shown(url.path)}")

    # -- checks ------------------------------------------------------------------------

    def _check_headers(self) -> None:
        for name in ("Host", "Content-Length", "Content-Type", "Origin", "Authorization",
                     "Transfer-Encoding"):
            if len(self.headers.get_all(name, [])) > 1:
                self.close_connection = True
                raise ApiError(400, f"more than one {name} header")
        allowed = self.server.allowed_hosts
        if allowed is not None and self.headers.get("Host", "").lower() not in allowed:
            # A web page elsewhere that renames itself to 127.0.0.1 (DNS rebinding)
            # must not reach a server that listens on this machine only.
            raise ApiError(403, "this server answers only to its own address: "
                                + ", ".join(sorted(allowed)))
        if self.command != "POST":
            return
        # A state-changing request comes from this server's own page (or from a program,
        # which sends no Origin): a page elsewhere cannot start, end or play a game.
        origin = self.headers.get("Origin")
        if origin is not None and origin.lower() != self._own_origin().lower():
            raise ApiError(403, f"a request from another site ({_shown(origin)}) may not "
                                "change a table")
        if self.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
            raise ApiError(403, "a request from another site may not change a table")

    def _own_origin(self) -> str:
        """The origin of this server's own page, as the browser names it.

        ``http://`` and the ``Host``; behind a trusted proxy (a TLS one, say), the scheme
        and the name the browser used, from the proxy's ``X-Forwarded-Proto`` and
        ``X-Forwarded-Host`` (the first of each).
        """
        host = self.headers.get("Host", "")
        scheme = "http"
        if _proxy_or_none(str(self.client_address[0])) in self.server.trusted_proxies:
            forwarded_host = self.headers.get("X-Forwarded-Host")
            forwarded_proto = self.headers.get("X-Forwarded-Proto")
            if forwarded_host:
                host = forwarded_host.split(",")[0].strip()
            if forwarded_proto:
                scheme = forwarded_proto.split(",")[0].strip()
        return f"{scheme}://{host}"

    def _client(self) -> str:
        """The client's address: the peer's, or the one a trusted proxy forwarded."""
        peer = _proxy(str(self.client_address[0]))
        if peer not in self.server.trusted_proxies:
            return peer
        forwarded = self.headers.get_all("X-Forwarded-For", [])
        hops = [hop.strip() for line in forwarded for hop in line.split(",")]
        for hop in reversed(hops):  # the proxy appends the address it saw: read from the end
            try:
                address = _proxy(hop)
            except ConfigError:
                raise ApiError(400, f"X-Forwarded-For: not an address: {_shown(hop)}") from None
            if address not in self.server.trusted_proxies:
                return address
        return peer

    def _token(self) -> str | None:
        text = self.headers.get("Authorization")
        if text is None:
            return None
        scheme, _, token = text.partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not re.fullmatch(r"[A-Za-z0-9_-]{1,100}", token):
            raise ApiError(401, "Authorization: Bearer <token>, the token of your join link")
        return token

    def _body(self) -> dict[str, Any]:
        self._body_read = True
        kind = self.headers.get("Content-Type")
        if self.headers.get("Transfer-Encoding") is not None:
            self.close_connection = True
            raise ApiError(411, "send the body with a Content-Length, not a Transfer-Encoding")
        length_text = self.headers.get("Content-Length")
        if length_text is None:
            self.close_connection = True
            raise ApiError(411, "send the body with a Content-Length")
        if not _LENGTH.fullmatch(length_text):
            self.close_connection = True
            raise ApiError(400, f"bad Content-Length {_shown(length_text)}: digits only")
        length = int(length_text)
        if length > MAX_BODY:
            self.close_connection = True
            self._drain(length)
            raise ApiError(413, f"the body is {length} bytes; the limit is {MAX_BODY}")
        raw = self._read(length)
        if len(raw) < length:
            self.close_connection = True
            raise ApiError(400, f"the body ended after {len(raw)} of {length} bytes")
        if kind is None or not _JSON_TYPE.fullmatch(kind.strip()):
            raise ApiError(415, "send the body as Content-Type: application/json, not "
                                f"{_shown(kind)}")
        try:
            body = json.loads(raw.decode("utf-8")) if raw.strip() else {}
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise ApiError(400, "the body is not JSON") from None
        if _depth(body) > MAX_DEPTH:
            raise ApiError(400, f"the body nests more than {MAX_DEPTH} deep")
        if not isinstance(body, dict):
            raise ApiError(400, "the body is a JSON object")
        return body

    def _read(self, length: int) -> bytes:
        """The body's ``length`` bytes (fewer if it ends), all within the read timeout.

        A body that stalls (or trickles) past :data:`READ_TIMEOUT` is a 408.
        """
        deadline = time.monotonic() + self.server.read_timeout
        parts: list[bytes] = []
        left = length
        try:
            while left > 0:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise TimeoutError
                self.connection.settimeout(remaining)
                chunk = self.rfile.read1(min(left, 65536))
                if not chunk:
                    break
                parts.append(chunk)
                left -= len(chunk)
        except TimeoutError:
            self.close_connection = True
            raise ApiError(408, f"the body did not arrive within "
                                f"{self.server.read_timeout:g} seconds") from None
        finally:
            self.connection.settimeout(self.server.read_timeout)
        return b"".join(parts)

    def _drain(self, length: int) -> None:
        """Read (and drop) a body too big to keep, so the client reads the 413."""
        left = min(length, _DRAIN)
        try:
            while left > 0:
                chunk = self.rfile.read(min(left, 65536))
                if not chunk:
                    return
                left -= len(chunk)
        except OSError:
            return

    def _refuse(self) -> tuple[int, Any]:
        raise ApiError(405, "use GET, HEAD or POST")

    # -- answers -----------------------------------------------------------------------

    def _answer(self, route: Callable[[], tuple[int, Any]]) -> None:
        try:
            self._check_headers()
            status, payload = route()
        except ApiError as error:
            status, payload = error.status, {"error": error.message, "status": error.status}
            self._retry_after = error.retry_after
        except StoreError:
            status, payload = 503, {"error": "the tables' database is busy: try again",
                                    "status": 503}
            self._retry_after = _RETRY_AFTER
        except Exception as error:  # never a traceback to the client
            self.log_error("internal error: %r", error)
            status, payload = 500, {"error": "internal error", "status": 500}
        if not self._body_read:
            self._discard_body()
        if isinstance(payload, tuple):
            self._send(status, payload[1], payload[0])
        else:
            self._send_json(status, payload)

    def _discard_body(self) -> None:
        """Read (and drop) a body the route did not read.

        So the connection's next request starts where this one's body ends; the
        connection is closed when it cannot.
        """
        length = self.headers.get("Content-Length")
        if self.headers.get("Transfer-Encoding") is not None or (
                length is not None and not _LENGTH.fullmatch(length)):
            self.close_connection = True
        elif length is not None and int(length) > 0:
            if int(length) > MAX_BODY:
                self.close_connection = True
                return
            try:
                if len(self._read(int(length))) < int(length):
                    self.close_connection = True
            except ApiError:
                self.close_connection = True

    def _send_json(self, status: int, payload: Any) -> None:
        self._send(status, json.dumps(payload).encode("utf-8"), "application/json")

    def _send(self, status: int, data: bytes, content_type: str) -> None:
        self.send_response(status, HTTPStatus(status).phrase)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        if status == 401:
            self.send_header("WWW-Authenticate", "Bearer")
        if self._retry_after is not None and status in (429, 503):
            self.send_header("Retry-After", str(self._retry_after))
            self._retry_after = None
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
    own = f"[{host}]" if ":" in host else host
    return frozenset(f"{name}:{port}" for name in ("127.0.0.1", "localhost", "[::1]", own))


def _files_left() -> int:
    """The connections the process's limit of open files leaves room for.

    64 files are kept back (the store, the log, the 503s); unbounded where there is no such
    limit.
    """
    try:
        import resource
    except ImportError:  # Windows
        return 1 << 30
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if soft == resource.RLIM_INFINITY:
        return 1 << 30
    return max(1, soft - 64)


def client_key(address: str) -> str:
    """Who a client is, for the limits: its IPv4 address, or its IPv6 /64 network.

    One IPv6 host usually holds a whole /64, so counting its addresses apart would let
    one machine take every table.
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _proxy(address: str) -> str:
    """An address as the server compares it (``::ffff:1.2.3.4`` is ``1.2.3.4``)."""
    try:
        ip = ipaddress.ip_address(address.strip().strip("[]"))
    except ValueError:
        raise ConfigError(f"not an IP address: {address!r}") from None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ip)


def _proxy_or_none(address: str) -> str | None:
    try:
        return _proxy(address)
    except ConfigError:
        return None


def _query(query: str, names: tuple[str, ...]) -> dict[str, int]:
    """The query's whole numbers by name; 400 for anything else."""
    found: dict[str, int] = {}
    for name, value in parse_qsl(query, keep_blank_values=True):
        if name not in names:
            raise ApiError(400, f"unknown query field {_shown(name)} (the fields are "
                                f"{', '.join(names)})")
        if name in found or not _NUMBER.fullmatch(value):
            raise ApiError(400, f"{name}: one whole number, not {_shown(value)}")
        found[name] = int(value)
    return found


def _depth(value: object) -> int:
    """How deep a JSON value nests (without recursion: the value may be deep)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if deepest > MAX_DEPTH:
            return deepest
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return deepest


def _shown(text: str | None) -> str:
    shown = repr(text)
    return shown if len(shown) <= 60 else shown[:57] + "..."


def _asset(name: str) -> tuple[str, bytes]:
    kind = "image/svg+xml" if name.endswith(".svg") else "text/html; charset=utf-8"
    return kind, resources.files(__package__ or __name__).joinpath(name).read_bytes()
