"""Write the JSON Schema files: ``python -m skullgames.schemas [DIRECTORY]``.

Without a directory, the files are written next to this module, where the package ships
them (run this after changing a document's shape; a test checks the files are current).
"""

from __future__ import annotations

import sys
from pathlib import Path

from skullgames.schemas import shipped_path, write_all


def main(argv: list[str]) -> int:
    """Write every schema file; print each path written."""
    directory = Path(argv[0]) if argv else shipped_path("x").parent
    for path in write_all(directory):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
