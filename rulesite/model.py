"""One model of the docs: every page of ``docs/`` read once, for the site, the scripts and the tests.

A page is Markdown with a few conventions of the rules site:

- every heading carries an explicit anchor, ``## Guarding { #guarding }``: lowercase
  words joined by hyphens, unique across the site;
- a ruling is a heading ``### Ruling: <title> { #ruling-<name> }`` followed by a
  ``!!! ruling "Ruling"`` box holding a **Reading.** paragraph, a **Why.** paragraph and
  an executed example (a ```` ```python ```` fence of ``>>>`` lines);
- a flowchart is a ```` ```mermaid ```` fence whose ``click NODE href "#anchor"`` lines
  link its boxes to their rules;
- ``<!-- table: module:function -->`` is replaced by the table that function returns,
  ``<!-- rulings-index -->`` by the list of every ruling, ``<!-- print: all -->`` by
  every system page.

Each page is parsed once by `rulesite.reading` (markdown-it-py's tokens, with line numbers):
fences, headings, paragraphs, links, boxes and directive comments come from its tokens; what
is left to a pattern here is the shape of small strings inside them (an anchor, an attribute
list, a Mermaid ``click`` line). `Docs.problems` lists what breaks a convention, each with
its file, line and fix.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from rulesite.reading import Comment, Reading

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

ANCHOR = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
"""The form of every explicit anchor: lowercase words and digits joined by hyphens."""
RULING_PREFIX = "ruling-"
RULING_BOX = '!!! ruling "Ruling"'
"""The box that holds a ruling's reading, reason and example."""
RULINGS_MARKER = "<!-- rulings-index -->"
PRINT_MARKER = "<!-- print: all -->"

_ATTR_LIST = re.compile(r"\{:?(?P<attrs>[^{}\n]*)\}")
_TRAILING_ATTR_LIST = re.compile(r"[ \t]*\{:?(?P<attrs>[^{}\n]*)\}[ \t]*$")
_INLINE_CODE = re.compile(r"(`+).*?\1")
_CLICK = re.compile(r'^\s*click\s+(?P<node>\w+)\s+href\s+"(?P<target>[^"]*)"')
_NODE = re.compile(r"^\s*(?P<node>\w+)[\[{(/>]")
_MARKDOWN_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_SENTENCE = re.compile(r"(.+?[.!?])(?:\s|$)", re.DOTALL)
_RULING_TITLE = re.compile(r"^Ruling:\s*(?P<title>.+)$")
_STEP_NUMBER = re.compile(r"^[0-9]+\.\s+")
_SEE_ALSO = re.compile(r"\s*\(see [^)]*\)")
_SECTION_MARK = re.compile(r"§(?P<anchor>[a-z0-9]+(?:-[a-z0-9]+)*)")
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_BLANK_RUN = re.compile(r"\n{3,}")
HIDDEN_CODE = "invisible-code-block: python"
"""What opens a comment of hidden setup code (Sybil's own directive): run before the examples, never shown."""


def plain(markdown: str) -> str:
    """Markdown inline text as plain text: links become their words; emphasis, code marks and comments go.

    A ``<!-- states: ... -->`` comment is invisible on the page, so it has no place in the text.
    """
    text = _MARKDOWN_LINK.sub(r"\1", _COMMENT.sub("", markdown))
    return " ".join(text.replace("**", "").replace("`", "").split())


def ids_in(attrs: str) -> list[str]:
    """The ``#id`` tokens of an attribute list's inside, e.g. ``' #guarding .x '`` -> ``['guarding']``."""
    return [token[1:] for token in attrs.split() if token.startswith("#")]


@dataclass(frozen=True, slots=True)
class Anchor:
    """An explicit id written in a page's Markdown."""

    page: str
    line: int
    name: str


@dataclass(frozen=True, slots=True)
class Heading:
    """A heading of a page, with its explicit anchor (``None`` if it has none)."""

    page: str
    line: int
    level: int
    text: str
    anchor: str | None

    @property
    def ruling_title(self) -> str | None:
        """The title of the ruling this heading states, or ``None`` if it states none."""
        match = _RULING_TITLE.match(self.text)
        return match["title"].strip() if match else None

    @property
    def name(self) -> str:
        """The heading's text without a leading step number ("4. Magic armor" -> "Magic armor")."""
        return _STEP_NUMBER.sub("", self.text)


@dataclass(frozen=True, slots=True)
class Fence:
    """A fenced block: its opening line (1-based), info string and dedented body."""

    page: str
    line: int
    end: int
    indent: str
    info: str
    source: str

    @property
    def language(self) -> str:
        """The first word of the info string, e.g. ``python`` or ``mermaid``."""
        return self.info.split()[0].lower() if self.info.split() else ""

    @property
    def prompts(self) -> int:
        """How many ``>>>`` lines the block holds."""
        return sum(1 for line in self.source.splitlines() if line.lstrip().startswith(">>>"))

    @property
    def is_example(self) -> bool:
        """An executed example: a ```` ```python ```` fence whose body starts with ``>>>``."""
        return self.info == "python" and self.source.lstrip().startswith(">>>")


@dataclass(frozen=True, slots=True)
class Flowchart:
    """A Mermaid fence: its source, boxes and the targets they link to."""

    fence: Fence

    @property
    def page(self) -> str:
        """The page it is drawn on."""
        return self.fence.page

    @property
    def line(self) -> int:
        """The line of its opening fence."""
        return self.fence.line

    @property
    def source(self) -> str:
        """Its Mermaid source."""
        return self.fence.source

    @property
    def clicks(self) -> tuple[tuple[str, str], ...]:
        """Each ``(node, target)`` of its ``click`` lines, e.g. ``("IN", "#resist-damage-types")``."""
        return tuple(
            (match["node"], match["target"]) for match in map(_CLICK.match, self.source.splitlines()) if match
        )

    @property
    def nodes(self) -> frozenset[str]:
        """The ids of its boxes."""
        found = {match["node"] for match in map(_NODE.match, self.source.splitlines()) if match}
        return frozenset(found - {"flowchart", "graph", "click", "accTitle", "accDescr", "classDef", "class"})


@dataclass(frozen=True, slots=True)
class TableDirective:
    """A ``<!-- table: module:function -->`` line."""

    page: str
    line: int
    indent: str
    module: str
    function: str

    @property
    def text(self) -> str:
        """The directive as written (without its indent)."""
        return f"<!-- table: {self.module}:{self.function} -->"


@dataclass(frozen=True, slots=True)
class Ruling:
    """A ruling: its heading and the parts of its box."""

    heading: Heading
    title: str
    boxed: bool
    reading: str
    why: str
    examples: tuple[Fence, ...]
    interprets: str = ""  # the Markdown of its **Rule.** (or **Rules.**) line: links to the rules it reads

    @property
    def page(self) -> str:
        """The page that states it."""
        return self.heading.page

    @property
    def anchor(self) -> str:
        """Its anchor (``ruling-...``); empty if the heading has none."""
        return self.heading.anchor or ""

    @property
    def summary(self) -> str:
        """The first sentence of its reading, as plain text, for the rulings index."""
        first = _SENTENCE.match(self.reading)
        return first.group(1) if first else self.reading


@dataclass(frozen=True)
class Page:
    """One Markdown page of the docs, read once."""

    src: str
    text: str

    @cached_property
    def reading(self) -> Reading:
        """The page parsed: its tokens, fences, headings, comments and prose (`rulesite.reading`)."""
        return Reading(self.text)

    @cached_property
    def lines(self) -> list[str]:
        """The page's lines, front matter blanked (so line numbers stay those of the file)."""
        lines = self.text.splitlines()
        front = self.reading.front_matter
        return [""] * (front.stop - 1 if front else 0) + lines[(front.stop - 1 if front else 0) :]

    @cached_property
    def fences(self) -> tuple[Fence, ...]:
        """Every fenced block, in order."""
        return tuple(
            Fence(self.src, block.line, block.end, block.indent, block.info, block.body or "\n")
            for block in self.reading.fences
        )

    @cached_property
    def hidden_code(self) -> tuple[tuple[int, str], ...]:
        """``(line, source)`` of each ``<!-- invisible-code-block: python`` block: run, never shown."""
        found = []
        for comment in self.reading.comments:
            opening, *body = comment.text.split("\n")
            if comment.block and opening.removeprefix("<!--").strip() == HIDDEN_CODE:
                code = body[:-1] if body and body[-1].strip() == "-->" else body
                found.append((comment.line, "\n".join(code) + "\n"))
        return tuple(found)

    def comments(self, name: str) -> list[tuple[Comment, str]]:
        """Each directive comment ``<!-- name: ... -->`` standing as a block, with what follows the name."""
        found = []
        for comment in self.reading.comments:
            directive, colon, rest = comment.inside.partition(":")
            if comment.block and colon and directive.strip() == name:
                found.append((comment, rest.strip()))
        return found

    @cached_property
    def headings(self) -> tuple[Heading, ...]:
        """Every heading, with its explicit anchor (``{ #name }`` at its end)."""
        found = []
        for block in self.reading.headings:
            text, anchor = _INLINE_CODE.sub("", block.markdown).strip(), None
            attrs = _TRAILING_ATTR_LIST.search(text)
            if attrs:
                text = text[: attrs.start()].strip()
                ids = ids_in(attrs["attrs"])
                anchor = ids[0] if ids else None
            found.append(Heading(self.src, block.line, block.level, text, anchor))
        return tuple(found)

    @cached_property
    def anchors(self) -> tuple[Anchor, ...]:
        """Every explicit id the page defines, headings or not, in order."""
        return tuple(
            Anchor(self.src, line.line, name)
            for line in self.reading.prose
            for attrs in _ATTR_LIST.finditer(line.text)
            for name in ids_in(attrs["attrs"])
        )

    @property
    def title(self) -> Heading | None:
        """The page's first-level heading."""
        return next((heading for heading in self.headings if heading.level == 1), None)

    @property
    def flowcharts(self) -> tuple[Flowchart, ...]:
        """The Mermaid fences of the page."""
        return tuple(Flowchart(fence) for fence in self.fences if fence.language == "mermaid")

    @property
    def examples(self) -> tuple[Fence, ...]:
        """The executed examples of the page."""
        return tuple(fence for fence in self.fences if fence.is_example)

    @cached_property
    def tables(self) -> tuple[TableDirective, ...]:
        """The ``<!-- table: ... -->`` directives of the page."""
        found = []
        for comment, spec in self.comments("table"):
            module, colon, function = spec.partition(":")
            line = self.lines[comment.line - 1]
            if colon and module and function.isidentifier():
                found.append(TableDirective(self.src, comment.line, line[: len(line) - len(line.lstrip())],
                                            module, function))
        return tuple(found)

    def section(self, heading: Heading) -> list[str]:
        """The lines under a heading, up to the next heading, fences included."""
        starts = [other.line for other in self.headings if other.line > heading.line]
        end = starts[0] - 1 if starts else len(self.lines)
        return self.lines[heading.line : end]

    def first_paragraph(self, heading: Heading) -> str:
        """The first paragraph under a heading, as one line of Markdown."""
        return self.paragraph_after(heading, "")

    def paragraph_after(self, heading: Heading, label: str) -> str:
        """The first paragraph of a heading's section starting with ``label``, as one line, label left out."""
        end = heading.line + len(self.section(heading))
        for paragraph in self.reading.paragraphs:
            if heading.line < paragraph.line <= end and paragraph.markdown.startswith(label):
                return paragraph.markdown[len(label) :].strip()
        return ""

    @cached_property
    def rulings(self) -> tuple[Ruling, ...]:
        """The rulings the page states, in order."""
        found = []
        for heading in self.headings:
            title = heading.ruling_title
            if title is None:
                continue
            end = heading.line + len(self.section(heading))
            examples = tuple(fence for fence in self.examples if heading.line < fence.line <= end)
            found.append(
                Ruling(
                    heading=heading,
                    title=title,
                    boxed=any(heading.line < line <= end and opening == RULING_BOX
                              for line, opening in self.reading.boxes),
                    reading=plain(self.paragraph_after(heading, "**Reading.**")),
                    why=plain(self.paragraph_after(heading, "**Why.**")),
                    examples=examples,
                    interprets=(self.paragraph_after(heading, "**Rule.**")
                                or self.paragraph_after(heading, "**Rules.**")),
                )
            )
        return tuple(found)

    def has_marker(self, marker: str) -> bool:
        """Whether the page holds the given marker comment as a block of its own."""
        return any(comment.block and comment.text == marker for comment in self.reading.comments)


@dataclass(frozen=True)
class Docs:
    """Every page of the docs."""

    root: Path
    pages: dict[str, Page]

    @cached_property
    def anchors(self) -> dict[str, Anchor]:
        """Every explicit anchor of the site by name (the first, if one is defined twice)."""
        found: dict[str, Anchor] = {}
        for page in self.pages.values():
            for anchor in page.anchors:
                found.setdefault(anchor.name, anchor)
        return found

    @property
    def rulings(self) -> tuple[Ruling, ...]:
        """Every ruling of the site, page by page."""
        return tuple(ruling for page in self.pages.values() for ruling in page.rulings)

    @property
    def flowcharts(self) -> tuple[Flowchart, ...]:
        """Every flowchart of the site."""
        return tuple(chart for page in self.pages.values() for chart in page.flowcharts)

    def heading(self, anchor: str) -> Heading | None:
        """The heading that carries an anchor, wherever it is."""
        return self._headings.get(anchor)

    @cached_property
    def _headings(self) -> dict[str, Heading]:
        """Each anchored heading by its anchor (the first, if two carry it): one lookup per citation."""
        found: dict[str, Heading] = {}
        for page in self.pages.values():
            for heading in page.headings:
                if heading.anchor:
                    found.setdefault(heading.anchor, heading)
        return found

    def glossary(self) -> dict[str, str]:
        """Each glossary term and its meaning in plain text, from ``glossary.md``."""
        return dict(self._glossary)

    @cached_property
    def _glossary(self) -> dict[str, str]:
        page = self.pages.get("glossary.md")
        if page is None:
            return {}
        return {
            heading.text: _SEE_ALSO.sub("", plain(page.first_paragraph(heading)))
            for heading in page.headings
            if heading.level == 2 and (heading.anchor or "").startswith("glossary-")
        }

    def published_form(self) -> dict[str, str]:
        """Every explicit anchor as its public link, ``{"/affinity/#guarding": "affinity.md"}``."""
        return {
            f"{page_url(page.src)}#{anchor.name}": page.src
            for page in self.pages.values()
            for anchor in page.anchors
        }

    def problems(self) -> list[str]:
        """Every break of the docs' conventions, each naming its file, line and fix."""
        found: list[str] = []
        seen: dict[str, Anchor] = {}
        for page in self.pages.values():
            found += _anchor_problems(page, seen)
            found += _heading_problems(page)
            found += [_ruling_problem(ruling) for ruling in page.rulings if _ruling_problem(ruling)]
            found += _flowchart_problems(page, set(self.anchors))
        return found


def _where(page: str, line: int) -> str:
    return f"docs/{page}:{line}"


def _anchor_problems(page: Page, seen: dict[str, Anchor]) -> list[str]:
    found = []
    for anchor in page.anchors:
        if not ANCHOR.match(anchor.name):
            fixed = re.sub(r"[^a-z0-9]+", "-", anchor.name.lower()).strip("-")
            found.append(
                f"{_where(page.src, anchor.line)}: anchor '#{anchor.name}' is not lowercase words joined "
                f"by hyphens; write it as '#{fixed}' (then run scripts/anchors.py)"
            )
        other = seen.setdefault(anchor.name, anchor)
        if other is not anchor:
            found.append(
                f"{_where(page.src, anchor.line)}: anchor '#{anchor.name}' is already defined at "
                f"{_where(other.page, other.line)}; anchors must be unique across the site, rename one"
            )
    return found


def _heading_problems(page: Page) -> list[str]:
    found = []
    for heading in page.headings:
        if heading.anchor is None and page.src != "api.md":
            found.append(
                f"{_where(page.src, heading.line)}: heading '{heading.text}' has no explicit anchor; "
                "end it with '{ #some-name }'"
            )
            continue
        is_ruling = heading.ruling_title is not None
        named_ruling = (heading.anchor or "").startswith(RULING_PREFIX)
        if is_ruling and not named_ruling:
            found.append(
                f"{_where(page.src, heading.line)}: the ruling '{heading.text}' has anchor "
                f"'#{heading.anchor}'; a ruling's anchor starts with '{RULING_PREFIX}'"
            )
        elif named_ruling and not is_ruling:
            found.append(
                f"{_where(page.src, heading.line)}: '#{heading.anchor}' is a ruling's anchor on a heading "
                "that is no ruling; start the heading with 'Ruling: ' or rename the anchor"
            )
    return found


def _ruling_problem(ruling: Ruling) -> str:
    missing = [
        part
        for part, present in (
            ('a !!! ruling "Ruling" box under the heading', ruling.boxed),
            ("a **Reading.** paragraph (the reading chosen)", ruling.reading),
            ("a **Why.** paragraph (why this reading)", ruling.why),
            ("an executed example (a ```python fence of >>> lines) inside the box", ruling.examples),
        )
        if not present
    ]
    if not missing:
        return ""
    return (
        f"{_where(ruling.page, ruling.heading.line)}: the ruling '{ruling.title}' lacks "
        + "; ".join(missing)
        + ". See docs/editing.md, 'Rulings'"
    )


def _flowchart_problems(page: Page, site_ids: set[str]) -> list[str]:
    found = []
    for chart in page.flowcharts:
        linked = {node for node, _ in chart.clicks}
        for node in sorted(chart.nodes - linked):
            found.append(
                f"{_where(page.src, chart.line)}: flowchart box {node} links to no rule; "
                f'add  click {node} href "#<anchor>"'
            )
        for node, target in chart.clicks:
            if not target.startswith("#") or target[1:] not in site_ids:
                found.append(
                    f"{_where(page.src, chart.line)}: flowchart box {node} links to {target!r}, "
                    "which is not an anchor of the site"
                )
    return found


def page_url(src: str) -> str:
    """The URL path of a page: ``affinity.md`` -> ``/affinity/``, ``index.md`` -> ``/``."""
    path = src.removesuffix(".md")
    if path == "index":
        return "/"
    return "/" + path.removesuffix("/index") + "/"


def relative_url(target: str, source: str) -> str:
    """The link from one page to another, as the built site spells it (``../affinity/``)."""
    depth = page_url(source).count("/") - 1
    return "../" * depth + page_url(target).lstrip("/") if target != source else ""


def _section_prose(page: Page, heading: Heading) -> str:
    """A section's Markdown without its fences (examples, charts, calculators) and comments."""
    section = page.section(heading)
    skip = {n for fence in page.fences for n in range(fence.line, fence.end + 1)}
    kept = [line for n, line in enumerate(section, heading.line + 1) if n not in skip]
    return _BLANK_RUN.sub("\n\n", _COMMENT.sub("", "\n".join(kept))).strip()


def _site_link(page: Page, path: str, anchor: str | None) -> str | None:
    """A link of a page as an address relative to the site's root; ``None`` if it leaves the docs."""
    if "://" in path or path.startswith(("mailto:", "/")):
        return None
    if path and not path.endswith(".md"):
        return None
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page.src), path)) if path else page.src
    return page_url(target).lstrip("/") + (f"#{anchor}" if anchor else "")


def site_markdown(page: Page, heading: Heading) -> str:
    """A section's prose as Markdown whose links are relative to the site's root (``affinity/#guarding``).

    The links are those the reader finds in the section's prose (`rulesite.reading`).
    """
    end = heading.line + len(page.section(heading))
    relinked: dict[str, str] = {}
    for line, token in page.reading.inline:
        for child in token.children or () if heading.line < line <= end else ():
            href = str(child.attrs.get("href", "")) if child.type == "link_open" else ""
            path, _, anchor = href.partition("#")
            address = _site_link(page, path, anchor or None) if href else None
            if address is not None:
                relinked[f"]({href})"] = f"]({address})"
    prose = _section_prose(page, heading)
    for old, new in relinked.items():
        prose = prose.replace(old, new)
    return prose


def cited_anchors(page: Page, heading: Heading) -> list[str]:
    """The anchors a section's prose links to or cites (``§anchor``), in order.

    Read from the page's inline tokens (`rulesite.reading`) under the heading: a link's target,
    and each ``§anchor`` of its text or code; fences and comments cite nothing.
    """
    end = heading.line + len(page.section(heading))
    found: list[str] = []
    for line, token in page.reading.inline:
        if not heading.line < line <= end:
            continue
        for child in token.children or ():
            if child.type == "link_open":
                path, _, anchor = str(child.attrs.get("href", "")).partition("#")
                if anchor and _site_link(page, path, anchor) is not None:
                    found.append(anchor)
            elif child.type in {"text", "code_inline"}:
                found += [match["anchor"] for match in _SECTION_MARK.finditer(child.content)]
    return list(dict.fromkeys(found))


def load(root: Path = DOCS) -> Docs:
    """Read every Markdown page under ``root``."""
    pages = {
        path.relative_to(root).as_posix(): Page(
            path.relative_to(root).as_posix(), path.read_text(encoding="utf-8")
        )
        for path in sorted(root.rglob("*.md"))
    }
    return Docs(root, pages)


_PAGE_FILE = re.compile(r"[\w-]+\.md")
"""A link's path naming a page beside this one (``conditions.md``)."""


def demoted(page: Page, docs: Docs) -> str:
    """A page's body for the print page: headings one level down, links kept on the print page.

    Anchors are unique across the site, so a link to another page's anchor can point
    into the print page; a link to a whole page points at its title's anchor. The links are
    those the reader finds in the page's prose (`rulesite.reading`); code is left as written.
    """
    heading_lines = {heading.line for heading in page.headings}
    relinked = _print_links(page, docs)
    lines = []
    for number, line in enumerate(page.lines, 1):
        for old, new in relinked.get(number, {}).items():
            line = line.replace(old, new)  # noqa: PLW2901 - the line, relinked
        lines.append("#" + line if number in heading_lines else line)
    return "\n".join(lines)


def _print_links(page: Page, docs: Docs) -> dict[int, dict[str, str]]:
    """For each line of prose, each link target as written (``](conditions.md#x)``) and as printed."""
    found: dict[int, dict[str, str]] = {}
    for line, token in page.reading.inline:
        for child in token.children or ():
            href = str(child.attrs.get("href", "")) if child.type == "link_open" else ""
            path, hash_, anchor = href.partition("#")
            if not _PAGE_FILE.fullmatch(path):
                continue
            target = docs.pages.get(path)
            title = target.title if target else None
            printed = f"#{anchor}" if hash_ else (f"#{title.anchor}" if title and title.anchor else href)
            for number in range(line, (token.map or [0, line])[1] + 1):
                found.setdefault(number, {})[f"]({href})"] = f"]({printed})"
    return found


def safe_yaml_loader() -> Any:
    """PyYAML's safe loader, the one written in C where PyYAML has it (a tenth of the time)."""
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def system_pages(config: Path = ROOT / "mkdocs.yml") -> list[str]:
    """The pages of the "Systems" section of the site's navigation, in its order."""
    import yaml

    class Loader(safe_yaml_loader()):  # type: ignore[misc]
        """Reads mkdocs.yml, ignoring its tags (``!ENV``, ``!!python/name``)."""

    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
    nav = yaml.load(config.read_text(encoding="utf-8"), Loader=Loader).get("nav", [])
    for entry in nav:
        if isinstance(entry, dict) and "Systems" in entry:
            return [next(iter(item.values())) for item in entry["Systems"]]
    return []


def current(root: Path = DOCS) -> Docs:
    """The docs as they are now, read again (a build reads them once: `rulesite.build`)."""
    return load(root.resolve())


PUBLISHED = ROOT / "tests" / "published_anchors.txt"
"""The committed list of published anchors: every link players may have shared."""


def published_anchors(path: Path = PUBLISHED) -> list[str]:
    """The published anchors, ``/page-url/#anchor`` each."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]
