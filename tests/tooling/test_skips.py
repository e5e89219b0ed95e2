"""Tests whose tool is missing skip with the reason, and CI fails on the skip (issue 35).

On a machine without Chromium the README's test command must run the rest of the suite:
the browser tests skip while they are collected, as a missing extra's do, and CI, which
installs everything, turns that skip into a failure (``conftest.py``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.browser import CHROMIUM_VARIABLE

ROOT = Path(__file__).resolve().parents[2]


def collect(module: str, **environment: str) -> subprocess.CompletedProcess[str]:
    """``pytest --collect-only`` of ``module`` in a subprocess, outside CI unless told."""
    env = {name: value for name, value in os.environ.items() if name != "CI"}
    env.update(environment)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rs", "--collect-only",
         "-q", module], cwd=ROOT, env=env, capture_output=True, text=True, check=False,
        timeout=300)


def test_the_browser_tests_skip_with_the_reason_where_chromium_is_missing(
        tmp_path: Path) -> None:
    missing = str(tmp_path / "no-chromium")
    result = collect("tests/serve/test_serve_browser.py", **{CHROMIUM_VARIABLE: missing})
    output = result.stdout + result.stderr
    assert result.returncode == pytest.ExitCode.NO_TESTS_COLLECTED, output
    assert "Interrupted" not in output and "error" not in output, output
    assert "SKIPPED [2] tests/support/browser.py" in output, output  # the module and its doctests
    assert f"{missing} is not installed (apt-get install chromium" in output, output


def test_in_ci_a_module_that_skips_while_collected_fails(tmp_path: Path) -> None:
    missing = str(tmp_path / "no-chromium")
    result = collect("tests/serve/test_serve_browser.py", CI="true", **{CHROMIUM_VARIABLE: missing})
    output = result.stdout + result.stderr
    assert result.returncode == pytest.ExitCode.INTERRUPTED, output
    assert "skipped in CI, where every extra is installed: Skipped: " in output, output
    assert f"{missing} is not installed" in output, output


def test_the_javascript_round_trip_skips_where_node_is_missing(tmp_path: Path) -> None:
    """``tests/serialization/test_json.py`` runs ``node``: without it on the path its test skips."""
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rs", "-q",
         "tests/serialization/test_json.py", "-k", "javascripts_json"],
        cwd=ROOT, env={**{n: v for n, v in os.environ.items() if n != "CI"},
                       "PATH": str(tmp_path)},
        capture_output=True, text=True, check=False, timeout=300)
    output = result.stdout + result.stderr
    assert result.returncode == pytest.ExitCode.OK, output
    assert "needs node (CI installs it)" in output, output
