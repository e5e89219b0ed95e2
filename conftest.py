"""In CI, where every optional extra is installed, a skipped test is a failure.

Tests of the optional integrations skip where their extra is missing (a developer who
installed only the core); CI installs every extra (``.ci/run``), so a skip there means a
test did not run, and CI must not pass that way.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Turn a skip into a failure when the ``CI`` environment variable is set."""
    outcome = yield
    report: pytest.TestReport = outcome.get_result()  # type: ignore[attr-defined]
    if os.environ.get("CI") and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"skipped in CI, where every extra is installed: {report.longrepr}"
