"""Draw the rest of a long page when the player scrolls to it: a Python-Markdown extension.

A system page is many screens tall on a phone, and a browser styles and lays out all of it
before the first screen answers a tap. From a page's second ``h2`` on, the extension
groups each run of blocks between two headings in a ``<div class="rule-run">``; the
site's stylesheet gives those ``content-visibility: auto`` on screens, so the browser
draws a run only as it comes near the screen. Headings stay outside the runs: the theme
reads every heading's position for its table of contents, and a heading inside a run
that is not drawn yet would make the browser draw the run to answer.

Until it is drawn, a run holds the height written here: an estimate from its text, so
the scroll bar does not jump much when it arrives (the browser keeps the real height
once a run has been drawn). Search in the page, links into a run and printing see all of
it.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from typing import Any

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor
from markdown.util import HTML_PLACEHOLDER_RE

_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
# Marks that belong to the heading above them stay beside it ("changed in 1.1", errata.py).
_WITH_HEADING = frozenset({"errata-mark"})
_TAG = re.compile(r"<[^>]*>")
_CLOSED_TOGGLE = re.compile(r"^\s*<details(?![^>]*\bopen\b)")
_HEADING_HTML = re.compile(r"<h[1-6][\s>]")

# Rough sizes in rem (a line of text, a block's margin, a closed toggle), between a phone's and a
# desktop's (drawn runs measured 0.6-1.0 times the first guess; `scripts/bench --pages` prints
# each page's height with its runs at the estimate and drawn).
_LINE, _CHARS_PER_LINE, _MARGIN, _TOGGLE = 1.0, 42, 0.75, 2.6


class _Runs(Treeprocessor):  # type: ignore[misc]
    def run(self, root: etree.Element) -> None:
        children = list(root)
        second = [index for index, child in enumerate(children) if child.tag == "h2"][1:2]
        if not second:
            return
        start = second[0]
        kept = children[:start]
        run: list[etree.Element] = []
        for child in children[start:]:
            if child.tag in _HEADINGS or child.get("class") in _WITH_HEADING or self._holds_heading(child):
                kept += self._wrapped(run)
                kept.append(child)
                run = []
            else:
                run.append(child)
        kept += self._wrapped(run)
        for child in children:
            root.remove(child)
        root.extend(kept)

    def _wrapped(self, run: list[etree.Element]) -> list[etree.Element]:
        if not run:
            return []
        box = etree.Element("div", {"class": "rule-run"})
        height = sum(self._height(child) for child in run)
        box.set("style", f"contain-intrinsic-block-size: auto {height:.0f}rem")
        box.extend(run)
        box.tail = "\n"
        return [box]

    def _raw(self, element: etree.Element) -> str | None:
        """The raw HTML a placeholder paragraph stands for (a worked example, a chart), if any."""
        match = HTML_PLACEHOLDER_RE.fullmatch((element.text or "").strip()) if element.tag == "p" else None
        if not match:
            return None
        raw = self.md.htmlStash.rawHtmlBlocks[int(match.group(1))]
        return raw if isinstance(raw, str) else etree.tostring(raw, encoding="unicode")

    def _holds_heading(self, element: etree.Element) -> bool:
        raw = self._raw(element)
        if raw is not None:
            return bool(_HEADING_HTML.search(raw))
        return any(inner.tag in _HEADINGS for inner in element.iter())

    def _height(self, element: etree.Element) -> float:
        raw = self._raw(element)
        if raw is not None:
            if _CLOSED_TOGGLE.match(raw):
                return _TOGGLE
            text = _TAG.sub("", raw)
        elif element.tag == "details" and "open" not in element.attrib:
            return _TOGGLE
        else:
            text = "".join(element.itertext())
        lines = sum(1 + len(line) // _CHARS_PER_LINE for line in text.splitlines() if line.strip())
        return _MARGIN + _LINE * max(lines, 1)


class OffscreenExtension(Extension):  # type: ignore[misc]
    """The ``rulesite.offscreen`` extension (listed under ``markdown_extensions``)."""

    def extendMarkdown(self, md: Markdown) -> None:
        """After toc (5) has read the headings and the site's other tree steps have run."""
        md.treeprocessors.register(_Runs(md), "rulesite_offscreen_runs", 4)


def makeExtension(**kwargs: Any) -> OffscreenExtension:
    """The entry point Python-Markdown looks for."""
    return OffscreenExtension(**kwargs)
