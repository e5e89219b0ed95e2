"""The documentation builds without a warning, and every example in it runs.

The HTML build (warnings are errors) and the doctest builder, which runs the examples of
the pages and of the docstrings that the API reference includes, as ``sphinx-build`` does
them: one subprocess each, into a temporary folder. No network is used (see
``docs/_inventories.py``).

Sphinx reads the sources once for both builders (issue 47: four builds that each read
everything took 450 s of the suite): the HTML build keeps what it read in a doctree
folder, and the doctest build, given the same folder, runs on it without reading again.
Once with every extra (:func:`built`), once as with the docs extra alone
(:func:`built_without_extras`); each test reads the build it checks.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

import skullgames
import skullgames.actions
import skullgames.bots
import skullgames.bots.king
import skullgames.bots.queen
import skullgames.king
import skullgames.plugins
import skullgames.plugins.cli
import skullgames.plugins.json
import skullgames.plugins.openspiel
import skullgames.plugins.rl
import skullgames.queen
import skullgames.rl
import skullgames.rl.gymnasium
import skullgames.rl.pettingzoo
import skullgames.serve
import skullgames.svg

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


@dataclass(frozen=True)
class Built:
    """The HTML and doctest builds of the docs, from one reading of the sources."""

    folder: Path
    """``html``, ``doctest`` and ``doctrees`` (what Sphinx read) are in here."""
    html: subprocess.CompletedProcess[str]
    doctest: subprocess.CompletedProcess[str]


def build_both(folder: Path, command: list[str], *,
               doctest_env: dict[str, str] | None = None) -> Built:
    """``command`` (Sphinx's arguments follow it) as an HTML build, then as a doctest build
    on the doctrees the HTML build left: warnings are errors in both."""
    doctrees = str(folder / "doctrees")

    def run(options: list[str], builder: str, env: dict[str, str] | None
            ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            # --no-color: Sphinx colours its output where CI is set, and the tests read it
            [*command, "-W", "--no-color", *options, "-b", builder, "-d", doctrees, str(DOCS),
             str(folder / builder)],
            cwd=ROOT, env=env, capture_output=True, text=True, check=False, timeout=900)

    html = run(["--keep-going"], "html", None)
    doctest = run(["--keep-going"], "doctest", doctest_env)
    return Built(folder, html, doctest)


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The docs built with every extra installed, as CI builds them."""
    return build_both(tmp_path_factory.mktemp("docs"), [sys.executable, "-m", "sphinx"])


@pytest.fixture(scope="session")
def built_without_extras(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The docs built as where only the docs extra is installed (Read the Docs); the
    doctest build without ``CI`` in the environment, where a missing extra is an error."""
    environment = {name: value for name, value in os.environ.items() if name != "CI"}
    return build_both(tmp_path_factory.mktemp("docs-alone"),
                      [sys.executable, "-c", WITHOUT_EXTRAS], doctest_env=environment)


@pytest.fixture(scope="session")
def html(built: Built) -> Path:
    assert built.html.returncode == 0, built.html.stdout + built.html.stderr
    return built.folder / "html"


def test_html_builds_without_warnings(html: Path) -> None:
    assert (html / "index.html").is_file()
    assert (html / "rules" / "king.html").is_file()
    assert (html / "rules" / "queen.html").is_file()
    assert (html / "api" / "queen.html").is_file()


def test_every_public_name_is_in_the_api_reference(html: Path) -> None:
    raw = (html / "objects.inv").read_bytes()
    body = zlib.decompress(raw.split(b"\n", 4)[4]).decode()
    documented = {line.split(" ", 1)[0] for line in body.splitlines()}
    for module in (skullgames, skullgames.king, skullgames.queen, skullgames.bots,
                   skullgames.bots.king, skullgames.bots.queen, skullgames.svg,
                   skullgames.serve, skullgames.actions, skullgames.rl,
                   skullgames.rl.gymnasium, skullgames.rl.pettingzoo, skullgames.plugins,
                   skullgames.plugins.json, skullgames.plugins.cli, skullgames.plugins.rl,
                   skullgames.plugins.openspiel):
        missing = [
            f"{module.__name__}.{name}" for name in module.__all__
            if f"{module.__name__}.{name}" not in documented
        ]
        assert not missing, f"not in the API reference: {missing}"


def test_doctests_of_the_docs_pass(built: Built) -> None:
    result = built.doctest
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("which", ["built", "built_without_extras"])
def test_the_doctest_build_does_not_read_the_sources_again(
        which: str, request: pytest.FixtureRequest) -> None:
    """Issue 47: each of four builds read every page and docstring (two minutes each on a
    loaded two-core machine); the doctest builds now run on what the HTML builds read."""
    both: Built = request.getfixturevalue(which)
    assert both.html.returncode == 0, both.html.stdout + both.html.stderr
    read = re.search(r"updating environment: (?:\[new config\] )?([0-9]+) added",
                     both.html.stdout)
    assert read is not None and int(read.group(1)) > 10, both.html.stdout
    assert "updating environment: 0 added, 0 changed, 0 removed" in both.doctest.stdout, (
        both.doctest.stdout)


# Importing any of these raises ImportError in the build below, as where only the docs
# extra is installed; then the build runs as ``python -m sphinx`` does.
WITHOUT_EXTRAS = """
import sys
from importlib.abc import MetaPathFinder

EXTRAS = {"numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel", "ray"}


class NotInstalled(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in EXTRAS:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, NotInstalled())
try:
    import numpy  # noqa: F401
except ImportError:
    pass
else:
    sys.exit("numpy is still importable")

from sphinx.cmd.build import main

sys.exit(main(sys.argv[1:]))
"""


def test_html_builds_with_the_docs_extra_alone(built_without_extras: Built) -> None:
    """Issue 22 item 7: as Read the Docs builds them (``pip install .[docs]``), without
    the rl, openspiel and ray extras; autodoc failed to import ``skullgames.rl``."""
    assert any(name in sys.modules for name in ("numpy", "gymnasium"))  # here they are
    result = built_without_extras.html
    assert result.returncode == 0, result.stdout + result.stderr
    html = built_without_extras.folder / "html"
    for page, documented in (("rl", "skullgames.rl.gymnasium.SkullGamesEnv"),
                             ("rl", "skullgames.rl.pettingzoo.raw_env"),
                             ("openspiel", "skullgames.rl.openspiel.SkullState")):
        assert f'id="{documented}"' in (html / "api" / f"{page}.html").read_text()


def test_doctests_skip_the_examples_of_a_missing_extra(built_without_extras: Built) -> None:
    """Issue 35: without the rl and openspiel extras (``pip install .[docs]``), the examples
    that need them (the RL guide's, pyspiel's, the API reference's of ``skullgames.rl``)
    are skipped with the reason, and every other example runs."""
    result = built_without_extras.doctest
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    for extra, modules in (("rl", "numpy, gymnasium, pettingzoo"),
                           ("openspiel", "numpy, gymnasium, pettingzoo, pyspiel")):
        assert (f"skipped: the examples that need the {extra} extra are skipped: {modules} "
                f"not installed (pip install 'skullgames[{extra}]')") in output, output
    output_file = built_without_extras.folder / "doctest" / "output.txt"
    assert " 0 failures in tests" in output_file.read_text()


def load_extras() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_extras", DOCS / "_extras.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_in_ci_an_example_of_a_missing_extra_is_an_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    extras = load_extras()
    monkeypatch.setattr(extras, "_importable", lambda name: name != "pyspiel")
    monkeypatch.delenv("CI", raising=False)
    assert extras.extra_missing("rl") is False
    assert extras.extra_missing("openspiel") is True
    monkeypatch.setenv("CI", "true")
    with pytest.raises(RuntimeError, match=r"^in CI, where every extra is installed, the "
                       r"examples that need the openspiel extra are skipped: pyspiel not"):
        extras.extra_missing("openspiel")


def test_the_docstrings_of_the_rl_modules_need_their_extras() -> None:
    extras = load_extras()
    source = str(ROOT / "src" / "skullgames" / "rl" / "openspiel" / "__init__.py")
    assert extras.docstring_extra(f"{source}:docstring of skullgames.rl.openspiel") == (
        "openspiel")
    assert extras.docstring_extra(str(ROOT / "src/skullgames/rl/tensors.py")) == "rl"
    assert extras.docstring_extra(str(ROOT / "src/skullgames/king/state.py")) is None


def test_the_rl_guide_names_what_the_rl_extra_installs() -> None:
    """Issue 35: its install line named numpy, gymnasium and pettingzoo, not pyvips and
    pygame."""
    # a regular expression, not tomllib: the project supports Python 3.10
    block = re.search(r"^rl = \[\n(.*?)^\]", (ROOT / "pyproject.toml").read_text(),
                      re.MULTILINE | re.DOTALL)
    assert block is not None
    names = set(re.findall(r'^\s+"([A-Za-z0-9_-]+)', block[1], re.MULTILINE))
    assert {"numpy", "pygame", "pyvips"} <= names
    guide = (DOCS / "guides" / "rl.md").read_text()
    install = guide.split('pip install "skullgames[rl]"', 1)[1].split("\n\n", 2)[1]
    said = install.lower().replace("-", "")
    missing = [name for name in names if name.replace("-", "").split("binary")[0] not in said]
    assert not missing, (missing, install)


def test_read_the_docs_builds_the_docs_extra_with_warnings_as_errors() -> None:
    config = (ROOT / ".readthedocs.yaml").read_text()
    assert "version: 2" in config
    assert 'python: "3.12"' in config
    assert "configuration: docs/conf.py" in config
    assert "fail_on_warning: true" in config
    assert re.search(r"path: \.\n\s+extra_requirements:\n\s+- docs\n", config), config
