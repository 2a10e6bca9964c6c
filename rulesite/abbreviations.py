"""The glossary's terms as abbreviations, in one walk of the page: Python-Markdown's ``abbr``, linear.

Listed in ``mkdocs.yml`` as ``rulesite.abbreviations`` in place of ``abbr``: the same definitions
(``*[VU]: Vulnerable...``, which ``rulesite.extension`` appends from the glossary), the same
``<abbr title>`` elements in the same places. Python-Markdown 3.11's treeprocessor finds where to
insert a term that follows an element by looking the element up among its parent's children
(``list(parent).index(el)``) for every child it visits: a page with thousands of blocks under one
parent (the print page, which holds every system page) costs the square of its length. This walk
carries each child's index down instead.
"""

from __future__ import annotations

from typing import Any
from xml.etree.ElementTree import Element

from markdown import Markdown
from markdown.extensions.abbr import AbbrExtension, AbbrTreeprocessor
from markdown.util import AtomicString


class _OneWalk(AbbrTreeprocessor):
    """``abbr``'s treeprocessor, visiting the children in the same order (last first), by index."""

    def iter_element(self, el: Element, parent: Element | None = None) -> None:
        """Wrap each term in ``el``'s text and under it (``parent`` is not needed: the walk knows the index)."""
        for index in range(len(el) - 1, -1, -1):
            child = el[index]
            self.iter_element(child)
            if child.tail and not isinstance(child.tail, AtomicString):
                child.tail = self._wrapped(child.tail, lambda abbr, at=index + 1: el.insert(at, abbr))
        if el.text and not isinstance(el.text, AtomicString):
            el.text = self._wrapped(el.text, lambda abbr: el.insert(0, abbr))

    def _wrapped(self, text: str, insert: Any) -> str:
        """What is left of ``text`` once each term in it, last first, is an ``<abbr>`` inserted after it."""
        assert self.RE is not None  # compiled by run() before the walk  # noqa: S101
        for match in reversed(list(self.RE.finditer(text))):
            if self.abbrs[match.group(0)]:
                insert(self.create_element(self.abbrs[match.group(0)], match.group(0), text[match.end():]))
                text = text[: match.start()]
        return text


class AbbreviationsExtension(AbbrExtension):
    """Python-Markdown's ``abbr`` with a treeprocessor that walks the page once."""

    def extendMarkdown(self, md: Markdown) -> None:
        """Register ``abbr``'s processors, then put the one-walk treeprocessor in its place."""
        super().extendMarkdown(md)
        md.treeprocessors.register(_OneWalk(md, self.abbrs), "abbr", 7)


def makeExtension(**kwargs: Any) -> AbbreviationsExtension:
    """Entry point for ``markdown_extensions: [rulesite.abbreviations]``."""
    return AbbreviationsExtension(**kwargs)
