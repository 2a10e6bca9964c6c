"""The rules site as a Python-Markdown extension: MkDocs, ProperDocs and Zensical all run it.

Listed in ``mkdocs.yml`` under ``markdown_extensions`` as ``rulesite.extension``. On
every page it:

- replaces ``<!-- table: module:function -->`` by the table or chart that function
  returns, so tables come from the rules code, never typed by hand;
- replaces ``<!-- rulings-index -->`` by every ruling of the site, grouped by system,
  each with its reading in one line and its link;
- replaces ``<!-- print: all -->`` by every system page, headings one level down;
- appends the glossary as abbreviations, so each term of art shows its meaning;
- links every ``§anchor`` citation to its rule, on whichever page it is (anchors are
  unique across the site); citing an unknown anchor is an error;
- ships the Python behind each "Show as Python" toggle as the text of its ``<template>``
  (its HTML escaped), so neither the browser nor the search index parses it until asked.

Flowcharts and worked examples are superfences formatters (`rulesite.flowcharts`,
`rulesite.examples`), also listed in ``mkdocs.yml``. Errors are logged as warnings
under ``mkdocs.rulesite``, so a strict build fails on them.
"""

from __future__ import annotations

import importlib
import logging
import posixpath
import re
from html import escape
from pathlib import Path
from typing import Any

from markdown import Extension, Markdown
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from rules.charts import Bars, Chart
from rules.tables import Table
from rulesite import charts, tables
from rulesite.model import (
    DOCS,
    PRINT_MARKER,
    RULINGS_MARKER,
    Docs,
    Page,
    current,
    demoted,
    relative_url,
    system_pages,
    this_build,
)

log = logging.getLogger("mkdocs.rulesite")

_CITATION = re.compile(r"§([a-z0-9][a-z0-9-]*[a-z0-9])")
_HTML_ID = re.compile(r'\sid="([^"]+)"')
_LINKED = re.compile(r'<a class="rule-cite" href="[^"]*">$')
UNKNOWN_PAGE = "api.md"
"""Where a fragment converted outside any page's conversion is taken to be shown, one folder down."""

_UNDER_WAY: list[Page] = []
"""The page whose conversion is under way, if any (set when it starts, emptied when it ends).

mkdocstrings converts each docstring with a Markdown instance of its own while the page's
``:::`` block is being read, so a docstring is converted while its page's conversion is
under way (in MkDocs, ProperDocs and Zensical alike): its HTML is shown on that page.
"""


_UNDER_WAY_DOCS: list[Docs] = []
"""The docs that page was read from (its docstrings are read from the same, not stat'ed again)."""

_INNER = "MkdocstringsInnerExtension"
"""mkdocstrings' extension of the Markdown instance that converts docstrings."""


def converts_a_docstring(md: Markdown) -> bool:
    """Whether this Markdown instance is mkdocstrings' own, converting docstrings (not a page)."""
    return any(type(extension).__name__ == _INNER for extension in md.registeredExtensions)


def docs_of(md: Markdown) -> Docs:
    """The docs being built (read when the page's conversion starts)."""
    docs: Docs | None = getattr(md, "rulesite_docs", None)
    return docs if docs is not None else current()


def page_of(md: Markdown) -> Page | None:
    """The page being converted (set when its conversion starts)."""
    page: Page | None = getattr(md, "rulesite_page", None)
    return page


def shown_on(md: Markdown) -> Page | None:
    """The page this conversion's HTML is shown on: its own, or, for a docstring, the enclosing page's."""
    page: Page | None = getattr(md, "rulesite_shown_on", None)
    return page


def rule_href(anchor: str, md: Markdown, docs: Docs) -> str | None:
    """The link to the rule with this anchor from the page being converted; ``None`` if unknown."""
    target = docs.anchors.get(anchor)
    if target is None:
        return None
    page = shown_on(md)
    source = page.src if page else UNKNOWN_PAGE
    if source == target.page or getattr(md, "rulesite_holds_all", False):
        return f"#{anchor}"
    if _links_resolved_from_source(md):
        return f"{posixpath.relpath(target.page, posixpath.dirname(source) or '.')}#{anchor}"
    return f"{relative_url(target.page, source)}#{anchor}"


def _links_resolved_from_source(md: Markdown) -> bool:
    """Whether the builder resolves every relative link of a page's HTML against its source file.

    Zensical does (``affinity.md#guarding`` becomes ``../affinity/#guarding``, and so would
    ``../affinity/#guarding`` become ``../../affinity/#guarding``); MkDocs and ProperDocs
    leave raw HTML alone, so it must hold the built page's own relative URL. Zensical adds
    its rendering context to every Markdown instance, mkdocstrings' included.
    """
    return "rendering_context" in md.preprocessors or any(
        type(extension).__module__.startswith("zensical") for extension in md.registeredExtensions
    )


class _Assemble(Preprocessor):
    """Identify the page, then expand its directives and add the glossary."""

    def __init__(self, md: Markdown, docs_dir: str) -> None:
        super().__init__(md)
        self.docs_dir = Path(docs_dir)

    def run(self, lines: list[str]) -> list[str]:
        inner = bool(_UNDER_WAY) and converts_a_docstring(self.md)
        # A docstring is read while its page's conversion is under way: the docs are the page's.
        docs = _UNDER_WAY_DOCS[0] if inner else current(self.docs_dir if self.docs_dir.is_dir() else DOCS)
        self.md.rulesite_docs = docs
        page = None if inner else docs.page_of_text("\n".join(lines))
        self.md.rulesite_page = page
        if page is not None:  # a page's conversion is never inside another's
            _UNDER_WAY[:] = [page]
            _UNDER_WAY_DOCS[:] = [docs]
        self.md.rulesite_shown_on = page or (_UNDER_WAY[0] if _UNDER_WAY else None)
        self.md.rulesite_holds_all = False
        self.md.rulesite_namespace = {}
        self.md.rulesite_last_fence = ("", 0)
        where = page.src if page else "a page"
        assembled: list[str] = []
        for line in lines:
            if line.strip() == RULINGS_MARKER:
                assembled += rulings_index(docs).splitlines()
            elif line.strip() == PRINT_MARKER:
                self.md.rulesite_holds_all = True
                assembled += print_all(docs).splitlines()
            else:
                assembled.append(line)
        out: list[str] = []
        for line in assembled:
            out += _table(line, where, docs) if line.strip().startswith("<!-- table:") else [line]
        return [*out, "", *abbreviations(docs, "\n".join(out))]


_TABLES: list[tuple[Docs, dict[str, str]]] = []
"""The docs being built and each table directive's Markdown: the print page repeats every system page's."""


def _table(line: str, where: str, docs: Docs) -> list[str]:
    indent = line[: len(line) - len(line.lstrip())]
    spec = line.strip().removeprefix("<!-- table:").removesuffix("-->").strip()
    done: dict[str, str] = this_build(_TABLES, docs)
    if spec not in done:
        module_name, _, function_name = spec.partition(":")
        try:
            done[spec] = render_table(getattr(importlib.import_module(module_name), function_name)())
        except Exception as error:  # any failure must fail the strict build, with its cause
            log.warning("%s: table %s failed: %r", where, spec, error)
            return [line]
    return [indent + row for row in done[spec].splitlines()]


def render_table(value: object) -> str:
    """A value a table directive names, as Markdown (a table) or HTML (a chart)."""
    if isinstance(value, Table):
        return tables.markdown(value)
    if isinstance(value, Chart | Bars):
        return charts.figure(value)
    msg = (
        f"a table directive must name a function returning a Table, Chart or Bars, not {type(value).__name__}"
    )
    raise TypeError(msg)


def _systems(docs: Docs) -> list[str]:
    config = docs.root.parent / "mkdocs.yml"
    return system_pages(config) if config.exists() else system_pages()


def rulings_index(docs: Docs) -> str:
    """The Markdown of the rulings index: a filter, then a table per system.

    Each row names the ruling, the rules it interprets (its **Rule.** line's links) and its
    reading in one line. The filter (a system, a rule) is a form that ``assets/js/rulings.js``
    shows and runs; without scripts it stays hidden and every ruling shows.
    """
    parts = []
    systems: list[tuple[str, str]] = []
    interpreted: dict[str, str] = {}
    rule_links = _RuleLinks()
    for src in _systems(docs):
        page = docs.pages[src]
        rows = []
        for ruling in page.rulings:
            links = rule_links(ruling.interprets, src)
            interpreted.update((href, text) for text, href in links)
            rules = ", ".join(f"[{text}]({href})" for text, href in links)
            rows.append(
                f"| [{ruling.title[:1].upper()}{ruling.title[1:]}]({src}#{ruling.anchor}) "
                f"| {rules.replace('|', '/')} | {ruling.summary.replace('|', '/')} |"
            )
        if rows and page.title:
            systems.append((page.title.anchor or "", page.title.text))
            parts += [f"## {page.title.text}", "",
                      "| Ruling | The rule it interprets | The reading in one line |", "|---|---|---|"]
            parts += [*rows, ""]
    return "\n".join([_rulings_filter(systems, interpreted), "", *parts])


class _Links(Treeprocessor):
    """Collects the links of a converted line as (text, href), after the inline patterns ran."""

    found: list[tuple[str, str]]

    def run(self, root: Any) -> None:
        self.found = [("".join(link.itertext()), link.get("href", "")) for link in root.iter("a")]


class _RuleLinks:
    """Reads the links of rulings' **Rule.** lines: one Markdown instance for the whole index.

    A new instance per ruling cost the rulings index more than its table (scripts/bench --build-scale).
    """

    def __init__(self) -> None:
        self.md = Markdown()
        self.links = _Links(self.md)
        self.md.treeprocessors.register(self.links, "rule_links", 0)

    def __call__(self, markdown_text: str, src: str) -> list[tuple[str, str]]:
        """The links of a ruling's **Rule.** line as (text, href), each href relative to the docs root."""
        self.md.reset()
        self.md.convert(markdown_text)
        return [(text, f"{src}{href}" if href.startswith("#") else href) for text, href in self.links.found]


def _rulings_filter(systems: list[tuple[str, str]], interpreted: dict[str, str]) -> str:
    """The rulings index's filter form (raw HTML), hidden until its script runs."""
    by_system = "".join(f'<option value="{escape(title)}">{escape(title)}</option>' for _, title in systems)
    by_rule = "".join(
        f'<option value="{escape(href.split("#", 1)[-1])}">{escape(text)}</option>'
        for href, text in sorted(interpreted.items(), key=lambda item: item[1].lower())
    )
    return (
        '<form class="rulings-filter" hidden>'
        '<label>System <select name="system"><option value="">All systems</option>'
        f"{by_system}</select></label> "
        '<label>Rule interpreted <select name="rule"><option value="">Any rule</option>'
        f"{by_rule}</select></label> "
        '<output class="rulings-filter__count" aria-live="polite"></output>'
        "</form>"
    )


def print_all(docs: Docs) -> str:
    """Every system page, one after another, headings one level down, for players only.

    A page's "For programmers" section (its heading's anchor ends in ``-for-programmers``)
    is left out: a table prints the rules, rulings and worked examples, not refusals and code.
    """
    pages = (docs.pages[src] for src in _systems(docs))
    return "\n\n".join(_for_players(page, demoted(page, docs)) for page in pages)


def _for_players(page: Page, text: str) -> str:
    """The page without its programmers' section, its flowcharts moved to the end of the system.

    A flowchart is taller than what is left of a printed page: printed where it stands, it left
    the page above it blank (two-thirds of the first page). At the end of the system, each
    starts a page of its own (rules.css) and the rules before it fill their pages.
    """
    lines = text.split("\n")
    cut = next((h for h in page.headings if (h.anchor or "").endswith("-for-programmers")), None)
    hidden = range(0)
    if cut is not None:
        after = [h.line for h in page.headings if h.line > cut.line and h.level <= cut.level]
        hidden = range(cut.line, min(after, default=len(lines) + 1))
    charts = [f for f in page.fences if f.language == "mermaid" and not f.indent and f.line not in hidden]
    moved = {number for chart in charts for number in range(chart.line, chart.end + 1)}
    left_out = moved | set(hidden)
    kept = [line for number, line in enumerate(lines, start=1) if number not in left_out]
    for chart in charts:
        kept += ["", *lines[chart.line - 1 : chart.end]]
    return "\n".join(kept)


def abbreviations(docs: Docs, text: str | None = None) -> list[str]:
    """The glossary as abbreviation definitions (the ``abbr`` extension), of the terms ``text`` holds.

    Each definition costs the ``abbr`` extension a pass over the text, and mkdocstrings converts
    every docstring on its own: a term the text does not hold would be looked for in vain.
    """
    glossary = docs.glossary().items()
    return [f"*[{term}]: {meaning}" for term, meaning in glossary if text is None or term in text]


class _Cite(Postprocessor):
    """Link each ``§anchor`` of the page's HTML (code included) to its rule."""

    def run(self, text: str) -> str:
        if page_of(self.md) is not None:
            _UNDER_WAY.clear()  # the page's conversion ends here: its docstrings are converted
            _UNDER_WAY_DOCS.clear()
        docs = docs_of(self.md)
        ids = set(_HTML_ID.findall(text))
        page = page_of(self.md)
        where = page.src if page else "a page"

        def cite(match: re.Match[str]) -> str:
            anchor = match.group(1)
            if _LINKED.search(
                text, max(0, match.start() - 200), match.start()
            ):  # a docstring's, linked already
                return match.group(0)
            href = f"#{anchor}" if anchor in ids else rule_href(anchor, self.md, docs)
            if href is None:
                log.warning("%s: '§%s' cites no anchor of the site", where, anchor)
                return match.group(0)
            return f'<a class="rule-cite" href="{href}">§{anchor}</a>'

        return _CITATION.sub(cite, text)


PYTHON_TEMPLATE = "<template data-python>"
"""How the highlighted Python of a toggle starts (``rulesite.examples``); `_Inert` makes it one text."""
_TOGGLE_CODE = re.compile(f"{re.escape(PYTHON_TEMPLATE)}(.*?)</template>", re.DOTALL)


_SOURCE_LINK = re.compile(r'href="([^"#:]+\.md)#')


class _Inert(Postprocessor):
    """Each toggle's highlighted Python as one text: its ``<template>`` holds the HTML escaped.

    A system page holds some 200 toggles, one element per token of code. As markup inside a
    ``<template>`` the browser still parses every element at load, and the build's search pass
    reads every tag; as text, each is one node, turned back into HTML when the toggle opens
    (``assets/js/player.js``). Runs after citations are linked, so the code keeps its links;
    a builder that resolves links from the source file (Zensical) reads no link in a text, so
    there each cross-page link is first given the built page's own relative URL.
    """

    def run(self, text: str) -> str:
        from_source = _links_resolved_from_source(self.md)

        def inert(match: re.Match[str]) -> str:
            code = self._built_links(match.group(1)) if from_source else match.group(1)
            code = code.replace("&", "&amp;").replace("<", "&lt;")
            return f"<template data-python data-search-exclude>{code}</template>"

        return _TOGGLE_CODE.sub(inert, text)

    def _built_links(self, code: str) -> str:
        page = shown_on(self.md)
        source = page.src if page else UNKNOWN_PAGE

        def built(match: re.Match[str]) -> str:
            target = posixpath.normpath(posixpath.join(posixpath.dirname(source), match.group(1)))
            return f'href="{relative_url(target, source)}#'

        return _SOURCE_LINK.sub(built, code)


class RulesiteExtension(Extension):
    """The rules site's build-time features."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {"docs_dir": ["docs", "The docs folder, relative to where the builder runs"]}
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        """Register the page assembly (before fences are read) and citation links (last)."""
        md.preprocessors.register(_Assemble(md, self.getConfig("docs_dir")), "rulesite", 35)
        md.postprocessors.register(_Cite(md), "rulesite_cite", 5)
        md.postprocessors.register(_Inert(md), "rulesite_inert", 4)


def makeExtension(**kwargs: Any) -> RulesiteExtension:
    """Entry point for ``markdown_extensions: [rulesite.extension]``."""
    return RulesiteExtension(**kwargs)
