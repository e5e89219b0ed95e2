"""Sphinx configuration of the skullgames documentation.

Build with ``python -m sphinx -W -b html docs docs/_build/html``; the doctests of these
pages run with ``python -m sphinx -W -b doctest docs docs/_build/doctest`` (both are run
by ``tests/test_docs.py``).
"""

from __future__ import annotations

import doctest
import enum
import importlib.util
import os
import re
import sys
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS))
sys.path.insert(0, str(DOCS.parent / "src"))

import attrs  # noqa: E402
from _extras import docstring_extra  # noqa: E402
from _inventories import PROJECTS, write_inventories  # noqa: E402

import skullgames  # noqa: E402

project = "skullgames"
author = "skullgames developers"
copyright = "skullgames developers"
release = skullgames.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
    "sphinx_autodoc_typehints",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "README.md", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []

html_theme = "furo"
html_title = f"skullgames {release}"
html_static_path: list[str] = []

# MyST: ``:::`` fences for admonitions, definition lists, and anchors on h1-h3 so that
# pages can link to one another's sections as ``page.md#anchor``.
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# autodoc: members in source order, fields included (the attrs fields have no docstrings
# of their own); type hints in the descriptions, not the signatures.
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "undoc-members": True, "show-inheritance": True}
autodoc_typehints = "description"
autodoc_preserve_defaults = True

# The extras that the API reference imports (rl, openspiel, ray): where one is not
# installed, as with ``pip install .[docs]`` alone on Read the Docs, autodoc imports a
# mock of it, so the reference builds from the docstrings all the same. Where they are
# installed nothing is mocked: the doctest builder runs the examples on the real ones.
EXTRA_MODULES = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel", "ray")


def _missing(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is None
    except (ImportError, ValueError):
        return True


autodoc_mock_imports = [name for name in EXTRA_MODULES if _missing(name)]
always_document_param_types = False
typehints_defaults = "comma"

# A whole number that refuses True is typed skullgames._checks.Whole, ``int | bool``, for the
# compiled build's sake (see that alias); a type checker reads it as ``int``, and so does
# the reference.
autodoc_type_aliases = {"Whole": "int"}

# The doctest builder runs every ``{doctest}`` / ``{testcode}`` block of the pages, and
# the ``>>>`` examples of the docstrings that autodoc pulls in, with the same flags as
# pytest's doctests of the README and the sources.
doctest_default_flags = (
    doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.DONT_ACCEPT_TRUE_FOR_1
)
doctest_test_doctest_blocks = "default"
# An example that needs an extra is skipped, with the reason, where the extra is not
# installed (``:skipif: extra_missing("openspiel")``, see _extras.py), and fails in CI.
doctest_global_setup = "from _extras import extra_missing"

# intersphinx without the network: see _inventories.py. The inventories are written
# into the build's doctree folder when the build starts (on_config_inited below).
intersphinx_mapping: dict[str, Any] = {}
intersphinx_timeout = 10
ONLINE = os.environ.get("SKULLGAMES_DOCS_ONLINE", "") not in ("", "0")


def on_config_inited(app: Any, config: Any) -> None:
    paths = write_inventories(Path(app.doctreedir) / "inventories")
    config.intersphinx_mapping = {
        name: (uri, (None, str(paths[name])) if ONLINE else str(paths[name]))
        for name, (uri, _) in PROJECTS.items()
    }


def on_doctree_read(app: Any, doctree: Any) -> None:
    """Skip the docstring examples of a module that needs an extra where it is missing.

    The API reference's examples come from the docstrings, which cannot carry a
    ``:skipif:`` of their own; they get that of their module's extra (_extras.py).
    """
    from docutils import nodes

    for node in doctree.findall(nodes.doctest_block):
        extra = docstring_extra(node.source or "")
        if extra is not None:
            node["skipif"] = f"extra_missing({extra!r})"


def on_missing_reference(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    """Send ``skullgames.king.cards.Card`` to ``skullgames.king.Card``, where it is documented.

    The type hints name a class by the module that defines it; the API reference documents
    every public name once, where users import it from.
    """
    target = node.get("reftarget", "")
    if node.get("refdomain") != "py" or not target.startswith("skullgames."):
        return None
    parts = target.split(".")
    domain = env.get_domain("py")
    for cut in range(len(parts) - 2, 0, -1):
        candidate = ".".join([*parts[:cut], parts[-1]])
        if candidate != target and candidate in domain.objects:
            return domain.resolve_xref(env, node["refdoc"], app.builder, node["reftype"],
                                       candidate, node, contnode)
    return None


_ATTRS_DEFAULT = re.compile(r"attr_dict\['(\w+)'\]\.default")


def on_process_signature(app: Any, what: str, name: str, obj: Any, options: Any,
                         signature: str | None, return_annotation: str | None) -> Any:
    """Show the defaults of attrs classes as values, not as ``attr_dict['x'].default``.

    ``autodoc_preserve_defaults`` reads the defaults from the source, and the source of
    the ``__init__`` that attrs generates names them by its own lookup table.
    """
    if what != "class" or not signature or not attrs.has(obj):
        return None
    fields = {field.alias or field.name: field.default for field in attrs.fields(obj)}

    def value(match: re.Match[str]) -> str:
        default = fields.get(match[1], attrs.NOTHING)
        if default is attrs.NOTHING or isinstance(default, attrs.Factory):
            return match[0]
        if isinstance(default, enum.Enum):
            return f"{type(default).__name__}.{default.name}"
        return repr(default)

    return _ATTRS_DEFAULT.sub(value, signature), return_annotation


_FINAL = re.compile(r"^~?(?:typing\.)?Final\[(.*)\]$")


def on_record_class_parameters(app: Any, what: str, name: str, obj: Any, options: Any,
                               signature: str | None, return_annotation: str | None) -> None:
    """Type a record's parameters as ``int``, not ``Final[int]``.

    autodoc types a class's parameters by the class's annotations of the same names, and
    a record's fields are ``Final``, which says nothing about the value its constructor
    takes. Runs after autodoc has recorded them.
    """
    if what != "class":
        return
    recorded = app.env.current_document.autodoc_annotations.get(name, {})
    for parameter, annotation in recorded.items():
        recorded[parameter] = _FINAL.sub(r"\1", annotation)


def on_process_bases(app: Any, name: str, obj: Any, options: Any, bases: list[Any]) -> None:
    """Show the public bases of a class: private base classes (``skullgames.history.
    Logged``'s kind) are an implementation detail."""
    bases[:] = [_unmocked(base) for base in bases
                if not getattr(base, "__name__", "").startswith("_")] or [object]


def _unmocked(base: Any) -> Any:
    """A mocked generic base (``gymnasium.Env[...]`` without the ``rl`` extra, see
    ``autodoc_mock_imports``) shown as its class, ``gymnasium.Env``, not its arguments."""
    name = getattr(base, "__name__", "")
    if not getattr(base, "__sphinx_mock__", False) or name.isidentifier():
        return base
    module, _, generic = base.__module__.rpartition(".")
    return type(generic, (), {"__module__": module})


def setup(app: Any) -> None:
    app.connect("autodoc-process-bases", on_process_bases)
    app.connect("config-inited", on_config_inited, priority=500)
    app.connect("missing-reference", on_missing_reference)
    app.connect("doctree-read", on_doctree_read)
    app.connect("autodoc-process-signature", on_process_signature, priority=400)
    app.connect("autodoc-process-signature", on_record_class_parameters, priority=600)
