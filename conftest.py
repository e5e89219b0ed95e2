"""In CI a skipped test is a failure; in the compiled build, doctests are read from source.

Tests of the optional integrations skip where their extra is missing (a developer who
installed only the core); CI installs every extra (``.ci/run``), so a skip there means a
test did not run, and CI must not pass that way.
"""

from __future__ import annotations

import ast
import doctest
import os
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from _pytest.doctest import (
    DoctestItem,
    DoctestModule,
    _get_checker,
    _get_continue_on_failure,
    _get_runner,
    get_optionflags,
)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Turn a skip into a failure when the ``CI`` environment variable is set."""
    outcome = yield
    report: pytest.TestReport = outcome.get_result()  # type: ignore[attr-defined]
    if os.environ.get("CI") and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"skipped in CI, where every extra is installed: {report.longrepr}"


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Iterator[None]:
    """The same for a whole module that skips while it is collected (``importorskip``)."""
    outcome = yield
    report: pytest.CollectReport = outcome.get_result()  # type: ignore[attr-defined]
    if os.environ.get("CI") and report.skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = f"skipped in CI, where every extra is installed: {reason}"


def _source_doctests(module: ModuleType, path: Path) -> list[doctest.DocTest]:
    """The doctests of ``module``'s docstrings, read from its source file ``path``.

    As :class:`doctest.DocTestFinder` finds them (the module, its functions and classes,
    and their methods and nested classes), with the module's globals: for a module of the
    compiled build, which keeps no docstrings, so that its examples run against it.
    """
    parser = doctest.DocTestParser()
    tests: list[doctest.DocTest] = []

    def add(node: ast.AST, name: str) -> None:
        text = ast.get_docstring(node, clean=False)  # type: ignore[arg-type]
        body = getattr(node, "body", [])
        if text and body:
            lineno = body[0].lineno - 1
            tests.append(parser.get_doctest(text, dict(module.__dict__), name, str(path),
                                            lineno))

    def visit(node: ast.AST, name: str) -> None:
        add(node, name)
        for child in getattr(node, "body", []):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                add(child, f"{name}.{child.name}")
            elif isinstance(child, ast.ClassDef):
                visit(child, f"{name}.{child.name}")

    visit(ast.parse(path.read_text()), module.__name__)
    return [test for test in tests if test.examples]


class _SourceDoctestModule(DoctestModule):
    """The doctests of a compiled module, from its source (see :func:`_source_doctests`)."""

    def collect(self) -> Iterator[DoctestItem]:
        module = self.obj
        self.session._fixturemanager.parsefactories(self)
        runner = _get_runner(verbose=False, optionflags=get_optionflags(self.config),
                             checker=_get_checker(),
                             continue_on_failure=_get_continue_on_failure(self.config))
        for test in _source_doctests(module, self.path):
            yield DoctestItem.from_parent(self, name=test.name, runner=runner, dtest=test)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """In the compiled build, run each compiled module's doctests from its source.

    mypyc keeps no docstrings, so pytest's own doctest collector finds none in a compiled
    module; this collector reads them from the ``.py`` file beside it.
    """
    if file_path.suffix != ".py" or "src" not in file_path.parts:
        return None
    import skullgames
    from skullgames._compiled import compiled_modules

    if not skullgames.COMPILED:
        return None
    parts = file_path.with_suffix("").parts
    name = ".".join(parts[parts.index("src") + 1:])
    if name not in compiled_modules():
        return None
    module: pytest.Collector = _SourceDoctestModule.from_parent(parent, path=file_path)
    return module
