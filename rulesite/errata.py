"""Errata from the recorded releases: a Python-Markdown extension (``rulesite.errata``).

Reads ``docs/releases/*.json`` (written by ``scripts/release VERSION``, see `rulesite.releases`)
and, on every page of the site:

- replaces ``<!-- changes -->`` by every release, newest first, each with the rules and
  rulings it added, changed, moved or retired: the text before and after as a word-level
  difference, each worked example whose result changed (before -> after), the designer's
  reason if given, and a link to the rule where it is now;
- puts a small "changed in 1.1" mark under each heading the latest release added, changed
  or moved, linking to its entry (the mark goes with the next release);
- keeps each retired anchor on the page it was retired from as a hidden stub linking to its
  entry on the "What changed" page, as `rulesite.moves` does for moved anchors, so
  ``docs/assets/js/landing.js`` sends an old link on to the rule's last text;
- ends the page with the version it was built from.

Being a Markdown extension, it runs under MkDocs, ProperDocs and Zensical alike; its links are
``.md`` links, which the builder resolves and checks like any other.
"""

from __future__ import annotations

import difflib
import logging
import posixpath
import re
import xml.etree.ElementTree as etree
from html import escape
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from rulesite.build import context_of, docs_of, page_of
from rulesite.model import Docs, page_url, plain
from rulesite.releases import Change, Entry, History, OutcomeChange, ReleaseError, history, version_id

log = logging.getLogger("mkdocs.rulesite")

MARKER = "<!-- changes -->"
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_WORDS = re.compile(r"(\s+)")
_LABELS = {"added": "New", "changed": "Changed", "moved": "Moved", "retired": "Retired"}
_MARK_WORDS = {"added": "new in", "changed": "changed in", "moved": "moved in"}

def history_of(docs: Docs) -> History | None:
    """The docs' recorded history; ``None`` if unreadable, and the reason logged.

    A build reads it once (`rulesite.build.Build.history`), so an unreadable history is
    reported once, not once per page that asks for it.
    """
    try:
        return history(docs.root)
    except ReleaseError as error:
        log.warning("%s", error)
        return None


def _history(md: Markdown) -> History | None:
    """The history of the docs being built, read once per build."""
    found: History | None = context_of(md).build(md).history(history_of)
    return found


def changes_page(docs: Docs) -> str | None:
    """The page holding the ``<!-- changes -->`` marker, if any."""
    return next((src for src, page in docs.pages.items() if page.has_marker(MARKER)), None)


def word_diff(before: str, after: str) -> str:
    """Two texts as one HTML run of words: removed words in ``<del>``, added ones in ``<ins>``."""
    old, new = _WORDS.split(before), _WORDS.split(after)
    parts = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag in {"delete", "replace"}:
            parts.append(f"<del>{_html(''.join(old[i1:i2]))}</del>")
        if tag == "replace":
            parts.append(" ")  # the struck words and the new ones read apart
        if tag in {"insert", "replace"}:
            parts.append(f"<ins>{_html(''.join(new[j1:j2]))}</ins>")
        if tag == "equal":
            parts.append(_html("".join(new[j1:j2])))
    return "".join(parts)


def _html(text: str) -> str:
    """Text as HTML on one line: paragraph breaks become line breaks (no blank line ends the block)."""
    return escape(text).replace("\n\n", "<br><br>").replace("\n", " ")


_CITATION = re.compile(r"\s*\(§(?P<anchor>[a-z0-9]+(?:-[a-z0-9]+)*)\)")


def _words(text: str, docs: Docs) -> str:
    """Recorded words as a player reads them: a rule citation ``(§anchor)`` as the rule's title."""

    def title(match: re.Match[str]) -> str:
        heading = docs.heading(match["anchor"])
        return f" ({plain(heading.name)})" if heading else ""

    return escape(_CITATION.sub(title, text))


def _outcome(change: OutcomeChange, docs: Docs, what: str = "example") -> str:
    situation = f"{_words(change.situation, docs)}: " if change.situation else ""
    before, after = _words(change.before or "", docs), _words(change.after or "", docs)
    if change.before is None:
        return f"<li>{situation}<ins>{after}</ins> (new {what})</li>"
    if change.after is None:
        return f"<li>{situation}<del>{before}</del> ({what} removed)</li>"
    return f"<li>{situation}<del>{before}</del> → <ins>{after}</ins></li>"


def _where_now(entry: Entry, docs: Docs, retired: dict[str, Change], page: str) -> str:
    """A Markdown link to the rule where it is now, or to its retirement; plain words if neither."""
    anchor = docs.anchors.get(entry.anchor)
    if anchor is not None:
        return f"[{entry.title}]({_rel(anchor.page, page)}#{entry.anchor})"
    gone = retired.get(entry.anchor)
    if gone is not None:
        return f"{entry.title} (retired in [{gone.version}](#{gone.entry_id}))"
    return entry.title


def _rel(target: str, source: str) -> str:
    return posixpath.relpath(target, posixpath.dirname(source) or ".")


def change_markdown(change: Change, docs: Docs, retired: dict[str, Change], page: str) -> list[str]:
    """One change as Markdown: heading, what and where, reason, text difference, outcomes."""
    entry = change.after or change.before
    assert entry is not None
    lines = [f"### {entry.title} {{ #{change.entry_id} }}", ""]
    what = f"**{_LABELS[change.kind]}** {entry.kind}"
    if change.kind == "moved" and change.before and change.after:
        old, new = change.before, change.after
        what += f", from {old.page}#{old.anchor} to {new.page}#{new.anchor}"
    if change.kind == "retired":
        lines += [f"{what} (#{entry.anchor}, on {entry.page}). Its last text:", ""]
    else:
        lines += [f"{what}: {_where_now(entry, docs, retired, page)}", ""]
    if change.reason:
        lines += [f'<p class="errata-reason"><strong>Why:</strong> {escape(change.reason)}</p>', ""]
    lines += _text_block(change)
    if change.kind == "retired" and change.before and change.before.outcomes:
        items = "".join(
            f"<li>{_words(o.situation, docs) + ': ' if o.situation else ''}{_words(o.result, docs)}</li>"
            for o in change.before.outcomes
        )
        lines += [f'<p class="errata-label">Its examples gave:</p><ul class="errata-outcomes">{items}</ul>']
        lines += [""]
    if change.figures:
        items = "".join(_outcome(row, docs, "row") for row in change.figures)
        lines += [f'<p class="errata-label">Its table:</p><ul class="errata-outcomes">{items}</ul>', ""]
    if change.outcomes:
        items = "".join(_outcome(outcome, docs) for outcome in change.outcomes)
        lines += [f'<p class="errata-label">Examples:</p><ul class="errata-outcomes">{items}</ul>', ""]
    return lines


def _text_block(change: Change) -> list[str]:
    before, after = change.before, change.after
    if before is None and after is not None:
        return [f'<div class="errata-text">{_html(after.text)}</div>', ""]
    if after is None and before is not None:
        return [f'<div class="errata-text">{_html(before.text)}</div>', ""]
    if before is None or after is None or (before.text, before.title) == (after.text, after.title):
        return ['<p class="errata-label">Text unchanged.</p>', ""]
    title = (
        f'<p class="errata-label">Title: {word_diff(before.title, after.title)}</p>'
        if before.title != after.title
        else ""
    )
    return [f'{title}<div class="errata-diff">{word_diff(before.text, after.text)}</div>', ""]


def changes_markdown(found: History, docs: Docs, page: str) -> list[str]:
    """The "What changed" page's body: every release, newest first."""
    if not found.releases:
        return ["No release is recorded yet: `scripts/release VERSION` records one.", ""]
    retired = found.retired()
    lines: list[str] = []
    for index, (release, listed) in reversed(list(enumerate(found.changes))):
        lines += [f"## Release {release.version} {{ #{version_id(release.version)} }}", ""]
        if index == 0:
            count = len(release.entries)
            lines += [f"The first release: {count} rules and rulings. Nothing changed yet.", ""]
            continue
        previous = found.releases[index - 1].version
        if not listed:
            lines += [f"No rule or ruling changed since {previous}.", ""]
            continue
        counts = {kind: sum(1 for c in listed if c.kind == kind) for kind in _LABELS}
        summary = ", ".join(f"{n} {_LABELS[kind].lower()}" for kind, n in counts.items() if n)
        lines += [f"Since {previous}: {summary}.", ""]
        for change in listed:
            lines += change_markdown(change, docs, retired, page)
    return lines


class _Changes(Preprocessor):  # type: ignore[misc]  # markdown ships no types
    """Expand the ``<!-- changes -->`` marker."""

    def run(self, lines: list[str]) -> list[str]:
        if not any(line.strip() == MARKER for line in lines):
            return lines
        docs = docs_of(self.md)
        found = _history(self.md)
        page = page_of(self.md)
        src = page.src if page else "changes.md"
        out: list[str] = []
        for line in lines:
            out += changes_markdown(found, docs, src) if line.strip() == MARKER and found else [line]
        return out


class _Marks(Treeprocessor):  # type: ignore[misc]
    """Marks under changed headings, stubs for retired anchors, and the version the site was built from."""

    def run(self, root: etree.Element) -> None:
        page = page_of(self.md)
        if page is None:  # a docstring's own conversion: its page gets all this once
            return
        docs = docs_of(self.md)
        found = _history(self.md)
        target = changes_page(docs)
        if found is None or found.latest is None or target is None:
            return
        link = _rel(target, page.src)
        marks = found.marks()
        for parent in list(root.iter()):
            for index, child in reversed(list(enumerate(parent))):
                change = marks.get(child.get("id") or "")
                if child.tag in _HEADINGS and change is not None and page.src != target:
                    parent.insert(index + 1, _mark(change, link))
        retired = found.retired().values()
        stubs = [change for change in retired if change.before and change.before.page == page.src]
        if stubs:
            box = etree.SubElement(root, "div", {"class": "moved-anchors", "hidden": "hidden"})
            for change in stubs:
                etree.SubElement(box, "a", {"id": change.anchor, "href": f"{link}#{change.entry_id}"})
        version = etree.SubElement(root, "p", {"class": "rules-version", "data-search-exclude": ""})
        version.text = f"Rules version {found.latest.version} · "
        etree.SubElement(version, "a", {"href": link}).text = "What changed"


def _mark(change: Change, link: str) -> etree.Element:
    mark = etree.Element("p", {"class": "errata-mark", "data-search-exclude": ""})
    anchor = etree.SubElement(mark, "a", {"href": f"{link}#{change.entry_id}"})
    anchor.text = f"{_MARK_WORDS[change.kind]} {change.version}"
    return mark


class ErrataExtension(Extension):  # type: ignore[misc]
    """The ``rulesite.errata`` extension (listed under ``markdown_extensions``)."""

    def extendMarkdown(self, md: Markdown) -> None:
        """After the page is identified (35); marks and stubs before MkDocs collects ids (5)."""
        md.preprocessors.register(_Changes(md), "rulesite_changes", 34)
        md.treeprocessors.register(_Marks(md), "rulesite_errata", 6)


def makeExtension(**kwargs: Any) -> ErrataExtension:
    """The entry point Python-Markdown looks for."""
    return ErrataExtension(**kwargs)



def retired_links(docs: Docs) -> dict[str, str]:
    """Each retired anchor's old link and its entry's link, ``{"/wards/#glass": "/changes/#v1-1-glass"}``.

    Only an anchor some release retired has one: a rule removed from the pages since the latest
    release has no entry yet, and its published link is lost until a release records it.
    """
    found = history_of(docs)
    target = changes_page(docs)
    if found is None or target is None:
        return {}
    return {
        f"{page_url(change.before.page)}#{change.anchor}": f"{page_url(target)}#{change.entry_id}"
        for change in found.retired().values()
        if change.before is not None and change.anchor not in docs.anchors
    }
