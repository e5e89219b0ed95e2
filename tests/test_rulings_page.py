"""The published docs cite the rulings page, never the project's unpublished rule files.

A reader of the published docs cannot open ``DECISIONS.md``, ``RESEARCH.md`` or
``sources/004``: the docs and the docstrings cite the Rulings page (``docs/rulings.md``)
or the rules pages instead (issue 12).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULINGS = ROOT / "docs" / "rulings.md"
UNPUBLISHED = re.compile(r"DECISIONS|RESEARCH|sources/00|§")


def published_texts() -> list[Path]:
    docs = [p for p in (ROOT / "docs").rglob("*.md") if "_build" not in p.parts]
    return sorted(docs) + sorted((ROOT / "src").rglob("*.py"))


@pytest.mark.parametrize("path", published_texts(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_citation_of_unpublished_rule_files(path: Path) -> None:
    hits = [f"{path.name}:{n}: {line.strip()}"
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if UNPUBLISHED.search(line)]
    assert hits == []


def test_every_ruling_has_its_own_section() -> None:
    text = RULINGS.read_text(encoding="utf-8")
    for number in [f"Q{n}" for n in range(1, 10)] + [f"K{n}" for n in range(1, 17)]:
        assert f"(ruling-{number.lower()})=\n### {number}: " in text, number
