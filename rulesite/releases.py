"""Releases of the rules: what each rule and ruling said, and what its examples gave, version by version.

``scripts/release VERSION`` records a release as ``docs/releases/VERSION.json``: for every
anchored heading of the system pages (a rule or a ruling) its anchor, page, title, text as
plain words, and the outcome of each worked example under it (the situation in game words and
the result), from the one run of the page's examples by Sybil that the build shows
(`rulesite.examples.page_outcomes`). The
files are committed, so the site builds from a tarball or a shallow clone: nothing reads git.

`changes` compares two releases: each rule or ruling added, changed, moved or retired, with its
text before and after and each example whose outcome differs. A designer may give a change a
one-line reason in ``docs/releases/reasons.yml`` (``"1.1": {anchor: reason}``).
"""

from __future__ import annotations

import importlib
import json
import logging
import re
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

import yaml

from rules.charts import Bars, Chart
from rules.tables import Table
from rulesite.examples import page_outcomes, situations_and_results, words
from rulesite.model import Docs, Page, TableDirective, load, plain, safe_yaml_loader, system_pages
from rulesite.moves import read_moves

RELEASES = "releases"
"""The folder of release files, under the docs folder."""
REASONS = "reasons.yml"
_VERSION = re.compile(r"^[0-9]+(?:\.[0-9]+)*$")
_COMMENT_START = re.compile(r"^\s*<!--")
_BOX = re.compile(r"^\s*(?:!!!|\?\?\?\+?)\s")
# A comment inside a line (``8<!-- states: hit.mitigated -->``) is the page's note to its checks, never
# words a player reads: left out of the recorded text, and out of an older file's text when read.
_INLINE_COMMENT = re.compile(r"\s*<!--.*?-->", re.DOTALL)


class ReleaseError(ValueError):
    """A release cannot be recorded or read: the message names the version or file and what is wrong."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """One worked example's line: its situation in game words and its result."""

    situation: str
    result: str


@dataclass(frozen=True, slots=True)
class Entry:
    """What one rule or ruling said in a release."""

    anchor: str
    page: str
    title: str
    kind: str
    text: str
    outcomes: tuple[Outcome, ...] = ()
    figures: tuple[Outcome, ...] | None = None
    """The rows of the tables its section computes (``<!-- table: ... -->``), each row's first cell with
    the others; ``None`` in a file recorded before releases kept them (then they are not compared)."""


@dataclass(frozen=True, slots=True)
class Release:
    """A recorded release: its version and every rule and ruling, in page order."""

    version: str
    entries: tuple[Entry, ...]

    @property
    def by_anchor(self) -> dict[str, Entry]:
        """Its entries by anchor."""
        return {entry.anchor: entry for entry in self.entries}


@dataclass(frozen=True, slots=True)
class OutcomeChange:
    """A worked example whose result differs between two releases (``None``: not there)."""

    situation: str
    before: str | None
    after: str | None


@dataclass(frozen=True, slots=True)
class Change:
    """One rule or ruling added, changed, moved or retired in a release."""

    version: str
    kind: str
    before: Entry | None
    after: Entry | None
    outcomes: tuple[OutcomeChange, ...] = ()
    reason: str = ""
    figures: tuple[OutcomeChange, ...] = ()
    """The rows of its computed tables that changed."""

    @property
    def anchor(self) -> str:
        """The anchor the change is listed under: the rule's anchor in the release that changed it."""
        entry = self.after or self.before
        assert entry is not None
        return entry.anchor if self.kind != "moved" or self.before is None else self.before.anchor

    @property
    def entry_id(self) -> str:
        """The id of its entry on the "What changed" page, e.g. ``v1-1-resist-limit``."""
        return f"{version_id(self.version)}-{self.anchor}"


def version_id(version: str) -> str:
    """A version as an id, ``1.1`` -> ``v1-1``."""
    return "v" + version.replace(".", "-")


def version_key(version: str) -> tuple[int, ...]:
    """A version as numbers, to order releases; a malformed version raises `ReleaseError`."""
    if not _VERSION.match(version):
        msg = f"release version {version!r} is not numbers joined by dots, e.g. 1.1"
        raise ReleaseError(msg)
    return tuple(int(part) for part in version.split("."))


def section_text(page: Page, lines: list[str], start: int) -> str:
    """A section's words as plain text, paragraph by paragraph, code and comments left out."""
    skip = {n for fence in page.fences for n in range(fence.line, fence.end + 1)}
    paragraphs: list[list[str]] = [[]]
    in_comment = False
    for number, line in enumerate(lines, start):
        text = line.strip()
        if in_comment or _COMMENT_START.match(line):
            in_comment = "-->" not in text
            continue
        if number in skip or not text or _BOX.match(line):
            paragraphs.append([])
            continue
        paragraphs[-1].append(text)
    return "\n\n".join(
        plain(_INLINE_COMMENT.sub("", " ".join(lines))) for lines in paragraphs if lines
    )


def table_figures(directive: TableDirective) -> tuple[Outcome, ...]:
    """A computed table's rows as the build shows them: each row's first cell, the others by header.

    A chart gives its title and each series' points. A directive that fails gives nothing here: the
    build reports it.
    """
    try:
        value = getattr(importlib.import_module(directive.module), directive.function)()
    except Exception:  # the strict build fails on it, naming the page and line
        return ()
    if isinstance(value, Table):
        return tuple(_row(value.headers, row) for row in value.rows)
    if isinstance(value, Chart | Bars):
        return tuple(Outcome(f"{value.title}: {name}", words(dict(points))) for name, points in value.series)
    return ()


def _row(headers: tuple[str, ...], row: tuple[str, ...]) -> Outcome:
    """A table row as the record keeps it: ``Affinity VU`` -> ``Multiplier: 2``."""
    cells = "; ".join(f"{header}: {cell}" for header, cell in zip(headers[1:], row[1:], strict=True))
    return Outcome(f"{headers[0]} {row[0]}".strip(), cells or row[0])


def page_entries(page: Page) -> tuple[Entry, ...]:
    """Every anchored heading of a page as a rule or ruling, with its examples' outcomes."""
    shown = page_outcomes(page)
    entries = []
    for heading in page.headings:
        if heading.anchor is None:
            continue
        section = page.section(heading)
        last = heading.line + len(section)
        outcomes = tuple(
            Outcome(situation, result)
            for line, items in shown.items()
            if heading.line < line <= last
            for item in items
            for situation, result in situations_and_results(item)
        )
        kind = "ruling" if heading.ruling_title is not None else "rule"
        text = section_text(page, section, heading.line + 1)
        figures = tuple(
            row for table in page.tables if heading.line < table.line <= last for row in table_figures(table)
        )
        entries.append(Entry(heading.anchor, page.src, plain(heading.name), kind, text, outcomes, figures))
    return tuple(entries)


def snapshot(docs: Docs, systems: list[str], version: str) -> Release:
    """The release the docs make now: every rule and ruling of the system pages.

    An example that does not evaluate as its page says is refused: a release records what the
    pages promise, and the build would fail on it.
    """
    failures: list[str] = []
    handler = logging.Handler(logging.WARNING)
    handler.emit = lambda record: failures.append(record.getMessage())  # type: ignore[method-assign]
    logger = logging.getLogger("mkdocs.rulesite")
    logger.addHandler(handler)
    try:
        entries = tuple(entry for src in systems for entry in page_entries(docs.pages[src]))
    finally:
        logger.removeHandler(handler)
    if failures:
        msg = f"release {version}: the examples fail, fix them first:\n" + "\n".join(failures)
        raise ReleaseError(msg)
    return Release(version, entries)


def to_json(release: Release) -> str:
    """A release as the JSON of its file."""
    entries = [
        {
            "anchor": entry.anchor,
            "page": entry.page,
            "title": entry.title,
            "kind": entry.kind,
            "text": entry.text,
            "outcomes": [[outcome.situation, outcome.result] for outcome in entry.outcomes],
            **(
                {"figures": [[row.situation, row.result] for row in entry.figures]}
                if entry.figures is not None
                else {}
            ),
        }
        for entry in release.entries
    ]
    # One entry a line: a release's file reads, and diffs, entry by entry.
    lines = ",\n".join(json.dumps(entry, ensure_ascii=False) for entry in entries)
    return f'{{"version": {json.dumps(release.version)}, "entries": [\n{lines}\n]}}\n'



def read_release(path: Path) -> Release:
    """A release file; a malformed one raises `ReleaseError` naming the file."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        version = str(data["version"])
        entries = tuple(
            Entry(
                item["anchor"], item["page"], item["title"], item["kind"],
                _INLINE_COMMENT.sub("", item["text"]),
                tuple(Outcome(str(situation), str(result)) for situation, result in item["outcomes"]),
                None if "figures" not in item else tuple(Outcome(str(s), str(r)) for s, r in item["figures"]),
            )
            for item in data["entries"]
        )
    except (ValueError, KeyError, TypeError) as error:
        msg = f"{path}: not a release file ({error!r}); write it with scripts/release VERSION"
        raise ReleaseError(msg) from error
    if path.stem != version:
        msg = f"{path}: records version {version!r}, but its name says {path.stem!r}"
        raise ReleaseError(msg)
    version_key(version)
    return Release(version, entries)


def read_releases(docs_root: Path) -> tuple[Release, ...]:
    """Every recorded release under ``docs_root/releases``, oldest first."""
    folder = docs_root / RELEASES
    found = [read_release(path) for path in folder.glob("*.json")] if folder.is_dir() else []
    return tuple(sorted(found, key=lambda release: version_key(release.version)))


def record(root: Path, version: str) -> Path:
    """Record the docs under ``root`` as release ``version``; refuse an old or malformed version."""
    key = version_key(version)
    docs_root = root / "docs"
    latest = read_releases(docs_root)[-1:]
    if latest and key <= version_key(latest[0].version):
        msg = f"release {version}: the latest release is {latest[0].version}; a new one must be later"
        raise ReleaseError(msg)
    docs = load(docs_root)
    problems = docs.problems()
    if problems:
        msg = f"release {version}: the pages break their conventions:\n" + "\n".join(problems)
        raise ReleaseError(msg)
    release = snapshot(docs, system_pages(root / "mkdocs.yml"), version)
    path = docs_root / RELEASES / f"{version}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(to_json(release), encoding="utf-8")
    return path


def _keyed(outcomes: tuple[Outcome, ...]) -> dict[tuple[str, int], str]:
    seen: Counter[str] = Counter()
    keyed = {}
    for outcome in outcomes:
        keyed[(outcome.situation, seen[outcome.situation])] = outcome.result
        seen[outcome.situation] += 1
    return keyed


def outcome_changes(before: Entry, after: Entry) -> tuple[OutcomeChange, ...]:
    """The examples whose result differs, matched by situation, then those added and removed."""
    return _paired(before.outcomes, after.outcomes)


def figure_changes(before: Entry, after: Entry) -> tuple[OutcomeChange, ...]:
    """The rows of its computed tables that differ; none if either release did not record them."""
    if before.figures is None or after.figures is None:
        return ()
    return _paired(before.figures, after.figures)


def _paired(before: tuple[Outcome, ...], after: tuple[Outcome, ...]) -> tuple[OutcomeChange, ...]:
    old, new = _keyed(before), _keyed(after)
    changed = [OutcomeChange(key[0], old[key], new[key]) for key in new if old.get(key, new[key]) != new[key]]
    added = [OutcomeChange(key[0], None, new[key]) for key in new if key not in old]
    removed = [OutcomeChange(key[0], old[key], None) for key in old if key not in new]
    return tuple(changed + added + removed)


def changes(previous: Release, release: Release, renamed: dict[str, str] | None = None) -> tuple[Change, ...]:
    """What ``release`` added, changed, moved and retired since ``previous``, in page order.

    ``renamed`` maps an anchor recorded in docs/moved.yml to its new name: the rule moved.
    """
    renamed = renamed or {}
    old, new = previous.by_anchor, release.by_anchor
    moved_to = {name: renamed[name] for name in old if name not in new and renamed.get(name) in new}
    arrived = {target: name for name, target in moved_to.items()}
    found = []
    for entry in release.entries:
        before = old.get(entry.anchor) or old.get(arrived.get(entry.anchor, ""))
        if before is None:
            found.append(Change(release.version, "added", None, entry))
            continue
        outcomes, figures = outcome_changes(before, entry), figure_changes(before, entry)
        if before.page != entry.page or before.anchor != entry.anchor:
            found.append(Change(release.version, "moved", before, entry, outcomes, figures=figures))
        elif (before.text, before.title) != (entry.text, entry.title) or outcomes or figures:
            found.append(Change(release.version, "changed", before, entry, outcomes, figures=figures))
    found += [
        Change(release.version, "retired", entry, None)
        for entry in previous.entries
        if entry.anchor not in new and entry.anchor not in moved_to
    ]
    return tuple(found)


def read_reasons(docs_root: Path, releases: tuple[Release, ...]) -> dict[tuple[str, str], str]:
    """The designers' one-line reasons, ``(version, anchor) -> reason``, checked against the releases."""
    path = docs_root / RELEASES / REASONS
    if not path.exists():
        return {}
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=safe_yaml_loader()) or {}
    versions = {release.version for release in releases}
    reasons = {}
    if not isinstance(data, dict):
        msg = f"{path}: must map each version to {{anchor: one-line reason}}"
        raise ReleaseError(msg)
    for version, given in data.items():
        if str(version) not in versions or not isinstance(given, dict):
            msg = f"{path}: {version!r} is not a recorded release mapped to {{anchor: reason}}"
            raise ReleaseError(msg)
        for anchor, reason in given.items():
            if "\n" in str(reason).strip():
                msg = f"{path}: the reason for {version} {anchor} must be one line"
                raise ReleaseError(msg)
            reasons[(str(version), str(anchor))] = str(reason).strip()
    return reasons


@dataclass(frozen=True)
class History:
    """Every release and what each changed, with the designers' reasons."""

    releases: tuple[Release, ...]
    changes: tuple[tuple[Release, tuple[Change, ...]], ...]

    @property
    def latest(self) -> Release | None:
        """The newest release, if any."""
        return self.releases[-1] if self.releases else None

    def marks(self) -> dict[str, Change]:
        """The rules and rulings the latest release added, changed or moved, by their anchor now."""
        if not self.changes:
            return {}
        return {
            change.after.anchor: change
            for change in self.changes[-1][1]
            if change.after is not None
        }

    def retired(self) -> dict[str, Change]:
        """Each anchor a release retired, by anchor: its latest retirement (it may come back later)."""
        found: dict[str, Change] = {}
        for release, listed in self.changes:
            for change in listed:
                if change.kind == "retired":
                    found[change.anchor] = change
            for entry in release.entries:
                found.pop(entry.anchor, None)
        return found


def history(docs_root: Path) -> History:
    """The history recorded under ``docs_root``: releases, their changes and reasons."""
    releases = read_releases(docs_root)
    moved = docs_root / "moved.yml"
    renamed = {move.anchor: move.new_anchor for move in read_moves(moved)} if moved.exists() else {}
    reasons = read_reasons(docs_root, releases)
    listed = []
    for previous, release in zip((None, *releases), releases, strict=False):
        found = changes(previous, release, renamed) if previous else ()
        known = {change.anchor for change in found}
        given = [anchor for version, anchor in reasons if version == release.version]
        unknown = [anchor for anchor in given if anchor not in known]
        if unknown:
            msg = (
                f"{docs_root / RELEASES / REASONS}: release {release.version} changed no rule "
                f"with anchor {', '.join(unknown)}"
            )
            raise ReleaseError(msg)
        found = tuple(_with_reason(change, reasons) for change in found)
        listed.append((release, found))
    return History(releases, tuple(listed))


def _with_reason(change: Change, reasons: dict[tuple[str, str], str]) -> Change:
    reason = reasons.get((change.version, change.anchor), "")
    return replace(change, reason=reason)
