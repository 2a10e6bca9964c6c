"""Which pages a change to the code touches: the live server rebuilds those, and only those.

A page uses the rules modules its Markdown names (``from rules.affinity import calculate``,
``::: rules.affinity``, ``<!-- table: rules.affinity:multiplier_table -->``) and every
module those import, read from their ``import`` lines (not from running them: the package
``rules`` imports every system, but the affinity page calls only affinity's code). A
calculator fence reads ``calculators/``; a change to the site machinery itself touches
every page.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from rulesite.model import Docs, Page

_NAMED = re.compile(r"\brules(?:\.\w+)+|\bfrom rules import ([\w, ()]+)")
"""A module of the package named in code (``rules.affinity.calculate``, ``from rules import affinity``)."""
_AUTODOC = ":::"
"""How a paragraph asks mkdocstrings for a module's reference (``::: rules.affinity``)."""


CARDS = ("calculators.card", "calculators.templates")
"""What draws every worked example's card (on every page, not only a calculator's): machinery."""


def module_of(path: Path, root: Path) -> str:
    """``rules/affinity/steps.py`` -> ``rules.affinity.steps``; a package's ``__init__`` is the package."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


class ImportGraph:
    """Each module of a package and the modules of the package its code imports.

    Kept by the live server: each call reads again only the files that changed since the last.
    """

    def __init__(self, root: Path, package: str = "rules") -> None:
        self.root = root
        self.package = package
        self._parsed: dict[tuple[Path, float], frozenset[str]] = {}

    def __call__(self) -> dict[str, frozenset[str]]:
        """The graph as the files are now."""
        paths = sorted((self.root / self.package).rglob("*.py"))
        modules = {module_of(path, self.root) for path in paths}
        now = {(path, path.stat().st_mtime) for path in paths}
        self._parsed = {key: self._parsed.get(key) or frozenset(_imports(key[0], self.root)) for key in now}
        return {module_of(path, self.root): self._parsed[path, stamp] & modules for path, stamp in now}


def _imports(path: Path, root: Path) -> set[str]:
    here = module_of(path, root)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node, package)
            found |= {base} | {f"{base}.{alias.name}" for alias in node.names}
    return found


def _absolute(node: ast.ImportFrom, package: str) -> str:
    if not node.level:
        return node.module or ""
    parts = package.split(".")
    base = ".".join(parts[: len(parts) - node.level + 1])
    return f"{base}.{node.module}" if node.module else base


def closure(start: Iterable[str], graph: Mapping[str, frozenset[str]]) -> set[str]:
    """The modules given and every module they import, directly or not."""
    seen: set[str] = set()
    todo = list(start)
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo += graph.get(module, frozenset())
    return seen


def code_of(page: Page) -> str:
    """What of a page names code the build runs: its fences, hidden setup, directives and ``:::`` blocks.

    Read by `rulesite.reading`, so prose that mentions a module (a link, ``inline code``) is no use
    of it; a ``<!-- states: ... -->`` check counts, as it runs beside the page's examples.
    """
    parts = [fence.source for fence in page.fences]
    parts += [source for _, source in page.hidden_code]
    parts += [comment.inside for comment in page.reading.comments]
    parts += [paragraph.markdown for paragraph in page.reading.paragraphs
              if paragraph.markdown.startswith(_AUTODOC)]
    return "\n".join(parts)


def named_modules(text: str, graph: Mapping[str, frozenset[str]]) -> set[str]:
    """The modules of the package that code names (a name inside a module counts as it)."""
    named: set[str] = set()
    for match in _NAMED.finditer(text):
        if match.group(1):  # from rules import affinity, errors
            names = match.group(1).replace("(", " ").replace(")", " ").replace(",", " ").split()
            named |= {f"rules.{name}" if f"rules.{name}" in graph else "rules" for name in names}
        else:
            named.add(_known_prefix(match.group(0), graph))
    return named


def _known_prefix(dotted: str, graph: Mapping[str, frozenset[str]]) -> str:
    while dotted not in graph and "." in dotted:
        dotted = dotted.rpartition(".")[0]
    return dotted


def pages_using(changed: Iterable[str], docs: Docs, graph: Mapping[str, frozenset[str]]) -> set[str]:
    """The pages (``affinity.md``) whose own Markdown uses these modules.

    ``changed`` holds module names (``rules.affinity.steps``); any name outside ``rules`` and
    ``calculators`` (the site machinery), or the cards' code or templates (`CARDS`), touches
    every page. The print page, which holds every
    system page, is not among them: like the rulings index after a page edit, the live server
    refreshes it with ``--full`` or on its next start.
    """
    roots = {name.partition(".")[0] for name in changed}
    if roots - {"rules", "calculators"} or any(name.startswith(CARDS) for name in changed):
        return set(docs.pages)
    changed = set(changed)
    using = {
        src
        for src, page in docs.pages.items()
        if closure(named_modules(code_of(page), graph), graph) & changed
        or ("calculators" in roots and _holds_calculator(page))
    }
    return using


def calculator_pages(pages: Iterable[str], docs: Docs) -> set[str]:
    """Those of the pages that hold a calculator fence (it names the wheel of the rules)."""
    return {src for src in pages if src in docs.pages and _holds_calculator(docs.pages[src])}


def _holds_calculator(page: Page) -> bool:
    return any(fence.language == "calculator" for fence in page.fences)
