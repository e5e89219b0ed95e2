"""Where a server keeps its tables: a small interface, in memory or in SQLite.

A table is stored as one :class:`StoredTable`: who sits where, a hash of each person's
join token, and the saved game (``skullgames.to_json`` of the state: its config, its seed
and every move), which is replayed when the table is loaded again. The server writes a
table when it is made and after every accepted move, before it answers; so whatever a
client was told survives a restart, even a ``SIGKILL``.

:class:`TableStore` is the whole interface the server needs; :class:`SqliteStore` keeps
tables in a file (the standard library's ``sqlite3``), :class:`MemoryStore` in the process.
Another database (PostgreSQL, Redis, ...) needs one class with these seven methods, each
write durable before it returns.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Protocol

import attrs

__all__ = ["MemoryStore", "SqliteStore", "StoredTable", "TableStore", "default_db_path"]


@attrs.frozen
class StoredTable:
    """One table as it is stored.

    ``players`` names each seat's player (``"human"`` or a bot); ``token_hashes`` holds,
    by seat, the SHA-256 (hex) of each person's join token, never the token itself;
    ``client`` is the address that made the table; ``touched`` the time (seconds since the
    epoch) of its last move; ``moved`` whether a person has moved yet; ``over`` whether
    the game is over; ``saved`` the saved game; ``rematch`` the id of the table of its
    rematch, once a seat has asked for one.
    """

    id: str
    game: str
    players: tuple[str, ...]
    token_hashes: Mapping[int, str]
    client: str
    touched: float
    moved: bool
    over: bool
    saved: str
    rematch: str | None = None


class TableStore(Protocol):
    """What the server asks of a store. Each write is durable when it returns."""

    def add(self, table: StoredTable) -> None:
        """Keep a new table."""

    def update(self, table: StoredTable) -> None:
        """Replace the table of the same id (all but its seats and tokens)."""

    def get(self, table_id: str) -> StoredTable | None:
        """The table ``table_id``, or ``None``."""

    def running(self) -> list[StoredTable]:
        """Every table whose game is not over (a server loads them when it starts)."""

    def drop(self, table_ids: list[str]) -> None:
        """Forget these tables."""

    def finished(self) -> list[tuple[str, float]]:
        """The id and ``touched`` of every table whose game is over, the oldest first."""

    def close(self) -> None:
        """Let go of the database (the server has stopped)."""


class MemoryStore:
    """Tables in this process only: they end with it (:func:`make_server`'s default)."""

    def __init__(self) -> None:
        self._tables: dict[str, StoredTable] = {}
        self._lock = threading.Lock()

    def add(self, table: StoredTable) -> None:
        with self._lock:
            self._tables[table.id] = table

    update = add

    def get(self, table_id: str) -> StoredTable | None:
        with self._lock:
            return self._tables.get(table_id)

    def running(self) -> list[StoredTable]:
        with self._lock:
            return [t for t in self._tables.values() if not t.over]

    def drop(self, table_ids: list[str]) -> None:
        with self._lock:
            for table_id in table_ids:
                self._tables.pop(table_id, None)

    def finished(self) -> list[tuple[str, float]]:
        with self._lock:
            return sorted(((t.id, t.touched) for t in self._tables.values() if t.over),
                          key=lambda found: found[1])

    def close(self) -> None:
        """Nothing to let go of."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players TEXT NOT NULL,
    token_hashes TEXT NOT NULL,
    client TEXT NOT NULL,
    touched REAL NOT NULL,
    moved INTEGER NOT NULL,
    over INTEGER NOT NULL,
    saved TEXT NOT NULL,
    rematch TEXT
);
CREATE INDEX IF NOT EXISTS tables_over ON tables (over, touched);
"""
_COLUMNS = "id, game, players, token_hashes, client, touched, moved, over, saved, rematch"


class SqliteStore:
    """Tables in an SQLite file, one row each; every write is committed before it returns.

    The file is in WAL mode with ``synchronous=FULL``: a commit survives the process being
    killed and the machine losing power. One connection, used by one thread at a time.
    ``path`` ``":memory:"`` keeps the tables in memory.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None,
                                   timeout=30)
        self._lock = threading.Lock()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(_SCHEMA)
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
            if "rematch" not in columns:  # a file from before rematches were stored
                self._db.execute("ALTER TABLE tables ADD COLUMN rematch TEXT")

    def add(self, table: StoredTable) -> None:
        with self._lock, self._transaction():
            self._db.execute(f"INSERT INTO tables ({_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?)",
                             _row(table))

    def update(self, table: StoredTable) -> None:
        with self._lock, self._transaction():
            self._db.execute(
                "UPDATE tables SET touched=?, moved=?, over=?, saved=?, rematch=? WHERE id=?",
                (table.touched, int(table.moved), int(table.over), table.saved, table.rematch,
                 table.id))

    def get(self, table_id: str) -> StoredTable | None:
        with self._lock:
            row = self._db.execute(f"SELECT {_COLUMNS} FROM tables WHERE id=?",
                                   (table_id,)).fetchone()
        return None if row is None else _table(row)

    def running(self) -> list[StoredTable]:
        with self._lock:
            rows = self._db.execute(f"SELECT {_COLUMNS} FROM tables WHERE over=0").fetchall()
        return [_table(row) for row in rows]

    def drop(self, table_ids: list[str]) -> None:
        with self._lock, self._transaction():
            self._db.executemany("DELETE FROM tables WHERE id=?", [(i,) for i in table_ids])

    def finished(self) -> list[tuple[str, float]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, touched FROM tables WHERE over=1 ORDER BY touched").fetchall()
        return [(str(i), float(t)) for i, t in rows]

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on an error)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")


def _row(table: StoredTable) -> tuple[object, ...]:
    return (table.id, table.game, json.dumps(list(table.players)),
            json.dumps({str(seat): h for seat, h in table.token_hashes.items()}),
            table.client, table.touched, int(table.moved), int(table.over), table.saved,
            table.rematch)


def _table(row: tuple[object, ...]) -> StoredTable:
    table_id, game, players, hashes, client, touched, moved, over, saved, rematch = row
    return StoredTable(
        id=str(table_id), game=str(game), players=tuple(json.loads(str(players))),
        token_hashes={int(seat): str(h) for seat, h in json.loads(str(hashes)).items()},
        client=str(client), touched=float(str(touched)), moved=bool(moved), over=bool(over),
        saved=str(saved), rematch=None if rematch is None else str(rematch))


def default_db_path(environ: Mapping[str, str] | None = None,
                    platform: str | None = None) -> Path:
    """Where ``skullgames serve`` keeps its tables unless told (``--db``).

    ``skullgames/tables.sqlite3`` in the user's data folder: ``$XDG_DATA_HOME`` (by
    default ``~/.local/share``) on Linux and the other Unixes,
    ``~/Library/Application Support`` on macOS, ``%LOCALAPPDATA%`` on Windows.
    """
    env = os.environ if environ is None else environ
    system = sys.platform if platform is None else platform
    home = Path(env.get("HOME") or Path.home())
    if system.startswith("win"):
        base = Path(env.get("LOCALAPPDATA") or home / "AppData" / "Local")
    elif system == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(env.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / "skullgames" / "tables.sqlite3"
