"""Link previews on the pages players read: Material's instant previews, run once per page.

Listed in ``mkdocs.yml`` as ``rulesite.preview`` with the options of
``material.extensions.preview`` (``targets``, ``sources``). It marks each internal link to
a target page ``data-preview``, so hovering it shows the rule in place, with Material's
own treeprocessor, but:

- only in a page's own conversion: mkdocstrings converts every docstring of the API pages
  with a Markdown instance of its own, and a docstring's links are not where players read
  (mkdocstrings itself leaves Zensical's preview out of those conversions);
- with its filters read once: Material 9.8's treeprocessor appends its options to its own
  list on every run and validates the whole list again, which grows with every docstring;
- never on a heading's permalink sign: it would preview the very heading it sits on, a tap on
  a phone would show that instead of following the link, and the theme would drop the sign's
  title. Each preview also costs the theme's script some work as a page opens.

Zensical maps ``material.extensions.*`` to its own extensions and has no MkDocs
``relpath`` treeprocessor: there this extension hands the page to Zensical's preview.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse
from xml.etree.ElementTree import Element

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor

from rulesite.build import converts_a_docstring


class _PagePreview(Treeprocessor):
    def __init__(self, md: Markdown, options: dict[str, Any]) -> None:
        super().__init__(md)
        self.options = options
        self.delegate: Treeprocessor | None = None

    def run(self, root: Element) -> None:
        if converts_a_docstring(self.md):
            return
        if self.delegate is None:
            self.delegate = _delegate(self.md, self.options)
        self.delegate.run(root)
        for sign in root.iter("a"):
            if sign.get("class") == "headerlink":
                sign.attrib.pop("data-preview", None)


def _delegate(md: Markdown, options: dict[str, Any]) -> Treeprocessor:
    """The builder's own preview treeprocessor for this Markdown instance."""
    if "relpath" not in md.treeprocessors:  # Zensical: its own preview reads its rendering context
        from zensical.extensions.preview import PreviewConfig, PreviewProcessor  # noqa: PLC0415

        return PreviewProcessor(md, PreviewConfig(**options))
    return _OncePerRun(md, options)


class _OncePerRun(Treeprocessor):
    """Material's preview with its filters read once and each target page matched once per build.

    Material 9.8's treeprocessor reads and validates its filters on every run, and matches every
    link against the whole ``targets`` list (fnmatch, pattern by pattern): a cost of links times
    listed pages, which grows with the square of the site (the print page links to every rule).
    This one marks the same links the same way (``data-preview``), with Material's own filters and
    link resolution, and remembers the answer for each target page.
    """

    def __init__(self, md: Markdown, options: dict[str, Any]) -> None:
        super().__init__(md)
        from material.extensions.preview import get_filter  # noqa: PLC0415

        configurations = [*options["configurations"],
                          {"sources": options.get("sources"), "targets": options.get("targets")}]
        self.filters: list[tuple[Any, Any, dict[str, bool]]] = [
            (get_filter(configuration, "sources"), get_filter(configuration, "targets"), {})
            for configuration in configurations
            if configuration.get("sources") or configuration.get("targets")
        ]

    def run(self, root: Element) -> None:
        relpath = self.md.treeprocessors["relpath"]
        for sources, targets, previewed in self.filters:
            if not sources(relpath.file):
                continue
            for link in root.iter("a"):
                href = link.get("href")
                if not href or "footnote-ref" in link.get("class", ""):
                    continue
                url = urlparse(href)
                if url.scheme or url.netloc:
                    continue
                urls = relpath.config.use_directory_urls
                for path in relpath._possible_target_uris(relpath.file, url.path, urls):
                    target = relpath.files.get_file_from_path(path)
                    if target is None:
                        continue
                    if target.src_uri not in previewed:
                        previewed[target.src_uri] = targets(target)
                    if previewed[target.src_uri]:
                        link.set("data-preview", "")


class PreviewExtension(Extension):
    """The ``rulesite.preview`` extension."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {
            "configurations": [[], "Filter configurations, as material.extensions.preview reads them"],
            "sources": [{}, "Pages whose links get previews (all if empty)"],
            "targets": [{}, "Pages a link must point to for a preview"],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        """Run where Material's preview runs: just before MkDocs resolves relative links (priority 0)."""
        md.registerExtension(self)
        md.treeprocessors.register(_PagePreview(md, self.getConfigs()), "preview", 0)


def makeExtension(**kwargs: Any) -> PreviewExtension:
    """The entry point Python-Markdown looks for."""
    return PreviewExtension(**kwargs)
