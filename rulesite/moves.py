"""Keep links to moved anchors working: a Python-Markdown extension (``rulesite.moves``).

``docs/moved.yml`` records each anchor that moved to another page
(``conditions.md#dazed: conditions-list.md#dazed``). A page that anchors moved away
from says so with one line, ``<!-- moved-anchors: conditions.md -->``; the extension
turns that line into a hidden list of stubs, one ``<a id="dazed" href="...">`` per
moved anchor, linking to its new place. Old links then still find their anchor (so
the strict build's anchor check and the published-anchor test see it), and
``docs/assets/js/landing.js`` sends a reader who arrives at a stub on to the link.

Being a Markdown extension, it runs under MkDocs, ProperDocs and Zensical alike;
the stubs' links are Markdown-style ``.md`` links, which the builder resolves and
checks like any other.
"""

from __future__ import annotations

import posixpath
import re
import xml.etree.ElementTree as etree
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from rulesite.model import safe_yaml_loader

RECORD = Path(__file__).resolve().parent.parent / "docs" / "moved.yml"
_MARKER = re.compile(r"^<!--\s*moved-anchors:\s*(\S+)\s*-->\s*$")
_PLACEHOLDER = "moved-anchors-marker {}"


class MovesError(ValueError):
    """The record of moves is malformed."""


@dataclass(frozen=True, slots=True)
class Move:
    """One anchor that moved: from ``page#anchor`` to ``new_page#new_anchor``."""

    page: str
    anchor: str
    new_page: str
    new_anchor: str

    @property
    def target(self) -> str:
        """The new place as a link from the old page: ``rule-code.md#api-rule-code`` from ``api/index.md``."""
        folder = posixpath.dirname(self.page) or "."
        return f"{posixpath.relpath(self.new_page, folder)}#{self.new_anchor}"


def _split(link: str, where: Path) -> tuple[str, str]:
    page, sep, anchor = str(link).partition("#")
    if not sep or not page.endswith(".md") or not re.fullmatch(r"[A-Za-z][\w-]*", anchor):
        msg = f"{where}: {link!r} is not a 'page.md#anchor' link"
        raise MovesError(msg)
    return page, anchor


def read_moves(record: Path = RECORD) -> list[Move]:
    """Every recorded move, in the record's order; a malformed entry raises `MovesError`."""
    data = yaml.load(record.read_text(encoding="utf-8"), Loader=safe_yaml_loader()) or {}
    anchors = data.get("anchors") or {}
    if not isinstance(anchors, dict):
        msg = f"{record}: 'anchors' must map 'old.md#anchor' to 'new.md#anchor'"
        raise MovesError(msg)
    moves = []
    for old, new in anchors.items():
        page, anchor = _split(old, record)
        new_page, new_anchor = _split(new, record)
        moves.append(Move(page, anchor, new_page, new_anchor))
    return moves


class _Markers(Preprocessor):
    """Replace each marker line by a placeholder paragraph."""

    def run(self, lines: list[str]) -> list[str]:
        out = []
        for line in lines:
            match = _MARKER.match(line)
            out += ["", _PLACEHOLDER.format(match.group(1)), ""] if match else [line]
        # Most conversions (and every docstring's) hold no marker: their tree is not walked.
        self.md.rulesite_moved_markers = len(out) != len(lines)
        return out


class _Stubs(Treeprocessor):
    """Turn each placeholder paragraph into the hidden stubs of its page's moved anchors."""

    def __init__(self, md: Markdown, record: Path) -> None:
        super().__init__(md)
        self.record = record

    def run(self, root: etree.Element) -> None:
        if not getattr(self.md, "rulesite_moved_markers", True):
            return
        found = [
            (parent, index, text.removeprefix("moved-anchors-marker "))
            for parent in root.iter()
            for index, child in enumerate(parent)
            if child.tag == "p" and (text := (child.text or "").strip()).startswith("moved-anchors-marker ")
        ]
        if not found:
            return
        # A page that holds the moved text itself (the print page) needs no stub.
        ids = {element.get("id") for element in root.iter() if element.get("id")}
        moves = read_moves(self.record)  # once per conversion: the print page holds every marker
        for parent, index, page in found:
            parent[index] = self._stubs(page, ids, moves)

    def _stubs(self, page: str, ids: set[str | None], recorded: list[Move]) -> etree.Element:
        moves = [move for move in recorded if move.page == page]
        if not moves:
            msg = f"<!-- moved-anchors: {page} -->: {self.record} records no anchor moved from {page}"
            raise MovesError(msg)
        box = etree.Element("div", {"class": "moved-anchors", "hidden": "hidden"})
        for move in moves:
            if move.anchor not in ids:
                etree.SubElement(box, "a", {"id": move.anchor, "href": move.target})
        return box


class MovesExtension(Extension):
    """The ``rulesite.moves`` extension (listed under ``markdown_extensions``)."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {"record": [str(RECORD), "The YAML record of moved anchors"]}
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        """Register the marker and its stubs (before MkDocs collects and checks anchors)."""
        record = Path(self.getConfig("record"))
        md.preprocessors.register(_Markers(md), "moved_anchor_markers", 25)
        # After attr_list (8) gives headings their ids, before toc and MkDocs collect them (5).
        md.treeprocessors.register(_Stubs(md, record), "moved_anchor_stubs", 7)


def makeExtension(**kwargs: Any) -> MovesExtension:
    """The entry point Python-Markdown looks for."""
    return MovesExtension(**kwargs)
