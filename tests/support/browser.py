"""Where the browser tests find Chromium, and what they do where it is not installed.

Debian's Chromium (``apt-get install chromium``) at ``/usr/bin/chromium``, or the path in
the ``SKULLGAMES_CHROMIUM`` environment variable. Without it the browser tests skip with
the reason, as the tests of a missing extra do; in CI, which installs it, the skip is a
failure (``conftest.py``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

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
