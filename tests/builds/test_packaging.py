"""What a user installs: the sdist's files, the metadata, and the README's set-up commands."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Any

import pytest
from hatchling.builders.sdist import SdistBuilder

ROOT = Path(__file__).resolve().parents[2]


def sdist_names(tmp_path: Path) -> list[str]:
    built = next(iter(SdistBuilder(str(ROOT)).build(directory=str(tmp_path),
                                                     versions=["standard"])))
    with tarfile.open(built) as tar:
        return [name.split("/", 1)[1] for name in tar.getnames() if "/" in name]


def test_the_sdist_ships_the_library_and_no_ci_or_vcs_files(tmp_path: Path) -> None:
    names = sdist_names(tmp_path)
    assert "LICENSE" in names
    assert "src/skullgames/__init__.py" in names
    assert "src/skullgames/py.typed" in names
    assert "tests/builds/test_packaging.py" in names
    assert ".gitignore" not in names
    assert not [name for name in names if name.startswith((".ci", ".git", "mutants/"))]


def test_the_license_is_mit_and_the_metadata_says_so() -> None:
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License\n\nCopyright (c) 2026 skullgames developers\n")
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'license = "MIT"' in pyproject
    assert 'license-files = ["LICENSE"]' in pyproject


def test_every_supported_python_has_a_classifier() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'requires-python = ">=3.10"' in pyproject
    found = re.findall(r'"Programming Language :: Python :: (3\.\d+)"', pyproject)
    assert found == ["3.10", "3.11", "3.12", "3.13"]


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    return [block.strip() for block in re.findall(r"```bash\n(.*?)```", text, re.DOTALL)]


def test_the_readme_says_pip_install_skullgames_first() -> None:
    commands = readme_commands()
    assert commands[0] == "pip install skullgames"
    assert "pip install . && python -m skullgames watch --players 4 --seed 1" in commands
    assert 'pip install -e ".[dev]" && python -m pytest' in commands


def test_the_readme_watch_commands_run() -> None:
    """The commands after the installs: the installed script and ``python -m``."""
    watches = [c.split("&&")[-1].strip() for c in readme_commands() if "watch" in c]
    assert watches == ["skullgames watch --players 4 --seed 1",
                       "python -m skullgames watch --players 4 --seed 1"]
    outputs = []
    for command in watches:
        argv = command.split()[1:] if command.startswith("skullgames") else command.split()[3:]
        result = subprocess.run([sys.executable, "-m", "skullgames", *argv], cwd=ROOT,
                                capture_output=True, text=True, check=False, timeout=300)
        assert result.returncode == 0, result.stderr
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1]
    assert "Winner" in outputs[0]


def test_the_readme_says_where_each_install_command_applies() -> None:
    """Issue 22 item 7: ``pip install skullgames`` fails until a release is on PyPI."""
    text = " ".join((ROOT / "README.md").read_text().split())
    install = text.split("## Install")[1].split("```bash pip install skullgames")[0]
    assert "No release is on PyPI yet" in install
    assert "from a checkout" in install and "from PyPI" in install
    assert 'pip install ".[rl]"` from a checkout' in text


def test_the_readme_lists_every_extra() -> None:
    """Issue 47: the README's list of extras left out ``ui-test``."""
    pyproject = (ROOT / "pyproject.toml").read_text()
    block = pyproject.split("[project.optional-dependencies]\n", 1)[1].split("\n[", 1)[0]
    extras = re.findall(r"^([a-z][a-z-]*) = ", block, re.MULTILINE)
    text = " ".join((ROOT / "README.md").read_text().split())
    listed = re.search(r"The extras \(([^)]*)\)", text)
    assert listed is not None
    assert sorted(re.findall(r"`([a-z-]+)`", listed.group(1))) == sorted(extras)


def test_the_metadata_has_project_urls() -> None:
    """Issue 22 item 7: no Project-URL was in the metadata. No repository is public yet,
    so each points to the documentation that ``.readthedocs.yaml`` builds."""
    from hatchling.metadata.core import ProjectMetadata

    metadata: ProjectMetadata[Any] = ProjectMetadata(str(ROOT), None)
    urls: dict[str, str] = metadata.core.urls
    assert set(urls) == {"Homepage", "Documentation", "Changelog"}
    assert all(url.startswith("https://skullgames.readthedocs.io/") for url in urls.values())
    assert urls["Changelog"].endswith("/changelog.html")
    assert (ROOT / "docs" / "changelog.md").is_file()


def _hatch_build() -> Any:
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_build_hook_compiles_the_modules_the_package_checks() -> None:
    from skullgames._compiled import COMPILED_MODULES

    assert _hatch_build().compiled_module_names(ROOT) == list(COMPILED_MODULES)


@pytest.mark.parametrize(("value", "expected"), [
    (None, False), ("", False), ("0", False), ("1", True), ("true", True), ("maybe", None)])
def test_skullgames_mypyc_asks_for_the_compiled_build(
        monkeypatch: pytest.MonkeyPatch, value: str | None, expected: bool | None) -> None:
    hook = _hatch_build()
    if value is None:
        monkeypatch.delenv("SKULLGAMES_MYPYC", raising=False)
    else:
        monkeypatch.setenv("SKULLGAMES_MYPYC", value)
    if expected is None:
        with pytest.raises(ValueError, match="SKULLGAMES_MYPYC must be 1 or 0"):
            hook.mypyc_requested()
    else:
        assert hook.mypyc_requested() is expected


def test_the_release_builds_compiled_wheels_for_every_supported_python() -> None:
    text = (ROOT / "pyproject.toml").read_text()
    section = text.split("[tool.cibuildwheel]\n", 1)[1].split("\n[tool.pytest", 1)[0]
    assert 'build = ["cp310-*", "cp311-*", "cp312-*", "cp313-*"]' in section
    assert 'environment = { SKULLGAMES_MYPYC = "1" }' in section
    assert "sys.exit(not skullgames.COMPILED)" in section
    for platform in ("linux", "macos", "windows"):
        assert f"[tool.cibuildwheel.{platform}]\narchs = [" in section
