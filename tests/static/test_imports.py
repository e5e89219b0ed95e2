"""The import graph of ``src/skullgames``: no circles, lazy or not, and no private module
imported from outside its own package.

Every module's imports are read with :mod:`ast`, those inside functions included, and so
are the modules named by text: ``importlib.import_module("...")`` and the
``"skullgames.x.y:attribute"`` paths that game entries resolve on first use (a lazy
import is still an import). Only ``if TYPE_CHECKING:`` blocks are left out: they never
run. Importing ``a.b.c`` is an edge to ``a.b.c`` only, not to the package ``a.b`` whose
``__init__`` Python runs first: a package's ``__init__`` re-exports its modules, and the
edge that matters is the one the source spells.

A module called ``_name`` belongs to the package that holds it: only modules inside that
package (at any depth) may import it. ``skullgames._json`` is the whole library's;
``skullgames.king._serialize`` is Skull King's alone.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from tests.support.imports import private_uses

SRC = Path(__file__).resolve().parents[2] / "src"

_PATH_TEXT = re.compile(r"(skullgames(?:\.\w+)+)(?::[\w.]+)?")


def module_names(src: Path) -> dict[str, Path]:
    """Every module under ``src`` by its dotted name (a package by its own name)."""
    found = {}
    for path in sorted(src.rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node of ``tree`` but those under ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                stack.extend(child.orelse)
                continue
            stack.append(child)


def imported(name: str, path: Path, modules: Iterable[str]) -> set[str]:
    """The modules of ``modules`` that module ``name`` (at ``path``) imports."""
    known = set(modules)
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    targets: set[str] = set()
    pieces = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
              for part in node.values}  # an f-string's text: named_by_convention's job

    def add(dotted: str) -> None:
        # The module itself, else the longest package holding it that is ours.
        while dotted and dotted not in known:
            dotted = dotted.rpartition(".")[0]
        if dotted and dotted != name:
            targets.add(dotted)

    for node in _nodes(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = name if is_package else name.rpartition(".")[0]
                for _ in range(node.level - 1):
                    package = package.rpartition(".")[0]
                base = f"{package}.{base}" if base else package
            for alias in node.names:
                full = f"{base}.{alias.name}"
                add(full if full in known else base)
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and id(node) not in pieces):
            match = _PATH_TEXT.fullmatch(node.value)
            if match is not None and match.group(1) in known:  # a module's path, exactly
                add(match.group(1))
    return targets


def import_graph(src: Path) -> dict[str, set[str]]:
    """Each module of ``src`` and the modules it imports."""
    modules = module_names(src)
    return {name: imported(name, path, modules) for name, path in modules.items()}


def named_by_convention(src: Path) -> list[str]:
    """``import_module`` calls whose module name is built from pieces (``f"x._{name}"``).

    Such a name hides an edge from the graph (and a table of games from the registry).
    """
    found = []
    for name, path in module_names(src).items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "import_module" and node.args
                    and isinstance(node.args[0], ast.JoinedStr)):
                found.append(f"{name}:{node.lineno}")
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    counter = 0

    def visit(root: str) -> None:
        nonlocal counter
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        components.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(components)


def a_path_around(component: list[str], graph: dict[str, set[str]]) -> list[str]:
    """One circle through the first module of ``component``, for the failure message."""
    start, members = component[0], set(component)
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for child in sorted(graph[node] & members):
            if child == start:
                return [*paths[node], start]
            if child not in paths:
                paths[child] = [*paths[node], child]
                queue.append(child)
    return component  # pragma: no cover - a component always has a circle


def private_imports(graph: dict[str, set[str]]) -> list[str]:
    """``importer -> module`` for each private module imported from outside its package."""
    found = []
    for importer, targets in graph.items():
        for target in sorted(targets):
            parts = target.split(".")
            for i, part in enumerate(parts):
                if part.startswith("_") and not part.startswith("__"):
                    owner = ".".join(parts[:i])
                    if importer != owner and not importer.startswith(owner + "."):
                        found.append(f"{importer} -> {target}")
                    break
    return sorted(found)


def test_no_module_of_the_library_is_in_an_import_circle() -> None:
    graph = import_graph(SRC)
    circles = [" -> ".join(a_path_around(c, graph)) for c in cycles(graph)]
    assert circles == []


# The list of the modules the compiled build compiles names them, private ones included, and
# imports each to tell whether it was loaded from a C extension: a build's list, not a use.
_BUILD_LIST = "skullgames._compiled -> "


def test_no_private_module_is_imported_from_outside_its_package() -> None:
    found = private_imports(import_graph(SRC))
    assert [f for f in found if not f.startswith(_BUILD_LIST)] == []
    assert any(f.startswith(_BUILD_LIST) for f in found)  # the exception is still needed


def test_no_module_is_imported_by_a_name_built_from_pieces() -> None:
    assert named_by_convention(SRC) == []


# The checks themselves, on small made-up trees: each finds what it is there to find.


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_a_circle_closed_inside_a_function_is_found(tmp_path: Path) -> None:
    src = write(tmp_path, {
        "skullgames/__init__.py": "",
        "skullgames/game/__init__.py": "from skullgames.game.state import State\n",
        "skullgames/game/state.py": "class State:\n    def picture(self):\n"
                                    "        from skullgames.svg import table\n",
        "skullgames/svg/__init__.py": "from skullgames.registry import GAMES\n",
        "skullgames/registry.py": "from skullgames import game\nGAMES = {}\n",
    })
    graph = import_graph(src)
    found = cycles(graph)
    assert found == [["skullgames.game", "skullgames.game.state", "skullgames.registry",
                      "skullgames.svg"]]
    assert a_path_around(found[0], graph) == [
        "skullgames.game", "skullgames.game.state", "skullgames.svg", "skullgames.registry",
        "skullgames.game"]


def test_a_circle_through_a_lazy_module_path_or_import_module_is_found(tmp_path: Path
                                                                       ) -> None:
    src = write(tmp_path, {
        "skullgames/__init__.py": "",
        "skullgames/entry.py": 'PARTS = {"draw": "skullgames.tool:draw"}\n',
        "skullgames/tool.py": "import importlib\n"
                              "def draw():\n"
                              "    importlib.import_module('skullgames.entry')\n",
    })
    assert cycles(import_graph(src)) == [["skullgames.entry", "skullgames.tool"]]


def test_imports_only_for_type_checkers_make_no_circle(tmp_path: Path) -> None:
    src = write(tmp_path, {
        "skullgames/__init__.py": "",
        "skullgames/a.py": "from typing import TYPE_CHECKING\n"
                           "if TYPE_CHECKING:\n    from skullgames.b import B\n",
        "skullgames/b.py": "from skullgames import a\n",
    })
    assert cycles(import_graph(src)) == []


@pytest.mark.parametrize(("importer", "allowed"), [
    ("skullgames/registry.py", False),        # another package: refused
    ("skullgames/game/json.py", True),        # the same package
    ("skullgames/game/deep/inner.py", True),  # a package inside it
])
def test_a_private_module_may_be_imported_only_inside_its_package(
        tmp_path: Path, importer: str, allowed: bool) -> None:
    src = write(tmp_path, {
        "skullgames/__init__.py": "",
        "skullgames/_shared.py": "",
        "skullgames/game/__init__.py": "",
        "skullgames/game/_serialize.py": "",
        "skullgames/game/deep/__init__.py": "",
        importer: "from skullgames.game import _serialize\nfrom skullgames import _shared\n",
    })
    name = importer.removesuffix(".py").replace("/", ".")
    expected = [] if allowed else [f"{name} -> skullgames.game._serialize"]
    assert private_imports(import_graph(src)) == expected


def test_a_module_named_from_pieces_is_found(tmp_path: Path) -> None:
    src = write(tmp_path, {
        "skullgames/__init__.py": "",
        "skullgames/cli.py": "import importlib\nfor name in ('a', 'b'):\n"
                             "    importlib.import_module(f'skullgames.cli_{name}')\n",
    })
    assert named_by_convention(src) == ["skullgames.cli:3"]


# -- no tool names a game ---------------------------------------------------------------------

GAME_NAMES = frozenset({"king", "queen"})


def _is_game_module(name: str) -> bool:
    """A game's package, or a tool's module of one game's part (``skullgames.cli.king``)."""
    last = name.rpartition(".")[2]
    return (name.startswith(("skullgames.king", "skullgames.queen"))
            or last.removesuffix("_steps") in GAME_NAMES or name == "skullgames.registry")


def _annotation_and_doc_nodes(tree: ast.AST) -> set[int]:
    """The ids of the nodes inside annotations and of docstrings: text, not a value."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        annotations: list[ast.expr | None] = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            arguments = node.args
            annotations += [a.annotation for a in (*arguments.posonlyargs, *arguments.args,
                                                   *arguments.kwonlyargs)]
            annotations += [star.annotation for star in (arguments.vararg, arguments.kwarg)
                            if star is not None]
            annotations.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            annotations.append(node.annotation)
        for annotation in annotations:
            if annotation is not None:
                skipped.update(id(inner) for inner in ast.walk(annotation))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skipped.add(id(node.value))  # a docstring (of a module, class, function, field)
    return skipped


def games_named(src: Path) -> list[str]:
    """``module:line`` of each game name written as a value outside the games' own modules."""
    found = []
    for name, path in module_names(src).items():
        if _is_game_module(name):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        skipped = _annotation_and_doc_nodes(tree)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and node.value in GAME_NAMES
                    and id(node) not in skipped):
                found.append(f"{name}:{node.lineno}")
    return found


def test_no_tool_names_a_game() -> None:
    """Only the games, their tools' parts and the registry say ``"king"`` or ``"queen"``.

    A tool that says it keeps a table of games, or a default, of its own: the entry is
    the only place that knows a game (docs/architecture.md).
    """
    assert games_named(SRC) == []


def test_a_tool_naming_a_game_is_found(tmp_path: Path) -> None:
    src = write(tmp_path, {
        "skullgames/__init__.py": "",
        "skullgames/svg/__init__.py": '"""Pictures of "king" and "queen"."""\n'
                                      'from typing import Literal\n'
                                      'def table(game: Literal["king"] = "king") -> str:\n'
                                      '    return {"queen": "Q"}[game]\n',
        "skullgames/svg/king.py": 'TITLE = "king"\n',
    })
    assert games_named(src) == ["skullgames.svg:3", "skullgames.svg:4"]


# -- a package outside the library uses only public names (tests/support/imports.py) --------


def test_the_plug_in_parts_of_the_tests_use_only_public_names() -> None:
    assert private_uses(Path(__file__).resolve().parents[1] / "support" / "plugin_parts.py") == []


def test_each_private_use_of_skullgames_is_found(tmp_path: Path) -> None:
    package = write(tmp_path / "skull_jack", {
        "__init__.py": "import skullgames\nimport skullgames.rl as rl\n"
                       "from skullgames import GAMES, plugins\n"
                       "from skullgames.plugins.json import Codec\n"
                       "PARTS = {'svg': 'skull_jack.svg:draw', 'cli': 'skullgames.cli.king:CLI'}\n",
        "codecs.py": "from skullgames._codec import Record\n"
                     "from skullgames.king.moves import _CANONICAL\n",
        "tools/rl.py": "import skullgames.rl._layout\nfrom skullgames.rl import _table\n"
                       "import skullgames.rl as rl\nx = rl._incremental.SeatVectors\n"
                       "y = skullgames.cli._games\n",
        "entry.py": "PARTS = {'openspiel': 'skullgames.rl.openspiel._deals:Dealing'}\n",
    })
    assert private_uses(package) == [
        "codecs.py:1: skullgames._codec.Record",
        "codecs.py:2: skullgames.king.moves._CANONICAL",
        "entry.py:1: skullgames.rl.openspiel._deals.Dealing",
        "tools/rl.py:1: skullgames.rl._layout",
        "tools/rl.py:2: skullgames.rl._table",
        "tools/rl.py:4: skullgames.rl._incremental",
        "tools/rl.py:4: skullgames.rl._incremental.SeatVectors",
        "tools/rl.py:5: skullgames.cli._games",
    ]


def test_private_attributes_of_the_library_s_classes_are_found(tmp_path: Path) -> None:
    """Issue 49: a subclass reaching its base's private helpers uses private names."""
    package = write(tmp_path / "skull_jack", {
        "rl.py": "from skullgames import plugins\n"
                 "from skullgames.plugins.rl import Steps\n"
                 "class Old(Steps):\n"
                 "    def _rewrite(self, inputs):\n"
                 "        self._mine = self._read(inputs, 0, None)\n"
                 "        return self._mine\n"
                 "    def write_hand(self, region, hand):\n"
                 "        super()._deal(hand)\n"
                 "class New(plugins.rl.Steps):\n"
                 "    def write_hand(self, region, hand):\n"
                 "        self.encoder.write_hand(region, 0, hand)\n"
                 "class Mine:\n"
                 "    def _deal(self):\n"
                 "        return self._table\n",
    })
    assert private_uses(package) == [
        "rl.py:4: skullgames.plugins.rl.Steps._rewrite",
        "rl.py:5: skullgames.plugins.rl.Steps._read",
        "rl.py:8: skullgames.plugins.rl.Steps._deal",
    ]
