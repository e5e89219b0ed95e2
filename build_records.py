"""The compiled build's form of the engine's records: ``@record`` classes written out.

mypyc compiles a class to a native class (fields in a C struct, read-only when ``Final``)
only when it sees the class's fields and constructor written out; it cannot run a class
decorator that generates them, as :func:`skullgames._records.record` does in the pure
build. So before mypyc runs, ``hatch_build.py`` passes every engine module's source
through :func:`expand`, which writes each ``@record`` class in that explicit form:

- each field annotated ``Final[...]`` (mypyc's native classes refuse assignment to a
  ``Final`` attribute, so the instances refuse it in the compiled build as the generated
  classes do in the pure build), its default moved into the constructor;
- ``__slots__`` of the class's own fields, ``_FIELDS`` (the constructor's parameters);
- ``__init__`` with the fields as typed parameters (keyword-only unless the decorator says
  ``kw_only=False``), passing an inherited record's fields to its ``__init__``;
- ``_values()``, the fields' values in order.

The result is the same class as the pure build's, field for field; ``tests/test_records.py``
expands every engine module and compares the two.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

__all__ = ["expand"]

_DECORATOR = "record"
_SEALED = "sealed"
_TYPING = "_records_typing"
_POSITIONAL: set[str] = set()  # the record classes with kw_only=False seen so far


@dataclass
class _Field:
    name: str
    param: str
    annotation: ast.expr
    default: ast.expr | None


def expand(source: str) -> str:
    """The module ``source`` with its ``@record`` classes written out (unchanged without)."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    fields_of: dict[str, list[_Field]] = {}
    spans: list[tuple[int, int, str]] = []  # (first line, end line, new text), 0-based
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        first = (node.decorator_list[0].lineno if node.decorator_list else node.lineno) - 1
        end = node.end_lineno or node.lineno
        if _take_decorator(node, _SEALED):
            _expand_sealed(node)
        else:
            options = _record_options(node)
            if options is None:
                continue
            _expand_class(node, options, fields_of)
        spans.append((first, end, ast.unparse(ast.fix_missing_locations(node)) + "\n"))
    for node in tree.body:
        made = _constructor_of(node, fields_of)
        if made is not None:
            spans.append((node.lineno - 1, node.end_lineno or node.lineno, made))
    spans.sort()
    if not spans:
        return source
    # Only the classes are rewritten (ast.unparse drops comments, and with them any
    # ``# type: ignore`` elsewhere in the module); the line count changes, which only the
    # compiled build's error messages would show.
    for first, end, text in reversed(spans):
        lines[first:end] = [text]
    module = "".join(lines)
    return _with_typing_import(module, tree)


def _record_options(node: ast.ClassDef) -> dict[str, bool] | None:
    """The decorator's options if ``node`` is decorated with ``@record``, else ``None``."""
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(target, ast.Name) and target.id == _DECORATOR:
            options = {"kw_only": True}
            if isinstance(decorator, ast.Call):
                for keyword in decorator.keywords:
                    if keyword.arg is None or not isinstance(keyword.value, ast.Constant):
                        raise ValueError(f"line {node.lineno}: @record takes constant "
                                         f"keyword arguments")
                    options[keyword.arg] = bool(keyword.value.value)
            node.decorator_list.remove(decorator)
            return options
    return None


def _take_decorator(node: ast.ClassDef, name: str) -> bool:
    """Remove the decorator ``@name`` from ``node``; whether it was there."""
    for decorator in node.decorator_list:
        if isinstance(decorator, ast.Name) and decorator.id == name:
            node.decorator_list.remove(decorator)
            return True
    return False


def _expand_sealed(node: ast.ClassDef) -> None:
    """A ``@sealed`` class (own ``__init__``, ``Final`` fields): slots, _FIELDS, _values."""
    own = [s.target.id for s in node.body
           if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
           and _is_final(s.annotation)]
    init = next(s for s in node.body if isinstance(s, ast.FunctionDef) and s.name == "__init__")
    params = [a.arg for a in init.args.args[1:] + init.args.kwonlyargs]
    first = 1 if node.body and _is_docstring(node.body[0]) else 0
    node.body[first:first] = _parse(
        f"__slots__ = {tuple(own)!r}\n"
        f"_FIELDS: {_TYPING}.ClassVar[tuple[str, ...]] = {tuple(params)!r}\n")
    node.body.extend(_parse(
        "def _values(self) -> tuple[object, ...]:\n"
        f"    return ({''.join(f'self.{p}, ' for p in params)})\n"))


def _is_final(annotation: ast.expr) -> bool:
    target = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
    return name == "Final"


def _is_class_var(annotation: ast.expr) -> bool:
    target = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
    return name in ("ClassVar", "Final")


def _own_fields(node: ast.ClassDef) -> list[_Field]:
    fields = []
    for statement in node.body:
        if (not isinstance(statement, ast.AnnAssign) or not isinstance(statement.target, ast.Name)
                or _is_class_var(statement.annotation)):
            continue
        name = statement.target.id
        param, default = name, statement.value
        if (isinstance(default, ast.Call) and isinstance(default.func, ast.Name)
                and default.func.id == "field"):
            keywords = {k.arg: k.value for k in default.keywords}
            default = keywords.get("default")
            alias = keywords.get("alias")
            if alias is not None:
                if not isinstance(alias, ast.Constant) or not isinstance(alias.value, str):
                    raise ValueError(f"line {statement.lineno}: an alias is a string")
                param = alias.value
        fields.append(_Field(name, param, statement.annotation, default))
    return fields


def _expand_class(node: ast.ClassDef, options: dict[str, bool],
                  fields_of: dict[str, list[_Field]]) -> None:
    own = _own_fields(node)
    own_names = {f.name for f in own}
    inherited: list[_Field] = []
    for base in node.bases:
        if isinstance(base, ast.Name) and base.id in fields_of:
            inherited = [f for f in fields_of[base.id] if f.name not in own_names]
    fields = inherited + own
    fields_of[node.name] = fields
    if not options["kw_only"]:
        _POSITIONAL.add(node.name)

    body: list[ast.stmt] = []
    for statement in node.body:
        if (isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)
                and statement.target.id in own_names):
            body.append(ast.AnnAssign(
                target=statement.target, simple=1, value=None,
                annotation=ast.Subscript(
                    value=ast.Attribute(ast.Name(_TYPING, ast.Load()), "Final", ast.Load()),
                    slice=statement.annotation, ctx=ast.Load())))
        else:
            body.append(statement)
    first = 1 if body and _is_docstring(body[0]) else 0
    body[first:first] = _parse(
        f"__slots__ = {tuple(f.name for f in own)!r}\n"
        f"_FIELDS: {_TYPING}.ClassVar[tuple[str, ...]] = {tuple(f.param for f in fields)!r}\n")
    body.append(_init(fields, inherited, options["kw_only"]))
    body.extend(_parse(
        "def _values(self) -> tuple[object, ...]:\n"
        f"    return ({''.join(f'self.{f.name}, ' for f in fields)})\n"))
    node.body = body


def _constructor_of(node: ast.stmt, fields_of: dict[str, list[_Field]]) -> str | None:
    """``name = constructor(Cls)`` written as a function that builds a ``Cls``, or None."""
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        target, value = node.targets[0], node.value
    elif isinstance(node, ast.AnnAssign) and node.value is not None:
        target, value = node.target, node.value
    else:
        return None
    if not (isinstance(target, ast.Name) and isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name) and value.func.id == "constructor"
            and len(value.args) == 1 and isinstance(value.args[0], ast.Name)
            and value.args[0].id in fields_of):
        return None
    cls = value.args[0].id
    fields = fields_of[cls]
    passed = ", ".join(f"{f.param}={f.param}" for f in fields)
    kw_only = cls not in _POSITIONAL
    return (f"def {target.id}({', '.join(_parameters(fields, kw_only))}) -> {cls}:\n"
            f"    return {cls}({passed})\n")


def _parameters(fields: list[_Field], kw_only: bool) -> list[str]:
    def parameter(f: _Field) -> str:
        default = "" if f.default is None else f" = {ast.unparse(f.default)}"
        return f"{f.param}: {ast.unparse(f.annotation)}{default}"

    if not kw_only:
        return [parameter(f) for f in fields]
    ordered = [f for f in fields if f.default is None] + [
        f for f in fields if f.default is not None]
    return ["*", *map(parameter, ordered)] if ordered else []


def _init(fields: list[_Field], inherited: list[_Field], kw_only: bool) -> ast.stmt:
    parameters = _parameters(fields, kw_only)
    inherited_names = {f.name for f in inherited}
    lines = [f"def __init__(self, {', '.join(parameters)}) -> None:"]
    if inherited:
        lines.append("    super().__init__("
                     + ", ".join(f"{f.param}={f.param}" for f in inherited) + ")")
    lines += [f"    self.{f.name} = {f.param}" for f in fields if f.name not in inherited_names]
    if len(lines) == 1:
        lines.append("    pass")
    return _parse("\n".join(lines) + "\n")[0]


def _parse(source: str) -> list[ast.stmt]:
    return ast.parse(source).body


def _is_docstring(statement: ast.stmt) -> bool:
    return (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
            and isinstance(statement.value.value, str))


def _with_typing_import(module: str, tree: ast.Module) -> str:
    """``module`` with ``import typing as _records_typing`` before its first statement.

    That is, after the docstring and any ``from __future__`` import (which must come
    first), read from the original ``tree``, whose line numbers the rewritten classes,
    all after them, have not moved.
    """
    at = next((statement for statement in tree.body
               if not (_is_docstring(statement) or (isinstance(statement, ast.ImportFrom)
                                                    and statement.module == "__future__"))),
              None)
    lines = module.splitlines(keepends=True)
    index = len(lines) if at is None else at.lineno - 1
    lines.insert(index, f"import typing as {_TYPING}\n")
    return "".join(lines)
