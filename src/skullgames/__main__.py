"""``python -m skullgames``: the ``skullgames`` command (see :mod:`skullgames.cli`)."""

from __future__ import annotations

import sys

from skullgames.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
