"""The quick loop of ``docs/contributing.md`` (issue 47): every rule test, and CI runs all.

The README's test command took 25 minutes on a loaded two-core machine; the page gives a
loop of a few minutes that still runs every rule test. This holds the loop to the
folders of the rule tests, so a test added there joins it, and CI to the whole suite.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def quick_loop() -> list[str]:
    page = (ROOT / "docs" / "contributing.md").read_text(encoding="utf-8")
    section = page.split("### A quick loop", 1)[1]
    command = re.search(r"```bash\n(python -m pytest [^\n]*)\n```", section)
    assert command is not None
    return shlex.split(command.group(1))[3:]


def test_the_quick_loop_runs_every_rule_test() -> None:
    paths = [arg for arg in quick_loop() if not arg.startswith("-") and arg != "no:cacheprovider"]
    for path in paths:
        assert (ROOT / path).exists(), path
    # the rule tests of both games, what a seat may see, every check's message, who wins
    for rules in ("tests/king", "tests/queen", "tests/visibility",
                  "tests/api/test_rule_messages.py", "tests/api/test_outcome.py"):
        assert rules in paths, rules
    assert not {"-k", "-m"} & set(quick_loop())  # no test left out


def test_ci_runs_the_whole_suite() -> None:
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^\s*python -m pytest\s*$", run, re.MULTILINE)
