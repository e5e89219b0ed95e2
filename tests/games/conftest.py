"""The third game's fixtures: its package imported from source, and installed for subprocesses."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skullgames import Game
from skullgames.registry import registered
from tests.support import skull_jack as support

support.import_source()  # before the test modules import skull_jack


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder where pip installed the Skull Jack package (its entry point with it)."""
    target = tmp_path_factory.mktemp("site")
    support.install(target)
    return target


@pytest.fixture(scope="module")
def jack() -> Iterator[Game[Any, Any, Any, Any]]:
    """Skull Jack's entry, registered in this process for the length of a test module."""
    from skull_jack.entry import ENTRY

    with registered(ENTRY) as entry:
        yield entry
