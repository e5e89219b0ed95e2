"""Mutation testing of the rule modules, and its verdict: ``python tests/support/mutation.py``.

Not part of the suite or of CI (a full run takes about 15 minutes on two cores). It runs
mutmut 3 (``[tool.mutmut]`` in ``pyproject.toml``: the modules and the tests), reads each
mutant's result and compares the survivors with ``tests/support/equivalent_mutants.txt``, the
mutants that change nothing the rules can see, one name and its reason a line. It prints
the per-module table of ``docs/contributing.md`` and exits non-zero when a mutant
survived unlisted, had no test, was not checked, or when a listed mutant was killed or no
longer exists (its name shifted: check the list), or when more than 5 % of the mutants
are listed as equivalent.

    python tests/support/mutation.py                    # every configured module, from scratch
    python tests/support/mutation.py king/tricks        # one module (others keep their results)
    python tests/support/mutation.py --no-run           # only the verdict of the last run

mutmut works in a copy under ``mutants/`` (ignored by git, ruff, mypy and pytest) and
puts ``mutants/src`` first on ``sys.path``, ahead of any installed ``skullgames`` (an
editable install of another checkout included); its "forced fail" step stops the run
when the tests do not import the mutated copy.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EQUIVALENTS = ROOT / "tests" / "support" / "equivalent_mutants.txt"
MAX_EQUIVALENT_SHARE = 0.05

# mutmut 3's exit codes of a mutant's test run (mutmut/stats.py), as the verdicts here.
_VERDICT = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests",
            None: "not checked", 36: "timeout", 24: "timeout", -24: "timeout",
            152: "timeout", 255: "timeout", 37: "killed"}  # 37: caught by a type check
# A timeout is a kill: the mutant made a test loop where the rules end.
_KILLED = ("killed", "timeout")


@dataclass(frozen=True)
class Row:
    """One module's line of the table."""

    module: str
    mutants: int
    killed: int
    survived: int
    equivalent: int
    no_tests: int
    other: int


def configured_modules(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """The modules mutmut mutates, as ``king/tricks``, from ``[tool.mutmut] only_mutate``."""
    # A regular expression, not tomllib: the project supports Python 3.10.
    text = pyproject.read_text("utf-8")
    section = text[text.index("[tool.mutmut]"):]
    listing = re.search(r"^only_mutate = \[(.*?)\]", section, re.MULTILINE | re.DOTALL)
    if listing is None:
        raise ValueError("pyproject.toml: [tool.mutmut] has no only_mutate list")
    return [path.removeprefix("src/skullgames/").removesuffix(".py")
            for path in re.findall(r'"([^"]+)"', listing.group(1))]


def mutant_prefix(module: str) -> str:
    """The prefix of the names of ``module``'s mutants: ``skullgames.king.tricks.``."""
    return "skullgames." + module.replace("/", ".") + "."


def read_equivalents(path: Path = EQUIVALENTS) -> dict[str, str]:
    """The listed equivalent mutants: name to reason. Blank lines and ``#`` comments skip.

    Raises ``ValueError`` for a line without a reason or a name listed twice.
    """
    listed: dict[str, str] = {}
    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, _, reason = line.partition(" ")
        if not reason.strip():
            raise ValueError(f"{path.name}:{number}: {name} has no reason")
        if name in listed:
            raise ValueError(f"{path.name}:{number}: {name} is listed twice")
        listed[name] = reason.strip()
    return listed


def read_results(module: str, mutants: Path = ROOT / "mutants") -> dict[str, int | None]:
    """Each mutant of ``module`` and mutmut's exit code for it (``None``: not checked)."""
    meta = mutants / "src" / "skullgames" / f"{module}.py.meta"
    if not meta.exists():
        return {}
    codes: dict[str, int | None] = json.loads(meta.read_text("utf-8"))["exit_code_by_key"]
    return codes


def verdict(code: int | None) -> str:
    """mutmut's exit code of a mutant as ``killed``, ``survived``, ``no tests``, ..."""
    return _VERDICT.get(code, "suspicious")


def compare(results: Mapping[str, Mapping[str, int | None]], listed: Mapping[str, str]
            ) -> tuple[list[Row], list[str]]:
    """The table rows, per module, and the problems that fail the run.

    ``results`` maps each module to its mutants' exit codes; ``listed`` the equivalent
    mutants to their reasons.
    """
    rows: list[Row] = []
    problems: list[str] = []
    seen: set[str] = set()
    for module, codes in results.items():
        counts: Counter[str] = Counter()
        if not codes:
            problems.append(f"{module}: no mutants (mutmut did not run on it?)")
        for name, code in sorted(codes.items()):
            seen.add(name)
            status = verdict(code)
            if status == "survived":
                if name in listed:
                    counts["equivalent"] += 1
                else:
                    counts["survived"] += 1
                    problems.append(f"survived, not listed as equivalent: {name}")
            elif status in _KILLED:
                counts["killed"] += 1
                if name in listed and status == "timeout":  # a slow machine, or a loop
                    problems.append(f"listed as equivalent but timed out (run it again with "
                                    f"`mutmut run NAME`): {name}")
                elif name in listed:
                    problems.append(f"listed as equivalent but killed (stale name?): {name}")
            elif status == "no tests":
                counts["no tests"] += 1
                problems.append(f"no test runs this mutant: {name}")
            else:
                counts["other"] += 1
                problems.append(f"{status}: {name}")
        rows.append(Row(module, len(codes), counts["killed"], counts["survived"],
                        counts["equivalent"], counts["no tests"], counts["other"]))
    checked = set(results)
    for name in listed:
        if name not in seen and any(name.startswith(mutant_prefix(m)) for m in checked):
            problems.append(f"listed as equivalent but no such mutant (stale name?): {name}")
    mutants = sum(row.mutants for row in rows)
    equivalent = sum(row.equivalent for row in rows)
    if mutants and equivalent > MAX_EQUIVALENT_SHARE * mutants:
        problems.append(f"{equivalent} equivalent mutants of {mutants}: more than "
                        f"{MAX_EQUIVALENT_SHARE:.0%}")
    return rows, problems


def table(rows: Iterable[Row]) -> str:
    """The rows as the Markdown table of ``docs/contributing.md``, with a total."""
    rows = list(rows)
    total = Row("all", *(sum(getattr(r, f) for r in rows)
                         for f in ("mutants", "killed", "survived", "equivalent", "no_tests",
                                   "other")))
    lines = ["| module | mutants | killed | survived | equivalent | no tests |",
             "|---|---:|---:|---:|---:|---:|"]
    for row in [*rows, total]:
        name = "all" if row is total else f"`{row.module}.py`"
        share = f" ({100 * row.killed / row.mutants:.1f} %)" if row.mutants else ""
        other = f" (+{row.other} other)" if row.other else ""
        lines.append(f"| {name} | {row.mutants:,} | {row.killed:,}{share} | {row.survived} | "
                     f"{row.equivalent} | {row.no_tests}{other} |")
    return "\n".join(lines)


def run_mutmut(modules: Sequence[str], max_children: int, *, fresh: bool) -> int:
    """Run mutmut on ``modules``, lowered in priority; its exit code."""
    if fresh:
        shutil.rmtree(ROOT / "mutants", ignore_errors=True)
    mutmut = shutil.which("mutmut") or str(Path(sys.executable).with_name("mutmut"))
    globs = [mutant_prefix(module) + "*" for module in modules]
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env["SKULLGAMES_MUTATION"] = "1"  # property tests try a few examples (tests/conftest.py)
    command = ["nice", "-n", "19", mutmut, "run", "--max-children", str(max_children), *globs]
    print("$", " ".join(command), flush=True)
    return subprocess.run(command, cwd=ROOT, env=env, check=False).returncode


def main(argv: Sequence[str] | None = None) -> int:
    """Run mutmut and print the verdict; the exit code is 0 only when nothing is unexplained."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", metavar="MODULE",
                        help="modules to run, as king/tricks (default: every configured one)")
    parser.add_argument("--max-children", type=int, default=2)
    parser.add_argument("--no-run", action="store_true",
                        help="only compare the results of the last run")
    args = parser.parse_args(argv)
    configured = configured_modules()
    modules = args.modules or configured
    unknown = [m for m in modules if m not in configured]
    if unknown:
        parser.error(f"not configured in [tool.mutmut] only_mutate: {', '.join(unknown)}")
    if not args.no_run:
        code = run_mutmut(modules, args.max_children, fresh=not args.modules)
        if code != 0:
            print(f"mutmut run failed (exit code {code})", file=sys.stderr)
            return code
    rows, problems = compare({m: read_results(m) for m in modules}, read_equivalents())
    print(table(rows))
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s); see a mutant with `mutmut show NAME`")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
