"""The published docs cite the rulings page, never the project's unpublished rule files.

A reader of the published docs cannot open ``DECISIONS.md``, ``RESEARCH.md`` or
``sources/004``: the docs and the docstrings cite the Rulings page (``docs/rulings.md``)
or the rules pages instead (issue 12).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
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


def section(text: str, anchor: str) -> str:
    """The text of the section under ``(anchor)=``, up to the next heading."""
    return text.split(f"({anchor})=\n", 1)[1].split("\n(ruling-", 1)[0].split("\n## ", 1)[0]


def test_k16_says_graybeard_leads_only_after_a_trick_he_wins() -> None:
    """Issue 35: K16 quotes the two-player rule ("When Graybeard wins a trick, he leads
    out the next one, otherwise, he always goes second") and says that after a trick
    nobody won a human leads, even when K6 or K7 would name him, as
    ``tests/king/test_option_ghost.py`` plays. The page used to say he leads after a
    Kraken trick he would have won and after a White Whale trick whose Whale he played."""
    k16 = " ".join(section(RULINGS.read_text(encoding="utf-8"), "ruling-k16").split())
    assert "he always goes second" in k16
    assert "after a Kraken trick he would have won" not in k16
    assert "in which he played the Whale" not in k16
    for case in ("even when he would have won it", "or played the Whale",
                 "the human who played right after him in that trick leads"):
        assert case in k16, case
    for ruling in ("k6", "k7", "k10"):
        assert f"<ruling-{ruling}>" in k16, ruling
    assert "Graybeard is skipped" in k16


def test_q7_says_the_rulebook_covers_the_pirate_kings_special() -> None:
    """Issue 35: the two-player rules of Skull Queen cover a Monkey or First Mate revealed
    by the Pirate King (sources/000, "Special Rules for 2 Players"); Q7's sources line
    said the rulebook does not cover a special card on his side."""
    q7 = " ".join(section(RULINGS.read_text(encoding="utf-8"), "ruling-q7").split())
    assert "does not cover a special card" not in q7
    assert "covers a Monkey or First Mate revealed by the Pirate King" in q7
    assert "the Monkey or the First Mate count for both colors in this trick" in q7
    assert "(E12)" in q7


DISAGREEMENT = re.compile(r"\b([DS]\d{1,2})\b")
TABLE = "## Where the sources disagree"


def table_rows() -> set[str]:
    """The disagreements that the rules pages' tables list, by number."""
    rows = set()
    for page in ("king", "queen"):
        text = (ROOT / "docs" / "rules" / f"{page}.md").read_text(encoding="utf-8")
        table = text.split(TABLE, 1)[1].split("\n## ", 1)[0]
        for line in table.splitlines():
            if line.startswith("| ") and not line.startswith("| |"):
                rows.update(DISAGREEMENT.findall(line.split("|")[1]))
    return rows


@pytest.mark.parametrize("page", ["rulings.md", "rules/king.md", "rules/queen.md"])
def test_every_disagreement_cited_has_its_row_in_a_table(page: str) -> None:
    """Issue 22 item 7: S3 was cited (K10, Graybeard's turn order) but had no row."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    cited = set(DISAGREEMENT.findall(text))
    assert cited, page
    assert cited - table_rows() == set()


def test_the_tables_list_s1_and_s3() -> None:
    assert {"S1", "S3"} <= table_rows()
    assert {f"D{n}" for n in range(1, 13)} <= table_rows()


def test_k12_says_juanita_jades_look_is_in_card_order() -> None:
    """Issue 47: the docs cite K12 for Juanita Jade's card order, and DECISIONS K12 says
    it (her look is a set, recorded in card order), but the page's K12 did not."""
    k12 = " ".join(section(RULINGS.read_text(encoding="utf-8"), "ruling-k12").split())
    assert "Juanita Jade looks at the undealt cards as a set" in k12
    assert "in card order, never in the order of the stock" in k12


def test_k16_names_the_same_human_for_the_kraken_leader_option() -> None:
    """Issue 47: with ``kraken_leader`` left of the Kraken's, the decision gives the lead
    to "the human who played right after him in that trick"; the page said "the next
    human to the left", less precise."""
    k16 = " ".join(section(RULINGS.read_text(encoding="utf-8"), "ruling-k16").split())
    assert "the next human to the left" not in k16
    assert k16.count("the human who played right after him in that trick") == 2
