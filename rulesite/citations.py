"""From a rule to the code that applies it, read from the code's own citations, never typed.

A function of ``rules/`` cites a rule when its code names the rule's `Rule` (``rb.GUARDING``,
``EFFECTS[Condition.WEAKENED].rule``, a collection of rules such as ``CONDITION_RULES``) or
its anchor after a section sign (``§ruling-half-rounds-down``) in its docstring or comments.
Each citing function is then traced up its callers to the nearest functions the API reference
documents (a private helper such as ``_step5`` leads to ``calculate``), so every rule and
ruling gets a link to its code in one step.

The page "From a rule to its code" includes the table with
``<!-- table: rulesite.citations:citation_table -->`` (``docs/api/rule-code.md``); its links are
written for a page in ``docs/api/``.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import inspect
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

import rules
from rules.explain import Rule
from rules.tables import Table
from rulesite.model import DOCS, Docs, current

__all__ = ["Citation", "applied_by", "citation_table", "citations", "documented"]

RULES = Path(rules.__file__).resolve().parent
_SECTION = re.compile(r"§([a-z0-9]+(?:-[a-z0-9]+)*)")
_DIRECTIVE = re.compile(r"^:::\s*(\S+)\s*$", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Citation:
    """A function (or class) of ``rules/`` whose code cites a rule's anchor."""

    anchor: str
    code: str  # where it is defined, e.g. "rules.affinity.steps._step5"
    each: bool = False  # cited as one of a collection (the rule of each condition), not by name


@dataclass(frozen=True, slots=True)
class _Definition:
    key: str  # "rules.affinity.steps._step5", "rules.conditions.effects.Effects.rule"
    name: str
    package: str  # the system package, e.g. "rules.affinity" ("rules" for shared modules)
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
    module: ModuleType  # imported: its module-level names resolve what the code names
    source: str
    names: tuple[ast.Name | ast.Attribute, ...]  # every name and attribute its code holds (one walk)


def _module_name(path: Path) -> str:
    parts = path.relative_to(RULES.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _package(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 2 or (RULES / parts[-1]).is_dir() else "rules"


_Node = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


def _definitions(node: ast.AST, prefix: str) -> Iterator[tuple[str, _Node]]:
    for child in getattr(node, "body", ()):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield f"{prefix}.{child.name}", child
            if isinstance(child, ast.ClassDef):
                yield from _definitions(child, f"{prefix}.{child.name}")


@cache
def _all_definitions() -> tuple[_Definition, ...]:
    found = []
    for path in sorted(RULES.rglob("*.py")):
        name = _module_name(path)
        if name == "rules.explain":  # the machinery that keeps every rule, citing none
            continue
        module = importlib.import_module(name)
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for key, node in _definitions(ast.parse(source), name):
            # a class by its docstring; a function by its whole lines, comments included
            text = (ast.get_docstring(node) or "" if isinstance(node, ast.ClassDef)
                    else "\n".join(lines[node.lineno - 1:node.end_lineno]))
            names = () if isinstance(node, ast.ClassDef) else tuple(
                child for child in ast.walk(node) if isinstance(child, ast.Name | ast.Attribute))
            found.append(_Definition(key, node.name, _package(name), node, module, text, names))
    return tuple(found)


def _rules_in(value: object) -> set[Rule]:
    """The rules a value is or holds (a rule, or a collection or mapping of rules)."""
    if isinstance(value, Rule):
        return {value}
    if isinstance(value, Mapping):
        value = list(value.values())
    if isinstance(value, list | tuple | set | frozenset):
        return {item for item in value if isinstance(item, Rule)}
    return set()


def _evaluated(node: ast.expr, module: ModuleType) -> object:
    """What a lookup among the module's own names gives (never a call), or None.

    Looked up directly (names, attributes, subscripts, constants), not compiled and evaluated:
    the build reads some ten thousand such names.
    """
    try:
        return _looked_up(node, vars(module))
    except Exception:  # a local name, or not a lookup: not a citation this reads
        return None


_MISSING = object()


def _looked_up(node: ast.expr, names: Mapping[str, object]) -> object:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        value = names.get(node.id, _MISSING)
        return getattr(builtins, node.id) if value is _MISSING else value
    if isinstance(node, ast.Attribute):
        return getattr(_looked_up(node.value, names), node.attr)
    if isinstance(node, ast.Subscript):
        return _looked_up(node.value, names)[_looked_up(node.slice, names)]  # type: ignore[index]
    msg = f"not a lookup: {ast.dump(node)}"
    raise TypeError(msg)


def _cited(definition: _Definition) -> dict[str, bool]:
    """The anchors a definition cites, each with whether it is cited only as one of a collection."""
    anchors = dict.fromkeys(_SECTION.findall(definition.source), False)
    for node in definition.names:
        if isinstance(node.ctx, ast.Load):
            found = _rules_in(_evaluated(node, definition.module))
            for rule in found:
                anchors[rule.anchor] = anchors.get(rule.anchor, True) and len(found) > 1
    return anchors


def _key(value: object) -> str | None:
    if inspect.isfunction(value) or inspect.isclass(value):
        return f"{value.__module__}.{value.__qualname__}"
    return None


def _callees(definition: _Definition, by_name: Mapping[tuple[str, str], list[str]]) -> set[str]:
    """What a function may call: names resolved through its module, attributes by name in its package."""
    called: set[str] = set()
    for node in definition.names:
        if isinstance(node, ast.Name) and (key := _key(vars(definition.module).get(node.id))):
            called.add(key)
        elif isinstance(node, ast.Attribute):
            called.update(by_name.get((definition.package, node.attr), ()))
    return called


@cache
def citations() -> tuple[Citation, ...]:
    """Every rule anchor the code of ``rules/`` cites, with where it is cited, in source order."""
    return tuple(Citation(anchor, definition.key, each)
                 for definition in _all_definitions() for anchor, each in sorted(_cited(definition).items()))


@cache
def documented() -> dict[str, tuple[str, str]]:
    """Each documented function, class, method or property: its API page and its entry's id.

    Read from the ``::: module`` lines of ``docs/api/*.md``: the module's public names, and the
    public members of its classes, as mkdocstrings shows them.
    """
    entries: dict[str, tuple[str, str]] = {}
    for page in sorted((DOCS / "api").glob("*.md")):
        for module_name in _DIRECTIVE.findall(page.read_text(encoding="utf-8")):
            module = importlib.import_module(module_name)
            for name in getattr(module, "__all__", ()):
                _document(entries, getattr(module, name), f"{module_name}.{name}", page.name)
    return entries


def _document(entries: dict[str, tuple[str, str]], value: object, entry: str, page: str) -> None:
    key = _key(value)
    if key is None:
        return
    entries.setdefault(key, (page, entry))
    if inspect.isclass(value):
        for member in vars(value):
            if not member.startswith("_"):
                entries.setdefault(f"{key}.{member}", (page, f"{entry}.{member}"))


@cache
def _callers() -> dict[str, set[str]]:
    definitions = _all_definitions()
    by_name: dict[tuple[str, str], list[str]] = {}
    for definition in definitions:
        by_name.setdefault((definition.package, definition.name), []).append(definition.key)
    callers: dict[str, set[str]] = {}
    for definition in definitions:
        for callee in _callees(definition, by_name):
            callers.setdefault(callee, set()).add(definition.key)
    return callers


def _entries(code: str, *, each: bool = False) -> set[str]:
    """The nearest documented functions from which the code is reached (itself, if documented).

    Code that hands out one rule of a collection (``Effects.rule``, the rule of each condition)
    is followed on to the documented functions that use it.
    """
    entries, seen, todo = set(), {code}, [code]
    while todo:
        key = todo.pop()
        if key in documented():
            entries.add(key)
            if not (each and key == code):
                continue
        for caller in _callers().get(key, ()):
            if caller not in seen:
                seen.add(caller)
                todo.append(caller)
    return entries


def applied_by() -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """Each cited anchor: the code that cites it, and the documented functions that reach that code."""
    found: dict[str, tuple[set[str], set[str]]] = {}
    for citation in citations():
        code, entries = found.setdefault(citation.anchor, (set(), set()))
        code.add(citation.code)
        entries |= _entries(citation.code, each=citation.each)
    return {anchor: (tuple(sorted(code)), tuple(sorted(entries)))
            for anchor, (code, entries) in found.items()}


def _short(key: str) -> str:
    return key.removeprefix("rules.")


def _links(keys: Iterable[str]) -> str:
    # Names as plain links, set in the code font by the page's stylesheet (.rule-code): a
    # link around a code element would cost each of the table's 400-odd names two elements.
    return ", ".join(f"[{entry.removeprefix('rules.')}]({page}#{entry})"
                     for page, entry in map(documented().__getitem__, keys))


def citation_table(docs: Docs | None = None) -> Table:
    """Each rule and ruling: its page, the documented functions that apply it, the code that cites it.

    Every `Rule` of a rulebook has a row (a dash where no code cites it yet), and so has every
    ruling the code cites by its anchor alone. ``docs``: the docs being built (the build gives
    its own, read once); by default, the docs as they are now.
    """
    docs = docs if docs is not None else current()
    headings = {heading.anchor: (page.src, heading.line, heading.name) for page in docs.pages.values()
                for heading in page.headings if heading.anchor}
    rows = []
    found = {anchor: ((), ()) for anchor in Rule.registry} | applied_by()  # a rule no code cites: a dash
    ordered = sorted(found.items(), key=lambda item: headings.get(item[0], ("", 0, "")))
    for anchor, (code, entries) in ordered:
        page, _, title = headings.get(anchor, ("", 0, anchor))
        rule = f"[{title}](../{page}#{anchor})" if page else f"`§{anchor}`"
        cited = ", ".join(map(_short, code))
        rows.append((rule, _links(entries) or "—", f"`{cited}`" if cited else "—"))
    return Table(("Rule or ruling", "Applied by", "Cited in"), tuple(rows))
