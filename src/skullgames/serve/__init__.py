"""``skullgames serve``: a table in the browser, and the JSON API behind it.

A small server on the standard library's :class:`~http.server.ThreadingHTTPServer`. It
holds games of either game, each with a person in one seat and bots in the others, and
serves one static page (``index.html``: no build step, no external assets) that plays a
whole game through the JSON API below. The page is the reference client of that API;
``docs/guides/ui-server.md`` walks through it.

=======  ==============================  ===============================================
Method   Path                            What it does
=======  ==============================  ===============================================
GET      ``/``                           the page
GET      ``/api``                        the games, their bots, the defaults of a new game
POST     ``/api/games``                  start a game: ``{"game", "seed", "config",
                                         "seat", "bots"}``, all optional; 201 and a view
GET      ``/api/games/ID?seat=N``        the view of seat ``N`` (only the person's seat)
POST     ``/api/games/ID/moves``         ``{"seat": N, "move": "bid 2"}`` (or the move's
                                         JSON); the events and the new view
POST     ``/api/games/ID/bots``          ``{"seat": N}``: the bots move until it is seat
                                         ``N``'s turn again; the events and the view
GET      ``/api/games/ID/save?seat=N``   the saved game (``skullgames.to_json`` of the
                                         state)
POST     ``/api/games/load``             ``{"saved": <saved game>, "seat", "bots"}``: a
                                         new table from a saved game; 201 and a view
=======  ==============================  ===============================================

Errors are JSON, ``{"error": "<the library's message>", "status": N}``: 400 for a body
that is no JSON or a field that is wrong, 403 for another seat than yours (or, on a
server that listens on this machine only, a ``Host`` header naming another address),
404 for an unknown game id or path, 405 for a wrong method, 409 for a move that is
illegal or out of turn, 411 without a ``Content-Length``, 413 for a body over
:data:`MAX_BODY` bytes.

>>> import json, threading, urllib.request
>>> from skullgames.serve import make_server
>>> server = make_server("king", port=0, quiet=True)      # port 0: any free port
>>> threading.Thread(target=server.serve_forever, daemon=True).start()
>>> request = urllib.request.Request(server.url + "api/games", method="POST",
...                                  data=json.dumps({"seed": 7}).encode())
>>> with urllib.request.urlopen(request) as answer:
...     view = json.load(answer)
>>> view["game"], view["seat"], view["to_move"], view["legal_moves"]
('king', 0, 1, [])
>>> server.shutdown(); server.server_close()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skullgames.registry import DEFAULT_GAME
from skullgames.serve._http import MAX_BODY, TableServer
from skullgames.serve._tables import MAX_TABLES, ApiError, Tables

__all__ = ["MAX_BODY", "MAX_TABLES", "ApiError", "TableServer", "Tables", "make_server"]


def make_server(game: str = DEFAULT_GAME, config: Any = None, *, host: str = "127.0.0.1",
                port: int = 8000, bots: Sequence[str] = ("greedy",), seat: int = 0,
                quiet: bool = False) -> TableServer:
    """A server, bound and ready for ``serve_forever()``; ``server.url`` is its address.

    ``game`` (``"king"`` or ``"queen"``), ``config``, ``bots`` (by seat, repeated to fill
    the table) and ``seat`` (the person's) are the defaults of a new game; a request may
    choose others. It listens on ``host`` (only this machine by default) and ``port``
    (``0`` picks a free one). ``quiet`` silences the request log.
    """
    return TableServer((host, port), Tables(game, config, bots=bots, seat=seat), quiet=quiet)
