"""Without its extra, importing ``skullgames.rl`` says how to install it; the core never
needs numpy."""

from __future__ import annotations

import subprocess
import sys

import pytest

BLOCK = "import sys; sys.modules[{name!r}] = None; "


@pytest.mark.parametrize("missing", ["numpy", "gymnasium"])
def test_importing_without_the_extra_names_it(missing: str) -> None:
    code = BLOCK.format(name=missing) + "import skullgames.rl"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=False, timeout=120)
    assert result.returncode != 0
    assert "ImportError" in result.stderr
    assert "pip install skullgames[rl]" in result.stderr
    assert f"{missing} is missing" in result.stderr


def test_the_core_and_its_action_spaces_need_no_numpy() -> None:
    code = BLOCK.format(name="numpy") + (
        "from skullgames import GAMES; "
        "print(GAMES['king'].action_space(GAMES['king'].Config()).size)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=False, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "77"
