"""The rules as data: every rule and ruling as one JSON document, for tools (``rules.json``).

``write()`` puts beside the pages, in the docs folder (gitignored, like the calculators' wheel):

- ``rules.json``: every rule and ruling of the system pages as they are now;
- ``rules-VERSION.json``: the same for each recorded release (`rulesite.releases`), so a
  rule a release retired stays readable in the release it left.

Each rule has its permanent anchor as id, its page address, title, text in plain words and
in Markdown, the rules it cites, its worked examples (situation and result in game words,
computed as the build computes them), the release that last changed it and its system. Every
address is relative to the document, which sits at the site's root: it works at any origin
and under any subpath. ``docs/rules.schema.json`` (committed) describes the documents.

Being docs files, the builders (MkDocs, ProperDocs, Zensical) copy them as any other file;
the service worker stores them with the pages. `scripts/calculator-assets` writes them
(``scripts/setup``, ``scripts/test``, ``scripts/serve`` and the tests' build run it) and
ships ``rules.json`` inside the wheel, where the ``rules-reference`` command reads it. The
``rulesite.data`` Markdown extension lists them, with their sizes, where a page says
``<!-- rules-data -->`` (the tools page).
"""

from __future__ import annotations

import gzip
import json
import logging
import posixpath
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from rulesite.build import docs_of, page_of
from rulesite.examples import _CITED as CITATION
from rulesite.model import Docs, Page, load, page_url, plain, system_pages
from rulesite.model import cited_anchors as markdown_citations
from rulesite.model import site_markdown as markdown_for_site
from rulesite.releases import Entry, History, Release, ReleaseError, changes, history, page_entries

ROOT = Path(__file__).resolve().parent.parent
CURRENT = "rules.json"
SCHEMA = "rules.schema.json"
MARKER = "<!-- rules-data -->"
_COMMENT = re.compile(r"\s*<!--.*?-->", re.DOTALL)
_SOURCES = ("docs", "rules", "calculators", "rulesite", "mkdocs.yml", "LICENSE")
_SOURCE_SUFFIXES = {".md", ".py", ".json", ".yml", ""}  # not the wheel and runtime written after

log = logging.getLogger("mkdocs.rulesite")
T = TypeVar("T")


def release_file(version: str) -> str:
    """The file name of a release's document, ``rules-1.0.json``."""
    return f"rules-{version}.json"


def words(text: str, docs: Docs) -> str:
    """Plain text as a player reads it: ``Title (§anchor)`` becomes ``Title``, comments go."""

    def title(match: re.Match[str]) -> str:
        heading = docs.heading(match["anchor"])
        if heading is None:
            return str(match.group())
        name = plain(heading.name)
        before = match["before"]
        return before if before.endswith(name) else f"{before} ({name})"

    # Single-asterisk emphasis stays: "*" is also a die's face and armor notation (---*++).
    return CITATION.sub(title, _COMMENT.sub("", text))


def page_systems(root: Path = ROOT) -> dict[str, str]:
    """Each system page and the system it belongs to: a calculator's page starts a system.

    The pages of the navigation's "Systems" section follow their system's main page
    (``monster-balance.md`` after ``monsters.md``).
    """
    import calculators  # noqa: PLC0415 - the site's build imports it only where a page asks

    starts = {calculator.page: system for system, calculator in calculators.CALCULATORS.items()}
    found: dict[str, str] = {}
    system = ""
    for src in system_pages(root / "mkdocs.yml"):
        system = starts.get(src, system)
        found[src] = system or src.removesuffix(".md")
    return found


@dataclass(frozen=True)
class _Site:
    """What every document is made from: the docs, their recorded history and each page's system."""

    docs: Docs
    history: History
    systems: dict[str, str]
    root: Path


def _rule(site: _Site, entry: Entry, changed_in: str | None, page: Page | None) -> dict[str, Any]:
    examples = [(outcome.situation, outcome.result) for outcome in entry.outcomes]
    docs = site.docs
    address = page_url(entry.page).lstrip("/")
    markdown = cites = None
    if page is not None:
        heading = next(h for h in page.headings if h.anchor == entry.anchor)
        markdown = words_in_markdown(markdown_for_site(page, heading), docs)
        cited = [m["anchor"] for pair in examples for m in CITATION.finditer(" ".join(pair))]
        cites = [a for a in dict.fromkeys(markdown_citations(page, heading) + cited) if a != entry.anchor]
    return {
        "id": entry.anchor,
        "kind": entry.kind,
        "system": site.systems.get(entry.page, entry.page.removesuffix(".md")),
        "page": address,
        "url": f"{address}#{entry.anchor}",
        "title": entry.title,
        "text": words(entry.text, docs).strip(),
        "markdown": markdown,
        "cites": cites,
        "examples": [
            {"situation": words(situation, docs).strip(), "result": words(result, docs).strip()}
            for situation, result in examples
            if result.strip()
        ],
        "changed_in": changed_in,
    }


def words_in_markdown(markdown: str, docs: Docs) -> str:
    """Markdown whose ``Title (§anchor)`` citations are links, as the page shows them."""

    def link(match: re.Match[str]) -> str:
        target = docs.anchors.get(match["anchor"])
        heading = docs.heading(match["anchor"])
        if target is None or heading is None:
            return str(match.group())
        name, before = plain(heading.name), match["before"]
        address = f"{page_url(target.page).lstrip('/')}#{target.name}"
        if before.endswith(name):
            return f"{before[: len(before) - len(name)]}[{name}]({address})"
        return f"{before} ([{name}]({address}))"

    return CITATION.sub(link, markdown)


def last_changed(found: History, upto: int | None = None) -> dict[str, str]:
    """Each anchor and the release that last added, changed or moved it (releases up to ``upto``)."""
    versions: dict[str, str] = {}
    for index, (release, listed) in enumerate(found.changes[:upto]):
        if index == 0:
            versions.update((entry.anchor, release.version) for entry in release.entries)
        versions.update((c.after.anchor, release.version) for c in listed if c.after is not None)
    return versions


def _document(site: _Site, version: str, rules: list[dict[str, Any]]) -> dict[str, Any]:
    titles = {}
    for src, system in site.systems.items():
        page = site.docs.pages.get(src)
        if system not in titles and page is not None and page.title is not None:
            titles[system] = plain(page.title.name)
    found = site.history
    return {
        "$schema": SCHEMA,
        "version": version,
        "latest_release": found.latest.version if found.latest else None,
        "licence": {"spdx": "MIT", "text": (site.root / "LICENSE").read_text(encoding="utf-8")},
        "releases": [{"version": r.version, "address": release_file(r.version)} for r in found.releases],
        "systems": [
            {
                "id": system,
                "title": titles.get(system, system),
                "pages": [page_url(src).lstrip("/") for src, of in site.systems.items() if of == system],
            }
            for system in dict.fromkeys(site.systems.values())
        ],
        "rules": rules,
    }


def current_document(site: _Site) -> dict[str, Any]:
    """The rules as the pages state them now; ``changed_in`` null: changed since the latest release."""
    pages = site.docs.pages
    entries = _quietly(entry for src in site.systems for entry in page_entries(pages[src]))
    versions = last_changed(site.history)
    latest = site.history.latest
    if latest is not None:
        for change in changes(latest, Release("current", entries)):
            if change.after is not None:
                versions.pop(change.after.anchor, None)
    rules = [_rule(site, entry, versions.get(entry.anchor), pages[entry.page]) for entry in entries]
    return _document(site, "current", rules)


def release_document(site: _Site, index: int) -> dict[str, Any]:
    """A recorded release as data: its text and examples; its Markdown and citations were not recorded."""
    release = site.history.releases[index]
    versions = last_changed(site.history, index + 1)
    rules = [_rule(site, entry, versions.get(entry.anchor), None) for entry in release.entries]
    return _document(site, release.version, rules)


def _quietly(entries: Iterable[T]) -> tuple[T, ...]:
    """Entries computed without repeating each failing example's warning: the build names them."""
    failures: list[str] = []
    handler = logging.Handler(logging.WARNING)
    handler.emit = lambda record: failures.append(record.getMessage())  # type: ignore[method-assign]
    log.addHandler(handler)
    propagate, log.propagate = log.propagate, False
    try:
        found = tuple(entries)
    finally:
        log.removeHandler(handler)
        log.propagate = propagate
    if failures:
        print(
            f"[rules data] {len(failures)} example(s) do not evaluate as their pages say: "
            "the data holds what the rules give now, and the build names them"
        )
    return found


def dumps(document: dict[str, Any]) -> str:
    """A document as its file: one rule a line, so it reads (and diffs) rule by rule."""
    head = {key: value for key, value in document.items() if key != "rules"}
    rules = ",\n".join(
        json.dumps(rule, ensure_ascii=False, separators=(",", ":")) for rule in document["rules"]
    )
    return json.dumps(head, ensure_ascii=False)[:-1] + f', "rules": [\n{rules}\n]}}\n'


def _stale(outputs: list[Path], root: Path) -> bool:
    """Whether a document is missing or older than a source: a page, a release, the rules' code."""
    if not all(path.is_file() for path in outputs):
        return True
    skip = {path.name for path in outputs}
    newest = 0.0
    for name in _SOURCES:
        path = root / name
        files = path.rglob("*") if path.is_dir() else [path]
        for file in files:
            if file.suffix in _SOURCE_SUFFIXES and file.name not in skip and file.is_file():
                newest = max(newest, file.stat().st_mtime)
    return min(path.stat().st_mtime for path in outputs) < newest


def write(root: Path = ROOT) -> list[Path]:
    """Write the current document and one per release into the docs folder (only when a source changed).

    Unreadable release files leave the documents as they were, and say why: the build reports
    them with their file (`rulesite.errata`), and setting up must not stop on a designer's typo.
    """
    docs_root = root / "docs"
    try:
        found = history(docs_root)
    except ReleaseError as error:
        print(f"[rules data] not written again: {error}")
        return sorted(docs_root.glob("rules*.json"))
    outputs = [docs_root / CURRENT, *(docs_root / release_file(r.version) for r in found.releases)]
    for old in docs_root.glob("rules-*.json"):
        if old not in outputs:
            old.unlink()
    if not _stale(outputs, root):
        return outputs
    site = _Site(load(docs_root), found, page_systems(root), root)
    documents = [current_document(site)]
    documents += [release_document(site, index) for index in range(len(found.releases))]
    for path, document in zip(outputs, documents, strict=True):
        text = dumps(document)
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        else:
            path.touch()
    return outputs


def sizes(path: Path) -> tuple[int, int]:
    """A file's size in bytes, and gzip-compressed (as a static host serves it)."""
    data = path.read_bytes()
    return len(data), len(gzip.compress(data, mtime=0))


# The tools page's list of the documents: a Markdown table of links, which every builder
# resolves and checks; a document this build lacks (made without scripts/calculator-assets)
# is said to be missing instead of linked.


def listing(docs_root: Path, wheel: Path | None, source: str) -> list[str]:
    """The documents, the schema and the wheel as a Markdown list with their sizes, linked from a page."""
    current = docs_root / CURRENT
    if not current.is_file():
        return ["The rules' data is not in this build: `scripts/calculator-assets` writes it.", ""]
    versions = [item["version"] for item in json.loads(current.read_text(encoding="utf-8"))["releases"]]
    files = [(CURRENT, "the rules now")]
    files += [(release_file(version), f"release {version}") for version in reversed(versions)]
    files += [(SCHEMA, "the schema")]
    items = []
    for name, what in files:
        size, packed = sizes(docs_root / name)
        items.append(f"- [`{name}`]({_from(name, source)}): {what}, {_kb(size)} ({_kb(packed)} compressed)")
    if wheel is not None:
        link = _from(wheel.relative_to(docs_root).as_posix(), source)
        items.append(f"- [The engine]({link}), a Python wheel: {_kb(sizes(wheel)[0])}")
    return ["", *items, ""]


def _from(target: str, source: str) -> str:
    """A docs file's link from a page's Markdown (the builder turns it into the built page's link)."""
    return posixpath.relpath(target, posixpath.dirname(source) or ".")


def _kb(size: int) -> str:
    return f"{size / 1000:,.0f} kB"


class _Listing(Preprocessor):  # type: ignore[misc]  # markdown ships no types
    def run(self, lines: list[str]) -> list[str]:
        if not any(line.strip() == MARKER for line in lines):
            return lines
        page = page_of(self.md)
        docs_root = docs_of(self.md).root
        wheels = sorted((docs_root / "assets" / "calculator").glob("*.whl"))
        table = listing(docs_root, wheels[-1] if wheels else None, page.src if page else "index.md")
        out: list[str] = []
        for line in lines:
            out += table if line.strip() == MARKER else [line]
        return out


class DataExtension(Extension):  # type: ignore[misc]
    """The ``rulesite.data`` extension: ``<!-- rules-data -->`` lists the rules' documents."""

    def extendMarkdown(self, md: Markdown) -> None:
        """After the page is identified (35), as the errata's list of changes."""
        md.preprocessors.register(_Listing(md), "rulesite_data", 34)


def makeExtension(**kwargs: Any) -> DataExtension:
    """The entry point Python-Markdown looks for."""
    return DataExtension(**kwargs)


if __name__ == "__main__":
    for written in write():
        print(f"[rules data] {written.relative_to(ROOT)}: {sizes(written)[0]:,} bytes")
