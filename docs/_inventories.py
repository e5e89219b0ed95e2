"""Small intersphinx inventories for an offline build.

Sphinx's intersphinx extension normally downloads ``objects.inv`` from each project's
site. This build machine (and CI) has no network, so ``conf.py`` writes the small
inventories below instead and points intersphinx at those files: links still go to the
real online pages, but building never touches the network.

Each entry is ``(name, role, page#anchor)``; add a line when the docs or the docstrings
refer to another name of these projects. Set ``SKULLGAMES_DOCS_ONLINE=1`` to fetch the
full inventories first (these files stay as the fallback).
"""

from __future__ import annotations

import zlib
from pathlib import Path

PROJECTS: dict[str, tuple[str, list[tuple[str, str, str]]]] = {
    "python": ("https://docs.python.org/3/", [
        ("None", "py:data", "library/constants.html#None"),
        ("True", "py:data", "library/constants.html#True"),
        ("False", "py:data", "library/constants.html#False"),
        ("Ellipsis", "py:data", "library/constants.html#Ellipsis"),
        ("int", "py:class", "library/functions.html#int"),
        ("bool", "py:class", "library/functions.html#bool"),
        ("str", "py:class", "library/stdtypes.html#str"),
        ("bytes", "py:class", "library/stdtypes.html#bytes"),
        ("tuple", "py:class", "library/stdtypes.html#tuple"),
        ("list", "py:class", "library/stdtypes.html#list"),
        ("dict", "py:class", "library/stdtypes.html#dict"),
        ("type", "py:class", "library/functions.html#type"),
        ("object", "py:class", "library/functions.html#object"),
        ("ValueError", "py:exception", "library/exceptions.html#ValueError"),
        ("TypeError", "py:exception", "library/exceptions.html#TypeError"),
        ("enum.Enum", "py:class", "library/enum.html#enum.Enum"),
        ("json", "py:module", "library/json.html#module-json"),
        ("json.dumps", "py:function", "library/json.html#json.dumps"),
        ("json.loads", "py:function", "library/json.html#json.loads"),
        ("random", "py:module", "library/random.html#module-random"),
        ("random.Random", "py:class", "library/random.html#random.Random"),
        ("random.shuffle", "py:function", "library/random.html#random.shuffle"),
        ("random.choice", "py:function", "library/random.html#random.choice"),
        ("collections.abc.Iterable", "py:class",
         "library/collections.abc.html#collections.abc.Iterable"),
        ("collections.abc.Sequence", "py:class",
         "library/collections.abc.html#collections.abc.Sequence"),
        ("typing.Union", "py:data", "library/typing.html#typing.Union"),
        ("typing.TypeVar", "py:class", "library/typing.html#typing.TypeVar"),
        ("typing.Any", "py:data", "library/typing.html#typing.Any"),
        ("functools.cache", "py:function", "library/functools.html#functools.cache"),
        ("doctest", "py:module", "library/doctest.html#module-doctest"),
    ]),
    "attrs": ("https://www.attrs.org/en/stable/", [
        ("attrs", "py:module", "api.html#module-attrs"),
        ("attrs.frozen", "py:function", "api.html#attrs.frozen"),
        ("attrs.define", "py:function", "api.html#attrs.define"),
        ("attrs.field", "py:function", "api.html#attrs.field"),
        ("attrs.evolve", "py:function", "api.html#attrs.evolve"),
        ("attrs.asdict", "py:function", "api.html#attrs.asdict"),
    ]),
    "cattrs": ("https://catt.rs/en/stable/", [
        ("cattrs", "py:module", "cattrs.html#module-cattrs"),
        ("cattrs.Converter", "py:class", "cattrs.html#cattrs.Converter"),
        ("cattrs.converters.Converter", "py:class", "cattrs.html#cattrs.Converter"),
        ("cattrs.BaseConverter.structure", "py:method",
         "cattrs.html#cattrs.BaseConverter.structure"),
        ("cattrs.BaseConverter.unstructure", "py:method",
         "cattrs.html#cattrs.BaseConverter.unstructure"),
        ("cattrs.BaseConverter.register_structure_hook", "py:method",
         "cattrs.html#cattrs.BaseConverter.register_structure_hook"),
        ("cattrs.BaseConverter.register_unstructure_hook", "py:method",
         "cattrs.html#cattrs.BaseConverter.register_unstructure_hook"),
        ("cattrs.transform_error", "py:function", "cattrs.html#cattrs.transform_error"),
    ]),
    "hypothesis": ("https://hypothesis.readthedocs.io/en/latest/", [
        ("hypothesis.given", "py:function", "reference/api.html#hypothesis.given"),
        ("hypothesis.settings", "py:class", "reference/api.html#hypothesis.settings"),
        ("hypothesis.strategies.integers", "py:function",
         "reference/strategies.html#hypothesis.strategies.integers"),
    ]),
}


def write_inventories(directory: Path) -> dict[str, Path]:
    """Write one ``objects.inv`` (format version 2) per project; return their paths."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = {}
    for project, (_, entries) in PROJECTS.items():
        header = (
            "# Sphinx inventory version 2\n"
            f"# Project: {project}\n"
            "# Version: \n"
            "# The remainder of this file is compressed using zlib.\n"
        )
        body = "".join(f"{name} {role} 1 {uri} -\n" for name, role, uri in entries)
        path = directory / f"{project}.inv"
        path.write_bytes(header.encode() + zlib.compress(body.encode()))
        paths[project] = path
    return paths
