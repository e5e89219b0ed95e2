"""Where the browser tests find Chromium, and what they do where it is not installed.

Debian's Chromium (``apt-get install chromium``) at ``/usr/bin/chromium``, or the path in
the ``SKULLGAMES_CHROMIUM`` environment variable. Without it the browser tests skip with
the reason, as the tests of a missing extra do; in CI, which installs it, the skip is a
failure (``conftest.py``).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM_ARGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync")
"""Chromium's flags for the tests: headless, quiet, nothing fetched on its own."""

CHROMIUM_VARIABLE = "SKULLGAMES_CHROMIUM"
DEFAULT_CHROMIUM = "/usr/bin/chromium"


def chromium() -> str:
    """The path of the Chromium the browser tests drive."""
    return os.environ.get(CHROMIUM_VARIABLE) or DEFAULT_CHROMIUM


def chromium_or_skip() -> str:
    """:func:`chromium`, or skip the calling test module when it is not there."""
    path = chromium()
    if not Path(path).is_file():
        pytest.skip(f"{path} is not installed (apt-get install chromium; CI installs it), "
                    f"or set {CHROMIUM_VARIABLE}", allow_module_level=True)
    return path


@contextlib.contextmanager
def launched(sync_api: Any) -> Iterator[Any]:
    """Chromium launched by Playwright's ``sync_api`` (the ``ui-test`` extra), then closed."""
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_or_skip(),
                                             args=list(CHROMIUM_ARGS))
        yield browser
        browser.close()
