"""The games of installed packages: loaded when asked for, left out when they fail.

A package adds a game through an entry point of the group ``skullgames.games``. The
entry points' names are metadata, read without importing anything (:func:`names`); a
game is imported only when it is asked for: a look-up of a name that is not registered
loads the entry points of that name alone (:func:`load`), and only listing every game
loads them all. Whatever goes wrong while one is read (a value that is no
``module:attribute``, a missing module, an exception, ``SystemExit`` or
``KeyboardInterrupt`` while its module runs, a value that is no :class:`~skullgames.Game`,
a game the contract refuses) becomes one :class:`~skullgames.errors.GameLoadWarning`
naming the distribution, the entry point and the cause, and the game is left out.

The warning is attributed to the first line of the caller's own code (the first frame
outside skullgames and the standard library), or to nothing (``sys:1``), never to a line
of the standard library. It is given once per process tree: the process that gives it
notes it in an environment variable, which the processes it starts (simulation workers)
inherit, so that they stay silent about it.
"""

from __future__ import annotations

import os
import sys
import sysconfig
import warnings
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path
from types import FrameType

from skullgames import _registered
from skullgames._entry import Game
from skullgames._registered import ENTRY_POINT_GROUP
from skullgames.errors import ConfigError, GameLoadWarning
from skullgames.plugins.check import check_game

__all__ = ["REPORTED", "load", "load_owners", "names", "pending"]

REPORTED = "SKULLGAMES_REPORTED_GAMES"
"""The environment variable that lists the entry points reported already in this process
tree (``distribution:name``, separated by ``;``)."""

_points: dict[str, list[metadata.EntryPoint]] | None = None  # None: metadata not read yet
_tried: set[str] = set()  # the packages of the entry points loaded so far (or tried)
_HERE = str(Path(__file__).resolve().parent) + os.sep
_STANDARD = tuple({str(Path(sysconfig.get_paths()[key]).resolve())
                   for key in ("stdlib", "platstdlib")})
_INSTALLED = tuple({str(Path(sysconfig.get_paths()[key]).resolve())
                    for key in ("purelib", "platlib")})


def _read() -> dict[str, list[metadata.EntryPoint]]:
    """The entry points not loaded yet, by name (the group's metadata, read once)."""
    global _points
    if _points is None:
        found: dict[str, list[metadata.EntryPoint]] = {}
        try:
            points = list(metadata.entry_points(group=ENTRY_POINT_GROUP))
        except Exception as error:  # an installed distribution's metadata cannot be read
            _points = found
            _warn("?", "?", f"the installed packages' entry points cannot be read "
                            f"({type(error).__name__}: {error})")
            return found
        for point in points:
            found.setdefault(point.name, []).append(point)
        _points = found
    return _points


def names() -> list[str]:
    """The names of the installed games not loaded yet, importing nothing."""
    with _registered._lock:
        return list(_read())


def pending() -> bool:
    """Whether an installed game is not loaded yet (reading the metadata, importing nothing)."""
    with _registered._lock:
        return bool(_read())


def load_owners(modules: Iterable[str]) -> None:
    """Register the installed games not loaded yet whose classes ``modules`` may hold.

    A game's classes are expected in the package of its entry point's module
    (``skull_jack.state`` for ``jack = skull_jack.entry:ENTRY``): the entry points of the
    packages of ``modules`` are loaded, and only those. A module of no entry point's
    package, loaded or not, may be any game's: then every entry point is loaded.
    """
    with _registered._lock:
        points = _read()
        owners = [name for name, found in points.items()
                  if any(_holds(_package(point), module)
                         for point in found for module in modules)]
        known = any(_holds(package, module) for package in _tried for module in modules)
        if not owners and not known:
            load(None)
        for name in owners:
            load(name)


def _holds(package: str, module: str) -> bool:
    return bool(package) and (module == package or module.startswith(package + "."))


def _package(point: metadata.EntryPoint) -> str:
    """The package that holds the module of ``point`` (its top-level one), or ``""``."""
    found = point.pattern.fullmatch(point.value)
    if found is None:
        return ""
    module: str = found["module"]
    top = module.partition(".")[0]
    return module.rpartition(".")[0] if top == "skullgames" else top


def load(name: str | None) -> None:
    """Register the installed games called ``name`` (``None``: every one), each once.

    Called by ``skullgames._registered`` under its lock (reentrant), when a name that is
    not registered is looked up or the games are listed. A plug-in whose module looks a
    game up while it is imported gets it: another installed game is loaded then, inside
    this one's loading. One whose module is being imported right now (the plug-in that
    looks itself up, or whose package was imported before ``skullgames``) waits for the
    next look-up, so that the order in which a plug-in and ``skullgames`` are imported
    does not matter.
    """
    points = _read()
    wanted = list(points) if name is None else [name] if name in points else []
    for each in wanted:
        for point in list(points.get(each, ())):
            if point not in points.get(each, ()) or _being_imported(point):
                continue  # loaded already, inside another one's loading; or on its way
            points[each].remove(point)
            _tried.add(_package(point))
            problem = _load(point)
            if problem is not None:
                _warn(_distribution(point), f"{point.name} = {point.value}", problem)
        if each in points and not points[each]:
            del points[each]


def _distribution(point: metadata.EntryPoint) -> str:
    dist = getattr(point, "dist", None)
    return str(getattr(dist, "name", None) or "?")


def _load(point: metadata.EntryPoint) -> str | None:
    """Register the game of one entry point; what went wrong, or ``None``."""
    if point.pattern.fullmatch(point.value) is None:
        return "its value is not of the form 'module:attribute'"
    try:
        entry = point.load()
    except (Exception, SystemExit, KeyboardInterrupt) as error:
        if isinstance(error, SystemExit):
            return f"its module exits while it is imported (SystemExit: {error.code})"
        if isinstance(error, KeyboardInterrupt):
            return "its import was interrupted (KeyboardInterrupt)"
        return f"it cannot be loaded ({type(error).__name__}: {error})"
    if not isinstance(entry, Game):
        return f"it is not a skullgames.Game but {type(entry).__name__}"
    if _registered.loaded_game(entry.name) is entry:
        return None  # its module registered it while it was imported
    try:
        entry.check()
        check_game(entry)
        _registered.add_game(entry)
    except ConfigError as error:
        return str(error)
    return None


def _being_imported(point: metadata.EntryPoint) -> bool:
    """Whether the module of ``point``, or a package holding it, is being imported now."""
    found = point.pattern.fullmatch(point.value)
    if found is None:
        return False
    parts = found["module"].split(".")
    for end in range(1, len(parts) + 1):
        module = sys.modules.get(".".join(parts[:end]))
        if getattr(getattr(module, "__spec__", None), "_initializing", False):
            return True
    return False


def _warn(distribution: str, point: str, problem: str) -> None:
    """Give the :class:`GameLoadWarning` of one entry point, once per process tree."""
    key = f"{distribution}:{point.partition(' = ')[0]}"
    reported = [k for k in os.environ.get(REPORTED, "").split(";") if k]
    if key in reported:
        return
    os.environ[REPORTED] = ";".join([*reported, key])
    message = GameLoadWarning(f"skullgames: the game of the entry point {point!r} of the "
                              f"distribution {distribution!r} is left out: {problem}")
    frame = _caller()
    if frame is None:
        warnings.warn_explicit(message, GameLoadWarning, "sys", 1, module="sys")
        return
    registry = frame.f_globals.setdefault("__warningregistry__", {})
    warnings.warn_explicit(message, GameLoadWarning, frame.f_code.co_filename,
                           frame.f_lineno, module=frame.f_globals.get("__name__"),
                           registry=registry)


def _caller() -> FrameType | None:
    """The first frame of the caller's own code.

    Neither skullgames, nor cattrs (through which the JSON converter loads a game), nor
    the standard library.
    """
    frame: FrameType | None = sys._getframe(1)
    while frame is not None and not _own_code(frame):
        frame = frame.f_back
    return frame


def _own_code(frame: FrameType) -> bool:
    filename = frame.f_code.co_filename
    module = str(frame.f_globals.get("__name__") or "")
    if filename.startswith(("<frozen ", "<cattrs ", _HERE)) or module.startswith("cattrs"):
        return False
    if filename.startswith("<"):
        return True  # python -c, an interactive session
    path = str(Path(filename).resolve())
    return path.startswith(_INSTALLED) or not path.startswith(_STANDARD)
