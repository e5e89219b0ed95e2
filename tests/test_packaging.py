"""What a user installs: the sdist's files, the metadata, and the README's set-up commands."""

from __future__ import annotations

import re
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Any

from hatchling.builders.sdist import SdistBuilder

ROOT = Path(__file__).resolve().parent.parent


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
    assert "tests/test_packaging.py" in names
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
