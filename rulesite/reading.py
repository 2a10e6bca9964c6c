"""The one reader of the docs' Markdown: markdown-it-py's tokens, each with the lines it spans.

`rulesite.model` (headings, anchors, fences, directives, rulings), `rulesite.stated` (the
``<!-- states: ... -->`` comments and the flowchart labels they check) and
`rulesite.dependencies` (the modules a page names) read a page through it, so all three
agree on what is prose, what is code and what is a comment: a directive shown as code
(in a fence or in ```inline``` code) is no directive, whatever its line starts with.

The parser knows the Markdown the site writes: CommonMark with raw HTML, tables, front
matter, Python-Markdown's admonitions (``!!! ruling``, ``??? info``; their bodies indented
four spaces), definition lists and footnotes. Line numbers are 1-based, as editors and
error messages count them; offsets index the page's text.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.admon import admon_plugin
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

__all__ = ["Comment", "FenceBlock", "HeadingBlock", "Paragraph", "Reading", "TextLine", "directives"]


def _parser(inline: bool = True) -> MarkdownIt:
    parser = (
        MarkdownIt("commonmark", {"html": True})
        .enable("table")
        .use(front_matter_plugin)
        .use(admon_plugin)
        .use(deflist_plugin)
        .use(footnote_plugin)
    )
    return parser if inline else parser.disable("inline")


@dataclass(frozen=True, slots=True)
class FenceBlock:
    """A fenced code block: its opening and closing lines, indent, info string and body."""

    line: int
    end: int
    indent: str
    info: str
    body: str
    """The lines between the fences, the fence's indent removed, as markdown-it reads them."""
    start: int
    """The offset in the page where the body's first line begins."""
    stop: int
    """The offset in the page where the closing fence's line begins (the body's end)."""


@dataclass(frozen=True, slots=True)
class HeadingBlock:
    """An ATX or setext heading: its line, level and inline Markdown (code spans kept)."""

    line: int
    level: int
    markdown: str


@dataclass(frozen=True, slots=True)
class Comment:
    """An HTML comment in the page's prose (a block of its own, or inline in a paragraph).

    ``begin`` is where the run of blocks that holds it begins: its paragraph, or, for a
    comment on the line below a heading, the heading.
    """

    line: int
    start: int
    end: int
    text: str
    begin: int
    block: bool

    @property
    def inside(self) -> str:
        """What the comment says, between ``<!--`` and ``-->``, stripped."""
        return self.text.removeprefix("<!--").removesuffix("-->").strip()


@dataclass(frozen=True, slots=True)
class Paragraph:
    """A paragraph: its first line and its inline Markdown as one line (its lines joined by spaces)."""

    line: int
    markdown: str


@dataclass(frozen=True, slots=True)
class TextLine:
    """One line of a page's prose as a reader sees it: code spans and comments taken out."""

    line: int
    text: str


class Reading:
    """A page's Markdown, parsed once: its tokens and what the site's tools ask of them."""

    def __init__(self, text: str, *, inline: bool = True) -> None:
        """Parse a page; ``inline=False`` reads its blocks only (no inline comments, links or prose)."""
        self.text = text
        self.tokens: list[Token] = _parser(inline).parse(text)

    @cached_property
    def _line_starts(self) -> list[int]:
        starts, at = [0], 0
        for line in self.text.splitlines(keepends=True):
            at += len(line)
            starts.append(at)
        return starts

    def offset(self, line: int) -> int:
        """Where a line (1-based) begins in the text; past the end for a line past the last."""
        starts = self._line_starts
        return starts[min(line - 1, len(starts) - 1)]

    def line_of(self, offset: int) -> int:
        """The line (1-based) an offset of the text is on."""
        return bisect_right(self._line_starts, offset)

    def _raw_line(self, line: int) -> str:
        return self.text[self.offset(line) : self.offset(line + 1)].rstrip("\r\n")

    @cached_property
    def front_matter(self) -> range:
        """The lines (1-based) of the YAML front matter; empty if the page has none."""
        first = self.tokens[0] if self.tokens else None
        if first is not None and first.type == "front_matter" and first.map:
            return range(first.map[0] + 1, first.map[1] + 1)
        return range(0)

    @cached_property
    def fences(self) -> tuple[FenceBlock, ...]:
        """Every fenced code block, in order (fences inside admonitions and lists included)."""
        found = []
        for token in self.tokens:
            if token.type != "fence" or not token.map:
                continue
            first, after = token.map
            opening = self._raw_line(first + 1)
            indent = opening[: len(opening) - len(opening.lstrip())]
            closing = self._raw_line(after).strip()
            mark = token.markup
            closed = after - first > 1 and closing.startswith(mark) and set(closing) == set(mark)
            end = after if closed else after + 1
            stop = self.offset(after) if closed else self.offset(after + 1)
            found.append(FenceBlock(first + 1, end, indent, token.info.strip(), token.content,
                                    self.offset(first + 2), stop))
        return tuple(found)

    @cached_property
    def headings(self) -> tuple[HeadingBlock, ...]:
        """Every heading of the page's outline, in order.

        A heading inside a box (an admonition, a list) belongs to the section the box is in:
        the programmers' ``??? info`` box holds headings of its own, all part of "For programmers".
        """
        return tuple(
            HeadingBlock(token.map[0] + 1, int(token.tag[1:]), self.tokens[index + 1].content)
            for index, token in enumerate(self.tokens)
            if token.type == "heading_open" and token.map and token.level == 0
        )

    @cached_property
    def boxes(self) -> tuple[tuple[int, str], ...]:
        """Each admonition's first line and its opening as written, e.g. ``(12, '!!! ruling "Ruling"')``."""
        return tuple(
            (token.map[0] + 1, f"{token.markup} {token.info.strip()}")
            for token in self.tokens
            if token.type == "admonition_open" and token.map
        )

    @cached_property
    def paragraphs(self) -> tuple[Paragraph, ...]:
        """Every paragraph (in boxes and lists too), in order."""
        return tuple(
            Paragraph(token.map[0] + 1, " ".join(map(str.strip, self.tokens[index + 1].content.splitlines())))
            for index, token in enumerate(self.tokens)
            if token.type == "paragraph_open" and token.map
        )

    @cached_property
    def comments(self) -> tuple[Comment, ...]:
        """Every HTML comment of the prose, in order: the site's directives are comments."""
        found: list[Comment] = []
        blocks = self._blocks()
        for index, (token, first, after) in enumerate(blocks):
            begin = self._run_start(blocks, index)
            if token.type == "html_block":
                found += self._block_comments(token, first, after, begin)
            elif token.type == "inline":
                found += self._inline_comments(token, first, after, begin)
        return tuple(found)

    def _blocks(self) -> list[tuple[Token, int, int]]:
        """The leaves of the block structure (HTML blocks, inline runs, fences, ...) with their lines."""
        return [
            (token, token.map[0], token.map[1])
            for token in self.tokens
            if token.map and token.nesting == 0 and token.type != "front_matter"
        ]

    @staticmethod
    def _run_start(blocks: list[tuple[Token, int, int]], index: int) -> int:
        """The first line (0-based) of the run of blocks, no blank line between them, ending at ``index``."""
        first = blocks[index][1]
        while index > 0 and blocks[index - 1][2] == first and blocks[index - 1][0].type != "fence":
            index -= 1
            first = blocks[index][1]
        return first

    def _block_comments(self, token: Token, first: int, after: int, begin: int) -> Iterator[Comment]:
        """The comments of an HTML block that opens with one (a block may hold several, one a line)."""
        if not token.content.lstrip().startswith("<!--"):
            return
        cursor, limit = self.offset(first + 1), self.offset(after + 1)
        while (start := self.text.find("<!--", cursor, limit)) >= 0:
            close = self.text.find("-->", start + 4)
            cursor = len(self.text) if close < 0 else close + 3
            yield Comment(self.line_of(start), start, cursor, self.text[start:cursor], self.offset(begin + 1),
                          block=True)

    def _inline_comments(self, token: Token, first: int, after: int, begin: int) -> Iterator[Comment]:
        cursor, limit = self.offset(first + 1), self.offset(after + 1)
        for child in token.children or ():
            if child.type == "code_inline":
                # A code span may show a comment: step over it, so the same text later is found.
                shown = self.text.find(child.markup + child.content, cursor, limit)
                cursor = cursor if shown < 0 else shown + len(child.markup) + len(child.content)
            elif child.type == "html_inline" and child.content.startswith("<!--"):
                start = self.text.find(child.content, cursor, limit)
                if start < 0:  # a comment broken over lines: markdown-it joins them
                    continue
                cursor = start + len(child.content)
                yield Comment(self.line_of(start), start, cursor, child.content, self.offset(begin + 1),
                              block=False)

    @cached_property
    def inline(self) -> tuple[tuple[int, Token], ...]:
        """Each inline token (a paragraph's, a heading's, a table cell's text) with its first line."""
        return tuple((token.map[0] + 1, token) for token in self.tokens
                     if token.type == "inline" and token.map)

    @cached_property
    def prose(self) -> tuple[TextLine, ...]:
        """Each line of inline text (paragraphs, headings, table cells), code spans and comments out."""
        found: list[TextLine] = []
        for token in self.tokens:
            if token.type != "inline" or not token.map:
                continue
            pieces: list[str] = []
            for child in token.children or ():
                if child.type in {"softbreak", "hardbreak"}:
                    pieces.append("\n")
                elif child.type == "text":
                    pieces.append(child.content)
                elif child.type == "image":
                    pieces.append("".join(grand.content for grand in child.children or ()))
            found += [TextLine(token.map[0] + 1 + number, text)
                      for number, text in enumerate("".join(pieces).split("\n"))]
        return tuple(found)


def directives(lines: list[str], page: Reading | None = None) -> dict[int, str]:
    """The lines (0-based) that are an HTML comment standing as a block of its own, with the comment.

    What a builder's preprocessor needs to expand ``<!-- table: ... -->`` and the like: a comment
    inside a fence or shown as ``inline code`` is no directive. A page with no comment is not parsed;
    nor is one whose ``lines`` are the end of ``page`` (its own reading: the builder took off its
    front matter), read once per build.
    """
    if not any("<!--" in line for line in lines):
        return {}
    text = "\n".join(lines)
    own = page is not None and page.text.endswith(text)
    before = page.text[: len(page.text) - len(text)] if page is not None and own else ""
    if page is not None and own and (not before or before.endswith("\n")):
        reading, skipped = page, before.count("\n")
    else:
        reading, skipped = Reading(text, inline=False), 0
    found = {comment.line - 1 - skipped: comment.text for comment in reading.comments if comment.block}
    return {index: comment for index, comment in found.items()
            if 0 <= index < len(lines) and lines[index].strip() == comment}
