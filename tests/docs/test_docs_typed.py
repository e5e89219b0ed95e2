"""The Python code of the documentation passes ``mypy --strict`` (issue 12, typed usage).

Each page's code blocks (``{testcode}`` blocks, which the doctest builder runs, and plain
``python`` blocks) are joined in order into one module, as the doctest builder runs them
in one namespace, and the modules are type-checked together. Interactive ``{doctest}``
sessions are left to the doctest builder: a session may rebind a name to another game's
state, as a reader at the prompt would.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
BLOCK = re.compile(r"^```(?:\{testcode\}|python)[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)


# A block that shows a region of a package of the tests (the guide "Writing a game" shows
# Skull Jack's files, tests/docs/test_guide_code.py) is that package's code, checked there.
REGION = re.compile(r"^<!-- tests/fixtures/\S+ \{.*?\} -->\n```\w+\n.*?^```\n",
                    re.MULTILINE | re.DOTALL)


def code_of(page: Path) -> str:
    """The code blocks of a page, in order, as one module (not a package's regions)."""
    text = REGION.sub("", page.read_text(encoding="utf-8"))
    return "\n\n".join(BLOCK.findall(text))


def pages_with_code() -> list[Path]:
    return [page for page in sorted(DOCS.rglob("*.md")) if code_of(page)]


def test_the_guides_have_code_to_check() -> None:
    names = {page.relative_to(DOCS).as_posix() for page in pages_with_code()}
    assert {"guides/bot.md", "bots.md"} <= names


def test_the_code_of_every_page_passes_mypy_strict(tmp_path: Path) -> None:
    modules = []
    for page in pages_with_code():
        name = "page_" + re.sub(r"\W", "_", page.relative_to(DOCS).with_suffix("").as_posix())
        module = tmp_path / f"{name}.py"
        module.write_text(code_of(page), encoding="utf-8")
        modules.append(module.name)
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental",
         "--python-version=3.10", *modules],
        cwd=tmp_path, capture_output=True, text=True, check=False, timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("bad", [
    "def play(bots, seed):\n    return bots[seed]\n",
    "from skullgames import king\n\nlater: int = king.current_player(king.new_game())\n",
])
def test_the_check_catches_untyped_or_wrong_code(bad: str, tmp_path: Path) -> None:
    (tmp_path / "page_bad.py").write_text(bad)
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental",
         "page_bad.py"],
        cwd=tmp_path, capture_output=True, text=True, check=False, timeout=600,
    )
    assert result.returncode == 1, result.stdout
    assert "error:" in result.stdout
