"""HTML and SVG changed through a tree that keeps, byte for byte, what it does not change.

The build edits markup it did not write: Python-Markdown's page, Pygments' highlighted code,
Mermaid's drawings. `parse` reads it with the standard library's HTML parser into a tree of
`Element` and `Text` nodes, each holding the markup it was read from; an edit (an attribute
set or removed, a node removed or replaced) marks what it touched, and `Element.html` writes
every untouched tag and text exactly as it was read. So a page changes only where the site
means to change it, and no regular expression has to guess where a tag begins or ends.

Tag and attribute names are lowercase, as the HTML parser gives them (SVG's ``viewBox`` is
``viewbox``); a rewritten start tag keeps the tag's name as written.

A page's HTML (`tree_of`) is read with the content of each ``<code>`` left `Unread`: one piece of
markup, the thousands of ``<span>``s of highlighted code, read into the tree only when a walk
looks for what it may hold (`Element.iter`, `Element.texts`). Most pages' code is never read.
"""

from __future__ import annotations

from collections.abc import Iterator
from html import unescape
from html.parser import HTMLParser
from typing import Any

__all__ = ["Element", "Raw", "Text", "Unread", "escaped", "parse", "tree_of", "written"]

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
                  "track", "wbr"})


class Raw:
    """Markup kept as it was: a comment, a declaration, a stray end tag."""

    __slots__ = ("parent", "raw")

    def __init__(self, raw: str) -> None:
        self.raw = raw
        self.parent: Element | None = None

    @property
    def html(self) -> str:
        """The markup as written."""
        return self.raw


class Text(Raw):
    """Character data, as written (its entities kept)."""

    __slots__ = ()

    @property
    def text(self) -> str:
        """The characters it stands for (entities read)."""
        return unescape(self.raw)


class Unread(Raw):
    """An element's content not read yet: its markup, as written, read into the tree when a walk needs it."""

    __slots__ = ()

    def may_hold(self, needle: str) -> bool:
        """Whether its markup may hold ``needle`` (lowercase: a tag or attribute as the parser names it)."""
        if needle in self.raw:
            return True
        return needle.lower() != needle.upper() and needle in self.raw.lower()  # "§" has no case


class Element:
    """An element: its tag, attributes and children, and the markup of its start and end tags."""

    __slots__ = ("attrs", "begin", "changed", "children", "end", "finish", "parent", "source", "start", "tag",
                 "touched")

    def __init__(self, tag: str, attrs: list[tuple[str, str | None]], start: str) -> None:
        self.tag = tag
        self.attrs = dict(attrs)
        self.start = start
        self.end = ""
        self.children: list[Element | Raw] = []
        self.parent: Element | None = None
        self.touched = False  # its start tag is to be written again
        self.changed = True  # something in it changed: not written as a slice of ``source``
        self.source = ""
        self.begin = self.finish = 0

    def _changes(self) -> None:
        element: Element | None = self
        while element is not None and not element.changed:
            element.changed = True
            element = element.parent

    @classmethod
    def new(cls, tag: str, attrs: dict[str, str | None], text: str = "") -> Element:
        """A new element holding ``text`` (markup, written as given)."""
        element = cls(tag, list(attrs.items()), "")
        element.start, element.end = element._start_tag(), f"</{tag}>"
        if text:
            _add(element, Text(text))
        return element

    @property
    def inner(self) -> str:
        """The markup of its children."""
        parts: list[str] = []
        for child in self.children:
            if isinstance(child, Element):
                child._write(parts)
            else:
                parts.append(child.raw)
        return "".join(parts)

    def get(self, name: str, default: str | None = None) -> str | None:
        """An attribute's value (``None`` for an attribute written without one)."""
        return self.attrs.get(name, default)

    def set(self, name: str, value: str | None) -> None:
        """Give an attribute a value (``None``: the attribute alone, ``data-search-exclude``)."""
        if name not in self.attrs or self.attrs[name] != value:
            self.attrs[name] = value
            self.touched = True
            self._changes()

    def remove(self, name: str) -> None:
        """Take an attribute away."""
        if name in self.attrs:
            del self.attrs[name]
            self.touched = True
            self._changes()

    @property
    def classes(self) -> list[str]:
        """The words of its ``class``."""
        return (self.attrs.get("class") or "").split()

    def iter(self, tag: str | None = None, holding: str | None = None) -> Iterator[Element]:
        """Every element from this one down, in document order (those with ``tag`` only, if given).

        Content not read yet (`Unread`) is read first where it may hold what is looked for: the
        tag (``<tag``), else ``holding`` (a piece of markup, ``id=``); with neither, always.
        """
        needle = f"<{tag}" if tag is not None else holding
        stack: list[Element] = [self]
        while stack:
            element = stack.pop()
            element._read(needle)
            if tag is None or element.tag == tag:
                yield element
            stack.extend(child for child in reversed(element.children) if isinstance(child, Element))

    def texts(self, holding: str | None = None) -> Iterator[Text]:
        """Every text node inside it, in document order (those holding ``holding`` only, if given).

        Content not read yet is read first only where its markup holds ``holding``.
        """
        for element in self.iter(holding=holding):
            yield from (child for child in element.children
                        if isinstance(child, Text) and (holding is None or holding in child.raw))

    def _read(self, needle: str | None) -> None:
        """Read its content not read yet into the tree, if it may hold ``needle`` (``None``: anything)."""
        unread = self.children[0] if len(self.children) == 1 else None
        if type(unread) is not Unread or (needle is not None and not unread.may_hold(needle)):
            return
        self.children = []
        for node in parse(unread.raw).children:
            _add(self, node)

    @property
    def text(self) -> str:
        """Its characters, every tag left out."""
        return "".join(node.text for node in self.texts())

    def replace(self, old: Element | Raw, *new: Element | Raw) -> None:
        """Put ``new`` (none: take it away) where the child ``old`` is."""
        index = next(i for i, child in enumerate(self.children) if child is old)
        for node in new:
            node.parent = self
        self.children[index : index + 1] = list(new)
        self._changes()

    @property
    def html(self) -> str:
        """Its markup: as read where nothing changed."""
        parts: list[str] = []
        self._write(parts)
        return "".join(parts)

    def _write(self, parts: list[str]) -> None:
        if not self.changed:  # as read: one slice of the markup
            parts.append(self.source[self.begin : self.finish])
            return
        parts.append(self._start_tag() if self.touched else self.start)
        parts.append(self.inner)
        parts.append(self.end)

    def _start_tag(self) -> str:
        name = self.start[1 : 1 + len(self.tag)] if self.start else self.tag
        attrs = "".join(f" {key}" if value is None else f' {key}="{_quoted(value)}"'
                        for key, value in self.attrs.items())
        return f"<{name}{attrs}{'/>' if self.start.endswith('/>') else '>'}"


def _quoted(value: str) -> str:
    return value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")


def escaped(text: str) -> str:
    """Text as character data: its ``&`` and ``<`` escaped (markup shown as text)."""
    return text.replace("&", "&amp;").replace("<", "&lt;")


UNREAD = frozenset({"code"})
"""The elements of a page whose content `tree_of` leaves unread until a walk needs it."""


def tree_of(md: Any, html: str) -> Element:
    """A conversion's HTML as a tree: the one the previous postprocessor wrote it from, if it is that HTML.

    The site's postprocessors (citations, search exclusion, inert code) edit a page's HTML in
    turn; each hands the next its tree with the text (`written`), so a page is parsed once.
    """
    kept: tuple[str, Element] | None = getattr(md, "rulesite_markup", None)
    return kept[1] if kept is not None and kept[0] is html else parse(html, UNREAD)


def written(md: Any, tree: Element) -> str:
    """The tree's HTML, kept with it on the Markdown instance for the next postprocessor."""
    html = tree.html
    md.rulesite_markup = (html, tree)
    return html


def parse(markup: str, unread: frozenset[str] = frozenset()) -> Element:
    """A fragment of HTML or SVG as a tree; its root (tag ``""``) holds the top-level nodes.

    The content of each element named in ``unread`` is kept as one `Unread` node, read when a walk needs it.
    """
    reader = _Reader(markup, unread)
    reader.feed(markup)
    reader.close()
    return reader.tree()


class _Reader(HTMLParser):
    """Records each event of the standard parser with where it starts; `tree` slices the markup."""

    def __init__(self, markup: str, unread: frozenset[str] = frozenset()) -> None:
        super().__init__(convert_charrefs=False)
        self.markup = markup
        self.unread = unread
        self.base = 0  # where the parser's unread rest of the markup starts
        self.at = 0  # where the construct being reported starts
        self.events: list[tuple[int, str, str, list[tuple[str, str | None]], int]] = []

    def goahead(self, end: bool) -> None:
        """Read on, keeping count of what the parser has consumed (it drops what it has read)."""
        length = len(self.rawdata)
        super().goahead(end)
        self.base += length - len(self.rawdata)

    def updatepos(self, i: int, j: int) -> int:
        """Where the parser has got to: the next construct starts here (no line counting needed)."""
        self.at = self.base + j
        return j

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.events.append((self.at, "start", tag, attrs, len(self.get_starttag_text() or "")))
        if tag in self.unread:  # its content is reported as one piece of data, up to its end tag
            self.set_cdata_mode(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.events.append((self.at, "empty", tag, attrs, len(self.get_starttag_text() or "")))

    def handle_endtag(self, tag: str) -> None:
        self.events.append((self.at, "end", tag, [], 0))

    def handle_data(self, data: str) -> None:
        unread = self.cdata_elem is not None and self.cdata_elem in self.unread
        self.events.append((self.at, "unread" if unread else "text", "", [], 0))

    def handle_entityref(self, name: str) -> None:
        self.events.append((self.at, "text", "", [], 0))

    def handle_charref(self, name: str) -> None:
        self.events.append((self.at, "text", "", [], 0))

    def handle_comment(self, data: str) -> None:
        self.events.append((self.at, "raw", "", [], 0))

    def handle_decl(self, decl: str) -> None:
        self.events.append((self.at, "raw", "", [], 0))

    def handle_pi(self, data: str) -> None:
        self.events.append((self.at, "raw", "", [], 0))

    def unknown_decl(self, data: str) -> None:
        self.events.append((self.at, "raw", "", [], 0))

    def tree(self) -> Element:
        markup = self.markup
        root = Element("", [], "")
        stack = [root]
        open_tags: dict[str, int] = {}
        ends = [event[0] for event in self.events[1:]] + [len(markup)]
        if self.events and self.events[0][0] > 0:  # whatever the parser passed over silently
            _add(root, Raw(markup[: self.events[0][0]]))
        for (at, kind, tag, attrs, length), end in zip(self.events, ends, strict=True):
            parent = stack[-1]
            if kind in {"start", "empty"}:
                element = Element(tag, attrs, markup[at : at + length])
                element.source, element.begin, element.finish = markup, at, at + length
                element.changed = False
                element.parent = parent
                parent.children.append(element)
                if kind == "start" and tag not in VOID:
                    stack.append(element)
                    open_tags[tag] = open_tags.get(tag, 0) + 1
                if at + length < end:  # never seen: the parser reports all it reads
                    _add(stack[-1], Raw(markup[at + length : end]))
            elif kind == "end" and open_tags.get(tag):
                while True:
                    closed = stack.pop()
                    open_tags[closed.tag] -= 1
                    if closed.tag == tag:
                        closed.end, closed.finish = markup[at:end], end
                        break
                    closed.finish = at  # closed by an ancestor's end tag
            elif kind == "text" and parent.children and type(parent.children[-1]) is Text:
                parent.children[-1].raw += markup[at:end]
            else:
                node = {"text": Text, "unread": Unread}.get(kind, Raw)
                _add(parent, node(markup[at:end]))
        for unclosed in stack[1:]:
            unclosed.finish = len(markup)
        root.source, root.finish, root.changed = markup, len(markup), False
        return root


def _add(parent: Element, node: Element | Raw) -> None:
    node.parent = parent
    parent.children.append(node)
