"""The tables of a server: one game per table, people and bots in any mix of seats.

Everything here speaks plain JSON values (dicts, lists) and raises :class:`ApiError` with
an HTTP status; the HTTP layer (:mod:`skullgames.serve._http`) only moves bytes.

What a seat sees comes from the game alone: a view is the game's ``observe`` of the state
for that seat, and an event is the game's ``observe_move`` of the move for that seat, so
the server never decides what is hidden. The seed (which would give every hand) is in a
view only once the game is over; a table's seed is 128 bits from ``secrets`` unless its
creator chose one, so no seat can find it from its own cards.

Every table is kept in a :class:`~skullgames.serve.TableStore` (an SQLite file for
``skullgames serve``): written when it is made and after every accepted move, before the
answer, and loaded again (its moves replayed) when a server starts on the same store.
"""

from __future__ import annotations

import collections
import hashlib
import json
import random
import re
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from skullgames._checks import MAX_SAFE_INTEGER, MAX_SEED, SEED_BITS
from skullgames._json import dump_seed
from skullgames.errors import ConfigError, IllegalMoveError, SkullgamesError
from skullgames.registry import DEFAULT_GAME, GAMES, game_named
from skullgames.serialization import from_dict, to_dict, to_json
from skullgames.serve._advice import (
    ADVICE_WAIT,
    HINT_WORLDS,
    MAX_ADVISING,
    REVIEW_WORLDS,
    Advisor,
    Busy,
    hint_document,
    review_document,
)
from skullgames.serve._store import MemoryStore, StoredTable, TableStore
from skullgames.svg import table as draw_table

__all__ = ["HUMAN", "IDLE_SECONDS", "MAX_FINISHED", "MAX_ROUNDS", "MAX_TABLES", "MAX_WAIT",
           "MAX_WAITS", "NEW_PER_MINUTE", "PER_CLIENT", "PER_CLIENT_PER_MINUTE", "PER_TABLE_WAITS",
           "PER_TOKEN_WAITS", "UNSTARTED_SECONDS", "ApiError", "Tables"]

HUMAN = "human"
"""The name of a seat a person plays (the other seats name a bot)."""
MAX_TABLES = 200
"""Games in progress at once, over all clients. A new table may replace an abandoned one
(:data:`IDLE_SECONDS`, :data:`UNSTARTED_SECONDS`); otherwise the server answers 429."""
PER_CLIENT = 20
"""Games in progress one client (an IPv4 address, an IPv6 /64) may have created (429
beyond)."""
NEW_PER_MINUTE = 120
"""New tables a minute, over all clients (429 with ``Retry-After`` beyond)."""
PER_CLIENT_PER_MINUTE = 30
"""New tables a minute from one client."""
IDLE_SECONDS = 7 * 24 * 3600.0
"""A game in progress nobody has moved at or asked about for this long (a week) may be
dropped for a new one (a restart counts from the last move)."""
UNSTARTED_SECONDS = 600.0
"""A table at which no person has moved yet, untouched for this long (ten minutes), may
be dropped for a new one: tables made and left cannot fill a server."""
MAX_ROUNDS = 100
"""The most rounds a table's game may have (a new table or a loaded game; 400 beyond):
each view holds every round, so a game of 150,000 rounds would send a megabyte a view."""
MAX_FINISHED = 10_000
"""Finished games kept (each can still be viewed and saved); the oldest go beyond it."""
MAX_WAIT = 30
"""The longest a view request may wait for news (``?wait=``), in seconds."""
PER_TOKEN_WAITS = 4
"""Waiting view requests (``?wait=``) one seat's token may have open at once (429 beyond)."""
PER_TABLE_WAITS = 16
"""Waiting view requests at one table at once."""
MAX_WAITS = 64
"""Waiting view requests at once, over all tables: each holds a connection, and the
connections the server keeps open are capped (:data:`~skullgames.serve.MAX_CONNECTIONS`).
At most half of them wait at finished games (for a rematch)."""
_MAX_BOT_MOVES = 10_000  # a guard: no game needs this many moves between two human turns
_CACHED_FINISHED = 64  # finished tables kept replayed in memory; the others are loaded
_SEED_TEXT = re.compile(r"[0-9]{1,39}")


class ApiError(Exception):
    """A request the server refuses: ``status`` is the HTTP status, the message is for people.

    ``retry_after`` (seconds), if set, goes out as a ``Retry-After`` header.
    """

    def __init__(self, status: int, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after


def token_hash(token: str) -> str:
    """What a store keeps of a join token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


class _Table:
    """One game: its state, who plays each seat, every move made, and who waits for news."""

    def __init__(self, table_id: str, game: Any, state: Any, players: Sequence[str],
                 token_hashes: Mapping[int, str], client: str, now: float,
                 hints: bool = False) -> None:
        self.id = table_id
        self.game = game
        self.state = state
        self.players = list(players)
        self.token_hashes = dict(token_hashes)
        seed = state.seed
        self.bots = {seat: game.bots[player](random.Random(f"{seed}:{seat}:{player}"))
                     for seat, player in enumerate(players) if player != HUMAN}
        self.log: list[tuple[int, Any, Any, Any]] = []  # (seat, move, before, after)
        self.client = client
        self.touched = now
        self.moved = False  # has a person moved yet?
        self.rematch: str | None = None  # the id of its rematch's table, once asked for
        self.hints = hints  # hints on even with other people at the table
        self.changed = threading.Condition()
        self.waiting: collections.Counter[int] = collections.Counter()  # by seat

    def seat_of(self, token: str | None) -> int:
        """The seat whose join token ``token`` is; 401 or 403 otherwise."""
        if token is None:
            raise ApiError(401, "send your seat's token: Authorization: Bearer <token> "
                                "(it is in your join link)")
        digest = token_hash(token)
        for seat, own in self.token_hashes.items():
            if secrets.compare_digest(own, digest):
                return seat
        raise ApiError(403, f"that token is no seat's at table {self.id}")

    @property
    def over(self) -> bool:
        return bool(self.game.is_over(self.state))

    def stored(self) -> StoredTable:
        """The table as a store keeps it."""
        return StoredTable(id=self.id, game=self.game.name, players=tuple(self.players),
                           token_hashes=dict(self.token_hashes), client=self.client,
                           touched=self.touched, moved=self.moved, over=self.over,
                           saved=to_json(self.state), rematch=self.rematch,
                           hints=self.hints)

    def hints_for(self, seat: int) -> bool:
        """Whether ``seat`` may ask for hints: alone with bots, or at a table made with them.

        Never in a game without an ``expert`` bot to ask.
        """
        if "expert" not in self.game.bots:
            return False
        return self.hints or all(player != HUMAN for other, player in enumerate(self.players)
                                 if other != seat)


class Tables:
    """The games a server holds, by id, and what the JSON API does with them.

    ``game``, ``config``, ``bots``, ``seat`` and ``seats`` make the default table (the
    command line's flags): ``seats`` names each seat's player (``"human"`` or a bot);
    without it, a person in ``seat`` and ``bots`` in the others. ``config`` is a game's
    ``Config`` or a mapping of some of its options (as JSON): a request's own ``config``
    is read over those options. ``store`` keeps the tables (by default in memory only):
    the tables it holds are loaded (replayed) now.

    The limits: ``max_tables`` games in progress, ``per_client`` of them from one client,
    ``new_per_minute`` and ``per_client_per_minute`` new tables a minute, ``max_waits``,
    ``per_table_waits`` and ``per_token_waits`` waiting views, ``max_finished`` finished
    games kept; ``idle_seconds`` and ``unstarted_seconds`` say when a game in progress is
    abandoned (see the constants of the same names). ``clock`` gives the time in seconds
    since the epoch.

    ``hints`` is a new table's default for hints at a table with other people (a request's
    ``hints`` chooses); a person alone with bots may always ask. ``review_worlds`` and
    ``hint_worlds`` are the expert's budget for a review and a hint, ``max_advising`` how
    many are computed at once, ``advice_wait`` how long one waits for its turn
    (:data:`~skullgames.serve.REVIEW_WORLDS`, :data:`~skullgames.serve.HINT_WORLDS`,
    :data:`~skullgames.serve.MAX_ADVISING`, :data:`~skullgames.serve.ADVICE_WAIT`).
    """

    def __init__(self, game: str = DEFAULT_GAME, config: Any = None, *,
                 bots: Sequence[str] | None = None, seat: int = 0,
                 seats: Sequence[str] | None = None, store: TableStore | None = None,
                 max_tables: int = MAX_TABLES, per_client: int = PER_CLIENT,
                 new_per_minute: int = NEW_PER_MINUTE,
                 per_client_per_minute: int = PER_CLIENT_PER_MINUTE,
                 idle_seconds: float = IDLE_SECONDS,
                 unstarted_seconds: float = UNSTARTED_SECONDS,
                 max_finished: int = MAX_FINISHED, max_waits: int = MAX_WAITS,
                 per_table_waits: int = PER_TABLE_WAITS,
                 per_token_waits: int = PER_TOKEN_WAITS,
                 clock: Callable[[], float] = time.time, hints: bool = False,
                 review_worlds: int = REVIEW_WORLDS, hint_worlds: int = HINT_WORLDS,
                 max_advising: int = MAX_ADVISING,
                 advice_wait: float = ADVICE_WAIT) -> None:
        if type(hints) is not bool:
            raise ConfigError(f"hints: True or False, not {hints!r}")
        for name, count in (("review_worlds", review_worlds), ("hint_worlds", hint_worlds),
                            ("max_advising", max_advising)):
            if type(count) is not int or count < 1:
                raise ConfigError(f"{name}: a whole number of at least 1, not {count!r}")
        if isinstance(advice_wait, bool) or not isinstance(advice_wait, (int, float)) or not (
                0 <= advice_wait < float("inf")):
            raise ConfigError(f"advice_wait: seconds, 0 or more, not {advice_wait!r}")
        self.hints = hints
        self.review_worlds = review_worlds
        self.hint_worlds = hint_worlds
        self.advisor = Advisor(max_advising, advice_wait)
        self.default_game = game_named(game).name
        engine = GAMES[self.default_game]
        engine.part("svg")  # the page draws the table: "Skull Jack has no SVG drawer"
        if config is None:
            self.options: dict[str, Any] = {}
        elif isinstance(config, Mapping):
            self.options = dict(config)
        else:
            self.options = to_dict(config)
        try:
            self.default_config = from_dict(self.options, engine.Config)
        except SkullgamesError as error:
            raise ConfigError(f"config: {error}") from None
        self.default_bots = (engine.chosen_bot,) if bots is None else tuple(bots)
        self.default_seat = seat
        self.default_seats = None if seats is None else list(seats)
        self.store: TableStore = MemoryStore() if store is None else store
        self.max_tables = max_tables
        self.per_client = per_client
        self.new_per_minute = new_per_minute
        self.per_client_per_minute = per_client_per_minute
        self.idle_seconds = idle_seconds
        self.unstarted_seconds = unstarted_seconds
        self.max_finished = max_finished
        self.max_waits = max_waits
        self.per_table_waits = per_table_waits
        self.per_token_waits = per_token_waits
        self.clock = clock
        self.waits = 0
        self.finished_waits = 0  # those of them at finished games (for a rematch)
        self._made: collections.deque[tuple[float, str]] = collections.deque()
        self._tables: dict[str, _Table] = {}
        self._finished: collections.OrderedDict[str, None] = collections.OrderedDict()
        self._lock = threading.Lock()
        self.unreadable: list[str] = []
        """The ids of stored tables that could not be replayed (they stay stored)."""
        for stored in self.store.running():
            loaded = self._loaded(stored)
            if loaded is not None:
                self._tables[loaded.id] = loaded
        self.unreadable[:0] = getattr(self.store, "unreadable", [])  # rows not even read

    # -- requests ----------------------------------------------------------------------

    def info(self) -> dict[str, Any]:
        """``GET /api``: the games, the bots, and the defaults of a new table."""
        config = self.default_config
        return {
            "games": {name: {"title": g.title, "bots": sorted(g.bots)}
                      for name, g in GAMES.items()},
            "defaults": {"game": self.default_game, "config": to_dict(config),
                         "seats": self._default_seats(config.players)},
        }

    def new(self, body: Mapping[str, Any], client: str = "", *,
            limited: bool = True) -> dict[str, Any]:
        """``POST /api/games``: start a table; answer it with a join token per person.

        A ``config`` in the body is read over the server's own options (its command
        line's): a request that names only ``players`` keeps the rest. ``limited=False``
        makes the server's own table (``serve --seats``): not counted against ``client``'s
        limits (tables in progress, tables a minute).
        """
        _only(body, ("game", "config", "seed", "seats", "hints"))
        name = body.get("game", self.default_game)
        game = GAMES.get(name) if isinstance(name, str) else None
        if game is None:
            raise ApiError(400, f"game: one of {', '.join(GAMES)}, not {name!r}")
        if not game.has("svg"):
            raise ApiError(400, f"game: {game.title} has no SVG drawer")
        options = self.options if game.name == self.default_game else {}
        if "config" in body:
            given = body["config"]
            if not isinstance(given, dict):
                raise ApiError(400, f"config: a JSON object of options, not {_short(given)}")
            config = _read({**options, **given}, game.Config, "config")
        else:
            config = _read(options, game.Config, "config")
        seed = _seed(body.get("seed"))
        try:
            state = game.new_game(config, seed=seed)
        except SkullgamesError as error:
            raise ApiError(400, str(error)) from None
        return self._open(game, state, body, client, limited)

    def load(self, body: Mapping[str, Any], client: str = "") -> dict[str, Any]:
        """``POST /api/games/load``: continue a saved game at a new table."""
        _only(body, ("saved", "seats", "hints"))
        saved = body.get("saved")
        if isinstance(saved, str):
            try:
                saved = json.loads(saved)
            except (ValueError, RecursionError):
                raise ApiError(400, "saved: not JSON") from None
        if not isinstance(saved, dict):
            raise ApiError(400, "saved: the saved game, a JSON object")
        game = next((g for g in GAMES.values() if g.format_name == saved.get("format")),
                    None)
        if game is None:
            raise ApiError(400, f"saved: no game has the format {saved.get('format')!r}")
        state = _read(saved, game.State, "saved")
        if not state.auto_deal:
            raise ApiError(400, "saved: a game dealt by hand (auto_deal=False) waits for deals "
                                "that this server does not make")
        return self._open(game, state, body, client)

    def view(self, table_id: str, token: str | None, since: int = 0,
             wait: int = 0) -> dict[str, Any]:
        """``GET /api/games/ID?since=N&wait=S``: the seat's view and the events from ``N``.

        With ``wait``, the answer waits up to that many seconds for a move after the
        ``since``-th, or in a finished game for its rematch (long polling), so a page hears
        of others' moves, and of a rematch, at once. A seat may
        wait in :data:`PER_TOKEN_WAITS` requests at once, a table in
        :data:`PER_TABLE_WAITS`, the server in :data:`MAX_WAITS` (429 beyond).
        """
        table = self._table(table_id)
        seat = table.seat_of(token)
        with table.changed:
            if wait and len(table.log) <= since and table.rematch is None:
                self._wait(table, seat, since, wait)
            return _view(table, seat, token, since)

    def move(self, table_id: str, token: str | None, body: Mapping[str, Any]) -> dict[str, Any]:
        """``POST /api/games/ID/moves``: the seat's move, then the bots' until a person's turn.

        The moves are stored before the answer. Answers the seat's view with the events
        from ``since`` (of the body; by default the move just made).
        """
        _only(body, ("move", "since"))
        table = self._table(table_id)
        seat = table.seat_of(token)
        game = table.game
        if "move" not in body:
            raise ApiError(400, "move: missing")
        since = body.get("since")
        if since is not None and (type(since) is not int or since < 0):
            raise ApiError(400, f"since: a whole number of events, not {since!r}")
        text = body["move"]
        try:
            move = game.parse_move(text) if isinstance(text, str) else from_dict(text, game.Move)
        except SkullgamesError as error:
            raise ApiError(400, f"move: {error}") from None
        with table.changed:
            to_move = game.current_player(table.state)
            if to_move != seat:
                whose = "the game is over" if to_move is None else f"it is seat {to_move}'s turn"
                raise ApiError(409, f"not your turn: {whose}")
            first = len(table.log)
            before, moved, touched = table.state, table.moved, table.touched
            try:
                _apply(table, seat, move)
            except IllegalMoveError as error:
                raise ApiError(409, str(error)) from None
            _play_bots(table)
            table.moved, table.touched = True, self.clock()
            try:
                self.store.update(table.stored())
            except Exception:
                table.state, table.moved, table.touched = before, moved, touched
                del table.log[first:]
                raise ApiError(503, "the move could not be stored: try again",
                               retry_after=5) from None
            table.changed.notify_all()
            answer = _view(table, seat, token, first if since is None else since)
        if table.over:
            self._finish(table)
        return answer

    def rematch(self, table_id: str, token: str | None,
                body: Mapping[str, Any] | None = None, client: str = "") -> dict[str, Any]:
        """``POST /api/games/ID/rematch``: a finished game's rematch, made once.

        A new table of the same game, options and seats, dealt anew (a new secret seed),
        made at the first seat's asking; each person keeps their join token there, so each
        person's view of the finished game links to the rematch with their own token
        (``rematch`` of the view), and no seat is ever told another's. Answers the table
        with the asking seat's join link only.
        """
        _only(body or {}, ())
        table = self._table(table_id)
        seat = table.seat_of(token)
        assert token is not None  # seat_of refuses None
        game = table.game
        with table.changed:
            if not table.over:
                raise ApiError(409, "a rematch is made once the game is over")
            if table.rematch is not None and self._gone(table.rematch):
                table.rematch = None  # dropped unplayed (UNSTARTED_SECONDS): another one
            if table.rematch is None:
                state = game.new_game(table.state.config, seed=_seed(None))
                made = self._add(game, state, table.players, table.token_hashes, client,
                                 hints=table.hints)
                table.rematch = made.id
                try:
                    self.store.update(table.stored())
                except Exception:
                    table.rematch = None
                    raise ApiError(503, "the rematch could not be stored: try again",
                                   retry_after=5) from None
                table.changed.notify_all()
            rematch = self._table(table.rematch)
        return _table_document(rematch, {seat: token})

    def save(self, table_id: str, token: str | None) -> Any:
        """``GET /api/games/ID/save``: the saved game (``skullgames.to_json``), once it is over.

        A saved game holds the seed and so every hand: before the end it would show a seat
        what the rules hide from it.
        """
        table = self._table(table_id)
        table.seat_of(token)
        with table.changed:
            if not table.over:
                raise ApiError(409, "a game is saved once it is over (the saved game holds "
                                    "every hand)")
            return to_dict(table.state)

    def hint(self, table_id: str, token: str | None) -> dict[str, Any]:
        """``GET /api/games/ID/hint``: what the expert would play now, and each move's value.

        For the asking seat at its turn (409 otherwise), from its observation only: the
        moves' values are the round's expected points as the expert values them
        (:meth:`~skullgames.bots.expert.ExpertSearch.appraise`), best first. A seat alone
        with bots may always ask; at a table with other people, only if it was made with
        hints on (403 otherwise).
        """
        table = self._table(table_id)
        seat = table.seat_of(token)
        if "expert" not in table.game.bots:
            raise ApiError(409, f"{table.game.title} has no expert bot to give hints")
        if not table.hints_for(seat):
            raise ApiError(403, "hints are off at this table: it has other people, and it "
                                "was not made with hints on (\"hints\": true when it is made, "
                                "or skullgames serve --hints)")
        game = table.game
        with table.changed:
            state, moved = table.state, len(table.log)
        to_move = game.current_player(state)
        if to_move != seat:
            whose = "the game is over" if to_move is None else f"it is seat {to_move}'s turn"
            raise ApiError(409, f"a hint is for your turn: {whose}")
        worlds = self.hint_worlds
        document = self._advised(("hint", table.id, seat, moved),
                                 lambda: hint_document(game, state, seat, table.id, worlds))
        return {"id": table.id, "next": moved, **document}

    def review(self, table_id: str, token: str | None) -> dict[str, Any]:
        """``GET /api/games/ID/review``: the asking seat's decisions, once the game is over.

        :func:`skullgames.review` of that seat only (never another's), costliest first,
        each with the table as the seat saw it; computed once per table and seat.
        """
        table = self._table(table_id)
        seat = table.seat_of(token)
        game = table.game
        with table.changed:
            state, over = table.state, table.over
        if not over:
            raise ApiError(409, "a game is reviewed once it is over")
        worlds = self.review_worlds
        document = self._advised(("review", table.id, seat),
                                 lambda: review_document(game, state, seat, worlds))
        return {"id": table.id, "game": game.name, **document}

    # -- helpers -----------------------------------------------------------------------

    def _advised(self, key: Any, compute: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        try:
            return self.advisor.kept(key, compute)
        except ConfigError as error:  # a game without an expert that values moves
            raise ApiError(409, str(error)) from None
        except Busy:
            raise ApiError(503, "the server is busy with other hints and reviews: try "
                                "again soon", retry_after=5) from None

    def _default_seats(self, players: int) -> list[str]:
        if self.default_seats is not None and len(self.default_seats) == players:
            return list(self.default_seats)
        seat = self.default_seat if self.default_seat < players else 0
        seats = [self.default_bots[s % len(self.default_bots)] for s in range(players)]
        seats[seat] = HUMAN
        return seats

    def _open(self, game: Any, state: Any, body: Mapping[str, Any],
              client: str, limited: bool = True) -> dict[str, Any]:
        rounds = state.config.round_count  # every game's config has it (GameConfig)
        if rounds > MAX_ROUNDS:
            raise ApiError(400, f"config: {rounds} rounds; a table here has at most "
                                f"{MAX_ROUNDS} (MAX_ROUNDS)")
        players = state.config.players
        seats = body.get("seats", self._default_seats(players))
        choices = f"{HUMAN!r} or a bot ({', '.join(sorted(game.bots))})"
        if (not isinstance(seats, list) or len(seats) != players
                or not all(isinstance(s, str) and (s == HUMAN or s in game.bots)
                           for s in seats)):
            raise ApiError(400, f"seats: a list of {players} names, each {choices}; "
                                f"not {_short(seats)}")
        if HUMAN not in seats:
            raise ApiError(400, f"seats: at least one {HUMAN!r} seat")
        hints = body.get("hints", self.hints)
        if type(hints) is not bool:
            raise ApiError(400, f"hints: true or false, not {_short(hints)}")
        tokens = {seat: secrets.token_urlsafe(24)
                  for seat, player in enumerate(seats) if player == HUMAN}
        table = self._add(game, state, seats,
                          {seat: token_hash(t) for seat, t in tokens.items()}, client,
                          limited, hints=hints)
        return _table_document(table, tokens)

    def _add(self, game: Any, state: Any, seats: Sequence[str],
             token_hashes: Mapping[int, str], client: str, limited: bool = True, *,
             hints: bool = False) -> _Table:
        """A new table, its bots moved until a person's turn, stored."""
        now = self.clock()
        with self._lock:
            self._make_room(client, now, limited)
            table_id = secrets.token_urlsafe(9)
            table = _Table(table_id, game, state, seats, token_hashes, client, now, hints)
            self._tables[table_id] = table
            if limited:
                self._made.append((now, client))
        with table.changed:
            _play_bots(table)
            try:
                self.store.add(table.stored())
            except Exception:
                with self._lock:
                    self._tables.pop(table_id, None)
                raise ApiError(503, "the table could not be stored: try again",
                               retry_after=5) from None
        return table

    def _gone(self, table_id: str) -> bool:
        """Whether the table ``table_id`` is no longer held (nor stored)."""
        with self._lock:
            if table_id in self._tables:
                return False
        return self.store.get(table_id) is None

    def _abandoned(self, table: _Table, now: float) -> bool:
        idle = now - table.touched
        return idle > self.idle_seconds or (not table.moved and idle > self.unstarted_seconds)

    def _make_room(self, client: str, now: float, limited: bool = True) -> None:
        """Refuse a client over its limits; drop an abandoned game if the server is full.

        ``limited=False``: the server's own table, only the server's size applies.
        """
        made = self._made
        while made and now - made[0][0] >= 60:
            made.popleft()
        mine = sum(1 for _, who in made if who == client)
        if limited and (len(made) >= self.new_per_minute
                        or mine >= self.per_client_per_minute):
            whose = "this address" if mine >= self.per_client_per_minute else "the server"
            raise ApiError(429, f"{whose} made too many tables this minute; try again soon",
                           retry_after=int(60 - (now - made[0][0])) + 1)
        running = [t for t in self._tables.values() if not t.over]
        own = [t for t in running if t.client == client and not self._abandoned(t, now)]
        if limited and len(own) >= self.per_client:
            raise ApiError(429, f"this address has {len(own)} games in progress, the most "
                                f"it may have; finish one or wait until one is abandoned")
        if len(running) < self.max_tables:
            return
        droppable = sorted((t for t in running if self._abandoned(t, now)),
                           key=lambda t: t.touched)
        if not droppable:
            raise ApiError(429, f"the server holds {len(running)} games in progress, "
                                "its most; try again later", retry_after=60)
        del self._tables[droppable[0].id]
        self.store.drop([droppable[0].id])

    def _wait(self, table: _Table, seat: int, since: int, wait: int) -> None:
        """Wait (``table.changed`` held) for a move after the ``since``-th, within limits."""
        with self._lock:
            over = table.over
            if over and self.finished_waits >= self.max_waits // 2:
                # finished games wait for a rematch in half the waits at most: pages
                # left open on them never keep the games in progress from their news
                raise ApiError(429, "the server has too many waiting requests at finished "
                                    "games; ask again soon", retry_after=10)
            if self.waits >= self.max_waits:
                raise ApiError(429, "the server has too many waiting requests; ask again "
                                    "soon", retry_after=2)
            if sum(table.waiting.values()) >= self.per_table_waits:
                raise ApiError(429, "this table has too many waiting requests", retry_after=2)
            if table.waiting[seat] >= self.per_token_waits:
                raise ApiError(429, "this seat has too many waiting requests (close the "
                                    "other tabs)", retry_after=2)
            self.waits += 1
            self.finished_waits += int(over)
        table.waiting[seat] += 1
        try:
            table.changed.wait_for(lambda: len(table.log) > since or table.rematch is not None,
                                   timeout=wait)
        finally:
            table.waiting[seat] -= 1
            with self._lock:
                self.waits -= 1
                self.finished_waits -= int(over)

    def _finish(self, table: _Table) -> None:
        """A game just ended: keep it replayed a while; drop the oldest beyond the limit."""
        with self._lock:
            self._finished[table.id] = None
            self._forget_finished()
        finished = self.store.finished()
        if len(finished) > self.max_finished:
            old = [i for i, _ in finished[:len(finished) - self.max_finished]]
            self.store.drop(old)
            with self._lock:
                for table_id in old:
                    self._tables.pop(table_id, None)
                    self._finished.pop(table_id, None)

    def _forget_finished(self) -> None:
        """Keep at most :data:`_CACHED_FINISHED` finished tables replayed (``_lock`` held)."""
        while len(self._finished) > _CACHED_FINISHED:
            table_id, _ = self._finished.popitem(last=False)
            self._tables.pop(table_id, None)

    def _table(self, table_id: str) -> _Table:
        with self._lock:
            table = self._tables.get(table_id)
            if table is not None:
                if not table.over:
                    table.touched = self.clock()
                if table_id in self._finished:
                    self._finished.move_to_end(table_id)
                return table
        stored = self.store.get(table_id)
        loaded = None if stored is None else self._loaded(stored)
        if loaded is None:
            raise ApiError(404, f"no game {table_id!r} on this server")
        with self._lock:
            table = self._tables.setdefault(table_id, loaded)
            if table.over:
                self._finished[table_id] = None
                self._forget_finished()
        return table

    def _loaded(self, stored: StoredTable) -> _Table | None:
        """A stored table, its moves replayed; ``None`` (noted) if it cannot be."""
        try:
            return _replayed(stored)
        except (SkullgamesError, ValueError, KeyError, TypeError, RecursionError):
            self.unreadable.append(stored.id)
            return None


def _seed(seed: object) -> int:
    """The seed a request asks for, or 128 secret bits."""
    if seed is None:
        return secrets.randbits(SEED_BITS)
    if type(seed) is int and 0 <= seed <= MAX_SAFE_INTEGER:
        return seed
    if isinstance(seed, str) and _SEED_TEXT.fullmatch(seed) and int(seed) <= MAX_SEED:
        return int(seed)
    raise ApiError(400, "seed: a whole number 0 to 2**53 - 1, or a string of the digits of "
                        f"one up to 2**128 - 1; not {_short(seed)}")


def _replayed(stored: StoredTable) -> _Table:
    """A table from its store: the saved game's moves replayed, each by the seat to move."""
    game = GAMES[stored.game]
    saved = json.loads(stored.saved)
    final = from_dict(saved, game.State)  # every check of a saved game
    if len(stored.players) != final.config.players:
        raise ValueError(f"table {stored.id}: {len(stored.players)} players for a game of "
                         f"{final.config.players}")
    people = {seat for seat, player in enumerate(stored.players) if player == HUMAN}
    if set(stored.token_hashes) != people:
        raise ValueError(f"table {stored.id}: its tokens are not its people's seats")
    state = game.new_game(final.config, seed=final.seed)
    table = _Table(stored.id, game, state, stored.players, stored.token_hashes,
                   stored.client, stored.touched, stored.hints)
    for text in saved["moves"]:
        move = game.parse_move(text) if isinstance(text, str) else from_dict(text, game.Move)
        seat = game.current_player(table.state)
        if seat is None:
            raise ValueError(f"table {stored.id}: a move after the end")
        _apply(table, seat, move)
    if table.state != final:
        raise ValueError(f"table {stored.id}: its moves replay to another state")
    table.moved = stored.moved
    table.rematch = stored.rematch
    return table


def _apply(table: _Table, seat: int, move: Any) -> None:
    before = table.state
    after = table.game.apply(before, move)
    table.state = after
    table.log.append((seat, move, before, after))


def _play_bots(table: _Table) -> None:
    """The bots move, each from its own seat's observation, until a person's turn."""
    game = table.game
    for _ in range(_MAX_BOT_MOVES):
        seat = game.current_player(table.state)
        if seat is None or seat not in table.bots:
            return
        _apply(table, seat, table.bots[seat].choose(game.observe(table.state, seat)))


def _observe_move(game: Any) -> Callable[[Any, Any, int], Any]:
    """The game's ``observe_move``: every hiding rule is the game's."""
    found: Callable[[Any, Any, int], Any] = game.observe_move
    return found


def _event(table: _Table, index: int, viewer: int) -> dict[str, Any]:
    """Move ``index`` as seat ``viewer`` sees it: the game's ``observe_move``."""
    game = table.game
    seat, move, before, after = table.log[index]
    seen = _observe_move(game)(before, move, viewer)
    hidden = seen is not move
    event: dict[str, Any] = {"index": index, "seat": seat, "move": str(seen),
                             "hidden": hidden, "kind": getattr(seen, "kind", None) if hidden
                             else None, "trick": None, "round": None}
    if after.last_trick is not before.last_trick and after.last_trick is not None:
        event["trick"] = to_dict(after.last_trick)  # a finished trick lies face up
    if len(after.rounds) > len(before.rounds):
        event["round"] = to_dict(game.observe(after, viewer).rounds[-1])
    return event


def _view(table: _Table, seat: int, token: str | None, since: int = 0) -> dict[str, Any]:
    game, state = table.game, table.state
    observation = game.observe(state, seat)
    seen = to_dict(observation)
    over = table.over
    return {
        "id": table.id,
        "game": game.name,
        "title": game.title,
        "seat": seat,
        "players": list(table.players),
        "config": to_dict(state.config),
        "seed": dump_seed(state.seed) if over else None,
        "to_move": observation.to_move,
        "over": over,
        "scores": list(observation.totals),
        "winners": list(game.winners(state)) if over else [],
        "legal_moves": _legal_moves(observation, seen),
        "observation": seen,
        "svg": draw_table(observation, game=game),
        "events": [_event(table, i, seat) for i in range(min(since, len(table.log)),
                                                           len(table.log))],
        "next": len(table.log),
        "hints": table.hints_for(seat),
        "rematch": None if table.rematch is None else {
            "table": table.rematch, "link": f"/#table={table.rematch}&token={token}"},
    }


def _legal_moves(observation: Any, seen: Mapping[str, Any]) -> list[str] | None:
    """The seat's legal moves as text, or ``None`` where the observation's JSON omits them.

    The game's JSON of an observation leaves them out where every move of the kind is
    legal (Skull Queen's 1250 placements: 20 kB of every view while placing).
    """
    if observation.legal_moves and "legal_moves" not in seen:
        return None
    return [str(move) for move in observation.legal_moves]


def _table_document(table: _Table, tokens: Mapping[int, str]) -> dict[str, Any]:
    """The table as its creator receives it, with the join links of ``tokens`` (by seat)."""
    return {
        "id": table.id,
        "game": table.game.name,
        "title": table.game.title,
        "config": to_dict(table.state.config),
        "players": list(table.players),
        "hints": table.hints,
        "joins": [{"table": table.id, "seat": seat, "token": token,
                   "link": f"/#table={table.id}&token={token}"}
                  for seat, token in tokens.items()],
    }


def _only(body: Mapping[str, Any], fields: Sequence[str]) -> None:
    unknown = sorted(set(body) - set(fields))
    if unknown:
        raise ApiError(400, f"unknown field {_short(unknown[0])} (the fields are "
                            f"{', '.join(fields)})")


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _read(data: object, cls: Any, what: str) -> Any:
    try:
        return from_dict(data, cls)
    except SkullgamesError as error:
        raise ApiError(400, f"{what}: {error}") from None
    except RecursionError:
        raise ApiError(400, f"{what}: nested too deeply") from None
