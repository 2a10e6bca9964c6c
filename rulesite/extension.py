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
import inspect
import logging
import posixpath
import re
from html import escape
from typing import Any

from markdown import Extension, Markdown
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from rules.charts import Bars, Chart
from rules.tables import Table
from rulesite import charts, tables
from rulesite.build import (
    UNKNOWN_PAGE,
    Context,
    Conversion,
    builder_page,
    context_of,
    converts_a_docstring,
    links_resolved_from_source,
    rule_href,
    shown_on,
)
from rulesite.markup import Element, Raw, Text, escaped, tree_of, written
from rulesite.model import (
    PRINT_MARKER,
    RULINGS_MARKER,
    Docs,
    Fence,
    Page,
    demoted,
    relative_url,
    system_pages,
)
from rulesite.reading import directives

log = logging.getLogger("mkdocs.rulesite")

_CITATION = re.compile(r"§([a-z0-9][a-z0-9-]*[a-z0-9])")


class _Assemble(Preprocessor):
    """Identify the page, then expand its directives and add the glossary."""

    def __init__(self, md: Markdown, context: Context) -> None:
        super().__init__(md)
        self.context = context

    def run(self, lines: list[str]) -> list[str]:
        build = self.context.build(self.md)
        docs = build.docs
        # The builder tells the page; a docstring's conversion is shown on the page that holds it.
        found = builder_page(self.md, docs)
        page = None if converts_a_docstring(self.md) else found
        conversion = self.context.conversion = Conversion(page=page, shown_on=found)
        if page is not None:
            conversion.fences = [(page, fence) for fence in page.fences if fence.language == "python"]
        where = page.src if page else "a page"
        assembled: list[str] = []
        # Read by rulesite.reading (a directive shown as code is none): from the page's own reading.
        marks = directives(lines, page.reading if page is not None else None)
        for index, line in enumerate(lines):
            if marks.get(index) == RULINGS_MARKER:
                assembled += rulings_index(docs).splitlines()
            elif marks.get(index) == PRINT_MARKER:
                conversion.holds_all = True
                conversion.fences = [pair for src in _systems(docs) for pair in _printed(docs.pages[src])]
                assembled += print_all(docs).splitlines()
            else:
                assembled.append(line)
        out: list[str] = []
        expanded = any(mark in {RULINGS_MARKER, PRINT_MARKER} for mark in marks.values())
        tables = directives(assembled) if expanded else marks  # the lines moved: read them again
        for index, line in enumerate(assembled):
            directive = tables.get(index, "").startswith(TABLE_DIRECTIVE)
            out += _table(line, where, build.tables, docs) if directive else [line]
        return [*out, "", *abbreviations(docs, "\n".join(out))]


TABLE_DIRECTIVE = "<!-- table:"


def _table(line: str, where: str, done: dict[str, str], docs: Docs) -> list[str]:
    """A table directive's table, made once per build (``done``: the build's tables).

    A function with a ``docs`` parameter is given the docs being built, read once per build.
    """
    indent = line[: len(line) - len(line.lstrip())]
    spec = line.strip().removeprefix(TABLE_DIRECTIVE).removesuffix("-->").strip()
    if spec not in done:
        module_name, _, function_name = spec.partition(":")
        try:
            function = getattr(importlib.import_module(module_name), function_name)
            wants_docs = "docs" in inspect.signature(function).parameters
            done[spec] = render_table(function(docs=docs) if wants_docs else function())
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


def _for_programmers(page: Page, count: int) -> range:
    """The lines of a page's "For programmers" section (its heading's anchor ends in ``-for-programmers``)."""
    cut = next((h for h in page.headings if (h.anchor or "").endswith("-for-programmers")), None)
    if cut is None:
        return range(0)
    after = [h.line for h in page.headings if h.line > cut.line and h.level <= cut.level]
    return range(cut.line, min(after, default=count + 1))


def _printed(page: Page) -> list[tuple[Page, Fence]]:
    """The ``python`` fences of a page the print page shows, in order."""
    hidden = _for_programmers(page, len(page.lines))
    return [(page, fence) for fence in page.fences if fence.language == "python" and fence.line not in hidden]


def _for_players(page: Page, text: str) -> str:
    """The page without its programmers' section, its flowcharts moved to the end of the system.

    A flowchart is taller than what is left of a printed page: printed where it stands, it left
    the page above it blank (two-thirds of the first page). At the end of the system, each
    starts a page of its own (rules.css) and the rules before it fill their pages.
    """
    lines = text.split("\n")
    hidden = _for_programmers(page, len(lines))
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
        if "§" not in text:
            return text
        tree = tree_of(self.md, text)
        ids = {element.get("id") for element in tree.iter(holding="id=") if element.get("id")}
        for node in [node for node in tree.texts(holding="§") if not _is_citation(node)]:
            pieces = self._cited(node.raw, ids)
            if pieces is not None and node.parent is not None:
                node.parent.replace(node, *pieces)
        return written(self.md, tree)

    def _cited(self, raw: str, ids: set[str | None]) -> list[Element | Raw] | None:
        """A text's pieces with each citation a link to its rule; ``None`` if it cites nothing known."""
        context = context_of(self.md)
        docs, page = context.build(self.md).docs, context.conversion.page
        pieces: list[Element | Raw] = []
        done = 0
        for match in _CITATION.finditer(raw):
            anchor = match.group(1)
            href = f"#{anchor}" if anchor in ids else rule_href(anchor, self.md, docs)
            if href is None:
                log.warning("%s: '§%s' cites no anchor of the site", page.src if page else "a page", anchor)
                continue
            pieces += [Text(raw[done : match.start()]),
                       Element.new("a", {"class": "rule-cite", "href": href}, f"§{anchor}")]
            done = match.end()
        return [*pieces, Text(raw[done:])] if pieces else None


def _is_citation(node: Text) -> bool:
    """Whether a text is a citation's own (a docstring's, linked in its own conversion)."""
    link = node.parent
    return (link is not None and link.tag == "a" and "rule-cite" in link.classes
            and link.children[0] is node and node.raw.startswith("§"))


PYTHON_TEMPLATE = "<template data-python>"
"""How the highlighted Python of a toggle starts (``rulesite.examples``); `_Inert` makes it one text."""


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
        if PYTHON_TEMPLATE not in text:
            return text
        from_source = links_resolved_from_source(self.md)
        tree = tree_of(self.md, text)
        for template in list(tree.iter("template")):
            if template.start != PYTHON_TEMPLATE or template.parent is None:
                continue
            if from_source:
                self._built_links(template)
            inert = Element.new("template", {"data-python": None, "data-search-exclude": None},
                                escaped(template.inner))
            template.parent.replace(template, inert)
        return written(self.md, tree)

    def _built_links(self, code: Element) -> None:
        page = shown_on(self.md)
        source = page.src if page else UNKNOWN_PAGE
        for link in code.iter(holding="href="):
            path, hash_, anchor = (link.get("href") or "").partition("#")
            if hash_ and path.endswith(".md") and ":" not in path:
                target = posixpath.normpath(posixpath.join(posixpath.dirname(source), path))
                link.set("href", f"{relative_url(target, source)}#{anchor}")


class RulesiteExtension(Extension):
    """The rules site's build-time features."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {"docs_dir": ["docs", "The docs folder, relative to where the builder runs"]}
        super().__init__(**kwargs)
        self.rulesite_context = Context(self.getConfig("docs_dir"))
        """The build and the conversion under way, shared by the site's extensions (`rulesite.build`)."""

    def extendMarkdown(self, md: Markdown) -> None:
        """Register the page assembly (before fences are read) and citation links (last)."""
        md.registerExtension(self)
        md.preprocessors.register(_Assemble(md, self.rulesite_context), "rulesite", 35)
        md.postprocessors.register(_Cite(md), "rulesite_cite", 5)
        md.postprocessors.register(_Inert(md), "rulesite_inert", 4)

    def reset(self) -> None:
        """Forget the conversion under way (``Markdown.reset``); the build's work stays."""
        self.rulesite_context.reset()


def makeExtension(**kwargs: Any) -> RulesiteExtension:
    """Entry point for ``markdown_extensions: [rulesite.extension]``."""
    return RulesiteExtension(**kwargs)
