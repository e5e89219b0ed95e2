"""The routes by which a user gets the compiled build: what its wheel's build needs.

``SKULLGAMES_MYPYC=1 pip install .`` and ``SKULLGAMES_MYPYC=1 python -m build --wheel``
build in an isolated environment that holds the build requirements and nothing else, so
the build hook (``hatch_build.py``) must name every one of them, and mypyc must type-check
with the project's own mypy settings: in a developer's environment both were hidden, and
the compiled build failed in a fresh one.

These tests guard the parts that can be checked quickly. A real compiled install in a
fresh environment takes minutes, too long for the suite: CI does it (``.ci/run`` builds
the compiled wheel in isolation, installs it in a fresh virtual environment and runs the
suite against it), and ``docs/contributing.md`` gives the commands to do it by hand.
"""

from __future__ import annotations

import configparser
import importlib.metadata
import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hatchling.metadata.core import ProjectMetadata
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]


def _hatch_build() -> Any:
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _metadata() -> ProjectMetadata[Any]:
    return ProjectMetadata(str(ROOT), None)


def _hook(target: str, tmp_path: Path) -> Any:
    return _hatch_build().SkullgamesBuildHook(str(ROOT), {}, None, _metadata(), str(tmp_path),
                                              target)


def _name(requirement: str) -> str:
    """A requirement's project name, normalized (PEP 503): ``typing_extensions>=4`` ->
    ``typing-extensions``."""
    match = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement)
    assert match is not None, requirement
    return re.sub(r"[-_.]+", "-", match.group()).lower()


def _mypy_settings() -> dict[str, Any]:
    settings: dict[str, Any] = _metadata().config["tool"]["mypy"]
    return settings


def test_a_compiled_wheel_requires_the_project_dependencies_mypy_and_setuptools(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SKULLGAMES_MYPYC", "1")
    requirements = _hook("wheel", tmp_path).dependencies()
    core = _metadata().core.dependencies
    assert core, "pyproject.toml lists the core dependencies"
    for requirement in core:  # as pyproject writes them, version bounds included
        assert requirement in requirements
    assert {_name(requirement) for requirement in requirements} == {
        *(_name(requirement) for requirement in core), "mypy", "setuptools"}


@pytest.mark.parametrize(("target", "variable"), [("wheel", "0"), ("sdist", "1")])
def test_a_pure_wheel_and_an_sdist_require_nothing_more(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, target: str, variable: str) -> None:
    monkeypatch.setenv("SKULLGAMES_MYPYC", variable)
    assert _hook(target, tmp_path).dependencies() == []


def test_mypyc_gets_every_mypy_setting_of_the_project() -> None:
    settings = _mypy_settings()
    config = configparser.ConfigParser()
    config.read_string(_hatch_build().mypy_config(settings))
    assert config["mypy"]["strict"] == "True"
    # the checkout's folders: the scratch copy has only the package, and mypyc names files
    assert "files" not in config["mypy"] and "exclude" not in config["mypy"]
    overrides = settings["overrides"]
    assert {"ray", "pyspiel"} <= {module for override in overrides
                                  for module in override["module"]}
    assert len(config.sections()) == 1 + len(overrides)
    for override in overrides:
        section = config["mypy-" + ",".join(override["module"])]
        expected = {key: str(value) for key, value in override.items() if key != "module"}
        assert dict(section) == expected


def test_compile_engine_copies_expands_then_compiles_with_the_projects_settings(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The order of ``compile_engine``, with mypyc itself replaced by a recorder."""
    hook = _hatch_build()
    settings = _mypy_settings()
    steps: list[str] = []

    def expand(src_root: Path, paths: list[str]) -> None:
        assert (src_root / "skullgames" / "_compiled.py").is_file()
        assert paths == [name.replace(".", "/") + ".py"
                         for name in hook.compiled_module_names(ROOT)]
        steps.append("expand")

    def run(argv: list[str], cwd: Path, check: bool) -> None:
        code, config, paths = argv[2:5]
        assert argv[:2] == [sys.executable, "-c"] and check
        assert '["--config-file", config, *paths.split(",")]' in code
        assert Path(config).read_text() == hook.mypy_config(settings)
        assert paths.split(",") == [name.replace(".", "/") + ".py"
                                    for name in hook.compiled_module_names(ROOT)]
        assert all((Path(cwd) / path).is_file() for path in paths.split(","))
        steps.append("mypyc")

    monkeypatch.setattr(hook, "expand_sources", expand)
    monkeypatch.setattr(hook.subprocess, "run", run)
    assert hook.compile_engine(ROOT, tmp_path / "out", settings) == []
    assert steps == ["expand", "mypyc"]


def _allowed_distributions() -> set[str]:
    """The build requirements of a compiled wheel and everything they install here."""
    allowed: set[str] = set()
    todo = [Requirement(text) for text in (*_metadata().core.dependencies,
                                           *_hatch_build().MYPYC_REQUIREMENTS)]
    while todo:
        name = _name(todo.pop().name)
        if name in allowed:
            continue
        allowed.add(name)
        todo += [requirement for requirement in map(Requirement,
                                                    importlib.metadata.requires(name) or [])
                 if requirement.marker is None or requirement.marker.evaluate({"extra": ""})]
    return allowed


def test_the_engine_type_checks_without_any_optional_extra(tmp_path: Path) -> None:
    """mypyc's check of the engine, with the project's settings, reads no optional extra.

    The extras are installed here, so mypy would read them if the engine (or a module it
    imports) used one: every third-party module it reads must come from the build
    requirements. (Ray is skipped by the project's settings; the rest are never reached.)
    """
    hook = _hatch_build()
    shutil.copytree(ROOT / "src" / "skullgames", tmp_path / "src" / "skullgames",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    config = tmp_path / "mypy.ini"
    config.write_text(hook.mypy_config(_mypy_settings()))
    paths = [name.replace(".", "/") + ".py" for name in hook.compiled_module_names(ROOT)]
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(config), "--verbose",
         "--cache-dir", str(tmp_path / "cache"), *paths],
        cwd=tmp_path / "src", capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr[-5000:]
    read = re.findall(r"Parsing (\S+) \(([\w.]+)\)", result.stderr)
    assert any(module == "skullgames.king.rules" for _, module in read)
    third_party = {module.split(".")[0] for path, module in read  # not mypy's typeshed
                   if "site-packages" in Path(path).parts and "typeshed" not in Path(path).parts}
    assert "attr" in third_party  # what the records and configs are built with
    distributions = importlib.metadata.packages_distributions()
    allowed = _allowed_distributions()
    outside = {top: distributions.get(top) for top in third_party
               if not {_name(d) for d in distributions.get(top, [])} & allowed}
    assert not outside, f"compiling would need {outside}"
