"""Where a server keeps its tables: a small interface, in memory or in SQLite.

A table is stored as one :class:`StoredTable`: who sits where, a hash of each person's
join token, and the saved game (``skullgames.to_json`` of the state: its config, its seed
and every move), which is replayed when the table is loaded again. The server writes a
table when it is made and after every accepted move, before it answers; so whatever a
client was told survives a restart, even a ``SIGKILL``.

:class:`TableStore` is the whole interface the server needs; :class:`SqliteStore` keeps
tables in a file (the standard library's ``sqlite3``), :class:`MemoryStore` in the process.
Another database (PostgreSQL, Redis, ...) needs one class with these seven methods, each
write durable before it returns; a store may list in ``unreadable`` the ids of rows it
could not read (the server names them, and serves the others).

One server per file: a server answers from the tables it holds in memory, so a second
server on the same file would answer from its stale copy and overwrite moves the first
one acknowledged. :class:`SqliteStore` therefore takes an exclusive lock on a side file
(``FILE.lock``) as it opens, and a second one on the same file is refused at once
(:class:`~skullgames.ConfigError`). The lock is the operating system's (``flock``), held by
the open file: it ends with the process, so a server that crashed never blocks the next.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Protocol

import attrs

from skullgames.errors import ConfigError

__all__ = ["BUSY_SECONDS", "MemoryStore", "SqliteStore", "StoreError", "StoredTable",
           "TableStore", "default_db_path"]

BUSY_SECONDS = 2.0
"""The longest a store operation waits for a database another program has locked; beyond
it the operation fails (:class:`StoreError`, a 503 to the client)."""


class StoreError(Exception):
    """A store operation that failed: the database is locked, gone, or full.

    The server answers 503, and the request may be tried again.
    """


@attrs.frozen
class StoredTable:
    """One table as it is stored.

    ``players`` names each seat's player (``"human"`` or a bot); ``token_hashes`` holds,
    by seat, the SHA-256 (hex) of each person's join token, never the token itself;
    ``client`` is the address that made the table; ``touched`` the time (seconds since the
    epoch) of its last move; ``moved`` whether a person has moved yet; ``over`` whether
    the game is over; ``saved`` the saved game; ``rematch`` the id of the table of its
    rematch, once a seat has asked for one; ``hints`` whether its people may ask for the
    expert's hints even with other people at the table (a person alone with bots always
    may).
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
    hints: bool = False


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
        self.unreadable: list[str] = []
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
    rematch TEXT,
    hints INTEGER NOT NULL DEFAULT 0
);
"""
_INDEX = "CREATE INDEX IF NOT EXISTS tables_over ON tables (over, touched)"
_COLUMNS = ("id, game, players, token_hashes, client, touched, moved, over, saved, rematch, "
            "hints")


class SqliteStore:
    """Tables in an SQLite file, one row each; every write is committed before it returns.

    The file is in WAL mode with ``synchronous=FULL``: a commit survives the process being
    killed and the machine losing power. One connection, used by one thread at a time.
    ``path`` ``":memory:"`` keeps the tables in memory. A file that cannot be used (no
    database, another program's, read-only, a folder, in use by another server) is a
    :class:`~skullgames.ConfigError` naming the path and the cause. ``lock=False`` skips
    the one-server-per-file lock: only for a program that reads the file beside a server.
    An operation that finds the file locked by another program gives up after
    :data:`BUSY_SECONDS` (:class:`StoreError`).
    """

    def __init__(self, path: str | os.PathLike[str], *, lock: bool = True) -> None:
        self.path = str(path)
        self.unreadable: list[str] = []
        """The ids of rows whose seats, token hashes or time could not be read."""
        self._held: IO[bytes] | None = None
        if not self.path:
            raise ConfigError("db: an empty path; name a file (or ':memory:' for none)")
        try:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
                if Path(self.path).is_dir():
                    raise ConfigError(f"cannot keep tables in {self.path}: it is a folder")
                if Path(self.path).exists() and not Path(self.path).is_file():
                    raise ConfigError(f"cannot keep tables in {self.path}: it is not a file")
                if lock:
                    self._held = _lock(self.path)
            self._db = sqlite3.connect(self.path, check_same_thread=False,
                                       isolation_level=None, timeout=BUSY_SECONDS)
            self._lock = threading.Lock()
            self._open()
        except (sqlite3.Error, OSError) as error:
            self._release()
            cause = getattr(error, "strerror", None) or str(error)
            raise ConfigError(f"cannot keep tables in {self.path}: {cause}") from None
        except ConfigError:
            self._release()
            raise

    def _open(self) -> None:
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(_SCHEMA)
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
            missing = set(_COLUMNS.split(", ")) - columns - {"rematch", "hints"}
            if missing:
                raise ConfigError(f"cannot keep tables in {self.path}: its 'tables' table is "
                                  f"another program's (no {', '.join(sorted(missing))})")
            if "rematch" not in columns:  # a file from before rematches were stored
                self._db.execute("ALTER TABLE tables ADD COLUMN rematch TEXT")
            if "hints" not in columns:  # a file from before hints were stored
                self._db.execute("ALTER TABLE tables ADD COLUMN hints INTEGER NOT NULL "
                                 "DEFAULT 0")
            self._db.execute(_INDEX)
            if self.path != ":memory:":  # a write now: a read-only file is refused at once
                version = int(self._db.execute("PRAGMA user_version").fetchone()[0])
                with self._transaction():
                    self._db.execute(f"PRAGMA user_version={version}")

    def _release(self) -> None:
        if "_db" in vars(self):
            self._db.close()
        if self._held is not None:
            self._held.close()
            self._held = None

    def add(self, table: StoredTable) -> None:
        with self._lock, _failing(), self._transaction():
            self._db.execute(f"INSERT INTO tables ({_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                             _row(table))

    def update(self, table: StoredTable) -> None:
        with self._lock, _failing(), self._transaction():
            self._db.execute(
                "UPDATE tables SET touched=?, moved=?, over=?, saved=?, rematch=? WHERE id=?",
                (table.touched, int(table.moved), int(table.over), table.saved, table.rematch,
                 table.id))

    def get(self, table_id: str) -> StoredTable | None:
        with self._lock, _failing():
            row = self._db.execute(f"SELECT {_COLUMNS} FROM tables WHERE id=?",
                                   (table_id,)).fetchone()
        return None if row is None else self._read(row)

    def running(self) -> list[StoredTable]:
        with self._lock, _failing():
            rows = self._db.execute(f"SELECT {_COLUMNS} FROM tables WHERE over=0").fetchall()
        read = (self._read(row) for row in rows)
        return [table for table in read if table is not None]

    def _read(self, row: tuple[object, ...]) -> StoredTable | None:
        """The row as a table, or ``None`` (its id noted in :attr:`unreadable`)."""
        try:
            return _table(row)
        except (ValueError, TypeError, AttributeError, RecursionError):
            if str(row[0]) not in self.unreadable:
                self.unreadable.append(str(row[0]))
            return None

    def drop(self, table_ids: list[str]) -> None:
        with self._lock, _failing(), self._transaction():
            self._db.executemany("DELETE FROM tables WHERE id=?", [(i,) for i in table_ids])

    def finished(self) -> list[tuple[str, float]]:
        with self._lock, _failing():
            rows = self._db.execute(
                "SELECT id, touched FROM tables WHERE over=1 ORDER BY touched").fetchall()
        return [(str(i), float(t)) for i, t in rows]

    def close(self) -> None:
        """Close the file, and let go of its lock."""
        with self._lock:
            self._release()

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


class _failing:
    """Turns the database's errors into :class:`StoreError` (the server answers 503)."""

    def __enter__(self) -> None:
        pass

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        if isinstance(error, sqlite3.Error):
            raise StoreError(str(error)) from None


def _lock(path: str) -> IO[bytes]:
    """The side file ``PATH.lock``, opened and locked (exclusive, not waiting).

    A :class:`~skullgames.ConfigError` when another process holds it. The lock goes with
    the open file: closing it, or the end of the process however it ends, lets it go.
    """
    held = open(f"{path}.lock", "a+b")  # noqa: SIM115 (held until close)
    try:
        if sys.platform.startswith("win"):
            import msvcrt

            held.seek(0)
            msvcrt.locking(held.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(held.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        held.close()
        raise ConfigError(f"{path} is in use by another server (one server per file: "
                          "give this one another --db)") from None
    return held


def _row(table: StoredTable) -> tuple[object, ...]:
    return (table.id, table.game, json.dumps(list(table.players)),
            json.dumps({str(seat): h for seat, h in table.token_hashes.items()}),
            table.client, table.touched, int(table.moved), int(table.over), table.saved,
            table.rematch, int(table.hints))


def _table(row: tuple[object, ...]) -> StoredTable:
    """A row as a table; ``ValueError`` (or ``TypeError``) for a malformed one."""
    table_id, game, players, hashes, client, touched, moved, over, saved, rematch, hints = row
    seats = json.loads(str(players))
    if not isinstance(seats, list) or not all(isinstance(p, str) for p in seats):
        raise ValueError(f"players: a list of names, not {str(players)[:40]!r}")
    found = json.loads(str(hashes))
    if not isinstance(found, dict) or not all(isinstance(h, str) for h in found.values()):
        raise ValueError(f"token_hashes: an object of hashes, not {str(hashes)[:40]!r}")
    when = float(str(touched))
    if when != when or when in (float("inf"), float("-inf")):
        raise ValueError(f"touched: a time, not {touched!r}")
    return StoredTable(
        id=str(table_id), game=str(game), players=tuple(seats),
        token_hashes={int(seat): h for seat, h in found.items()},
        client=str(client), touched=when, moved=bool(moved), over=bool(over),
        saved=str(saved), rematch=None if rematch is None else str(rematch),
        hints=bool(hints))


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
