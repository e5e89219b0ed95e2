"""The compiled build's records are the pure build's (``build_records.py``, issue 34).

Every engine module is expanded as the build expands it before mypyc runs; each record
class written out must have the fields, the slots and the constructor keywords that
``@record`` or ``@sealed`` gives the same class in the pure build, and the expanded module
must still be the module (its other lines, comments included, untouched).
"""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

import pytest

import skullgames
from skullgames._compiled import COMPILED_MODULES, ENGINE_MODULES

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
try:
    from build_records import expand
finally:
    sys.path.remove(str(ROOT))

SOURCES = ROOT / "src"


def _record_classes(module_name: str) -> dict[str, type]:
    """The classes of the module that its source declares ``@record`` or ``@sealed``.

    Read from the source, so that the test runs in both builds: the compiled build's
    classes were written out before mypyc compiled them, and carry no decorator's mark.
    """
    source = (SOURCES / (module_name.replace(".", "/") + ".py")).read_text()
    module = importlib.import_module(module_name)
    names = [node.name for node in ast.parse(source).body if isinstance(node, ast.ClassDef)
             and any(ast.unparse(d).split("(")[0] in ("record", "sealed")
                     for d in node.decorator_list)]
    return {name: getattr(module, name) for name in names}


def _stored(cls: type) -> tuple[str, ...]:
    """The fields a class stores itself: a pure class's slots, a native class's attributes."""
    if "__slots__" in cls.__dict__:
        return tuple(cls.__dict__["__slots__"])
    return tuple(cls.__dict__["__mypyc_attrs__"])


def _literal(node: ast.ClassDef, name: str) -> tuple[str, ...]:
    for statement in node.body:
        if isinstance(statement, ast.Assign):
            target, value = statement.targets[0], statement.value
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            target, value = statement.target, statement.value
        else:
            continue
        if isinstance(target, ast.Name) and target.id == name:
            return tuple(ast.literal_eval(value))
    raise AssertionError(f"{node.name} has no {name}")


@pytest.mark.parametrize("module_name", ENGINE_MODULES)
def test_each_record_class_is_written_out_as_the_pure_build_makes_it(module_name: str) -> None:
    path = SOURCES / (module_name.replace(".", "/") + ".py")
    source = path.read_text()
    expanded = expand(source)
    tree = ast.parse(expanded)
    classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
    made = _record_classes(module_name)
    for name, cls in made.items():
        node = classes[name]
        assert not node.decorator_list, name  # nothing left for mypyc to run
        assert _literal(node, "_FIELDS") == cls._FIELDS, name  # type: ignore[attr-defined]
        slots = _literal(node, "__slots__")
        if skullgames.COMPILED:  # mypyc lists the attributes it stores, with its own
            assert set(slots) <= set(_stored(cls)), name
        else:
            assert slots == _stored(cls), name
        init = next(s for s in node.body if isinstance(s, ast.FunctionDef)
                    and s.name == "__init__")
        keywords = [a.arg for a in init.args.args[1:] + init.args.kwonlyargs]
        assert sorted(keywords) == sorted(cls._FIELDS), name  # type: ignore[attr-defined]
        own = [s for s in node.body if isinstance(s, ast.AnnAssign)
               and isinstance(s.target, ast.Name) and s.target.id in slots]
        assert all("Final" in ast.unparse(s.annotation) and s.value is None for s in own), name
    compile(expanded, str(path), "exec")


@pytest.mark.parametrize("module_name", COMPILED_MODULES)
def test_the_rest_of_a_module_is_left_as_it_was(module_name: str) -> None:
    source = (SOURCES / (module_name.replace(".", "/") + ".py")).read_text()
    expanded = expand(source)
    if not _record_classes(module_name) and "constructor(" not in source:
        assert expanded == source
        return
    for line in source.splitlines():  # every comment outside the classes, kept
        if line.startswith("#"):
            assert line in expanded


def test_a_constructor_is_written_out_as_a_function_calling_the_class() -> None:
    source = (SOURCES / "skullgames" / "king" / "state.py").read_text()
    tree = ast.parse(expand(source))
    made = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
    playing = made["new_playing"]
    assert [a.arg for a in playing.args.kwonlyargs] == [
        "setup", "past", "hands", "log", "table", "to_move", "trick", "suit_state", "lead_suit"]
    assert ast.unparse(playing.body[0]).startswith("return Playing(setup=setup")
