"""The build context: what one build of the site knows, and what the conversion under way is doing.

The site's Markdown extensions (`rulesite.extension`, `rulesite.examples`, `rulesite.errata`, ...)
share one context, held by the ``rulesite.extension`` instance of each Markdown conversion and
cleared by its ``reset()``, as pymdown-extensions keeps its state on the extension:

- a `Build`: the docs, read once per build, and what the build computed once for all its pages
  (each page's run of its examples, the tables, the highlighted code, the release history);
- a `Conversion`: the page being converted (told by the builder, never found by its text), the
  page its HTML is shown on, and the examples' fences still to come, in the page's order.

The builder tells the page: MkDocs and ProperDocs through the ``relpath`` tree processor they give
every page's Markdown (mkdocstrings passes it on to the docstrings'), Zensical through its
``rendering_context`` preprocessor, which mkdocstrings reads as ``zensical_current_page``. MkDocs
makes a new Markdown and new extension objects for every page, so the `Build` is kept by the
builder's own object for the build (MkDocs' files, Zensical's context extension): a new build
(a live reload) starts a new one. A Markdown
made by hand (a test, a script) has a `Build` of its own and no page.
"""

from __future__ import annotations

import logging
import posixpath
import weakref
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from markdown import Extension, Markdown

from rulesite.model import DOCS, Docs, Fence, Page, load, relative_url

log = logging.getLogger("mkdocs.rulesite")

UNKNOWN_PAGE = "api.md"
"""Where a fragment converted outside any page's conversion is taken to be shown, one folder down."""

_INNER = "MkdocstringsInnerExtension"
"""mkdocstrings' extension of the Markdown instance that converts docstrings."""


@dataclass
class Build:
    """What one build knows: the docs, read once, and what it computed once for all its pages."""

    root: Path
    tables: dict[str, str] = field(default_factory=dict)
    """Each table directive's Markdown (the print page repeats every system page's)."""
    runs: dict[str, Any] = field(default_factory=dict)
    """Each page's one run of its examples (`rulesite.examples.run_page`), by the page's path."""
    highlighted: dict[tuple[str, ...], str] = field(default_factory=dict)
    """Each block's highlighted code, as pages show it."""
    answered: dict[tuple[str, str], frozenset[tuple[str, str]]] = field(default_factory=dict)
    """Each calculator preset's answer as (situation, outcome) pairs, by system and the preset's values."""
    _docs: Docs | None = None
    _history: tuple[Any, ...] = ()
    _assets: tuple[Any, ...] = ()

    @property
    def docs(self) -> Docs:
        """The docs being built, read when first asked."""
        if self._docs is None:
            self._docs = load(self.root)
        return self._docs

    def history(self, read: Any) -> Any:
        """The release history, read (``read(docs)``) once per build, however many pages ask."""
        if not self._history:
            self._history = (read(self.docs),)
        return self._history[0]

    def assets(self, present: Any) -> Any:
        """The calculators' assets the build ships (``present()``), looked for once per build."""
        if not self._assets:
            self._assets = (present(),)
        return self._assets[0]


@dataclass
class Conversion:
    """What one Markdown conversion is doing: its page, and the examples' fences still to come."""

    page: Page | None = None
    """The page converted; ``None`` for a docstring or a fragment."""
    shown_on: Page | None = None
    """The page its HTML is shown on: its own, or, for a docstring, the enclosing page."""
    holds_all: bool = False
    """The print page: every system page in one."""
    fences: list[tuple[Page, Fence]] = field(default_factory=list)
    """The ``python`` fences this conversion will format, in order, each with its page."""
    namespace: dict[str, Any] = field(default_factory=dict)
    """Where the examples of a fragment (no page) run, one after another."""


class Context:
    """A build and the conversion under way; held by the ``rulesite.extension`` instance."""

    def __init__(self, docs_dir: str = "docs") -> None:
        self.docs_dir = docs_dir
        self._own: Build | None = None
        self.conversion = Conversion()

    def reset(self) -> None:
        """Forget the conversion (the build stays)."""
        self.conversion = Conversion()

    def build(self, md: Markdown) -> Build:
        """The build this conversion is part of."""
        owner = _builder(md)
        if owner is None:
            if self._own is None:
                self._own = Build(self._root())
            return self._own
        found = _BY_BUILDER.get(owner)
        if found is None:
            found = _BY_BUILDER[owner] = Build(self._root())
        return found

    def _root(self) -> Path:
        folder = Path(self.docs_dir)
        return (folder if folder.is_dir() else DOCS).resolve()


_BY_BUILDER: weakref.WeakKeyDictionary[Any, Build] = weakref.WeakKeyDictionary()
"""Each build by the builder's own object for it, which lives as long as the build."""


def _registered(registry: Any, name: str) -> Any:
    """A processor of a Markdown registry by its name; ``None`` if none is."""
    return registry[name] if name in registry else None  # noqa: SIM401 - a Registry has no get()


def _rendering_context(md: Markdown) -> Any:
    return _registered(md.preprocessors, "rendering_context")


def _builder(md: Markdown) -> Any:
    """The builder's object for this build: MkDocs' (and ProperDocs') files, Zensical's context extension."""
    context = _rendering_context(md)
    if context is not None:
        extensions = context.config.get("markdown_extensions", ())
        return next((e for e in extensions if type(e).__name__ == "ContextExtension"), None)
    return getattr(_registered(md.treeprocessors, "relpath"), "files", None)


def builder_page(md: Markdown, docs: Docs) -> Page | None:
    """The page the builder is converting (for a docstring: the page that holds it).

    MkDocs and ProperDocs give every page's Markdown (and mkdocstrings passes it on to the
    docstrings') their ``relpath`` tree processor, which holds the page's file; Zensical its
    ``rendering_context`` preprocessor, which holds the page.
    """
    context = _rendering_context(md)
    if context is not None:
        return _page_at(str(context.page.path), docs)
    file = getattr(_registered(md.treeprocessors, "relpath"), "file", None)
    return docs.pages.get(file.src_uri) if file is not None else None


def _page_at(path: str, docs: Docs) -> Page | None:
    """A page by the path a builder gives: relative to the docs, or absolute."""
    given = PurePosixPath(path)
    if given.is_absolute():
        try:
            given = PurePosixPath(Path(path).resolve().relative_to(docs.root).as_posix())
        except ValueError:
            return None
    elif given.parts and given.parts[0] == docs.root.name and given.as_posix() not in docs.pages:
        given = PurePosixPath(*given.parts[1:])
    return docs.pages.get(given.as_posix())


class _Standalone(Extension):  # type: ignore[misc]
    """The context of a Markdown made without ``rulesite.extension`` (a test's, a script's)."""

    def __init__(self) -> None:
        super().__init__()
        self.rulesite_context = Context()

    def reset(self) -> None:
        """Forget the conversion under way (``Markdown.reset``)."""
        self.rulesite_context.reset()


def context_of(md: Markdown) -> Context:
    """The context of this conversion: the ``rulesite.extension`` instance's (registered on ``md``)."""
    for extension in md.registeredExtensions:
        context = getattr(extension, "rulesite_context", None)
        if isinstance(context, Context):
            return context
    standalone = _Standalone()  # kept by this Markdown instance for its later conversions
    md.registerExtension(standalone)
    return standalone.rulesite_context


def converts_a_docstring(md: Markdown) -> bool:
    """Whether this Markdown instance is mkdocstrings' own, converting docstrings (not a page)."""
    return any(type(extension).__name__ == _INNER for extension in md.registeredExtensions)


def docs_of(md: Markdown) -> Docs:
    """The docs being built."""
    return context_of(md).build(md).docs


def page_of(md: Markdown) -> Page | None:
    """The page being converted (``None`` for a docstring or a fragment)."""
    return context_of(md).conversion.page


def shown_on(md: Markdown) -> Page | None:
    """The page this conversion's HTML is shown on: its own, or, for a docstring, the enclosing page's."""
    return context_of(md).conversion.shown_on


def holds_all(md: Markdown) -> bool:
    """Whether this conversion is the print page, holding every system page."""
    return context_of(md).conversion.holds_all


def rule_href(anchor: str, md: Markdown, docs: Docs) -> str | None:
    """The link to the rule with this anchor from the page being converted; ``None`` if unknown."""
    target = docs.anchors.get(anchor)
    if target is None:
        return None
    page = shown_on(md)
    source = page.src if page else UNKNOWN_PAGE
    if source == target.page or holds_all(md):
        return f"#{anchor}"
    if links_resolved_from_source(md):
        return f"{posixpath.relpath(target.page, posixpath.dirname(source) or '.')}#{anchor}"
    return f"{relative_url(target.page, source)}#{anchor}"


def links_resolved_from_source(md: Markdown) -> bool:
    """Whether the builder resolves every relative link of a page's HTML against its source file.

    Zensical does (``affinity.md#guarding`` becomes ``../affinity/#guarding``, and so would
    ``../affinity/#guarding`` become ``../../affinity/#guarding``); MkDocs and ProperDocs
    leave raw HTML alone, so it must hold the built page's own relative URL. Zensical adds
    its rendering context to every Markdown instance, mkdocstrings' included.
    """
    return "rendering_context" in md.preprocessors or any(
        type(extension).__module__.startswith("zensical") for extension in md.registeredExtensions
    )
