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

Every regular expression that reads these conventions lives in this module.
`Docs.problems` lists what breaks a convention, each with its file, line and fix.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

ANCHOR = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
"""The form of every explicit anchor: lowercase words and digits joined by hyphens."""
RULING_PREFIX = "ruling-"
RULINGS_MARKER = "<!-- rulings-index -->"
PRINT_MARKER = "<!-- print: all -->"

_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.DOTALL)
_FENCE_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<mark>`{3,}|~{3,})[ \t]*(?P<info>[^`\n]*)$")
_HEADING = re.compile(r"^(?P<hashes>#{1,6})[ \t]+(?P<text>.+?)[ \t]*$")
_ATTR_LIST = re.compile(r"\{:?(?P<attrs>[^{}\n]*)\}")
_TRAILING_ATTR_LIST = re.compile(r"[ \t]*\{:?(?P<attrs>[^{}\n]*)\}[ \t]*$")
_INLINE_CODE = re.compile(r"(`+).*?\1")
_TABLE = re.compile(r"^(?P<indent>[ \t]*)<!--\s*table:\s*(?P<module>[\w.]+):(?P<function>\w+)\s*-->[ \t]*$")
_CLICK = re.compile(r'^\s*click\s+(?P<node>\w+)\s+href\s+"(?P<target>[^"]*)"')
_NODE = re.compile(r"^\s*(?P<node>\w+)[\[{(/>]")
_MARKDOWN_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_SENTENCE = re.compile(r"(.+?[.!?])(?:\s|$)", re.DOTALL)
_RULING_TITLE = re.compile(r"^Ruling:\s*(?P<title>.+)$")
_STEP_NUMBER = re.compile(r"^[0-9]+\.\s+")
_SEE_ALSO = re.compile(r"\s*\(see [^)]*\)")
_HIDDEN_CODE = re.compile(r"^<!--\s*invisible-code-block:\s*python[ \t]*$")
_LINK_TARGET = re.compile(r"\]\((?P<path>[^)\s#]*)(?:#(?P<anchor>[\w-]+))?\)")
_SECTION_MARK = re.compile(r"§(?P<anchor>[a-z0-9]+(?:-[a-z0-9]+)*)")
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_BLANK_RUN = re.compile(r"\n{3,}")


_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)


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
    def lines(self) -> list[str]:
        """The page's lines, front matter blanked (so line numbers stay those of the file)."""
        lines = self.text.splitlines()
        front = _FRONT_MATTER.match(self.text)
        count = front.group(0).count("\n") if front else 0
        return [""] * count + lines[count:]

    @cached_property
    def fences(self) -> tuple[Fence, ...]:
        """Every fenced block, in order."""
        return tuple(fence for fence, _ in self._scan)

    @cached_property
    def _scan(self) -> list[tuple[Fence, range]]:
        found: list[tuple[Fence, range]] = []
        lines = self.lines
        number = 0
        while number < len(lines):
            opening = _FENCE_OPEN.match(lines[number])
            if not opening:
                number += 1
                continue
            mark, indent = opening["mark"], opening["indent"]
            end = number + 1
            while end < len(lines) and not _closes(lines[end], mark):
                end += 1
            body = [
                line[len(indent) :] if line.startswith(indent) else line.lstrip()
                for line in lines[number + 1 : end]
            ]
            fence = Fence(
                self.src, number + 1, end + 1, indent, opening["info"].strip(), "\n".join(body) + "\n"
            )
            found.append((fence, range(number, end + 1)))
            number = end + 1
        return found

    @cached_property
    def hidden_code(self) -> tuple[tuple[int, str], ...]:
        """``(line, source)`` of each ``<!-- invisible-code-block: python`` block: run, never shown."""
        found = []
        lines = self.lines
        for number, line in self.prose:
            if _HIDDEN_CODE.match(line):
                end = next((i for i in range(number, len(lines)) if lines[i].strip() == "-->"), len(lines))
                found.append((number, "\n".join(lines[number:end]) + "\n"))
        return tuple(found)

    @cached_property
    def prose(self) -> list[tuple[int, str]]:
        """``(line number, text)`` of every line outside fences, inline code removed."""
        inside = {index for _, span in self._scan for index in span}
        return [
            (index + 1, _INLINE_CODE.sub("", line))
            for index, line in enumerate(self.lines)
            if index not in inside
        ]

    @cached_property
    def headings(self) -> tuple[Heading, ...]:
        """Every heading (ATX, outside fences), with its explicit anchor."""
        found = []
        for number, line in self.prose:
            match = _HEADING.match(line)
            if not match:
                continue
            text, anchor = match["text"], None
            attrs = _TRAILING_ATTR_LIST.search(text)
            if attrs:
                text = text[: attrs.start()].strip()
                ids = ids_in(attrs["attrs"])
                anchor = ids[0] if ids else None
            found.append(Heading(self.src, number, len(match["hashes"]), text, anchor))
        return tuple(found)

    @cached_property
    def anchors(self) -> tuple[Anchor, ...]:
        """Every explicit id the page defines, headings or not, in order."""
        return tuple(
            Anchor(self.src, number, name)
            for number, line in self.prose
            for attrs in _ATTR_LIST.finditer(line)
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
        return tuple(
            TableDirective(self.src, number, match["indent"], match["module"], match["function"])
            for number, line in self.prose
            for match in [_TABLE.match(self.lines[number - 1])]
            if match
        )

    def section(self, heading: Heading) -> list[str]:
        """The lines under a heading, up to the next heading, fences included."""
        starts = [other.line for other in self.headings if other.line > heading.line]
        end = starts[0] - 1 if starts else len(self.lines)
        return self.lines[heading.line : end]

    def first_paragraph(self, heading: Heading) -> str:
        """The first paragraph under a heading, as one line of Markdown."""
        return _paragraph_after(self.section(heading), "")

    @cached_property
    def rulings(self) -> tuple[Ruling, ...]:
        """The rulings the page states, in order."""
        found = []
        for heading in self.headings:
            title = heading.ruling_title
            if title is None:
                continue
            section = self.section(heading)
            examples = tuple(
                fence for fence in self.examples if heading.line < fence.line <= heading.line + len(section)
            )
            found.append(
                Ruling(
                    heading=heading,
                    title=title,
                    boxed=any(line.strip() == '!!! ruling "Ruling"' for line in section),
                    reading=plain(_paragraph_after(section, "**Reading.**")),
                    why=plain(_paragraph_after(section, "**Why.**")),
                    examples=examples,
                    interprets=(_paragraph_after(section, "**Rule.**")
                                or _paragraph_after(section, "**Rules.**")),
                )
            )
        return tuple(found)

    def has_marker(self, marker: str) -> bool:
        """Whether a line outside fences is the given marker comment."""
        return any(line.strip() == marker for _, line in self.prose)


def _closes(line: str, mark: str) -> bool:
    stripped = line.strip()
    return stripped.startswith(mark) and set(stripped) == {mark[0]}


def _paragraph_after(lines: list[str], label: str) -> str:
    """The paragraph starting with ``label`` (the first paragraph if empty), joined into one line."""
    collected: list[str] = []
    for line in lines:
        text = line.strip()
        if collected and (not text or _FENCE_OPEN.match(line)):
            break
        if collected:
            collected.append(text)
        elif (
            text
            and text.startswith(label)
            and not _FENCE_OPEN.match(line)
            and not text.startswith(("!!!", "<!--"))
        ):
            collected.append(text[len(label) :].strip())
    return " ".join(collected)


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

    @cached_property
    def fences_by_source(self) -> dict[str, tuple[tuple[Page, Fence], ...]]:
        """Every fence of the site by its stripped text, with its page, in page order."""
        found: dict[str, list[tuple[Page, Fence]]] = {}
        for page in self.pages.values():
            for fence in page.fences:
                found.setdefault(fence.source.strip(), []).append((page, fence))
        return {source: tuple(pairs) for source, pairs in found.items()}

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

    def page_of_text(self, markdown: str) -> Page | None:
        """The page whose Markdown this is (a builder hands extensions the text, not the file)."""
        for page in self.pages.values():
            if page.text.rstrip() == markdown.rstrip():
                return page
        titles = [line for line in markdown.splitlines() if line.startswith("# ")]
        for page in self.pages.values():
            if titles and page.title and titles[0] == page.lines[page.title.line - 1]:
                return page
        return None

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
    """A section's prose as Markdown whose links are relative to the site's root (``affinity/#guarding``)."""

    def relink(match: re.Match[str]) -> str:
        address = _site_link(page, match["path"], match["anchor"])
        return match.group() if address is None else f"]({address})"

    return _LINK_TARGET.sub(relink, _section_prose(page, heading))


def cited_anchors(page: Page, heading: Heading) -> list[str]:
    """The anchors a section's prose links to or cites (``§anchor``), in order."""
    prose = _section_prose(page, heading)
    found = [
        (match.start(), match["anchor"]) for match in _LINK_TARGET.finditer(prose)
        if match["anchor"] and _site_link(page, match["path"], match["anchor"]) is not None
    ]
    found += [(match.start(), match["anchor"]) for match in _SECTION_MARK.finditer(prose)]
    return list(dict.fromkeys(anchor for _, anchor in sorted(found)))


def load(root: Path = DOCS) -> Docs:
    """Read every Markdown page under ``root``."""
    pages = {
        path.relative_to(root).as_posix(): Page(
            path.relative_to(root).as_posix(), path.read_text(encoding="utf-8")
        )
        for path in sorted(root.rglob("*.md"))
    }
    return Docs(root, pages)


_LOCAL_LINK = re.compile(r"\]\((?P<page>[\w-]+\.md)(?P<anchor>#[\w-]+)?\)")


def demoted(page: Page, docs: Docs) -> str:
    """A page's body for the print page: headings one level down, links kept on the print page.

    Anchors are unique across the site, so a link to another page's anchor can point
    into the print page; a link to a whole page points at its title's anchor.
    """
    heading_lines = {heading.line for heading in page.headings}
    # Code is left as written: an example's expected output must still match what it prints.
    in_code = {index + 1 for _, span in page._scan for index in span}

    def local(match: re.Match[str]) -> str:
        if match["anchor"]:
            return f"]({match['anchor']})"
        target = docs.pages.get(match["page"])
        title = target.title if target else None
        return f"](#{title.anchor})" if title and title.anchor else match.group(0)

    lines = []
    for number, line in enumerate(page.lines, 1):
        if number in in_code:
            lines.append(line)
        else:
            lines.append(_LOCAL_LINK.sub(local, "#" + line if number in heading_lines else line))
    return "\n".join(lines)


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


_cache: dict[tuple[Path, tuple[float, ...]], Docs] = {}


def current(root: Path = DOCS) -> Docs:
    """The docs as they are now: read again only when a page changed (a live-reloading server).

    One read per build whichever way the folder is named (``docs`` from the builder's working
    directory, or its absolute path): each read is a new `Docs`, and what is kept per build (the
    examples' runs, their highlighted code) is kept per `Docs`.
    """
    root = root.resolve()
    stamp = (root, tuple(path.stat().st_mtime for path in sorted(root.rglob("*.md"))))
    if stamp not in _cache:
        _cache.clear()
        _cache[stamp] = load(root)
    return _cache[stamp]


def this_build(cache: list[tuple[Docs, dict[Any, Any]]], docs: Docs) -> dict[Any, Any]:
    """What ``cache`` keeps for the docs being built; a new read of the docs (a new build) empties it."""
    if not cache or cache[0][0] is not docs:
        cache[:] = [(docs, {})]
    return cache[0][1]


PUBLISHED = ROOT / "tests" / "published_anchors.txt"
"""The committed list of published anchors: every link players may have shared."""


def published_anchors(path: Path = PUBLISHED) -> list[str]:
    """The published anchors, ``/page-url/#anchor`` each."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]
