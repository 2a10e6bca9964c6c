"""Links survive moves: every published anchor exists, or is recorded as moved to one that exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulesite.errata import retired_links
from rulesite.model import DOCS, load, page_url, published_anchors
from rulesite.moves import MovesError, read_moves

_STUBS = re.compile(r'<div class="moved-anchors"[^>]*>(.*?)</div>', re.DOTALL)
_TAG = re.compile(r"<a\s([^>]*)>")
_MARKER = re.compile(r"^<!--\s*moved-anchors:\s*(\S+)\s*-->", re.MULTILINE)


def _html(site: Path, url: str) -> str:
    html = site / url.lstrip("/") / "index.html"
    return html.read_text(encoding="utf-8") if html.exists() else ""


def _real_ids(html: str) -> set[str]:
    """Ids of the page itself, not the stubs it keeps for anchors that moved away."""
    return set(re.findall(r'\sid="([^"]+)"', _STUBS.sub("", html)))


def _stubs(html: str) -> dict[str, str]:
    """The stubs a page keeps for anchors that moved away: id -> link to the new place."""
    found = {}
    for box in _STUBS.findall(html):
        for attributes in _TAG.findall(box):
            values = dict(re.findall(r'(\w+)="([^"]*)"', attributes))
            found[values["id"]] = values["href"]
    return found


def _moves_by_link() -> dict[str, str]:
    return {
        f"{page_url(move.page)}#{move.anchor}": f"{page_url(move.new_page)}#{move.new_anchor}"
        for move in read_moves()
    }


def test_every_published_anchor_exists_or_moved_to_one_that_exists(site):
    moved = _moves_by_link()
    retired = retired_links(load())
    lost = []
    for link in published_anchors():
        url, anchor = link.split("#", 1)
        if anchor in _real_ids(_html(site, url)):
            continue
        if link in retired:  # retired by a release: lands on its entry on the "What changed" page
            entry_url, entry = retired[link].split("#", 1)
            if entry not in _real_ids(_html(site, entry_url)) or _stubs(_html(site, url)).get(anchor) is None:
                lost.append(f"{link}: retired, but its entry {retired[link]} or its stub is not on the site")
            continue
        if link not in moved:
            lost.append(f"{link}: not on the built site, not in docs/moved.yml, retired by no release")
            continue
        new_url, new_anchor = moved[link].split("#", 1)
        if new_anchor not in _real_ids(_html(site, new_url)):
            lost.append(f"{link}: recorded as moved to {moved[link]}, which is not on the built site")
    assert not lost, (
        "Published links that would break:\n  " + "\n  ".join(lost) + "\nWhen a rule moves to another "
        "page, record 'old.md#anchor: new.md#anchor' in docs/moved.yml (see docs/linking.md); when it is "
        "removed, record a release (scripts/release VERSION): its link lands on its last text."
    )


def test_every_recorded_move_starts_at_a_published_anchor_and_ends_at_one():
    published = set(published_anchors())
    for old, new in _moves_by_link().items():
        assert old in published, f"docs/moved.yml: {old} was never published: nothing to keep working"
        assert new in published, f"docs/moved.yml: {new} is not published: run scripts/anchors.py"


def test_the_old_page_keeps_a_stub_for_each_anchor_moved_from_it(site):
    for old, new in _moves_by_link().items():
        url, anchor = old.split("#", 1)
        stubs = _stubs(_html(site, url))
        assert anchor in stubs, (
            f"{old} moved to {new}, but {url} has no stub for it: add the line "
            f"'<!-- moved-anchors: PAGE.md -->' to the old page"
        )
        assert stubs[anchor].endswith(new.split("/")[-2] + "/#" + new.split("#")[1]), (old, stubs[anchor])


def test_a_moved_anchors_marker_names_a_page_with_recorded_moves():
    pages = {move.page for move in read_moves()}
    for page in sorted(DOCS.glob("*.md")):
        for named in _MARKER.findall(page.read_text(encoding="utf-8")):
            assert named in pages, f"{page.name}: <!-- moved-anchors: {named} --> but no move from {named}"
            assert named == page.name, f"{page.name}: its marker names another page, {named}"


def test_a_malformed_record_is_refused_with_the_entry_named(tmp_path):
    record = tmp_path / "moved.yml"
    record.write_text("anchors:\n  conditions.md#dazed: conditions-list\n", encoding="utf-8")
    with pytest.raises(MovesError, match=r"'conditions-list' is not a 'page\.md#anchor' link"):
        read_moves(record)
