"""``skullgames serve``: a table in the browser for people and bots, and the JSON API behind it.

A small server on the standard library's :class:`~http.server.ThreadingHTTPServer`. It
holds tables of either game, each seat played by a person or a bot, and serves one static
page (``index.html``: no build step, no external assets) that plays a whole game through
the JSON API below. The page is the reference client of that API;
``docs/guides/ui-server.md`` walks through it.

Each person's seat has a join link with a token (``secrets.token_urlsafe``) that only the
table's creator receives. A request sends it as ``Authorization: Bearer TOKEN``; it sees
that seat's view only and may move for that seat only. A view holds what the game's
``observe`` gives that seat, and the moves since the last view as the game's
``observe_move`` shows them to that seat (a bid not yet revealed reads
``"bid (hidden)"``); the seed is in it once the game is over. A table's seed is 128 bits
from ``secrets`` unless its creator chose one: the seed gives every hand, so a seat that
could guess it from its own cards could see the others'.

Tables are kept in a :class:`TableStore`: ``skullgames serve`` uses an SQLite file
(:class:`SqliteStore`, ``--db``; :func:`default_db_path` by default), :func:`make_server`
memory unless given ``db`` or ``store``. A table is written when it is made and after
every accepted move, before the answer; a server started on the same file again (even
after a ``SIGKILL``) has every table at its last answered move, and every join link
works. A store keeps a hash of each join token, never the token.

=======  ==============================  ===============================================
Method   Path                            What it does
=======  ==============================  ===============================================
GET      ``/``                           the page (``/#table=ID&token=T`` joins a seat)
GET      ``/api``                        the games, their bots, the defaults of a table
POST     ``/api/games``                  start a table: ``{"game", "seed", "config",
                                         "seats"}``, all optional (``seats``: ``"human"``
                                         or a bot name per seat); 201 and the table, with
                                         a join link per person
GET      ``/api/games/ID``               ``?since=N&wait=S``: the seat's view and the
                                         events from the ``N``-th move; ``wait`` (up to
                                         30 seconds) waits for a new move first (in a
                                         finished game, for its rematch); ``rematch``:
                                         the rematch's table and this seat's own link
POST     ``/api/games/ID/moves``         ``{"move": "bid 2", "since": N}`` (or the move's
                                         JSON); the bots move until a person's turn;
                                         the view and the events
GET      ``/api/games/ID/save``          the saved game (``skullgames.to_json`` of the
                                         state), once the game is over
POST     ``/api/games/ID/rematch``       ``{}``, once the game is over: its rematch (the
                                         same game, options and seats, a new deal),
                                         made once; each person keeps their token; 201
                                         and the table with the asking seat's link only
POST     ``/api/games/load``             ``{"saved": <saved game>, "seats", "hints"}``:
                                         a new table from a saved game; 201 and the table
GET      ``/api/games/ID/hint``          at the seat's turn: what the expert would play
                                         (``best``) and each move's value (``moves``,
                                         best first), from the seat's observation only
GET      ``/api/games/ID/review``        once the game is over: the seat's decisions,
                                         costliest first, each with its loss and the
                                         table as the seat saw it (``svg``)
=======  ==============================  ===============================================

A seat alone with bots may ask for hints; at a table with other people, only if the table
was made with hints on (``"hints": true`` in ``POST /api/games``, or ``skullgames serve
--hints`` for every new table), which is stored with the table. A hint is the game's
``expert`` valuing the legal moves in :data:`HINT_WORLDS` worlds; a review is
:func:`skullgames.review` of the asking seat alone, :data:`REVIEW_WORLDS` worlds a
decision. Each is computed in its request's thread, outside the table's lock, at most
:data:`MAX_ADVISING` at once (one waits :data:`ADVICE_WAIT` seconds at most for its turn,
then 503), and kept: a review per table and seat, a hint per table, seat and move.

Every document it sends has a JSON Schema: ``skullgames schema serve-view`` (and
``serve-event``, ``serve-table``, ``serve-join``, ``serve-error``, ``serve-index``,
``serve-hint``, ``serve-review``).

Errors are JSON, ``{"error": "<the library's message>", "status": N}``: 400 for a body that
is no JSON, nests too deep or has a wrong field, a bad ``Content-Length`` or a repeated
header; 401 without a seat's token; 403 for a token of no seat, a hint where hints are off,
a request from another site (an ``Origin`` other than the server's), or, on a server that
listens on this machine only, a ``Host`` header naming another address; 404 for an unknown
game id or path; 405 for a wrong method; 409 for a move that is illegal or out of turn, a
hint out of turn, a save or a review before the end; 411 without a ``Content-Length``; 413
for a body over :data:`MAX_BODY` bytes; 415 for a body that is not ``application/json``;
429 when a client or the server holds too many games in progress (:data:`PER_CLIENT`,
:data:`MAX_TABLES`), made too many tables this minute (:data:`PER_CLIENT_PER_MINUTE`,
:data:`NEW_PER_MINUTE`) or waits in too many requests (:data:`PER_TOKEN_WAITS`,
:data:`PER_TABLE_WAITS`, :data:`MAX_WAITS`); 408 for a body that does not arrive within
:data:`READ_TIMEOUT` seconds (a request line and headers not all in within
:data:`HEADER_TIMEOUT` seconds close the connection); 503 beyond :data:`MAX_CONNECTIONS`
open connections for a client holding its fair share, or when the store cannot write (a
file another program locks is waited for :data:`BUSY_SECONDS` at most). A table has at most
:data:`MAX_ROUNDS` rounds. One server per SQLite file: a second one on a file in use is
refused (:class:`SqliteStore`). A 429 or a 503 says when to try again (``Retry-After``). A
client is its address (an IPv6 /64), or, for a request from a ``trusted_proxies`` address,
the last address its ``X-Forwarded-For`` names. A game in progress is dropped only to make
room, and only once abandoned (no move and no view for :data:`IDLE_SECONDS`, or no person's
move yet and untouched for :data:`UNSTARTED_SECONDS`); a finished game stays (it can be
viewed and saved) until :data:`MAX_FINISHED` newer ones have finished.

>>> import json, threading, urllib.request
>>> from skullgames.serve import make_server
>>> server = make_server("king", port=0, quiet=True)      # port 0: any free port
>>> threading.Thread(target=server.serve_forever, daemon=True).start()
>>> def call(path, body=None, token=None):
...     request = urllib.request.Request(server.url + path, method="POST" if body else "GET",
...                                      data=body and json.dumps(body).encode())
...     request.add_header("Content-Type", "application/json")
...     if token:
...         request.add_header("Authorization", f"Bearer {token}")
...     with urllib.request.urlopen(request) as answer:
...         return json.load(answer)
>>> table = call("api/games", {"seed": 7, "config": {"players": 3},
...                        "seats": ["human", "greedy", "human"]})
>>> [join["seat"] for join in table["joins"]]
[0, 2]
>>> view = call(f"api/games/{table['id']}", token=table["joins"][1]["token"])
>>> view["seat"], view["to_move"], view["seed"], [e["move"] for e in view["events"]]
(2, 2, None, ['bid (hidden)'])
>>> server.shutdown(); server.server_close()
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from skullgames.plugins import GameConfig
from skullgames.registry import DEFAULT_GAME
from skullgames.serve._advice import ADVICE_WAIT, HINT_WORLDS, MAX_ADVISING, REVIEW_WORLDS
from skullgames.serve._http import (
    HEADER_TIMEOUT,
    MAX_BODY,
    MAX_CONNECTIONS,
    MAX_DEPTH,
    READ_TIMEOUT,
    TableServer,
)
from skullgames.serve._store import (
    BUSY_SECONDS,
    MemoryStore,
    SqliteStore,
    StoredTable,
    TableStore,
    default_db_path,
)
from skullgames.serve._tables import (
    HUMAN,
    IDLE_SECONDS,
    MAX_FINISHED,
    MAX_ROUNDS,
    MAX_TABLES,
    MAX_WAIT,
    MAX_WAITS,
    NEW_PER_MINUTE,
    PER_CLIENT,
    PER_CLIENT_PER_MINUTE,
    PER_TABLE_WAITS,
    PER_TOKEN_WAITS,
    UNSTARTED_SECONDS,
    ApiError,
    Tables,
)

__all__ = ["ADVICE_WAIT", "BUSY_SECONDS", "HEADER_TIMEOUT", "HINT_WORLDS", "HUMAN",
           "IDLE_SECONDS", "MAX_ADVISING", "MAX_BODY", "MAX_CONNECTIONS", "MAX_DEPTH",
           "MAX_FINISHED", "MAX_ROUNDS", "MAX_TABLES", "MAX_WAIT", "MAX_WAITS",
           "NEW_PER_MINUTE", "PER_CLIENT", "PER_CLIENT_PER_MINUTE", "PER_TABLE_WAITS",
           "PER_TOKEN_WAITS", "READ_TIMEOUT", "REVIEW_WORLDS", "UNSTARTED_SECONDS", "ApiError",
           "MemoryStore", "SqliteStore", "StoredTable", "TableServer", "TableStore", "Tables",
           "default_db_path", "make_server"]


def make_server(game: str = DEFAULT_GAME,
                config: GameConfig | Mapping[str, Any] | None = None, *,
                host: str = "127.0.0.1", port: int = 8000,
                bots: Sequence[str] | None = None, seat: int = 0,
                seats: Sequence[str] | None = None, hints: bool = False,
                db: str | os.PathLike[str] | None = None,
                store: TableStore | None = None, trusted_proxies: Iterable[str] = (),
                max_connections: int = MAX_CONNECTIONS, read_timeout: float = READ_TIMEOUT,
                header_timeout: float = HEADER_TIMEOUT, quiet: bool = False,
                **limits: Any) -> TableServer:
    """A server, bound and ready for ``serve_forever()``; ``server.url`` is its address.

    ``game`` (``"king"`` or ``"queen"``), ``config`` (a ``Config``, or a mapping of some
    options that a request's own ``config`` is read over), ``seats`` (``"human"`` or a bot,
    by seat) or ``bots`` (by seat, repeated to fill the table; the game's default bot if not
    given) and ``seat`` (the person's) make the default table; a request may choose others.
    ``hints`` turns the expert's hints on for a new table with other people (``skullgames
    serve --hints``; a request's ``hints`` chooses); a person alone with bots may always
    ask for them.
    The tables are kept in the SQLite file ``db``, or in ``store``, or else in memory. It
    listens on ``host`` (only this machine by default; ``"::1"`` for IPv6) and ``port``
    (``0`` picks a free one); a bad one is a :class:`~skullgames.ConfigError`.
    ``trusted_proxies``, ``max_connections``, ``read_timeout`` and ``header_timeout`` go to
    :class:`TableServer`; ``quiet`` silences the request log. ``limits`` go to
    :class:`Tables` (``max_tables``, ``per_client``, ``idle_seconds``, ...).
    """
    opened = None
    if store is None and db is not None:
        store = opened = SqliteStore(db)
    try:
        tables = Tables(game, config, bots=bots, seat=seat, seats=seats, store=store,
                        hints=hints, **limits)
        return TableServer((host, port), tables, quiet=quiet,
                           trusted_proxies=trusted_proxies, max_connections=max_connections,
                           read_timeout=read_timeout, header_timeout=header_timeout)
    except BaseException:
        if opened is not None:
            opened.close()  # and its lock: the file is free again
        raise
