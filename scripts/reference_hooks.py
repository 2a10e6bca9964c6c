"""MkDocs hooks for how players use the reference (registered in mkdocs.yml).

- ``<!-- rulings-index -->`` becomes the list of every Ruling on the site, grouped by
  system, each with a one-line summary and its link: never maintained by hand.
- Every page gets the glossary's abbreviations, so each term of art shows its meaning
  on hover or tap; ``docs/glossary.md`` is their one source.
- ``<!-- print: all -->`` becomes every system page in one, for printing all rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from anchor_tools import DOCS

_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.DOTALL)
_FENCE_LINE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
_HEADING = re.compile(r"^(#{1,6}) (.+?)\s*\{[^}\n]*#([\w-]+)[^}\n]*\}\s*$")
_RULING = re.compile(r"^#{2,4} Ruling: (.+?)\s*\{[^}\n]*#(ruling-[\w-]+)[^}\n]*\}\s*$", re.MULTILINE)
_READING = re.compile(r"\*\*Reading\.\*\*\s*(.+?)(?:\n\s*\n|$)", re.DOTALL)
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_SENTENCE = re.compile(r"(.+?[.!?])(?:\s|$)", re.DOTALL)
_GLOSSARY_ENTRY = re.compile(
    r"^## (.+?) \{ #glossary-[\w-]+ \}\n+(.+?)(?:\n\s*\n|\Z)", re.MULTILINE | re.DOTALL
)
_LOCAL_LINK = re.compile(r"\]\(([\w-]+)\.md(#[\w-]+)?\)")

RULINGS_MARKER = "<!-- rulings-index -->"
PRINT_MARKER = "<!-- print: all -->"


@dataclass(frozen=True, slots=True)
class Ruling:
    """One ruling as the index lists it."""

    page: str
    title: str
    anchor: str
    summary: str


def plain(markdown: str) -> str:
    """Markdown inline text as plain text: links become their words, emphasis goes."""
    text = _LINK.sub(r"\1", markdown)
    return " ".join(text.replace("**", "").replace("`", "").split())


def rulings_of(markdown: str, page: str) -> list[Ruling]:
    """The rulings a page states, with the first sentence of each reading."""
    found = []
    matches = list(_RULING.finditer(markdown))
    for number, match in enumerate(matches):
        end = matches[number + 1].start() if number + 1 < len(matches) else len(markdown)
        reading = _READING.search(markdown, match.end(), end)
        text = plain(" ".join(reading.group(1).split())) if reading else ""
        first = _SENTENCE.match(text)
        summary = first.group(1) if first else text
        found.append(Ruling(page, match.group(1).strip(), match.group(2), summary))
    return found


def title_of(markdown: str) -> str:
    """A page's title: its first-level heading without the anchor."""
    match = re.search(r"^# (.+?)(?:\s*\{.*\})?\s*$", markdown, re.MULTILINE)
    return match.group(1) if match else ""


def system_pages(config: Any) -> list[str]:
    """The pages of the "Systems" section of the navigation, in its order."""
    for entry in config["nav"]:
        if isinstance(entry, dict) and "Systems" in entry:
            return [next(iter(item.values())) for item in entry["Systems"]]
    return []


def _source(page: str) -> str:
    return (DOCS / page).read_text(encoding="utf-8")


def rulings_index(config: Any) -> str:
    """The Markdown of the rulings index: a table per system."""
    parts = []
    for page in system_pages(config):
        markdown = _source(page)
        rows = [
            f"| [{ruling.title[:1].upper()}{ruling.title[1:]}]({page}#{ruling.anchor}) "
            f"| {ruling.summary.replace('|', '/')} |"
            for ruling in rulings_of(markdown, page)
        ]
        if rows:
            parts += [f"## {title_of(markdown)}", "", "| Ruling | The reading in one line |", "|---|---|"]
            parts += [*rows, ""]
    return "\n".join(parts)


def glossary() -> dict[str, str]:
    """Each glossary term and its meaning in plain text, from docs/glossary.md."""
    markdown = _source("glossary.md")
    # The tooltip gives the meaning only; the "(see ...)" pointer is for the glossary page.
    return {
        term: re.sub(r"\s*\(see [^)]*\)", "", plain(text))
        for term, text in _GLOSSARY_ENTRY.findall(markdown)
    }


def abbreviations() -> str:
    """The glossary as Markdown abbreviation definitions (the abbr extension)."""
    return "\n".join(f"*[{term}]: {meaning}" for term, meaning in glossary().items())


def demoted(markdown: str) -> str:
    """A page's body for the print page: headings one level down, links kept on the page."""
    lines = []
    fenced = None
    for line in _FRONT_MATTER.sub("", markdown).splitlines():
        fence = _FENCE_LINE.match(line)
        if fence and fenced is None:
            fenced = fence.group(1)
        elif fence and fenced is not None and line.strip().startswith(fenced):
            fenced = None
        lines.append("#" + line if fenced is None and line.startswith("#") else line)
    body = "\n".join(lines)
    # Every anchor is unique across the site, so a link to another page's anchor can
    # point into this page; a link to a whole page points at its title's anchor.
    return _LOCAL_LINK.sub(_local, body)


def _local(match: re.Match[str]) -> str:
    page, anchor = match.group(1), match.group(2)
    if anchor:
        return f"]({anchor})"
    title = next(line for line in _source(page + ".md").splitlines() if line.startswith("# "))
    heading = _HEADING.match(title)
    return f"](#{heading.group(3)})" if heading else match.group(0)


def print_all(config: Any) -> str:
    """Every system page, one after another."""
    return "\n\n".join(demoted(_source(page)) for page in system_pages(config))


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Generate the rulings index and the print page; add the glossary to every page."""
    if RULINGS_MARKER in markdown:
        markdown = markdown.replace(RULINGS_MARKER, rulings_index(config))
    if PRINT_MARKER in markdown:
        markdown = markdown.replace(PRINT_MARKER, print_all(config))
    return markdown + "\n\n" + abbreviations() + "\n"


__all__ = [
    "Ruling", "abbreviations", "demoted", "glossary", "on_page_markdown", "print_all",
    "rulings_index", "rulings_of", "system_pages", "title_of",
]
