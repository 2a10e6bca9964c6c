"""Python-Markdown's ``abbr`` and pymdownx's SuperFences, at a cost that grows with the page, not faster.

Listed in ``mkdocs.yml`` as ``rulesite.linear``, after both. It changes no output: the same
``<abbr title>`` elements in the same places, the same fences. Each of the two walks a page in
a way that costs the square of its length on the print page, which holds every system page:

- ``abbr`` finds where to insert a term that follows an element by looking the element up among
  its parent's children (``list(parent).index(el)``) for every child it visits; this walk
  carries each child's index down instead;
- SuperFences puts each fence's placeholder back into the page by copying the whole list of
  lines once per fence; this puts them all back in one pass.
"""

from __future__ import annotations

from typing import Any
from xml.etree.ElementTree import Element

from markdown import Extension, Markdown
from markdown.extensions.abbr import AbbrTreeprocessor
from markdown.util import AtomicString
from pymdownx.superfences import SuperFencesBlockPreprocessor


class _OneWalk(AbbrTreeprocessor):
    """``abbr``'s treeprocessor, visiting the children in the same order (last first), by index."""

    def iter_element(self, el: Element, parent: Element | None = None) -> None:
        """Wrap each term in ``el``'s text and under it (no ``parent``: the walk knows each index)."""
        for index in range(len(el) - 1, -1, -1):
            child = el[index]
            self.iter_element(child)
            if child.tail and not isinstance(child.tail, AtomicString):
                child.tail = self._wrapped(child.tail, lambda abbr, at=index + 1: el.insert(at, abbr))
        if el.text and not isinstance(el.text, AtomicString):
            el.text = self._wrapped(el.text, lambda abbr: el.insert(0, abbr))

    def _wrapped(self, text: str, insert: Any) -> str:
        """What is left of ``text`` once each term in it, last first, is an ``<abbr>`` inserted after it."""
        for match in reversed(list(self.RE.finditer(text))):  # compiled by run()
            if self.abbrs[match.group(0)]:
                insert(self.create_element(self.abbrs[match.group(0)], match.group(0), text[match.end():]))
                text = text[: match.start()]
        return text


class _OnePassFences(SuperFencesBlockPreprocessor):
    """SuperFences' preprocessor, putting its fences back in one pass over the lines."""

    def reassemble(self, lines: list[str]) -> list[str]:
        """The lines with each fence's span replaced by its placeholder (the stack is in page order)."""
        spans = sorted(self.stack, key=lambda entry: entry[1])
        self.stack.clear()
        out: list[str] = []
        done = 0
        for fenced, start, end in spans:
            out += lines[done:start]
            out.append(fenced)
            done = end
        return out + lines[done:]


class LinearExtension(Extension):
    """Puts the linear walks in place of ``abbr``'s and SuperFences' (whichever are registered)."""

    def extendMarkdown(self, md: Markdown) -> None:
        """Replace ``abbr``'s treeprocessor (same definitions); change SuperFences' preprocessor's class."""
        abbr = _registered(md.treeprocessors, "abbr")
        if isinstance(abbr, AbbrTreeprocessor) and not isinstance(abbr, _OneWalk):
            md.treeprocessors.register(_OneWalk(md, abbr.abbrs), "abbr", 7)
        fences = _registered(md.preprocessors, "fenced_code_block")
        if type(fences) is SuperFencesBlockPreprocessor:
            # The same instance (SuperFences' default formatter is bound to it), with a linear reassemble.
            fences.__class__ = _OnePassFences


def _registered(registry: Any, name: str) -> Any:
    """The processor registered under ``name``, if any."""
    return registry[name] if name in registry else None  # noqa: SIM401 (a Registry has no get)


def makeExtension(**kwargs: Any) -> LinearExtension:
    """Entry point for ``markdown_extensions: [rulesite.linear]``."""
    return LinearExtension(**kwargs)
