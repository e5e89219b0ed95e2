"""Whether a package outside the library uses only skullgames' public names.

A game written as a plug-in (``tests/fixtures/...``, or a stranger's package) builds on
:mod:`skullgames.plugins` and the rest of the public API. :func:`private_uses` reads each
of its modules with :mod:`ast` and names every use of something private of skullgames: a
private module (``skullgames._codec``, ``skullgames.rl._layout``), a private name taken
from a public one (``from skullgames.king.moves import _CANONICAL``), a private
attribute reached through ``skullgames`` (``skullgames.cli._games``), and the
``"module:attribute"`` texts that entry parts resolve (a lazy import is still an import).
Imports under ``if TYPE_CHECKING:`` are uses too: a type checker reads them.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

__all__ = ["private_uses"]

_PATH_TEXT = re.compile(r"(skullgames(?:\.\w+)+)(?::([\w.]+))?")


def _private(dotted: str) -> bool:
    """Whether a dotted name of skullgames has a part named ``_x`` (not ``__x__``)."""
    parts = dotted.split(".")
    return parts[0] == "skullgames" and any(
        part.startswith("_") and not (part.startswith("__") and part.endswith("__"))
        for part in parts[1:])


def _bound(tree: ast.AST) -> dict[str, str]:
    """The local names that imports bind to a module or name of skullgames, by dotted name.

    ``import skullgames.rl as rl`` binds ``rl``; ``import skullgames.rl`` binds
    ``skullgames``; ``from skullgames import rl`` binds ``rl``.
    """
    bound = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname is not None:
                    bound[alias.asname] = alias.name
                else:
                    first = alias.name.partition(".")[0]
                    bound[first] = first
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for alias in node.names:
                bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return bound


def _attribute_text(node: ast.Attribute, bound: dict[str, str]) -> str | None:
    """``a.b.c`` of an attribute chain rooted at an imported name, else ``None``."""
    names = [node.attr]
    value = node.value
    while isinstance(value, ast.Attribute):
        names.append(value.attr)
        value = value.value
    if not isinstance(value, ast.Name) or value.id not in bound:
        return None
    return ".".join([bound[value.id], *reversed(names)])


def _uses(tree: ast.AST) -> list[tuple[int, str]]:
    """``(line, dotted name)`` of each name of skullgames that ``tree`` uses."""
    found: list[tuple[int, str]] = []
    bound = _bound(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names
                      if alias.name != "*"]
        elif isinstance(node, ast.Attribute):
            text = _attribute_text(node, bound)
            if text is not None:
                found.append((node.lineno, text))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            match = _PATH_TEXT.fullmatch(node.value)
            if match is not None:
                module, attribute = match.groups()
                found.append((node.lineno, f"{module}.{attribute}" if attribute else module))
    return [(line, name) for line, name in found if name.split(".")[0] == "skullgames"]


def private_uses(package: Path) -> list[str]:
    """``file:line: name`` for each private name of skullgames used under ``package``.

    ``package`` is a folder of Python files (a package, or a tree of them) or one file;
    the files are read, not imported. An empty list: the package uses only public names.
    """
    paths = [package] if package.is_file() else sorted(package.rglob("*.py"))
    root = package.parent if package.is_file() else package
    problems = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for line, name in sorted(set(_uses(tree))):
            if _private(name):
                problems.append(f"{path.relative_to(root).as_posix()}:{line}: {name}")
    return problems
