"""The guide "Writing a game" shows Skull Jack's code inline, and it is the package's (issue 47).

``docs/guides/writing-a-game.md`` reads the same on a forge, in an editor and in the built
docs: its code is in ordinary fenced blocks, not ``literalinclude``. Above each block a
comment names the region of the fixture package it shows (``<!-- FILE {"start-after":
TEXT, "end-before": TEXT, "pyobject": NAME} -->``, as ``literalinclude``'s options would);
this test checks that the block is that region, word for word.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "guides" / "writing-a-game.md"

_BLOCK = re.compile(r"<!-- (?P<file>\S+) (?P<options>\{.*?\}) -->\n"
                    r"```(?P<language>\w+)\n(?P<code>.*?)\n```\n", re.DOTALL)


def region(path: Path, options: dict[str, str]) -> str:
    """The lines of ``path`` that ``options`` name, without blank lines at either end.

    ``pyobject``: the top-level class or function of that name (its decorators too);
    ``start-after``: the lines after the first that holds the text; ``end-before``: the
    lines before the first (after the start) that holds the text.
    """
    lines = path.read_text(encoding="utf-8").splitlines()
    if "pyobject" in options:
        tree = ast.parse("\n".join(lines))
        node = next(n for n in tree.body if getattr(n, "name", None) == options["pyobject"])
        assert isinstance(node, (ast.ClassDef, ast.FunctionDef))
        first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
        lines = lines[first - 1:node.end_lineno]
    if "start-after" in options:
        at = next(i for i, line in enumerate(lines) if options["start-after"] in line)
        lines = lines[at + 1:]
    if "end-before" in options:
        at = next(i for i, line in enumerate(lines) if options["end-before"] in line)
        lines = lines[:at]
    while lines and not lines[0].strip():
        lines = lines[1:]
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return "\n".join(lines)


def blocks() -> list[tuple[str, dict[str, str], str]]:
    return [(m["file"], json.loads(m["options"]), m["code"])
            for m in _BLOCK.finditer(GUIDE.read_text(encoding="utf-8"))]


def test_the_guide_includes_no_code_and_names_a_region_above_each_block() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    assert "literalinclude" not in text
    shown = [file for file, _, _ in blocks()]
    assert len(shown) == text.count("<!-- tests/fixtures/skull_jack/") == 15
    assert {Path(file).name for file in shown} >= {
        "pyproject.toml", "cards.py", "config.py", "rules.py", "entry.py", "rl.py"}


@pytest.mark.parametrize(("file", "options", "code"), blocks(),
                         ids=[f"{Path(f).name}" for f, _, _ in blocks()])
def test_each_block_is_the_region_of_the_package_it_names(file: str, options: dict[str, str],
                                                          code: str) -> None:
    assert code == region(ROOT / file, options)


def test_a_changed_line_of_the_package_is_seen(tmp_path: Path) -> None:
    source = tmp_path / "cards.py"
    source.write_text('__all__ = ["Card"]\n\n\nclass Card:\n    rank: int\n', encoding="utf-8")
    assert region(source, {"start-after": "__all__"}) == "class Card:\n    rank: int"
    assert region(source, {"pyobject": "Card", "end-before": "rank"}) == "class Card:"
