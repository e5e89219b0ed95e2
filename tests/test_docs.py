"""The documentation builds without a warning, and every example in it runs.

The HTML build (warnings are errors) and the doctest builder, which runs the examples of
the pages and of the docstrings that the API reference includes, as ``sphinx-build`` does
them: one subprocess each, into a temporary folder. No network is used (see
``docs/_inventories.py``).
"""

from __future__ import annotations

import subprocess
import sys
import zlib
from pathlib import Path

import pytest

import skullgames
import skullgames.actions
import skullgames.bots
import skullgames.bots.king
import skullgames.bots.queen
import skullgames.king
import skullgames.queen
import skullgames.rl
import skullgames.rl.gymnasium
import skullgames.rl.pettingzoo
import skullgames.serve
import skullgames.svg

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def sphinx(builder: str, out: Path, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", *options, "-b", builder, str(DOCS), str(out)],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=600,
    )


@pytest.fixture(scope="module")
def html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("html")
    result = sphinx("html", out, "--keep-going")
    assert result.returncode == 0, result.stdout + result.stderr
    return out


def test_html_builds_without_warnings(html: Path) -> None:
    assert (html / "index.html").is_file()
    assert (html / "rules" / "king.html").is_file()
    assert (html / "rules" / "queen.html").is_file()
    assert (html / "api" / "queen.html").is_file()


def test_every_public_name_is_in_the_api_reference(html: Path) -> None:
    raw = (html / "objects.inv").read_bytes()
    body = zlib.decompress(raw.split(b"\n", 4)[4]).decode()
    documented = {line.split(" ", 1)[0] for line in body.splitlines()}
    for module in (skullgames, skullgames.king, skullgames.queen, skullgames.bots,
                   skullgames.bots.king, skullgames.bots.queen, skullgames.svg,
                   skullgames.serve, skullgames.actions, skullgames.rl,
                   skullgames.rl.gymnasium, skullgames.rl.pettingzoo):
        missing = [
            f"{module.__name__}.{name}" for name in module.__all__
            if f"{module.__name__}.{name}" not in documented
        ]
        assert not missing, f"not in the API reference: {missing}"


def test_doctests_of_the_docs_pass(tmp_path: Path) -> None:
    result = sphinx("doctest", tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
