"""The hatchling build hook: the compiled build (mypyc) on request, and a clean sdist.

- ``SKULLGAMES_MYPYC=1`` (read here, when a wheel is built) compiles the engine's and the
  bots' modules listed in ``src/skullgames/_compiled.py`` to C extensions with mypyc, and
  the wheel is then a platform wheel that holds them beside the Python sources. Without it
  the wheel is pure Python and nothing is compiled, so ``pip install .`` stays quick.
- A compiled wheel builds where a user builds it: in the isolated environment that pip or
  ``python -m build`` makes from the build requirements alone. :meth:`dependencies` names
  all of them (mypy, which brings mypyc; setuptools, which drives the C compiler; and the
  project's own dependencies, which mypyc type-checks the engine against), and mypyc runs
  with the project's mypy settings (``[tool.mypy]`` of ``pyproject.toml``), so that no
  optional extra (numpy, Ray, ...) is needed to compile.
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
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

VCS_FILES = (".gitignore", ".hgignore")
MYPYC_VARIABLE = "SKULLGAMES_MYPYC"
MYPYC_REQUIREMENTS = ("mypy>=2.4", "setuptools>=70")
"""What compiling needs besides the project's own dependencies (``[project].dependencies``)."""

# Settings of [tool.mypy] that name the checkout's folders: the scratch copy that mypyc
# compiles holds only the package, and mypyc is given the engine's files to check.
_CHECKOUT_SETTINGS = ("files", "exclude")


def mypyc_requested() -> bool:
    """Whether the environment asks for the compiled build (``SKULLGAMES_MYPYC=1``)."""
    value = os.environ.get(MYPYC_VARIABLE, "").strip().lower()
    if value in ("", "0", "false", "no"):
        return False
    if value in ("1", "true", "yes"):
        return True
    raise ValueError(f"{MYPYC_VARIABLE} must be 1 or 0, not {value!r}")


COMPILED_LISTS = ("ENGINE_MODULES", "BOT_MODULES")
"""The tuples of ``src/skullgames/_compiled.py`` that name the modules to compile."""


def compiled_module_names(root: Path) -> list[str]:
    """The modules to compile: ``ENGINE_MODULES``, then ``BOT_MODULES``, of ``_compiled.py``."""
    tree = ast.parse((root / "src" / "skullgames" / "_compiled.py").read_text())
    lists = {node.target.id: list(ast.literal_eval(node.value)) for node in tree.body
             if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
             and node.target.id in COMPILED_LISTS and node.value is not None}
    missing = [name for name in COMPILED_LISTS if name not in lists]
    if missing:
        raise ValueError(f"src/skullgames/_compiled.py declares no {', '.join(missing)}")
    return [module for name in COMPILED_LISTS for module in lists[name]]


def compiled_build_requirements(dependencies: list[str]) -> list[str]:
    """Everything a compiled wheel's build needs, given ``[project].dependencies``.

    mypyc type-checks the engine, and through its imports the rest of the package, before
    it compiles: the runtime dependencies (attrs, cattrs, typing-extensions) must be
    installed where it runs, or every attrs class reads as untyped and the check fails.
    """
    return [*MYPYC_REQUIREMENTS, *dependencies]


def _ini_value(value: object) -> str:
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(item) for item in value)
    return str(value)


def mypy_config(settings: Mapping[str, Any]) -> str:
    """A mypy configuration file (INI) with the project's settings, ``[tool.mypy]``.

    Every setting and every ``[[tool.mypy.overrides]]`` section is carried over (strict
    mode; Ray skipped; the untyped extras' missing imports ignored, as in a developer's
    check), except those that name the checkout's folders (``files``, ``exclude``).
    """
    lines = ["[mypy]"]
    lines += [f"{key} = {_ini_value(value)}" for key, value in settings.items()
              if key != "overrides" and key not in _CHECKOUT_SETTINGS]
    for override in settings.get("overrides", []):
        modules = override["module"]
        modules = [modules] if isinstance(modules, str) else modules
        lines += ["", f"[mypy-{','.join(modules)}]"]
        lines += [f"{key} = {_ini_value(value)}" for key, value in override.items()
                  if key != "module"]
    return "\n".join(lines) + "\n"


# Run in a fresh interpreter, in a copy of the sources: setuptools reads the current
# directory's pyproject.toml (hatchling's, which it does not understand) and leaves build/
# files behind. mypycify takes mypy's command line: the configuration file, then the files.
_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

config, paths, build_lib, build_temp, jobs = sys.argv[1:6]
setup(
    name="skullgames-compiled",
    ext_modules=mypycify(["--config-file", config, *paths.split(",")], opt_level="3",
                         group_name="skullgames", target_dir=build_temp + "/mypyc"),
    script_args=["build_ext", "--build-lib", build_lib, "--build-temp", build_temp,
                 "--parallel", jobs],
)
"""


def expand_sources(src_root: Path, paths: list[str]) -> None:
    """Write out the ``@record`` classes of the modules to compile (``build_records.py``).

    ``src_root`` is the scratch folder that holds the copied ``skullgames`` package and
    ``paths`` the modules to compile in it; the checkout's sources are never touched, and the
    pure build installs them as they are.
    """
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    try:
        from build_records import expand
    finally:
        sys.path.pop(0)
    for path in paths:
        module = src_root / path
        module.write_text(expand(module.read_text()))


def compile_engine(root: Path, out: Path, mypy_settings: Mapping[str, Any]) -> list[Path]:
    """Compile the listed modules (engine, bots) with mypyc into ``out``; return the files.

    ``mypy_settings`` is ``[tool.mypy]`` of ``pyproject.toml``: mypyc type-checks with it.
    """
    with tempfile.TemporaryDirectory(prefix="skullgames-mypyc-") as scratch:
        sources = Path(scratch) / "src"
        shutil.copytree(root / "src" / "skullgames", sources / "skullgames",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
        paths = [name.replace(".", "/") + ".py" for name in compiled_module_names(root)]
        expand_sources(sources, paths)
        config = Path(scratch) / "mypy.ini"
        config.write_text(mypy_config(mypy_settings))
        subprocess.run(
            [sys.executable, "-c", _SETUP, str(config), ",".join(paths), str(out),
             scratch + "/temp", str(os.cpu_count() or 1)],
            cwd=sources, check=True,
        )
    return sorted(p for p in out.rglob("*") if p.suffix in (".so", ".pyd"))


class SkullgamesBuildHook(BuildHookInterface[Any]):
    """Compiles the engine for a wheel when asked; drops version-control files from an sdist."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """The build requirements of a compiled wheel (:func:`compiled_build_requirements`).

        None for a pure wheel or an sdist.
        """
        if self.target_name == "wheel" and mypyc_requested():
            return compiled_build_requirements(list(self.metadata.core.dependencies))
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
        settings = self.metadata.config.get("tool", {}).get("mypy", {})
        for extension in compile_engine(root, out, settings):
            build_data["force_include"][str(extension)] = str(extension.relative_to(out))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the compiled files once they are in the wheel."""
        shutil.rmtree(Path(self.directory) / ".skullgames-mypyc", ignore_errors=True)
