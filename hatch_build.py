"""The hatchling build hook: the compiled build (mypyc) on request, and a clean sdist.

- ``SKULLGAMES_MYPYC=1`` (read here, when a wheel is built) compiles the engine modules
  listed in ``src/skullgames/_compiled.py`` to C extensions with mypyc, and the wheel is
  then a platform wheel that holds them beside the Python sources. Without it the wheel is
  pure Python and nothing is compiled, so ``pip install .`` stays quick. mypy (which
  brings mypyc) and setuptools (which drives the C compiler) are build requirements only
  when the variable is set.
- hatchling always copies ``.gitignore`` into an sdist (it force-includes the files it
  reads exclusion patterns from); a user building or testing from the sdist has no use for
  it, so the sdist drops it.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

VCS_FILES = (".gitignore", ".hgignore")
MYPYC_VARIABLE = "SKULLGAMES_MYPYC"
MYPYC_REQUIREMENTS = ["mypy>=2.4", "setuptools>=70"]


def mypyc_requested() -> bool:
    """Whether the environment asks for the compiled build (``SKULLGAMES_MYPYC=1``)."""
    value = os.environ.get(MYPYC_VARIABLE, "").strip().lower()
    if value in ("", "0", "false", "no"):
        return False
    if value in ("1", "true", "yes"):
        return True
    raise ValueError(f"{MYPYC_VARIABLE} must be 1 or 0, not {value!r}")


def engine_modules(root: Path) -> list[str]:
    """The module names of ``ENGINE_MODULES`` in ``src/skullgames/_compiled.py``."""
    tree = ast.parse((root / "src" / "skullgames" / "_compiled.py").read_text())
    for node in tree.body:
        if (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
                and node.target.id == "ENGINE_MODULES" and node.value is not None):
            return list(ast.literal_eval(node.value))
    raise ValueError("src/skullgames/_compiled.py declares no ENGINE_MODULES")


# Run in a fresh interpreter, in a copy of the sources: setuptools reads the current
# directory's pyproject.toml (hatchling's, which it does not understand) and leaves build/
# files behind; mypyc reads no configuration there.
_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

paths, build_lib, build_temp, jobs = sys.argv[1:5]
setup(
    name="skullgames-compiled",
    ext_modules=mypycify(paths.split(","), opt_level="3", group_name="skullgames",
                         target_dir=build_temp + "/mypyc"),
    script_args=["build_ext", "--build-lib", build_lib, "--build-temp", build_temp,
                 "--parallel", jobs],
)
"""


def expand_sources(sources: Path, paths: list[str]) -> None:
    """Write out the ``@record`` classes of the engine modules for mypyc (build_records.py)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    try:
        from build_records import expand
    finally:
        sys.path.pop(0)
    for path in paths:
        module = sources / path
        module.write_text(expand(module.read_text()))


def compile_engine(root: Path, out: Path) -> list[Path]:
    """Compile the engine modules with mypyc into ``out``; return the extension files."""
    with tempfile.TemporaryDirectory(prefix="skullgames-mypyc-") as scratch:
        sources = Path(scratch) / "src"
        shutil.copytree(root / "src" / "skullgames", sources / "skullgames",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
        paths = [name.replace(".", "/") + ".py" for name in engine_modules(root)]
        expand_sources(sources, paths)
        subprocess.run(
            [sys.executable, "-c", _SETUP, ",".join(paths), str(out), scratch + "/temp",
             str(os.cpu_count() or 1)],
            cwd=sources, check=True,
        )
    return sorted(p for p in out.rglob("*") if p.suffix in (".so", ".pyd"))


class SkullgamesBuildHook(BuildHookInterface):  # type: ignore[misc]
    """Compiles the engine for a wheel when asked; drops version-control files from an sdist."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """The build requirements of a compiled wheel (mypy for mypyc, setuptools); else none."""
        if self.target_name == "wheel" and mypyc_requested():
            return list(MYPYC_REQUIREMENTS)
        return []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile the engine for a wheel (on request), or clean the sdist's file list."""
        if self.target_name == "sdist":
            build_data["force_include"] = {
                source: target for source, target in build_data["force_include"].items()
                if target not in VCS_FILES
            }
            return
        if self.target_name != "wheel" or not mypyc_requested():
            return
        if version == "editable":
            raise ValueError(f"{MYPYC_VARIABLE}=1 builds a wheel to install, not an editable "
                             f"install: use pip install . (without -e)")
        out = Path(self.directory) / ".skullgames-mypyc"
        shutil.rmtree(out, ignore_errors=True)
        root = Path(self.root)
        for extension in compile_engine(root, out):
            build_data["force_include"][str(extension)] = str(extension.relative_to(out))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the compiled files once they are in the wheel."""
        shutil.rmtree(Path(self.directory) / ".skullgames-mypyc", ignore_errors=True)
