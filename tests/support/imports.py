"""Whether a package outside the library uses only skullgames' public names.

A game written as a plug-in (``tests/fixtures/...``, or a stranger's package) builds on
:mod:`skullgames.plugins` and the rest of the public API. :func:`private_uses` reads each
of its modules with :mod:`ast` and names every use of something private of skullgames: a
private module (``skullgames._codec``, ``skullgames.rl._layout``), a private name taken
from a public one (``from skullgames.king.moves import _CANONICAL``), a private
attribute reached through ``skullgames`` (``skullgames.cli._games``), and the
``"module:attribute"`` texts that entry parts resolve (a lazy import is still an import).
Imports under ``if TYPE_CHECKING:`` are uses too: a type checker reads them.

Attribute use on the library's classes counts as well (issue 49): in a class that derives
from one of skullgames' classes, a private attribute of ``self``, ``cls`` or ``super()``
that the class does not define itself (``self._read``, ``super()._deal``), and a private
method or attribute of the library's class that the class overrides (``def _new_round``),
are uses of ``Base._name``. The library's class is imported to know its private names:
those it defines (its class attributes) and those its methods set on ``self``.
"""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
import re
import textwrap
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


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


@functools.cache
def _private_names_of(dotted: str) -> frozenset[str]:
    """The private names of the library's class ``dotted``: defined on it or set on ``self``."""
    module, _, name = dotted.rpartition(".")
    try:
        cls = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return frozenset()
    if not isinstance(cls, type):
        return frozenset()
    names: set[str] = set()
    for klass in cls.__mro__:
        if not klass.__module__.startswith("skullgames"):
            continue
        names.update(n for n in vars(klass) if _is_private(n))
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(klass)))
        except (OSError, TypeError, SyntaxError):
            continue
        names.update(_set_on_self(tree))
    return frozenset(names)


def _set_on_self(tree: ast.AST) -> set[str]:
    """The private attributes that ``tree`` sets on ``self`` (``self._x = ...``)."""
    return {node.attr for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name) and node.value.id == "self"
            and _is_private(node.attr)}


def _class_uses(tree: ast.AST, bound: dict[str, str]) -> list[tuple[int, str]]:
    """Private attributes of the library's classes that subclasses in ``tree`` use."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        bases = [text for base in node.bases
                 if (text := _base_text(base, bound)) is not None]
        if not bases:
            continue
        library = {name: base for base in bases for name in _private_names_of(base)}
        defined = _defined_in(node)
        own = _set_on_self(node) | set(defined)
        for name in sorted(own & set(library)):  # a private name of the base, overridden
            found.append((defined.get(name, node.lineno), f"{library[name]}.{name}"))
        for item in ast.walk(node):
            if not (isinstance(item, ast.Attribute) and _is_private(item.attr)):
                continue
            target = item.value
            via_self = isinstance(target, ast.Name) and target.id in ("self", "cls")
            via_super = (isinstance(target, ast.Call) and isinstance(target.func, ast.Name)
                         and target.func.id == "super")
            if via_super or (via_self and item.attr not in own):
                base = library.get(item.attr, bases[0])
                found.append((item.lineno, f"{base}.{item.attr}"))
    return found


def _defined_in(node: ast.ClassDef) -> dict[str, int]:
    """The names a class body defines (methods, class attributes), with their lines."""
    defined: dict[str, int] = {}
    for item in node.body:
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
            defined[item.name] = item.lineno
        targets = (item.targets if isinstance(item, ast.Assign)
                   else [item.target] if isinstance(item, ast.AnnAssign) else [])
        for target in targets:
            if isinstance(target, ast.Name):
                defined[target.id] = item.lineno
    return defined


def _base_text(base: ast.expr, bound: dict[str, str]) -> str | None:
    """The dotted name of a base class of skullgames (``Steps`` bound by an import)."""
    if isinstance(base, ast.Name) and base.id in bound:
        text: str | None = bound[base.id]
    elif isinstance(base, ast.Attribute):
        text = _attribute_text(base, bound)
    else:
        return None
    return text if text is not None and text.split(".")[0] == "skullgames" else None


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
        for line, name in sorted(set(_uses(tree)) | set(_class_uses(tree, _bound(tree)))):
            if _private(name):
                problems.append(f"{path.relative_to(root).as_posix()}:{line}: {name}")
    return problems
