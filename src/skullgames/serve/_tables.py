"""The tables of a server: one game per table, a person in one seat and bots in the others.

Everything here speaks plain JSON values (dicts, lists) and raises :class:`ApiError` with
an HTTP status; the HTTP layer (:mod:`skullgames.serve._http`) only moves bytes.
"""

from __future__ import annotations

import json
import random
import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from skullgames._checks import MAX_SAFE_INTEGER
from skullgames.errors import IllegalMoveError, SkullgamesError
from skullgames.registry import DEFAULT_GAME, GAMES, game_named
from skullgames.serialization import from_dict, to_dict
from skullgames.svg import table as draw_table

__all__ = ["MAX_TABLES", "ApiError", "Tables"]

MAX_TABLES = 200
"""Tables kept at once; starting one more forgets the one least recently used."""
_MAX_BOT_MOVES = 10_000  # a guard: no game needs this many moves between two human turns


class ApiError(Exception):
    """A request the server refuses: ``status`` is the HTTP status, the message is for people."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class _Table:
    """One game in progress: its state, the person's seat and the bots in the others."""

    def __init__(self, game: Any, state: Any, seat: int, bot_names: Sequence[str],
                 seed: int) -> None:
        self.game = game
        self.state = state
        self.seat = seat
        self.lock = threading.Lock()
        players = state.config.players
        self.names = [bot_names[s % len(bot_names)] for s in range(players)]
        self.names[seat] = "you"
        self.bots = {s: game.bots[name](random.Random(f"{seed}:{s}:{name}"))
                     for s, name in enumerate(self.names) if s != seat}


class Tables:
    """The games a server holds, by id, and what the JSON API does with them.

    ``game``, ``config``, ``bots`` and ``seat`` are the defaults for new tables (the
    command line's flags).
    """

    def __init__(self, game: str = DEFAULT_GAME, config: Any = None, *,
                 bots: Sequence[str] = ("greedy",), seat: int = 0) -> None:
        self.default_game = game_named(game).name
        self.default_config = config
        self.default_bots = tuple(bots)
        self.default_seat = seat
        self._tables: OrderedDict[str, _Table] = OrderedDict()
        self._lock = threading.Lock()

    # -- requests ----------------------------------------------------------------------

    def info(self) -> dict[str, Any]:
        """``GET /api``: the games, the bots, and the defaults of a new game."""
        game = GAMES[self.default_game]
        config = self.default_config if self.default_config is not None else game.Config()
        return {
            "games": {name: {"title": g.title, "bots": sorted(g.bots)}
                      for name, g in GAMES.items()},
            "defaults": {"game": self.default_game, "config": to_dict(config),
                         "bots": list(self.default_bots), "seat": self.default_seat},
        }

    def new(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """``POST /api/games``: start a game; answer its id and the person's view."""
        _only(body, ("game", "config", "seed", "seat", "bots"))
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
        return self._open(game, state, body, seed)

    def load(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """``POST /api/games/load``: continue a saved game; answer a new id and the view."""
        _only(body, ("saved", "seat", "bots"))
        saved = body.get("saved")
        if isinstance(saved, str):
            try:
                saved = json.loads(saved)
            except ValueError:
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
        return self._open(game, state, body, seed)

    def view(self, table_id: str, seat: object) -> dict[str, Any]:
        """``GET /api/games/ID?seat=N``: the person's view of the table."""
        table = self._table(table_id, seat)
        with table.lock:
            return self._view(table_id, table)

    def move(self, table_id: str, body: Mapping[str, Any]) -> dict[str, Any]:
        """``POST /api/games/ID/moves``: the person's move; answer what it did and the view."""
        _only(body, ("seat", "move"))
        table = self._table(table_id, body.get("seat"))
        game = table.game
        if "move" not in body:
            raise ApiError(400, "move: missing")
        text = body["move"]
        try:
            move = game.parse_move(text) if isinstance(text, str) else from_dict(text, game.Move)
        except SkullgamesError as error:
            raise ApiError(400, f"move: {error}") from None
        with table.lock:
            to_move = game.current_player(table.state)
            if to_move != table.seat:
                whose = "the game is over" if to_move is None else f"it is seat {to_move}'s turn"
                raise ApiError(409, f"not your turn: {whose}")
            try:
                event = self._apply(table, table.seat, move)
            except IllegalMoveError as error:
                raise ApiError(409, str(error)) from None
            return {"events": [event], "view": self._view(table_id, table)}

    def bots(self, table_id: str, body: Mapping[str, Any]) -> dict[str, Any]:
        """``POST /api/games/ID/bots``: the bots move until it is the person's turn again."""
        _only(body, ("seat",))
        table = self._table(table_id, body.get("seat"))
        game = table.game
        events = []
        with table.lock:
            for _ in range(_MAX_BOT_MOVES):
                seat = game.current_player(table.state)
                if seat is None or seat == table.seat:
                    break
                move = table.bots[seat].choose(game.observe(table.state, seat))
                events.append(self._apply(table, seat, move))
            return {"events": events, "view": self._view(table_id, table)}

    def save(self, table_id: str, seat: object) -> Any:
        """``GET /api/games/ID/save?seat=N``: the saved game, as ``skullgames.to_json``."""
        table = self._table(table_id, seat)
        with table.lock:
            return to_dict(table.state)

    # -- helpers -----------------------------------------------------------------------

    def _open(self, game: Any, state: Any, body: Mapping[str, Any], seed: int) -> dict[str, Any]:
        players = state.config.players
        seat = body.get("seat", self.default_seat if self.default_seat < players else 0)
        if type(seat) is not int or not 0 <= seat < players:
            raise ApiError(400, f"seat: 0 to {players - 1}, not {seat!r}")
        names = body.get("bots", list(self.default_bots))
        if (not isinstance(names, list) or not names
                or not all(isinstance(n, str) and n in game.bots for n in names)):
            raise ApiError(400, f"bots: a list of bot names ({', '.join(sorted(game.bots))}), "
                                f"not {names!r}")
        table = _Table(game, state, seat, names, seed)
        table_id = secrets.token_urlsafe(9)
        with self._lock:
            self._tables[table_id] = table
            while len(self._tables) > MAX_TABLES:
                self._tables.popitem(last=False)
        with table.lock:
            return self._view(table_id, table)

    def _table(self, table_id: str, seat: object) -> _Table:
        with self._lock:
            table = self._tables.get(table_id)
            if table is None:
                raise ApiError(404, f"no game {table_id!r} on this server")
            self._tables.move_to_end(table_id)
        if type(seat) is not int:
            raise ApiError(400, f"seat: your seat number, not {seat!r}")
        if seat != table.seat:
            raise ApiError(403, f"seat {seat} is not yours: you play seat {table.seat}")
        return table

    def _apply(self, table: _Table, seat: int, move: Any) -> dict[str, Any]:
        before = table.state
        after = table.game.apply(before, move)
        table.state = after
        event: dict[str, Any] = {"seat": seat, "move": str(move), "trick": None, "round": None}
        if after.last_trick is not before.last_trick and after.last_trick is not None:
            event["trick"] = to_dict(after.last_trick)
        if len(after.rounds) > len(before.rounds):
            summary = to_dict(after.rounds[-1])
            for bulky in ("deal", "tricks"):
                summary.pop(bulky, None)
            summary["points"] = list(after.rounds[-1].points)
            event["round"] = summary
        return event

    def _view(self, table_id: str, table: _Table) -> dict[str, Any]:
        game, state = table.game, table.state
        observation = game.observe(state, table.seat)
        document = to_dict(observation)
        document.pop("legal_moves", None)
        document.pop("config", None)
        over = game.is_over(state)
        return {
            "id": table_id,
            "game": game.name,
            "title": game.title,
            "seat": table.seat,
            "names": table.names,
            "config": to_dict(state.config),
            "seed": state.seed,
            "to_move": game.current_player(state),
            "over": over,
            "scores": list(game.scores(state)),
            "winners": list(game.winners(state)) if over else [],
            "legal_moves": [str(m) for m in observation.legal_moves],
            "observation": document,
            "svg": draw_table(observation),
        }


def _only(body: Mapping[str, Any], fields: Sequence[str]) -> None:
    unknown = sorted(set(body) - set(fields))
    if unknown:
        raise ApiError(400, f"unknown field {unknown[0]!r} (the fields are {', '.join(fields)})")


def _read(data: object, cls: Any, what: str) -> Any:
    try:
        return from_dict(data, cls)
    except SkullgamesError as error:
        raise ApiError(400, f"{what}: {error}") from None
