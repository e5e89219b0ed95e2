"""The tables of a server: one game per table, people and bots in any mix of seats.

Everything here speaks plain JSON values (dicts, lists) and raises :class:`ApiError` with
an HTTP status; the HTTP layer (:mod:`skullgames.serve._http`) only moves bytes.

What a seat sees comes from the game alone: a view is the game's ``observe`` of the state
for that seat, and an event is the game's ``observe_move`` of the move for that seat, so
the server never decides what is hidden. The seed (which would give every hand) is in a
view only once the game is over.
"""

from __future__ import annotations

import json
import random
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from skullgames._checks import MAX_SAFE_INTEGER
from skullgames.errors import IllegalMoveError, SkullgamesError
from skullgames.registry import DEFAULT_GAME, GAMES, game_named
from skullgames.serialization import from_dict, to_dict
from skullgames.svg import table as draw_table

__all__ = ["HUMAN", "IDLE_SECONDS", "MAX_TABLES", "MAX_WAIT", "PER_CLIENT", "ApiError",
           "Tables"]

HUMAN = "human"
"""The name of a seat a person plays (the other seats name a bot)."""
MAX_TABLES = 200
"""Tables kept at once. A new table replaces a finished or idle one; a game in progress
is never dropped to make room (the server answers 429 instead)."""
PER_CLIENT = 20
"""Games in progress one client address may have created at once (429 beyond)."""
IDLE_SECONDS = 3600.0
"""A table nobody has asked about for this long (an hour) may be dropped for a new one."""
MAX_WAIT = 30
"""The longest a view request may wait for news (``?wait=``), in seconds."""
_MAX_BOT_MOVES = 10_000  # a guard: no game needs this many moves between two human turns


class ApiError(Exception):
    """A request the server refuses: ``status`` is the HTTP status, the message is for people."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class _Table:
    """One game: its state, who plays each seat, every move made, and who waits for news."""

    def __init__(self, table_id: str, game: Any, state: Any, players: Sequence[str],
                 seed: int, client: str, now: float) -> None:
        self.id = table_id
        self.game = game
        self.state = state
        self.players = list(players)
        self.tokens = {seat: secrets.token_urlsafe(24)
                       for seat, player in enumerate(players) if player == HUMAN}
        self.bots = {seat: game.bots[player](random.Random(f"{seed}:{seat}:{player}"))
                     for seat, player in enumerate(players) if player != HUMAN}
        self.log: list[tuple[int, Any, Any, Any]] = []  # (seat, move, before, after)
        self.client = client
        self.touched = now
        self.changed = threading.Condition()

    def seat_of(self, token: str | None) -> int:
        """The seat whose join token ``token`` is; 401 or 403 otherwise."""
        if token is None:
            raise ApiError(401, "send your seat's token: Authorization: Bearer <token> "
                                "(it is in your join link)")
        for seat, own in self.tokens.items():
            if secrets.compare_digest(own.encode(), token.encode()):
                return seat
        raise ApiError(403, f"that token is no seat's at table {self.id}")

    @property
    def over(self) -> bool:
        return bool(self.game.is_over(self.state))


class Tables:
    """The games a server holds, by id, and what the JSON API does with them.

    ``game``, ``config``, ``bots`` and ``seat`` make the default table (the command
    line's flags): a person in ``seat`` and ``bots`` in the others. ``max_tables``,
    ``per_client`` and ``idle_seconds`` bound what is kept (:data:`MAX_TABLES`,
    :data:`PER_CLIENT`, :data:`IDLE_SECONDS`); ``clock`` gives the time in seconds.
    """

    def __init__(self, game: str = DEFAULT_GAME, config: Any = None, *,
                 bots: Sequence[str] = ("greedy",), seat: int = 0,
                 max_tables: int = MAX_TABLES, per_client: int = PER_CLIENT,
                 idle_seconds: float = IDLE_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.default_game = game_named(game).name
        self.default_config = config
        self.default_bots = tuple(bots)
        self.default_seat = seat
        self.max_tables = max_tables
        self.per_client = per_client
        self.idle_seconds = idle_seconds
        self.clock = clock
        self._tables: dict[str, _Table] = {}
        self._lock = threading.Lock()

    # -- requests ----------------------------------------------------------------------

    def info(self) -> dict[str, Any]:
        """``GET /api``: the games, the bots, and the defaults of a new table."""
        game = GAMES[self.default_game]
        config = self.default_config if self.default_config is not None else game.Config()
        return {
            "games": {name: {"title": g.title, "bots": sorted(g.bots)}
                      for name, g in GAMES.items()},
            "defaults": {"game": self.default_game, "config": to_dict(config),
                         "seats": self._default_seats(config.players)},
        }

    def new(self, body: Mapping[str, Any], client: str = "") -> dict[str, Any]:
        """``POST /api/games``: start a table; answer it with a join token per person."""
        _only(body, ("game", "config", "seed", "seats"))
        name = body.get("game", self.default_game)
        game = GAMES.get(name) if isinstance(name, str) else None
        if game is None:
            raise ApiError(400, f"game: one of {', '.join(GAMES)}, not {name!r}")
        if "config" in body:
            config = _read(body["config"], game.Config, "config")
        elif name == self.default_game and self.default_config is not None:
            config = self.default_config
        else:
            config = game.Config()
        seed = body.get("seed")
        if seed is None:
            seed = random.randrange(2**31)
        if type(seed) is not int or not 0 <= seed <= MAX_SAFE_INTEGER:
            raise ApiError(400, f"seed: a whole number 0 to 2**53 - 1, not {seed!r}")
        try:
            state = game.new_game(config, seed=seed)
        except SkullgamesError as error:
            raise ApiError(400, str(error)) from None
        return self._open(game, state, body, seed, client)

    def load(self, body: Mapping[str, Any], client: str = "") -> dict[str, Any]:
        """``POST /api/games/load``: continue a saved game at a new table."""
        _only(body, ("saved", "seats"))
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
        seed = state.seed if state.seed is not None else 0
        return self._open(game, state, body, seed, client)

    def view(self, table_id: str, token: str | None, since: int = 0,
             wait: int = 0) -> dict[str, Any]:
        """``GET /api/games/ID?since=N&wait=S``: the seat's view and the events from ``N``.

        With ``wait``, the answer waits up to that many seconds for a move after the
        ``since``-th (long polling), so a page hears of others' moves at once.
        """
        table = self._table(table_id)
        seat = table.seat_of(token)
        with table.changed:
            if wait and len(table.log) <= since and not table.over:
                table.changed.wait_for(lambda: len(table.log) > since, timeout=wait)
            return _view(table, seat, since)

    def move(self, table_id: str, token: str | None, body: Mapping[str, Any]) -> dict[str, Any]:
        """``POST /api/games/ID/moves``: the seat's move, then the bots' until a person's turn.

        Answers the seat's view with the events from ``since`` (of the body; by default
        the move just made).
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
            try:
                _apply(table, seat, move)
            except IllegalMoveError as error:
                raise ApiError(409, str(error)) from None
            _play_bots(table)
            table.changed.notify_all()
            return _view(table, seat, first if since is None else since)

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

    # -- helpers -----------------------------------------------------------------------

    def _default_seats(self, players: int) -> list[str]:
        seat = self.default_seat if self.default_seat < players else 0
        seats = [self.default_bots[s % len(self.default_bots)] for s in range(players)]
        seats[seat] = HUMAN
        return seats

    def _open(self, game: Any, state: Any, body: Mapping[str, Any], seed: int,
              client: str) -> dict[str, Any]:
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
        now = self.clock()
        with self._lock:
            self._make_room(client, now)
            table_id = secrets.token_urlsafe(9)
            table = _Table(table_id, game, state, seats, seed, client, now)
            self._tables[table_id] = table
        with table.changed:
            _play_bots(table)
            return _table_document(table)

    def _make_room(self, client: str, now: float) -> None:
        """Drop finished and idle tables if the server is full; refuse when it stays full."""
        def idle(table: _Table) -> bool:
            return now - table.touched > self.idle_seconds

        running = [t for t in self._tables.values()
                   if t.client == client and not t.over and not idle(t)]
        if len(running) >= self.per_client:
            raise ApiError(429, f"this address has {len(running)} games in progress, the most "
                                f"it may have; finish one or wait {self.idle_seconds:g} s "
                                "until one is idle")
        if len(self._tables) < self.max_tables:
            return
        droppable = sorted((t for t in self._tables.values() if t.over or idle(t)),
                           key=lambda t: t.touched)
        if not droppable:
            raise ApiError(429, f"the server holds {len(self._tables)} games in progress, "
                                "its most; try again later")
        del self._tables[droppable[0].id]

    def _table(self, table_id: str) -> _Table:
        with self._lock:
            table = self._tables.get(table_id)
            if table is None:
                raise ApiError(404, f"no game {table_id!r} on this server")
            table.touched = self.clock()
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
    found: Callable[[Any, Any, int], Any] | None = getattr(game, "observe_move", None)
    return found if found is not None else game.module.observe_move


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


def _view(table: _Table, seat: int, since: int = 0) -> dict[str, Any]:
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
        "seed": state.seed if over else None,
        "to_move": observation.to_move,
        "over": over,
        "scores": list(observation.totals),
        "winners": list(game.winners(observation)) if over else [],
        "legal_moves": _legal_moves(observation, seen),
        "observation": seen,
        "svg": draw_table(observation, game=game),
        "events": [_event(table, i, seat) for i in range(min(since, len(table.log)),
                                                           len(table.log))],
        "next": len(table.log),
    }


def _legal_moves(observation: Any, seen: Mapping[str, Any]) -> list[str] | None:
    """The seat's legal moves as text, or ``None`` where the observation's JSON omits them.

    The game's JSON of an observation leaves them out where every move of the kind is
    legal (Skull Queen's 1250 placements: 20 kB of every view while placing).
    """
    if observation.legal_moves and "legal_moves" not in seen:
        return None
    return [str(move) for move in observation.legal_moves]


def _table_document(table: _Table) -> dict[str, Any]:
    return {
        "id": table.id,
        "game": table.game.name,
        "title": table.game.title,
        "config": to_dict(table.state.config),
        "players": list(table.players),
        "joins": [{"table": table.id, "seat": seat, "token": token,
                   "link": f"/#table={table.id}&token={token}"}
                  for seat, token in table.tokens.items()],
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
